"""The command line: --help, one line and exit status 2 for every bad argument, and the options
passed on to the game (and `analyze` to the analysis command) unchanged."""
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game.commands import cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _system_speaks_english(monkeypatch):
    """The commands speak the system's language: these tests read their English, whatever the
    machine's (a test that wants French sets it)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")      # empty is unset; set, so that the test's end restores it
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _players_folder_elsewhere(monkeypatch, tmp_path):
    """A start without --data-dir locks the player's data folder: here, a folder of the test's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def locale_env(lang: str) -> dict:
    """The environment with the system's language set by LANG alone."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = lang
    return env


def run_main(*args, python_flags=(), lang="C.UTF-8"):
    return subprocess.run([sys.executable, *python_flags, str(ROOT / "main.py"), *args],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env=locale_env(lang))


def test_help_lists_the_options():
    result = run_main("--help")
    assert result.returncode == 0
    for option in ("--seed", "--windowed", "--fullscreen", "--rules", "--data-dir", "analyze",
                   "--autoplay", "--quit-after", "--online", "--room", "--watch"):
        assert option in result.stdout
    assert result.stderr == ""


def test_help_needs_none_of_the_games_packages():
    """-S hides site-packages: a bare Python answers --help without setting anything up."""
    result = run_main("--help", python_flags=("-S",))
    assert result.returncode == 0, result.stderr
    assert "--seed" in result.stdout


@pytest.mark.parametrize("args, says", [
    (["--seed", "abc"], "'abc' is not a whole number"),
    (["--seed", "-3"], "is negative"),
    (["--seed"], "expected one argument"),
    (["--rules", "chess"], "invalid choice: 'chess'"),
    (["--windowed", "--fullscreen"], "not allowed with argument --windowed"),
    (["--data-dir", str(ROOT / "main.py")], "is a file, not a folder"),
    (["--quit-after", "-1"], "not a positive number of seconds"),
    (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["extra"], "unrecognized arguments: extra"),
])
def test_a_bad_argument_gives_one_line_and_status_2(args, says):
    result = run_main(*args)
    assert result.returncode == 2
    assert says in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def fake_module(monkeypatch, name, **attributes):
    """Stand in for a module, also where an earlier test imported the real one: `from game
    import app` reads the package's attribute before sys.modules."""
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    monkeypatch.setitem(sys.modules, name, module)
    package, _, child = name.rpartition(".")
    if package in sys.modules:
        monkeypatch.setattr(sys.modules[package], child, module, raising=False)
    return module


def test_options_reach_the_game(monkeypatch, tmp_path):
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    status = cli.main(["--seed", "42", "--fullscreen", "--rules", "bell",
                       "--data-dir", str(tmp_path / "new"), "--autoplay"])
    assert status == 0
    assert calls == [dict(seed=42, fullscreen=True, rules="bell",
                          data_dir=str(tmp_path / "new"), autoplay=True, quit_after=None)]


def test_no_options_leave_every_choice_to_the_game(monkeypatch):
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 3)
    assert cli.main([]) == 3          # the game's exit status is passed on
    assert calls == [dict(seed=None, fullscreen=None, rules=None, data_dir=None, autoplay=False,
                          quit_after=None)]
    cli.main(["--windowed", "--quit-after", "2.5"])
    assert calls[-1]["fullscreen"] is False
    assert calls[-1]["quit_after"] == 2.5


def test_analyze_is_handed_its_own_arguments(monkeypatch):
    calls = []
    analysis = types.SimpleNamespace(main=lambda argv: calls.append(argv) or 0)
    fake_module(monkeypatch, "game.commands.analyze", main=analysis.main)
    assert cli.main(["analyze", "--seed", "not-ours", "0,0,3/0,0,0/B"]) == 0
    assert calls == [["--seed", "not-ours", "0,0,3/0,0,0/B"]]


@pytest.mark.parametrize("args, says", [
    (["--seed", "\u0663"], "is not a whole number"),          # Arabic-Indic three
    (["--seed", "\uff13"], "is not a whole number"),          # fullwidth three
    (["--seed", "9" * 5000], "is not a whole number"),
    (["--quit-after", "\u0663"], "not a positive number of seconds"),
    (["--quit-after", "nan"], "not a positive number of seconds"),
    (["--autoplay"] * 10 + ["--seed"] * 300, "arguments are more than any command takes"),
])
def test_numbers_are_ascii_and_arguments_few(args, says):
    with pytest.raises(SystemExit) as done:
        cli.parse_args(args)
    assert done.value.code == 2


