"""The shipped images and fonts, the checker sprites and the board drawn at any size."""
import importlib.util
import pathlib

import numpy as np
import pygame
import pytest

from game.geometry import tablier as g
from game.rules import Side
from game.view import assets
from game.view.board_art import render_board

ROOT = pathlib.Path(__file__).resolve().parents[1]
IMAGES = ("checker_white", "checker_black", "icon", "wood_walnut", "wood_lemon", "table_felt")


def pixels(surface):
    """(width, height, 3) rgb and (width, height) alpha arrays of a surface."""
    alpha = pygame.surfarray.array_alpha(surface) if surface.get_flags() & pygame.SRCALPHA else None
    return pygame.surfarray.array3d(surface).astype(int), alpha


@pytest.mark.parametrize("name", IMAGES)
def test_every_image_loads(name):
    surface = assets.image(name)
    assert min(surface.get_size()) >= 64
    assert assets.image(name) is surface


def test_unknown_image_says_so():
    with pytest.raises(FileNotFoundError, match="no image 'nothing'"):
        assets.image("nothing")


@pytest.mark.parametrize("kind", ("title", "body", "italic", "sans"))
def test_fonts_render(kind):
    font = assets.font(24, kind)
    assert font is assets.font(24, kind)
    text = font.render("Sonnés ! 1699", True, (0, 0, 0))
    assert text.get_width() > 60 and 15 <= text.get_height() <= 40


