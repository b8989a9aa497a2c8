"""Playing back a simulated throw on screen: each attempt in turn, the re-throws named.

The physics (game.dice) simulates the whole throw up front; this only plays it back at display
rate, so what the dice show never depends on the frame rate. Used by the priority throw and by
every turn at the table.
"""
import pygame

from game import geometry as g
from game.view.board_view import GLOW
from game.view.dice_sprite import draw_dice

#: Impact kinds from the physics -> the sound they make.
IMPACT_SOUNDS = {"dice": "dice_dice", "wood": "dice_wood", "rail": "dice_wood", "checker": "dice_wood"}
#: How long the dice rest where an invalid attempt left them, with the cause named, before
#: they are thrown again (seconds at normal speed).
REST_AFTER_INVALID = 0.9


class DicePlayback:
    """The attempts of one throw played in order; `update` reports what happened this frame.

    `rate` is the playback speed (1 = real time); rate 0 (instant) jumps to the valid result.
    """

    def __init__(self, attempts, rate: float = 1.0):
        self.attempts = list(attempts)
        self.rate = rate
        self.index = 0
        self.t = 0.0
        self.waiting = 0.0          # resting after an invalid attempt
        self.settled = False
        self._still = None          # settled dice drawn once: (key, [(layer, topleft)])
        if rate <= 0:
            self.index = len(self.attempts) - 1
            self.t = self.attempt.duration
            self.settled = True

    @property
    def attempt(self):
        return self.attempts[self.index]

    @property
    def causes(self) -> list[str]:
        """Why each re-thrown attempt was taken again, in order."""
        return [a.cause for a in self.attempts[:-1]]

    def update(self, dt: float) -> list[tuple]:
        """Advance; events: ("impact", sound, strength), ("invalid", cause), ("settled",)."""
        if self.settled:
            return []
        events = []
        if self.waiting > 0:
            self.waiting -= dt
            if self.waiting <= 0:
                self.index += 1
                self.t = 0.0
            return events
        before, self.t = self.t, self.t + dt * self.rate
        for impact in self.attempt.impacts:
            if before < impact.t <= self.t:
                events.append(("impact", IMPACT_SOUNDS.get(impact.kind, "dice_wood"), impact.strength))
        if self.t >= self.attempt.duration:
            self.t = self.attempt.duration
            if self.attempt.valid:
                self.settled = True
                events.append(("settled",))
            else:
                self.waiting = REST_AFTER_INVALID / self.rate
                events.append(("invalid", self.attempt.cause))
        return events

    def states(self):
        return self.attempt.states(self.t)

    def draw(self, surface, view, marks=()) -> None:
        """The dice where they are now; once settled, `marks` per die ("played", "dim", "").

        Settled dice do not move, so they are drawn once into small layers and then blitted."""
        if not self.settled:
            draw_dice(surface, self.states(), view.to_screen, view.scale)
            return
        key = (view.scale, view.ox, view.oy, tuple(marks))
        if self._still is None or self._still[0] != key:
            marks = tuple(marks) + ("",) * (len(self.states()) - len(marks))
            self._still = (key, [die_layer(view, state, mark) for state, mark in zip(self.states(), marks)])
        for layer, topleft in self._still[1]:
            surface.blit(layer, topleft)


def die_layer(view, state, mark: str = ""):
    """One resting die on its own small layer: (surface, top-left on screen). The played die is
    ringed in gold; a die that does not count is faded out."""
    size = view.length(g.DIE_SIZE * 4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    cx, cy = view.to_screen(state.x, state.y)
    left, top = round(cx - size / 2), round(cy - size / 2)

    def local(x, y):
        px, py = view.to_screen(x, y)
        return px - left, py - top

    if mark == "played":
        r = view.length(g.DIE_SIZE * 0.95)
        pygame.draw.circle(layer, (*GLOW, 235), local(state.x, state.y), r, max(2, view.length(3.5)))
    draw_dice(layer, [state], local, view.scale)
    if mark == "dim":
        layer.set_alpha(105)
    return layer, (left, top)
