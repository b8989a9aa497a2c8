"""The window: opening it, saving a frame of it, and the events it may hand the scenes."""
import math
import time
import warnings
from pathlib import Path

import pygame

from game.base.i18n import _
from game.view import assets
from game.view.layout import MIN_SIZE


def open_window(caption: str, fullscreen: bool, windowed_size) -> pygame.Surface:
    """The display surface, full screen or a resizable window of `windowed_size`."""
    pygame.display.set_caption(caption)
    try:
        pygame.display.set_icon(assets.image("icon"))
    except (OSError, pygame.error):       # no icon is no reason to stop
        pass
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    screen = pygame.display.set_mode(windowed_size, pygame.RESIZABLE)
    try:
        with warnings.catch_warnings():     # the only way to reach the display's window
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):
        pass
    return screen


def save_screenshot(screen: pygame.Surface, folder: Path) -> Path:
    """Save a frame as a new PNG in `folder` (never through a link); OSError or pygame.error."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"tourne-case-{stamp}.png"
    n = 2
    while path.exists():
        path = folder / f"tourne-case-{stamp}-{n}.png"
        n += 1
    folder.mkdir(parents=True, exist_ok=True)
    if folder.is_symlink() or not folder.is_dir():   # written only inside the data folder
        raise OSError(_("{folder} is not a folder of the game's own", folder=folder))
    pygame.image.save(screen, str(path))
    return path


#: Fields an event must carry before a scene sees it (a stray posted event is dropped instead).
EVENT_FIELDS = {
    pygame.KEYDOWN: ("key", "mod"), pygame.KEYUP: ("key", "mod"),
    pygame.MOUSEBUTTONDOWN: ("pos", "button"), pygame.MOUSEBUTTONUP: ("pos", "button"),
    pygame.MOUSEMOTION: ("pos", "rel", "buttons"), pygame.MOUSEWHEEL: ("x", "y"),
}


def well_formed(event) -> bool:
    """Does the event carry the fields, of the types, that its kind promises?"""
    for name in EVENT_FIELDS.get(event.type, ()):
        value = getattr(event, name, None)
        if name in ("pos", "rel"):
            ok = isinstance(value, (tuple, list)) and len(value) == 2 and all(
                isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c)
                for c in value)
        elif name == "buttons":
            ok = isinstance(value, (tuple, list))
        else:
            ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok:
            return False
    return True
