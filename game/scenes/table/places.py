"""Where the table's things lie on screen - the field inside the rails, the checkers, the dice -
for the notices and cards to keep off them, and the hand to aim at."""
import pygame

from game.dice import DIE_SIZE
from game.geometry import tablier as g


def field_of(view) -> pygame.Rect:
    """The board's field on screen, inside the rails that carry the points' numbers or letters."""
    x0, y0 = view.to_screen(g.FIELD_LEFT, g.FIELD_TOP)
    x1, y1 = view.to_screen(g.FIELD_RIGHT, g.FIELD_BOTTOM)
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def checker_rects(view, position) -> list:
    """The checkers on screen in `position` (none for None): what the notices keep off. The
    last position's are kept on the view (each notice asks, every frame)."""
    if position is None:
        return []
    key = (position, view.scale, view.ox, view.oy)
    kept = getattr(view, "_checker_rects", None)
    if kept is None or kept[0] != key:
        r = view.length(g.CHECKER_R)
        rects = []
        for _side, _loc, _index, (x, y) in view.slots(position):
            sx, sy = view.to_screen(x, y)
            rects.append((round(sx - r), round(sy - r), 2 * r, 2 * r))
        kept = view._checker_rects = (key, tuple(rects))
    return [pygame.Rect(rect) for rect in kept[1]]


def dice_rects(view, playback) -> list:
    """Where the dice lie on screen (with their shadow and ring), dimmed ones included."""
    if playback is None:
        return []
    size = view.length(DIE_SIZE * 2.2)
    rects = []
    for state in playback.states():
        x, y = view.to_screen(state.x, state.y)
        rects.append(pygame.Rect(round(x - size / 2), round(y - size / 2), size, size))
    return rects
