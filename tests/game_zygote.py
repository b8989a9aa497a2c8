"""A Python that has imported the game once and forks a fresh game for each start it is asked
for (tests/forked_games.py is its other end; the kill test starts its fifty games so).

Every start of `main.py` pays the interpreter and the game's imports, about half of its start-up
(0.3 of 0.55 s of a core), and touches no file doing so; a fork of this process starts where
they are done. Each child is a process of its own, as a start from the shell's: it takes
the folder's lock, opens the window, loads the match and plays, through the same entry as
main.py (game.commands.first_start.main), and dies as it would.

    python tests/game_zygote.py ROOT

Reads one JSON request a line on stdin: {"token": n, "args": [...], "stderr": path}, forks, and
prints "started TOKEN PID"; prints "ended PID STATUS" (Popen's returncode: -9 when killed) as
each child ends. At the end of stdin it waits for its children, then ends.
"""
import json
import os
import select
import signal
import sys
import traceback


def play(root: str, request: dict, close: tuple) -> None:
    """In the child: the start main.py makes, its stderr to the file asked for. Never returns."""
    status = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in close:
            os.close(fd)
        log = os.open(request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(log, 2)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.close(log)
        os.close(null)
        sys.argv = [os.path.join(root, "main.py"), *request["args"]]
        from game.commands import first_start
        status = first_start.main()
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(status or 0)


def draw_the_first_board() -> None:
    """Draw the board at the size a game's window (--windowed: DEFAULT_SIZE) shows it on the
    priority and table scenes, as their TableHud and BoardView lay it out: board_art keeps
    it, and every fork finds it drawn (0.1 s of a core each, of ~0.35). Without a window
    here it stays in 32-bit pixels, where the game would convert it to the window's: the
    same pixels."""
    import pygame
    from game.view.board_art import render_board
    from game.view.board_view import BoardView
    from game.view.layout import DEFAULT_SIZE
    from game.view.table_hud import TableHud
    pygame.font.init()         # the numbers on the rails (no window, no other subsystem)
    hud, view = TableHud(), BoardView()
    hud.layout(DEFAULT_SIZE)
    view.fit(hud.board_area)
    rect = view.board_rect()
    render_board(rect.w, rect.h)


def main(root: str) -> None:
    sys.path.insert(0, root)
    os.chdir(root)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")     # stdout is for our news
    # What every start of the game imports before its first frame (python -X importtime).
    import pygame  # noqa: F401
    import numpy  # noqa: F401
    import game.app  # noqa: F401
    import game.commands.cli  # noqa: F401
    import game.commands.first_start  # noqa: F401
    import game.scenes.table.priority  # noqa: F401
    import game.scenes.table.scene  # noqa: F401
    import game.computer.tourne_case  # noqa: F401
    draw_the_first_board()

    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    children, pending, reading = set(), b"", True

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def reap() -> None:
        for pid in list(children):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                children.discard(pid)
                say(f"ended {pid} {os.waitstatus_to_exitcode(status)}")

    while reading or children:
        ready, _, _ = select.select([0, wake_r] if reading else [wake_r], [], [], 1.0)
        if wake_r in ready:
            os.read(wake_r, 4096)
        if 0 in ready:
            data = os.read(0, 65536)
            reading = bool(data)
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    play(root, request, (wake_r, wake_w))
                children.add(pid)
                say(f"started {request['token']} {pid}")
        reap()


if __name__ == "__main__":
    main(sys.argv[1])
