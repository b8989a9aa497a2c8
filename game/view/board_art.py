"""The tablier drawn at any pixel size: walnut frame with raised rails, the bar, a lemonwood field
and two rows of twelve painted points, lit from the upper left like the checker sprites.

The picture is computed with numpy straight at the wanted size (no upscaled bitmap), from the
wood tiles that tools/make_assets.py draws into assets/. Edges are antialiased by coverage, so
the board is crisp from 960x600 up to 3840x2160. One picture is kept per size.
"""
import collections
import functools
import threading
import time

import numpy as np
import pygame

from game.geometry import tablier as g
from game.rules import Side
from game.view import assets

# Painted trictrac points, carmine and bottle green (where the grain under them is of average tone).
POINT_RED = np.array([108, 24, 22], np.float32)
POINT_GREEN = np.array([24, 55, 36], np.float32)
BOXWOOD = np.array([214, 190, 140], np.float32)     # the inlaid string around the field
NUMBER_COLOUR = (222, 196, 140)                 # gilt numbers, stamped into the rails
NUMBER_ALPHA = 225
WOOD_TILE_UNITS = 400.0                         # board units covered by one wood tile's length
SMALLEST = 64                                   # pixels: below this the board is shrunk, not drawn
STRIP_ROWS = 128                                # rows drawn at a time
PREVIEW_ABOVE = 2_000_000                       # board pixels: bigger boards show a preview first
PREVIEW_PIXELS = 500_000                        # about how many pixels the preview is drawn with
LIGHT = tuple(float(c) for c in np.array([-0.45, -0.55, 0.70]) / np.linalg.norm([-0.45, -0.55, 0.70]))
HALF = tuple(float(c) for c in (np.array(LIGHT) + (0, 0, 1)) / np.linalg.norm(np.array(LIGHT) + (0, 0, 1)))
SHADOW_LEN = g.RAIL_HEIGHT * float(np.hypot(LIGHT[0], LIGHT[1])) / LIGHT[2]
SHARPEN_PAUSE = 0.01                            # seconds the sharpening thread rests between strips
KEEP_BOARDS = 24                                # pictures kept at most, one per size, the newest used,
KEEP_PIXELS = 12_000_000                        # within this many pixels in all (~48 MB): a window
                                                # dragged back and forth finds each of its sizes drawn
_boards: "collections.OrderedDict[tuple, pygame.Surface]" = collections.OrderedDict()
#: Of the boards kept whose picture is smaller than their size (a pixel off the size asked, the
#: rest transparent): (the board, its opaque picture, where that lies in it), for `blit_board`
_opaque: dict[tuple, tuple] = {}
_pending: list = []                             # boards still to sharpen, newest last
_worker: list = [None]                          # the one thread that sharpens them, if running
_lock = threading.Lock()


def triangle_distance(x, y, corners):
    """Signed distance from pixel centres (x, y, broadcast against each other) to a triangle's
    edges: positive inside, in the units of x and y. Works for either winding."""
    (ax, ay), (bx, by), (cx, cy) = corners
    sign = 1.0 if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0 else -1.0
    inside = None
    for (x0, y0), (x1, y1) in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay))):
        ex, ey = x1 - x0, y1 - y0
        k = sign / float(np.hypot(ex, ey))
        # k * (ex * (y - y0) - ey * (x - x0)), split so the full-size work is a single sum.
        distance = (k * ex) * y + ((-k * ey) * x + k * (ey * x0 - ex * y0))
        inside = distance if inside is None else np.minimum(inside, distance)
    return inside


def triangle_coverage(x, y, corners, px=1.0):
    """How much of each pixel a triangle covers, 0..1, with a soft edge one pixel (`px`) wide."""
    return np.clip(triangle_distance(x, y, corners) * (1 / px) + 0.5, 0.0, 1.0)


@functools.lru_cache(maxsize=8)
def _wood_tile(name, length_px):
    """A wood tile (rgb planes, rows, columns) scaled so its length covers WOOD_TILE_UNITS at this size."""
    tile = assets.image(name)
    w, h = tile.get_size()
    scaled = pygame.transform.smoothscale(tile, (length_px, max(1, round(h * length_px / w))))
    return pygame.surfarray.pixels3d(scaled).transpose(2, 1, 0).copy()


