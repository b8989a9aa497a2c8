"""The menu screens around the game: a shared MenuScene, settings, statistics, pause, confirm.

The title and new-match screens live in title.py, the rules text in rules_screen.py, the
after-game screen in scoreboard.py. Every screen works with the keyboard alone (arrows/Tab,
Enter/Space, Esc goes back) and with the mouse.
"""
import pygame

from game import stats
from game.computer import LEVELS
from game.rules import Side, rules_by_name
from game.scenes.base import BACK_KEYS, Scene
from game.scenes.host import Host
from game.scenes.rules_screen import RulesScene, rules_to_explain
from game.view import widgets as ui
from game.view.layout import px, ui_scale


ANIMATION_SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"),
                    ("instant", "Instant (reduced motion)")]


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

    def layout(self, size) -> None:
        scale = ui_scale(size)
        ui.column(self.menu.widgets, size[0] // 2, self.menu_top(size, scale),
                  px(self.width, scale), px(self.row_height, scale), px(self.gap, scale),
                  self.keep_places)

    def draw_heading(self, surface, scale) -> None:
        w, h = surface.get_size()
        ui.blit_text(surface, self.heading, 64 * scale, (w / 2 + 2, h * 0.11 + 3), ui.WALNUT_DEEP,
                     "title")
        ui.blit_text(surface, self.heading, 64 * scale, (w / 2, h * 0.11), ui.GOLD_PALE, "title")

    def draw(self, surface) -> None:
        scale = ui_scale(surface.get_size())
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        self.draw_heading(surface, scale)
        self.menu.draw(surface, scale)


class SettingsScene(MenuScene):
    """Volume, mute, animation speed, touch-move (C-5), fullscreen: saved on every change.
    The footnote says what the focused setting does."""

    heading = "Settings"
    width = 640

    def build(self):
        app, s = self.app, self.app.settings
        self.fullscreen = ui.toggle("Fullscreen (F11)", app.fullscreen,
                                    lambda v: app.update_settings({"fullscreen": v}))
        return [
            ui.Slider("Volume", s["volume"], lambda v: app.update_settings({"volume": v})),
            ui.toggle("Mute", s["muted"], lambda v: app.update_settings({"muted": v})),
            ui.Choice("Animations", ANIMATION_SPEEDS, s["animation_speed"],
                      lambda v: app.update_settings({"animation_speed": v})),
            ui.toggle("Touch-move", s["touch_move"],
                      lambda v: app.update_settings({"touch_move": v})),
            self.fullscreen,
            ui.Button("Back", self.back),
        ]

    NOTES = {
        "Volume": "How loud the dice, the checkers and every other sound are.",
        "Mute": "Silence every sound; the volume stays as it is for when the sound comes back.",
        "Animations": "How fast the dice roll and the checkers travel. Instant shows each move "
                      "at once, with no motion on the screen.",
        "Touch-move": "Touch-move (“dame touchée, dame jouée”, rules C-5 and G-11): a checker "
                      "you pick up must be played, if it can move.",
        "Fullscreen (F11)": "The whole screen, or a window you can size; F11 switches at any "
                            "time, in a game too.",
        "Back": "Every change is saved at once; Esc goes back too.",
    }

    def footnote(self) -> str:
        """What the focused setting does."""
        focused = self.menu.focused
        return self.NOTES.get(getattr(focused, "label", ""), "")

    def update(self, dt):
        # F11 can change the window while this screen is open: show the truth.
        self.fullscreen.index = 1 if self.app.fullscreen else 0
        super().update(dt)

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        y = self.menu.widgets[-1].rect.bottom + px(22, scale)
        fnt = ui.font(21 * scale)
        for line in ui.wrap(self.footnote(), fnt, px(self.width + 120, scale))[:2]:
            ui.blit_text(surface, line, 21 * scale, (surface.get_width() / 2, y), ui.IVORY_SHADE,
                         anchor="midtop")
            y += fnt.get_linesize()


