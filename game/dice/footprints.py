"""Where dice at rest lie and how they are seen: their footprints on the board, their top faces
and outlines as the camera draws them, and the order in which they must be drawn.

The camera looks down on the tablier tilted towards the player: a point at height h is drawn
LIFT * h higher on screen. So a die further down the board (nearer the player) or higher up must
be drawn after the dice it hides; the order is by depth along the view (`depth`). Two dice whose
footprints overlap lie one on the other, and that is no flat throw (C-2): `crowded` finds them,
for the physics to take the throw again. No pygame here; `game.view.dice_sprite` draws.
"""
import math

from game.dice.height import DIE_SIZE

LIFT = 0.35          # screen rise per unit of height (the camera's tilt)
#: Overlaps shallower than this (board units) are contacts, not one die on another.
TOUCH = 0.75


def depth(state) -> float:
    """How near the eye a die is: along the view (0, LIFT, 1), at the die's centre."""
    return LIFT * state.y + state.z + DIE_SIZE / 2


def drawing_order(states) -> list:
    """The dice from the farthest to the nearest: each drawn over the ones behind it."""
    return sorted(states, key=depth)


def footprint(state) -> list[tuple[float, float]]:
    """The corners of the square a die covers on the board."""
    c, s, h = math.cos(state.angle), math.sin(state.angle), DIE_SIZE / 2
    return [(state.x + u * c - v * s, state.y + u * s + v * c)
            for u, v in ((-h, -h), (h, -h), (h, h), (-h, h))]


def _raised(corners, height: float) -> list[tuple[float, float]]:
    return [(x, y - height * LIFT) for x, y in corners]


def top_face(state) -> list[tuple[float, float]]:
    """The die's top face as drawn (board units, lifted by its height)."""
    return _raised(footprint(state), state.z + DIE_SIZE)


def outline(state) -> list[tuple[float, float]]:
    """Everything the die covers on screen: its bottom and top squares and the sides between."""
    square = footprint(state)
    return _hull(_raised(square, state.z) + _raised(square, state.z + DIE_SIZE))


def overlap(p, q) -> float:
    """How deep two convex polygons overlap (the least push that parts them); 0 if apart."""
    least = math.inf
    for poly in (p, q):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y1 - y2, x2 - x1
            n = math.hypot(nx, ny)
            if n == 0:
                continue
            a = [(x * nx + y * ny) / n for x, y in p]
            b = [(x * nx + y * ny) / n for x, y in q]
            least = min(least, min(max(a), max(b)) - max(min(a), min(b)))
            if least <= 0:
                return 0.0
    return least


def crowded(states) -> int | None:
    """The index of a die that lies on another or hides another's top face once drawn, or None.

    Footprints that overlap deeper than TOUCH: one die is on or in the other. A top face under a
    die drawn after it: its number cannot be read whole."""
    order = sorted(range(len(states)), key=lambda i: depth(states[i]))
    for k, i in enumerate(order):
        for j in order[k + 1:]:
            a, b = states[i], states[j]
            if (overlap(footprint(a), footprint(b)) > TOUCH
                    or overlap(top_face(a), outline(b)) > TOUCH):
                return j
    return None


def _hull(points):
    """The convex hull (Andrew's monotone chain), counter-clockwise."""
    points = sorted(set(points))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
