"""The menu screens around the game: a shared MenuScene, settings, statistics, pause, confirm.

The title and new-match screens live in title.py, the rules text in rules_screen.py, the
after-game screen in scoreboard.py. Every screen works with the keyboard alone (arrows/Tab,
Enter/Space, Esc goes back) and with the mouse. Every word is an English message marked with
N_ and translated where it is drawn (game/base/i18n.py): a change of language in the settings shows
at the next frame, on this screen and under it.
"""
import pygame

from game.base import i18n

from game.saves import stats
from game.computer import LEVEL_TITLES, LEVELS
from game.base.i18n import N_, _, n_, p_, verbatim
from game.rules import Side, rules_by_name
from game.scenes.base import BACK_KEYS, Scene
from game.scenes.games import game_of, presets, short_title
from game.scenes.host import Host
from game.scenes.rules_screen import RulesScene, rules_to_explain
from game.view import controller, widgets as ui
from game.view.layout import px, ui_scale


ANIMATION_SPEEDS = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")),
                    ("instant", N_("Instant (reduced motion)"))]

#: When a move complete on the board ends by itself (the settings' "end_move_after").
END_MOVE_AFTER = [("never", N_("Never")), ("1", N_("After 1 s")), ("2", N_("After 2 s"))]

#: The languages the settings offer, each named in itself (never translated).
LANGUAGES = [(code, verbatim(language.name)) for code, language in i18n.LANGUAGES.items()]