class StatsScene(MenuScene):
    """Games and matches played, won and the share won: in total, by level, by rule set, with
    the best and current winning streaks (figures from game.stats)."""

    heading = "Statistics"
    COLUMNS = ("Games", "won", "share", "Matches", "won", "share")
    COLUMN_WIDTHS = (80, 62, 72, 96, 62, 72)     # design pixels, right-aligned, right to left

    def build(self):
        try:
            records, skipped = self.app.storage.records()
            self.stats = stats.compute(records, [name for name, _ in LEVELS], skipped)
            self.problem = None
        except Exception as exc:     # a damaged record file still lets the player go back
            self.stats, self.problem = None, f"The records could not be read: {exc}"
        return [ui.Button("Back", self.back)]

    def layout(self, size):
        scale = ui_scale(size)
        ui.column(self.menu.widgets, size[0] // 2, size[1] - px(100, scale), px(320, scale),
                  px(self.row_height, scale), 0)

    def rows(self) -> list[tuple[str, list[str] | None]]:
        """(name, cells) rows: the total, then a heading (cells None) and a row per level and
        per rule set; a share is a whole percentage, a dash when nothing was played."""
        def cells(t: stats.Tally, shares: bool = True) -> list[str]:
            return [str(t.games_played), str(t.games_won) if shares else "–",
                    t.games_share() if shares else "–", str(t.matches_played),
                    str(t.matches_won) if shares else "–", t.matches_share() if shares else "–"]
        s = self.stats
        rows = [("Against the computer", cells(s.total)), ("By level", None)]
        rows += [(level_title(name), cells(t)) for name, t in s.by_level]
        if s.two_players.games_played or s.two_players.matches_played:
            rows.append(("Two players, one screen", cells(s.two_players, shares=False)))
        rows.append(("By rules, against the computer", None))
        rows += [(rules_title(name), cells(t)) for name, t in s.by_rules]
        return rows

    def streaks(self) -> str:
        g, m = self.stats.game_streak, self.stats.match_streak
        return (f"Winning streak: games, best {g.best}, now {g.current}  ·  "
                f"matches, best {m.best}, now {m.current}")

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
            note = self.problem or "No game finished yet: the record starts with your first game."
            ui.blit_text(surface, note, size, card.center, ui.WALNUT)
            return
        columns, x = [], card.right - px(24, scale)
        for width in reversed(self.COLUMN_WIDTHS):
            columns.insert(0, x)
            x -= px(width, scale)
        name_room = columns[0] - px(self.COLUMN_WIDTHS[0], scale) - x0 - px(16, scale)
        for title, x in zip(self.COLUMNS, columns):
            ui.blit_text(surface, title, size * 0.85, (x, y), ui.WALNUT, anchor="topright")
        y += step * 1.2
        shown = self.rows()
        bottom = card.bottom - px(30, scale) - step      # the streak line's room
        room = max(1, int((bottom - y) // step))
        for name, row in shown[:room]:
            if row is None:
                ui.blit_text(surface, name, size, (x0, y + step * 0.15), ui.RED, "title", "topleft")
                y += step * 1.1
                continue
            ui.blit_text(surface, name, ui.fitting_size(name, size, name_room), (x0 + px(12, scale),
                         y), ui.INK, anchor="topleft")
            for cell, x in zip(row, columns):
                ui.blit_text(surface, cell, size, (x, y), ui.INK, anchor="topright")
            y += step
        ui.blit_text(surface, self.streaks(), size, (card.centerx, bottom + px(4, scale)),
                     ui.WALNUT_DARK, anchor="midtop")
        more = len(shown) - room
        notes = ([f"... and {more} more rows"] if more > 0 else []) + \
            ([f"{self.stats.unreadable} damaged line(s) in the record were skipped"]
             if self.stats.unreadable else [])
        if notes:
            ui.blit_text(surface, "; ".join(notes), 18 * scale,
                         (card.centerx, card.bottom - px(14, scale)), ui.WALNUT)


def level_title(name: str) -> str:
    """ "journeyman" -> "Journeyman"; "two players" -> "Two players"."""
    return name.replace("_", " ").capitalize()


def rules_title(name: str) -> str:
    """ "charpentier-reentry" -> "Charpentier 1699, compulsory re-entry"; unknown names as they are."""
    try:
        return rules_by_name(name).title
    except ValueError:
        return name


class OverlayScene(MenuScene):
    """A card over the dimmed scene beneath (pause, confirm, notice): heading, notes, buttons."""

    transparent = True
    width = 440
    row_height = 52
    notes: list[str] = []       # paragraphs between the heading and the buttons

    def note_lines(self, size) -> tuple[list[str], int]:
        """The notes wrapped to the card, and the height of one line."""
        scale = ui_scale(size)
        fnt = ui.font(22 * scale)
        lines = [line for note in self.notes
                 for line in ui.wrap(note, fnt, px(self.width + 20, scale))]
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
        ui.blit_text(surface, self.heading, 46 * scale, (card.centerx, card.y + px(60, scale)),
                     ui.WALNUT_DARK, "title")
        lines, step = self.note_lines((w, h))
        for i, line in enumerate(lines):
            ui.blit_text(surface, line, 22 * scale, (card.centerx, card.y + px(108, scale) + i * step),
                         ui.INK, anchor="midtop")
        self.menu.draw(surface, scale)


class NoticeScene(OverlayScene):
    """What the game has to tell the player (a damaged file kept aside, an error caught): OK."""

    heading = "Please note"
    width = 660

    def __init__(self, app: Host, notes: list[str]):
        self.notes = list(notes)
        super().__init__(app)

    def build(self):
        return [ui.Button("OK", self.back)]


class PauseScene(OverlayScene):
    """Esc in a game: resume, settings, rules, leave (the match stays saved), abandon."""

    heading = "Pause"

    def build(self):
        app = self.app
        return [
            ui.Button("Resume", self.back),
            ui.Button("Settings", lambda: app.scenes.push(SettingsScene(app))),
            ui.Button("Rules", lambda: app.scenes.push(RulesScene(app, rules_to_explain(app)))),
            ui.Button("Save and leave", app.to_title),
            ui.Button("Abandon the match", lambda: app.scenes.push(ConfirmScene(
                app, "Abandon the match?", "The match ends here and its save is deleted.",
                self.abandon))),
        ]

    def abandon(self) -> None:
        """The match ends and its save is deleted (the keeper records it); back to the title."""
        self.app.match.abandon()
        self.app.to_title()


class ConfirmScene(OverlayScene):
    """Yes / No over the scene beneath; No (or Esc) is the focus, so a stray Enter is harmless."""

    def __init__(self, app: Host, question: str, note: str, on_yes):
        self.heading = question
        self.notes = [note]
        self.on_yes = on_yes
        super().__init__(app)
        self.menu.focus = 1

    def build(self):
        return [ui.Button("Yes", self.yes), ui.Button("No", self.back)]

    def yes(self):
        if not self.leaving:
            self.back()
            self.on_yes()


class SavedMatchScene(OverlayScene):
    """Before a new match replaces the one saved: resume that one, or replace it (it stays in
    the records as abandoned), or go back to the form. Resume is the focus: a stray Enter
    loses nothing."""

    heading = "A match is saved"
    width = 560

    def __init__(self, app: Host, on_replace):
        self.on_replace = on_replace
        self.notes = [f"{saved_match_words(app.match.session)} Resume it, or replace it with "
                      "the new match: the saved one is then kept in the records as abandoned."]
        super().__init__(app)

    def build(self):
        return [ui.Button("Resume the saved match", self.resume),
                ui.Button("Replace it with the new match", self.replace),
                ui.Button("Back", self.back)]

    def resume(self):
        if not self.leaving:
            self.leaving = True
            self.app.continue_match()

    def replace(self):
        if not self.leaving:
            self.back()
            self.on_replace()


def saved_match_words(session) -> str:
    """ "Your Garanguet match to 5 points stands at White 2, Black 1." (the saved match)"""
    o = session.options
    score = session.match.score
    points = f"{o.length} point{'s' if o.length > 1 else ''}"
    game = "Garanguet" if o.rules == "garanguet" else f"Tourne Case ({rules_title(o.rules)})"
    return (f"Your {game} match to {points} stands at "
            f"White {score[Side.WHITE]}, Black {score[Side.BLACK]}.")
