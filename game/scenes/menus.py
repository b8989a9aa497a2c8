"""The menu screens around the game: settings, statistics, pause, notice, confirm, a saved match.

What every menu is made of (MenuScene, OverlayScene) lives in menu_base.py, the title and
new-match screens in title.py and new_match.py, the rules text in rules_screen.py, the after-game
screen in scoreboard.py. Every word is an English message marked with N_ and translated where it
is drawn (game/base/i18n.py): a change of language in the settings shows at the next frame, on
this screen and under it. The settings' labels, choices and notes are their declarations'
(game/saves/settings.py).
"""
import pygame

from game.base import i18n
from game.base.i18n import N_, _, n_, p_
from game.computer import LEVELS
from game.rules import Side
from game.saves import stats
from game.saves.settings import (ANIMATION_SPEED, END_MOVE_AFTER, FULLSCREEN, LANGUAGE, MUTED,
                                 TOUCH_MOVE, VOLUME)
from game.scenes.games import game_of, presets
from game.scenes.host import Host
from game.scenes.menu_base import MenuScene, OverlayScene, level_title, rules_title
from game.scenes.rules_screen import RulesScene, rules_to_explain
from game.view import controller, widgets as ui
from game.view.layout import px, ui_scale

__all__ = ["ConfirmScene", "MenuScene", "NoticeScene", "OverlayScene", "PauseScene", "SavedMatchScene",
           "SettingsScene", "StatsScene", "level_title", "rules_title", "saved_match_words",
           "sound_device_found"]

#: The settings this screen shows, each with its note (its rows are in build, in this order).
SHOWN = (VOLUME, MUTED, ANIMATION_SPEED, TOUCH_MOVE, END_MOVE_AFTER, FULLSCREEN, LANGUAGE)


