"""Tweens for the table: checkers gliding along the points, hit checkers knocked off, pop-up words.

Everything is timed in seconds and driven by `update(dt)`; drawing only reads the state.
No pygame here: positions are board units (game/geometry/tablier.py), the view scales them.
"""
import math

from game.rules import Side

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}


def speed_factor(name) -> float:
    """How long animations last relative to "normal"; 0 means no motion at all (reduced motion)."""
    return SPEEDS.get(name, 1.0)


def ease_in_out(u: float) -> float:
    """Cubic ease-in/ease-out: a checker starts gently, glides, and settles."""
    u = min(max(u, 0.0), 1.0)
    return 4 * u ** 3 if u < 0.5 else 1 - (-2 * u + 2) ** 3 / 2


def ease_out_back(u: float) -> float:
    """Overshoots a little then settles: the pop of an announced doublet."""
    u = min(max(u, 0.0), 1.0)
    c = 1.70158
    return 1 + (c + 1) * (u - 1) ** 3 + c * (u - 1) ** 2


class Flight:
    """One checker moving along a path of board points.

    The path is followed at even speed along its length, eased at both ends. `arc` lifts the
    checker off the board in the middle of the flight (board units, drawn as height), so a hit
    checker visibly flies; `delay` keeps it still at its start until the mover arrives.
    """

    def __init__(self, side: Side, path, duration: float, delay: float = 0.0, arc: float = 0.0,
                 slot=None, sound: str = "checker"):
        self.side = side
        self.path = [tuple(p) for p in path]
        self.duration = duration
        self.delay = delay
        self.arc = arc
        self.slot = slot            # (side, location, index) the checker lands in: hidden until it lands
        self.sound = sound          # played once, when the checker lands
        self.elapsed = 0.0
        self.landed = False
        self._lengths = [math.dist(a, b) for a, b in zip(self.path, self.path[1:])]

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    def update(self, dt: float) -> bool:
        """Advance; True exactly once, on the frame the checker lands."""
        self.elapsed += dt
        if self.done and not self.landed:
            self.landed = True
            return True
        return False

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(max((self.elapsed - self.delay) / self.duration, 0.0), 1.0)

    def where(self) -> tuple[float, float, float]:
        """(x, y, height) now."""
        u = self.progress()
        total = sum(self._lengths)
        height = self.arc * math.sin(math.pi * u) if self.arc else 0.0
        if total == 0:
            return (*self.path[-1], height)
        along = ease_in_out(u) * total
        for (a, b), length in zip(zip(self.path, self.path[1:]), self._lengths):
            if along <= length and length > 0:
                k = along / length
                return a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, height
            along -= length
        return (*self.path[-1], height)


class Banner:
    """A word or line that pops up, holds and fades: doublet names, re-throws, passes."""

    def __init__(self, text: str, hold: float = 1.2, size: str = "large", pop: bool = True,
                 colour=(246, 226, 160), fade: float = 0.45):
        self.text = text
        self.hold = hold
        self.size = size
        self.pop = pop
        self.colour = colour
        self.fade = fade
        self.elapsed = 0.0
        self.result = False     # a game's result: nothing is drawn over it while it shows

    @property
    def done(self) -> bool:
        return self.elapsed >= self.hold + self.fade

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def scale(self) -> float:
        if not self.pop:
            return 1.0
        return 0.35 + 0.65 * ease_out_back(self.elapsed / 0.35)

    def alpha(self) -> int:
        fading = self.elapsed - self.hold
        if fading <= 0:
            return 255
        return max(0, int(255 * (1 - fading / self.fade)))


class Ripple:
    """A ring that spreads and fades where a checker lands (or is hit): the thud made visible."""

    def __init__(self, x: float, y: float, colour, duration: float = 0.4, grow: float = 0.7):
        self.x, self.y, self.colour = x, y, colour
        self.duration, self.grow = duration, grow
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def size(self) -> float:
        """Radius as a multiple of the checker's: from 1 to 1 + grow, easing out."""
        u = min(self.elapsed / self.duration, 1.0)
        return 1 + self.grow * (1 - (1 - u) ** 2)

    def alpha(self) -> int:
        return max(0, int(200 * (1 - self.elapsed / self.duration)))
