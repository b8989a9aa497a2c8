"""The Garanguet board's drawing cost per frame, beside Tourne Case's, at three window sizes
(dummy video driver, a real display surface).

For each size, once the shared tablier is drawn and sharp (its own cost is bench_art's):
- `garanguet_first_ms`: the first Garanguet board draw (the lettered rails and the margins made);
- `garanguet_frame_ms`, `garanguet_frame_p95_ms`: a frame's board and position afterwards
  (`draw_board` + `draw_position` of a middle game with a nine-stack), median and p95;
- `tourne_case_frame_ms`: the same for Tourne Case's board with its six checkers, as a yardstick.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZES = ((960, 600), (1280, 800), (3840, 2160))
FRAMES = 60
MIDDLE = "1*2,2*2,3,4,20*9/1*4,7*2,8*2,9,10,11,12,15*3/W"
TOURNE_CASE = "0,3,12/1,5,12/W"


def _board_area(size):
    import pygame
    from game.view.layout import px, ui_scale
    w, h = size
    s = ui_scale(size)
    return pygame.Rect(0, px(62, s), w, h - px(62, s) - px(70, s)).inflate(-px(16, s), -px(10, s))


def _frames(draw) -> list[float]:
    times = []
    for _ in range(FRAMES):
        start = time.perf_counter()
        draw()
        times.append((time.perf_counter() - start) * 1000)
    return times


def run() -> dict:
    import pygame
    from game.rules import Position
    from game.view import board_view as bv
    from game.view.board_art import render_board, wait_for_boards
    from game.view.garanguet_board import GaranguetBoardView

    pygame.display.init()
    pygame.font.init()
    figures = {}
    middle, tourne_case = Position.parse(MIDDLE), Position.parse(TOURNE_CASE)
    for size in SIZES:
        screen = pygame.display.set_mode(size)
        view = GaranguetBoardView()
        view.fit(_board_area(size))
        rect = view.board_rect()
        render_board(rect.w, rect.h)
        wait_for_boards()
        start = time.perf_counter()
        view.draw_board(screen)
        first = (time.perf_counter() - start) * 1000

        def garanguet():
            view.draw_board(screen)
            view.draw_position(screen, middle)
        frames = sorted(_frames(garanguet))

        tc = bv.BoardView()
        tc.fit(_board_area(size))
        tc_rect = tc.board_rect()
        render_board(tc_rect.w, tc_rect.h)
        wait_for_boards()

        def tourne():
            tc.draw_board(screen)
            for side, _, _, (x, y) in bv.slots(tourne_case):
                tc.draw_checker(screen, side, x, y)
        tc_frames = sorted(_frames(tourne))
        key = f"{size[0]}x{size[1]}"
        figures[key] = {
            "garanguet_first_ms": round(first, 1),
            "garanguet_frame_ms": round(statistics.median(frames), 2),
            "garanguet_frame_p95_ms": round(frames[int(0.95 * (len(frames) - 1))], 2),
            "tourne_case_frame_ms": round(statistics.median(tc_frames), 2),
        }
    figures["load_average"] = round(os.getloadavg()[0], 2)
    return figures


if __name__ == "__main__":
    print(run())
