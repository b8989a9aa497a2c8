"""The first start: the game's packages set up once, then the game (main.py calls `main`).

Started by a plain Python 3.11 that lacks the game's packages, it sets them up once in a private
virtual environment beside the game (.venv-game/), showing the progress (packages done out of
the total, the one under way), then starts the game with that environment's Python. A lock in
that folder makes a second start at the same moment wait for the first one's set-up. The next
start finds the environment ready and goes straight to the game, with no pip run. The set-up
window stays on screen, saying that the game is starting, until the game's own window is about
to open (the game says so through a file, `cli.READY`): no blank gap between the two. Only the
standard library is imported here, so this runs anywhere; the words come from the game's
catalogues (game/base/i18n.py needs nothing else), in the system's language or the one --language
names.
"""
import contextlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

try:
    from game.base import i18n, streams
    from game.base.folder_lock import try_lock
    from game.base.i18n import N_, _, n_
except Exception:   # a Python too old for the game, or a damaged copy: say it in English
    i18n = streams = None

    def try_lock(handle):
        raise OSError("no lock here")       # the set-up goes on unguarded, as without locks

    def _(message, **fields):
        return message.format(**fields) if fields else message

    def n_(singular, plural, n, **fields):
        return _(singular if n == 1 else plural, **fields)

    def N_(message):
        return message

HERE = Path(__file__).resolve().parents[2]        # the game's folder: main.py, requirements.txt
REQUIREMENTS = HERE / "requirements.txt"
VENV_NAME = ".venv-game"
STAMP = "tourne-case-requirements.txt"   # in the environment: the requirements it was set up with
LOCK = "tourne-case-setup.lock"          # in the environment: held by the start that sets it up
LOCK_WAIT = 30 * 60                      # seconds a second start waits for the first one's set-up
HOLD_MOST = 120.0                        # seconds the set-up window waits for the game's, at most
HOLD_AFTER = 1.5                         # seconds it stays once the game said its window opens
RELAUNCHED = "TOURNE_CASE_RELAUNCHED"    # set for the relaunched game, to never loop
MANUAL = "python -m pip install -r requirements.txt"   # a command: the same in every language
#: Said by the shell launchers (launchers/tourne-case.sh, install-linux.sh) before any Python
#: runs, through the gettext command and the game's catalogues: marked here for the catalogue.
LAUNCHER_WORDS = (N_("Tourne Case needs Python 3.11 or newer: https://www.python.org/downloads/"),
                  N_("Tourne Case is in your applications menu ({path})."))
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
    """The requirements this Python lacks (not installed, or not at the pinned version).

    Every start asks, so the answer comes first from the names of the installed packages'
    folders (`installed_versions`); only a requirement not found there at its pinned version
    is asked of importlib.metadata, whose import alone costs a start about 70 ms."""
    installed = installed_versions()
    missing = []
    for name, version in requirements:
        if version is not None and installed.get(project_key(name)) == version:
            continue
        from importlib import metadata
        try:
            found = metadata.version(name)
        except metadata.PackageNotFoundError:
            missing.append(_("{name} (not installed)", name=name))
            continue
        if version is not None and found != version:
            missing.append(_("{name} {version} (found {found})", name=name, version=version,
                             found=found))
    return missing


def installed_versions() -> dict:
    """{project: version} read from the `NAME-VERSION.dist-info` folders on sys.path (the
    wheel format's names: pip installs every package so), the first one in sys.path's order
    as importlib.metadata finds it. A folder named otherwise is simply not seen here."""
    found = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info"):
                project, _dash, version = name[:-len(".dist-info")].rpartition("-")
                if project:
                    found.setdefault(project_key(project), version)
    return found


def project_key(name: str) -> str:
    """A project's name as packaging compares it: case, "-", "_" and "." do not count."""
    return re.sub(r"[-_.]+", "-", name).lower()


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


def install_steps(path: Path) -> list:
    """The pip runs that install a requirements file, one requirement each, so that the set-up
    can say how many are done and which one is under way: [(label, pip arguments)]. A file
    with options (-r, --index-url ...) is installed in one run."""
    try:
        lines = [line.split("#", 1)[0].strip()
                 for line in path.read_text(encoding="utf-8").splitlines()]
    except OSError:
        lines = []
    lines = [line for line in lines if line]
    if not lines or any(line.startswith("-") or not REQUIREMENT.match(line) for line in lines):
        return [(_("the game's packages"), ["-r", str(path)])]
    steps = []
    for line in lines:
        name, version = REQUIREMENT.match(line).groups()
        steps.append((f"{name} {version}" if version else name, [line]))
    return steps


