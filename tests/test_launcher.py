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

from game.commands import first_start as main

ROOT = Path(__file__).resolve().parent.parent


# -- in process, with a fake pip -----------------------------------------------------------------

def test_reads_pinned_requirements_and_skips_comments_and_options(tmp_path):
    path = tmp_path / "requirements.txt"
    path.write_text("# a comment\n-r other.txt\n\npygame-ce==2.5.8  # note\nloose\n"
                    "marked==1.2 ; python_version >= '3.11'\n")
    assert main.read_requirements(path) == [("pygame-ce", "2.5.8"), ("loose", None),
                                            ("marked", "1.2")]


def test_the_games_own_requirements_are_the_seven_packages():
    names = {name for name, _ in main.read_requirements(main.REQUIREMENTS)}
    assert names == {"pygame-ce", "pymunk", "numpy", "platformdirs", "websockets", "zeroconf",
                     "ifaddr"}


def test_missing_requirements_names_absent_and_wrong_versions():
    missing = main.missing_requirements([("tc-no-such-package", "1.0"), ("pytest", "0.0.1"),
                                         ("pytest", None)])
    assert missing[0] == "tc-no-such-package (not installed)"
    assert missing[1].startswith("pytest 0.0.1 (found ")
    assert len(missing) == 2


def test_the_installed_versions_read_from_folder_names_are_importlib_metadatas():
    from importlib import metadata
    installed = main.installed_versions()
    for name, version in main.read_requirements(main.REQUIREMENTS) + [("pytest", None)]:
        assert installed[main.project_key(name)] == metadata.version(name), name
    assert all(metadata.version(project) == version for project, version in installed.items())


