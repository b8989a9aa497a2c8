"""Playing back a simulated throw on screen: each attempt in turn, the re-throws named.

The physics (game.dice) simulates the whole throw up front; this only plays it back at display
rate, so what the dice show never depends on the frame rate. Used by the priority throw and by
every turn at the table.
"""
import pygame

from game import geometry as g
from game.view.board_view import GLOW

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
        """The dice where they are now; once settled, `marks` per die ("played", "dim", "")."""
        draw_dice_marked(surface, view, self.states(), marks if self.settled else ())


def draw_dice_marked(surface, view, states, marks=()) -> None:
    """Dice with the played one ringed in gold and a die that does not count faded out."""
    try:
        from game.view.dice_sprite import draw_dice
    except ImportError:
        draw_dice = _stand_in_draw_dice
    marks = tuple(marks) + ("",) * (len(states) - len(marks))
    for state, mark in zip(states, marks):
        if mark == "played":
            view.ring(surface, state.x, state.y, GLOW, 3.5, g.DIE_SIZE * 0.95)
    plain = [s for s, m in zip(states, marks) if m != "dim"]
    if plain:
        draw_dice(surface, plain, view.to_screen, view.scale)
    for state, mark in zip(states, marks):
        if mark == "dim":
            _draw_faded(surface, view, state, draw_dice)


def _draw_faded(surface, view, state, draw_dice) -> None:
    size = view.length(g.DIE_SIZE * 3)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    cx, cy = view.to_screen(state.x, state.y)
    left, top = cx - size / 2, cy - size / 2
    draw_dice(layer, [state], lambda x, y: (view.to_screen(x, y)[0] - left, view.to_screen(x, y)[1] - top),
              view.scale)
    layer.set_alpha(105)
    surface.blit(layer, (round(left), round(top)))


# --- STAND-IN until game.view.dice_sprite lands: flat faces -----------------------------------
def _stand_in_draw_dice(surface, states, to_screen, scale):
    from game.view.table_hud import draw_die_face
    for s in states:
        x, y = to_screen(s.x, s.y)
        size = round(g.DIE_SIZE * scale)
        draw_die_face(surface, pygame.Rect(round(x - size / 2), round(y - size / 2 - s.z * scale), size, size), s.top)
