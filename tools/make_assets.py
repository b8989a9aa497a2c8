"""Draw the game's textures, checkers and icon into assets/ (and copy the shipped fonts).

The icon is written as icon.png (the window's, and Linux menus'), icon.ico (Windows) and
icon.icns (macOS), both of these holding PNGs, so no image library beyond pygame is needed.

Everything is computed with seeded numpy, so running the script again gives the same files:
`python tools/make_assets.py [--out DIR]`. The board itself is drawn at run time by
game/view/board_art.py from the wood tiles made here.
"""
import argparse
import io
import os
import pathlib
import shutil
import struct
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.view.assets import CHECKER_CANVAS_RATIO  # noqa: E402
from game.view.board_art import LIGHT, POINT_GREEN, POINT_RED, triangle_coverage  # noqa: E402

CHECKER_MASTER = 256          # disc diameter of the pre-rendered checkers, in pixels
CHECKER_CANVAS = round(CHECKER_MASTER * CHECKER_CANVAS_RATIO)   # room for the soft shadow
FONT_DIR = pathlib.Path("/usr/share/fonts/opentype/ebgaramond")
FONTS = ("EBGaramond12-Regular.otf", "EBGaramond12-Italic.otf")
FONT_LICENCE = pathlib.Path("/usr/share/doc/fonts-ebgaramond/copyright")



def periodic_noise(rng, shape, cycles_x, cycles_y):
    """Smooth noise that tiles seamlessly: white noise low-passed in the Fourier domain.

    cycles_x/cycles_y set the typical number of bumps across the tile in each direction,
    so a large x and small y give streaks along y, and the other way round.
    """
    h, w = shape
    spectrum = np.fft.rfft2(rng.standard_normal(shape))
    ky = np.fft.fftfreq(h)[:, None] * h
    kx = np.fft.rfftfreq(w)[None, :] * w
    spectrum *= np.exp(-(kx / cycles_x) ** 2 - (ky / cycles_y) ** 2)
    noise = np.fft.irfft2(spectrum, s=shape)
    return (noise - noise.mean()) / noise.std()


def wood(rng, shape, rings, early, late, contrast, figure=1.0):
    """Flat-sawn wood with the grain along x: warped growth rings, streaky pores, colour drift."""
    h, w = shape
    y = np.arange(h)[:, None] / h
    warp = figure * (1.2 * periodic_noise(rng, shape, 1.5, 2.0) + 0.35 * periodic_noise(rng, shape, 4, 6))
    ring = (y * rings + warp) % 1.0
    latewood = np.exp(-((ring - 0.78) / 0.10) ** 2) + 0.5 * np.exp(-((ring - 0.2) / 0.05) ** 2)
    pores = np.clip(periodic_noise(rng, shape, w / 40, h / 3), 1.2, None) - 1.2
    streaks = periodic_noise(rng, shape, 3, h / 6)
    drift = periodic_noise(rng, shape, 1, 1.5)
    t = np.clip(contrast * latewood + 0.10 * streaks, 0, 1)[..., None]
    colour = early * (1 - t) + late * t
    colour *= (1 + 0.07 * drift[..., None] - 0.10 * pores[..., None])
    return np.clip(colour, 0, 255)


def felt(rng, shape, base):
    """Green baize for the table around the board: fine fibres over a soft mottle."""
    fibres = periodic_noise(rng, shape, shape[1] / 3, shape[0] / 3)
    mottle = periodic_noise(rng, shape, 4, 4)
    colour = base * (1 + 0.06 * fibres[..., None] + 0.04 * mottle[..., None])
    return np.clip(colour, 0, 255)


def save_rgb(array, path):
    surface = pygame.image.frombytes(np.ascontiguousarray(np.round(array).astype(np.uint8)).tobytes(),
                                     (array.shape[1], array.shape[0]), "RGB")
    pygame.image.save(surface, str(path))


def save_rgba(rgb, alpha, path):
    rgba = np.dstack([rgb, alpha * 255])
    rgba = np.ascontiguousarray(np.round(np.clip(rgba, 0, 255)).astype(np.uint8))
    surface = pygame.image.frombytes(rgba.tobytes(), (rgba.shape[1], rgba.shape[0]), "RGBA")
    pygame.image.save(surface, str(path))


def shade(height_x, height_y, ambient, diffuse, specular, shininess):
    """Lambert plus a Blinn highlight from the slope of a height field (light from the upper left)."""
    normal = np.dstack([-height_x, -height_y, np.ones_like(height_x)])
    normal /= np.linalg.norm(normal, axis=2, keepdims=True)
    light = np.array(LIGHT)                     # the board's light, so checkers and board agree
    half = light + np.array([0, 0, 1.0])
    half /= np.linalg.norm(half)
    lambert = np.clip(normal @ light, 0, None)
    highlight = np.clip(normal @ half, 0, None) ** shininess
    return ambient + diffuse * lambert, specular * highlight