def test_a_start_with_every_requirement_needs_no_importlib_metadata(monkeypatch):
    """It costs every start ~70 ms to import: the folder names answer when all is installed."""
    from importlib import metadata
    monkeypatch.setattr(metadata, "version", None)      # a call would fail the test
    assert main.missing_requirements(main.read_requirements(main.REQUIREMENTS)) == []
    found = subprocess.run(
        [sys.executable, "-c", "import sys; from game.commands import first_start as f; "
         "assert not f.missing_requirements(f.read_requirements(f.REQUIREMENTS)); "
         "print(sorted(m for m in sys.modules if m.startswith(('importlib.metadata', 'email'))))"],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert found.stdout.strip() == "[]", found.stderr


@pytest.fixture(autouse=True)
def _system_speaks_english(monkeypatch):
    """The commands speak the system's language: these tests read their English, whatever the
    machine's (a test that wants French sets it)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")      # empty is unset; set, so that the test's end restores it
    monkeypatch.setenv("LANG", "C.UTF-8")


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


PINNED = [f"{name}=={version}" for name, version in main.read_requirements(main.REQUIREMENTS)]


def test_first_start_installs_the_requirements_one_by_one_then_relaunches(game):
    venv, calls, _ = game
    main.main(["--seed", "7"])
    assert [command[1:4] for command in calls["pip"]] == [["-m", "pip", "install"]] * len(PINNED)
    assert [command[-1] for command in calls["pip"]] == PINNED
    assert calls["relaunch"] == [(main.venv_python(venv), ["--seed", "7"])]
    assert (venv / main.STAMP).read_text() == main.REQUIREMENTS.read_text()


def test_second_start_runs_no_pip(game):
    venv, calls, _ = game
    main.main([])
    main.main(["--windowed"])
    assert len(calls["pip"]) == len(PINNED)
    assert calls["relaunch"][1] == (main.venv_python(venv), ["--windowed"])


def test_changed_requirements_are_installed_again(game):
    venv, calls, _ = game
    main.main([])
    (venv / main.STAMP).write_text("pygame-ce==2.0.0\n")
    main.main([])
    assert len(calls["pip"]) == 2 * len(PINNED)


# -- set-up progress and the set-up lock ---------------------------------------------------------

def test_progress_counts_the_packages_done_and_names_the_current_one(game):
    """What the set-up window shows, step by step, from the real sequence of pip runs."""
    venv, calls, _ = game
    progress, seen = main.SetupProgress(), []

    def step(done, total, current):
        progress.step(done, total, current)
        seen.append(progress.summary())

    assert progress.summary() == "Preparing ..."
    main.set_up(venv, progress.line, step)
    assert len(calls["pip"]) == 7
    assert seen == ["Installing pygame-ce 2.5.8 (1 of 7; 0 done)",
                    "Installing pymunk 7.3.1 (2 of 7; 1 done)",
                    "Installing numpy 2.4.6 (3 of 7; 2 done)",
                    "Installing platformdirs 4.14.7 (4 of 7; 3 done)",
                    "Installing websockets 17.4 (5 of 7; 4 done)",
                    "Installing zeroconf 0.154.0 (6 of 7; 5 done)",
                    "Installing ifaddr 0.2.0 (7 of 7; 6 done)",
                    "All 7 packages installed; starting the game ..."]
    assert progress.latest == "[7/7] Installing ifaddr 0.2.0 ..."
    progress.step(0, 4, "")          # what it says while it makes the environment itself
    assert progress.summary() == "Making the game's own Python environment, then 4 packages ..."


def test_the_terminal_shows_each_step_out_of_the_total(game, capsys):
    main.main([])
    out = capsys.readouterr().out
    steps = [line for line in out.splitlines() if line.startswith("[")]
    assert steps == [f"[{n}/7] Installing {name} ..." for n, name in enumerate(
        ("pygame-ce 2.5.8", "pymunk 7.3.1", "numpy 2.4.6", "platformdirs 4.14.7",
         "websockets 17.4", "zeroconf 0.154.0", "ifaddr 0.2.0"), 1)]



def test_the_set_up_speaks_the_system_language(game, capsys, monkeypatch):
    """Under a French system the terminal and the set-up window say each step in French."""
    from game.base import i18n
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    main.main([])
    out = capsys.readouterr().out
    assert i18n.language() == "fr"
    assert "Les paquets du jeu manquent ici\u00a0: pygame-ce" in out
    assert "Téléchargement et installation des paquets du jeu (une seule fois) ..." in out
    steps = [line for line in out.splitlines() if line.startswith("[")]
    assert steps[2] == "[3/7] Installation de numpy 2.4.6 ..."
    progress = main.SetupProgress()
    assert progress.summary() == "Préparation ..." and progress.latest == "Démarrage ..."
    progress.step(2, 4, "numpy 2.4.6")
    assert progress.summary() == "Installation de numpy 2.4.6 (3 sur 4\u202f; terminés\u00a0: 2)"
    progress.step(0, 4, "")
    assert progress.summary() == ("Création de l’environnement Python propre au jeu, "
                                  "puis 4 paquets ...")
    progress.step(1, 1, "")
    assert progress.summary() == "Le paquet est installé\u202f; lancement du jeu ..."
    i18n.set_language("en")
    assert progress.summary() == "The package is installed; starting the game ..."


def test_a_failed_set_up_is_told_in_french(game, capsys, monkeypatch):
    _, calls, pip_result = game
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    pip_result.update(status=1, output=["ERROR: No matching distribution", ""])
    assert main.main([]) == 1
    error = capsys.readouterr().err
    assert error.startswith("Tourne Case\u00a0: impossible de télécharger les dépendances du jeu "
                            "(pip a dit\u00a0: ERROR: No matching distribution).")
    assert "python -m pip install -r requirements.txt" in error and calls["relaunch"] == []


def test_a_bad_argument_at_the_launcher_is_one_french_line(tmp_path):
    env = dict(os.environ, LANG="fr_FR.UTF-8")
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--rules", "chess"], env=env,
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "main.py\u00a0: argument --rules\u00a0: choix non valide\u00a0: 'chess' (au choix\u00a0: "
        "'charpentier', 'charpentier-reentry', 'bell', 'garanguet') (voir --help)"]

def test_requirements_with_options_install_in_one_run(tmp_path):
    path = tmp_path / "requirements.txt"
    path.write_text("--index-url https://example.invalid/simple\npygame-ce==2.5.8\n")
    assert main.install_steps(path) == [("the game's packages", ["-r", str(path)])]
    path.write_text("# pins\nalpha==1.0  # first\n\nbeta ; python_version >= '3.11'\n")
    assert main.install_steps(path) == [("alpha 1.0", ["alpha==1.0"]),
                                        ("beta", ["beta ; python_version >= '3.11'"])]


def test_a_half_made_environment_is_cleared_but_its_lock_is_kept(tmp_path):
    venv = tmp_path / ".venv-game"
    (venv / "lib" / "broken").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text("half")
    with main.set_up_lock(venv):
        main.clear_environment(venv)
        assert [p.name for p in venv.iterdir()] == [main.LOCK]


HOLD_LOCK = """
import sys, time
sys.path.insert(0, sys.argv[1])
from game.commands import first_start as main
from pathlib import Path
with main.set_up_lock(Path(sys.argv[2])):
    print("locked", flush=True)
    time.sleep(float(sys.argv[3]))
    (Path(sys.argv[2]).parent / "released").write_text("")     # the last thing done under it
"""


def hold_lock(venv: Path, seconds: float) -> subprocess.Popen:
    """Another process that takes the set-up lock and keeps it `seconds`; returns once it has it."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(ROOT), str(venv), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    return holder


def test_the_lock_makes_a_second_start_wait_until_the_first_is_done(tmp_path):
    venv = tmp_path / ".venv-game"
    holder = hold_lock(venv, 1.0)
    lines = []
    with main.set_up_lock(venv, lines.append):
        assert (tmp_path / "released").exists()     # only after the first start let go
    holder.wait()
    assert lines == ["Another start of the game is setting it up; waiting for it to finish ..."]


def test_a_start_that_waits_too_long_says_who_holds_the_lock(tmp_path):
    venv = tmp_path / ".venv-game"
    holder = hold_lock(venv, 30)
    try:
        with pytest.raises(main.SetupError, match=f"pid {holder.pid} since"):
            with main.set_up_lock(venv, lambda line: None, wait=0.5):
                pass
    finally:
        holder.kill()
        holder.wait()


def test_a_killed_start_leaves_no_stale_lock(tmp_path):
    venv = tmp_path / ".venv-game"
    holder = hold_lock(venv, 30)
    holder.kill()
    holder.wait()
    assert (venv / main.LOCK).exists()         # the file stays, as a note ...
    lines = []
    with main.set_up_lock(venv, lines.append, wait=5):
        pass                                   # ... but locks nothing
    assert lines == []


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


def start_env(folder: Path, wheels: Path | None = None) -> dict:
    """No display (the terminal shows the set-up), no index: pip finds only `wheels`."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", main.RELAUNCHED, "PIP_CONSTRAINT")}
    env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(wheels or folder / "no-wheels"),
               PIP_CONFIG_FILE=os.devnull, PYTHONDONTWRITEBYTECODE="1")
    return env


def start(folder: Path, *args, wheels: Path | None = None):
    """A start of the copy in `folder`, on a data folder of its own (platformdirs, which finds
    the player's, is not among the copy's requirements)."""
    return subprocess.run([sys.executable, str(folder / "main.py"), "--data-dir",
                           str(folder / "data"), *args],
                          env=start_env(folder, wheels), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def first_start(tmp_path_factory):
    """A copy of the game whose only requirement is a local wheel, started once."""
    folder = tmp_path_factory.mktemp("game")
    shutil.copy(ROOT / "main.py", folder)
    (folder / "game").mkdir()
    shutil.copy(ROOT / "game" / "__init__.py", folder / "game")
    # The first start and the command line: standard library only, like the base they use.
    for package in ("commands", "base", "saves"):      # saves: files.py, whether the folder takes files
        shutil.copytree(ROOT / "game" / package, folder / "game" / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "game" / "locale", folder / "game" / "locale",
                    ignore=shutil.ignore_patterns("parts", "*.pot"))
    # The rules engine is pure standard library: the command line reads its registry.
    shutil.copytree(ROOT / "game" / "rules", folder / "game" / "rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "game" / "app.py").write_text(FAKE_APP)
    (folder / "requirements.txt").write_text("tc-fake-dep==1.0\n")
    make_wheel(folder / "wheels", "tc_fake_dep", "1.0")
    return folder, start(folder, "--seed", "11", wheels=folder / "wheels")


@pytest.mark.slow(seconds=13)  # creates a virtual environment with pip (~10 s)
def test_first_start_sets_up_the_private_environment_and_plays(first_start):
    folder, result = first_start
    assert result.returncode == 0, result.stderr
    assert "Successfully installed tc-fake-dep-1.0" in result.stdout
    venv = folder / main.VENV_NAME
    assert f"GAME RAN seed=11 prefix={venv}" in result.stdout


@pytest.mark.slow(seconds=1)
def test_second_start_goes_straight_to_the_game(first_start):
    folder, _ = first_start
    result = start(folder, "--seed", "12")      # no wheels at hand: a pip run would fail
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"GAME RAN seed=12 prefix={folder / main.VENV_NAME}"]


@pytest.mark.slow(seconds=2)
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


@pytest.mark.slow(seconds=5)  # two starts, two pip runs
def test_two_starts_at_once_set_up_once_with_progress_and_both_play(first_start, tmp_path):
    """Two double-clicks: one start installs (saying which package, out of how many), the other
    waits for it and plays with the same environment; pip never runs twice side by side. The
    environment is the first start's, copied (making one takes ~7 s of a core, and the lock is
    held around making it as around the installs): the requirements changed since."""
    folder = tmp_path / "game"
    shutil.copytree(first_start[0], folder, symlinks=True)
    (folder / "requirements.txt").write_text("tc-dep-a==1.0\ntc-dep-b==2.0\n")
    make_wheel(folder / "wheels", "tc_dep_a", "1.0")
    make_wheel(folder / "wheels", "tc_dep_b", "2.0")
    env = start_env(folder, folder / "wheels")
    starts = [subprocess.Popen([sys.executable, str(folder / "main.py"), "--seed", str(seed),
                                "--data-dir", str(tmp_path / f"data{seed}")],
                               env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for seed in (1, 2)]
    results = [(start.communicate(timeout=180), start.returncode) for start in starts]
    for (out, err), status in results:
        assert status == 0, err
        assert f"prefix={folder / main.VENV_NAME}" in out
    installers = [out for (out, _), _ in results if "Successfully installed" in out]
    assert len(installers) == 1
    [waiter] = [out for (out, _), _ in results if out not in installers]
    assert "waiting for it to finish" in waiter and "[1/2]" not in waiter
    steps = [line for line in installers[0].splitlines() if line.startswith("[")]
    assert steps == ["[1/2] Installing tc-dep-a 1.0 ...", "[2/2] Installing tc-dep-b 2.0 ..."]


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


# -- the launchers' own words, before any Python runs ------------------------------------------

def _bin_with(tmp_path, *tools) -> str:
    """A PATH holding only these tools: no Python at all."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in tools:
        (folder / tool).symlink_to(shutil.which(tool))
    return str(folder)


