"""Images and fonts from assets/, loaded once and cached (see assets/README.md for what each is).

Surfaces are converted for fast blitting as soon as a window exists; before that (tests,
start-up) they are returned as loaded and converted on a later call.
"""
import functools
import pathlib

import pygame

from game.rules import Side

ASSETS = pathlib.Path(__file__).resolve().parents[2] / "assets"
#: EB Garamond with lining figures as its digits (tools/make_fonts.py), so a 1 never reads as I.
FONT_FILES = {"title": "TourneCaseGaramond-Regular.otf", "body": "TourneCaseGaramond-Regular.otf",
              "italic": "TourneCaseGaramond-Italic.otf"}
CHECKER_IMAGES = {Side.WHITE: "checker_white", Side.BLACK: "checker_black"}
#: The checker sprites are wider than their disc, to hold the shadow: canvas / disc diameter.
CHECKER_CANVAS_RATIO = 320 / 256

_images: dict[str, pygame.Surface] = {}
_converted: set[str] = set()


def image(name: str) -> pygame.Surface:
    """assets/<name>.png, loaded once. Raises FileNotFoundError for a name that is not shipped."""
    surface = _images.get(name)
    if surface is None or (name not in _converted and pygame.display.get_surface() is not None):
        path = ASSETS / f"{name}.png"
        if not path.is_file():
            raise FileNotFoundError(f"no image {name!r} in {ASSETS}")
        surface = pygame.image.load(str(path))
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()
            _converted.add(name)
        _images[name] = surface
    return surface


@functools.lru_cache(maxsize=64)
def checker(side: Side, diameter_px: int) -> pygame.Surface:
    """A checker whose disc is `diameter_px` wide, smooth-scaled from the big pre-rendered sprite.

    The surface is CHECKER_CANVAS_RATIO times wider than the disc (the soft shadow falls down
    and to the right); the disc's centre is the surface's centre, so blit it with
    `surface.get_rect(center=...)`. The surface is shared: copy it before changing it.
    """
    if side not in CHECKER_IMAGES:
        raise ValueError(f"side must be a Side, not {side!r}")
    size = max(1, round(diameter_px * CHECKER_CANVAS_RATIO))
    return pygame.transform.smoothscale(image(CHECKER_IMAGES[side]), (size, size))


@functools.lru_cache(maxsize=64)
def font(size_px: int, kind: str = "body") -> pygame.font.Font:
    """EB Garamond with lining figures ("title", "body", "italic") or pygame's own sans ("sans"),
    at this pixel size."""
    if not pygame.font.get_init():
        pygame.font.init()
    if kind == "sans":
        return pygame.font.Font(None, size_px)
    if kind not in FONT_FILES:
        raise ValueError(f"unknown font kind {kind!r}: use title, body, italic or sans")
    return pygame.font.Font(str(ASSETS / "fonts" / FONT_FILES[kind]), size_px)
