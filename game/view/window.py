"""The window: opening it, saving a frame of it, the events it may hand the scenes, and how the
main loop rests: a wait for the next event that sleeps (`EventWait`), the event a thread posts to
end it (`wake`), and a frame put on the screen only where it changed (`Presenter`)."""
import ctypes
import math
import os
import time
import warnings
from pathlib import Path

import numpy
import pygame

from game.base.i18n import _
from game.view import assets
from game.view.layout import MIN_SIZE


def open_window(caption: str, fullscreen: bool, windowed_size) -> pygame.Surface:
    """The display surface, full screen or a resizable window of `windowed_size`."""
    pygame.display.set_caption(caption)
    direct_to_x11()
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


def direct_to_x11() -> None:
    """Under X11, frames go to the window as they are drawn (shared memory), not through an
    OpenGL texture: SDL's default there, which costs four times as much a frame where OpenGL is
    done in software (no graphics driver, a virtual machine, a virtual screen) and saves
    nothing where it is not, the game drawing in software anyway. A player's own
    SDL_FRAMEBUFFER_ACCELERATION stays; other systems keep SDL's way (macOS has no other)."""
    try:
        if pygame.display.get_driver() == "x11":
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    except pygame.error:
        pass


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


# --- resting ---------------------------------------------------------------------------------

#: Posted by `wake()` (any thread): something has news for the screen. The loop draws at once;
#: the scenes never see it.
WAKE = pygame.event.custom_type()

#: What the window says of itself: a frame must then be shown whole (the window was uncovered,
#: resized, shown again), whatever the last one showed.
WINDOW_EVENTS = frozenset({
    pygame.VIDEOEXPOSE, pygame.VIDEORESIZE, pygame.ACTIVEEVENT, pygame.WINDOWEXPOSED,
    pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESIZED,
    pygame.WINDOWSIZECHANGED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST,
    pygame.WINDOWDISPLAYCHANGED})

SDL_INIT_VIDEO = 0x20
#: Seconds of one sleep at most ("until an event" is many of them). A signal (SIGTERM, SIGHUP: the
#: system closing, the terminal gone) is taken by Python only once the sleep returns, and it must
#: end the game within two seconds, saved: at 60 s the game rested on for most of a minute.
#: Two looks a second cost nothing measurable (tests/bench_idle.py).
LONGEST = 0.5
POLL = 0.005          # seconds between two looks at the queue where SDL cannot be asked to sleep


def wake() -> None:
    """End the main loop's rest now (safe from any thread: SDL's queue takes posts from all)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:      # no display (closing): nobody to wake
        pass


def loaded_sdl():
    """The SDL library pygame runs on, for the one call pygame-ce lacks: a wait that sleeps.

    pygame.event.wait(timeout) looks at the queue every millisecond (3-4 % of a core doing
    nothing); SDL_WaitEventTimeout sleeps on the window system and wakes at once for an event
    or a post from another thread. Only the very library pygame loaded will do (a second copy
    knows no window): the one whose video is initialised. None if there is none to be found."""
    names = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            names = [line.split(None, 5)[5].strip() for line in maps
                     if "libSDL2-2" in line and len(line.split(None, 5)) == 6]
    except OSError:          # not Linux: the libraries pygame's wheel carries
        pass
    folder = Path(pygame.__file__).parent
    for pattern in ("SDL2.dll", ".dylibs/libSDL2-2*.dylib", "../pygame_ce.libs/libSDL2-2*"):
        names += [str(path) for path in folder.glob(pattern)]
    for name in dict.fromkeys(names):
        try:
            sdl = ctypes.CDLL(name)
            if sdl.SDL_WasInit(SDL_INIT_VIDEO) & SDL_INIT_VIDEO:
                sdl.SDL_WaitEventTimeout.argtypes = (ctypes.c_void_p, ctypes.c_int)
                sdl.SDL_WaitEventTimeout.restype = ctypes.c_int
                return sdl
        except (OSError, AttributeError):
            continue
    return None


class EventWait:
    """Sleeps until an event is queued or `seconds` have passed: SDL's own wait where it can
    be had (no processor used), else short sleeps between looks at the queue."""

    def __init__(self, sdl="find"):
        self.sdl = loaded_sdl() if sdl == "find" else sdl

    def __call__(self, seconds: float) -> bool:
        """True if an event is waiting (it stays in the queue for the frame to take)."""
        if seconds <= 0 or pygame.event.peek():
            return bool(pygame.event.peek())
        if self.sdl is not None:
            self.sdl.SDL_WaitEventTimeout(None, math.ceil(min(seconds, LONGEST) * 1000))
            return bool(pygame.event.peek())
        end = time.monotonic() + min(seconds, LONGEST)
        while time.monotonic() < end:
            time.sleep(min(POLL, max(0.0, end - time.monotonic())))
            if pygame.event.peek():
                return True
        return False


class Presenter:
    """Puts a frame drawn on the screen, but only the bands of it that changed since the last
    one shown: a frame drawn the same as the last costs no copy to the window at all (in
    software rendering the copy is the dearest part of a frame, four times the drawing)."""

    GAP = 24              # rows: two changes closer than this are shown as one band

    def __init__(self):
        self.last = None  # the pixels last shown, (width, height), or None: show the next whole

    def forget(self) -> None:
        """The window lost what it showed (uncovered, resized): the next frame goes whole."""
        self.last = None

    def show(self, screen: pygame.Surface, moving: bool = False) -> bool:
        """Show what changed of `screen`; True if anything did. While something is known to move
        (`moving`), the frame goes whole with no comparing: that would cost more than it saves."""
        if moving:
            self.last = None
            pygame.display.flip()
            return True
        try:
            pixels = numpy.asarray(screen.get_view("2"))   # the screen is locked while it lives
        except (ValueError, pygame.error):     # pixels of 3 bytes: no comparing, shown whole
            pygame.display.flip()
            return True
        whole = self.last is None or self.last.shape != pixels.shape
        if whole:
            self.last = pixels.copy()
            bands = []
        else:
            bands = changed_bands(self.last, pixels, self.GAP)
            for x, y, w, h in bands:
                self.last[x:x + w, y:y + h] = pixels[x:x + w, y:y + h]
        del pixels               # unlocked: the window may read it
        if whole:
            pygame.display.flip()
        elif bands:
            pygame.display.update([pygame.Rect(band) for band in bands])
        return whole or bool(bands)


def changed_bands(before, after, gap: int) -> list[tuple[int, int, int, int]]:
    """(x, y, w, h) of each band of rows where `after` differs from `before` (arrays indexed
    [x, y]), each as narrow as its changes; rows closer than `gap` share a band."""
    diff = before != after
    rows = numpy.flatnonzero(diff.any(axis=0))
    if not rows.size:
        return []
    cuts = numpy.flatnonzero(numpy.diff(rows) > gap)
    bands = []
    for top, bottom in zip(rows[numpy.r_[0, cuts + 1]], rows[numpy.r_[cuts, rows.size - 1]]):
        columns = numpy.flatnonzero(diff[:, top:bottom + 1].any(axis=1))
        left, right = int(columns[0]), int(columns[-1])
        bands.append((left, int(top), right - left + 1, int(bottom - top) + 1))
    return bands
