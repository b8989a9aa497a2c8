"""The review's chart (issue 40): White's winning chance after each weighed move of the match,
the person's errors marked (a triangle pointing down, its size by the chance lost), and the
dice's luck in a band beneath (a bar up: the throw helped White; down: it helped Black).

A widget in the review's menu: Left and Right (the D-pad) move its cursor from point to point,
Enter (A) or a click shows that position with its move, as the list's rows do. The figures are
game/play/review_chart.py's; everything but the cursor and its line of words is drawn once into
a cached picture, so that a frame costs a blit (tests/bench_charts.py prints the time).
"""
from __future__ import annotations

import math

import pygame

from game.base import i18n
from game.base.i18n import _, verbatim
from game.play.review_chart import Point, game_starts, summary
from game.scenes.learn.review_board import dice_text, percent
from game.view import chart, widgets as ui
from game.view.layout import px

ERROR_MARK = (178, 44, 36)      # the triangles of the errors (their shape tells them, too)
LINE = (60, 40, 28)
LUCK = (150, 110, 60)


class ChanceChart(ui.Widget):
    """White's chance through the match, drawn in `rect`; its cursor is a point's index."""

    def __init__(self, scene):
        super().__init__(enabled=False)      # until it has points
        self.scene = scene
        self.points: list[Point] = []
        self.cursor: int | None = None
        self._cache_key = None
        self._cache: pygame.Surface | None = None
        self.label = ""
        self.scale = 1.0                 # the window's, set by the scene's layout

    # -- the figures ------------------------------------------------------------------------------
    def set_points(self, points: list[Point]) -> None:
        """New figures (the person's moves first, then both sides'): the cursor keeps its turn."""
        turn = self.points[self.cursor].x if self.cursor is not None and self.points else None
        self.points = points
        self.cursor = self.index_at_x(turn) if turn is not None else None
        self._cache_key = None
        self.enabled = bool(points)

    def index_at_x(self, x: float) -> int | None:
        """The point nearest turn `x`."""
        if not self.points:
            return None
        return min(range(len(self.points)), key=lambda i: (abs(self.points[i].x - x), i))

    def index_of(self, rated) -> int | None:
        for i, p in enumerate(self.points):
            if (p.game, p.turn) == (rated.game, rated.turn):
                return i
        return None

    # -- as a widget -----------------------------------------------------------------------------
    def adjust(self, direction: int) -> bool:
        if not self.points:
            return False
        if self.cursor is None:
            self.cursor = 0 if direction > 0 else len(self.points) - 1
        else:
            self.cursor = max(0, min(len(self.points) - 1, self.cursor + direction))
        self.scene.chart_moved(self.points[self.cursor])
        return True

    def activate(self) -> bool:
        if not self.points:
            return False
        if self.cursor is None:
            self.cursor = 0
        self.scene.show_turn(self.points[self.cursor].rated)
        return True

    def click(self, pos) -> bool:
        plot = self.plot_rect(self.scale)
        if not self.points or not self.rect.collidepoint(pos):
            return False
        self.cursor = self.index_at_x(self.x_scale(plot).back(pos[0]))
        return self.activate()

    # -- layout -------------------------------------------------------------------------------------
    def plot_rect(self, scale) -> pygame.Rect:
        """The chance's plot inside the widget: room left for the figures of the y axis, above
        for the axis's name, beneath for the luck band, the moves' numbers and the words."""
        r = self.rect
        left, top = px(64, scale), px(32, scale)
        bottom = px(28 + 18 + 28, scale)       # luck band, move numbers, the line of words
        return pygame.Rect(r.x + left, r.y + top, r.w - left - px(14, scale), r.h - top - bottom)

    def luck_rect(self, scale) -> pygame.Rect:
        plot = self.plot_rect(scale)
        return pygame.Rect(plot.x, plot.bottom + px(4, scale), plot.w, px(24, scale))

    def x_scale(self, plot: pygame.Rect) -> chart.Scale:
        total = max(1, game_starts(self.scene.games)[-1] + len(self.scene.games[-1].get("turns", ()))
                    if self.scene.games else 1)
        return chart.Scale(0.5, total + 0.5, plot.x, plot.right)

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface, scale, focused):
        ui.panel(surface, self.rect, scale)
        if focused:
            pygame.draw.rect(surface, ui.GOLD, self.rect, px(3, scale), border_radius=px(10, scale))
        key = (self.rect.size, i18n.language(), len(self.points), self.scene.of_words())
        if key != self._cache_key:
            self._cache = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self.draw_still(self._cache, scale, self.rect.topleft)
            self._cache_key = key
        surface.blit(self._cache, self.rect.topleft)
        if self.cursor is not None and self.points and (focused or self.scene.in_step()):
            self.draw_cursor(surface, scale)
        self.draw_words(surface, scale, focused)

    def draw_still(self, surface, scale, origin) -> None:
        """All that stays still, drawn once into the cached picture (`origin`: its place)."""
        ox, oy = origin
        plot = self.plot_rect(scale).move(-ox, -oy)
        band = self.luck_rect(scale).move(-ox, -oy)
        ys = chart.Scale(0.0, 1.0, plot.bottom, plot.y)
        xs = self.x_scale(plot)
        small = max(13.0, 15 * scale)           # still legible in a small window
        name = pygame.Rect(px(10, scale), px(3, scale), plot.right - px(10, scale), px(22, scale))
        title = self.axis_name()
        drawn = ui.blit_fitted(surface, title, small * 1.1, name, ui.WALNUT, "title", anchor="midleft")
        self.draw_legend(surface, scale, pygame.Rect(drawn.right + px(16, scale), name.y,
                                                     name.right - drawn.right - px(16, scale), name.h))
        for value in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = round(ys(value))
            if value == 0.5:
                chart.dashed(surface, ui.WALNUT, (plot.x, y), (plot.right, y), px(6, scale))
            else:
                pygame.draw.line(surface, ui.IVORY_SHADE, (plot.x, y), (plot.right, y))
            if value in (0.0, 0.5, 1.0):
                ui.blit_text(surface, i18n.percent(value, 0), small, (plot.x - px(6, scale), y),
                             ui.WALNUT, anchor="midright")
        ui.blit_fitted(surface, _("Luck"), small, pygame.Rect(px(4, scale), band.y, plot.x - px(10, scale),
                                                              band.h), ui.WALNUT, anchor="midright")
        pygame.draw.line(surface, ui.IVORY_SHADE, (band.x, band.centery), (band.right, band.centery))
        self.draw_games(surface, scale, plot, band, xs)
        self.draw_moves(surface, scale, band, xs)
        if not self.points:
            return
        lucks = [abs(p.luck) for p in self.points if p.luck is not None]
        most = max([0.05] + lucks)
        bar = max(1, min(px(8, scale), round((xs(2) - xs(1)) * 0.6)))
        for p in self.points:
            if p.luck is None:
                continue
            height = round(p.luck / most * (band.h / 2 - 1))
            x = round(xs(p.x))
            rect = pygame.Rect(x - bar // 2, band.centery - max(0, height), bar, max(1, abs(height)))
            pygame.draw.rect(surface, LUCK, rect)
        line = [(xs(p.x), ys(p.white)) for p in self.points]
        for game in {p.game for p in self.points}:        # a line per game: a new game starts afresh
            part = [c for p, c in zip(self.points, line) if p.game == game]
            if len(part) >= 2:
                pygame.draw.lines(surface, LINE, False, part, max(1, px(2, scale)))
        worst = max([p.loss for p in self.points if p.error] or [0.0])
        for p, centre in zip(self.points, line):
            if p.error:
                size = px(5, scale) + px(9, scale) * math.sqrt(p.loss / worst if worst else 0)
                chart.mark(surface, "down", centre, size, ERROR_MARK, edge=ui.WALNUT_DEEP)
            else:
                chart.mark(surface, "dot", centre, px(2.5, scale), LINE)

    def draw_legend(self, surface, scale, box: pygame.Rect) -> None:
        """What the marks mean, right-aligned in `box`: a triangle and its words, a bar and its."""
        error = _("an error") if self.scene.both else _("your error")
        luck = _("the dice's luck, up for White")
        size = max(12.0, 15 * scale)
        need = ui.font(size).size(error + luck)[0] + px(60, scale)      # the marks and the gaps
        if need > box.w:
            return                           # no room: the words under the chart say it all
        fnt, gap = ui.font(size), px(8, scale)
        x = box.right - fnt.size(luck)[0]
        ui.blit_text(surface, luck, size, (x, box.centery), ui.INK, anchor="midleft")
        x -= gap + px(6, scale)
        pygame.draw.rect(surface, LUCK, pygame.Rect(x, box.centery - px(8, scale), px(5, scale),
                                                    px(8, scale)))
        x -= gap * 2 + fnt.size(error)[0]
        ui.blit_text(surface, error, size, (x, box.centery), ui.INK, anchor="midleft")
        chart.mark(surface, "down", (x - px(10, scale), box.centery), px(6, scale), ERROR_MARK,
                   edge=ui.WALNUT_DEEP)

    def draw_games(self, surface, scale, plot, band, xs) -> None:
        """Where each game of a match starts: a dashed line and its number."""
        if len(self.scene.games) < 2:
            return
        for number, start in enumerate(game_starts(self.scene.games)[1:], start=2):
            x = round(xs(start + 0.5))
            chart.dashed(surface, ui.GREY, (x, plot.y), (x, band.bottom), px(4, scale))
            ui.blit_text(surface, _("Game {game}", game=number), max(12.0, 14 * scale),
                         (x + px(4, scale), plot.y + px(2, scale)), ui.GREY, anchor="topleft")

    def draw_moves(self, surface, scale, band, xs) -> None:
        """The moves' numbers under the band: every tenth turn of each game, and their name."""
        y = band.bottom + px(2, scale)
        starts = game_starts(self.scene.games) if self.scene.games else [0]
        total = round(xs.high - 0.5)
        step = 10 if total <= 120 else 20 if total <= 240 else 50
        for start, record in zip(starts, self.scene.games):
            for turn in range(step, len(record.get("turns", ())) + 1, step):
                ui.blit_text(surface, verbatim(str(turn)), max(12.0, 14 * scale), (xs(start + turn), y),
                             ui.WALNUT, anchor="midtop")
        ui.blit_text(surface, _("Move"), max(12.0, 14 * scale), (xs.start - px(6, scale), y), ui.WALNUT,
                     anchor="topright")

    def axis_name(self) -> str:
        match = self.scene.chances_are_of_match()
        return (_("White's chance to win the match, after each move") if match
                else _("White's chance to win the game, after each move"))

    def draw_cursor(self, surface, scale) -> None:
        plot = self.plot_rect(scale)
        xs, ys = self.x_scale(plot), chart.Scale(0.0, 1.0, plot.bottom, plot.y)
        p = self.points[self.cursor]
        x = round(xs(p.x))
        pygame.draw.line(surface, ui.GOLD, (x, plot.y), (x, self.luck_rect(scale).bottom),
                         max(1, px(2, scale)))
        pygame.draw.circle(surface, ui.WALNUT_DEEP, (x, round(ys(p.white))), px(7, scale),
                           max(1, px(2, scale)))

    def draw_words(self, surface, scale, focused) -> None:
        """The line under the chart: the cursor's turn in figures while the chart is used, else
        the whole chart in one sentence (the same words a screen reader is given)."""
        line = pygame.Rect(self.rect.x + px(12, scale), self.rect.bottom - px(28, scale),
                           self.rect.w - px(24, scale), px(26, scale))
        words = (self.point_words(self.points[self.cursor])
                 if focused and self.cursor is not None and self.points else self.summary_words())
        self.label = verbatim(words)
        ui.blit_fitted(surface, words, 18 * scale, line, ui.INK, anchor="midleft")

    def point_words(self, p: Point) -> str:
        r = p.rated
        where = (_("Game {game}, move {turn}", game=r.game, turn=r.turn) if len(self.scene.games) > 1
                 else _("Move {turn}", turn=r.turn))
        who = _(r.side.title)
        words = _("{where} ({side}, {dice}): White's chance {chance}", where=where, side=who,
                  dice=dice_text(r.dice), chance=percent(p.white))
        if p.loss > 0:
            words = _("{words}; lost {lost}", words=words, lost=percent(p.loss))
        if p.luck is not None:
            words = _("{words}; the dice's luck for White {luck}", words=words,
                      luck=i18n.percent(p.luck, 1, sign=True))
        return words

    def summary_words(self) -> str:
        """The chart in one sentence: the peak of the person's chance, the biggest error, the
        dice's luck in all."""
        if not self.points or not self.scene.weighing.done:     # no peak nor error told too soon
            return (_("No move had a choice: there is nothing to chart.") if self.scene.weighing.done
                    else _("The chart fills in once the moves are weighed."))
        side = None if self.scene.both else self.scene.human
        s = summary(self.points, side)
        where = self.where(s.peak)
        if self.scene.both:
            words = _("White's chance peaked at {chance} after {where}", chance=percent(s.peak_chance()),
                      where=where)
        else:
            words = _("Your chance peaked at {chance} after {where}", chance=percent(s.peak_chance()),
                      where=where)
        if s.worst is not None:
            words = (_("{words}; the largest error was {where}, {lost}", words=words,
                       where=self.where(s.worst), lost=percent(s.worst.loss)) if self.scene.both
                     else _("{words}; your largest error was {where}, {lost}", words=words,
                            where=self.where(s.worst), lost=percent(s.worst.loss)))
        else:
            words = _("{words}; no error", words=words)
        if s.luck is not None and not self.scene.both:
            words = _("{words}; the dice's luck for you {luck}", words=words,
                      luck=i18n.percent(s.luck, 1, sign=True))
        return words

    def where(self, p: Point) -> str:
        if len(self.scene.games) > 1:
            return _("move {turn} of game {game}", turn=p.turn, game=p.game)
        return _("move {turn}", turn=p.turn)
