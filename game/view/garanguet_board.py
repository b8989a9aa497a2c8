"""The Garanguet board on screen: the same tablier as Tourne Case, lettered a..x, with fifteen
checkers a side in overlapping stacks, a bear-off tray for each side, each side's way round
the board and its pip count.

`GaranguetBoardView` is the table's `Board` (game/view/board_view.py), a `BoardView` with
another geometry, so the table scene holds either. What differs: a location is a point on the
side's own path (1..24) or its tray (25); where a checker rests depends on how many share its
point (`checker_centre` without a count means the stack's top checker); and the counts (on tall
stacks, the trays, the pip counts) are drawn by `draw_labels` after the checkers, or with them
by `draw_position`. The geometry itself is game/geometry/garanguet.py (no pygame).
"""
import functools
from dataclasses import dataclass

import numpy as np
import pygame

from game.geometry import garanguet as gg
from game.geometry import tablier as g
from game.base.i18n import N_, Words, _, language, verbatim
from game.rules import Side
from game.base.i18n import shown
from game.view import widgets as ui
from game.view.board_art import sharpening
from game.view.board_view import GLOW, BoardView, Slot
from game.view.widgets import EBONY, GOLD, IVORY

LETTER_COLOUR = (236, 210, 150)         # gilt, as Tourne Case's numbers but brighter: they are read
DENT = (20, 10, 4)
CAPTION = (214, 190, 140)
TRAY_RIM = (58, 34, 20)
TRAY_WELL = (34, 44, 30)                # green baize in the tray
TEXT_ON = {Side.WHITE: (48, 32, 22), Side.BLACK: (240, 222, 180)}   # a count on a checker of that side


