"""The tablier on screen: board units <-> pixels, the board picture and the checkers.

`Board` is what the table scene asks of a game's board, whatever the game: where the board sits
(fit, to_screen, to_board), where each checker rests and how they stack (slots,
checker_centre, landing_centre), the way a checker travels (path), which area was clicked
(area_at) and the drawing. `BoardView` below is Tourne Case's board; Garanguet's subclasses it
and changes the geometry. game/scenes/boards.py says which game each board draws.

The board is drawn at the window's own size (never a scaled-up bitmap), so it stays crisp from
960x600 to 4K. Board units are those of game/geometry/tablier.py; not-entered checkers wait outside the
frame on the left, so the view keeps a margin there (and the same on the right, to stay centred).
"""
import functools
import math
from typing import Protocol

import pygame

from game.geometry import tablier as g
from game.rules import Side

MARGIN = 2 * g.CHECKER_R + 26          # board units beside the frame for the waiting checkers
VIEW_LEFT = -MARGIN
VIEW_W = g.BOARD_W + 2 * MARGIN
VIEW_H = g.BOARD_H

GLOW = (255, 214, 102)
SHADOW = (0, 0, 0, 70)


Slot = tuple[Side, int, int, tuple[float, float]]    # side, location, index on it, board centre
Area = tuple[str, int]                               # ("checker" or "point", location)


class Board(Protocol):
    """A game's board as the table scene uses it. Locations are the engine's (a side's own path);
    sides are Sides; x, y are board units; drawing goes to a pygame surface. The points are
    named by the rules (`Rules.point_name`, `Rules.say_move`), not by the board."""

    scale: float                                     # pixels per board unit (0 before fit)

    def fit(self, area) -> None: ...
    def to_screen(self, x: float, y: float) -> tuple[float, float]: ...
    def to_board(self, px: float, py: float) -> tuple[float, float]: ...
    def length(self, units: float) -> int: ...
    def board_rect(self): ...
    def centre(self) -> tuple[float, float]: ...                          # where banners show
    def slots(self, position) -> list[Slot]: ...                          # every checker, stacked
    def checker_centre(self, side: Side, location: int, index: int = 0) -> tuple[float, float]: ...
    def landing_centre(self, position, side: Side, location: int) -> tuple[float, float]: ...
    def path(self, side: Side, origin: int, destination: int, start, end) -> list: ...
    def area_at(self, position, side: Side, x: float, y: float, lit=()) -> Area | None: ...
    def away_from(self, location: int) -> float: ...                       # x of the far half
    def draw_board(self, surface) -> None: ...
    def draw_checker(self, surface, side: Side, x: float, y: float, height: float = 0.0) -> None: ...
    def ring(self, surface, x, y, colour=..., width_units=..., radius_units=..., alpha=...) -> None: ...
    def disc(self, surface, x, y, colour, alpha: int, radius_units=...) -> None: ...
    def ripple(self, surface, ripple) -> None: ...
    def point_glow(self, surface, side: Side, location: int, colour=..., alpha: int = 70) -> None: ...
    def draw_labels(self, surface, position, skip=frozenset()) -> None: ...  # counts over checkers
    def is_on_field(self, location: int) -> bool: ...      # a checker there lies in the dice's box
    def pip_counts(self, position) -> dict: ...            # Side -> pips, or {} if none shown
    # a still picture of the board, as the rules screen's diagrams draw it (game/scenes/learn/diagrams.py)
    def draw_still(self, surface) -> None: ...                            # the board alone
    def draw_counts(self, surface, position) -> None: ...                 # counts on tall stacks
    def top_centre(self, position, side: Side, location: int) -> tuple[float, float]: ...
    def is_off_board(self, location: int) -> bool: ...     # borne off, beside the board


