#!/usr/bin/env python3
"""Tourne Case: double-click this file (or a launcher in launchers/) to play.

Started by a plain Python 3.11 that lacks the game's packages, it sets them up once in a private
virtual environment beside the game (.venv-game/), showing the progress, then starts the game
with that environment's Python. The next start finds the environment ready and goes straight to
the game, with no pip run. Only the standard library is imported here, so this runs anywhere.
"""
import os
import re
import subprocess
import sys
import threading
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements.txt"
VENV_NAME = ".venv-game"
STAMP = "tourne-case-requirements.txt"   # in the environment: the requirements it was set up with
RELAUNCHED = "TOURNE_CASE_RELAUNCHED"    # set for the relaunched game, to never loop
MANUAL = "python -m pip install -r requirements.txt"
REQUIREMENT = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:==\s*([^\s;,]+))?")


class SetupError(Exception):
    """The private environment could not be set up; the text says what to do."""


def read_requirements(path: Path) -> list:
    """(name, pinned version or None) for each requirement line of a requirements file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        match = REQUIREMENT.match(line)
        if line and not line.startswith("-") and match:
            found.append((match.group(1), match.group(2)))
    return found


def missing_requirements(requirements) -> list:
    """The requirements this Python lacks (not installed, or not at the pinned version)."""
    missing = []
    for name, version in requirements:
        try:
            found = metadata.version(name)
        except metadata.PackageNotFoundError:
            missing.append(f"{name} (not installed)")
            continue
        if version is not None and found != version:
            missing.append(f"{name} {version} (found {found})")
    return missing


def venv_dir() -> Path:
    """Beside the game; in the home folder when the game's folder is read-only."""
    if os.access(HERE, os.W_OK):
        return HERE / VENV_NAME
    return Path.home() / ".tourne-case" / VENV_NAME


def venv_python(venv: Path) -> Path:
    if os.name == "nt":
        windowless = Path(sys.executable).name.lower().startswith("pythonw")
        return venv / "Scripts" / ("pythonw.exe" if windowless else "python.exe")
    return venv / "bin" / "python"


def venv_is_ready(venv: Path) -> bool:
    """Set up with today's requirements.txt: then no pip run is needed."""
    try:
        stamp = (venv / STAMP).read_text(encoding="utf-8")
    except OSError:
        return False
    return venv_python(venv).exists() and stamp == REQUIREMENTS.read_text(encoding="utf-8")


def set_up(venv: Path, report=print) -> None:
    """Create the environment if needed and install requirements.txt into it (SetupError)."""
    python = venv_python(venv)
    if not python.exists():
        report(f"Setting up the game's own Python environment in {venv} ...")
        import venv as venv_module
        try:
            venv_module.EnvBuilder(with_pip=True, clear=True,
                                   symlinks=os.name != "nt").create(venv)
        except (OSError, subprocess.CalledProcessError) as error:
            raise SetupError(
                f"could not create a Python environment in {venv} ({error}).\n"
                "On Debian or Ubuntu, install python3-venv (sudo apt install python3-venv);\n"
                f"or install the game's packages yourself: {MANUAL}") from None
    report("Downloading and installing the game's packages (this happens once) ...")
    try:
        status, output = run_with_progress(
            [str(python), "-m", "pip", "install", "--disable-pip-version-check",
             "--timeout", "30", "--retries", "2", "-r", str(REQUIREMENTS)], report)
    except OSError as error:        # the environment's Python would not even start
        status, output = 1, [str(error)]
    if status != 0:
        last = next((line for line in reversed(output) if line.strip()), "")
        raise SetupError(
            "could not download the game's dependencies"
            + (f" (pip said: {last.strip()})" if last else "") + ".\n"
            "Connect to the internet and start the game again, or run: " + MANUAL)
    try:
        (venv / STAMP).write_text(REQUIREMENTS.read_text(encoding="utf-8"), encoding="utf-8")
    except OSError:
        pass    # the game still starts; the next start checks with pip again


