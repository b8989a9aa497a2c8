"""`python main.py analyze --rules garanguet` (game/computer/garanguet_analysis.py), called in
process: its JSON contract, the same shape as Tourne Case's, and its figures in a small race
checked against the slow exact method of tests/test_garanguet_race.py (the rules engine's own
turns, no table)."""
import json
import pytest

import tests.test_analysis
from game.computer import garanguet_player as gp
from game.rules import GARANGUET, Position
from tests.test_analysis import _system_speaks_english  # noqa: F401  (an autouse fixture)
from tests.test_garanguet_race import slow_win

KEYS = {"position", "to_move", "win_probability", "win2_probability", "lose2_probability",
        "equity", "exact"}
START = "1*15/1*15/W"
RACE = "20,22,24,off*12/19,21*2,23,off*11/B"        # 3 and 4 checkers left: in the table


def run(capsys, *argv):
    return tests.test_analysis.run(capsys, "--rules", "garanguet", *argv)


def as_json(capsys, *argv):
    return tests.test_analysis.as_json(capsys, "--rules", "garanguet", *argv)


def test_without_dice(capsys):
    result = as_json(capsys, "--position", START)
    assert set(result) == KEYS
    assert result["position"] == START and result["to_move"] == "W" and not result["exact"]
    assert 0.5 < result["win_probability"] < 0.7        # throwing first is an edge
    w, w2, l2 = (result[k] for k in ("win_probability", "win2_probability", "lose2_probability"))
    assert result["equity"] == pytest.approx(2 * w - 1 + w2 - l2)


def test_every_play_best_first_with_the_position_it_leaves(capsys):
    result = as_json(capsys, "--position", START, "--dice", "6", "4", "1")
    moves = result["moves"]
    position = Position.parse(START)
    legal = {str(m): m for m in GARANGUET.legal_moves(position, (6, 4, 1))}
    assert sorted(m["move"] for m in moves) == sorted(legal)
    equities = [m["equity"] for m in moves]
    assert equities == sorted(equities, reverse=True)
    for m in moves:
        assert set(m) == KEYS - {"position", "to_move"} | {"move", "position_after"}
        after = GARANGUET.apply(position, legal[m["move"]], (6, 4, 1))
        assert m["position_after"] == str(after) and after.to_move.value == "B"
        assert 0 <= m["win2_probability"] <= m["win_probability"] <= 1


def test_a_small_race_is_exact(capsys):
    """Each play's chance is the opponent's chance, to move after it, by the slow exact method."""
    result = as_json(capsys, "--position", RACE, "--dice", "3", "3", "1")
    assert result["exact"]
    assert result["win_probability"] == pytest.approx(slow_win(Position.parse(RACE)), abs=1e-5)
    for m in result["moves"]:
        after = Position.parse(m["position_after"])
        assert m["exact"]
        assert m["win_probability"] == pytest.approx(1 - slow_win(after), abs=1e-5)
        assert m["win2_probability"] == m["lose2_probability"] == 0.0


def test_a_winning_play_is_certain(capsys):
    result = as_json(capsys, "--position", "23,24,off*13/19*5,off*10/W", "--dice", "2", "1", "5")
    best = result["moves"][0]
    assert best["exact"] and best["win_probability"] == 1.0 and best["win2_probability"] == 0.0
    assert best["position_after"].startswith("off*15/")


def test_match_chance_follows_from_the_game_chances(capsys):
    """White needs 3 points, Black 2: the match chance after each play, by the match table."""
    result = as_json(capsys, "--position", START, "--dice", "5", "3", "2", "--match", "5",
                     "--score", "2-3")
    met = gp.match_equity_table()
    for m in [result] + result["moves"]:
        w, w2, l2 = (m[k] for k in ("win_probability", "win2_probability", "lose2_probability"))
        expected = ((w - w2) * met[2, 2] + w2 * met[1, 2] + (1 - w - l2) * met[3, 1]
                    + l2 * 0.0)
        assert m["match_win_probability"] == pytest.approx(expected, abs=1e-12)
    chances = [m["match_win_probability"] for m in result["moves"]]
    assert chances == sorted(chances, reverse=True)


def test_a_turn_that_passes_has_no_moves(capsys):
    # White's checkers all on its point 1, Black holding White's points 2..7 (a six-point block,
    # G-8): no number can be played
    position = "1*15/18,19,20,21,22,23,off*9/W"
    result = as_json(capsys, "--position", position, "--dice", "1", "2", "3")
    assert result["moves"] == []


def test_readable_table_in_both_languages(capsys, monkeypatch):
    status, out, _ = run(capsys, "--position", START, "--dice", "6", "4", "1")
    assert status == 0 and "1-7" in out and "2-point win" in out and "equity" in out
    assert not out.lstrip().startswith("{")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    status, out, _ = run(capsys, "--position", RACE, "--dice", "3", "3", "1")
    assert status == 0 and "aux Noirs de jouer" in out and "gain de 2 points" in out


@pytest.mark.parametrize("argv", [
    ["--position", "1*15/1*15/X"],
    ["--position", "0,0,0/0,0,0/W"],
    ["--position", START, "--dice", "1", "2"],
    ["--position", START, "--dice", "1", "2", "7"],
    ["--position", "off*15/1*15/B"],
    ["--position", START, "--score", "1-0"],
    ["--position", START, "--match", "40"],
    ["--position", START, "--match", "3", "--score", "3-0"],
])
def test_bad_input_is_one_line_and_status_2(capsys, argv):
    status, out, err = run(capsys, *argv, "--json")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("analyze: ")


@pytest.mark.parametrize("named", [["--rul", "garanguet"], ["--rules=garanguet"], ["--ru=garanguet"]])
def test_the_rules_are_found_however_argparse_would_read_them(capsys, named):
    """Garanguet's options are chosen by a plain scan of --rules (argparse is quadratic in a long
    command line): its abbreviations and the = form still choose them."""
    status, out, err = tests.test_analysis.run(capsys, *named, "--position", START, "--json")
    assert status == 0, err
    assert json.loads(out)["position"] == START