class BoardView:
    """Tourne Case's board (a `Board`): where it sits in the window, where its checkers rest,
    and how it and they are drawn there."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)   # the area the board is fitted into
        self.scale = 1.0                      # pixels per board unit
        self.ox = self.oy = 0.0               # pixel position of board point (0, 0)
        self._board = None
        self._checkers: dict = {}
        self._layers: dict = {}

    def fit(self, area: pygame.Rect) -> None:
        """Fit the board (with its side margins) into `area`; re-renders only when the size changes."""
        area = pygame.Rect(area)
        if area == self.rect:
            return
        self.rect = area
        self.scale = min(area.w / VIEW_W, area.h / VIEW_H)
        self.ox = area.x + (area.w - VIEW_W * self.scale) / 2 - VIEW_LEFT * self.scale
        self.oy = area.y + (area.h - VIEW_H * self.scale) / 2
        self._board = None
        self._checkers.clear()
        self._layers.clear()

    # -- coordinates
    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.scale, self.oy + y * self.scale

    def to_board(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.ox) / self.scale, (py - self.oy) / self.scale

    def length(self, units: float) -> int:
        return max(1, round(units * self.scale))

    def board_rect(self) -> pygame.Rect:
        x, y = self.to_screen(0, 0)
        return pygame.Rect(round(x), round(y), self.length(g.BOARD_W), self.length(g.BOARD_H))

    def centre(self) -> tuple[float, float]:
        return g.BOARD_W / 2, g.BOARD_H / 2

    # -- where the checkers are
    def slots(self, position) -> list[Slot]:
        return slots(position)

    def checker_centre(self, side: Side, location: int, index: int = 0) -> tuple[float, float]:
        return g.checker_centre(side, location, index)

    def landing_centre(self, position, side: Side, location: int) -> tuple[float, float]:
        return landing_centre(position, side, location)

    def path(self, side: Side, origin: int, destination: int, start, end) -> list:
        return along_points(side, origin, destination, start, end)

    def away_from(self, location: int) -> float:
        """The x of the half of the field away from `location` (for a panel that must not hide it)."""
        right = not 1 <= location <= 12 or g.point_x(location) < g.BAR_LEFT
        return (g.BAR_RIGHT + g.FIELD_RIGHT) / 2 if right else (g.FIELD_LEFT + g.BAR_LEFT) / 2

    def area_at(self, position, side: Side, x: float, y: float, lit=()) -> Area | None:
        """What a click at (x, y) means for `side`: a lit point (its landing spot or anywhere on
        its point), else one of the side's checkers, else a point of its row, else nothing."""
        top = g.row_of(side) == g.TOP
        on_row = g.FIELD_TOP <= y <= g.BOARD_H / 2 if top else g.BOARD_H / 2 <= y <= g.FIELD_BOTTOM
        for dest in lit:
            if math.dist((x, y), self.landing_centre(position, side, dest)) <= g.CHECKER_R * 1.3:
                return "point", dest
            if on_row and 1 <= dest <= 12 and abs(x - g.point_x(dest)) <= g.POINT_W / 2:
                return "point", dest
        for s, loc, _, centre in reversed(self.slots(position)):
            if s is side and math.dist((x, y), centre) <= g.CHECKER_R * 1.1:
                return "checker", loc
        if on_row:
            for point in range(1, 13):
                if abs(x - g.point_x(point)) <= g.POINT_W / 2:
                    return "point", point
        return None

    # -- drawing
    def draw_board(self, surface: pygame.Surface) -> None:
        rect = self.board_rect()
        from game.view.board_art import blit_board, render_board
        if self._board is None or self._board.get_size() != rect.size:
            self._board = render_board(rect.w, rect.h)
        blit_board(surface, self._board, rect)

    def checker_sprite(self, side: Side, lifted: bool = False) -> pygame.Surface:
        """The checker at this scale; a lifted one is a touch larger, as if nearer the eye."""
        diameter = self.length(2 * g.CHECKER_R * (1.1 if lifted else 1.0))
        key = (side, diameter)
        if key not in self._checkers:
            from game.view import assets
            self._checkers[key] = blits_fast(assets.checker(side, diameter))
        return self._checkers[key]

    def draw_checker(self, surface, side: Side, x: float, y: float, height: float = 0.0) -> None:
        """A checker centred at board (x, y); `height` (board units) lifts it with a falling shadow."""
        sprite = self.checker_sprite(side, lifted=height > 1)
        px, py = self.to_screen(x, y)
        if height > 1:
            shadow = self._layer(("shadow",), lambda: _circle(self.length(g.CHECKER_R), SHADOW))
            off = self.length(height * 0.35)
            surface.blit(shadow, shadow.get_rect(center=(px + off, py + off)))
            py -= height * self.scale
        surface.blit(sprite, sprite.get_rect(center=(round(px), round(py))))

    def _layer(self, key, make) -> pygame.Surface:
        """Translucent marks (rings, glows, shadows) drawn once per size and kept."""
        layer = self._layers.get(key)
        if layer is None:
            if len(self._layers) > 400:
                self._layers.clear()
            layer = self._layers[key] = make()
        return layer

    def ring(self, surface, x: float, y: float, colour=GLOW, width_units: float = 4.0,
             radius_units: float = g.CHECKER_R + 4, alpha: int = 255) -> None:
        """A ring round a board spot: selection, legal destinations, the best hint."""
        r, w = self.length(radius_units), max(2, self.length(width_units))
        layer = self._layer(("ring", colour, r, w, alpha // 8), lambda: _circle(r, (*colour, alpha // 8 * 8), w))
        px, py = self.to_screen(x, y)
        surface.blit(layer, layer.get_rect(center=(round(px), round(py))))

    def disc(self, surface, x: float, y: float, colour, alpha: int, radius_units: float = g.CHECKER_R) -> None:
        r = self.length(radius_units)
        layer = self._layer(("disc", colour, r, alpha // 8), lambda: _circle(r, (*colour, alpha // 8 * 8)))
        px, py = self.to_screen(x, y)
        surface.blit(layer, layer.get_rect(center=(round(px), round(py))))

    def ripple(self, surface, ripple) -> None:
        """A spreading ring (animation.Ripple), drawn fresh: it changes every frame."""
        r = self.length(g.CHECKER_R * ripple.size())
        layer = _circle(r, (*ripple.colour, ripple.alpha()), max(2, self.length(3)))
        px, py = self.to_screen(ripple.x, ripple.y)
        surface.blit(layer, layer.get_rect(center=(round(px), round(py))))

    def point_glow(self, surface, side: Side, point: int, colour=GLOW, alpha: int = 70) -> None:
        """Light up a point's triangle (a legal destination) on the side's own row."""
        corners = [self.to_screen(x, y) for x, y in g.point_triangle(side, point)]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)

        def make():
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*colour, alpha // 8 * 8), [(x - box.x, y - box.y) for x, y in corners])
            return layer
        surface.blit(self._layer(("point", side, point, colour, alpha // 8), make), box)

    def draw_labels(self, surface, position, skip=frozenset()) -> None:
        """Tourne Case's stacks are short enough to count at a glance: nothing to write."""

    def is_on_field(self, location: int) -> bool:
        """A checker on a point or on the bar lies where the dice roll (one waiting does not)."""
        return location >= 1 or location == -1

    def pip_counts(self, position) -> dict:
        """Three checkers a side need no pip count."""
        return {}

    # -- a still picture (the rules screen's diagrams)
    def draw_still(self, surface: pygame.Surface) -> None:
        """The board alone, as a diagram shows it: the table's own picture."""
        self.draw_board(surface)

    def draw_counts(self, surface, position) -> None:
        """The counts a diagram writes on tall stacks: none, the stacks being short."""

    def top_centre(self, position, side: Side, location: int) -> tuple[float, float]:
        """Where the top checker of `side`'s stack on `location` rests (the one a step takes)."""
        count = position.checkers(side).count(location)
        return self.checker_centre(side, location, max(0, count - 1))

    def is_off_board(self, location: int) -> bool:
        """Whether a checker there has left the board (an arrow to it bows wide): never here."""
        return False


def blits_fast(sprite: pygame.Surface) -> pygame.Surface:
    """The sprite in the pixel order pygame's fast alpha blit takes (ARGB, as a window's
    converted images are): before a window exists (tests, a thumbnail) an image is kept as
    loaded, RGBA, which blits some twenty times slower, to the same pixels on an opaque screen."""
    if pygame.display.get_surface() is None and sprite.get_flags() & pygame.SRCALPHA:
        return sprite.convert(_ARGB)
    return sprite


_ARGB = pygame.Surface((1, 1), pygame.SRCALPHA)


def _circle(r: int, rgba, width: int = 0) -> pygame.Surface:
    layer = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(layer, rgba, (r + 1, r + 1), r, width)
    return layer


def slots(position) -> list[Slot]:
    """Every checker of a position as (side, location, index on that location, board centre)."""
    out = []
    for side in Side:
        checkers = position.checkers(side)
        seen: dict[int, int] = {}
        for loc in checkers:
            index = seen.get(loc, 0)
            seen[loc] = index + 1
            out.append((side, loc, index, g.checker_centre(side, loc, index)))
    return out


def landing_centre(position, side: Side, location: int) -> tuple[float, float]:
    """Where a checker of `side` would come to rest on `location` in this position."""
    count = sum(1 for loc in position.checkers(side) if loc == location)
    return g.checker_centre(side, location, count)


def along_points(side: Side, origin: int, destination: int, start, end) -> list[tuple[float, float]]:
    """The path a checker takes: from its place, over each point in turn, to where it lands.

    Intermediate points are crossed on their first slot: the natural track down the row.
    """
    points = range(max(origin, 0) + 1, destination)
    return [tuple(start), *(g.checker_centre(side, p, 0) for p in points), tuple(end)]


def draw_banners(surface, view: Board, scale: float, banners, avoid=(), shun=(), within=None) -> list:
    """Pop-up words over the middle of the board: doublet names large, notices on a ribbon.
    The words are said as they are drawn (`i18n.shown`: the language of this frame);
    a long banner shrinks, then takes two lines, to stay on the board. Each is drawn through
    game.view.widgets on a plate of its own with the board as its box (in the plate's
    coordinates), so a test sees any that would leave the board. The stack of them covers
    nothing in `avoid` (the dice, the hints, a ribbon: other notices), moved up or down, or
    narrowed beside what it would cover, and as few of `shun` (the checkers) as it can, inside
    `within` (the field inside the rails, which carry the points' names; else the board).
    Returns where each is drawn."""
    from game.base.i18n import shown
    if not banners:
        return []
    board = view.board_rect()
    field = pygame.Rect(within) if within is not None else board
    words = [shown(banner.text) for banner in banners]
    gap = round(10 * scale)
    centre = view.to_screen(*view.centre())
    key = (tuple((type(w), w, b.size, b.colour) for w, b in zip(words, banners)), tuple(field), centre, scale,
           gap, tuple(tuple(r) for r in avoid if r is not None), tuple(tuple(r) for r in shun))
    placed = _placed.get(key)
    if placed is None:                       # the same notices over the same board: placed once
        if len(_placed) > 16:
            _placed.clear()
        placed = _placed[key] = banners_place(words, banners, field, centre, scale, avoid, shun, gap)
    region, stack, plates, gap = placed
    stack = stack.copy()
    drawn = []
    y = stack.y
    for banner, (plate, draw) in zip(banners, plates):
        rect = plate.copy()
        rect.midtop = (stack.centerx, y)
        layer = pygame.Surface(plate.size, pygame.SRCALPHA)
        draw(layer, board.move(-rect.x, -rect.y))       # the board, seen from the plate
        pop = banner.scale() if banner.size == "large" else 1.0
        if pop != 1.0:
            layer = pygame.transform.smoothscale_by(layer, min(pop, 1.0))   # grows, never past its place
        layer.set_alpha(banner.alpha())
        surface.blit(layer, layer.get_rect(center=rect.center))
        drawn.append(rect)
        y += plate.h + gap
    return drawn


_placed: dict = {}          # where the last banners went (draw_banners), by what decides it


#: The banners' smaller forms, tried (moved sideways too) only where no place at full size keeps
#: off every checker: the last fits the strip between the two rows, which no stack reaches
#: (a Garanguet stack of fifteen stays within REACH of its rail: game/geometry/garanguet.py).
SMALLER_FORMS = (0.8, 0.6, 0.45, 0.33, 0.25, 0.2)


def banners_place(words, banners, board: pygame.Rect, centre, scale: float, avoid, shun, gap: int):
    """(region, stack, plates, gap): where a stack of banners goes - the middle of the board if it
    covers nothing in `avoid`, else the nearest place up or down that does not, on the whole
    board's width or (the words wrapped narrower) beside what is in the way, or narrower still
    off a stack at an edge; of those, the first covering none of `shun`. Where every one covers
    some of `shun` (tall stacks facing each other, and no room beside them), the banners
    moved sideways as well, at full size then smaller (`SMALLER_FORMS`, the gap between them
    too): the largest that covers none; failing that, the place covering fewest. Nowhere free of `avoid`:
    the middle, as before."""
    avoid = [pygame.Rect(r).inflate(gap, gap) for r in avoid if r is not None]
    shun = list(shun)
    regions = [board]
    for r in avoid:                                   # the board left and right of each obstacle
        regions += [pygame.Rect(board.x, board.y, max(0, r.left - board.x), board.h),
                    pygame.Rect(r.right, board.y, max(0, board.right - r.right), board.h)]
    regions = [r for r in regions if r.w >= board.w // 3]
    for r in list(regions):                           # narrower, off a stack at either edge
        quarter = r.w // 4
        regions += [pygame.Rect(r.x + quarter, r.y, r.w - quarter, r.h), pygame.Rect(r.x, r.y, r.w - quarter, r.h)]
    best = _banners_search(words, banners, board, centre, scale, avoid, shun, gap, regions, sideways=False)
    for form in (1.0, *SMALLER_FORMS) if best is not None and best[0] > 0 else ():
        found = _banners_search(words, banners, board, centre, scale * form, avoid, shun,
                                max(1, round(gap * form)), regions, sideways=True)
        if found is not None and found[0] < best[0]:
            best = found
        if best[0] == 0:
            break
    if best is not None:
        return best[1:]
    plates = [banner_plate(w, banner, board, scale) for w, banner in zip(words, banners)]
    stack = pygame.Rect(0, 0, max(plate.w for plate, _ in plates),
                        sum(plate.h for plate, _ in plates) + gap * (len(plates) - 1))
    stack.center = (round(centre[0]), round(centre[1]))
    return board, stack.clamp(board), plates, gap


def _banners_search(words, banners, board, centre, scale, avoid, shun, gap, regions, sideways: bool):
    """(cost, region, stack, plates, gap): the first place clear of `avoid` covering none of
    `shun` (cost 0), else the first covering fewest; None if none is clear of `avoid`. Each
    region is tried at its middle (the board's at the banners' centre), then, `sideways`, at
    eight more places across it."""
    step = max(4, board.h // 30)
    best = None
    for region in regions:
        plates = [banner_plate(w, banner, region, scale) for w, banner in zip(words, banners)]
        height = sum(plate.h for plate, _ in plates) + gap * (len(plates) - 1)
        width = max(plate.w for plate, _ in plates)
        if height > board.h:
            continue
        xs = [centre[0] if region == board else region.centerx]
        if sideways:
            xs += [region.left + width / 2 + (region.w - width) * i / 8 for i in range(9)]
        for x in xs:
            for shift in range(0, board.h // 2 + step, step):
                for sign in ((1,) if shift == 0 else (-1, 1)):
                    stack = pygame.Rect(0, 0, width, height)
                    stack.center = (round(x), round(centre[1] + sign * shift))
                    stack = stack.clamp(region)
                    if stack.collidelist(avoid) >= 0:
                        continue
                    cost = len(stack.collidelistall(shun))
                    if best is None or cost < best[0]:
                        best = (cost, region, stack, plates, gap)
                    if cost == 0:
                        return best
    return best


def banner_lines(words: str, size: float, room: int, kind: str, shrinks) -> tuple[float, list]:
    """(size, lines): the words on one line at the largest size of `shrinks` (fractions of
    `size`) that fits `room`, else on two lines, else on as few as fit at the smallest. Kept
    (a banner stays up for many frames, each measuring it at every size and place tried):
    keyed by the words' type too, said or not, which the tests' recording tells apart."""
    found, lines = _banner_lines(words, type(words), size, room, kind, tuple(shrinks))
    return found, list(lines)


@functools.lru_cache(maxsize=512)
def _banner_lines(words: str, _kind_of_words, size: float, room: int, kind: str, shrinks) -> tuple:
    found, lines = _measured_lines(words, size, room, kind, shrinks)
    return found, tuple(lines)


def _measured_lines(words: str, size: float, room: int, kind: str, shrinks) -> tuple[float, list]:
    from game.view import widgets as ui
    for shrink in shrinks:
        if ui.font(size * shrink, kind).size(words)[0] <= room:
            return size * shrink, [words]
    for most in (2, 3):
        for shrink in shrinks:
            lines = ui.wrap(words, ui.font(size * shrink, kind), room)
            if len(lines) <= most and all(ui.font(size * shrink, kind).size(line)[0] <= room for line in lines):
                return size * shrink, lines
    size = size * shrinks[-1]
    while size > 8:
        lines = ui.wrap(words, ui.font(size, kind), room)
        if all(ui.font(size, kind).size(line)[0] <= room for line in lines):
            break
        size -= 1
    return size, ui.wrap(words, ui.font(size, kind), room)


def banner_plate(words: str, banner, board: pygame.Rect, scale: float):
    """(plate rect, draw(layer, box)) of one banner: a doublet's name or a result large in the
    title face with a shadow, a notice on a dark ribbon."""
    from game.view import widgets as ui
    if banner.size == "large":
        room = board.w - round(60 * scale)
        size, lines = banner_lines(words, max(8, round(140 * scale)), room, "title",
                                   (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.42, 0.36))
        line_h = round(ui.font(size, "title").get_linesize() * 0.92)
        off = (max(1, round(4 * scale)), max(1, round(5 * scale)))
        width = max(ui.font(size, "title").size(line)[0] for line in lines) + 2 * off[0]
        plate = pygame.Rect(0, 0, min(board.w, width), line_h * len(lines) + off[1])

        def draw(layer, box):
            for i, line in enumerate(lines):
                x, y = plate.w / 2, line_h * i + line_h / 2
                ui.blit_text(layer, line, size, (x + off[0], y + off[1]), (20, 10, 4), "title", "center", box)
                ui.blit_text(layer, line, size, (x, y), banner.colour, "title", "center", box)
        return plate, draw
    room = board.w - round(80 * scale)
    size, lines = banner_lines(words, round(38 * scale), room, "body", (1.0, 0.9, 0.8, 0.7))
    line_h = ui.font(size, "body").get_linesize()
    pad = round(8 * scale)
    width = max(ui.font(size, "body").size(line)[0] for line in lines) + round(60 * scale)
    plate = pygame.Rect(0, 0, min(board.w, width), line_h * len(lines) + 2 * pad)

    def draw(layer, box):
        layer.fill((20, 12, 6, 190))
        for i, line in enumerate(lines):
            ui.blit_text(layer, line, size, (plate.w / 2, pad + line_h * i + line_h / 2), banner.colour, "body",
                         "center", box)
    return plate, draw
