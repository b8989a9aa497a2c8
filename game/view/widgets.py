"""Menu widgets: buttons, choices, sliders, a keyboard focus, text and the walnut backdrop.

A `Menu` is a column of widgets with one focus. The keyboard moves the focus (Up/Down, Tab,
Shift+Tab; it stops at either end, so Up from the first item never lands on the last, Quit;
Home/End go to either end),
changes a value (Left/Right) and activates (Enter/Space); the mouse hovers, presses and drags.
The focus follows the device used last: the pointer takes it only by moving. Widgets ease their glow and "pop" with timers in seconds, so the feel is the same at
any frame rate. Everything is drawn at the window's real size from a `scale` (see layout.py).

Labels are English messages marked with N_ (or callables returning words already said, for a
plural or a message with fields), translated each time they are drawn (`say`): a change of
language shows at the next frame. Every word is drawn inside its widget's box, shrunk to fit.
"""
import contextlib
import math
import re

import pygame

from game.base import i18n
from game.base.i18n import N_, Said, _, said
from game.view import assets
from game.view.layout import px

IVORY = (243, 233, 210)
IVORY_WARM = (252, 241, 214)
IVORY_SHADE = (214, 198, 162)
EBONY = (30, 22, 18)
INK = (48, 32, 22)
WALNUT = (96, 58, 34)
WALNUT_DARK = (50, 29, 17)
WALNUT_DEEP = (30, 17, 10)
GOLD = (222, 178, 86)
GOLD_PALE = (240, 214, 150)
RED = (150, 40, 32)
GREY = (150, 140, 128)

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

_texts: dict = {}
KEPT_TEXTS = 600           # rendered lines kept, the newest used (a scene's own stay while it shows)
# While a test records (see `recording`): every text drawn, as (words, rect, box or None), and
# every text rendered that never passed through a catalogue (game/base/i18n.py).
_drawn: list | None = None
_unsaid: list | None = None


@contextlib.contextmanager
def recording():
    """Record what is drawn: yields (drawn, unsaid), lists that fill while the block runs."""
    global _drawn, _unsaid
    before = _drawn, _unsaid
    _drawn, _unsaid = [], []
    try:
        yield _drawn, _unsaid
    finally:
        _drawn, _unsaid = before


def say(label) -> Said:
    """A widget's words in the current language, at draw time: `label` is an English message
    marked with N_ (translated now), a callable returning words already said (a plural, a
    message with fields), or words already said (`verbatim` names). While a test records, a
    message the catalogue of the language spoken does not hold (never marked, or not yet
    translated) is recorded as unsaid."""
    if callable(label):
        return label()
    if isinstance(label, Said):
        return label
    if _unsaid is not None and label and not _in_catalogue(label):
        _unsaid.append(str(label))
    return _(label)


def _in_catalogue(message: str) -> bool:
    """Whether the current language's compiled catalogue has this message (English's repeats
    every message extracted from the code, French's holds those translated)."""
    try:
        held = getattr(i18n.catalogue(i18n.language()), "_catalog", None)
    except OSError:
        return True
    return held is None or message in held or not any(c.isalpha() for c in message)


def font(size: float, kind: str = "body") -> pygame.font.Font:
    """The period serif ("title", "body", "italic") or a plain sans ("sans") at a whole pixel size."""
    return assets.font(max(8, round(size)), kind)


def text(words: str, size: float, color=INK, kind: str = "body") -> pygame.Surface:
    """Rendered text, cached: menus redraw the same words every frame. Words come from a
    catalogue (game/base/i18n.py); a test records any that did not."""
    if _unsaid is not None and not said(words):
        _unsaid.append(str(words))
    key = (words, int(round(size)), color, kind)
    surf = _texts.pop(key, None)            # taken out and put back: the newest used go last
    if surf is None:
        surf = font(size, kind).render(words, True, color)
        if len(_texts) >= KEPT_TEXTS:       # the one used longest ago goes
            del _texts[next(iter(_texts))]
    _texts[key] = surf
    return surf


