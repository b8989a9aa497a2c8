"""Playing back a simulated throw on screen: each attempt in turn, the re-throws named.

The physics (game.dice) simulates the whole throw up front; this only plays it back at display
rate, so what the dice show never depends on the frame rate. Used by the priority throw and by
every turn at the table.
"""
import math

import pygame

from game.geometry import tablier as g
from game.dice import DIE_SIZE
from game.base.i18n import N_, _, verbatim
from game.view.board_view import GLOW
from game.view.dice_sprite import draw_dice

#: Impact kinds from the physics -> the sound they make.
IMPACT_SOUNDS = {"dice": "dice_dice", "wood": "dice_wood", "rail": "dice_wood", "checker": "dice_wood"}
#: How long the dice rest where an invalid attempt left them, with the cause named, before
#: they are thrown again (seconds at normal speed).
REST_AFTER_INVALID = 1.2
MARK_RED = (230, 70, 50)
#: A re-throw's cause (C-2), as it is named beside the die.
CAUSES = {"off the board": N_("off the board"), "on the rail": N_("on the rail"), "tilted": N_("tilted")}
#: How far inside the board's edge the mark of a die gone off the board is drawn (board units).
MARK_INSET = 40.0


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

    def mark(self):
        """While an invalid attempt rests before its re-throw: (cause, x, y, dx, dy) in board
        units - for a die off the board, a point just inside the edge it crossed and the
        direction it went (so a die out of sight still shows where it went); for a die on the
        rail or tilted, the die itself (dx = dy = 0). None otherwise."""
        attempt = self.attempt
        if self.settled or self.waiting <= 0 or attempt.valid or attempt.culprit is None:
            return None
        die = attempt.states(attempt.duration)[attempt.culprit]
        if attempt.cause != "off the board":
            return attempt.cause, die.x, die.y, 0.0, 0.0
        mx = min(max(die.x, MARK_INSET), g.BOARD_W - MARK_INSET)
        my = min(max(die.y, MARK_INSET), g.BOARD_H - MARK_INSET)
        dx, dy = die.x - mx, die.y - my
        norm = math.hypot(dx, dy) or 1.0
        return attempt.cause, mx, my, dx / norm, dy / norm

    def draw(self, surface, view, marks=()) -> None:
        """The dice where they are now; once settled, `marks` per die ("played", "dim", "").

        Settled dice do not move, so they are drawn once into small layers and then blitted."""
        if not self.settled:
            draw_dice(surface, self.states(), view.to_screen, view.scale)
            mark = self.mark()
            if mark is not None:
                draw_mark(surface, view, mark, self.waiting * self.rate)
            return
        key = (view.scale, view.ox, view.oy, tuple(marks))
        if self._still is None or self._still[0] != key:
            marks = tuple(marks) + ("",) * (len(self.states()) - len(marks))
            self._still = (key, [die_layer(view, state, mark) for state, mark in zip(self.states(), marks)])
        for layer, topleft in self._still[1]:
            surface.blit(layer, topleft)


def draw_mark(surface, view, mark, left: float) -> None:
    """Where the throw went wrong, named: an arrow at the edge a die left the board by, or a
    ring round the die on the rail or tilted, with the cause beside it; it pulses while the
    dice rest before the re-throw."""
    from game.view.widgets import blit_text, text
    cause, x, y, dx, dy = mark
    pulse = 0.5 + 0.5 * math.cos(left * 9)
    px, py = view.to_screen(x, y)
    size = view.length(22 + 6 * pulse)
    if dx or dy:
        tip = (px + dx * size, py + dy * size)
        back = (px - dx * size * 0.6, py - dy * size * 0.6)
        side = (-dy * size * 0.7, dx * size * 0.7)
        pygame.draw.polygon(surface, MARK_RED, [tip, (back[0] + side[0], back[1] + side[1]),
                                                (back[0] - side[0], back[1] - side[1])])
        pygame.draw.line(surface, MARK_RED, back, (px - dx * size * 1.8, py - dy * size * 1.8),
                         max(2, view.length(7)))
        lx, ly = px - dx * size * 2.2, py - dy * size * 2.2
    else:
        pygame.draw.circle(surface, MARK_RED, (px, py), view.length(DIE_SIZE * 1.1 + 4 * pulse),
                           max(2, view.length(3)))
        lx, ly = px, py - view.length(DIE_SIZE * 1.6)
    words = _(CAUSES[cause]) if cause in CAUSES else verbatim(cause)
    height = max(12, view.length(24))
    anchor = "midright" if dx > 0.5 else ("midleft" if dx < -0.5 else "center")
    if dy > 0.5:
        ly -= height * 0.6
    elif dy < -0.5:
        ly += height * 0.6
    label = text(words, height, (250, 236, 200), "body")
    rect = label.get_rect(**{anchor: (round(lx), round(ly))}).clamp(surface.get_rect())
    pad = max(3, height // 4)
    pygame.draw.rect(surface, (28, 14, 8), rect.inflate(2 * pad, pad), border_radius=pad)
    blit_text(surface, words, height, rect.center, (250, 236, 200), "body", "center")


def die_layer(view, state, mark: str = ""):
    """One resting die on its own small layer: (surface, top-left on screen). The played die is
    ringed in gold; a die that does not count is faded out."""
    size = view.length(DIE_SIZE * 4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    cx, cy = view.to_screen(state.x, state.y)
    left, top = round(cx - size / 2), round(cy - size / 2)

    def local(x, y):
        px, py = view.to_screen(x, y)
        return px - left, py - top

    if mark == "played":
        r = view.length(DIE_SIZE * 0.95)
        pygame.draw.circle(layer, (*GLOW, 235), local(state.x, state.y), r, max(2, view.length(3.5)))
    draw_dice(layer, [state], local, view.scale)
    if mark == "dim":
        layer.set_alpha(105)
    return layer, (left, top)
