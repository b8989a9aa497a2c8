"""Small boards for the rules screen: a position drawn by the game's own board (the table's, found
through game/scenes/boards.py: its still picture, its stacks' counts), with the move it shows
as arrows and the points it is about lit up.

A `Diagram` is plain data, checked against the rules engine by the rules screen's tests: a
position in the engine's notation, the throw, the steps shown as played (gold arrows: a legal
move) and one step shown as refused (a red arrow struck through: the move the rule forbids).
`picture(diagram, width)` draws it once per size and keeps it. No words are drawn on a board:
the caption beside it says what it shows, through the catalogue.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import pygame

from game.geometry import tablier as g
from game.rules import Move, Position, Rules, Side
from game.rules.core import Illegal
from game.scenes.boards import board_for
from game.view.board_view import MARGIN, VIEW_H, VIEW_W

GOLD = (236, 190, 80)
GOLD_EDGE = (60, 34, 16)
RED = (200, 40, 30)
RED_EDGE = (255, 236, 220)
LIT = (255, 214, 102)
PIP = (28, 20, 16)
ACE = (170, 30, 24)
DIE = (246, 238, 220)
DIE_EDGE = (70, 46, 30)


@dataclass(frozen=True)
class Diagram:
    """One rule in action. `rules` is the rule set's engine (game.rules.CHARPENTIER, ...), `position` the board
    before the move (engine notation, the mover to move), `dice` the throw. `move` holds the
    steps shown played (legal, in order), `refused` a step the rules refuse from the position
    shown, by the rule `refused_by` (`rule` if not given); `passes` says the throw has no legal
    move at all. `lit` lights up (side, location) spots; `rule` is what the caption names."""

    rules: Rules
    position: str
    dice: tuple[int, ...]
    caption: str
    rule: str
    move: str = ""
    refused: str = ""
    refused_by: str = ""
    passes: bool = False
    lit: tuple[tuple[Side, int], ...] = ()

    @property
    def refusing_rule(self) -> str:
        return self.refused_by or self.rule

    def start(self) -> Position:
        return Position.parse(self.position)

    def played(self) -> list:
        """The steps shown as played, as the engine plays them (each with its hit mark), and
        the positions before each: [(position before, step)]."""
        rules = self.rules
        position = self.start()
        out = []
        for step in Move.parse(self.move).steps if self.move else ():
            side = position.to_move
            own, opp = position.checkers(side), position.checkers(side.other)
            result = rules.try_step(own, opp, step.origin, rules.step_number(step))
            if isinstance(result, Illegal):
                raise ValueError(f"{self.position}: {step} is refused ({result.rule})")
            out.append((position, result[2]))
            position = position.with_checkers(side, result[0], result[1])
        return out

    def used_dice(self) -> tuple[bool, ...]:
        """Which dice of the throw count (the higher die is idle in Charpentier's lower-die game)."""
        numbers = list(self.rules.numbers(self.dice))
        used = []
        for die in self.dice:
            used.append(die in numbers)
            if die in numbers and len(numbers) < len(self.dice):
                numbers.remove(die)
        return tuple(used)


# -- drawing ----------------------------------------------------------------------------------
def board_height(width: int) -> int:
    """The height of a diagram `width` pixels wide (every board keeps the tablier's frame)."""
    return round(width * VIEW_H / (VIEW_W - MARGIN))


def picture(diagram: Diagram, width: int) -> pygame.Surface:
    """The diagram `width` pixels wide: the board (the right-hand margin left out), the
    checkers, the lit spots and the arrows. Drawn once per size."""
    return _picture(diagram, int(width))


@functools.lru_cache(maxsize=48)
def _picture(diagram: Diagram, width: int) -> pygame.Surface:
    view = board_for(diagram.rules.name)
    height = board_height(width)
    full = round(width * VIEW_W / (VIEW_W - MARGIN))
    view.fit(pygame.Rect(0, 0, full, height))
    canvas = pygame.Surface((full, height), pygame.SRCALPHA)
    position = diagram.start()
    view.draw_still(canvas)
    for side, location in diagram.lit:
        view.point_glow(canvas, side, location, LIT, 110)
    played = diagram.played()
    hit = [(before, step) for before, step in played if step.hit]
    for side, location, index, (x, y) in view.slots(position):
        view.draw_checker(canvas, side, x, y)
    view.draw_counts(canvas, position)
    mover = position.to_move
    rules = diagram.rules
    for before, step in hit:                 # the checker hit: ringed in red, and sent off
        other = before.to_move.other
        x, y = view.checker_centre(other, step.destination, 0)
        view.ring(canvas, x, y, RED, 5, g.CHECKER_R + 5)
        waiting = -1 if getattr(rules, "reentry_first", False) else 0
        end = view.landing_centre(before, other, waiting)
        _arrow(canvas, view, (x, y), end, RED, RED_EDGE, thin=True)
    journeys = [(step.origin, step.destination) for _, step in played]
    drawn = set()
    for before, step in played:
        journey = (step.origin, step.destination)
        if journey in drawn:            # the same journey again: one arrow, counted
            continue
        drawn.add(journey)
        start = view.top_centre(before, mover, step.origin)
        end = view.landing_centre(before, mover, step.destination)
        off = view.is_off_board(step.destination)
        middle = _arrow(canvas, view, start, end, GOLD, GOLD_EDGE, bow=0.9 if off else 0.35)
        if journeys.count(journey) > 1:
            _badge(canvas, view, middle, journeys.count(journey))
    if diagram.refused:
        before = diagram.start()
        for step in Move.parse(diagram.refused).steps:
            start = view.top_centre(before, mover, step.origin)
            end = view.landing_centre(before, mover, step.destination)
            _arrow(canvas, view, start, end, RED, RED_EDGE, struck=True)
    return canvas.subsurface((0, 0, width, height)).copy()


def _badge(canvas, view, at, count: int) -> None:
    """How many checkers make the journey of the arrow it sits on: "×2" on a gold disc."""
    from game.base.i18n import verbatim
    from game.view import widgets as ui
    words = ui.text(verbatim(f"×{count}"), max(14, view.length(50)), GOLD_EDGE, "sans")
    r = max(words.get_width(), words.get_height()) // 2 + 2
    pygame.draw.circle(canvas, GOLD_EDGE, at, r + 1)
    pygame.draw.circle(canvas, GOLD, at, r)
    canvas.blit(words, words.get_rect(center=(round(at[0]), round(at[1]))))


def _arrow(canvas, view, start, end, colour, edge, struck: bool = False, thin: bool = False,
           bow: float = 0.35):
    """A curved arrow between two board spots, bowed towards the board's middle; a refused one
    is struck through with a cross at its head. Returns the arrow's middle (pixels)."""
    (x0, y0), (x1, y1) = view.to_screen(*start), view.to_screen(*end)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    middle = view.to_screen(g.BOARD_W / 2, g.BOARD_H / 2)[1]
    if (my + ny - middle) ** 2 > (my - ny - middle) ** 2:
        nx, ny = -nx, -ny                        # bow towards the middle of the board
    bend = min(bow * length, view.length(90 if bow < 0.5 else 260))
    cx, cy = mx + nx * bend, my + ny * bend
    r = view.length(g.CHECKER_R)
    points = []
    for i in range(41):
        t = i / 40
        points.append(((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
                       (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1))
    # start at the checker's rim, stop a little short of the landing spot for the head
    points = [p for p in points if math.dist(p, (x0, y0)) > r * 0.55] or points
    short = r * (1.0 if struck else 0.35)        # a refused one stops short of what stops it
    tip = next((p for p in reversed(points) if math.dist(p, (x1, y1)) > short), points[-1])
    body = [p for p in points if math.dist(p, (x1, y1)) > short]
    width = max(2, view.length(5 if thin else 9))
    head = max(6, view.length(22 if thin else 30))
    back = body[-4] if len(body) > 4 else (x0, y0)
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    wing = [(tip[0] - head * math.cos(angle - s), tip[1] - head * math.sin(angle - s)) for s in (0.45, -0.45)]
    shaft = body[:-1] + [(tip[0] - head * 0.6 * math.cos(angle), tip[1] - head * 0.6 * math.sin(angle))]
    for c, extra in ((edge, 2), (colour, 0)):
        if len(shaft) > 1:
            pygame.draw.lines(canvas, c, False, shaft, width + 2 * extra)
            for p in (shaft[0],):
                pygame.draw.circle(canvas, c, p, (width + 2 * extra) / 2)
        tri = [tip, *wing]
        if extra:
            cxh, cyh = sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3
            tri = [(cxh + (px - cxh) * 1.3, cyh + (py - cyh) * 1.3) for px, py in tri]
        pygame.draw.polygon(canvas, c, tri)
    if struck:                                   # a cross where the checker may not go
        k = max(5, view.length(22))
        for c, extra in ((edge, 2), (colour, 0)):
            for dx in (-1, 1):
                pygame.draw.line(canvas, c, (tip[0] - k, tip[1] - dx * k), (tip[0] + k, tip[1] + dx * k),
                                 max(3, view.length(10)) + 2 * extra)
    return points[len(points) // 2]


def draw_dice(surface, dice, used, topleft, size: int) -> pygame.Rect:
    """The throw as small dice in a row (a die that does not count is faded); returns the area."""
    x, y = topleft
    gap = max(3, size // 4)
    for value, counts in zip(dice, used):
        surface.blit(_die(value, size, counts), (x, y))
        x += size + gap
    return pygame.Rect(topleft[0], topleft[1], x - gap - topleft[0], size)


@functools.lru_cache(maxsize=64)
def _die(value: int, size: int, counts: bool) -> pygame.Surface:
    """A bone-white die face with its pips (a red ace), as the table's dice show them."""
    face = pygame.Surface((size + 2, size + 3), pygame.SRCALPHA)
    r = max(2, size // 6)
    pygame.draw.rect(face, (0, 0, 0, 80), (1, 2, size, size), border_radius=r)
    pygame.draw.rect(face, DIE, (0, 0, size, size), border_radius=r)
    pygame.draw.rect(face, DIE_EDGE, (0, 0, size, size), max(1, size // 18), border_radius=r)
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    pip_r = max(1.5, size * (0.13 if value == 1 else 0.09))
    for dx, dy in spots:
        pygame.draw.circle(face, ACE if value == 1 else PIP,
                           (size / 2 + dx * size * 0.27, size / 2 + dy * size * 0.27), pip_r)
    if not counts:
        face.set_alpha(110)
    return face
