"""The analysis command's contract (`python main.py analyze ...`), called in process."""
import json

import pytest

from game.commands import analyze as analysis
from game.computer import tables
from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, Position


@pytest.fixture(autouse=True)
def _system_speaks_english(monkeypatch):
    """The commands speak the system's language: these tests read their English, whatever the
    machine's (a test that wants French sets it)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")      # empty is unset; set, so that the test's end restores it
    monkeypatch.setenv("LANG", "C.UTF-8")


def run(capsys, *argv):
    status = analysis.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def as_json(capsys, *argv):
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def test_without_dice(capsys):
    result = as_json(capsys, "--rules", "charpentier", "--position", "0,0,0/0,0,0/W")
    assert set(result) == {"position", "to_move", "win_probability"}
    assert result["position"] == "0,0,0/0,0,0/W" and result["to_move"] == "W"
    assert 0.5 < result["win_probability"] < 0.55     # moving first is an edge


def test_with_dice_lists_every_move_best_first(capsys):
    position = "0,3,5/0,2,4/W"
    result = as_json(capsys, "--rules", "charpentier", "--position", position, "--dice", "2", "3")
    moves = result["moves"]
    legal = CHARPENTIER.legal_moves(Position.parse(position), (2, 3))
    assert sorted(m["move"] for m in moves) == sorted(map(str, legal))
    probabilities = [m["win_probability"] for m in moves]
    assert probabilities == sorted(probabilities, reverse=True)
    for m in moves:
        assert set(m) == {"move", "position_after", "win_probability"}
        after = CHARPENTIER.apply(Position.parse(position), next(x for x in legal if str(x) == m["move"]), (2, 3))
        assert m["position_after"] == str(after) and after.to_move.value == "B"
    # The best move is worth what the position is worth after this throw.
    assert moves[0]["win_probability"] <= 1


def test_a_turn_that_passes_has_no_moves(capsys):
    result = as_json(capsys, "--rules", "charpentier", "--position", "11,12,12/0,0,0/W",
                     "--dice", "3", "4")
    assert result["moves"] == []


def test_winning_move_is_certain(capsys):
    result = as_json(capsys, "--rules", "charpentier", "--position", "11,12,12/0,0,0/W",
                     "--dice", "1", "4")
    assert result["moves"][0] == {"move": "11-12", "position_after": "12,12,12/0,0,0/B",
                                  "win_probability": 1.0}


def test_reentry_option_picks_the_preset(capsys):
    plain = as_json(capsys, "--rules", "charpentier", "--position", "0,3,5/0,2,4/B")
    compulsory = as_json(capsys, "--rules", "charpentier", "--reentry", "compulsory",
                         "--position", "0,3,5/0,2,4/B")
    assert plain["win_probability"] != compulsory["win_probability"]
    bar = as_json(capsys, "--rules", "charpentier", "--reentry", "compulsory",
                  "--position", "b,3,5/0,2,4/W", "--dice", "1", "6")
    assert [m["move"] for m in bar["moves"]] == ["b-1"]
    assert CHARPENTIER_REENTRY.legal_moves(Position.parse("b,3,5/0,2,4/W"), (1, 6))


@pytest.mark.parametrize("rules", ["bell", "garanguet"])
def test_compulsory_reentry_is_refused_where_the_rules_have_none(capsys, rules):
    """Issue 38, item 3: Bell has no compulsory re-entry (its hit checker waits on the bar), nor
    has Garanguet: the option is refused, not silently ignored."""
    position = "0,0,0/0,0,0/W" if rules == "bell" else "1*15/1*15/W"
    status, out, err = run(capsys, "--rules", rules, "--reentry", "compulsory", "--position",
                           position)
    assert status == 2 and out == ""
    assert err.startswith("analyze: --reentry: ") and len(err.strip().splitlines()) == 1
    status, out, err = run(capsys, "--rules", "charpentier-reentry", "--reentry", "compulsory",
                           "--position", "0,3,5/0,2,4/B")
    assert status == 0 and err == ""


def test_help_explains_the_figures_and_the_positions(capsys):
    """Issue 38, item 17: for someone who has never played, --help says what equity and the
    match column are, whose chance "win" is, how a position is written, and what TR-1 is."""
    with pytest.raises(SystemExit) as done:
        analysis.main(["--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ('"equity" (Bell, Garanguet) the points it can expect',
                  '"match" (with --match and --score) its chance to win the match',
                  "Every figure is the chance of the side to move",
                  "0 for a checker not entered yet", '"1*15/1*15/W" is the start',
                  "TR-1 is Charpentier's compulsory re-entry"):
        assert words in text, words


def test_bell_has_equity_and_ranks_by_it(capsys):
    result = as_json(capsys, "--rules", "bell", "--position", "0,0,0/0,0,0/B", "--dice", "5", "3")
    assert set(result) == {"position", "to_move", "win_probability", "equity", "moves"}
    equities = [m["equity"] for m in result["moves"]]
    assert equities == sorted(equities, reverse=True)
    assert len(result["moves"]) == len(BELL.legal_moves(Position.parse("0,0,0/0,0,0/B"), (5, 3)))
    assert all(set(m) == {"move", "position_after", "win_probability", "equity"}
               for m in result["moves"])


def test_charpentier_match(capsys):
    result = as_json(capsys, "--rules", "charpentier", "--position", "0,0,0/0,0,0/W",
                     "--match", "3", "--score", "2-0", "--dice", "1", "2")
    # White needs 1 point, Black 3: win this game and the match is won; lose it and White
    # needs 1 against 2 before the next game's priority throw.
    p = result["win_probability"]
    after_a_loss = tables.tables("charpentier").match_equity[1, 2]
    assert result["match_win_probability"] == pytest.approx(p + (1 - p) * after_a_loss, abs=1e-12)
    assert all("match_win_probability" in m for m in result["moves"])


def test_readable_table(capsys):
    status, out, _ = run(capsys, "--rules", "charpentier", "--position", "0,3,5/0,2,4/W",
                         "--dice", "2", "3")
    assert status == 0
    assert "0-2*" in out and "5-7" in out and "win" in out
    assert not out.lstrip().startswith("{")


@pytest.mark.parametrize("argv", [
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/X"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0/W"],
    ["--rules", "charpentier", "--position", "0,3,3/0,0,0/W"],
    ["--rules", "charpentier", "--position", "b,0,0/0,0,0/W"],
    ["--rules", "charpentier", "--position", "12,12,12/0,0,0/B"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/W", "--dice", "0", "3"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/W", "--dice", "3"],
    ["--rules", "garanguet", "--position", "0,0,0/0,0,0/W"],
    ["--rules", "charpentier", "--reentry", "sometimes", "--position", "0,0,0/0,0,0/W"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/W", "--score", "1-0"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/W", "--match", "3", "--score", "3-0"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/W", "--match", "3", "--score", "x"],
    ["--rules", "charpentier", "--position", "0,0,0/0,0,0/W", "--match", "40"],
    ["--position", "0,0,0/0,0,0/W"],
])
def test_bad_input_is_one_line_and_status_2(capsys, argv):
    status, out, err = run(capsys, *argv, "--json")
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("analyze: ")


@pytest.mark.slow
def test_bell_match(capsys):
    result = as_json(capsys, "--rules", "bell", "--position", "0,0,0/0,0,0/W", "--dice", "6", "1",
                     "--match", "2", "--score", "0-1")
    assert set(result) == {"position", "to_move", "win_probability", "equity",
                           "match_win_probability", "moves"}
    chances = [m["match_win_probability"] for m in result["moves"]]
    assert chances == sorted(chances, reverse=True)
    assert all(set(m) == {"move", "position_after", "win_probability", "equity",
                          "match_win_probability"} for m in result["moves"])
    # Black needs 1: White must win a 2-point game now, or win twice.
    assert 0 < result["match_win_probability"] < result["win_probability"]


@pytest.mark.parametrize("args", [
    ["--rules", "charpentier", "--position", "0,0,\u00b2/0,0,0/B"],
    ["--rules", "charpentier", "--position", "0,0,\u0663/0,0,0/B"],
    ["--rules", "charpentier", "--position", "0,0,\uff13/0,0,0/B"],
    ["--rules", "charpentier", "--position", "0,0," + "9" * 5000 + "/0,0,0/B"],
    ["--rules", "charpentier", "--position", "0,0,3/0,0,0/B", "--match", "5", "--score", "\u00b2-1"],
    ["--rules", "charpentier", "--position", "0,0,3/0,0,0/B", "--match", "5", "--score", "9" * 5000 + "-1"],
    ["--rules", "charpentier", "--position", "0,0,3/0,0,0/B", "--match", "\u0663"],
    ["--rules", "charpentier", "--position", "0,0,3/0,0,0/B", "--dice", "\uff13", "1"],
])
def test_the_notation_is_ascii_and_a_bad_number_is_one_line(capsys, args):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_a_flag_repeated_100000_times_is_read_once(capsys):
    result = as_json(capsys, "--rules", "charpentier", "--position", "0,0,3/0,0,0/B",
                     *["--json"] * 100_000)
    assert result["position"] == "0,0,3/0,0,0/B"
