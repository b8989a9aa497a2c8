"""The statistics' progress chart (issue 40): for one game and level, the matches won (bars up,
filled) and lost (bars down, hatched) by week or month, and the average chance lost per move in
the matches reviewed then (squares joined by a line, on the right-hand axis). The figures are
game/saves/stats.py's `progress`; drawn with pygame's own drawing (game/view/chart.py).
"""
from __future__ import annotations

from datetime import date

import pygame

from game.base import i18n
from game.base.i18n import _, n_, verbatim
from game.view import chart, widgets as ui
from game.view.layout import px

WON = (70, 110, 60)
LOST = (150, 40, 32)
LOSS_LINE = (48, 32, 22)
SHOWN = 12                     # the periods drawn: the latest dozen


def period_name(start: str, by: str) -> str:
    """A period as the axis names it: "11/2026" for a month, "23/11" for the week from the 23rd."""
    d = date.fromisoformat(start)
    if by == "week":
        return _("{day}/{month}", day=d.day, month=d.month)
    return _("{month}/{year}", month=d.month, year=d.year)


def summary(by: str, periods: list) -> str:
    """The chart in one sentence: the matches won and lost since the first period, and the
    chance lost per move, first against last where two periods were reviewed."""
    if not periods:
        return _("No dated match of this game and level yet: each match you finish from now on "
                 "is drawn here, by week or month.")
    won, lost = sum(p.won for p in periods), sum(p.lost for p in periods)
    since = period_name(periods[0].start, by)
    words = _("Since {since}: {won}, {lost}", since=since,
              won=n_("{count} match won", "{count} matches won", won, count=won),
              lost=n_("{count} lost", "{count} lost", lost, count=lost))
    reviewed = [p for p in periods if p.average_loss is not None]
    if not reviewed:
        return _("{words}. Review a match from its scoreboard: its chance lost per move is "
                 "drawn here too.", words=words)
    first, last = reviewed[0], reviewed[-1]
    if first is last:
        return _("{words}; chance lost per move in the matches reviewed: {loss}", words=words,
                 loss=i18n.percent(first.average_loss, 2))
    return _("{words}; chance lost per move: {first} in {then}, {last} in {now}", words=words,
             first=i18n.percent(first.average_loss, 2), then=period_name(first.start, by),
             last=i18n.percent(last.average_loss, 2), now=period_name(last.start, by))


def draw(surface, scale: float, box: pygame.Rect, by: str, periods: list) -> None:
    """The chart in `box`: its axes named, the bars, the line, and the summary under it."""
    small = max(13.0, 16 * scale)           # still legible in a small window
    shown = periods[-SHOWN:]
    words = pygame.Rect(box.x, box.bottom - px(30, scale), box.w, px(28, scale))
    ui.blit_fitted(surface, summary(by, periods), 19 * scale, words, ui.INK, anchor="midleft")
    head = pygame.Rect(box.x, box.y, box.w, px(24, scale))
    name = (_("Matches won (up) and lost (down), by week") if by == "week"
            else _("Matches won (up) and lost (down), by month"))
    drawn = ui.blit_fitted(surface, name, small * 1.1, head, ui.WALNUT, "title", anchor="midleft")
    legend(surface, scale, pygame.Rect(drawn.right + px(12, scale), head.y,
                                       head.right - drawn.right - px(12, scale), head.h))
    plot = pygame.Rect(box.x + px(40, scale), head.bottom + px(12, scale),
                       box.w - px(40 + 64, scale), 0)
    plot.h = words.y - px(28, scale) - plot.y
    if plot.h < px(40, scale) or not shown:
        return
    most = max([1] + [max(p.won, p.lost) for p in shown])
    counts = chart.Scale(-most, most, plot.bottom, plot.y)
    zero = round(counts(0))
    pygame.draw.line(surface, ui.WALNUT, (plot.x, zero), (plot.right, zero), max(1, px(2, scale)))
    for value in (most, -most):
        ui.blit_text(surface, verbatim(str(most)), small, (plot.x - px(6, scale), counts(value)),
                     ui.WALNUT, anchor="midright")
    losses = [p.average_loss for p in shown if p.average_loss is not None]
    top = max(losses + [0.005]) * 1.25
    chance = chart.Scale(0.0, top, plot.bottom, plot.y)
    ui.blit_text(surface, i18n.percent(top, 1), small, (plot.right + px(6, scale), plot.y),
                 LOSS_LINE, anchor="midleft")
    ui.blit_text(surface, i18n.percent(0.0, 0), small, (plot.right + px(6, scale), plot.bottom),
                 LOSS_LINE, anchor="midleft")
    slot = plot.w / len(shown)
    bar = max(2, min(px(34, scale), round(slot * 0.5)))
    line = []
    for i, p in enumerate(shown):
        x = round(plot.x + slot * (i + 0.5))
        if p.won:
            pygame.draw.rect(surface, WON, pygame.Rect(x - bar // 2, round(counts(p.won)), bar,
                                                       zero - round(counts(p.won))))
        if p.lost:
            chart.hatched(surface, LOST, pygame.Rect(x - bar // 2, zero + 1, bar,
                                                     round(counts(-p.lost)) - zero), px(5, scale))
        ui.blit_text(surface, period_name(p.start, by), max(12.0, 14 * scale), (x, plot.bottom + px(4, scale)),
                     ui.WALNUT, anchor="midtop")
        if p.average_loss is not None:
            line.append((x, chance(p.average_loss)))
    if len(line) >= 2:
        pygame.draw.lines(surface, LOSS_LINE, False, line, max(1, px(2, scale)))
    for centre in line:
        chart.mark(surface, "square", centre, px(5, scale), ui.GOLD_PALE, edge=LOSS_LINE)


def legend(surface, scale, box: pygame.Rect) -> None:
    """The marks, right-aligned: a filled bar (won), a hatched one (lost), a square (the chance
    lost per move, right-hand axis). Left out where there is no room."""
    size = 15 * scale
    parts = [_("won"), _("lost"), _("chance lost per move (right)")]
    fnt = ui.font(size)
    need = sum(fnt.size(p)[0] for p in parts) + 3 * px(30, scale)
    if need > box.w:
        return
    x = box.right - need
    for i, words in enumerate(parts):
        key = pygame.Rect(x, box.centery - px(7, scale), px(14, scale), px(14, scale))
        if i == 0:
            pygame.draw.rect(surface, WON, key)
        elif i == 1:
            chart.hatched(surface, LOST, key, px(4, scale))
        else:
            chart.mark(surface, "square", key.center, px(5, scale), ui.GOLD_PALE, edge=LOSS_LINE)
        drawn = ui.blit_text(surface, words, size, (key.right + px(6, scale), box.centery), ui.INK,
                             anchor="midleft")
        x = drawn.right + px(10, scale)
