"""main.py, the double-click entry: the dependency check, the private environment's set-up with
a fake pip (in process) and with a real pip and a local wheel (in a subprocess), the offline
message, and the second start that runs no pip at all."""
import base64
import hashlib
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


# -- in process, with a fake pip -----------------------------------------------------------------

def test_reads_pinned_requirements_and_skips_comments_and_options(tmp_path):
    path = tmp_path / "requirements.txt"
    path.write_text("# a comment\n-r other.txt\n\npygame-ce==2.5.8  # note\nloose\n"
                    "marked==1.2 ; python_version >= '3.11'\n")
    assert main.read_requirements(path) == [("pygame-ce", "2.5.8"), ("loose", None),
                                            ("marked", "1.2")]


def test_the_games_own_requirements_are_the_four_packages():
    names = {name for name, _ in main.read_requirements(main.REQUIREMENTS)}
    assert names == {"pygame-ce", "pymunk", "numpy", "platformdirs"}


def test_missing_requirements_names_absent_and_wrong_versions():
    missing = main.missing_requirements([("tc-no-such-package", "1.0"), ("pytest", "0.0.1"),
                                         ("pytest", None)])
    assert missing[0] == "tc-no-such-package (not installed)"
    assert missing[1].startswith("pytest 0.0.1 (found ")
    assert len(missing) == 2


@pytest.fixture
def game(tmp_path, monkeypatch):
    """main.py with a missing package, a private environment in tmp_path and a recording pip."""
    venv = tmp_path / ".venv-game"
    python = main.venv_python(venv)
    python.parent.mkdir(parents=True)
    python.write_text("")                   # the environment exists; only the packages lack
    calls = {"pip": [], "relaunch": []}
    pip_result = {"status": 0, "output": ["Successfully installed pygame-ce-2.5.8"]}

    def fake_pip(command, report):
        calls["pip"].append(command)
        return pip_result["status"], pip_result["output"]

    monkeypatch.setattr(main, "missing_requirements", lambda requirements: ["pygame-ce"])
    monkeypatch.setattr(main, "venv_dir", lambda: venv)
    monkeypatch.setattr(main, "run_with_progress", fake_pip)
    monkeypatch.setattr(main, "relaunch", lambda py, argv: calls["relaunch"].append((py, argv)))
    monkeypatch.setattr(main, "has_terminal", lambda: True)
    monkeypatch.delenv(main.RELAUNCHED, raising=False)
    return venv, calls, pip_result


def test_first_start_installs_the_requirements_then_relaunches(game):
    venv, calls, _ = game
    main.main(["--seed", "7"])
    [command] = calls["pip"]
    assert command[1:4] == ["-m", "pip", "install"]
    assert command[-2:] == ["-r", str(main.REQUIREMENTS)]
    assert calls["relaunch"] == [(main.venv_python(venv), ["--seed", "7"])]
    assert (venv / main.STAMP).read_text() == main.REQUIREMENTS.read_text()


def test_second_start_runs_no_pip(game):
    venv, calls, _ = game
    main.main([])
    main.main(["--windowed"])
    assert len(calls["pip"]) == 1
    assert calls["relaunch"][1] == (main.venv_python(venv), ["--windowed"])


def test_changed_requirements_are_installed_again(game):
    venv, calls, _ = game
    main.main([])
    (venv / main.STAMP).write_text("pygame-ce==2.0.0\n")
    main.main([])
    assert len(calls["pip"]) == 2


def test_no_network_says_what_to_do_and_keeps_no_stamp(game, capsys):
    venv, calls, pip_result = game
    pip_result.update(status=1, output=[
        "ERROR: Could not find a version that satisfies the requirement pygame-ce==2.5.8", ""])
    assert main.main([]) == 1
    error = capsys.readouterr().err
    assert "could not download the game's dependencies" in error
    assert "python -m pip install -r requirements.txt" in error
    assert "pygame-ce==2.5.8" in error          # pip's own last word, for the curious
    assert calls["relaunch"] == []
    assert not (venv / main.STAMP).exists()


def test_a_relaunched_game_still_missing_packages_stops_instead_of_looping(game, capsys,
                                                                            monkeypatch):
    _, calls, _ = game
    monkeypatch.setenv(main.RELAUNCHED, "1")
    assert main.main([]) == 1
    assert "still missing" in capsys.readouterr().err
    assert calls == {"pip": [], "relaunch": []}


def test_bad_arguments_are_answered_before_any_set_up(game, capsys):
    _, calls, _ = game
    with pytest.raises(SystemExit) as stop:
        main.main(["--seed", "many"])
    assert stop.value.code == 2
    assert calls == {"pip": [], "relaunch": []}