def _tiled(tile, rows, width, offset, vertical=False):
    """The tile repeated over pixel `rows` (a range) and `width` columns, shifted `offset` pixels;
    with the grain running down the rows if `vertical`."""
    if vertical:
        tile = tile.transpose(0, 2, 1)
    band = tile[:, (np.arange(rows.start, rows.stop) + offset) % tile.shape[1]]
    reps = -(-(width + offset) // tile.shape[2])
    return np.tile(band, (1, 1, reps))[:, :, offset:offset + width]


def _profile(distance, width):
    """Height (0..1) of a rounded edge `distance` units in from where it starts."""
    t = np.clip(distance * (1 / width), 0, 1)
    t = 1 - t
    return np.sqrt(1 - t * t)


def _smooth(t):
    t = np.clip(t, 0, 1)
    return t * t * (3 - 2 * t)


def _distances(u, v):
    """For pixel centres (columns u, rows v, board units): the distance in from the box's outer
    edge, and the distance into the field (negative on the frame and the bar)."""
    to_edge_x, to_edge_y = np.minimum(u, g.BOARD_W - u), np.minimum(v, g.BOARD_H - v)
    field_x = np.minimum(np.minimum(u - g.FIELD_LEFT, g.FIELD_RIGHT - u),
                         np.abs(u - (g.BAR_LEFT + g.BAR_RIGHT) / 2) - g.BAR_W / 2)
    field_y = np.minimum(v - g.FIELD_TOP, g.FIELD_BOTTOM - v)
    return (np.minimum(to_edge_y[:, None], to_edge_x[None, :]),
            np.minimum(field_y[:, None], field_x[None, :]))


def _relief(u, v, px):
    """Light and gloss over raised wood: rails and bar rounded on both edges, a cut moulding.

    Returns (light, gloss, string): the brightness factor (1 on a flat surface), the added
    highlight (0 on a flat surface), and the coverage of the inlaid boxwood string around the field.
    """
    v = np.concatenate(([v[0] - px], v, [v[-1] + px]))   # a row either side: whole differences
    frame_in, in_field = _distances(u, v)
    height = _profile(frame_in, 6.0)
    height *= _profile(-in_field, 4.0)
    height *= np.float32(g.RAIL_HEIGHT)
    height -= 0.6 * np.exp(-np.square((in_field + 13.0) * (1 / 1.2)))
    hy, hx = (d[1:-1] for d in np.gradient(height, np.float32(px)))
    in_field = in_field[1:-1]
    inv_len = 1 / np.sqrt(hx * hx + hy * hy + 1)
    lambert = np.clip((LIGHT[2] - hx * LIGHT[0] - hy * LIGHT[1]) * inv_len, 0, None)
    gloss = (np.clip((HALF[2] - hx * HALF[0] - hy * HALF[1]) * inv_len, 0, 1) ** 40 - HALF[2] ** 40) * 70
    light = (0.35 + 0.65 * lambert) * (1 / (0.35 + 0.65 * LIGHT[2]))
    string = np.clip(0.8 - np.abs(in_field + 8.0) * (1 / px), 0, 1) * 0.7
    return light, gloss, string


def _frame_pieces(u, v):
    """Slices (rows, columns) of the pixels where the wood is raised: the two long rails, then the
    short rails and the bar between them, each with a margin over the field's edge."""
    margin = 6.0
    top = int(np.searchsorted(v, g.FIELD_TOP + margin))
    bottom = max(top, int(np.searchsorted(v, g.FIELD_BOTTOM - margin)))
    middle = slice(top, bottom)
    strips = ((0, g.FIELD_LEFT + margin), (g.BAR_LEFT - margin, g.BAR_RIGHT + margin),
              (g.FIELD_RIGHT - margin, g.BOARD_W))
    yield slice(0, top), slice(None)
    yield slice(bottom, len(v)), slice(None)
    for left, right in strips:
        yield middle, slice(int(np.searchsorted(u, left)), int(np.searchsorted(u, right)))


def render_board(width_px: int, height_px: int) -> pygame.Surface:
    """The whole tablier at this pixel size; the board keeps its shape and is centred if the
    size has another aspect ratio (the margins are then transparent). The surface is cached
    and shared: blit it, do not draw on it.

    A board bigger than PREVIEW_ABOVE pixels (a 4K screen's takes about half a second) comes
    back at once as a preview drawn at a fraction of the size and smoothed up, with the numbers
    already sharp; a background thread draws the full picture and copies it into this same
    surface when done, so no frame waits for it (`wait_for_boards` waits, for tests)."""
    key = (width_px, height_px)
    board = _boards.get(key)
    if board is None:
        board, sharpen, opaque = _draw_board(width_px, height_px)
        _boards[key] = board
        if opaque is not None:
            _opaque[key] = (board, *opaque)
        while len(_boards) > 1 and (len(_boards) > KEEP_BOARDS or _pixels_kept() > KEEP_PIXELS):
            _opaque.pop(_boards.popitem(last=False)[0], None)
        if sharpen is not None:
            _ask_sharpening((key, board, *sharpen))
    else:
        _boards.move_to_end(key)
    return board


def blit_board(surface: pygame.Surface, board: pygame.Surface, at) -> None:
    """Blit `board` (from render_board) at `at` (a point or a rect's top left). Where its
    picture is smaller than the size asked (the board keeps its shape: a pixel off at the
    default window's 1088x697), only the opaque picture is blitted, at its place: the same
    pixels as blending the whole surface, whose margins are transparent, in a quarter of the
    time (every frame draws the board)."""
    x, y = at[:2]
    kept = _opaque.get(board.get_size())
    if kept is not None and kept[0] is board:
        _, picture, (dx, dy) = kept
        surface.blit(picture, (x + dx, y + dy))
    else:
        surface.blit(board, (x, y))


def _pixels_kept() -> int:
    return sum(w * h for w, h in _boards)


def forget_boards() -> None:
    """Forget every board drawn (after the sharpening under way), so the next is drawn afresh."""
    wait_for_boards()
    _boards.clear()
    _opaque.clear()


render_board.cache_clear = forget_boards        # as with functools' caches


def _draw_board(width_px: int, height_px: int) -> tuple:
    """(the board at this size, None; or a preview of it and what `_sharpen` needs; and where
    the board is smaller than the size and drawn whole, its opaque picture and place in it)."""
    if min(width_px, height_px) < SMALLEST:
        # A thumbnail (or a window squeezed to nothing): shrink a small drawing instead.
        thumbnail = render_board(round(SMALLEST * g.BOARD_W / g.BOARD_H), SMALLEST)
        size = (max(1, width_px), max(1, height_px))
        return pygame.transform.smoothscale(thumbnail, size), None, None
    scale = min(width_px / g.BOARD_W, height_px / g.BOARD_H)
    bw, bh = round(g.BOARD_W * scale), round(g.BOARD_H * scale)
    if bw * bh <= PREVIEW_ABOVE:
        picture = _picture(bw, bh, scale)
    else:
        shrink = int(np.ceil(np.sqrt(bw * bh / PREVIEW_PIXELS)))
        small = (round(bw / shrink), round(bh / shrink))
        preview = _picture(*small, scale * small[0] / bw, numbers=False)
        picture = pygame.transform.smoothscale(_thirty_two_bits(preview), (bw, bh))
        _print_numbers(picture, scale)
    big = bw * bh > PREVIEW_ABOVE
    opaque = None
    if (bw, bh) == (width_px, height_px):
        surface = picture.convert() if pygame.display.get_surface() else picture
        at = (0, 0)
    else:
        surface = pygame.Surface((width_px, height_px), pygame.SRCALPHA)
        at = ((width_px - bw) // 2, (height_px - bh) // 2)
        surface.blit(picture, at)
        if not big:         # (a big board's preview is sharpened in `surface`: blitted whole)
            opaque = (picture.convert() if pygame.display.get_surface() else picture, at)
    return surface, ((at, bw, bh, scale) if big else None), opaque


def _thirty_two_bits(surface: pygame.Surface) -> pygame.Surface:
    """The same picture in 32-bit pixels, which pygame smooth-scales several times faster."""
    copy = pygame.Surface(surface.get_size(), 0, 32)
    copy.blit(surface, (0, 0))
    return copy


def _ask_sharpening(job) -> None:
    """Queue a preview for sharpening. One thread does them all, newest first, so a window
    dragged through many sizes never starts a drawing per size: past the two newest, a preview
    is forgotten instead (and drawn afresh if its size is asked for again)."""
    with _lock:
        _pending.append(job)
        while len(_pending) > 2:
            key, surface = _pending.pop(0)[:2]
            if _boards.get(key) is surface:
                del _boards[key]
        if _worker[0] is None:
            _worker[0] = threading.Thread(target=_sharpen_all, name="board sharpening",
                                          daemon=True)
            _worker[0].start()


def _sharpen_all() -> None:
    while True:
        with _lock:
            if not _pending:
                _worker[0] = None
                return
            key, surface, at, bw, bh, scale = _pending.pop()
        if _boards.get(key) is surface:         # still wanted
            _sharpen(surface, at, bw, bh, scale)


def _sharpen(surface, at, bw, bh, scale) -> None:
    """Draw the full-size board and copy it over the preview in `surface`. In a thread: numpy
    lets the game run meanwhile, every pygame call here is small (a strip of rows), and the
    thread rests between strips, leaving the processor to the game's frames on a busy machine."""
    try:
        picture = _picture(bw, bh, scale, pause=SHARPEN_PAUSE)
        for top in range(0, bh, STRIP_ROWS):
            surface.blit(picture, (at[0], at[1] + top), (0, top, bw, STRIP_ROWS))
    except pygame.error:        # pygame shut down meanwhile: the preview stays
        pass


def sharpening() -> bool:
    """True while a big board is still being drawn in the background."""
    return _worker[0] is not None


def wait_for_boards() -> None:
    """Wait until every board drawn in the background is complete (tests, benchmarks)."""
    while True:
        with _lock:
            worker = _worker[0]
        if worker is None:
            return
        worker.join()


def _picture(bw, bh, scale, numbers=True, pause=0.0) -> pygame.Surface:
    """The board, exactly bw x bh pixels at `scale` pixels per board unit, as a 32-bit surface."""
    u = (np.arange(bw, dtype=np.float32) + 0.5) / np.float32(scale)   # pixel centres in board units
    v = (np.arange(bh, dtype=np.float32) + 0.5) / np.float32(scale)
    tile_px = max(8, round(WOOD_TILE_UNITS * scale))
    woods = _wood_tile("wood_walnut", tile_px), _wood_tile("wood_lemon", tile_px)
    surface = pygame.Surface((bw, bh), 0, 32)
    # In strips of rows, so that the working arrays stay small and in the processor's cache.
    for top in range(0, bh, STRIP_ROWS):
        rows = range(top, min(bh, top + STRIP_ROWS))
        image = _strip(u, v[top:rows.stop], rows, scale, *woods)
        rgb = np.clip(image, 0, 255).astype(np.uint8).transpose(1, 2, 0)
        surface.blit(pygame.image.frombytes(rgb.tobytes(), (bw, len(rows)), "RGB"), (0, top))
        if pause:
            time.sleep(pause)
    if numbers:
        _print_numbers(surface, scale)
    return surface


def _strip(u, v, rows, scale, walnut, lemon):
    """The board's pixel `rows` (board units v; columns u) as rgb planes, before the numbers."""
    px = 1.0 / scale
    # Walnut with the grain along each rail, mitred at the corners; up and down in the bar.
    on_long_rail = np.minimum(v, g.BOARD_H - v)[:, None] < np.minimum(u, g.BOARD_W - u)[None, :]
    in_bar = (np.abs(u - (g.BAR_LEFT + g.BAR_RIGHT) / 2) < g.BAR_W / 2)[None, :]
    on_long_rail &= ~(in_bar & ((v > g.FIELD_TOP) & (v < g.FIELD_BOTTOM))[:, None])
    image = np.where(on_long_rail, _tiled(walnut, rows, len(u), 0), _tiled(walnut, rows, len(u), 37, True))
    image = image.astype(np.float32)

    # The field: lemonwood veneer along the points, painted points, blended in by coverage;
    # it lies below the rails and the bar, in their cast shadow and contact shade.
    first, last = np.searchsorted(v, (g.FIELD_TOP - px, g.FIELD_BOTTOM + px))
    if last > first:
        inside = slice(first, last)
        field = _tiled(lemon, rows[inside], len(u), 11, True).astype(np.float32)
        _paint_points(field, u, v[inside], scale, float(lemon.mean()))
        in_field = _distances(u, v[inside])[1]
        cover = np.clip(in_field * np.float32(scale) + 0.5, 0, 1)
        band = image[:, inside]
        band += (field - band) * cover
        left_wall = np.where(u < g.BAR_LEFT, u - g.FIELD_LEFT, u - g.BAR_RIGHT)
        cast = np.maximum(1 - _smooth(left_wall * (1.3 / SHADOW_LEN))[None, :],
                          1 - _smooth((v[inside] - g.FIELD_TOP) * (1 / SHADOW_LEN))[:, None])
        contact = np.exp(-np.clip(in_field, 0, None) * (1 / 3.0))
        band *= 1 - cover * (0.30 * cast + 0.25 * contact)

    for r, c in _frame_pieces(u, v):
        if r.stop > r.start:
            light, gloss, string = _relief(u[c], v[r], px)
            piece = image[:, r, c]
            piece += (BOXWOOD[:, None, None] - piece) * string
            piece *= light
            piece += gloss
    return image


def _paint_points(field, u, v, scale, tone):
    """Paint the 24 long points on the field (planes, rows v, columns u; `tone` its average
    brightness): carmine and green alternating, the grain showing through the paint, a little
    darker towards the edges."""
    px = 1.0 / scale
    for side in Side:
        for point in range(1, 13):
            corners = g.point_triangle(side, point)
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            if max(ys) < v[0] - px or min(ys) > v[-1] + px:
                continue                                 # not in these rows
            c0, c1 = int(min(xs) * scale), int(np.ceil(max(xs) * scale)) + 1
            r0 = max(0, int(np.searchsorted(v, min(ys))) - 1)
            r1 = int(np.searchsorted(v, max(ys))) + 1
            x, y = u[None, c0:c1], v[r0:r1, None]
            inside = triangle_distance(x, y, corners)
            cover = np.clip(inside * np.float32(scale) + 0.5, 0, 1)
            edge = 0.82 + 0.18 * np.clip(inside * (1 / 3.0) + 0.5, 0, 1)
            # Adjacent points differ in colour, and point k faces a point of the other colour.
            paint = POINT_RED if (point + (side is Side.BLACK)) % 2 else POINT_GREEN
            region = field[:, r0:r1, c0:c1]
            grain = region.mean(axis=0) * (1 / tone) * edge
            region += (paint[:, None, None] * grain - region) * cover


#: The point numbers' font size, as a share of the rail's width: the figures (lining, about 0.7
#: of the size) stand 15 px tall on the smallest window's board (a rail of 26 px) and
#: leave the rail's edges clear at every size.
NUMBER_SIZE = 0.85


def number_font(scale: float) -> pygame.font.Font:
    """The font of the point numbers at this board scale: the period serif, lining figures."""
    return assets.font(max(10, round(g.RAIL * scale * NUMBER_SIZE)), "body")


def _print_numbers(surface, scale):
    """Number each row 1-12, left to right, stamped in gilt on its own rail (White's top, Black's
    bottom), centred on the rail so the checkers and labels on the field never cover them."""
    font = number_font(scale)
    dent_at = max(1, round(scale * 0.8))
    for y_units in (g.RAIL / 2, g.BOARD_H - g.RAIL / 2):
        for point in range(1, 13):
            centre = (round(g.point_x(point) * scale), round(y_units * scale))
            text = font.render(str(point), True, NUMBER_COLOUR)
            text.set_alpha(NUMBER_ALPHA)
            dent = font.render(str(point), True, (20, 10, 4))
            dent.set_alpha(140)
            # Centre the figures themselves (not the font's line box, which has room for
            # descenders): the box's middle sits a little below the digits' middle.
            ink = text.get_bounding_rect()
            rect = text.get_rect(center=centre).move(0, text.get_height() // 2 - ink.centery)
            surface.blit(dent, rect.move(dent_at, dent_at))
            surface.blit(text, rect)
