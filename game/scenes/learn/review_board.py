"""Match review: one error shown on the board (game/scenes/learn/review.py lists them) - the position
on the game's own board, the move played traced in red and the best move in green, each in
notation and in words (game/rules/telling.py), with the chance each leaves and the chance lost.
A part of ReviewScene: it reads the scene's errors, board and words, and owns only the drawing."""
from __future__ import annotations

import pygame

from game.base import i18n
from game.base.i18n import N_, _, verbatim
from game.computer.review import Rated, chances_of
from game.rules import Side
from game.view import widgets as ui
from game.view.assets import checker
from game.view.layout import px

PLAYED = (214, 58, 44)         # the move played, traced on the board
BEST = (64, 178, 104)          # the best move

# Two people: which move the shown error was, by the side that played it (French agrees it).
WHOSE = {Side.WHITE: N_("Move {turn}, played by White"), Side.BLACK: N_("Move {turn}, played by Black")}
WHOSE_IN_GAME = {Side.WHITE: N_("Game {game}, move {turn}, played by White"),
                 Side.BLACK: N_("Game {game}, move {turn}, played by Black")}
# Two people: the chance a move leaves, to the side that played it.
LEAVES_GAME = {Side.WHITE: N_("leaves White {chance} to win the game"),
               Side.BLACK: N_("leaves Black {chance} to win the game")}
LEAVES_MATCH = {Side.WHITE: N_("leaves White {chance} to win the match"),
                Side.BLACK: N_("leaves Black {chance} to win the match")}


def percent(chance: float) -> str:
    """A chance as a percentage with one decimal (two below 0.1 %), as the language writes it."""
    return i18n.percent(chance, 2 if 0 < 100 * chance < 0.1 else 1)


