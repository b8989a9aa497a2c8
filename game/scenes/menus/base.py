"""The screens every menu is made of: MenuScene (a heading and a column of widgets over the
walnut backdrop; Esc goes back) and OverlayScene (a card over the dimmed scene beneath), and the
names of levels and rule sets as the menus show them.

Every screen works with the keyboard alone (arrows/Tab, Enter/Space, Esc goes back) and with the
mouse; every word is translated where it is drawn (game/base/i18n.py).
"""
import pygame

from game.base.i18n import _, verbatim
from game.computer import LEVEL_TITLES
from game.rules import rules_by_name
from game.scenes.base import BACK_KEYS, Scene
from game.scenes.games import short_title
from game.scenes.host import Host
from game.view import widgets as ui
from game.view.layout import px, ui_scale


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