def checker(rng, side):
    """A turned disc seen from above: rounded rim, turning rings, polished highlight, soft shadow.

    Rendered at twice the size and averaged down, so the grooves and the edge are antialiased.
    Returns (rgb, alpha) arrays of CHECKER_CANVAS square with the disc in the middle.
    """
    n = CHECKER_CANVAS * 2
    radius = CHECKER_MASTER  # master diameter at 2x
    c = (n - 1) / 2
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float64)
    dx, dy = (xx - c) / radius, (yy - c) / radius
    r = np.hypot(dx, dy)

    # Height profile of the turned disc (units of the radius): domed rim, dished field, rings.
    rim = np.sqrt(np.clip(1 - ((r - 0.86) / 0.16) ** 2, 0, 1)) * 0.08
    dish = 0.035 * (r / 0.72) ** 2 * (r < 0.72) + 0.035 * (r >= 0.72)
    grooves = sum(depth * np.exp(-((r - at) / width) ** 2)
                  for at, depth, width in ((0.71, 0.018, 0.012), (0.50, 0.008, 0.007),
                                           (0.30, 0.008, 0.007), (0.10, 0.012, 0.02)))
    turning = 0.0006 * np.sin(r * 420)
    height = np.where(r < 0.72, dish, np.maximum(dish, rim)) - grooves + turning
    height = np.where(r < 1.0, height, 0.0)
    hy, hx = np.gradient(height * radius)
    diffuse, highlight = shade(hx, hy, 0.55, 0.55, 1.0, 60)

    if side == "W":
        base = np.array([238.0, 229.0, 205.0])
        yellowing = np.array([-6.0, -12.0, -30.0]) * np.clip(r - 0.4, 0, None)[..., None]
        grain = periodic_noise(rng, (n, n), 6, 30)[..., None] * np.array([3.0, 3.5, 5.0])
        gloss = 70.0
    else:
        base = np.array([44.0, 36.0, 33.0])
        yellowing = 0.0
        grain = periodic_noise(rng, (n, n), 4, 40)[..., None] * np.array([6.0, 4.5, 3.5])
        gloss = 120.0
    colour = (base + yellowing + grain) * diffuse[..., None] + gloss * highlight[..., None]
    disc = np.clip((1.0 - r) * radius + 0.5, 0, 1)

    # The shadow: the disc's footprint shifted away from the light and blurred.
    offset = (0.07 * radius, 0.10 * radius)
    sr = np.hypot(xx - c - offset[0], yy - c - offset[1]) / radius
    shadow = 0.5 * np.clip((1.06 - sr) / 0.16, 0, 1) ** 1.5

    alpha = disc + shadow * (1 - disc)
    rgb = colour * disc[..., None] / np.maximum(alpha, 1e-6)[..., None]
    rgb = rgb.reshape(CHECKER_CANVAS, 2, CHECKER_CANVAS, 2, 3)
    alpha = alpha.reshape(CHECKER_CANVAS, 2, CHECKER_CANVAS, 2)
    # Average premultiplied colour so the antialiased edge does not fringe.
    premult = (rgb * alpha[..., None]).mean(axis=(1, 3))
    alpha = alpha.mean(axis=(1, 3))
    return premult / np.maximum(alpha, 1e-6)[..., None], alpha


def icon(walnut, lemonwood, white, black):
    """The app icon: a corner of the tablier - walnut frame, two points, an ivory and an ebony checker."""
    size = 256
    yy, xx = np.mgrid[0:size, 0:size] + 0.5
    rgb = walnut[:size, :size].copy()
    corner = 40.0
    inside = np.clip(corner - np.hypot(np.clip(np.abs(xx - 128) - (128 - corner), 0, None),
                                       np.clip(np.abs(yy - 128) - (128 - corner), 0, None)) + 0.5, 0, 1)
    field = lemonwood[:size, :size]
    field_cov = np.clip(np.minimum.reduce([xx - 26, 230 - xx, yy - 26, 230 - yy]) + 0.5, 0, 1)
    rgb = rgb * (1 - field_cov[..., None]) + field * field_cov[..., None]
    grain = field.mean(axis=2, keepdims=True) / field.mean()
    for corners, paint in ((((30, 26), (126, 26), (78, 220)), POINT_RED),
                           (((130, 230), (226, 230), (178, 36)), POINT_GREEN)):
        cov = triangle_coverage(xx, yy, corners)[..., None]
        rgb = rgb * (1 - cov) + paint * grain * cov
    for (sprite_rgb, sprite_a), centre in ((white, (78, 70)), (black, (178, 186))):
        _over(rgb, _scaled(sprite_rgb, sprite_a, 110), centre)
    return rgb, inside