def test_a_broken_private_python_is_reported_not_raised(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(main, "has_terminal", lambda: True)
    python = tmp_path / ".venv-game" / "bin" / "python"     # not there
    assert main.relaunch(python, ["--seed", "1"]) == 1
    assert "could not start the game's own Python" in capsys.readouterr().err


# -- in a subprocess, with a real pip and a wheel made here ---------------------------------------

FAKE_APP = '''
import sys
def run(seed=None, fullscreen=None, rules=None, data_dir=None, autoplay=False,
        quit_after=None):
    print("GAME RAN seed=%s prefix=%s" % (seed, sys.prefix))
    return 0
'''


def make_wheel(folder: Path, name: str, version: str) -> None:
    """A minimal pure-Python wheel, so that pip installs something without the network."""
    dist_info = f"{name}-{version}.dist-info"
    files = {
        f"{name}.py": "VALUE = 1\n",
        f"{dist_info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    files[f"{dist_info}/RECORD"] = "\n".join(record + [f"{dist_info}/RECORD,,"]) + "\n"
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(folder / f"{name}-{version}-py3-none-any.whl", "w") as wheel:
        for path, text in files.items():
            wheel.writestr(path, text)


def start(folder: Path, *args, wheels: Path | None = None):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", main.RELAUNCHED, "PIP_CONSTRAINT")}
    env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(wheels or folder / "no-wheels"),
               PIP_CONFIG_FILE=os.devnull, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, str(folder / "main.py"), *args], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def first_start(tmp_path_factory):
    """A copy of the game whose only requirement is a local wheel, started once."""
    folder = tmp_path_factory.mktemp("game")
    shutil.copy(ROOT / "main.py", folder)
    (folder / "game").mkdir()
    shutil.copy(ROOT / "game" / "__init__.py", folder / "game")
    shutil.copy(ROOT / "game" / "cli.py", folder / "game")
    # The rules engine is pure standard library: the command line reads its registry.
    shutil.copytree(ROOT / "game" / "rules", folder / "game" / "rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "game" / "app.py").write_text(FAKE_APP)
    (folder / "requirements.txt").write_text("tc-fake-dep==1.0\n")
    make_wheel(folder / "wheels", "tc_fake_dep", "1.0")
    return folder, start(folder, "--seed", "11", wheels=folder / "wheels")


@pytest.mark.slow     # creates a virtual environment with pip (~10 s)
def test_first_start_sets_up_the_private_environment_and_plays(first_start):
    folder, result = first_start
    assert result.returncode == 0, result.stderr
    assert "Successfully installed tc-fake-dep-1.0" in result.stdout
    venv = folder / main.VENV_NAME
    assert f"GAME RAN seed=11 prefix={venv}" in result.stdout


@pytest.mark.slow
def test_second_start_goes_straight_to_the_game(first_start):
    folder, _ = first_start
    result = start(folder, "--seed", "12")      # no wheels at hand: a pip run would fail
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"GAME RAN seed=12 prefix={folder / main.VENV_NAME}"]


@pytest.mark.slow
def test_without_network_it_says_what_to_do(first_start, tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(first_start[0], folder, symlinks=True)
    (folder / "requirements.txt").write_text("tc-fake-dep==2.0\n")     # not to be found
    result = start(folder)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last == ("Connect to the internet and start the game again, or run: "
                    "python -m pip install -r requirements.txt")
    assert "GAME RAN" not in result.stdout


# -- the desktop launchers ---------------------------------------------------------------------

LAUNCHERS = ROOT / "launchers"


@pytest.mark.parametrize("command", [
    [str(LAUNCHERS / "tourne-case.sh")],
    [str(LAUNCHERS / "TourneCase.command")],
    [sys.executable, str(LAUNCHERS / "TourneCase.pyw")],
])
def test_each_launcher_starts_main_py(command):
    """--help goes all the way to main.py's options, from any working folder."""
    result = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=60,
                            cwd="/", stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert "--seed" in result.stdout and "--data-dir" in result.stdout


@pytest.mark.skipif(shutil.which("gio") is None, reason="needs gio (GLib) to launch a .desktop")
def test_the_installed_menu_entry_starts_the_game_from_a_folder_with_odd_characters(tmp_path):
    folder = tmp_path / 'my games & $tuff "1699"'
    shutil.copytree(LAUNCHERS, folder / "launchers")
    marker = tmp_path / "started"
    (folder / "main.py").write_text(
        f"import pathlib, sys\npathlib.Path({str(marker)!r}).write_text(sys.argv[0])\n")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg"))
    subprocess.run(["sh", str(folder / "launchers" / "install-linux.sh")], env=env, check=True,
                   capture_output=True, timeout=30)
    entry = tmp_path / "xdg" / "applications" / "tourne-case.desktop"
    subprocess.run(["gio", "launch", str(entry)], check=True, timeout=30, cwd="/")
    for _ in range(300):                       # gio returns at once; the game starts later
        if marker.exists() and marker.read_text():
            break
        time.sleep(0.1)
    assert marker.read_text() == str(folder / "main.py")
