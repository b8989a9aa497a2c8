"""What the table, the priority throw and the watch screen share: the pace of their
animations (the animation-speed setting), notices and sounds (`Pacing`); and, for the table and
the priority throw, the board and its bars (`PacedScene`, their one base class)."""
import pygame

from game.scenes.base import Scene
from game.view.animation import Banner, speed_factor
from game.scenes.boards import board_for
from game.view.table_hud import TableHud
from game.view.widgets import IVORY


class Pacing:
    """The pace of a scene that shows a match: banners, a waiting action, sounds. While
    `catching_up` (the watch screen, shown a match so far at once) every pause is nothing, and
    notices and sounds are dropped."""

    catching_up = False

    def __init__(self):
        self.clock = 0.0
        self.banners: list[Banner] = []
        self._timer = None                 # [seconds left, what to do then]

    @property
    def pace(self) -> float:
        """Seconds at normal speed -> seconds now (0 for instant motion)."""
        if self.catching_up:
            return 0.0
        return speed_factor(self.app.settings.get("animation_speed", "normal"))

    def _pause(self, seconds: float) -> float:
        """A reading pause: reduced, never removed, when motion is instant (removed only while
        catching up)."""
        return 0.0 if self.catching_up else seconds * (self.pace or 0.35)

    def sound(self, name: str, strength: float = 1.0) -> None:
        if not self.catching_up:
            self.app.sounds.play(name, strength)

    def _wait(self, seconds: float, then=None) -> None:
        """`then()` (if any) once `seconds` have passed; at once while catching up."""
        if self.catching_up and seconds <= 0:
            if then is not None:
                then()
            return
        self._timer = [seconds, then]

    def banner(self, words: str, kind: str, hold: float, result: bool = False) -> None:
        """A doublet's name or a result ("large", pops), or a notice on a ribbon ("note").

        Notices never stack: a new one takes the place of one still showing, as a new doublet
        name does. A result is never covered: while it shows, nothing else is added."""
        if (self.catching_up or any(b.result for b in self.banners)) and not result:
            return
        size = "large" if kind == "large" else "medium"
        self.banners = [b for b in self.banners if b.size != size]
        if kind == "large":
            banner = Banner(words, hold=hold, size="large")
        else:
            banner = Banner(words, hold=hold, size="medium", pop=False, colour=IVORY, fade=0.35)
        banner.result = result
        self.banners.append(banner)

    def _tick(self, dt: float) -> None:
        """Banners age; a waiting action runs when its time comes."""
        self.clock += dt
        for banner in self.banners:
            banner.update(dt)
        self.banners = [b for b in self.banners if not b.done]
        if self._timer is not None:
            self._timer[0] -= dt
            if self._timer[0] <= 0:
                then, self._timer = self._timer[1], None
                if then is not None:
                    then()


class PacedScene(Pacing, Scene):
    def __init__(self, host):
        Scene.__init__(self, host)
        Pacing.__init__(self)
        self.view = board_for(self.session.options.rules)
        self.hud = TableHud()

    @property
    def session(self):
        return self.app.keeper.session


def set_cursor(shape) -> None:
    try:
        pygame.mouse.set_cursor(shape)
    except pygame.error:                   # no mouse (headless): nothing to show
        pass