def set_up(venv: Path, report=print, progress=None) -> None:
    """Create the environment if needed and install requirements.txt into it (SetupError).

    `progress(done, total, current)` hears of each requirement as its install starts, and
    (total, total, "") at the end; `report(line)` gets every line pip prints."""
    python = venv_python(venv)
    steps = install_steps(REQUIREMENTS)
    if not python.exists():
        if progress is not None:
            progress(0, len(steps), "")
        report(_("Setting up the game's own Python environment in {folder} ...", folder=venv))
        import venv as venv_module
        try:
            clear_environment(venv)
            venv_module.EnvBuilder(with_pip=True, symlinks=os.name != "nt").create(venv)
        except (OSError, subprocess.CalledProcessError) as error:
            raise SetupError(_(
                "could not create a Python environment in {folder} ({error}).\n"
                "On Debian or Ubuntu, install python3-venv (sudo apt install python3-venv);\n"
                "or install the game's packages yourself: {command}",
                folder=venv, error=error, command=MANUAL)) from None
    report(_("Downloading and installing the game's packages (this happens once) ..."))
    for done, (label, arguments) in enumerate(steps):
        if progress is not None:
            progress(done, len(steps), label)
        report(_("[{number}/{total}] Installing {package} ...", number=done + 1,
                 total=len(steps), package=label))
        try:
            status, output = run_with_progress(
                [str(python), "-m", "pip", "install", "--disable-pip-version-check",
                 "--timeout", "30", "--retries", "2", *arguments], report)
        except OSError as error:        # the environment's Python would not even start
            status, output = 1, [str(error)]
        if status != 0:
            last = next((line for line in reversed(output) if line.strip()), "")
            if last:
                raise SetupError(_(
                    "could not download the game's dependencies (pip said: {pip}).\n"
                    "Connect to the internet and start the game again, or run: {command}",
                    pip=last.strip(), command=MANUAL))
            raise SetupError(_(
                "could not download the game's dependencies.\n"
                "Connect to the internet and start the game again, or run: {command}",
                command=MANUAL))
    if progress is not None:
        progress(len(steps), len(steps), "")
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


def clear_environment(venv: Path) -> None:
    """Empty a half-made environment before making it again, keeping only the set-up lock."""
    if not venv.is_dir():
        return
    for entry in venv.iterdir():
        if entry.name == LOCK:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