class SettingsScene(MenuScene):
    """Volume (or that no sound device was found), mute, animation speed, touch-move (C-5), when
    a move ends by itself, fullscreen, language: saved on every change, and a new language
    speaks at the next frame. The footnote says what the focused setting does."""

    heading = N_("Settings")
    width = 640
    row_height = 50
    gap = 10

    def build(self):
        app, s = self.app, self.app.settings

        def saved(setting):
            return lambda value: app.update_settings({setting.key: value})
        self.fullscreen = ui.toggle(FULLSCREEN.label, app.fullscreen, saved(FULLSCREEN))
        self.language = ui.Choice(LANGUAGE.label, LANGUAGE.options(),
                                  s.get("language") or i18n.language(), saved(LANGUAGE))
        volume = ui.Slider(VOLUME.label, s["volume"], saved(VOLUME))
        if not sound_device_found(app.sounds):      # the volume would change nothing: say why
            volume.remark, volume.enabled = N_("No sound device was found"), False
        return [
            volume,
            ui.toggle(MUTED.label, s["muted"], saved(MUTED)),
            ui.Choice(ANIMATION_SPEED.label, ANIMATION_SPEED.options(), s["animation_speed"],
                      saved(ANIMATION_SPEED)),
            ui.toggle(TOUCH_MOVE.label, s["touch_move"], saved(TOUCH_MOVE)),
            ui.Choice(END_MOVE_AFTER.label, END_MOVE_AFTER.options(),
                      s.get("end_move_after", END_MOVE_AFTER.default), saved(END_MOVE_AFTER)),
            self.fullscreen,
            self.language,
            ui.Button(N_("Back"), self.back),
        ]

    NOTES = {**{setting.label: setting.meaning for setting in SHOWN},
             "Back": N_("Every change is saved at once; Esc goes back too.")}

    def footnote(self) -> str:
        """What the focused setting does (the English message; translated where drawn)."""
        focused = self.menu.focused
        label = getattr(focused, "label", "")
        if label == "Back" and controller.last_used(self.app):
            return N_("Every change is saved at once; B goes back too.")
        return self.NOTES.get(label, "")

    def update(self, dt):
        # F11 can change the window while this screen is open: show the truth.
        self.fullscreen.index = 1 if self.app.fullscreen else 0
        super().update(dt)

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        self.draw_footnote(surface, self.footnote(), 21, self.menu.widgets[-1].rect.bottom
                           + px(18, scale), px(self.width + 160, scale), 2, ui.IVORY_SHADE)


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
        try:
            records, skipped = self.app.storage.records()
            self.stats = stats.compute(records, [name for name, _ in LEVELS], skipped)
            self.problem = None
        except Exception as exc:     # a damaged record file still lets the player go back
            self.stats, self.problem = None, str(exc)
        return [ui.Button(N_("Back"), self.back)]

    def layout(self, size):
        scale = ui_scale(size)
        ui.column(self.menu.widgets, size[0] // 2, size[1] - px(100, scale), px(320, scale),
                  px(self.row_height, scale), 0)

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
        rows = [(_("Against the computer"), cells(s.total)), (_("By level"), None)]
        rows += [(level_title(name), cells(t)) for name, t in s.by_level]
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
        super().draw(surface)
        w, h = surface.get_size()
        scale = ui_scale((w, h))
        card = pygame.Rect(0, 0, min(px(860, scale), w - px(40, scale)),
                           h - px(150, scale) - round(h * 0.2) + px(40, scale))
        card.midtop = (w // 2, round(h * 0.2) - px(20, scale))
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
        head_size = min(ui.fitting_size(head, size * 0.85, px(width - 6, scale))     # one size for all
                        for head, width in zip(heads, self.COLUMN_WIDTHS))
        for head, x, width in zip(heads, columns, self.COLUMN_WIDTHS):
            room = pygame.Rect(x - px(width, scale) + px(4, scale), y, px(width, scale) - px(4, scale),
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


def sound_device_found(sounds) -> bool:
    """Whether the sounds found a device to play on (game/view/audio.py says so); True when
    they do not say."""
    try:
        found = getattr(sounds, "device_found", None)
    except Exception:         # the sounds never crash a menu
        return True
    return True if found is None else bool(found)


class NoticeScene(OverlayScene):
    """What the game has to tell the player (a damaged file kept aside, an error caught): OK."""

    heading = N_("Please note")
    width = 660

    def __init__(self, app: Host, notes: list):
        self.notes = list(notes)
        super().__init__(app)

    def build(self):
        return [ui.Button(N_("OK"), self.back)]


class PauseScene(OverlayScene):
    """Esc in a game: resume, settings, rules, leave (the match stays saved), abandon."""

    heading = N_("Pause")

    def build(self):
        app = self.app
        return [
            ui.Button(N_("Resume"), self.back),
            ui.Button(N_("Settings"), lambda: app.scenes.push(SettingsScene(app))),
            ui.Button(N_("Rules"), lambda: app.scenes.push(RulesScene(app, rules_to_explain(app)))),
            ui.Button(N_("Save and leave"), app.to_title),
            ui.Button(N_("Abandon the match"), lambda: app.scenes.push(ConfirmScene(
                app, *self.abandon_words(), self.abandon))),
        ]

    def abandon_words(self) -> tuple[str, str]:
        """The question and its note: online, the match goes to the friend and both records
        keep it; at one screen or against the computer, it ends and its save is deleted."""
        session = self.app.keeper.session
        if session is not None and session.options.opponent == "online":
            return (N_("Give the match to your friend?"),
                    N_("Your friend wins the match, and both your records keep it."))
        return N_("Abandon the match?"), N_("The match ends here and its save is deleted.")

    def abandon(self) -> None:
        """The match ends and its save is deleted (the keeper records it); back to the title. A
        friend elsewhere is told that this side gives up."""
        if self.app.keeper.online is not None:
            self.app.keeper.online.resign()
        self.app.keeper.abandon()
        self.app.to_title()


class ConfirmScene(OverlayScene):
    """Yes / No over the scene beneath; No (or Esc) is the focus, so a stray Enter is harmless.
    The question and the note are messages marked with N_ (or as `ui.say` takes them)."""

    def __init__(self, app: Host, question, note, on_yes):
        self.heading = question
        self.notes = [note]
        self.on_yes = on_yes
        super().__init__(app)
        self.menu.focus = 1

    def build(self):
        return [ui.Button(N_("Yes"), self.yes), ui.Button(N_("No"), self.back)]

    def yes(self):
        if not self.leaving:
            self.back()
            self.on_yes()


class SavedMatchScene(OverlayScene):
    """Before a new match replaces the one saved: resume that one, or replace it (it stays in
    the records as abandoned), or go back to the form. Resume is the focus: a stray Enter
    loses nothing."""

    heading = N_("A match is saved")
    width = 560

    def __init__(self, app: Host, on_replace):
        self.on_replace = on_replace
        session = app.keeper.session
        self.notes = [lambda: _("{saved} Resume it, or replace it with the new match: the saved "
                                "one is then kept in the records as abandoned.",
                                saved=saved_match_words(session))]
        super().__init__(app)

    def build(self):
        return [ui.Button(N_("Resume the saved match"), self.resume),
                ui.Button(N_("Replace it with the new match"), self.replace),
                ui.Button(N_("Back"), self.back)]

    def resume(self):
        if not self.leaving:
            self.leaving = True
            self.app.continue_match()

    def replace(self):
        if not self.leaving:
            self.back()
            self.on_replace()


def saved_match_words(session) -> str:
    """ "Your Garanguet match to 5 points stands at White 2, Black 1." (the saved match, in the
    current language)"""
    o = session.options
    score = session.match.score
    game = game_of(o.rules)
    if len(presets(game)) > 1:      # the game and which of its rule sets: "Tourne Case (Bell)"
        game = _("{game} ({rules})", game=game.title, rules=rules_title(o.rules))
    else:
        game = game.title
    return n_("Your {game} match to {count} point stands at White {white}, Black {black}.",
              "Your {game} match to {count} points stands at White {white}, Black {black}.",
              o.length, game=game, count=o.length, white=score[Side.WHITE], black=score[Side.BLACK])
