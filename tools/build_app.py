"""Build a standalone Tourne Case for this desktop, one folder that runs without Python:

    python -m pip install -r requirements.txt -r requirements-build.txt
    python tools/build_app.py            # -> dist/TourneCase/TourneCase (.exe on Windows;
                                         #    dist/TourneCase.app on macOS)

PyInstaller freezes main.py with the game's packages; the folders the game reads at run time
(assets/, sounds/, the computer's tables) are copied in as they are at build time, at the same
place relative to the `game` package, so the game finds them as it does when run from source.
"""
import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "TourneCase"
DATA_FOLDERS = ("assets", "sounds", "game/computer/data", "game/locale")
#: The app's icon in each system's own format, drawn by tools/make_assets.py. Linux programs
#: carry no icon: there the window's (assets/icon.png, set by the game) and the menu entry's
#: (launchers/install-linux.sh) serve.
ICONS = {"win32": "assets/icon.ico", "darwin": "assets/icon.icns"}
UNUSED_MODULES = ("numpy.f2py", "numpy.testing", "unittest", "doctest", "pdb", "pydoc",
                  "xmlrpc",
                  # numpy's masked arrays, polynomials, FFT and ctypes helpers (only genfromtxt's
                  # masks and the window functions reach them), the pure-Python decimal that
                  # the C one replaces, and websockets' deprecated names
                  "numpy.ma", "numpy.polynomial", "numpy.fft", "numpy.ctypeslib", "numpy.matlib",
                  "_pydecimal", "websockets.legacy")


def data_arguments() -> list[str]:
    """--add-data for each data folder that exists and holds files now."""
    found = []
    for folder in DATA_FOLDERS:
        path = ROOT / folder
        if path.is_dir() and any(p.is_file() for p in path.rglob("*")):
            found.append(f"--add-data={path}{os.pathsep}{folder}")
    return found


def pyinstaller_arguments(dist: Path, work: Path) -> list[str]:
    return [
        str(ROOT / "main.py"), f"--name={NAME}", "--onedir", "--noconfirm", "--clean",
        "--windowed",                    # no console window on Windows, an .app on macOS
        f"--distpath={dist}", f"--workpath={work}", f"--specpath={work}",
        f"--paths={ROOT}", "--collect-submodules=game",     # scenes are imported when needed
        "--exclude-module=tkinter",      # main.py's set-up window, never shown by a built app
        # What the game's packages bring along for their own tests and tools: never imported
        # by the game, and a quarter of what PyInstaller would otherwise look through.
        *(f"--exclude-module={name}" for name in UNUSED_MODULES),
        *icon_arguments(),
        *data_arguments(),
    ]


def icon_arguments(platform: str = sys.platform) -> list[str]:
    """--icon for the program (Windows' .exe, macOS's .app), in the format each one reads as it
    is, so PyInstaller needs no image library to convert it."""
    icon = ICONS.get(platform)
    return [f"--icon={ROOT / icon}"] if icon and (ROOT / icon).is_file() else []


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's working folder")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__
    except ImportError:
        print("PyInstaller is not installed: python -m pip install -r requirements-build.txt",
              file=sys.stderr)
        return 1
    PyInstaller.__main__.run(pyinstaller_arguments(args.dist.resolve(), args.work.resolve()))
    print(f"Built {executable(args.dist.resolve())}")
    return 0


def executable(dist: Path) -> Path:
    """Where the built game's program is."""
    if sys.platform == "darwin":
        return dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (f"{NAME}.exe" if os.name == "nt" else NAME)


if __name__ == "__main__":
    sys.exit(main())
