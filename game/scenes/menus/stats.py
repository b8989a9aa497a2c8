"""The statistics screen: games and matches played and won, by game and level and by rule set,
with the streaks (the figures are game.saves.stats's); and, a button away, the progress chart of
one game and level over the weeks or months (game/scenes/menus/progress.py). The title opens it;
it has a module of its own so that what it shows can grow without the settings' screen growing."""
import pygame

from game.base.i18n import N_, _, n_, p_
from game.computer import LEVEL_TITLES
from game.saves import stats
from game.saves.reviews import read_reviews
from game.scenes.games import GAMES
from game.scenes.menus import progress
from game.scenes.menus.base import MenuScene, level_title, rules_title
from game.view import widgets as ui
from game.view.layout import px, ui_scale


class StatsScene(MenuScene):
    """Games and matches played, won and the share won: in total, by level, by rule set, with
    the best and current winning streaks (figures from game.saves.stats)."""

    heading = N_("Statistics")
    @staticmethod
    def columns() -> list:
        """The column headings in the current language (a column "Games" is not a rule's "Matches")."""
        return [p_("statistics column", "Games"), p_("statistics column: games", "Won"),
                p_("statistics column: games", "% won"), p_("statistics column", "Matches"),
                p_("statistics column: matches", "Won"), p_("statistics column: matches", "% won")]

    COLUMN_WIDTHS = (80, 74, 96, 90, 74, 96)     # design pixels, right-aligned, right to left

    def build(self):
        self.view = "tables"                 # or "progress": the chart of one game and level
        self.records, self.reviews, self.by_game_level = [], [], []
        try:
            self.records, skipped = self.app.storage.records()
            self.stats = stats.compute(self.records, list(LEVEL_TITLES), skipped)   # every game's levels, weakest first
            self.by_game_level = stats.by_game_and_level(self.records, list(LEVEL_TITLES))
            self.problem = None
        except Exception as exc:     # a damaged record file still lets the player go back
            self.stats, self.problem = None, str(exc)
        try:
            self.reviews = read_reviews(self.app.storage.dir)
        except Exception:            # noqa: BLE001 - the chart says no review fills it
            self.reviews = []
        self.shown_of = self.by_game_level[0][0] if self.by_game_level else None
        return self.buttons()

    def buttons(self) -> list:
        """The view's widgets: in the progress view, which game and level first."""
        toggle = ui.Button(N_("Tables") if self.view == "progress" else N_("Progress"),
                           self.switch, enabled=self.problem is None)
        widgets = [toggle, ui.Button(N_("Back"), self.back)]
        if self.view == "progress" and self.by_game_level:
            keys = [key for key, _tally in self.by_game_level]
            widgets.insert(0, ui.Choice(N_("Progress of"), [(k, lambda k=k: self.game_level(k)) for k in keys],
                                        self.shown_of, self.choose, size=24))
        return widgets

    def switch(self) -> None:
        """From the tables to the progress chart and back."""
        self.view = "tables" if self.view == "progress" else "progress"
        self.menu = ui.Menu(self.buttons(), self.app.sounds)
        self.menu.reset_focus(0)          # the choice of game and level, or the button back to the chart

    def choose(self, key) -> None:
        self.shown_of = key

    @staticmethod
    def game_level(key) -> str:
        """("tourne-case", "master") -> "Tourne Case, Master": a level is a game's."""
        game, level = key
        title = GAMES[game].title if game in GAMES else game
        return _("{game}, {level}", game=title, level=level_title(level))

    def layout(self, size):
        scale = ui_scale(size)
        w, h = size
        width, gap = px(300, scale), px(24, scale)
        toggle, back = self.menu.widgets[-2:]
        for i, widget in enumerate((toggle, back)):
            widget.rect = pygame.Rect(0, 0, width, px(self.row_height - 4, scale))
            widget.rect.center = (w // 2 + round((i - 0.5) * (width + gap)), h - px(72, scale))
        if len(self.menu.widgets) == 3:
            card = self.card_rect(size, scale)
            self.menu.widgets[0].rect = pygame.Rect(card.x + px(24, scale), card.y + px(14, scale),
                                                    card.w - px(48, scale), px(46, scale))

    def card_rect(self, size, scale) -> pygame.Rect:
        w, h = size
        card = pygame.Rect(0, 0, min(px(860, scale), w - px(40, scale)),
                           h - px(150, scale) - round(h * 0.2) + px(40, scale))
        card.midtop = (w // 2, round(h * 0.2) - px(20, scale))
        return card

    def rows(self) -> list[tuple[str, list[str] | None]]:
        """(name, cells) rows in the current language: the total, then a heading (cells None)
        and a row per level and per rule set; a share is a whole percentage, a dash when
        nothing was played."""
        def share(text: str) -> str:       # "67%", or "67 %" as French writes it
            return _("{percent}%", percent=text[:-1]) if text.endswith("%") else text

        def cells(t: stats.Tally, shares: bool = True) -> list[str]:
            return [str(t.games_played), str(t.games_won) if shares else "–",
                    share(t.games_share()) if shares else "–", str(t.matches_played),
                    str(t.matches_won) if shares else "–",
                    share(t.matches_share()) if shares else "–"]
        s = self.stats
        rows = [(_("Against the computer"), cells(s.total)), (_("By game and level"), None)]
        rows += [(self.game_level(key), cells(t)) for key, t in self.by_game_level]
        if s.two_players.games_played or s.two_players.matches_played:
            rows.append((_("Two players, one screen"), cells(s.two_players, shares=False)))
        rows.append((_("By rules, against the computer"), None))
        rows += [(rules_title(name, short=True), cells(t)) for name, t in s.by_rules]
        return rows

    def streaks(self) -> str:
        g, m = self.stats.game_streak, self.stats.match_streak
        return _("Winning streak: games, best {game_best}, now {game_now}  ·  "
                 "matches, best {match_best}, now {match_now}", game_best=g.best,
                 game_now=g.current, match_best=m.best, match_now=m.current)

    def draw(self, surface):
        w, h = surface.get_size()
        scale = ui_scale((w, h))
        card = self.card_rect((w, h), scale)
        if self.view == "progress":
            self.draw_progress(surface, scale, card)
            return
        super().draw(surface)
        ui.panel(surface, card, scale)
        size = 23 * scale
        step = ui.font(size).get_linesize()
        x0, y = card.x + px(24, scale), card.y + px(14, scale)
        if self.problem or not (self.stats.total.games_played or self.stats.two_players.games_played):
            note = (_("The records could not be read: {problem}", problem=self.problem)
                    if self.problem else _("No game finished yet: the record starts with your "
                                           "first game."))
            lines = ui.wrap(note, ui.font(size), card.w - 2 * px(24, scale))
            y = card.centery - len(lines) * step / 2
            for line in lines:
                ui.blit_text(surface, line, size, (card.centerx, y), ui.WALNUT, anchor="midtop",
                             box=card)
                y += step
            return
        columns, x = [], card.right - px(24, scale)
        for width in reversed(self.COLUMN_WIDTHS):
            columns.insert(0, x)
            x -= px(width, scale)
        name_room = columns[0] - px(self.COLUMN_WIDTHS[0], scale) - x0 - px(16, scale)
        heads = self.columns()
        head_size = min(ui.fitting_size(head, size * 0.85, px(width - 14, scale))    # one size for all, a gap between
                        for head, width in zip(heads, self.COLUMN_WIDTHS))
        for head, x, width in zip(heads, columns, self.COLUMN_WIDTHS):
            room = pygame.Rect(x - px(width, scale) + px(12, scale), y, px(width, scale) - px(12, scale),
                               step)
            ui.blit_text(surface, head, head_size, room.topright, ui.WALNUT, anchor="topright",
                         box=room)
        y += step * 1.2
        shown = self.rows()
        bottom = card.bottom - px(30, scale) - step      # the streak line's room
        room = max(1, int((bottom - y) // step))
        # One size for every row's name: the size at which the longest fits its room.
        name_size = min([ui.fitting_size(name, size, name_room)
                         for name, row in shown[:room] if row is not None] or [size])
        for name, row in shown[:room]:
            if row is None:
                ui.blit_text(surface, name, size, (x0, y + step * 0.15), ui.RED, "title", "topleft",
                             box=card)
                y += step * 1.1
                continue
            ui.blit_text(surface, name, name_size, (x0 + px(12, scale), y), ui.INK, anchor="topleft",
                         box=pygame.Rect(x0 + px(12, scale), y, name_room, step))
            for cell, x in zip(row, columns):
                ui.blit_text(surface, cell, size, (x, y), ui.INK, anchor="topright", box=card)
            y += step
        ui.blit_fitted(surface, self.streaks(), size,
                       pygame.Rect(card.x, bottom + px(4, scale), card.w, step), ui.WALNUT_DARK,
                       anchor="midtop", margin=px(16, scale))
        more = len(shown) - room
        notes = ([n_("... and {count} more row", "... and {count} more rows", more, count=more)]
                 if more > 0 else [])
        if self.stats.abandoned:               # left unfinished: said, never counted as played
            n = self.stats.abandoned
            notes.insert(0, n_("{count} match abandoned", "{count} matches abandoned", n, count=n))
        if self.stats.unreadable:
            n = self.stats.unreadable
            notes.append(n_("{count} damaged line in the record was skipped",
                            "{count} damaged lines in the record were skipped", n, count=n))
        if notes:
            words = notes[0] if len(notes) == 1 else _("{first}; {second}", first=notes[0],
                                                       second=notes[1])
            line = pygame.Rect(card.x, card.bottom - px(26, scale), card.w, px(24, scale))
            ui.blit_fitted(surface, words, 18 * scale, line, ui.WALNUT, margin=px(16, scale))

    def draw_progress(self, surface, scale, card) -> None:
        """The progress view: which game and level (the menu's first widget), then its chart."""
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        self.draw_heading(surface, scale)
        ui.panel(surface, card, scale)
        if self.shown_of is None:
            note = _("No match against the computer finished yet: the chart starts with your "
                     "first.")
            ui.blit_fitted(surface, note, 22 * scale, card, ui.WALNUT, margin=px(24, scale))
        else:
            by, periods = stats.progress(self.records, self.reviews, *self.shown_of)
            box = card.inflate(-px(48, scale), 0)
            box.y, box.h = card.y + px(72, scale), card.h - px(84, scale)
            progress.draw(surface, scale, box, by, periods)
        self.menu.draw(surface, scale)
