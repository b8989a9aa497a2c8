"""The standalone build: tools/build_app.py freezes the game with PyInstaller, and the built
program starts headless on a machine's own libraries, without the source tree's Python."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PyInstaller", reason="PyInstaller is not installed: "
                    "python -m pip install -r requirements-dev.txt (the README's test command does)")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_app  # noqa: E402

HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("build")
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"),
                    "--dist", str(folder / "dist"), "--work", str(folder / "work")],
                   check=True, capture_output=True, timeout=1200)
    return build_app.executable(folder / "dist")


def clean_env(**more):
    """No trace of the source tree or a virtual environment: the app must bring its own."""
    env = {k: v for k, v in HEADLESS.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return dict(env, **more)


@pytest.mark.parametrize("platform, suffix", [("win32", ".ico"), ("darwin", ".icns")])
def test_the_app_gets_its_icon_in_the_systems_own_format(platform, suffix):
    [argument] = build_app.icon_arguments(platform)
    icon = Path(argument.split("=", 1)[1])
    assert icon.suffix == suffix and icon.is_file()
    assert build_app.icon_arguments("linux") == []      # a Linux program carries none


@pytest.mark.slow(seconds=30)
def test_the_built_app_answers_help(built, tmp_path):
    result = subprocess.run([str(built), "--help"], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path, env=clean_env())
    assert result.returncode == 0, result.stderr
    assert "--seed" in result.stdout


@pytest.mark.slow(seconds=1)
def test_the_built_app_takes_its_data_along(built):
    data = built.parent.parent / "Resources" if sys.platform == "darwin" else \
        built.parent / "_internal"
    for folder in build_app.DATA_FOLDERS:
        if (ROOT / folder).is_dir() and any((ROOT / folder).iterdir()):
            assert (data / folder).is_dir(), folder


@pytest.mark.slow(seconds=5)
@pytest.mark.skipif(not (ROOT / "game" / "app.py").exists(), reason="game/app.py is not there yet")
def test_the_built_app_plays_a_demo_headless_and_saves_it(built, tmp_path):
    from game.saves.storage import Storage
    result = subprocess.run(
        [str(built), "--autoplay", "--quit-after", "4", "--seed", "5",
         "--data-dir", str(tmp_path / "data")],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=clean_env())
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "data" / "errors.log").exists()
    store = Storage(tmp_path / "data")
    saved, problems = store.load_match()
    assert problems == []
    assert saved is not None or store.records()[0]    # the frozen game saved what it played
