"""The tablier's shape in board units (about 0.6 mm each), shared by the dice physics and the screen.

Pure data and arithmetic: no pygame, no pymunk. The screen scales board units to pixels; the
physics works in board units directly, so a die that rests on a rail on screen rests on it in
the simulation too.

Layout (top-down, as in the 1699 figure): White's row of points on top, Black's row below, both
counted 1..12 from left to right; the bar splits points 1-6 from 7-12. Checkers not yet entered
wait outside the frame on the left, beside their own row.
"""
from dataclasses import dataclass

from game.rules import Side

# The whole box, frame included.
BOARD_W = 1000.0
BOARD_H = 640.0
RAIL = 34.0            # width of the raised frame on every side
BAR_W = 44.0           # width of the bar between the two halves
FIELD_LEFT = RAIL
FIELD_RIGHT = BOARD_W - RAIL
FIELD_TOP = RAIL
FIELD_BOTTOM = BOARD_H - RAIL
BAR_LEFT = (BOARD_W - BAR_W) / 2
BAR_RIGHT = BAR_LEFT + BAR_W
HALF_W = BAR_LEFT - FIELD_LEFT          # width of one half of the field
POINT_W = HALF_W / 6                    # width of one point (triangle base)
POINT_LEN = 250.0                       # length of a triangle, from the rail towards the middle

# Heights (board units above the felt) for the dice's height model.
RAIL_HEIGHT = 26.0
BAR_HEIGHT = 26.0
CHECKER_HEIGHT = 9.0
CHECKER_R = 31.0

TOP, BOTTOM = "top", "bottom"


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


FIELD_HALVES = (
    Rect(FIELD_LEFT, FIELD_TOP, BAR_LEFT - FIELD_LEFT, FIELD_BOTTOM - FIELD_TOP),
    Rect(BAR_RIGHT, FIELD_TOP, FIELD_RIGHT - BAR_RIGHT, FIELD_BOTTOM - FIELD_TOP),
)
BAR = Rect(BAR_LEFT, FIELD_TOP, BAR_W, FIELD_BOTTOM - FIELD_TOP)
RAILS = (
    Rect(0, 0, BOARD_W, RAIL),                      # top
    Rect(0, BOARD_H - RAIL, BOARD_W, RAIL),         # bottom
    Rect(0, 0, RAIL, BOARD_H),                      # left
    Rect(BOARD_W - RAIL, 0, RAIL, BOARD_H),         # right
)


def row_of(side: Side) -> str:
    """White plays on the top row, Black on the bottom row."""
    return TOP if side is Side.WHITE else BOTTOM


def point_x(point: int) -> float:
    """Centre x of point 1..12 (the same for both rows: point k faces point k)."""
    if not 1 <= point <= 12:
        raise ValueError(f"no point {point} on a Tourne Case row")
    i = point - 1
    left = FIELD_LEFT if i < 6 else BAR_RIGHT
    return left + (i % 6 + 0.5) * POINT_W


def point_triangle(side: Side, point: int) -> tuple[tuple[float, float], ...]:
    """The three corners of a point's triangle: base on the side's own rail, tip towards the middle."""
    x = point_x(point)
    half = POINT_W / 2
    if row_of(side) == TOP:
        return ((x - half, FIELD_TOP), (x + half, FIELD_TOP), (x, FIELD_TOP + POINT_LEN))
    return ((x - half, FIELD_BOTTOM), (x + half, FIELD_BOTTOM), (x, FIELD_BOTTOM - POINT_LEN))


def checker_centre(side: Side, point: int, index: int = 0) -> tuple[float, float]:
    """Where the index-th checker on a point rests: on its base, stacking towards the middle.

    point 0 = not entered (outside the left of the frame, beside the own row),
    point -1 = hit and waiting on the bar (Bell, compulsory re-entry), 1..12 on the board.
    """
    top = row_of(side) == TOP
    step = CHECKER_R * 1.15
    if point == 0:
        x = -CHECKER_R - 10
        y0 = FIELD_TOP + CHECKER_R if top else FIELD_BOTTOM - CHECKER_R
        return x, (y0 + index * 2 * CHECKER_R + index * 4) if top else (y0 - index * 2 * CHECKER_R - index * 4)
    if point == -1:
        x = (BAR_LEFT + BAR_RIGHT) / 2
        y0 = BOARD_H / 2 - CHECKER_R - 6 if top else BOARD_H / 2 + CHECKER_R + 6
        return x, (y0 - index * step) if top else (y0 + index * step)
    x = point_x(point)
    y0 = FIELD_TOP + CHECKER_R + 2 if top else FIELD_BOTTOM - CHECKER_R - 2
    return x, (y0 + index * step) if top else (y0 - index * step)
