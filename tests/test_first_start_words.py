"""Issue 32, item 14: the first start's counts agree ("missing here" lists what "[1/5]...[5/5]"
installs), and the set-up window stays, saying that the game starts, until the game's window
is about to open."""
import os
import sys
import tempfile
from pathlib import Path

import pytest

from game.commands import cli
from game.commands import first_start as main
from tests.test_cli import fake_module


@pytest.fixture(autouse=True)
def _system_speaks_english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_the_packages_said_missing_are_the_ones_installed(tmp_path, monkeypatch, capsys):
    """This Python lacks four of the seven (the others were installed already): the private
    environment gets all seven, and the terminal says seven, then [1/7]...[7/7]."""
    venv = tmp_path / ".venv-game"
    python = main.venv_python(venv)
    python.parent.mkdir(parents=True)
    python.write_text("")
    names = [name for name, _ in main.read_requirements(main.REQUIREMENTS)]
    monkeypatch.setattr(main, "missing_requirements",
                        lambda requirements: [f"{name} (not installed)" for name in names[:4]])
    monkeypatch.setattr(main, "venv_dir", lambda: venv)
    monkeypatch.setattr(main, "run_with_progress", lambda command, report: (0, []))
    monkeypatch.setattr(main, "relaunch", lambda python, argv, window=None: 0)
    monkeypatch.setattr(main, "has_terminal", lambda: True)
    monkeypatch.delenv(main.RELAUNCHED, raising=False)
    assert main.main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    said = next(line for line in lines if line.startswith("The game's packages are missing"))
    listed = said.split(": ", 1)[1].split(", ")
    steps = [line for line in lines if line.startswith("[")]
    assert len(listed) == len(steps) == len(names) == 7
    assert steps[-1].startswith("[7/7]")
    for name, step in zip(listed, steps):
        assert name in step


def test_the_game_says_when_its_window_opens(monkeypatch, tmp_path):
    """cli touches the file the set-up window waits for, once the game's packages are loaded
    and just before its window opens - and only then."""
    ready = tmp_path / "ready"
    seen = []
    fake_module(monkeypatch, "game.app", run=lambda **options: seen.append(ready.exists()) or 0)
    monkeypatch.setenv(cli.READY, str(ready))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert cli.main(["--data-dir", str(tmp_path / "data")]) == 0
    assert seen == [True] and cli.READY not in os.environ


class HeldWindow:
    """The set-up window, without Tk: `hold` waits (bounded) as the real one does, and notes
    whether the game had said that its window opens when the wait ended."""

    def __init__(self, temporary: Path):
        self.temporary, self.said = temporary, None

    def hold(self, shown, most=60.0):
        import time
        ends = time.monotonic() + most
        while not shown() and time.monotonic() < ends:
            time.sleep(0.05)
        self.said = bool(list(self.temporary.glob("tourne-case-*/ready")))


def test_the_set_up_window_stays_until_the_game_opens_its_own(monkeypatch, tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    window = HeldWindow(temporary)
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        monkeypatch.setenv(name, value)
    # However short the game's play, its word stays: the file it touches is removed only after
    # it ended and the window closed (relaunch's temporary folder).
    status = main.relaunch(Path(sys.executable), ["--autoplay", "--quit-after", "0.2",
                                                  "--data-dir", str(tmp_path / "data")], window)
    assert status == 0
    assert window.said is True          # the game said so, before it ended