def blit_text(surface, words, size, pos, color=INK, kind="body", anchor="center",
              box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw text with its `anchor` ("center", "midleft", "topleft", ...) at pos; returns its rect.
    `box` is the card, button or panel it belongs in: a test checks it stays inside."""
    surf = text(words, size, color, kind)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    if _drawn is not None:
        _drawn.append((str(words), rect, pygame.Rect(box) if box is not None else surface.get_rect()))
    return rect


def blit_fitted(surface, words, size, box: pygame.Rect, color=INK, kind="body", anchor="center",
                margin: int = 0) -> pygame.Rect:
    """Draw one line of text inside `box` at its `anchor`, shrunk (to 70% at most) to fit the
    box's width less `margin` on each side: French is often longer than English."""
    inner = pygame.Rect(box).inflate(-2 * margin, 0)
    size = fitting_size(words, size, inner.w, kind)
    return blit_text(surface, words, size, getattr(inner, anchor), color, kind, anchor, box)


KEPT = 2000                # lines fitted and paragraphs wrapped kept (fitting_size, wrap)
_fits: dict = {}


def fitting_size(words: str, size: float, width: int, kind: str = "body") -> float:
    """The size at which words fit in width, shrinking to at most 70%; a long name stays
    readable. Cached: buttons and cells are fitted again at every frame they are drawn."""
    key = (words, size, width, kind)
    fitted = _fits.get(key)
    if fitted is None:
        if len(_fits) >= KEPT:
            _fits.clear()
        fitted = _fits[key] = next((size * shrink for shrink in (1.0, 0.9, 0.8, 0.7)
                                    if font(size * shrink, kind).size(words)[0] <= width),
                                   size * 0.7)
    return fitted


CLOSING = ";:!?»%,.)"     # what belongs to the words before it, spaced off or not


_wraps: dict = {}


def wrap(words: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """`_wrap`, cached: cards, banners, notes and the rules are wrapped again at every frame
    they are drawn, and the game's fonts never change once loaded."""
    key = (type(words), words, fnt, width)
    lines = _wraps.get(key)
    if lines is None:
        if len(_wraps) >= KEPT:
            _wraps.clear()
        lines = _wraps[key] = tuple(_wrap(words, fnt, width))
    return list(lines)


def _wrap(words: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Break a paragraph into lines no wider than width (a single long word stays whole, but a
    long path breaks after its slashes), at plain spaces only: a no-break space (French puts
    one before ":" and inside the quotes) keeps its neighbours on one line, and so does a plain space before what closes the words before
    it (";", ":", "!", "?", "»"): no line begins with the last one's punctuation. The lines of
    translated words are translated words too."""
    kept = Said if isinstance(words, Said) else str
    lines, line = [], ""
    tokens = []
    for word in filter(None, re.split(r"[ \t\r\n]+", words)):
        if tokens and word[0] in CLOSING:
            tokens[-1] += " " + word
        else:
            tokens.append(word)
    tokens = [part for token in tokens for part in _path_parts(token, fnt, width)]
    for word in tokens:
        trial = f"{line} {word}" if line else word
        if line and fnt.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return [kept(line) for line in lines]


def _path_parts(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word wider than `width` that is a path (a data folder's file, said in a notice) in
    pieces that each fit, broken after a slash; any other word whole. No two pieces fit on one
    line together, so wrap never puts a space inside the path."""
    if fnt.size(word)[0] <= width or not re.search(r"[/\\]", word):
        return [word]
    parts, piece = [], ""
    for bit in re.findall(r"[^/\\]*[/\\]|[^/\\]+$", word):
        if piece and fnt.size(piece + bit)[0] > width:
            parts.append(piece)
            piece = bit
        else:
            piece += bit
    return parts + [piece] if piece else parts


_backdrops: dict = {}


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The walnut background of every menu: a warm gradient with a dark rim, cached per size."""
    size = (max(1, size[0]), max(1, size[1]))
    surf = _backdrops.get(size)
    if surf is None:
        if len(_backdrops) > 4:
            _backdrops.clear()
        w, h = size
        surf = pygame.Surface(size)
        for y in range(h):     # vertical gradient, lit from above
            t = y / max(1, h - 1)
            shade = 1.0 - 0.45 * abs(t - 0.38) ** 1.2
            surf.fill(tuple(int(c * shade) for c in WALNUT), (0, y, w, 1))
        grain = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(0, h, max(3, h // 160)):    # faint horizontal wood grain
            a = 10 + (i * 37) % 14
            wave = int(4 * math.sin(i * 0.07))
            pygame.draw.line(grain, (20, 10, 4, a), (0, i + wave), (w, i - wave), 1)
        surf.blit(grain, (0, 0))
        rim = max(6, min(w, h) // 40)
        pygame.draw.rect(surf, WALNUT_DEEP, surf.get_rect(), rim)
        pygame.draw.rect(surf, GOLD, surf.get_rect().inflate(-2 * rim, -2 * rim), max(1, rim // 6))
        _backdrops[size] = surf
    return surf


_panels: dict = {}


def panel(surface, rect: pygame.Rect, scale: float, alpha: int = 235) -> None:
    """An ivory card with a soft shadow, for text and forms (cached per size)."""
    key = (rect.size, round(scale, 3), alpha)
    card = _panels.get(key)
    if card is None:
        if len(_panels) > 16:
            _panels.clear()
        r = px(14, scale)
        off = (px(5, scale), px(7, scale))
        card = pygame.Surface((rect.w + off[0], rect.h + off[1]), pygame.SRCALPHA)
        pygame.draw.rect(card, (0, 0, 0, 90), pygame.Rect(off, rect.size), border_radius=r)
        face = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(face, (*IVORY, alpha), face.get_rect(), border_radius=r)
        pygame.draw.rect(face, (*WALNUT_DARK, 255), face.get_rect(), px(2, scale), border_radius=r)
        card.blit(face, (0, 0), special_flags=pygame.BLEND_ALPHA_SDL2 if alpha < 255 else 0)
        _panels[key] = card
    surface.blit(card, rect.topleft)


def ease(current: float, target: float, rate: float, dt: float) -> float:
    """Move current towards target exponentially: frame-rate independent smoothing."""
    return target + (current - target) * math.exp(-rate * dt)


class Widget:
    """Something in a menu that can take the focus. Subclasses draw and react."""

    def __init__(self, enabled: bool = True):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = enabled
        self.glow = 0.0      # 0..1, eases towards 1 while focused
        self.pop = 0.0       # 1 right after activation, decays to 0
        self.pressed = False

    def update(self, dt: float, focused: bool) -> None:
        self.glow = ease(self.glow, 1.0 if focused else 0.0, 14.0, dt)
        self.pop = ease(self.pop, 0.0, 9.0, dt)

    def activate(self) -> bool:
        """Enter/Space/click: returns True if something happened."""
        return False

    def adjust(self, direction: int) -> bool:
        """Left/Right: returns True if the value changed."""
        return False

    def click(self, pos) -> bool:
        return self.activate()

    def drag(self, pos) -> None:
        pass

    def box(self, scale: float) -> pygame.Rect:
        """The rect grown by the focus glow and the activation pop: the arcade bounce."""
        grow = px(6, scale) * self.glow + px(14, scale) * self.pop
        box = self.rect.inflate(round(grow), round(grow * 0.5))
        if self.pressed:
            box = box.move(0, px(2, scale))
        return box

    def draw_body(self, surface, scale: float, focused: bool) -> pygame.Rect:
        box = self.box(scale)
        r = px(10, scale)
        pygame.draw.rect(surface, WALNUT_DEEP, box.move(0, px(4, scale)), border_radius=r)
        fill = IVORY_WARM if focused else IVORY
        if not self.enabled:
            fill = IVORY_SHADE
        elif self.pressed:
            fill = GOLD_PALE
        pygame.draw.rect(surface, fill, box, border_radius=r)
        edge = GOLD if focused and self.enabled else WALNUT_DARK
        pygame.draw.rect(surface, edge, box, px(3 if focused else 2, scale), border_radius=r)
        return box

    def draw(self, surface, scale: float, focused: bool) -> None:
        raise NotImplementedError


class Button(Widget):
    """A label (see `say`) that does something when activated."""

    def __init__(self, label, action, enabled: bool = True, size: float = 30):
        super().__init__(enabled)
        self.label = label
        self.action = action
        self.size = size

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.pop = 1.0
        self.action()
        return True

    def draw(self, surface, scale, focused):
        box = self.draw_body(surface, scale, focused)
        color = INK if self.enabled else GREY
        blit_fitted(surface, say(self.label), self.size * scale, box, color,
                    margin=px(14, scale))


class Choice(Widget):
    """A labelled value chosen from a list: Left/Right or the arrows cycle it, Enter goes on.
    With wrap=False (an ordered scale, such as the match lengths) it stops at either end, whose
    arrow is not drawn: Left on the smallest never jumps to the largest."""

    def __init__(self, label, options: list[tuple], value, on_change, size: float = 26,
                 wrap: bool = True):
        super().__init__()
        self.label = label
        self.options = list(options)        # (value, label): each label as `say` takes it
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.size = size
        self.wrap = wrap

    @property
    def value(self):
        return self.options[self.index][0]

    def adjust(self, direction: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return False
        if not self.wrap and not 0 <= self.index + direction < len(self.options):
            return False
        self.index = (self.index + direction) % len(self.options)
        self.pop = 0.6
        self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.adjust(+1)

    def can_go(self, direction: int) -> bool:
        """Whether Left (-1) or Right (+1) would change the value."""
        return len(self.options) > 1 and (self.wrap or 0 <= self.index + direction < len(self.options))

    def click(self, pos) -> bool:
        on_left_arrow = self.rect.x + self.rect.w * 0.44 < pos[0] < self.rect.x + self.rect.w * 0.56
        return self.adjust(-1 if on_left_arrow else +1)

    def draw(self, surface, scale, focused):
        box = self.draw_body(surface, scale, focused)
        color = INK if self.enabled else GREY
        pad = px(22, scale)
        arrow = box.h * 0.18 * 0.5 + px(6, scale)     # half an arrow and a little air
        left = box.x + box.w * 0.5 - arrow            # the label: up to the left arrow
        label_box = pygame.Rect(box.x + pad, box.y, max(1, round(left - box.x - pad)), box.h)
        blit_fitted(surface, say(self.label), self.size * scale, label_box, color,
                    anchor="midleft")
        right = box.right - pad * 0.8 - arrow        # the value: between the two arrows
        value_box = pygame.Rect(round(box.x + box.w * 0.5 + arrow), box.y, 1, box.h)
        value_box.w = max(1, round(right - value_box.x))
        blit_fitted(surface, say(self.options[self.index][1]), self.size * scale, value_box,
                    RED if focused and self.enabled else color)
        if self.enabled and len(self.options) > 1:
            for sign, x in ((-1, box.x + box.w * 0.5), (1, box.right - pad * 0.8)):
                if not self.can_go(sign):
                    continue
                h = box.h * 0.18
                tip = (x + sign * h * 0.5, box.centery)
                pygame.draw.polygon(surface, WALNUT if focused else IVORY_SHADE,
                                    [tip, (x - sign * h * 0.5, box.centery - h),
                                     (x - sign * h * 0.5, box.centery + h)])


OFF_ON = [(False, N_("Off")), (True, N_("On"))]


def toggle(label, value: bool, on_change) -> Choice:
    return Choice(label, OFF_ON, bool(value), on_change)


class Slider(Widget):
    """A value from 0 to 1 (the volume): Left/Right in steps, or drag the knob. A `remark` (as
    `say` takes it: "No sound device was found") is shown in place of the track and the value."""

    def __init__(self, label, value: float, on_change, step: float = 0.1, size: float = 26):
        super().__init__()
        self.label = label
        self.value = min(1.0, max(0.0, float(value)))
        self.on_change = on_change
        self.step = step
        self.size = size
        self.remark = None

    def track(self) -> pygame.Rect:
        left = self.rect.x + self.rect.w * 0.46
        width = self.rect.w * 0.38
        return pygame.Rect(round(left), self.rect.centery - 3, round(width), 6)

    def _set(self, value: float) -> bool:
        value = round(min(1.0, max(0.0, value)), 3)
        if value == self.value:
            return False
        self.value = value
        self.on_change(value)
        return True

    def adjust(self, direction: int) -> bool:
        return self._set(round((self.value + direction * self.step) / self.step) * self.step)

    def click(self, pos) -> bool:
        self.drag(pos)
        return True

    def drag(self, pos) -> None:
        track = self.track()
        self._set((pos[0] - track.x) / max(1, track.w))

    def draw(self, surface, scale, focused):
        box = self.draw_body(surface, scale, focused)
        pad = px(22, scale)
        label_box = pygame.Rect(box.x + pad, box.y, max(1, self.track().x - px(14, scale) - box.x - pad),
                                box.h)
        blit_fitted(surface, say(self.label), self.size * scale, label_box, INK, anchor="midleft")
        if self.remark:
            room = pygame.Rect(self.track().x, box.y, box.right - pad - self.track().x, box.h)
            blit_fitted(surface, say(self.remark), self.size * 0.9 * scale, room, WALNUT,
                        "italic", anchor="midright")
            return
        track = self.track()
        track.h = px(6, scale)
        track.centery = box.centery
        pygame.draw.rect(surface, IVORY_SHADE, track, border_radius=track.h)
        filled = track.copy()
        filled.w = round(track.w * self.value)
        pygame.draw.rect(surface, WALNUT, filled, border_radius=track.h)
        knob = (track.x + filled.w, track.centery)
        pygame.draw.circle(surface, WALNUT_DEEP, knob, px(11, scale) + 2)
        pygame.draw.circle(surface, GOLD if focused else IVORY_WARM, knob, px(11, scale))
        blit_text(surface, _("{percent}%", percent=round(self.value * 100)), self.size * scale,
                  (box.right - px(22, scale), box.centery), INK, anchor="midright", box=box)


def _pointer_now():
    """Where the pointer is, if there is a window to ask; a pointer at rest takes no focus."""
    try:
        return pygame.mouse.get_pos() if pygame.display.get_init() else None
    except pygame.error:
        return None


class Menu:
    """A column of widgets with one keyboard focus.

    `handle_event` returns True when it used the event, so a scene can handle what is left
    (Esc, its own keys). The pointer takes the focus when it moves onto a widget, not when a
    widget comes under a pointer at rest (a row appearing, a motion event without motion), so
    Enter plays what the keyboard highlighted unless the mouse moved since.
    """

    def __init__(self, widgets: list[Widget], sounds=None, focus: int = 0):
        self.widgets = widgets
        self.sounds = sounds
        self.focus = focus
        self._held: Widget | None = None
        self._pointer = _pointer_now()    # where the pointer was last seen
        self._fix_focus(+1)

    def usable(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    def _fix_focus(self, direction: int) -> None:
        """Keep the focus on a visible, enabled widget (moving in `direction` if it is not)."""
        if not self.usable():
            return
        n = len(self.widgets)
        self.focus %= n
        while not (self.widgets[self.focus].visible and self.widgets[self.focus].enabled):
            self.focus = (self.focus + direction) % n

    def reset_focus(self, index: int = 0) -> None:
        """Focus the index-th widget, or the next usable one after it."""
        self.focus = index
        self._fix_focus(+1)

    def move(self, direction: int) -> None:
        """The next usable widget that way; none past either end (no wrapping round)."""
        i = self.focus + direction
        while 0 <= i < len(self.widgets):
            w = self.widgets[i]
            if w.visible and w.enabled:
                self.focus = i
                self._play("click", 0.35)
                return
            i += direction

    def focus_on(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def _play(self, name: str, strength: float = 1.0) -> None:
        if self.sounds is not None:
            self.sounds.play(name, strength)

    def widget_at(self, pos) -> Widget | None:
        for w in self.widgets:
            if w.visible and w.enabled and w.rect.collidepoint(pos):
                return w
        return None

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            w = self.widget_at(event.pos)
            moved, self._pointer = event.pos != self._pointer, event.pos
            if moved and w is not None and w is not self.focused:
                self.focus_on(w)
            if self._held is not None and isinstance(self._held, Slider):
                self._held.drag(event.pos)
            return w is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pointer = event.pos
            w = self.widget_at(event.pos)
            if w is not None:
                self.focus_on(w)
                self._held = w
                w.pressed = True
                if isinstance(w, Slider):
                    w.drag(event.pos)
            return w is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            held, self._held = self._held, None
            if held is None:
                return False
            held.pressed = False
            if held.rect.collidepoint(event.pos) and not isinstance(held, Slider):
                if held.click(event.pos):
                    self._play("click")
            return True
        return False

    def _key(self, event) -> bool:
        key = event.key
        if key in (pygame.K_UP, pygame.K_w):
            self.move(-1)
        elif key in (pygame.K_DOWN, pygame.K_s):
            self.move(+1)
        elif key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else +1)
        elif key in (pygame.K_HOME, pygame.K_END):     # straight to the first or last item
            ends = [i for i, w in enumerate(self.widgets) if w.visible and w.enabled]
            if ends:
                self.focus = ends[0 if key == pygame.K_HOME else -1]
                self._play("click", 0.35)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d):
            w = self.focused
            direction = -1 if key in (pygame.K_LEFT, pygame.K_a) else +1
            if w is not None and w.visible and w.adjust(direction):
                self._play("click", 0.6)
        elif key in ACTIVATE_KEYS:
            w = self.focused
            if w is not None and w.visible and w.activate():
                self._play("click")
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self._fix_focus(+1)
        for w in self.widgets:
            w.update(dt, w is self.focused)

    def easing(self) -> bool:
        """A focus glow or a press's pop still on its way (a screen that says it rests asks)."""
        return any(abs(w.glow - (w is self.focused)) > 0.01 or w.pop > 0.01 for w in self.widgets)

    def draw(self, surface, scale: float) -> None:
        for w in self.widgets:
            if w.visible and w is not self.focused:
                w.draw(surface, scale, False)
        if self.focused is not None and self.focused.visible:     # the focus pops over its neighbours
            self.focused.draw(surface, scale, True)


def column(widgets: list[Widget], centre_x: int, top: int, width: int, height: int, gap: int,
           keep_places: bool = False) -> int:
    """Stack the widgets in a centred column; returns the y below the last one. A hidden widget
    takes no room, unless keep_places: then its row stays, empty, so that a row appearing or
    going never moves the ones below it from under the pointer."""
    y = top
    for w in widgets:
        if not (w.visible or keep_places):
            continue
        w.rect = pygame.Rect(centre_x - width // 2, y, width, height)
        y += height + gap
    return y