def _scaled(rgb, alpha, size):
    """Scale an (rgb, alpha) sprite whose disc is CHECKER_MASTER wide so the disc is `size` wide."""
    canvas = round(size * CHECKER_CANVAS / CHECKER_MASTER)
    rgba = np.ascontiguousarray(np.dstack([rgb, alpha * 255]).round().clip(0, 255).astype(np.uint8))
    surf = pygame.image.frombytes(rgba.tobytes(), (CHECKER_CANVAS, CHECKER_CANVAS), "RGBA")
    surf = pygame.transform.smoothscale(surf, (canvas, canvas))
    out = np.frombuffer(pygame.image.tobytes(surf, "RGBA"), np.uint8).reshape(canvas, canvas, 4)
    return out.astype(np.float64)


def _over(rgb, sprite, centre):
    """Composite an RGBA sprite centred at `centre` over an rgb array, in place."""
    s = sprite.shape[0]
    x0, y0 = round(centre[0] - s / 2), round(centre[1] - s / 2)
    region = rgb[y0:y0 + s, x0:x0 + s]
    a = sprite[: region.shape[0], : region.shape[1], 3:] / 255
    region[:] = region * (1 - a) + sprite[: region.shape[0], : region.shape[1], :3] * a


ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: Apple icon types that hold a PNG, and the pixel size each holds (@2x types count double).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("ic11", 32), ("icp6", 64), ("ic12", 64),
              ("ic07", 128), ("ic08", 256), ("ic13", 256))


def icon_pngs(path, sizes):
    """{size: PNG bytes} of the icon at `path` smooth-scaled to each size."""
    master = pygame.image.load(str(path))
    pngs = {}
    for size in sizes:
        scaled = master if size == master.get_width() else \
            pygame.transform.smoothscale(master, (size, size))
        buffer = io.BytesIO()
        pygame.image.save(scaled, buffer, "icon.png")
        pngs[size] = buffer.getvalue()
    return pngs


def save_ico(path, pngs):
    """A Windows .ico (what PyInstaller puts in the .exe) holding PNG images, as Windows reads
    them since Vista: a directory of (size, 32-bit colour, length, offset), then the PNGs."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    directory, images = b"", b""
    for size, png in sorted(pngs.items()):
        side = size % 256               # 0 stands for 256
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(images))
        images += png
    path.write_bytes(header + directory + images)


def save_icns(path, pngs):
    """A macOS .icns (the .app's icon): 'icns', the total length, then (type, length, PNG)."""
    body = b"".join(kind.encode() + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES)
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def copy_fonts(out):
    """Ship EB Garamond (SIL Open Font Licence) from the Debian package fonts-ebgaramond."""
    if not FONT_DIR.is_dir():
        print(f"fonts-ebgaramond not installed: keeping the fonts already in {out / 'fonts'}")
        return
    (out / "fonts").mkdir(parents=True, exist_ok=True)
    for name in FONTS:
        shutil.copyfile(FONT_DIR / name, out / "fonts" / name)
    shutil.copyfile(FONT_LICENCE, out / "fonts" / "OFL.txt")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "assets")
    args = parser.parse_args(argv)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(1699)

    walnut = wood(rng, (256, 1024), rings=7, early=np.array([104.0, 66.0, 40.0]),
                  late=np.array([58.0, 34.0, 20.0]), contrast=0.75)
    lemonwood = wood(rng, (256, 1024), rings=5, early=np.array([200.0, 164.0, 112.0]),
                     late=np.array([170.0, 132.0, 86.0]), contrast=0.35, figure=0.7)
    save_rgb(walnut, out / "wood_walnut.png")
    save_rgb(lemonwood, out / "wood_lemon.png")
    save_rgb(felt(rng, (256, 256), np.array([28.0, 62.0, 44.0])), out / "table_felt.png")

    white = checker(rng, "W")
    black = checker(rng, "B")
    save_rgba(*white, out / "checker_white.png")
    save_rgba(*black, out / "checker_black.png")
    save_rgba(*icon(walnut.transpose(1, 0, 2)[:256], lemonwood[:, :256], white, black), out / "icon.png")
    pngs = icon_pngs(out / "icon.png", sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES}))
    save_ico(out / "icon.ico", {size: pngs[size] for size in ICO_SIZES})
    save_icns(out / "icon.icns", pngs)
    copy_fonts(out)
    print(f"assets written to {out}")


if __name__ == "__main__":
    main()