def test_serif_is_the_shipped_garamond():
    assert (assets.ASSETS / "fonts" / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE") >= 1
    serif = assets.font(40, "title").render("Tourne Case", True, (0, 0, 0))
    sans = assets.font(40, "sans").render("Tourne Case", True, (0, 0, 0))
    assert serif.get_size() != sans.get_size()
    with pytest.raises(ValueError):
        assets.font(12, "gothic")


@pytest.mark.parametrize("diameter", (24, 62, 140, 300))
def test_checkers_are_discs_with_a_transparent_outside(diameter):
    white, black = assets.checker(Side.WHITE, diameter), assets.checker(Side.BLACK, diameter)
    size = round(diameter * assets.CHECKER_CANVAS_RATIO)
    assert white.get_size() == black.get_size() == (size, size)
    assert assets.checker(Side.WHITE, diameter) is white
    (w_rgb, w_alpha), (b_rgb, b_alpha) = pixels(white), pixels(black)
    c = size // 2
    assert w_alpha[c, c] >= 250 and b_alpha[c, c] >= 250       # smoothscale may round down a little
    for corner in ((0, 0), (size - 1, 0), (0, size - 1)):
        assert w_alpha[corner] == 0 and b_alpha[corner] == 0
    # Up and to the left of the disc, away from the shadow, the canvas is clear; down and to the
    # right, just past the rim, lies the soft shadow.
    off = round(diameter * 0.56)
    assert w_alpha[c - off, c] == 0
    if diameter >= 60:
        assert 20 < w_alpha[c, c + round(diameter * 0.53)] < 200
    assert w_rgb[c, c].sum() > 3 * 180 and b_rgb[c, c].sum() < 3 * 90
    # Turned rings: the face is not one flat colour.
    face = w_rgb[c - diameter // 3:c + diameter // 3, c].sum(axis=1)
    assert face.max() - face.min() > 15


def test_checker_side_is_checked():
    with pytest.raises(ValueError):
        assets.checker("X", 40)


@pytest.fixture(scope="module")
def board():
    return render_board(1250, 800)


def test_board_has_the_requested_size_and_is_cached(board):
    assert board.get_size() == (1250, 800)
    assert render_board(1250, 800) is board


def test_board_is_wood_and_paint_not_a_flat_colour(board):
    rgb, _ = pixels(board)
    assert rgb.std(axis=(0, 1)).min() > 20
    scale = 1250 / g.BOARD_W
    rail = rgb[:, : int(g.RAIL * scale) - 4]                  # the left rail: walnut, grained
    assert rail.mean() < 110 and rail.std() > 6
    packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    assert len(np.unique(packed)) > 5000


def colour_at(rgb, x, y, scale):
    return rgb[int(x * scale), int(y * scale)]


@pytest.mark.parametrize("side", tuple(Side), ids=str)
def test_points_are_where_the_geometry_puts_them(board, side):
    rgb, _ = pixels(board)
    scale = 1250 / g.BOARD_W
    hues = []
    for point in range(1, 13):
        (x0, y0), (x1, _), (tx, ty) = g.point_triangle(side, point)
        inside = colour_at(rgb, (x0 + x1 + tx) / 3, (2 * y0 + ty) / 3, scale)
        hues.append("red" if inside[0] > inside[1] + 40 else "green" if inside[1] > inside[0] else "?")
        if point not in (6, 12):
            # Beside the tip, between this point and the next, the light field shows.
            beside = colour_at(rgb, tx + g.POINT_W / 2, (y0 + 2 * ty) / 3, scale)
            assert beside.min() > 90 and beside.min() > inside.min()
    assert "?" not in hues
    assert all(a != b for a, b in zip(hues, hues[1:]))          # colours alternate along the row


def test_facing_points_differ_in_colour(board):
    rgb, _ = pixels(board)
    scale = 1250 / g.BOARD_W
    for point in range(1, 13):
        top = colour_at(rgb, g.point_x(point), g.FIELD_TOP + 60, scale)
        bottom = colour_at(rgb, g.point_x(point), g.FIELD_BOTTOM - 60, scale)
        assert (top[0] > top[1]) != (bottom[0] > bottom[1])


def test_board_keeps_its_shape_in_another_aspect_ratio():
    surface = render_board(1280, 800)
    assert surface.get_size() == (1280, 800)
    _, alpha = pixels(surface)
    assert alpha[3, 400] == 0 and alpha[640, 400] == 255


@pytest.mark.parametrize("size", ((960, 614), (2000, 1280)))
def test_board_other_sizes(size):
    rgb, _ = pixels(render_board(*size))
    assert rgb.shape[:2] == size and rgb.std() > 20


def test_asset_script_is_deterministic(tmp_path):
    spec = importlib.util.spec_from_file_location("make_assets", ROOT / "tools" / "make_assets.py")
    make_assets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_assets)
    make_assets.main(["--out", str(tmp_path / "a")])
    make_assets.main(["--out", str(tmp_path / "b")])
    for name in ("icon.ico", "icon.icns"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    for name in IMAGES:
        a, b = (tmp_path / "a" / f"{name}.png"), (tmp_path / "b" / f"{name}.png")
        assert a.read_bytes() == b.read_bytes()
        # Against the committed file: the same picture, give or take a rounding on another machine.
        fresh = pygame.surfarray.array3d(pygame.image.load(str(a))).astype(int)
        shipped = pygame.surfarray.array3d(assets.image(name)).astype(int)
        assert np.abs(fresh - shipped).max() <= 2


def icon_images(kind):
    """[(declared size, decoded surface)] of the shipped icon.ico or icon.icns."""
    import io
    import struct
    data = (assets.ASSETS / f"icon.{kind}").read_bytes()
    found = []
    if kind == "ico":
        reserved, kind_, count = struct.unpack("<HHH", data[:6])
        assert (reserved, kind_) == (0, 1)
        for entry in range(count):
            width, height, _, _, planes, bits, length, offset = struct.unpack(
                "<BBBBHHII", data[6 + 16 * entry:22 + 16 * entry])
            assert width == height and bits == 32
            found.append((width or 256, data[offset:offset + length]))
    else:
        assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
        at, sizes = 8, {"icp4": 16, "icp5": 32, "ic11": 32, "icp6": 64, "ic12": 64,
                        "ic07": 128, "ic08": 256, "ic13": 256}
        while at < len(data):
            tag, length = data[at:at + 4].decode(), struct.unpack(">I", data[at + 4:at + 8])[0]
            found.append((sizes[tag], data[at + 8:at + length]))
            at += length
    return [(size, pygame.image.load(io.BytesIO(png), "icon.png")) for size, png in found]


@pytest.mark.parametrize("kind", ("ico", "icns"))
def test_the_icon_ships_for_windows_and_macos_as_the_same_picture(kind):
    images = icon_images(kind)
    assert {size for size, _ in images} >= {16, 32, 128, 256}
    master = pixels(assets.image("icon"))[0]
    for size, surface in images:
        assert surface.get_size() == (size, size)
        if size == 256:
            assert np.array_equal(pixels(surface)[0], master)
    _, alpha = pixels(images[-1][1])
    assert alpha[0, 0] == 0 and alpha[128, 128] == 255        # rounded corners, solid middle


@pytest.mark.parametrize("size", ((100, 64), (40, 25), (3, 200), (0, 0)))
def test_tiny_or_empty_sizes_do_not_crash(size):
    surface = render_board(*size)
    assert surface.get_size() == (max(1, size[0]), max(1, size[1]))


def test_a_big_board_shows_a_preview_at_once_then_sharpens_in_place():
    """Past PREVIEW_ABOVE pixels the first picture is a smoothed-up preview; a thread then
    copies the full drawing into the same surface, so whoever holds it sees it sharpen."""
    from game.view import board_art
    size = (2000, 1280)
    assert size[0] * size[1] > board_art.PREVIEW_ABOVE
    render_board.cache_clear()
    board_art.wait_for_boards()
    surface = render_board(*size)
    board_art.wait_for_boards()
    assert render_board(*size) is surface
    scale = min(size[0] / g.BOARD_W, size[1] / g.BOARD_H)
    full = board_art._picture(round(g.BOARD_W * scale), round(g.BOARD_H * scale), scale)
    at = ((size[0] - full.get_width()) // 2, (size[1] - full.get_height()) // 2)
    shown = pygame.surfarray.array3d(surface.subsurface((at, full.get_size()))).astype(int)
    assert np.abs(shown - pygame.surfarray.array3d(full)).max() == 0


def test_the_preview_is_the_same_board_only_softer():
    from game.view import board_art
    render_board.cache_clear()
    board_art.wait_for_boards()
    original = board_art._sharpen
    board_art._sharpen = lambda *args: None          # keep the preview as it is
    try:
        preview = pixels(render_board(2000, 1280))[0]
    finally:
        board_art._sharpen = original
        render_board.cache_clear()
    surface = render_board(2000, 1280)
    board_art.wait_for_boards()
    sharp = pixels(surface)[0]
    assert np.abs(preview - sharp).mean() < 12           # the same picture...
    detail = lambda rgb: np.abs(np.diff(rgb.sum(axis=2), axis=0)).mean()
    assert detail(preview) < detail(sharp)                 # ...with less fine grain


def test_a_window_dragged_through_big_sizes_has_one_sharpening_thread_and_the_newest_sharp():
    """Each size of a resized window asks for a board: one thread sharpens them, newest first,
    and no more than two wait for it, so a drag never starts a drawing per size."""
    import threading
    from game.view import board_art
    render_board.cache_clear()
    others = set(threading.enumerate())
    sizes = [(2000 + 16 * i, 1280 + 10 * i) for i in range(5)]
    for size in sizes:
        newest = render_board(*size)
        drawing = [thread for thread in threading.enumerate() if thread not in others]
        assert len(drawing) <= 1 and len(board_art._pending) <= 2
    board_art.wait_for_boards()
    assert not board_art.sharpening()
    assert render_board(*sizes[-1]) is newest
    scale = min(sizes[-1][0] / g.BOARD_W, sizes[-1][1] / g.BOARD_H)
    full = board_art._picture(round(g.BOARD_W * scale), round(g.BOARD_H * scale), scale)
    at = ((sizes[-1][0] - full.get_width()) // 2, (sizes[-1][1] - full.get_height()) // 2)
    shown = pygame.surfarray.array3d(newest.subsurface((at, full.get_size()))).astype(int)
    assert np.abs(shown - pygame.surfarray.array3d(full)).max() == 0
    render_board.cache_clear()


def test_point_numbers_are_readable_on_the_smallest_windows_board_and_stay_on_the_rails():
    """At 960x600 the table's board is about 770 px wide; at 750 px (a little less) every
    number's gilt figures stand at least 14 px tall, and all of the stamping (gilt and dent)
    stays on its rail, where neither checkers nor labels on the field go."""
    from game.view import board_art
    scale = 0.75
    bw, bh = round(g.BOARD_W * scale), round(g.BOARD_H * scale)
    plain = pixels(board_art._picture(bw, bh, scale, numbers=False))[0]
    numbered = pixels(board_art._picture(bw, bh, scale, numbers=True))[0]
    brighter = (numbered - plain).sum(axis=2) > 60            # the gilt
    changed = np.abs(numbered - plain).sum(axis=2) > 0
    rail = round(g.RAIL * scale)
    assert not changed[:, rail + 1:bh - rail - 1].any(), "a number spills onto the field"
    for top in (True, False):
        rows = slice(0, rail + 1) if top else slice(bh - rail - 1, bh)
        for point in range(1, 13):
            x = g.point_x(point) * scale
            columns = slice(round(x - g.POINT_W * scale / 2), round(x + g.POINT_W * scale / 2))
            ys = np.nonzero(brighter[columns, rows].any(axis=0))[0]
            assert ys.size and ys.max() - ys.min() + 1 >= 14, (top, point, ys)
