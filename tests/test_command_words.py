"""Issue 32, items 1-5: every command explained in both languages. --help shows the headless
options (--watch too, issue 30); `analyze --help` describes both games and refuses a wrong
number of dice in the rule set's words; its table's columns are as wide as their words, say
which figures come before the throw, show the best few moves alike in both games (--all for
every one) and the exact legend only when a figure is exact; French writes ’, never '."""
import json
import re
import sys
from pathlib import Path

import pytest

import tests.test_analysis
from game.commands import analyze, cli
from tests.test_analysis import _system_speaks_english  # noqa: F401  (an autouse fixture)
from tests.test_cli import FRENCH, fake_module, run_main

HEADLESS = ("--autoplay", "--quit-after", "--online", "--room", "--watch")
START = "1*15/1*15/W"
RACE = "19*5,20*5,21*5/19*5,20*5,21*5/W"      # 9 moves of 6 2 1, none exact
SMALL_RACE = "20,22,24,off*12/19,21*2,23,off*11/B"      # in the exact race table


def load_catalogues():
    tools = str(Path(__file__).resolve().parent.parent / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import catalogues
    return catalogues


def analysis(capsys, *argv):
    return tests.test_analysis.run(capsys, *argv)


# -- 1. --help and --watch ------------------------------------------------------------------

@pytest.mark.parametrize("lang, heading", [("C", "the computer alone"),
                                           (FRENCH, "l\u2019ordinateur seul")])
def test_help_shows_the_headless_options_in_both_languages(lang, heading):
    result = run_main("--help", lang=lang)
    assert result.returncode == 0 and result.stderr == ""
    assert heading in result.stdout
    for option in HEADLESS:
        described = re.search(rf"^  {option}\b.*\S", result.stdout, re.MULTILINE)
        assert described, (option, result.stdout)
    if lang == FRENCH:
        assert "regarder la salle de ce code" in result.stdout
        assert "watch the room" not in result.stdout


def test_watch_takes_a_room_code_and_goes_with_online_and_autoplay():
    args = cli.parse_args(["--autoplay", "--online", "ws://127.0.0.1:8690", "--watch", "acd-ef9"])
    assert args.watch == "ACDEF9" and args.room is None
    for bad in (["--autoplay", "--online", "ws://127.0.0.1:8690", "--watch", "ACD-EF9",
                 "--room", "new"],                                  # a watcher takes no seat
                ["--autoplay", "--watch", "ACD-EF9"],               # no relay
                ["--online", "ws://127.0.0.1:8690", "--watch", "ACD-EF9"],     # not headless
                ["--autoplay", "--online", "ws://127.0.0.1:8690", "--watch", "not a code"]):
        with pytest.raises(SystemExit) as done:
            cli.parse_args(bad)
        assert done.value.code == 2, bad


def test_a_bad_watch_code_is_one_line():
    result = run_main("--autoplay", "--online", "ws://127.0.0.1:8690", "--watch", "zz")
    assert result.returncode == 2 and result.stdout == ""
    assert "'zz' is not a room code" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_watch_goes_to_the_watcher(monkeypatch, tmp_path):
    calls = []

    def watch(data_dir, url, code, **options):
        calls.append((data_dir, url, code, options))
        return 3

    fake_module(monkeypatch, "game.commands.autoplay", watch=watch,
                run=lambda *a, **k: pytest.fail("a watcher plays no match"))
    status = cli.main(["--data-dir", str(tmp_path), "--autoplay", "--online",
                       "ws://127.0.0.1:8690", "--watch", "acdef9", "--quit-after", "5"])
    assert status == 3
    assert calls == [(str(tmp_path), "ws://127.0.0.1:8690", "ACDEF9",
                      {"quit_after": 5.0, "name": None})]


# -- 2. analyze --help and the number of dice --------------------------------------------------

@pytest.mark.parametrize("lang, words, helps", [
    ("C", ("Tourne Case", "Garanguet", "two dice", "three"),
     {"--rules": "the rule set", "--dice": "the throw, each die", "--all": "list every move"}),
    (FRENCH, ("Tourne Case", "Garanguet", "deux dés", "trois"),
     {"--rules": "les règles", "--dice": "le coup de dés, chaque dé", "--all": "donner tous"})])
def test_analyze_help_describes_both_games(lang, words, helps):
    result = run_main("analyze", "--help", lang=lang)
    assert result.returncode == 0
    for word in words:
        assert word in result.stdout
    assert "--dice A B [C]" in result.stdout and '"1*15/1*15/W"' in result.stdout
    for option, help in helps.items():         # each with its help, in the language asked
        assert re.search(rf"^  {option}\b[^\n]*(\n {{20,}}[^\n]*)*" + re.escape(help),
                         result.stdout, re.MULTILINE), (option, result.stdout)


@pytest.mark.parametrize("rules, position, dice, says", [
    ("garanguet", START, ["6", "5"], "Garanguet throws three dice (--dice A B C), not 2"),
    ("garanguet", START, ["6", "5", "4", "3"], "Garanguet throws three dice"),
    ("charpentier", "0,0,0/0,0,0/W", ["6", "5", "4"], "Tourne Case throws two dice (--dice A B), "
                                                      "not 3"),
    ("bell", "0,0,0/0,0,0/W", ["6"], "Tourne Case throws two dice"),
])
def test_a_wrong_number_of_dice_is_refused_in_the_rule_sets_words(capsys, rules, position, dice,
                                                                   says):
    status, out, err = analysis(capsys, "--rules", rules, "--position", position, "--dice", *dice)
    assert status == 2 and out == ""
    assert says in err and "expected" not in err
    assert len(err.strip().splitlines()) == 1


# -- 3. the columns ------------------------------------------------------------------------------

def columns_fit(table: str) -> None:
    """Every figure's column ends where its head ends, and two heads never touch."""
    lines = table.splitlines()
    head = lines[1]
    figures = [line for line in lines[2:] if re.search(r"\d\.\d{6}$", line)]
    ends = [m.end() for m in re.finditer(r"-?\d\.\d{6}", figures[0])]
    assert len(figures) >= 2
    for line in figures:
        assert [m.end() for m in re.finditer(r"-?\d\.\d{6}", line)] == ends, (line, table)
    words = [w for w in re.split(r" {2,}", head.strip()) if w]
    assert len(words) == 2 + len(ends), head            # move, position after, the figures
    for word, end in zip(words[2:], ends):
        assert head[:end].endswith(word), (word, head)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_table_columns_are_as_wide_as_their_words(capsys, language):
    status, out, err = analysis(capsys, "--rules", "garanguet", "--position", START, "--dice",
                                "6", "5", "4", "--language", language)
    assert status == 0, err
    assert "gaingain" not in out
    columns_fit(out)
    status, out, err = analysis(capsys, "--rules", "bell", "--position", "0,0,0/0,0,0/W",
                                "--dice", "6", "5", "--match", "5", "--score", "1-2",
                                "--language", language)
    assert status == 0, err
    columns_fit(out)


# -- 4. which figure is which, the legend, the position after, the best few ---------------------

def test_the_figures_before_the_throw_are_named(capsys):
    status, out, _ = analysis(capsys, "--rules", "garanguet", "--position", START, "--dice",
                              "6", "5", "4")
    lines = out.splitlines()
    before = next(line for line in lines if "before the throw" in line)
    status, answer, _ = analysis(capsys, "--rules", "garanguet", "--position", START, "--dice",
                                 "6", "5", "4", "--json")
    assert f"{json.loads(answer)['win_probability']:.6f}" in before      # the JSON's own figure
    assert lines.index(before) < next(i for i, line in enumerate(lines) if "1-6 1-7 7-11" in line)
    status, out, _ = analysis(capsys, "--rules", "charpentier", "--position", "0,0,0/0,0,0/W")
    assert status == 0 and "before the throw" in out


def test_the_exact_legend_only_when_a_figure_is_exact(capsys):
    for position, dice, exact in ((START, ["6", "5", "4"], False),
                                  (SMALL_RACE, ["3", "3", "1"], True)):
        status, out, _ = analysis(capsys, "--rules", "garanguet", "--position", position,
                                  "--dice", *dice)
        assert status == 0
        assert ("= exact" in out) is exact, out
        assert any(line.startswith("= ") for line in out.splitlines()[1:-1]) is exact
    status, out, _ = analysis(capsys, "--rules", "charpentier", "--position", "0,0,0/0,0,0/W",
                              "--dice", "6", "5")
    assert "= exact" not in out


def test_garanguets_table_has_the_position_after_each_move(capsys):
    moves = tests.test_analysis.as_json(capsys, "--rules", "garanguet", "--position", START,
                                        "--dice", "6", "5", "4")["moves"]
    status, out, _ = analysis(capsys, "--rules", "garanguet", "--position", START, "--dice",
                              "6", "5", "4")
    assert "position after" in out.splitlines()[1]
    for move in moves:
        assert re.search(re.escape(move["move"]) + r" +" + re.escape(move["position_after"]), out)


def test_the_best_few_moves_in_both_games_and_all_with_all(capsys):
    moves = tests.test_analysis.as_json(capsys, "--rules", "garanguet", "--position", RACE,
                                        "--dice", "6", "2", "1")["moves"]
    assert len(moves) > analyze.BEST_FEW
    status, out, _ = analysis(capsys, "--rules", "garanguet", "--position", RACE, "--dice",
                              "6", "2", "1")
    listed = [m["move"] for m in moves if m["move"] + " " in out]
    assert listed == [m["move"] for m in moves[:analyze.BEST_FEW]]
    assert f"{len(moves) - analyze.BEST_FEW} more moves: --all lists them" in out
    status, out, _ = analysis(capsys, "--rules", "garanguet", "--position", RACE, "--dice",
                              "6", "2", "1", "--all")
    assert all(m["move"] + " " in out for m in moves) and "--all" not in out
    # --json keeps every move, as the contract has it
    assert len(tests.test_analysis.as_json(capsys, "--rules", "garanguet", "--position", RACE,
                                           "--dice", "6", "2", "1", "--all")["moves"]) == len(moves)
    # Tourne Case's table is laid out by the same rule
    tourne_case = {"position": "0,0,0/0,0,0/W", "to_move": "W", "win_probability": 0.5,
                   "moves": [{"move": f"0-{n}", "position_after": f"0,0,{n}/0,0,0/B",
                              "win_probability": 0.5 - n / 100} for n in range(1, 9)]}
    table = analyze.table(tourne_case)
    assert "0-5 " in table and "0-6 " not in table and "3 more moves: --all lists them" in table
    assert "0-8 " in analyze.table(tourne_case, everything=True)


# -- 5. one apostrophe in French -----------------------------------------------------------------

def test_the_catalogue_check_refuses_a_straight_apostrophe_in_french():
    catalogues = load_catalogues()
    template = catalogues.Catalog(domain=catalogues.DOMAIN)
    template.add("an estimate of at most 6")
    template.add("'b' or 'off'")
    french = catalogues.build("fr", template, {"an estimate of at most 6": "une estimation d'au plus 6",
                                               "'b' or 'off'": "'b' ou 'off'"})
    found = catalogues.straight_apostrophes("fr", french)
    assert len(found) == 1 and "an estimate of at most 6" in found[0]     # notation quotes pass
    english = catalogues.build("en", template, {})
    assert catalogues.straight_apostrophes("en", english) == []


def test_the_french_catalogue_writes_the_curly_apostrophe():
    """The French catalogue as tools/catalogues.py makes it: its translations, the parts'
    over them."""
    catalogues = load_catalogues()
    french, parts = catalogues.read(catalogues.po_path("fr"), "fr"), catalogues.waiting_parts()
    for message in french:
        message.string = parts.get("fr", {}).get(message.id, message.string)
    assert catalogues.straight_apostrophes("fr", french) == []
