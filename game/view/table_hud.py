"""The table's frame of information: who plays whom, the score, whose turn, the dice that count,
what to do now, and the buttons (throw, hint, take back, menu).

White's row is at the top of the board and Black's at the bottom, so each side's plate sits on
the bar beside its own row; the match sits in the middle of the top bar; the bottom bar carries
the prompt, the dice readout and the buttons.
"""
import math
from dataclasses import dataclass, field

import pygame

from game.base.i18n import N_, Said, Words, _, language, verbatim
from game.base.i18n import shown
from game.rules import Side
from game.view import assets
from game.view.layout import px, ui_scale
from game.view.widgets import (EBONY, GOLD, GOLD_PALE, GREY, IVORY, WALNUT, WALNUT_DARK,
                               WALNUT_DEEP, blit_fitted, blit_text, font, wrap)

# (name, label, key): labels and key names are messages, said when drawn.
BUTTONS = (("throw", N_("Throw"), N_("Space")), ("hint", N_("Hint"), "H"), ("undo", N_("Take back"), "U"),
           ("menu", N_("Menu"), N_("Esc")))
# The table's own: the priority throw has no history to show.
TABLE_BUTTONS = (("throw", N_("Throw"), N_("Space")), ("hint", N_("Hint"), "H"), ("undo", N_("Take back"), "U"),
                 ("history", N_("History"), "F2"), ("menu", N_("Menu"), N_("Esc")))
PULSE_FOR = 4.0    # seconds the mover's plate and the button to press pulse; then they glow, still
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass
class HudState:
    """What the HUD shows this frame; built by the table scene from the session."""
    names: dict                      # Side -> "You", "Computer", "White"...
    scores: dict                     # Side -> points
    length: int
    title: str
    to_move: Side | None             # None: nobody's plate is lit
    prompt: str = ""
    dice: tuple = ()
    marks: tuple = ()                # per die: "played", "dim" or "" (counts, not yet played)
    enabled: set = field(default_factory=set)
    hover: str | None = None
    clock: float = 0.0               # seconds, for the pulse of the side to move
    attention: str | None = None     # a button that pulses: what to do now (throw)
    keys: dict = field(default_factory=dict)   # a button's key shown instead of BUTTONS' ("hint": "?")
    match: bool = True               # a match is played: its length under the title, the scores (a tutorial: no)