@pytest.mark.skipif(shutil.which("gettext") is None, reason="needs the gettext command")
@pytest.mark.parametrize("lang, says", [
    ("fr_FR.UTF-8", "Le Tourne Case demande Python 3.11 ou plus récent\u00a0: "
                    "https://www.python.org/downloads/"),
    ("C.UTF-8", "Tourne Case needs Python 3.11 or newer: https://www.python.org/downloads/"),
])
def test_without_python_the_shell_launcher_says_so_in_the_system_language(tmp_path, lang, says):
    env = {"PATH": _bin_with(tmp_path, "dirname", "gettext"), "LANG": lang}
    result = subprocess.run(["/bin/sh", str(LAUNCHERS / "tourne-case.sh")], env=env,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 1 and result.stderr.strip() == says


def test_without_gettext_the_shell_launcher_speaks_english(tmp_path):
    env = {"PATH": _bin_with(tmp_path, "dirname"), "LANG": "fr_FR.UTF-8"}
    result = subprocess.run(["/bin/sh", str(LAUNCHERS / "tourne-case.sh")], env=env,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 1 and result.stderr.startswith("Tourne Case needs Python 3.11")


@pytest.mark.skipif(shutil.which("gettext") is None, reason="needs the gettext command")
def test_the_menu_installer_speaks_french_and_the_entry_has_french_names(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg"), LANG="fr_FR.UTF-8")
    result = subprocess.run(["sh", str(LAUNCHERS / "install-linux.sh")], env=env,
                            capture_output=True, text=True, timeout=30, check=True)
    entry = tmp_path / "xdg" / "applications" / "tourne-case.desktop"
    assert result.stdout.strip() == f"Le Tourne Case est dans le menu de vos applications ({entry})."
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert "GenericName[fr]=Jeu de tables" in lines
    assert "Comment[fr]=Tourne Case (Paris, 1699) et Garanguet contre l’ordinateur" in lines
    env["LANG"] = "C"
    result = subprocess.run(["sh", str(LAUNCHERS / "install-linux.sh")], env=env,
                            capture_output=True, text=True, timeout=30, check=True)
    assert result.stdout.strip() == f"Tourne Case is in your applications menu ({entry})."