def test_a_flag_repeated_100000_times_is_read_once():
    """argparse's search for the next option is quadratic in their count: repeats of a flag
    without a value mean nothing more, and are dropped first (tests/bench_arguments.py)."""
    args = cli.parse_args(["--autoplay"] * 100_000 + ["--seed", "3"] + ["--windowed"] * 100_000)
    assert args.autoplay and args.seed == 3 and args.fullscreen is False
    assert cli.parse_args(["engine"]).command == "engine"
    assert cli.parse_args(["analyze", "--json"]).command == "analyze"


def test_engine_words_are_checked_before_any_set_up():
    result = run_main("engine", "--level", "x")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


# -- the language: the system's, or --language ----------------------------------------------

FRENCH = "fr_FR.UTF-8"


def test_help_follows_the_system_language():
    english = run_main("--help", lang="C")
    french = run_main("--help", lang=FRENCH)
    assert english.returncode == french.returncode == 0
    assert "usage: " in english.stdout and "play in a window" in english.stdout
    assert "utilisation\u00a0: " in french.stdout
    assert "jouer dans une fenêtre" in french.stdout and "afficher cette aide" in french.stdout
    assert "play in a window" not in french.stdout
    for option in ("--seed", "--windowed", "--fullscreen", "--rules", "--data-dir", "--language"):
        assert option in french.stdout


@pytest.mark.parametrize("args, english, french", [
    (["--seed", "abc"], "'abc' is not a whole number", "'abc' n’est pas un nombre entier"),
    (["--seed", "-3"], "is negative; give 0 or more", "est négatif\u202f; donnez 0 ou plus"),
    (["--seed"], "expected one argument", "un argument attendu"),
    (["--rules", "chess"], "invalid choice: 'chess'", "choix non valide\u00a0: 'chess'"),
    (["--windowed", "--fullscreen"], "not allowed with argument --windowed",
     "incompatible avec l’argument --windowed"),
    (["--data-dir", str(ROOT / "main.py")], "is a file, not a folder",
     "est un fichier, pas un dossier"),
    (["--frobnicate"], "unrecognized arguments: --frobnicate",
     "arguments non reconnus\u00a0: --frobnicate"),
    (["--autoplay"] * 10 + ["--seed"] * 300, "310 arguments are more than any command takes",
     "310 arguments, c’est plus qu’aucune commande n’en prend"),
])
def test_a_bad_argument_is_told_in_the_system_language(args, english, french):
    for lang, says, other in (("C", english, french), ("en_GB.UTF-8", english, french),
                              (FRENCH, french, english)):
        result = run_main(*args, lang=lang)
        assert result.returncode == 2 and result.stdout == "", (lang, result.stderr)
        assert says in result.stderr and other not in result.stderr, (lang, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
        assert "--help" in result.stderr


def test_language_option_overrides_the_system_language():
    result = run_main("--language", "fr", "--seed", "x", lang="C")
    assert result.returncode == 2 and "n’est pas un nombre entier (voir --help)" in result.stderr
    result = run_main("--language=en", "--seed", "x", lang=FRENCH)
    assert result.returncode == 2 and "is not a whole number (see --help)" in result.stderr
    result = run_main("--language", "de", lang=FRENCH)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "choix non valide\u00a0: 'de'" in result.stderr and "'en', 'fr'" in result.stderr


def test_language_option_is_left_for_the_game(monkeypatch):
    """The game follows --language until one is chosen in its settings: the system's language
    it reads (game/base/i18n.py) is the one named."""
    from game.base import i18n
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LANGUAGE", "")      # restored at the end, after --language sets it
    assert cli.main(["--language", "fr"]) == 0
    assert os.environ["LANGUAGE"] == "fr" and i18n.system_language() == "fr"
    assert i18n.language() == "fr"
    assert "language" not in calls[0]          # the game reads it from the system's language


def test_engine_help_is_for_people_and_its_answers_stay_english():
    help_fr = run_main("engine", "--help", lang=FRENCH)
    assert help_fr.returncode == 0 and "Lit une requête JSON par ligne" in help_fr.stdout
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "engine"], cwd=ROOT,
                            input='{"id": 1, "rules": "chess", "position": "0,0,0/0,0,0/W", '
                                  '"dice": [1, 2]}\n{"id": 2, "rules": "charpentier", '
                                  '"position": "0,0,0/0,0,0/W", "dice": [1, 2], "move": 1}\n',
                            capture_output=True, text=True, timeout=60, env=locale_env(FRENCH))
    replies = result.stdout.splitlines()
    assert result.returncode == 0 and len(replies) == 2
    assert "unknown rules" in replies[0] and "unknown field" in replies[1]