class TableHud:
    def __init__(self, buttons=BUTTONS):
        self.button_list = tuple(buttons)
        self.size = (0, 0)
        self.scale = 1.0
        self.top = self.bottom = self.board_area = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, pygame.Rect] = {}
        self.plates: dict[Side, pygame.Rect] = {}
        self._cache = None
        self._call = None        # (whose turn and the button to press, the clock when it began)

    def layout(self, size) -> None:
        if tuple(size) == self.size:
            return
        self.size = tuple(size)
        w, h = size
        s = self.scale = ui_scale(size)
        self.top = pygame.Rect(0, 0, w, px(62, s))
        self.bottom = pygame.Rect(0, h - px(70, s), w, px(70, s))
        self.board_area = pygame.Rect(0, self.top.bottom, w, self.bottom.top - self.top.bottom).inflate(
            -px(16, s), -px(10, s))
        n = len(self.button_list)
        bw, bh, gap = px(122 if n <= 4 else 108, s), px(56, s), px(10 if n <= 4 else 7, s)
        x = w - px(16, s) - n * bw - (n - 1) * gap
        y = self.bottom.centery - bh // 2
        white = pygame.Rect(px(16, s), px(6, s), px(330, s), px(50, s))
        self.plates = {Side.WHITE: white, Side.BLACK: white.move(w - 2 * px(16, s) - white.w, 0)}
        self.buttons = {}
        for name, _label, _key in self.button_list:
            self.buttons[name] = pygame.Rect(x, y, bw, bh)
            x += bw + gap

    def button_at(self, pos) -> str | None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None

    # -- drawing
    def draw(self, surface, state: HudState) -> None:
        """The two bars, each redrawn only when what it says changes (the bottom one changes
        most: the prompt, the dice, a button under the pointer); the mover's plate pulses."""
        code = language()
        keys = ((self.size, code, tuple(state.names.items()), tuple(state.scores.items()),
                 state.length, state.title, state.to_move, state.match),
                (self.size, code, state.prompt, tuple(state.dice), tuple(state.marks),
                 tuple(sorted(state.enabled)), state.hover, tuple(sorted(state.keys.items()))))
        kept, bars = self._cache or ((None, None), None)
        if bars is None or bars.get_size() != self.size:
            kept, bars = (None, None), pygame.Surface(self.size)
        if kept[0] != keys[0]:          # drawn over again: each bar is filled first
            self._draw_top(bars, state)
        if kept[1] != keys[1]:
            self._draw_bottom(bars, state)
        self._cache = (keys, bars)
        surface.blit(bars, self.top, self.top)
        surface.blit(bars, self.bottom, self.bottom)
        call = (state.to_move, state.attention)
        if self._call is None or self._call[0] != call:
            self._call = (call, state.clock)      # a new call to play: it pulses again
        calming = max(0.0, min(1.0, PULSE_FOR - (state.clock - self._call[1])))
        glow = 0.5 + 0.5 * math.sin(state.clock * 4) * calming
        colour = tuple(int(a + (b - a) * glow) for a, b in zip(GOLD, GOLD_PALE))
        if state.to_move in self.plates:
            pygame.draw.rect(surface, colour, self.plates[state.to_move], px(3, self.scale),
                             border_radius=px(10, self.scale))
        if state.attention in self.buttons:
            grow = px(2 + 4 * glow, self.scale)
            pygame.draw.rect(surface, colour, self.buttons[state.attention].inflate(grow, grow),
                             px(2, self.scale), border_radius=px(11, self.scale))

    def calm(self, clock: float) -> bool:
        """The pulse of the last call to play has calmed (a still frame may rest)."""
        return self._call is not None and clock - self._call[1] >= PULSE_FOR

    def _draw_bottom(self, surface, state: HudState) -> None:
        """The bottom bar alone: its dice, prompt and buttons."""
        bar = self.bottom
        surface.fill(WALNUT_DEEP, bar)
        surface.fill(GOLD, (bar.x, bar.top, bar.w, px(2, self.scale)))
        self._bottom(surface, state)

    def _draw_top(self, surface, state: HudState) -> None:
        """The top bar alone: the plates, the title and the match's length."""
        s, bar = self.scale, self.top
        surface.fill(WALNUT_DEEP, bar)
        surface.fill(GOLD, (bar.x, bar.bottom - px(3, s), bar.w, px(2, s)))
        for side, rect in self.plates.items():
            self._plate(surface, state, side, rect)
        middle = pygame.Rect(0, 0, self.plates[Side.BLACK].left - self.plates[Side.WHITE].right - px(16, s),
                             self.top.h)
        middle.centerx = self.top.centerx
        title = shown(state.title)
        title_h = px(34, s) if state.match else self.top.h - px(10, s)     # alone: in the middle
        blit_fitted(surface, title, px(26, s), pygame.Rect(middle.x, px(4, s), middle.w, title_h), GOLD_PALE, "title")
        if state.match:
            match = n_match(state.length)
            blit_fitted(surface, match, px(19, s), pygame.Rect(middle.x, px(34, s), middle.w, px(24, s)), IVORY)

    def _plate(self, surface, state, side: Side, rect: pygame.Rect) -> None:
        s = self.scale
        active = state.to_move is side
        if active:
            pygame.draw.rect(surface, WALNUT, rect, border_radius=px(10, s))
        icon = assets.checker(side, px(36, s))
        mirror = side is Side.BLACK
        cx = rect.right - px(28, s) if mirror else rect.x + px(28, s)
        surface.blit(icon, icon.get_rect(center=(cx, rect.centery)))
        name = shown(state.names.get(side, ""))
        anchor = "midright" if mirror else "midleft"
        # the name between the checker and the score
        room = pygame.Rect(0, rect.y, rect.w - px(56, s) - px(52, s), rect.h)
        if mirror:
            room.right = rect.right - px(56, s)
        else:
            room.left = rect.x + px(56, s)
        blit_fitted(surface, name, px(24, s), room.move(0, -px(8, s)), IVORY, "body", anchor)
        if active:
            blit_fitted(surface, _("to play"), px(16, s), room.move(0, px(14, s)), GOLD_PALE, "body", anchor)
        if not state.match:                # no match, no score
            return
        score_x = rect.x + px(26, s) if mirror else rect.right - px(26, s)
        pygame.draw.circle(surface, WALNUT_DARK, (score_x, rect.centery), px(20, s))
        pygame.draw.circle(surface, GOLD, (score_x, rect.centery), px(20, s), px(2, s))
        blit_text(surface, str(state.scores.get(side, 0)), px(30, s), (score_x, rect.centery - px(2, s)),
                  GOLD_PALE, "title")

    def _bottom(self, surface, state) -> None:
        s = self.scale
        first_button = min(r.x for r in self.buttons.values())
        x = px(20, s)
        if state.dice:
            x = self._dice(surface, state, x) + px(18, s)
        prompt_room = first_button - x - px(12, s)
        if state.prompt and prompt_room > px(60, s):
            box = pygame.Rect(x, self.bottom.y + px(4, s), prompt_room, self.bottom.h - px(6, s))
            blit_prompt(surface, shown(state.prompt), px(24, s), box, IVORY)
        for name, label, key in self.button_list:
            self._button(surface, self.buttons[name], label, state.keys.get(name, key), name in state.enabled,
                         state.hover == name)

    def _dice(self, surface, state, x: int) -> int:
        s = self.scale
        size = px(38, s)
        y = self.bottom.centery - size // 2
        for value, mark in zip(state.dice, state.marks or ("",) * len(state.dice)):
            rect = pygame.Rect(x, y, size, size)
            draw_die_face(surface, rect, value, dim=mark == "dim", played=mark == "played")
            x += size + px(8, s)
        return x

    def _button(self, surface, rect, label, key, enabled: bool, hover: bool) -> None:
        """A button: its label above, its key's name under it, large enough to read at 960x600
        (key_size), both inside the button."""
        s = self.scale
        radius = px(9, s)
        face = (WALNUT if not hover else (126, 80, 46)) if enabled else WALNUT_DARK
        pygame.draw.rect(surface, face, rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if enabled else GREY, rect, px(2, s), border_radius=radius)
        ink = IVORY if enabled else GREY
        inner = rect.inflate(-px(8, s), 0)
        key_box = pygame.Rect(inner.x, 0, inner.w, font(key_size(s), "body").size("Ég")[1])   # a line, drawn
        key_box.bottom = rect.bottom - px(3, s)
        label_box = pygame.Rect(inner.x, rect.y + px(2, s), inner.w, key_box.top - rect.y - px(2, s))
        blit_fitted(surface, _(label), px(21, s), label_box, ink)
        if not isinstance(key, Said):          # a controller's button, named as printed on it, stays
            key = _(key) if any(c.isalpha() for c in key) and len(key) > 2 else verbatim(key)
        blit_fitted(surface, key, key_size(s), key_box, GOLD_PALE if enabled else GREY, "body")


