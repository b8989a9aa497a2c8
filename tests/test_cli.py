"""The command line: --help, one line and exit status 2 for every bad argument, and the options
passed on to the game (and `analyze` to the analysis command) unchanged."""
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import cli

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args, python_flags=()):
    return subprocess.run([sys.executable, *python_flags, str(ROOT / "main.py"), *args],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_help_lists_the_options():
    result = run_main("--help")
    assert result.returncode == 0
    for option in ("--seed", "--windowed", "--fullscreen", "--rules", "--data-dir", "analyze"):
        assert option in result.stdout
    assert "--autoplay" not in result.stdout        # for tests only
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
    fake_module(monkeypatch, "game.computer", analysis=analysis)
    fake_module(monkeypatch, "game.computer.analysis", main=analysis.main)
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