def test_analysis_speaks_the_system_language_and_its_json_stays_english():
    args = ("analyze", "--rules", "bell", "--position", "0,0,0/0,0,0/B", "--dice", "5", "3")
    french = run_main(*args, lang=FRENCH)
    assert french.returncode == 0
    assert "0,0,0/0,0,0/B\u00a0: aux Noirs de jouer" in french.stdout
    assert "espérance" in french.stdout and "0-5 5-8" in french.stdout
    english = run_main(*args, lang="C")
    assert "0,0,0/0,0,0/B: Black to move" in english.stdout and "equity" in english.stdout
    json_fr = run_main(*args, "--json", lang=FRENCH)
    assert '"win_probability"' in json_fr.stdout and '"equity"' in json_fr.stdout
    bad = run_main("analyze", "--rules", "bell", "--position", "0,0,0/0,0,0/B", "--score", "1-1",
                   lang=FRENCH)
    assert bad.returncode == 2 and bad.stderr.strip() == "analyze\u00a0: --score demande --match"


@pytest.mark.parametrize("order", [
    ["--language", "fr", "analyze"], ["--language=fr", "analyze"], ["analyze", "--language", "fr"],
    ["analyze", "--rules", "bell", "--language=fr"]])
def test_analysis_takes_the_language_before_or_after_its_name(order):
    args = [*order, "--rules", "bell", "--position", "0,0,0/0,0,0/B", "--dice", "5", "3"]
    result = run_main(*args, lang="C")
    assert result.returncode == 0, result.stderr
    assert "0,0,0/0,0,0/B\u00a0: aux Noirs de jouer" in result.stdout


def test_analysis_takes_the_language_over_the_systems_and_says_a_bad_argument_in_it():
    """(Once: these starts are the same whatever the order above.)"""
    english = run_main("analyze", "--language", "en", "--rules", "bell", "--position",
                       "0,0,0/0,0,0/B", lang=FRENCH)
    assert english.returncode == 0 and "Black to move" in english.stdout
    bad = run_main("--language", "fr", "analyze", "--rules", "bell", "--position", "x", lang="C")
    assert bad.returncode == 2 and bad.stderr.startswith("analyze\u00a0: --position")


@pytest.mark.parametrize("command", [[], ["analyze"], ["engine"]])
def test_the_french_help_headings_are_french(command):
    """argparse writes "options:"; French puts a no-break space before the colon."""
    result = run_main(*command, "--help", lang=FRENCH)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert "options\u00a0:" in lines and "options:" not in lines
    english = run_main(*command, "--help", lang="C").stdout.splitlines()
    assert "options:" in english


def refusal(capsys, *args) -> str:
    """The one line a bad command line gets (after exit status 2)."""
    with pytest.raises(SystemExit) as done:
        cli.parse_args(list(args))
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


ONLINE = ("--autoplay", "--online", "ws://127.0.0.1:8690")


@pytest.mark.parametrize("args, says", [
    ((*ONLINE, "--room", "new", "--level", "god"),
     "'god' is not a level of Charpentier 1699 (its levels: novice, journeyman, master, perfect)"),
    ((*ONLINE, "--room", "new", "--rules", "garanguet", "--level", "perfect"),
     "'perfect' is not a level of Garanguet (its levels: novice, journeyman, master)"),
    ((*ONLINE, "--room", "ACD-EF9", "--level", "god"),
     "'god' is not a level of either game (Tourne Case: novice, journeyman, master, perfect; "
     "Garanguet: novice, journeyman, master)"),
    (("--level", "novice"), "--level goes with --autoplay, --online and --room"),
    (("--autoplay", "--level", "novice"), "--level goes with --autoplay, --online and --room"),
    ((*ONLINE, "--watch", "ACD-EF9", "--level", "novice"), "--level goes with"),
])
def test_a_level_the_game_has_not_is_refused_in_its_words(capsys, args, says):
    """Issue 38, item 2: `--level god` played a whole match, `--level perfect` was taken for
    Garanguet, and `--level` without --room was dropped unsaid."""
    assert says in refusal(capsys, *args)