def key_size(scale: float) -> int:
    """The size of a key's name under its button, in the body face (pygame's own sans spaced
    small letters unevenly: "Éch ap"): never below 16, and larger with the window."""
    return max(16, px(21, scale))


def n_match(length: int):
    return Words("match to {n} point", "match to {n} points", length, n=length).said()


def blit_prompt(surface, words, size: int, box: pygame.Rect, colour) -> None:
    """The prompt in its box under the board: one line if it fits (shrunk to 90 % at most, the
    size two lines start at, so that no one-line prompt reads smaller than a two-line one),
    else two lines, shrunk as needed (never below half size)."""
    for shrink in (1.0, 0.9):
        if font(size * shrink).size(words)[0] <= box.w:
            blit_text(surface, words, size * shrink, (box.x, box.centery), colour, "body", "midleft", box)
            return
    shrink = 0.9
    while shrink > 0.5:
        lines = wrap(words, font(size * shrink), box.w)
        line_h = round(size * shrink * 1.1)
        if len(lines) <= 2 and all(font(size * shrink).size(line)[0] <= box.w for line in lines) \
                and line_h * len(lines) <= box.h:
            break
        shrink -= 0.05
    lines = wrap(words, font(size * shrink), box.w)[:2]
    line_h = round(size * shrink * 1.1)
    y = box.centery - line_h * (len(lines) - 1) / 2
    for line in lines:
        blit_text(surface, line, size * shrink, (box.x, y), colour, "body", "midleft", box)
        y += line_h


def draw_die_face(surface, rect: pygame.Rect, value: int, dim: bool = False, played: bool = False) -> None:
    """A flat die face for the readout: bone white, red ace as on old dice; the played die framed
    in gold, a die that does not count greyed out."""
    radius = max(2, rect.w // 6)
    if played:
        pygame.draw.rect(surface, GOLD, rect.inflate(rect.w // 4, rect.w // 4), border_radius=radius * 2)
    bone = (120, 112, 100) if dim else (246, 240, 224)
    pygame.draw.rect(surface, bone, rect, border_radius=radius)
    pygame.draw.rect(surface, EBONY, rect, max(1, rect.w // 22), border_radius=radius)
    pip_r = max(2, rect.w // 10)
    colour = (70, 64, 58) if dim else ((170, 30, 30) if value == 1 else EBONY)
    for dx, dy in PIPS.get(value, ()):
        pygame.draw.circle(surface, colour, (rect.centerx + dx * rect.w * 0.27, rect.centery + dy * rect.w * 0.27),
                           pip_r * (1.4 if value == 1 else 1))