def run_with_progress(command, report) -> tuple:
    """Run a command, passing each line it prints to `report`; (exit status, lines)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, text=True, errors="replace")
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip())
        report(line.rstrip())
    return process.wait(), lines


class ProgressWindow:
    """A small window echoing the set-up's progress, for a start without a terminal.

    Optional: None from `open()` when tkinter or a display is missing; the terminal still shows
    everything. The work runs in a thread while Tk keeps the window alive in this one."""

    def __init__(self, tk, root, heading):
        self.tk, self.root, self.latest = tk, root, "Starting ..."
        root.title("Tourne Case")
        tk.Label(root, text=heading, font=("TkDefaultFont", 12, "bold")).pack(padx=20,
                                                                             pady=(16, 6))
        self.line = tk.Label(root, text=self.latest, width=70, anchor="w", justify="left",
                             wraplength=520)
        self.line.pack(padx=20, pady=(0, 12))

    @classmethod
    def open(cls, heading):
        if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                     or os.environ.get("WAYLAND_DISPLAY")):
            return None
        try:
            import tkinter
            return cls(tkinter, tkinter.Tk(), heading)
        except Exception:    # no tkinter, or Tk cannot open a window: the terminal will do
            return None

    def report(self, line: str) -> None:
        """Callable from the worker thread: the window shows the newest line."""
        print(line, flush=True)
        if line.strip():
            self.latest = line.strip()[:100]

    def run(self, work) -> None:
        """Run `work()` in a thread, refreshing the window until it ends."""
        from tkinter import ttk
        bar = ttk.Progressbar(self.root, mode="indeterminate", length=520)
        bar.pack(padx=20, pady=(0, 16))
        bar.start(15)
        worker = threading.Thread(target=work, daemon=True)
        worker.start()

        def refresh():
            self.line.config(text=self.latest)
            if worker.is_alive():
                self.root.after(100, refresh)
            else:
                self.root.destroy()

        refresh()
        self.root.mainloop()
        worker.join()

    @staticmethod
    def show_error(message: str) -> None:
        window = ProgressWindow.open("Tourne Case could not start")
        if window is None:
            return
        window.line.config(text=message[:1].upper() + message[1:])
        window.tk.Button(window.root, text="Close", command=window.root.destroy).pack(pady=8)
        window.root.mainloop()


def has_terminal() -> bool:
    """Started from a terminal (or a console): it shows the progress and the messages."""
    return sys.stdin is not None and sys.stdin.isatty()


def set_up_with_progress(venv: Path) -> None:
    window = None if has_terminal() else ProgressWindow.open(
        "Setting up the game (this happens once) ...")
    if window is None:
        set_up(venv, lambda line: print(line, flush=True))
        return
    failure = []

    def work():
        try:
            set_up(venv, window.report)
        except SetupError as error:
            failure.append(error)

    window.run(work)
    if failure:
        raise failure[0]


def fail(message: str) -> int:
    """Say what went wrong where the player will see it; exit status 1."""
    print(f"Tourne Case: {message}", file=sys.stderr, flush=True)
    if not has_terminal():
        ProgressWindow.show_error(message)
    elif os.name == "nt" and _console_closes_on_exit():
        input("Press Enter to close this window.")
    return 1


def _console_closes_on_exit() -> bool:
    """Windows: True when the console was opened for this game alone (main.py double-clicked)."""
    import ctypes
    processes = (ctypes.c_uint32 * 2)()
    return ctypes.windll.kernel32.GetConsoleProcessList(processes, 2) <= 1


def relaunch(python: Path, argv) -> int:
    """Start this file again with the private environment's Python."""
    command = [str(python), str(HERE / "main.py"), *argv]
    env = dict(os.environ, **{RELAUNCHED: "1"})
    try:
        if os.name == "nt":     # Windows has no real exec: wait for the game, pass on its status
            return subprocess.call(command, env=env)
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
        os.execve(command[0], command, env)
    except OSError as error:
        return fail(f"could not start the game's own Python {python} ({error}). Delete the "
                    f"folder {python.parent.parent} and start again, or run: {MANUAL}")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if sys.version_info < (3, 11):
        return fail("this game needs Python 3.11 or newer; this is Python "
                    + sys.version.split()[0] + ". Get it from python.org and start again.")
    from game import cli
    if argv[:1] != ["analyze"]:
        cli.parse_args(argv)     # --help and bad arguments are answered before any set-up
    missing = missing_requirements(read_requirements(REQUIREMENTS))
    if getattr(sys, "frozen", False) or not missing:
        return cli.main(argv)
    if os.environ.get(RELAUNCHED):
        return fail(f"the game's packages are still missing after setting them up: "
                    f"{', '.join(missing)}. Delete the folder {venv_dir()} and start again, "
                    f"or run: {MANUAL}")
    venv = venv_dir()
    if not venv_is_ready(venv):
        print("The game's packages are missing here: " + ", ".join(missing), flush=True)
        try:
            set_up_with_progress(venv)
        except SetupError as error:
            return fail(str(error))
    return relaunch(venv_python(venv), argv)


if __name__ == "__main__":
    sys.exit(main())