@pytest.mark.parametrize("args", [
    (*ONLINE, "--room", "new", "--level", "perfect"),
    (*ONLINE, "--room", "new", "--rules", "garanguet", "--level", "master"),
    (*ONLINE, "--room", "ACD-EF9", "--level", "perfect"),      # the room's game is not known yet
    (*ONLINE, "--room", "new"),
])
def test_a_level_of_the_game_is_taken(args):
    assert cli.parse_args(list(args)).level == dict(zip(args, args[1:])).get("--level")


@pytest.mark.parametrize("option, code, says", [
    ("--watch", "NOPE99", "'NOPE99' is not a room code: codes never use O; they use only 3 4 6 7 "
                          "9 A C D E F G H J K M N P Q R T W X Y"),
    ("--watch", "l0l-ab1", "codes never use L 0 B 1;"),
    ("--watch", "ACD", "'ACD' is not a room code: a code has 6 letters and figures, like ACD-EF9"),
    ("--room", "NOPE99", "'NOPE99' is neither \"new\" nor a room code: codes never use O; they use "
                         "only 3 4 6 7 9 A C D E F G H J K M N P Q R T W X Y"),
    ("--room", "ACD", "'ACD' is neither \"new\" nor a room code: a code has 6 letters"),
])
def test_a_bad_room_code_names_the_characters_codes_never_use(capsys, option, code, says):
    """Issue 38, item 4: "six letters and figures" described NOPE99 itself."""
    assert says in refusal(capsys, *ONLINE, option, code)


def test_a_data_folder_that_cannot_be_written_is_said_with_where(tmp_path, monkeypatch, capsys):
    """Issue 38, item 9: `--data-dir /proc/nope/x` started with no word, and `--autoplay`
    exited 0 having kept nothing."""
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    (tmp_path / "a-file").write_text("not a folder")
    folder = tmp_path / "a-file" / "data"
    assert cli.main(["--data-dir", str(folder), "--autoplay"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and calls == []
    assert f"The data folder {folder} cannot be written (" in err
    assert cli.main(["--data-dir", str(tmp_path / "new" / "data"), "--autoplay"]) == 0
    assert calls and (tmp_path / "new" / "data").is_dir()
    assert [p.name for p in (tmp_path / "new" / "data").iterdir()] == ["tourne-case.lock"]


def test_the_players_own_folder_unwritable_is_said_and_the_game_plays_on(tmp_path, monkeypatch,
                                                                         capsys):
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setattr(cli, "_data_folder", lambda data_dir: tmp_path / "a-file" / "TourneCase")
    assert cli.main([]) == 0 and calls
    assert "cannot be written" in capsys.readouterr().err


@pytest.fixture
def no_screen(monkeypatch):
    """A Unix machine with no desktop: neither DISPLAY nor WAYLAND_DISPLAY, no SDL driver chosen."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")


def test_with_no_screen_the_demo_plays_with_no_window_and_says_so(no_screen, monkeypatch, capsys,
                                                                   tmp_path):
    """Issue 38, item 10: SDL printed "error: XDG_RUNTIME_DIR is invalid or not set" and played
    in a window nobody could see."""
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    assert cli.main(["--autoplay", "--data-dir", str(tmp_path)]) == 0 and calls
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    assert "No screen to open a window on" in capsys.readouterr().err


def test_with_no_screen_a_players_game_ends_at_once_saying_why(no_screen, monkeypatch, capsys,
                                                                tmp_path):
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    assert cli.main(["--data-dir", str(tmp_path)]) == cli.NO_SCREEN and calls == []
    assert "start the game from a desktop session" in capsys.readouterr().err


def test_a_screen_or_a_chosen_driver_opens_the_window_as_before(no_screen, monkeypatch, tmp_path):
    calls = []
    fake_module(monkeypatch, "game.app", run=lambda **options: calls.append(options) or 0)
    monkeypatch.setenv("DISPLAY", ":0")
    assert cli.main(["--data-dir", str(tmp_path)]) == 0
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    assert cli.main(["--data-dir", str(tmp_path)]) == 0 and len(calls) == 2


def test_the_autoplay_help_says_a_window_opens():
    assert "in a window, at the quickest speed" in " ".join(run_main("--help").stdout.split())