class MenuScene(Scene):
    """A heading and a column of widgets over the walnut backdrop; Esc goes back."""

    heading = ""
    keep_places = True        # a hidden row keeps its place: nothing moves under the pointer
    row_height = 54
    gap = 12
    width = 560

    def __init__(self, app: Host):
        super().__init__(app)
        self.time = 0.0
        self.leaving = False      # asked to be popped: two Esc in one frame pop one screen
        self.menu = ui.Menu(self.build(), app.sounds)

    def build(self) -> list[ui.Widget]:
        return []

    def back(self) -> None:
        if not self.leaving:
            self.leaving = True
            self.app.scenes.pop()

    def enter(self) -> None:
        self.layout(self.app.size)

    def handle_event(self, event) -> None:
        if self.leaving or self.menu.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.app.sounds.play("click", 0.5)
            self.back()

    def update(self, dt: float) -> None:
        self.time += dt
        self.layout(self.app.size)
        self.menu.update(dt)

    def menu_top(self, size, scale) -> int:
        return round(size[1] * 0.2)

    def draw_footnote(self, surface, note, size: float, top: int, width: int, lines: int,
                      color=ui.IVORY) -> None:
        """A short help text under the menu (a message, translated now), wrapped to `width`
        and at most `lines` lines, centred in the window."""
        if not note:
            return
        scale = ui_scale(surface.get_size())
        fnt = ui.font(size * scale)
        w = surface.get_width()
        width = min(width, w - 2 * px(40, scale))
        box = pygame.Rect((w - width) // 2, top, width,           # and room for a descender
                          fnt.get_linesize() * lines + fnt.get_linesize() // 4)
        y = top
        for line in ui.wrap(ui.say(note), fnt, width)[:lines]:
            ui.blit_text(surface, line, size * scale, (w / 2, y), color, anchor="midtop", box=box)
            y += fnt.get_linesize()

    def layout(self, size) -> None:
        scale = ui_scale(size)
        ui.column(self.menu.widgets, size[0] // 2, self.menu_top(size, scale),
                  px(self.width, scale), px(self.row_height, scale), px(self.gap, scale),
                  self.keep_places)

    def draw_heading(self, surface, scale) -> None:
        w, h = surface.get_size()
        words = ui.say(self.heading)
        box = pygame.Rect(0, 0, w - 2 * px(60, scale), px(80, scale))
        box.center = (w // 2, round(h * 0.11))
        ui.blit_fitted(surface, words, 64 * scale, box.move(2, 3), ui.WALNUT_DEEP, "title")
        ui.blit_fitted(surface, words, 64 * scale, box, ui.GOLD_PALE, "title")

    def draw(self, surface) -> None:
        scale = ui_scale(surface.get_size())
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        self.draw_heading(surface, scale)
        self.menu.draw(surface, scale)


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
        self.fullscreen = ui.toggle(N_("Fullscreen (F11)"), app.fullscreen,
                                    lambda v: app.update_settings({"fullscreen": v}))
        self.language = ui.Choice(N_("Language"), LANGUAGES, s.get("language") or i18n.language(),
                                  lambda v: app.update_settings({"language": v}))
        volume = ui.Slider(N_("Volume"), s["volume"], lambda v: app.update_settings({"volume": v}))
        if not sound_device_found(app.sounds):      # the volume would change nothing: say why
            volume.remark, volume.enabled = N_("No sound device was found"), False
        return [
            volume,
            ui.toggle(N_("Mute"), s["muted"], lambda v: app.update_settings({"muted": v})),
            ui.Choice(N_("Animations"), ANIMATION_SPEEDS, s["animation_speed"],
                      lambda v: app.update_settings({"animation_speed": v})),
            ui.toggle(N_("Touch-move"), s["touch_move"],
                      lambda v: app.update_settings({"touch_move": v})),
            ui.Choice(N_("End my move"), END_MOVE_AFTER, s.get("end_move_after", "1"),
                      lambda v: app.update_settings({"end_move_after": v})),
            self.fullscreen,
            self.language,
            ui.Button(N_("Back"), self.back),
        ]

    NOTES = {
        "Volume": N_("How loud the dice, the checkers and every other sound are."),
        "Mute": N_("Silence every sound; the volume stays as it is for when the sound comes back."),
        "Animations": N_("How fast the dice roll and the checkers travel. Instant shows each move "
                         "at once, with no motion on the screen."),
        "Touch-move": N_("Touch-move (“dame touchée, dame jouée”, rules C-5 and G-11): a checker "
                         "you pick up must be played, if it can move."),
        "End my move": N_("A move complete on the board ends by itself after this pause, or at "
                          "once with Space, Enter or a click on the dice; until then U takes it "
                          "back."),
        "Fullscreen (F11)": N_("The whole screen, or a window you can size; F11 switches at any "
                               "time, in a game too."),
        "Language": N_("The language of the whole game: it changes at once. On the first start "
                       "the game speaks the system's language."),
        "Back": N_("Every change is saved at once; Esc goes back too."),
    }

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


def level_title(name: str) -> str:
    """ "journeyman" -> "Journeyman" (in the current language); an unknown name as it is."""
    if name in LEVEL_TITLES:
        return _(LEVEL_TITLES[name])
    return verbatim(name.replace("_", " ").capitalize())


def rules_title(name: str, short: bool = False) -> str:
    """ "charpentier-reentry" -> "Charpentier 1699, compulsory re-entry" (in the current
    language), or "Charpentier 1699, re-entry" where room is short; unknown names as they are."""
    try:
        return _(short_title(name) if short else rules_by_name(name).title)
    except ValueError:
        return verbatim(name)


def sound_device_found(sounds) -> bool:
    """Whether the sounds found a device to play on (game/view/audio.py says so); True when
    they do not say."""
    try:
        found = getattr(sounds, "device_found", None)
    except Exception:         # the sounds never crash a menu
        return True
    return True if found is None else bool(found)


class OverlayScene(MenuScene):
    """A card over the dimmed scene beneath (pause, confirm, notice): heading, notes, buttons."""

    transparent = True
    width = 440
    row_height = 52
    notes: list = []       # paragraphs between the heading and the buttons (as `ui.say` takes them)

    def note_lines(self, size) -> tuple[list[str], int]:
        """The notes in the current language, wrapped to the card, and the height of one line."""
        scale = ui_scale(size)
        fnt = ui.font(22 * scale)
        lines = [line for note in self.notes
                 for line in ui.wrap(ui.say(note), fnt, px(self.width + 20, scale))]
        return lines, fnt.get_linesize()

    def note_height(self, size) -> int:
        lines, step = self.note_lines(size)
        return len(lines) * step + (px(14, ui_scale(size)) if lines else 0)

    def card(self, size) -> pygame.Rect:
        scale = ui_scale(size)
        rows = [w for w in self.menu.widgets if w.visible or self.keep_places]
        h = px(150, scale) + self.note_height(size) + len(rows) * px(self.row_height + 12, scale)
        rect = pygame.Rect(0, 0, px(self.width + 80, scale), min(h, size[1]))
        rect.center = (size[0] // 2, size[1] // 2)
        return rect

    def menu_top(self, size, scale):
        return self.card(size).y + px(120, scale) + self.note_height(size)

    def draw(self, surface):
        w, h = surface.get_size()
        scale = ui_scale((w, h))
        dim = 1.0 - 0.58 * min(1.0, self.time / 0.15)      # the scene beneath darkens at once
        surface.fill((round(255 * dim), round(245 * dim), round(235 * dim)),
                     special_flags=pygame.BLEND_MULT)
        # The card drops in from a little above: a short, springy entrance.
        t = min(1.0, self.time / 0.25)
        card = self.card((w, h)).move(0, -round((1 - t) ** 3 * px(40, scale)))
        ui.panel(surface, card, scale, 245)
        head = pygame.Rect(card.x, card.y + px(30, scale), card.w, px(60, scale))
        ui.blit_fitted(surface, ui.say(self.heading), 46 * scale, head, ui.WALNUT_DARK, "title",
                       margin=px(24, scale))
        lines, step = self.note_lines((w, h))
        for i, line in enumerate(lines):
            ui.blit_text(surface, line, 22 * scale, (card.centerx, card.y + px(108, scale) + i * step),
                         ui.INK, anchor="midtop", box=card)
        self.menu.draw(surface, scale)


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
        session = self.app.match.session
        if session is not None and session.options.opponent == "online":
            return (N_("Give the match to your friend?"),
                    N_("Your friend wins the match, and both your records keep it."))
        return N_("Abandon the match?"), N_("The match ends here and its save is deleted.")

    def abandon(self) -> None:
        """The match ends and its save is deleted (the keeper records it); back to the title. A
        friend elsewhere is told that this side gives up."""
        if self.app.match.online is not None:
            self.app.match.online.resign()
        self.app.match.abandon()
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
        session = app.match.session
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
