"""Real games started by forking tests/game_zygote.py, a Python that has imported the game once:
for a test that starts many games and is not about the interpreter's own start (the kill test),
each start costs its process, the window, the match's loading and its play, not 0.3 s of
imports again. Each game is a process of its own with a Popen-like handle."""
import itertools
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ZYGOTE = Path(__file__).resolve().parent / "game_zygote.py"
#: Where a process forks safely after importing SDL (macOS's frameworks may not): elsewhere each
#: game is a fresh `python main.py`, as before.
FORKS = sys.platform.startswith("linux")


class Zygote:
    """The forking Python; `start(args, stderr)` is a new game. Use it in a `with`: leaving
    waits for the games still running (kill them first) and for the zygote itself."""

    def __init__(self, env: dict | None = None, timeout: float = 60.0):
        self.timeout, self.env = timeout, env
        if not FORKS:
            return
        self.process = subprocess.Popen([sys.executable, str(ZYGOTE), str(ROOT)], cwd=ROOT,
                                        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self._tokens = itertools.count()
        self._write = threading.Lock()
        self._news = threading.Condition()
        self.started: dict[int, int] = {}       # token -> pid
        self.ended: dict[int, int] = {}         # pid -> returncode
        self._reader = threading.Thread(target=self._read, name="zygote", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            kind, *numbers = line.split()
            if kind not in ("started", "ended") or len(numbers) != 2:
                continue                # not the zygote's news (a library's greeting)
            with self._news:
                if kind == "started":
                    self.started[int(numbers[0])] = int(numbers[1])
                else:
                    self.ended[int(numbers[0])] = int(numbers[1])
                self._news.notify_all()
        with self._news:
            self._news.notify_all()

    def until(self, ready, what: str, timeout: float | None = None) -> None:
        """Wait, bounded in wall time, for `ready()` (news from the zygote)."""
        with self._news:
            if not self._news.wait_for(lambda: ready() or not self._reader.is_alive(),
                                       timeout=self.timeout if timeout is None else timeout):
                raise TimeoutError(f"no news from the zygote: {what}")
            if not ready():
                raise RuntimeError(f"the zygote ended (status {self.process.poll()}): {what}")

    def start(self, args: list[str], stderr: Path) -> "ForkedGame | subprocess.Popen":
        if not FORKS:
            with open(stderr, "ab") as log:
                return subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT,
                                        env=self.env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=log)
        token = next(self._tokens)
        with self._write:
            self.process.stdin.write(json.dumps({"token": token, "args": args,
                                                 "stderr": str(stderr)}) + "\n")
            self.process.stdin.flush()
        self.until(lambda: token in self.started, f"start {token}")
        return ForkedGame(self, self.started[token])

    def __enter__(self) -> "Zygote":
        return self

    def __exit__(self, *exc) -> None:
        if not FORKS:
            return
        try:
            self.process.stdin.close()
            self.process.wait(timeout=self.timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self._reader.join(timeout=self.timeout)


class ForkedGame:
    """A forked game, as much of subprocess.Popen as the kill test asks of one."""

    def __init__(self, zygote: Zygote, pid: int):
        self.zygote, self.pid = zygote, pid

    @property
    def returncode(self) -> int | None:
        return self.zygote.ended.get(self.pid)

    def poll(self) -> int | None:
        return self.returncode

    def send_signal(self, signum: int) -> None:
        with self.zygote._news:
            if self.pid not in self.zygote.ended:     # still ours (not yet reaped)
                try:
                    os.kill(self.pid, signum)
                except ProcessLookupError:
                    # The zygote has reaped it and its "ended" line is on its way to our reader
                    # thread: the game has ended, as subprocess.Popen.send_signal takes it.
                    pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout: float | None = None) -> int:
        self.zygote.until(lambda: self.pid in self.zygote.ended, f"the end of game {self.pid}",
                          timeout)
        return self.returncode

