"""The Garanguet board's shape in board units: where each lettered point is, how fifteen checkers
stack on it, where each side's bear-off tray is, and which of them a board spot falls in.

Pure arithmetic over the same tablier as game/geometry/tablier.py (the dice roll on the same box), with
no pygame. The points are lettered a..x: a..l along the bottom row from left to right, m..x back
along the top row from right to left, so a faces x and l faces m. Black's path runs a -> x
(bottom row rightwards, then top row leftwards), White's x -> a (top row rightwards, then bottom
row leftwards): each side counts its own path 1..24 and 25 once borne off, and Black's point p is
White's 25 - p. Each side bears off at the far end of its path, into a tray just outside the
frame on the left: Black's beside x (top), White's beside a (bottom). Which location bears
which letter is the rule set's to say (`Rules.point_name`, `Rules.point_at`): this places them.
"""
from game.geometry import tablier as g
from game.rules import OFF, Side  # OFF: a side's location once borne off, the tray
from game.rules.garanguet import LETTERS, letter_of, location_of  # noqa: F401 (LETTERS: the rails' letters, as the rules name the points)

MARGIN = 2 * g.CHECKER_R + 26           # board units beside the frame: trays left, paths right
VIEW_LEFT = -MARGIN
VIEW_W = g.BOARD_W + 2 * MARGIN
VIEW_H = g.BOARD_H

STEP = g.CHECKER_R * 1.15               # spacing of a short stack, as in Tourne Case
BASE = g.CHECKER_R + 2                  # first checker's centre, in from the rail
REACH = g.POINT_LEN + 8                 # a stack's far edge stays within this of the rail
FULL = 1 + int((REACH - BASE - g.CHECKER_R) // STEP)   # checkers that stack at full spacing (6)
COUNT_FROM = 6                          # a stack this tall or taller shows its count

TRAY_W = 2 * g.CHECKER_R + 10          # a bear-off tray: one checker wide, with a little room
TRAY_GAP = 10.0                         # between the two trays, across the board's middle
TRAY_CAPTION = 30.0                     # at a tray's inner end, kept clear for its count


def _check_side(side: Side) -> None:
    if not isinstance(side, Side):
        raise ValueError(f"side must be a Side, not {side!r}")


def letter(side: Side, location: int) -> int:
    """The point (0..23 for a..x) of a side's location 1..24 on its own path: where the letter
    the rules name it by stands on the board."""
    _check_side(side)
    if not 1 <= location <= 24:
        raise ValueError(f"no point {location} on a Garanguet path (1..24)")
    return letter_of(side, location)


def location(side: Side, point: int) -> int:
    """A side's own count (1..24) of the point lettered LETTERS[point], as the rules read it."""
    _check_side(side)
    if not 0 <= point <= 23:
        raise ValueError(f"no point {point} on a Garanguet board (0..23)")
    return location_of(side, point)


def is_top(point: int) -> bool:
    """m..x lie on the top row, a..l on the bottom row."""
    return point >= 12


def point_x(point: int) -> float:
    """Centre x of a point: a..l left to right below, m..x right to left above."""
    return g.point_x(point + 1 if point < 12 else 24 - point)


def point_triangle(point: int) -> tuple[tuple[float, float], ...]:
    """The three corners of a point's triangle: base on its rail, tip towards the middle."""
    x, half = point_x(point), g.POINT_W / 2
    if is_top(point):
        return ((x - half, g.FIELD_TOP), (x + half, g.FIELD_TOP), (x, g.FIELD_TOP + g.POINT_LEN))
    return ((x - half, g.FIELD_BOTTOM), (x + half, g.FIELD_BOTTOM), (x, g.FIELD_BOTTOM - g.POINT_LEN))


def point_area(point: int) -> g.Rect:
    """What a click on this point covers: its column of the field from its rail (letter included)
    to the board's middle."""
    x, half = point_x(point), g.POINT_W / 2
    if is_top(point):
        return g.Rect(x - half, 0.0, g.POINT_W, g.BOARD_H / 2)
    return g.Rect(x - half, g.BOARD_H / 2, g.POINT_W, g.BOARD_H / 2)


def letter_centre(point: int) -> tuple[float, float]:
    """Where a point's letter is stamped: on its own rail, in line with the point."""
    return point_x(point), g.RAIL / 2 if is_top(point) else g.BOARD_H - g.RAIL / 2


def stack_step(count: int, reach: float = REACH) -> float:
    """Spacing between checker centres in a stack of `count`: full up to FULL, then closer, so
    that even fifteen stay within `reach` of the base."""
    if count <= 1:
        return STEP
    return min(STEP, (reach - BASE - g.CHECKER_R) / (count - 1))


def tray_rect(side: Side) -> g.Rect:
    """A side's bear-off tray, outside the frame on the left, beside the end of its path:
    Black's beside x (top), White's beside a (bottom)."""
    _check_side(side)
    x = -6.0 - TRAY_W                    # just clear of the frame
    h = g.BOARD_H / 2 - g.FIELD_TOP - TRAY_GAP
    return g.Rect(x, g.FIELD_TOP if side is Side.BLACK else g.BOARD_H / 2 + TRAY_GAP, TRAY_W, h)


def checker_centre(side: Side, location: int, index: int = 0, count: int | None = None) -> tuple[float, float]:
    """Where the index-th of `count` checkers on a location rests (index 0 on the point's base,
    or the tray's far end; higher ones towards the middle, closer together as the stack grows).
    Without a count, the checker is the stack's top one (count = index + 1)."""
    if count is None:
        count = index + 1
    if location == OFF:
        tray = tray_rect(side)
        top = side is Side.BLACK
        step = stack_step(count, tray.h - TRAY_CAPTION)
        x = tray.x + tray.w / 2
        base = tray.y + BASE if top else tray.y + tray.h - BASE
        return x, base + index * step if top else base - index * step
    point = letter(side, location)
    step = stack_step(count)
    x = point_x(point)
    if is_top(point):
        return x, g.FIELD_TOP + BASE + index * step
    return x, g.FIELD_BOTTOM - BASE - index * step


def point_at(x: float, y: float) -> int | None:
    """The point (0..23) whose area holds board spot (x, y), if any."""
    if not (g.FIELD_LEFT <= x <= g.BAR_LEFT or g.BAR_RIGHT <= x <= g.FIELD_RIGHT) or not 0 <= y <= g.BOARD_H:
        return None
    column = min(5, int(((x - g.FIELD_LEFT) if x <= g.BAR_LEFT else (x - g.BAR_RIGHT)) // g.POINT_W))
    column += 0 if x <= g.BAR_LEFT else 6            # 0..11, left to right
    return column if y >= g.BOARD_H / 2 else 23 - column


def tray_at(x: float, y: float, slack: float = 6.0) -> Side | None:
    """The side whose tray holds board spot (x, y), if any."""
    for side in (Side.BLACK, Side.WHITE):
        r = tray_rect(side)
        if r.x - slack <= x <= r.x + r.w + slack and r.y - slack <= y <= r.y + r.h + slack:
            return side
    return None


def location_at(side: Side, x: float, y: float) -> int | None:
    """A side's location (1..24 on its path, 25 its own tray) under board spot (x, y), if any.
    The other side's tray is nothing to this side."""
    _check_side(side)
    if tray_at(x, y) is side:
        return OFF
    point = point_at(x, y)
    return None if point is None else location(side, point)


def pips(locations) -> int:
    """A side's pip count: the points its checkers still have to travel to bear off (G-9)."""
    return sum(OFF - loc for loc in locations)
