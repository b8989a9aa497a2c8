"""One game per data folder: a second start on a folder in use plays nothing and says so.

Two games on one folder would both resume the same saved match and both write it, the last
writer silently wiping the other's moves. The game therefore holds a lock on `tourne-case.lock`
in its data folder while it runs: the operating system's own (fcntl.flock on POSIX,
msvcrt.locking on Windows), which ends with the process that holds it, so a game that crashed
or was killed leaves no stale lock and the next start takes the folder over. The file stays;
it only notes who held it last ("pid 1234"), which a second start uses to ask the running game
to come forward (POSIX: the signal COME_FORWARD, answered by `answer_calls`).

The set-up's own lock (main.py) takes its lock with `try_lock` too. Only the standard library
is imported here: main.py and the command line read it before any set-up, pygame included.
"""
import os
import re
import signal
import stat
import sys
import warnings
from pathlib import Path

LOCK_FILE = "tourne-case.lock"
#: POSIX: what a second start sends the running game to bring its window forward.
COME_FORWARD = getattr(signal, "SIGUSR1", None)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def try_lock(handle) -> bool:
    """Take the lock on `handle` without waiting: True if this process now holds it. OSError
    on a file system without locks."""
    if os.name == "nt":
        import msvcrt
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        except OSError as error:
            if error.errno in (13, 36):         # EACCES, EDEADLOCK: another process holds it
                return False
            raise
        return True
    import fcntl
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class FolderLock:
    """The lock of one data folder, held from `take()` until `release()` (or the process ends)."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.path = self.folder / LOCK_FILE
        self._handle = None

    def take(self) -> bool:
        """True when this game may play on the folder: it holds the lock now, or the folder
        cannot hold one (read-only, a file system without locks, something other than a file
        in the lock's place), where nothing changes from a game without a lock. False when
        another game holds it."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _BINARY,
                         0o644)
        except OSError:
            return True
        handle = open(fd, "r+b", buffering=0)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode) or try_lock(handle):
                self._handle = handle
                self._note_holder()
                return True
        except OSError:
            self._handle = handle
            return True
        handle.close()
        return False

    def _note_holder(self) -> None:
        try:
            self._handle.seek(0)
            self._handle.truncate()
            self._handle.write(f"pid {os.getpid()}\n".encode("ascii"))
        except OSError:
            pass

    def holder(self) -> int | None:
        """The process id of the game holding the folder, as it noted it (None if unknown)."""
        try:
            with open(self.path, "rb") as f:
                found = re.match(rb"pid (\d{1,10})\b", f.read(64))
        except OSError:
            return None
        return int(found.group(1)) if found else None

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()        # closing the file releases the lock
            self._handle = None

    def __enter__(self) -> "FolderLock":
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def can_call_forward() -> bool:
    """Whether this platform lets a second start ask the running game to come forward."""
    return COME_FORWARD is not None


def call_forward(pid: int | None) -> bool:
    """Ask the game `pid` (the holder of a folder) to bring its window forward; True if asked."""
    if COME_FORWARD is None or not pid or pid == os.getpid():
        return False
    try:
        os.kill(pid, COME_FORWARD)
    except OSError:
        return False
    return True


def answer_calls() -> None:
    """In the game that is about to take a folder: a call from a second start brings its
    window forward (set before the lock is taken, so that no call ever finds the game without
    an answer: the signal's default would end it)."""
    if COME_FORWARD is None:
        return
    try:
        signal.signal(COME_FORWARD, _come_forward)
    except (ValueError, OSError):       # not the main thread
        pass


def _come_forward(signum, frame) -> None:
    """Raise the game's window over the others, restored if it was minimised. Run by Python
    between two steps of the main thread, never inside a pygame call; never raises."""
    pygame = sys.modules.get("pygame")
    try:
        if pygame is None or not pygame.display.get_init() or \
                pygame.display.get_surface() is None:
            return          # no window yet: it opens in front anyway
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.restore()
        window.focus()
    except Exception:       # a call must never disturb the game
        pass