def dice_text(dice) -> str:
    return verbatim("-".join(map(str, dice)))


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def draw_die(surface, rect: pygame.Rect, value: int, scale: float) -> None:
    """A small flat die showing `value`: ivory, with walnut pips."""
    radius = max(2, rect.w // 6)
    pygame.draw.rect(surface, ui.WALNUT_DEEP, rect.move(0, px(2, scale)), border_radius=radius)
    pygame.draw.rect(surface, ui.IVORY_WARM, rect, border_radius=radius)
    pygame.draw.rect(surface, ui.WALNUT, rect, max(1, px(1.5, scale)), border_radius=radius)
    step = rect.w / 4
    for col, row in PIPS.get(value, []):
        centre = (round(rect.x + step * (col + 1)), round(rect.y + step * (row + 1)))
        pygame.draw.circle(surface, ui.INK, centre, max(1, round(rect.w * 0.09)))


class ShownError:
    """The board half of ReviewScene: the error the scene shows, drawn."""

    def __init__(self, scene):
        self.scene = scene

    def draw_shown(self, surface, scale) -> None:
        w, h = surface.get_size()
        rated = self.scene.showing[self.scene.shown]
        area = pygame.Rect(px(30, scale), px(140, scale), round(w * 0.6), h - px(140 + 136, scale))
        self.scene.board.fit(area)
        self.scene.board.draw_board(surface)
        for s, _loc, _index, (x, y) in self.scene.board.slots(rated.position):
            self.scene.board.draw_checker(surface, s, x, y)
        self.scene.board.draw_labels(surface, rated.position)      # the counts on tall stacks, where the board writes them
        self.trace(surface, rated, rated.best, BEST, offset=6)
        self.trace(surface, rated, rated.played, PLAYED, offset=-6)
        panel = pygame.Rect(area.right + px(16, scale), area.y, 0, area.h)
        panel.w = w - px(34, scale) - panel.x
        ui.panel(surface, panel, scale)
        self.draw_words(surface, scale, rated, panel.inflate(-px(28, scale), -px(24, scale)))
        hint = pygame.Rect(0, area.bottom + px(4, scale), w, px(28, scale))
        words = (_("Left and Right: the other errors; Esc: the list")
                 if self.scene.showing is self.scene.errors
                 else _("Left and Right: the chart's other moves; Esc: the list"))
        ui.blit_fitted(surface, words, 19 * scale, hint, ui.IVORY_SHADE, margin=px(40, scale))

    def trace(self, surface, rated: Rated, move, colour, offset: int) -> None:
        """A move's path on the board, step by step, with a ring where each step lands."""
        side = rated.side
        position = rated.position
        width = max(2, self.scene.board.length(5))
        shift = self.scene.board.length(offset)
        for step in move.steps:
            start = self._place(position, side, step.origin)
            end = self.scene.board.landing_centre(position, side, step.destination)
            points = self.scene.board.path(side, step.origin, step.destination, start, end)
            screen = [self.scene.board.to_screen(x, y) for x, y in points]
            screen = [(sx + shift, sy + shift) for sx, sy in screen]
            if len(screen) >= 2:
                pygame.draw.lines(surface, colour, False, screen, width)
            self.scene.board.ring(surface, *start, colour=colour, width_units=4)
            self.scene.board.ring(surface, *end, colour=colour, width_units=7)
            position = self.scene.rules.play_steps(position, (step,))

    def _place(self, position, side: Side, location: int):
        """Where the checker that moves from `location` rests now (the top one of a stack)."""
        found = [centre for s, loc, _i, centre in self.scene.board.slots(position)
                 if s is side and loc == location]
        return found[-1] if found else self.scene.board.checker_centre(side, location)

    def draw_words(self, surface, scale, rated: Rated, box: pygame.Rect) -> None:
        """Which move it was, then the move played and the best move: notation, words and the
        chance each leaves; last, the chance lost."""
        many = len(self.scene.games) > 1
        line = pygame.Rect(box.x, box.y, box.w, px(30, scale))
        if self.scene.both:              # whose move it was, after a checker of its colour
            where = (_(WHOSE_IN_GAME[rated.side], game=rated.game, turn=rated.turn) if many
                     else _(WHOSE[rated.side], turn=rated.turn))
            d = px(26, scale)
            sprite = checker(rated.side, d)
            surface.blit(sprite, sprite.get_rect(center=(line.x + d // 2, line.centery)))
            line = pygame.Rect(line.x + d + px(8, scale), line.y, line.w - d - px(8, scale), line.h)
        else:
            where = (_("Game {game}, move {turn}", game=rated.game, turn=rated.turn) if many
                     else _("Move {turn}", turn=rated.turn))
        ui.blit_fitted(surface, where, 26 * scale, line, ui.WALNUT, "title", anchor="midleft")
        line = pygame.Rect(box.x, line.y, box.w, line.h)
        y = line.bottom
        dice_line = _("The dice: {dice}", dice=dice_text(rated.dice))
        drawn = ui.blit_text(surface, dice_line, 21 * scale, (box.x, y + px(4, scale)), ui.INK,
                             anchor="topleft", box=box)
        edge = px(26, scale)
        x = drawn.right + px(12, scale)
        if x + len(rated.dice) * (edge + px(6, scale)) <= box.right:
            for value in rated.dice:
                draw_die(surface, pygame.Rect(x, y + px(2, scale), edge, edge), value, scale)
                x += edge + px(6, scale)
        y += max(drawn.h, edge) + px(8, scale)
        if rated.match and rated.match[0] > 1:
            length, white, black = rated.match
            y = self.paragraph(surface, _("The score before this game: White {white}, Black {black}",
                                          white=white, black=black), 21 * scale, box, y, ui.INK)
        y += px(10, scale)
        game = chances_of(self.scene.rules_name, rated.match) == "game"
        for colour, heading, move, chance in (
                (PLAYED, N_("Played: {move}"), rated.played, rated.played_chance),
                (BEST, N_("Best: {move}"), rated.best, rated.best_chance)):
            pygame.draw.circle(surface, colour, (box.x + px(8, scale), y + px(15, scale)), px(8, scale))
            line = pygame.Rect(box.x + px(24, scale), y, box.w - px(24, scale), px(30, scale))
            ui.blit_fitted(surface, _(heading, move=self.scene.said(rated, move)), 26 * scale, line, ui.INK,
                           "title", anchor="midleft")
            y += px(32, scale)
            if self.scene.both:
                leaves = _((LEAVES_GAME if game else LEAVES_MATCH)[rated.side], chance=percent(chance))
            else:
                leaves = (_("leaves {chance} to win the game", chance=percent(chance)) if game
                          else _("leaves {chance} to win the match", chance=percent(chance)))
            y = self.paragraph(surface, leaves, 21 * scale, box, y, ui.WALNUT)
            words = self.told(rated, move)
            if words:
                y = self.paragraph(surface, words, 20 * scale, box, y, ui.INK, lines=3)
            y += px(12, scale)
        lost = _("Chance lost: {chance}", chance=percent(rated.loss))
        line = pygame.Rect(box.x, min(y, box.bottom - px(32, scale)), box.w, px(32, scale))
        ui.blit_fitted(surface, lost, 26 * scale, line, ui.RED, "title", anchor="midleft")

    def paragraph(self, surface, words, size, box, y, colour, lines: int = 2) -> int:
        """Words wrapped to the box from y, shrunk (to 70% at most) to keep to `lines` lines;
        returns the y under them."""
        for shrink in (1.0, 0.9, 0.8, 0.7):
            fnt = ui.font(size * shrink)
            wrapped = ui.wrap(words, fnt, box.w)
            if len(wrapped) <= lines:
                break
        size *= shrink
        for text in wrapped:
            ui.blit_text(surface, text, size, (box.x, y), colour, anchor="topleft", box=box)
            y += fnt.get_linesize()
        return y

    def told(self, rated: Rated, move) -> str | None:
        """The move in words (game/rules/telling.py), or None where that is not there."""
        try:
            from game.rules.telling import tell_move
            return tell_move(self.scene.rules_name, rated.position, rated.dice, move, rated.side,
                             you=self.scene.human)
        except Exception:    # noqa: BLE001 - the notation says it already
            return None
