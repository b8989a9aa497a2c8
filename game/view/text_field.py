"""A one-line text field for a menu (the relay's address, a room code): typed, pasted, erased.

The field takes the keys while it has the focus - letters, Backspace, Delete, Ctrl+V - so that
W/A/S/D and Backspace type rather than move the menu or go back; Up/Down, Tab and Enter are
left to the menu. The text typed arrives as pygame's TEXTINPUT events; `allowed` filters it
(and upper-cases a room code), `limit` caps its length.
"""
import pygame

from game.base.i18n import verbatim
from game.view.widgets import GOLD, GREY, INK, Widget, blit_fitted, blit_text, say, text
from game.view.layout import px

EDIT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE)


def pasted() -> str:
    """The clipboard's text, or "" where there is none (headless, no clipboard support)."""
    try:
        return pygame.scrap.get_text() or ""
    except (AttributeError, pygame.error):
        return ""


BLINK = 0.5             # seconds the caret shows, then as long hidden


class TextField(Widget):
    """A label, then what is typed (or a placeholder, in grey, while empty) and a caret."""

    def __init__(self, label, value: str = "", placeholder="", limit: int = 64,
                 allowed=None, on_change=None, size: float = 26):
        super().__init__()
        self.label, self.placeholder, self.limit = label, placeholder, limit
        self.allowed = allowed or (lambda c: c.isprintable() and not c.isspace())
        self.on_change = on_change
        self.size = size
        self.value = ""
        self.type(value)
        self.blink = 0.0

    def type(self, typed: str) -> bool:
        kept = "".join(c for c in typed if self.allowed(c))[:self.limit - len(self.value)]
        if kept:
            self.value += kept
            self._changed()
        return bool(kept)

    def erase(self) -> bool:
        if not self.value:
            return False
        self.value = self.value[:-1]
        self._changed()
        return True

    def clear(self) -> None:
        self.value = ""
        self._changed()

    def _changed(self) -> None:
        self.blink = 0.0
        if self.on_change:
            self.on_change(self.value)

    def take(self, event) -> bool:
        """The event, if it is typing for this field: True when used (the menu never sees it)."""
        if event.type == pygame.TEXTINPUT:
            self.type(event.text.upper() if self.upper else event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_v and ctrl:
            text_ = pasted()
            self.type(text_.upper() if self.upper else text_)
        elif event.key == pygame.K_BACKSPACE:
            if ctrl:
                self.clear()
            else:
                self.erase()
        elif event.key == pygame.K_DELETE:
            self.clear()
        else:      # a letter's key: its TEXTINPUT types it; the menu must not move on W/A/S/D
            return event.unicode.isprintable() and bool(event.unicode) and not event.unicode.isspace()
        return True

    upper = False

    def update(self, dt: float, focused: bool) -> None:
        super().update(dt, focused)
        self.blink = self.blink + dt if focused else 0.0

    def next_blink(self) -> float:
        """Seconds until the caret (of a focused field) shows or hides."""
        return BLINK - self.blink % BLINK

    def draw(self, surface, scale, focused):
        box = self.draw_body(surface, scale, focused)
        inner = box.inflate(-px(28, scale), 0)
        label = blit_fitted(surface, say(self.label), self.size * scale,
                            inner.copy(), INK, anchor="midleft")
        field = pygame.Rect(label.right + px(16, scale), inner.y, inner.right - label.right
                            - px(16, scale), inner.h)
        size = self.size * 1.1 * scale
        shown = verbatim(self.value) if self.value else say(self.placeholder)
        while self.value and text(shown, size, INK, "title").get_width() > field.w - px(12, scale):
            shown = verbatim("…" + shown[2:])        # the end stays in view as it is typed
        colour = INK if self.value else GREY
        words = blit_text(surface, shown, size, field.midleft, colour, "title", "midleft", box)
        if focused and int(self.blink / BLINK) % 2 == 0:
            x = words.right + px(2, scale) if self.value else field.x
            pygame.draw.line(surface, GOLD, (x, field.centery - px(13, scale)),
                             (x, field.centery + px(13, scale)), max(2, px(3, scale)))