class GaranguetBoardView(BoardView):
    """Where the Garanguet board sits in the window, and how it and its checkers are drawn."""

    def __init__(self):
        super().__init__()
        self._rails = None                  # (the board they were made from, its sample, strips, made while sharpening)
        self._margins = None
        self._texts: dict = {}

    def fit(self, area: pygame.Rect) -> None:
        """Fit the board with its trays (left) and paths (right) into `area`."""
        area = pygame.Rect(area)
        if area == self.rect:
            return
        super().fit(area)
        self.scale = min(area.w / gg.VIEW_W, area.h / gg.VIEW_H)
        self.ox = area.x + (area.w - gg.VIEW_W * self.scale) / 2 - gg.VIEW_LEFT * self.scale
        self.oy = area.y + (area.h - gg.VIEW_H * self.scale) / 2
        self._rails = self._margins = None
        self._texts.clear()

    def view_rect(self) -> pygame.Rect:
        """The whole drawing: the trays, the board and the paths beside it."""
        x, y = self.to_screen(gg.VIEW_LEFT, 0)
        return pygame.Rect(round(x), round(y), self.length(gg.VIEW_W), self.length(gg.VIEW_H))

    # -- the fixed picture
    def draw_board(self, surface: pygame.Surface) -> None:
        """The shared tablier with its rails lettered a..x, the empty trays and the two paths.

        The tablier is the one Tourne Case draws (a big one is sharpened in place after a quick
        preview), so the lettered rails are made again whenever its pixels change."""
        from game.view.board_art import blit_board, render_board
        rect = self.board_rect()
        board = render_board(rect.w, rect.h)
        blit_board(surface, board, rect)
        if self._rails_stale(board):
            self._rails = (board, _sample(board), lettered_rails(board), sharpening())
        for strip, at in self._rails[2]:
            surface.blit(strip, (rect.x + at[0], rect.y + at[1]))
        self._margins = render_margins(self.scale)         # per language: kept by render_margins
        left, right = self._margins
        surface.blit(left, [round(c) for c in self.to_screen(gg.VIEW_LEFT, 0)])
        surface.blit(right, [round(c) for c in self.to_screen(g.BOARD_W, 0)])

    def _rails_stale(self, board) -> bool:
        """Whether the lettered rails must be made again: another board, or this one's pixels
        changed by its sharpening (looked at only while one was under way when they were made)."""
        if self._rails is None or self._rails[0] is not board:
            return True
        if not (self._rails[3] or sharpening()):
            return False                    # made from the final pixels
        return self._rails[1] != _sample(board) or self._rails[3] != sharpening()

    # -- where things are
    def point_glow(self, surface, side: Side, location: int, colour=GLOW, alpha: int = 70) -> None:
        """Light up a legal destination of `side`: a point of its path, or its tray (G-9)."""
        if location == gg.OFF:
            tray = gg.tray_rect(side)
            corners = [(tray.x, tray.y), (tray.x + tray.w, tray.y), (tray.x + tray.w, tray.y + tray.h),
                       (tray.x, tray.y + tray.h)]
        else:
            corners = list(gg.point_triangle(gg.letter(side, location)))
        corners = [self.to_screen(x, y) for x, y in corners]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)

        def make():
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*colour, alpha // 8 * 8), [(x - box.x, y - box.y) for x, y in corners])
            return layer
        surface.blit(self._layer(("garanguet-glow", side, location, colour, alpha // 8), make), box)

    def centre(self) -> tuple[float, float]:
        """The middle of the field, where the banners show."""
        return g.BOARD_W / 2, g.BOARD_H / 2

    def slots(self, position) -> list[Slot]:
        return slots(position)

    def checker_centre(self, side: Side, location: int, index: int = 0, count: int | None = None
                       ) -> tuple[float, float]:
        """Where the index-th checker rests on a location; a stack's spacing depends on its
        height, so without `count` the checker is taken as the stack's top one (index + 1
        checkers): what the table asks for a picked checker, a landing or a hint."""
        return gg.checker_centre(side, location, index, count)

    def landing_centre(self, position, side: Side, location: int) -> tuple[float, float]:
        return landing_centre(position, side, location)

    def path(self, side: Side, origin: int, destination: int, start, end) -> list:
        return along_points(side, origin, destination, start, end)

    def away_from(self, location: int) -> float:
        """The x of the half of the field away from `location` (1..24, the same column for
        either side, since the two paths mirror each other; 25 is a tray, on the left)."""
        if 1 <= location <= 24 and gg.point_x(gg.letter(Side.BLACK, location)) > g.BAR_RIGHT:
            return (g.FIELD_LEFT + g.BAR_LEFT) / 2
        return (g.BAR_RIGHT + g.FIELD_RIGHT) / 2

    def area_at(self, position, side: Side, x: float, y: float, lit=()) -> tuple[str, int] | None:
        """What a click at board spot (x, y) means for `side`: ("point", location) for a lit
        destination there (a point anywhere along its column, or the side's tray), else
        ("checker", location) for a point holding the side's checkers (anywhere on its
        overlapping stack), else ("point", location) for another point or its tray; None off them."""
        location = gg.location_at(side, x, y)
        if location is None:
            return None
        if location in lit or location == gg.OFF:
            return "point", location
        if location in position.checkers(side):
            return "checker", location
        return "point", location

    def pip_counts(self, position) -> dict:
        return {side: gg.pips(position.checkers(side)) for side in Side}

    def is_on_field(self, location: int) -> bool:
        """A checker on a point lies where the dice roll; one in a tray, outside the box, does not."""
        return 1 <= location <= 24

    # -- a still picture (the rules screen's diagrams)
    def draw_still(self, surface: pygame.Surface) -> None:
        """The board as the table draws it (the lettered rails, the trays), without the paths'
        captions beside it, which a diagram leaves out."""
        from game.view.board_art import blit_board, render_board
        rect = self.board_rect()
        board = render_board(rect.w, rect.h)
        blit_board(surface, board, rect)
        for strip, at in lettered_rails(board):
            surface.blit(strip, (rect.x + at[0], rect.y + at[1]))
        trays, _ = render_margins(self.scale)
        surface.blit(trays, [round(c) for c in self.to_screen(gg.VIEW_LEFT, 0)])

    def draw_counts(self, surface, position) -> None:
        """The count on each tall stack, as the table writes it (numbers only)."""
        for label in labels(position):
            if label.what == "count":
                size = max(8, self.length(label.size) / 0.68)
                words = ui.text(verbatim(label.text), size, label.colour, "sans")
                x, y = self.to_screen(label.x, label.y)
                surface.blit(words, words.get_rect(center=(round(x), round(y))))

    def top_centre(self, position, side: Side, location: int) -> tuple[float, float]:
        count = position.checkers(side).count(location)
        return self.checker_centre(side, location, max(0, count - 1), max(1, count))

    def is_off_board(self, location: int) -> bool:
        """Borne off, into the tray beside the board."""
        return location == gg.OFF

    def location_at(self, side: Side, x: float, y: float) -> int | None:
        """The location of `side` (1..24, or 25 for its own tray) at board spot (x, y)."""
        return gg.location_at(side, x, y)

    # -- what changes with the position
    def draw_position(self, surface, position, skip=frozenset()) -> None:
        """Every checker, then the counts on tall stacks, the trays' captions and both pip
        counts. `skip` holds (side, location, index) slots not to draw (in flight, or held)."""
        self.draw_stacks(surface, position, skip)
        self.draw_labels(surface, position, skip)

    def draw_stacks(self, surface, position, skip=frozenset()) -> None:
        """The checkers, base first, so each stack overlaps outwards."""
        for side, loc, index, (x, y) in slots(position):
            if (side, loc, index) not in skip:
                self.draw_checker(surface, side, x, y)

    def draw_labels(self, surface, position, skip=frozenset()) -> None:
        """The words and numbers of `labels`, at this scale."""
        for label in labels(position, skip):
            px, py = self.to_screen(label.x, label.y)
            words, size, box = shown(label.text), _sans_size(self.length(label.size)), None
            if label.what == "tray":               # a tray's caption stays inside its tray
                tray = gg.tray_rect(label.side)
                x, y = self.to_screen(tray.x, tray.y)
                box = pygame.Rect(round(x), round(y), self.length(tray.w), self.length(tray.h))
                size = ui.fitting_size(words, size, box.w - 4, "sans")
            ui.blit_text(surface, words, size, (px, py), label.colour, "sans", "center", box)


@dataclass(frozen=True)
class Label:
    """Words drawn over the board: `size` is the line's height and (x, y) its centre, in board
    units; `what` says which it is ("count", "tray", "pips" or the "caption" under them) and
    `side` whose."""
    what: str
    side: Side
    text: str
    x: float
    y: float
    size: float
    colour: tuple


def labels(position, skip=frozenset()) -> list[Label]:
    """The counts shown for a position: on each stack of COUNT_FROM or more (on its outermost
    checker drawn, counting those drawn), each tray's "n off", and each side's pip count with
    the word "pips" under it."""
    out = []
    tops: dict = {}
    drawn: dict = {}
    for side, loc, index, centre in slots(position):
        if (side, loc, index) not in skip:
            tops[(side, loc)] = centre
            drawn[(side, loc)] = drawn.get((side, loc), 0) + 1
    for (side, loc), (x, y) in tops.items():
        if drawn[(side, loc)] >= gg.COUNT_FROM and loc != gg.OFF:       # a tray has its caption
            out.append(Label("count", side, str(drawn[(side, loc)]), x, y, g.CHECKER_R, TEXT_ON[side]))
    for side in Side:
        checkers = position.checkers(side)
        tray = gg.tray_rect(side)
        y = tray.y + tray.h - gg.TRAY_CAPTION / 2 if side is Side.BLACK else tray.y + gg.TRAY_CAPTION / 2
        off = drawn.get((side, gg.OFF), 0)
        out.append(Label("tray", side, Words("{n} off", "{n} off", off, n=off), tray.x + tray.w / 2, y, 17, CAPTION))
        x, y = pip_spot(side)
        out.append(Label("pips", side, str(gg.pips(checkers)), x, y, 32, IVORY if side is Side.WHITE else GOLD))
        out.append(Label("caption", side, Words(N_("pips")), x, y + (25 if side is Side.WHITE else -25), 16,
                         CAPTION))
    return out


def _sans_size(line_px: int) -> int:
    """pygame's own sans draws small for its nominal size: the size whose line is `line_px` tall."""
    return max(8, round(line_px / 0.68))


def pip_spot(side: Side) -> tuple[float, float]:
    """Where a side's pip count is written: the right margin, at the end of the row its path
    starts on (White's top, Black's bottom)."""
    x = g.BOARD_W + gg.MARGIN / 2
    return x, (PIP_Y if side is Side.WHITE else g.BOARD_H - PIP_Y)


PIP_Y = 76.0


def slots(position) -> list[Slot]:
    """Every checker of a position as (side, location, index on that location, board centre);
    location 25 is the side's tray."""
    return list(_slots(position))


@functools.lru_cache(maxsize=64)
def _slots(position) -> tuple:
    """slots, kept for the positions of the last frames: the table asks several times a frame."""
    out = []
    for side in Side:
        checkers = position.checkers(side)
        counts: dict[int, int] = {}
        for loc in checkers:
            counts[loc] = counts.get(loc, 0) + 1
        seen: dict[int, int] = {}
        for loc in checkers:
            index = seen.get(loc, 0)
            seen[loc] = index + 1
            out.append((side, loc, index, gg.checker_centre(side, loc, index, counts[loc])))
    return tuple(out)


def landing_centre(position, side: Side, location: int) -> tuple[float, float]:
    """Where a checker of `side` comes to rest on `location` (a point or its tray): on top of
    those already there, in the stack's spacing once it has landed."""
    count = sum(1 for loc in position.checkers(side) if loc == location)
    return gg.checker_centre(side, location, count, count + 1)


def along_points(side: Side, origin: int, destination: int, start, end) -> list[tuple[float, float]]:
    """The path a checker takes: from its place, over the base of each point it passes (round
    the board's right end when it changes rows), to where it lands."""
    points = range(origin + 1, min(destination, gg.OFF))
    return [tuple(start), *(gg.checker_centre(side, p, 0) for p in points), tuple(end)]


# -- the fixed picture ------------------------------------------------------------------------
def _sample(board: pygame.Surface) -> bytes:
    """A few pixels of the board's last rows, the last a sharpening thread draws."""
    w, h = board.get_size()
    box = pygame.Rect(w // 2 - 32, h - 6, 64, 4).clip(board.get_rect())
    return pygame.image.tobytes(board.subsurface(box), "RGB") if box.w and box.h else b""


def lettered_rails(board: pygame.Surface) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The board's two long rails, each as (strip, where it goes on the board), with the
    numbers the shared board stamps covered, and lettered a..x in a clear sans."""
    w, h = board.get_size()
    scale = min(w / g.BOARD_W, h / g.BOARD_H)
    bw, bh = round(g.BOARD_W * scale), round(g.BOARD_H * scale)
    x0, y0 = (w - bw) // 2, (h - bh) // 2
    rail = min(bh // 2, int(np.ceil(g.RAIL * scale)) + 1)
    strips = []
    for top in (True, False):
        at = (x0, y0 if top else y0 + bh - rail)
        strip = board.subsurface((*at, bw, rail)).copy()
        _erase_numbers(strip, scale)
        _stamp_letters(strip, scale, [p for p in range(24) if gg.is_top(p) == top], at[1] - y0)
        strips.append((strip, at))
    return strips


def _erase_numbers(strip: pygame.Surface, scale: float) -> None:
    """Cover the 1..12 the shared board stamps on a rail with the same rail a little along:
    the grain runs along the rail, so a copy shifted sideways matches, feathered at its ends."""
    if scale * g.RAIL < 6:
        return
    pixels = pygame.surfarray.pixels3d(strip)          # columns, rows, rgb
    clean = pixels.copy()
    half = 0.3 * g.POINT_W * scale
    feather = max(1.0, 4.0 * scale)
    for column in range(1, 13):
        x = g.point_x(column) * scale
        shift = round((-1 if column in (6, 12) else 1) * g.POINT_W / 2 * scale)   # away from the bar and corners
        c0, c1 = max(0, int(x - half)), min(strip.get_width(), int(np.ceil(x + half)))
        xs = np.arange(c0, c1) + 0.5
        weight = np.clip(np.minimum(xs - (x - half), (x + half) - xs) / feather, 0, 1)[:, None, None]
        target = pixels[c0:c1].astype(np.float32)
        source = clean[c0 + shift:c1 + shift].astype(np.float32)
        pixels[c0:c1] = (target + (source - target) * weight).astype(np.uint8)
    del pixels


def letter_size(scale: float) -> int:
    """The letters' pixel size at this many pixels per board unit: a line 0.92 of the rail."""
    return _sans_size(round(g.RAIL * scale * 0.92))


def _stamp_letters(strip: pygame.Surface, scale: float, points, top_px: int) -> None:
    """Letter these points on a rail strip whose first row is the board's row `top_px`: in a
    clear sans, gilt with a dent under it."""
    off = max(1, round(scale * 0.8))
    for point in points:
        name = verbatim(gg.LETTERS[point])          # a point's name: the same in every language
        x, y = gg.letter_centre(point)
        centre = (round(x * scale), round(y * scale) - top_px)
        dent = ui.text(name, letter_size(scale), DENT, "sans").copy()
        dent.set_alpha(140)
        text = ui.text(name, letter_size(scale), LETTER_COLOUR, "sans")
        rect = text.get_rect(center=centre)
        strip.blit(dent, rect.move(off, off))
        strip.blit(text, rect)


def render_margins(scale: float) -> tuple[pygame.Surface, pygame.Surface]:
    """The pictures beside the frame at this scale: the two empty trays (left) and the two
    paths with their captions (right), each MARGIN board units wide. Cached and shared, per
    language (the captions are words)."""
    return _render_margins(scale, language())


@functools.lru_cache(maxsize=4)
def _render_margins(scale: float, code: str) -> tuple[pygame.Surface, pygame.Surface]:
    size = (max(1, round(gg.MARGIN * scale)), max(1, round(gg.VIEW_H * scale)))
    left, right = pygame.Surface(size, pygame.SRCALPHA), pygame.Surface(size, pygame.SRCALPHA)
    for side in Side:
        _draw_tray(left, side, scale, gg.MARGIN * scale, 0.0)
        _draw_path(right, side, scale, -g.BOARD_W * scale, 0.0)
    if pygame.display.get_surface() is not None:          # the screen's own format blits faster
        left, right = left.convert_alpha(), right.convert_alpha()
    return left, right


def _draw_tray(picture, side, scale, ox, oy) -> None:
    """A walnut box outside the frame with a baize well, for the checkers borne off."""
    tray = gg.tray_rect(side)
    rect = pygame.Rect(round(ox + tray.x * scale), round(oy + tray.y * scale),
                       max(1, round(tray.w * scale)), max(1, round(tray.h * scale)))
    radius = max(2, round(8 * scale))
    pygame.draw.rect(picture, TRAY_RIM, rect, border_radius=radius)
    rim = max(2, round(5 * scale))
    well = rect.inflate(-2 * rim, -2 * rim)
    pygame.draw.rect(picture, TRAY_WELL, well, border_radius=max(1, radius - rim))
    shade = pygame.Surface(well.size, pygame.SRCALPHA)       # the rim's shadow inside the well
    depth = max(2, round(6 * scale))
    for i in range(depth):
        alpha = round(90 * (1 - i / depth))
        pygame.draw.rect(shade, (0, 0, 0, alpha), (i, i, well.w - 2 * i, well.h - 2 * i), 1,
                         border_radius=max(1, radius - rim))
    picture.blit(shade, well)
    pygame.draw.rect(picture, GOLD, rect, max(1, round(1.2 * scale)), border_radius=radius)


def path_shape(side: Side) -> list[tuple[float, float]]:
    """A side's way round, in the right margin: in along the row its path starts on, round the
    end, out along the other row (a bracket, White's outside Black's)."""
    inner = side is Side.BLACK
    x0 = g.BOARD_W + 2
    x1 = g.BOARD_W + gg.MARGIN * (0.42 if inner else 0.72)
    y_top = 150.0 if inner else 125.0
    y_bottom = g.BOARD_H - y_top
    first, second = (y_top, y_bottom) if side is Side.WHITE else (y_bottom, y_top)
    return [(x0, first), (x1, first), (x1, second), (x0, second)]


def _draw_path(picture, side, scale, ox, oy) -> None:
    """An arrow along `path_shape`, in the side's colour with a contrasting edge, its head
    pointing back into the board on the row the path ends on."""
    pts = [(ox + x * scale, oy + y * scale) for x, y in path_shape(side)]
    fill, edge_colour = (IVORY, TRAY_RIM) if side is Side.WHITE else (EBONY, GOLD)
    width = max(3, round(9 * scale))
    edge = max(1, round(2 * scale))
    head = 17 * scale
    hx, hy = pts[-1]
    tip = [(hx, hy), (hx + head, hy - head * 0.75), (hx + head, hy + head * 0.75)]
    centre = (hx + head * 2 / 3, hy)
    shaft = pts[:-1] + [(hx + head * 0.8, hy)]
    for colour, extra in ((edge_colour, 2 * edge), (fill, 0)):
        pygame.draw.lines(picture, colour, False, shaft, width + extra)
        for corner in shaft[1:-1]:
            pygame.draw.circle(picture, colour, corner, (width + extra) / 2)
        grow = 1 + 2.2 * extra / head
        pygame.draw.polygon(picture, colour, [(centre[0] + (x - centre[0]) * grow, centre[1] + (y - centre[1]) * grow)
                                              for x, y in tip])
    x, y = pip_spot(side)
    y += -27 if side is Side.WHITE else 27               # the side's name outside its pip count
    size = _sans_size(max(6, round(18 * scale)))
    words = _(side.title)
    room = max(1, round(gg.MARGIN * scale) - 4)
    ui.blit_text(picture, words, ui.fitting_size(words, size, room, "sans"),
                 (round(ox + x * scale), round(oy + y * scale)), CAPTION, "sans", "center")