@contextlib.contextmanager
def set_up_lock(venv: Path, report=print, wait: float = LOCK_WAIT):
    """Held while one start sets up the environment: a second start at the same time (two
    double-clicks) waits here, then finds the environment ready instead of installing into it
    side by side. The operating system's file lock (fcntl, msvcrt; game/base/folder_lock.py, which
    also keeps one game per data folder) ends with the process that holds it, so a start that
    crashed or was killed leaves no stale lock behind: the file that stays is only a note of
    who held it last. Raises SetupError after `wait` seconds."""
    try:
        venv.mkdir(parents=True, exist_ok=True)
        handle = open(venv / LOCK, "a+", encoding="utf-8")
    except OSError as error:
        raise SetupError(_("could not write in {folder} ({error}).\n"
                           "Install the game's packages yourself: {command}",
                           folder=venv, error=error, command=MANUAL)) from None
    try:
        try:
            got = try_lock(handle)
        except OSError:         # a file system without locks: go on unguarded, as before
            got, wait = True, None
        if not got:
            report(_("Another start of the game is setting it up; waiting for it to finish ..."))
            deadline = time.monotonic() + wait
            while not got:
                if time.monotonic() > deadline:
                    minutes = max(1, round(wait / 60))
                    raise SetupError(n_(
                        "another start of the game ({holder}) has been setting it up for more "
                        "than {n} minute. Close it, or delete the folder {folder}, and start "
                        "again.",
                        "another start of the game ({holder}) has been setting it up for more "
                        "than {n} minutes. Close it, or delete the folder {folder}, and start "
                        "again.", minutes, holder=_holder(venv), n=minutes, folder=venv))
                time.sleep(0.2)
                got = try_lock(handle)
        if wait is not None:
            handle.seek(0)
            handle.truncate()
            handle.write(f"pid {os.getpid()} since {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
            handle.flush()
        yield
    finally:
        handle.close()          # closing the file releases the lock


def _holder(venv: Path) -> str:
    try:
        return (venv / LOCK).read_text(encoding="utf-8").strip() or _("unknown")
    except OSError:
        return _("unknown")


class SetupProgress:
    """What the set-up is doing, for the window and the terminal alike: requirements done out
    of the total, the one being installed, and pip's latest line. Written by the set-up's
    thread, read by the window's: each field is replaced whole, never half-written. The summary
    is put in words when it is read, in the language spoken then."""

    def __init__(self):
        self.done, self.total, self.current = 0, 0, ""
        self.latest = _("Starting ...")

    def step(self, done: int, total: int, current: str) -> None:
        self.done, self.total, self.current = done, total, current

    def line(self, text: str) -> None:
        if text.strip():
            self.latest = text.strip()[:100]

    def summary(self) -> str:
        if not self.total:
            return _("Preparing ...")
        if self.done >= self.total:
            return n_("The package is installed; starting the game ...",
                      "All {n} packages installed; starting the game ...", self.total,
                      n=self.total)
        if not self.current:
            return n_("Making the game's own Python environment, then {n} package ...",
                      "Making the game's own Python environment, then {n} packages ...",
                      self.total, n=self.total)
        return _("Installing {package} ({number} of {total}; {done} done)",
                 package=self.current, number=self.done + 1, total=self.total, done=self.done)


class ProgressWindow:
    """A small window showing the set-up's progress, for a start without a terminal.

    Optional: None from `open()` when tkinter or a display is missing; the terminal still shows
    everything. The work runs in a thread while Tk keeps the window alive in this one."""

    def __init__(self, tk, root, heading):
        self.tk, self.root, self.progress = tk, root, SetupProgress()
        root.title("Tourne Case")          # the game's name, in every language
        tk.Label(root, text=heading, font=("TkDefaultFont", 12, "bold")).pack(padx=20,
                                                                             pady=(16, 6))
        self.summary = tk.Label(root, text=self.progress.summary(), width=70, anchor="w")
        self.summary.pack(padx=20)
        self.line = tk.Label(root, text=self.progress.latest, width=70, anchor="w",
                             justify="left", wraplength=520, fg="#555555")
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
        self.progress.line(line)

    def run(self, work) -> None:
        """Run `work()` in a thread, refreshing the window until it ends; the window stays
        open (`hold` or `close` it)."""
        from tkinter import ttk
        self.bar = bar = ttk.Progressbar(self.root, mode="determinate", length=520, maximum=1.0)
        bar.pack(padx=20, pady=(0, 16))
        worker = threading.Thread(target=work, daemon=True)
        worker.start()

        def refresh():
            progress = self.progress
            self.summary.config(text=progress.summary())
            self.line.config(text=progress.latest)
            bar.config(value=progress.done / progress.total if progress.total else 0.0)
            if worker.is_alive():
                self.root.after(100, refresh)
            else:
                self.root.quit()        # out of the loop; the window stays on screen

        refresh()
        self.root.mainloop()
        worker.join()

    def hold(self, shown, most: float = HOLD_MOST) -> None:
        """Say that the game is starting until `shown()` (the game's window opens, or the game
        ended), then a moment more so that the two windows meet; `most` seconds at most."""
        self.summary.config(text=_("Starting the game ..."))
        self.line.config(text="")
        self.bar.config(mode="indeterminate")
        self.bar.start(12)
        ends = time.monotonic() + most

        def check():
            if shown() or time.monotonic() > ends:
                self.root.after(int(HOLD_AFTER * 1000), self.close)
            else:
                self.root.after(100, check)

        check()
        self.root.mainloop()

    def close(self) -> None:
        try:
            self.root.destroy()
        except Exception:        # already gone (the player closed it)
            pass

    @staticmethod
    def show_error(message: str) -> None:
        window = ProgressWindow.open(_("Tourne Case could not start"))
        if window is None:
            return
        window.summary.config(text="")
        window.line.config(text=message[:1].upper() + message[1:], fg="black")
        window.tk.Button(window.root, text=_("Close"), command=window.root.destroy).pack(pady=8)
        window.root.mainloop()


def has_terminal() -> bool:
    """Started from a terminal (or a console): it shows the progress and the messages."""
    return sys.stdin is not None and sys.stdin.isatty()


def set_up_once(venv: Path, report, progress=None) -> None:
    """Set up the environment under the set-up lock; if another start set it up while this one
    waited for the lock, use it as it is."""
    with set_up_lock(venv, report):
        if venv_is_ready(venv):
            report(_("Another start of the game has set it up: starting the game ..."))
            return
        set_up(venv, report, progress)


def set_up_with_progress(venv: Path):
    """Set up, in the set-up window when there is no terminal; that window, still open to say
    that the game starts (None in a terminal)."""
    window = None if has_terminal() else ProgressWindow.open(
        _("Setting up the game (this happens once) ..."))
    if window is None:
        set_up_once(venv, lambda line: print(line, flush=True))
        return None
    failure = []

    def work():
        try:
            set_up_once(venv, window.report, window.progress.step)
        except SetupError as error:
            failure.append(error)

    window.run(work)
    if failure:
        window.close()
        raise failure[0]
    return window


def fail(message: str) -> int:
    """Say what went wrong where the player will see it; exit status 1."""
    print(_("Tourne Case: {problem}", problem=message), file=sys.stderr, flush=True)
    if not has_terminal():
        ProgressWindow.show_error(message)
    elif os.name == "nt" and _console_closes_on_exit():
        input(_("Press Enter to close this window."))
    return 1


def _console_closes_on_exit() -> bool:
    """Windows: True when the console was opened for this game alone (main.py double-clicked)."""
    import ctypes
    processes = (ctypes.c_uint32 * 2)()
    return ctypes.windll.kernel32.GetConsoleProcessList(processes, 2) <= 1


def relaunch(python: Path, argv, window=None) -> int:
    """Start this file again with the private environment's Python; the set-up `window`, when
    there is one, stays until the game's opens."""
    command = [str(python), str(HERE / "main.py"), *argv]
    env = dict(os.environ, **{RELAUNCHED: "1"})
    try:
        if window is not None:
            return behind_the_window(window, command, env)
        if os.name == "nt":     # Windows has no real exec: wait for the game, pass on its status
            return subprocess.call(command, env=env)
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
        os.execve(command[0], command, env)
    except OSError as error:
        return fail(_("could not start the game's own Python {python} ({error}). Delete the "
                      "folder {folder} and start again, or run: {command}", python=python,
                      error=error, folder=python.parent.parent, command=MANUAL))


def behind_the_window(window, command, env) -> int:
    """Start the game while the set-up window says so, close that window once the game's is
    about to open (the game touches the file named in cli.READY; or it ended), and wait for
    the game, passing on its exit status and the signals that end it."""
    import signal
    import tempfile
    from game.commands import cli
    with tempfile.TemporaryDirectory(prefix="tourne-case-") as folder:
        ready = Path(folder) / "ready"
        process = subprocess.Popen(command, env=dict(env, **{cli.READY: str(ready)}))
        for signum in cli.ENDING_SIGNALS if os.name != "nt" else ():   # POSIX: SIGTERM, SIGHUP
            try:
                signal.signal(signum, lambda number, frame: process.send_signal(number))
            except (ValueError, OSError):
                pass
        try:
            window.hold(lambda: ready.exists() or process.poll() is not None)
        except Exception:       # the window was closed meanwhile: nothing left to show
            pass
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:       # Ctrl+C reaches the game too: wait for its save
                continue


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if streams is not None:
        streams.any_terminal()      # every message prints, whatever the terminal's encoding
    if i18n is not None:
        i18n.set_language(None)      # the system's language; cli reads --language below
    if sys.version_info < (3, 11):
        return fail(_("this game needs Python 3.11 or newer; this is Python {version}. Get it "
                      "from python.org and start again.", version=sys.version.split()[0]))
    from game.commands import cli
    if argv[:1] != ["analyze"]:
        cli.parse_args(argv)     # --help and bad arguments are answered before any set-up
    missing = missing_requirements(read_requirements(REQUIREMENTS))
    if getattr(sys, "frozen", False) or not missing:
        return cli.main(argv)
    if os.environ.get(RELAUNCHED):
        return fail(_("the game's packages are still missing after setting them up: "
                      "{missing}. Delete the folder {folder} and start again, or run: {command}",
                      missing=", ".join(missing), folder=venv_dir(), command=MANUAL))
    venv = venv_dir()
    if venv_is_ready(venv):
        return relaunch(venv_python(venv), argv)
    # Every one of them goes into the game's own environment, so the list is the set-up's
    # (the "[1/5]" that follows), not what this Python happens to lack.
    print(_("The game's packages are missing here: {missing}",
            missing=", ".join(label for label, arguments in install_steps(REQUIREMENTS))),
          flush=True)
    try:
        window = set_up_with_progress(venv)
    except SetupError as error:
        return fail(str(error))
    if window is None:
        return relaunch(venv_python(venv), argv)
    return relaunch(venv_python(venv), argv, window)

