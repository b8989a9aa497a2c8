"""The board picture's cost at three window sizes (dummy video driver, a real display surface).

For each size, with no board cached (`render_board` and its wood tiles to compute):
- `first_ms`: the first table frame's board draw (median of REPEATS fresh starts);
- `later_ms`, `later_p95_ms`, `later_max_ms`: the frames after it, at a 60 Hz cadence for two
  second, each timed from its tick to the end of its board draw (so a wait for the interpreter
  lock held by the thread that sharpens a 4K board counts);
- `sharp_after_ms`: when the full-size picture replaced the preview (0: drawn in full at once);
- `resize_ms`: a board draw after the window went to another size and back.
The machine's load average is given too: on a busy machine every frame waits more.
"""
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
SIZES = ((960, 600), (1280, 800), (3840, 2160))
REPEATS = 3


def _board_area(size):
    """Where the table puts the board in a window of this size (the whole window if unknown)."""
    import pygame
    try:
        from game.view.table_hud import TableHud
        hud = TableHud()
        hud.layout(size)
        return pygame.Rect(hud.board_area)
    except (ImportError, AttributeError, TypeError):
        return pygame.Rect((0, 0), size)


def _forget_boards():
    from game.view import board_art
    for cached in (board_art.render_board, board_art._wood_tile):
        cached.cache_clear()


def _timed(draw) -> float:
    start = time.perf_counter()
    draw()
    return (time.perf_counter() - start) * 1000


def _frames(view, screen, seconds=2.0):
    """(frame times in ms at a 60 Hz cadence, ms until no board is sharpening any more)."""
    from game.view import board_art
    sharpening = getattr(board_art, "sharpening", lambda: False)
    pending = sharpening()
    times, start, sharp = [], time.perf_counter(), None
    tick = start
    while tick - start < seconds:
        tick += 1 / 60
        time.sleep(max(0.0, tick - time.perf_counter()))
        begin = time.perf_counter()
        view.draw_board(screen)
        times.append((time.perf_counter() - begin) * 1000 + (begin - tick) * 1000)
        if sharp is None and not sharpening():
            sharp = (time.perf_counter() - start) * 1000
    return times, (0.0 if not pending else sharp)


def _percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _measure(size) -> dict:
    import pygame
    from game.view import board_art
    from game.view.board_view import BoardView
    screen = pygame.display.set_mode(size)
    area = _board_area(size)
    firsts, later, sharp = [], [], []
    for _ in range(REPEATS):
        _forget_boards()
        view = BoardView()
        view.fit(area)
        firsts.append(_timed(lambda: view.draw_board(screen)))
        times, sharp_ms = _frames(view, screen)
        later += times
        sharp.append(sharp_ms)
    getattr(board_art, "wait_for_boards", lambda: None)()
    other = BoardView()
    other.fit(pygame.Rect(0, 0, area.w // 2, area.h // 2))
    other.draw_board(screen)
    view = BoardView()
    view.fit(area)
    resize = _timed(lambda: view.draw_board(screen))
    return {"first_ms": round(statistics.median(firsts), 1),
            "later_ms": round(statistics.median(later), 2),
            "later_p95_ms": round(_percentile(later, 0.95), 2),
            "later_max_ms": round(max(later), 2),
            "sharp_after_ms": None if None in sharp else round(statistics.median(sharp)),
            "resize_ms": round(resize, 2)}


def run() -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.display.init()
    try:
        figures = {f"{w}x{h}": _measure((w, h)) for w, h in SIZES}
        figures["load_average"] = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
        return figures
    finally:
        pygame.display.quit()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(run())
