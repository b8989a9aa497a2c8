"""The rules screen: the rulebook (docs/rules.md; in French docs/regles.md, whose words it
follows) summarised and illustrated, one page per rule set (game/scenes/rules_pages.py), each rule
named in words with its number alongside ("Only the lower die (TC-1)").

Small boards, drawn by the table's own board renderer (game/scenes/learn/diagrams.py), show the rules
at work: a hit, a blocked move, the home point, a doublet played double, the six-point block,
bearing off. Each has a caption naming its rule; the tests check every one against the engine.

Every word is an English message marked with N_ and translated when drawn, so a change of
language shows at the next frame. Up/Down, PageUp/PageDown, Home/End and the mouse wheel
scroll; Left/Right (or a click on a tab) switch between the pages, whose tabs come from the
registry (game.rules.RULE_SETS); Esc goes back.
"""
from dataclasses import dataclass

import pygame

from game.base.i18n import N_, _, language, verbatim
from game.rules import RULE_SETS, rule_set, rule_title
from game.scenes.base import BACK_KEYS, Scene
from game.scenes.games import preset_of
from game.scenes.host import Host
from game.scenes.rulebook import Page, Rule
from game.scenes.rules_pages import BY_NAME
from game.scenes.learn import diagrams
from game.view import widgets as ui
from game.scenes.learn.diagrams import Diagram
from game.view.layout import px, ui_scale


def page_for(rules) -> Page:
    """A rule set's page (rules_pages.BY_NAME, by the rule set's name)."""
    return BY_NAME[rule_set(rules).name]


def tabs() -> list[tuple[str, str]]:
    """(rule set's name, tab label): one tab per rule set with a page, in the registry's order."""
    return [(name, BY_NAME[name].label) for name in RULE_SETS if name in BY_NAME]


def rule_name(number: str) -> str:
    """A rule in words with its number alongside, in the current language: "TR-1" ->
    "Compulsory re-entry: a hit checker comes back first (TR-1)"; an unknown number as it is."""
    title = rule_title(number)
    if not title:
        return verbatim(number)
    return _("{title} ({number})", title=_(title), number=verbatim(number))


INDENT = 20                       # design pixels: a rule's text under its name
HEIGHTS = {"head": 1.5, "rule": 1.2, "name": 1.1, "body": 1.0, "gap": 0.5}     # in lines
BODY, NAME, HEAD, CAPTION = 24, 26, 32, 21      # design sizes of the words
WRAPPED_KEPT = 24                 # pages kept wrapped (page, width, scale, language)

#: Each page wrapped once per width, scale and language, for every rules screen: the words and
#: fonts never change while the game runs, and wrapping a page takes tens of milliseconds.
_wrapped: dict = {}


def rules_to_explain(app: Host) -> str:
    """The rules the rules screen opens on: the match's, or those the next new match would use."""
    session = app.keeper.session
    return session.options.rules if session is not None else app.last_options()["rules"]


def page_of(rules_name: str) -> str:
    """The rules page for a rules name: its own, or the page of the preset it is an option
    of, or the first page."""
    for name in (rules_name, preset_of(rules_name)):
        if name in BY_NAME:
            return name
    return tabs()[0][0]


@dataclass(frozen=True)
class Block:
    """A diagram as laid out on the page: the board's width, its caption's lines (the rule's
    name first) and the height it all takes."""

    diagram: Diagram
    board_w: int
    heading: tuple
    caption: tuple
    height: int


class RulesScene(Scene):
    def __init__(self, app: Host, rules_name: str = ""):
        super().__init__(app)
        self.page = page_of(rules_name)     # the page shown
        self.scroll = 0.0          # pixels scrolled, eased towards `target`
        self.target = 0.0
        self.tab_keys = [key for key, _ in tabs()]
        self.tabs = [ui.Button(label, lambda k=key: self.show(k), size=24) for key, label in tabs()]
        self.leaving = False
        self.back_button = ui.Button(N_("Back"), self.back)
        self.menu = ui.Menu([*self.tabs, self.back_button], app.sounds, focus=self.tab_keys.index(self.page))

    @property
    def preset(self) -> str:
        """The preset of the page shown: the re-entry page is an option of Charpentier's."""
        return preset_of(self.page)

    def back(self) -> None:
        if not self.leaving:       # Esc and a click in the same frame pop this screen only
            self.leaving = True
            self.app.scenes.pop()

    def show(self, page: str) -> None:
        if page != self.page:
            self.page = page
            self.scroll = self.target = 0.0

    # -- layout
    def lines(self, width: int, scale: float) -> list[tuple]:
        """(style, rule number, line) for the current page wrapped to width, in the language
        spoken now; cached for every rules screen (`_wrapped`). A rule is its name in words
        ("rule" line, the number alongside, "name" lines if it wraps), then its "body" lines; a
        diagram is one "diagram" row whose line is its `Block`."""
        key = (self.page, width, round(scale, 3), language())
        rows = _wrapped.get(key)
        if rows is None:
            body = ui.font(BODY * scale)
            indent = px(INDENT, scale)
            sections = page_for(self.page).sections
            numbers = [item.number for _, section in sections for item in section
                       if isinstance(item, Rule)]
            number_w = max((ui.font(21 * scale).size(f"({n})")[0] for n in numbers), default=0) \
                + px(12, scale)
            rows = []
            for heading, section in sections:
                rows += [("head", "", line) for line in ui.wrap(_(heading), ui.font(HEAD * scale, "title"),
                                                                   width)]
                for item in section:
                    if isinstance(item, Diagram):
                        rows.append(("diagram", item.rule, self.block(item, width - indent, scale)))
                        rows.append(("gap", "", ""))
                        continue
                    if isinstance(item, Rule):
                        name = ui.wrap(_(rule_title(item.number)), ui.font(NAME * scale, "title"),
                                       width - number_w)
                        rows.append(("rule", item.number, name[0]))
                        rows += [("name", "", line) for line in name[1:]]
                        words = _(item.text)
                    else:
                        words = _(item)
                    rows += [("body", "", line) for line in ui.wrap(words, body, width - indent)]
                    rows.append(("gap", "", ""))
            if len(_wrapped) >= WRAPPED_KEPT:
                _wrapped.clear()
            _wrapped[key] = rows
        return rows

    def block(self, diagram: Diagram, width: int, scale: float) -> Block:
        """A diagram's layout in `width`: the board on the left, beside it the throw, the rule's
        name with its number and the caption."""
        board_w = round(width * 0.55)
        text_w = width - board_w - px(18, scale)
        heading = ui.wrap(rule_name(diagram.rule), ui.font(CAPTION * scale, "title"), text_w)
        caption = ui.wrap(_(diagram.caption), ui.font(CAPTION * scale), text_w)
        step = ui.font(CAPTION * scale).get_linesize()
        words = px(30, scale) + px(8, scale) + step * (len(heading) + len(caption) + 0.3)
        height = max(diagrams.board_height(board_w), round(words)) + px(8, scale)
        return Block(diagram, board_w, tuple(heading), tuple(caption), height)

    def row_height(self, row, step: float) -> float:
        style, _, line = row
        return line.height if style == "diagram" else step * HEIGHTS[style]

    def geometry(self, size):
        """The text card, the line height and the most that can be scrolled."""
        w, h = size
        scale = ui_scale(size)
        card = pygame.Rect(0, 0, min(px(980, scale), w - px(60, scale)), h - px(262, scale))
        card.midtop = (w // 2, px(150, scale))
        step = ui.font(BODY * scale).get_linesize()
        total = sum(self.row_height(row, step) for row in self.lines(card.w - px(60, scale), scale))
        return card, step, max(0.0, total - card.h + px(40, scale))

    # -- events
    def handle_event(self, event) -> None:
        if self.leaving:
            return
        _card, step, most = self.geometry(self.app.size)
        if event.type == pygame.KEYDOWN:
            page = self.geometry(self.app.size)[0].h * 0.85
            moves = {pygame.K_UP: -step * 2, pygame.K_DOWN: step * 2, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in moves:
                self.target = min(most, max(0.0, self.target + moves[event.key]))
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = self.tab_keys.index(self.page) + (1 if event.key == pygame.K_RIGHT else -1)
                self.show(self.tab_keys[i % len(self.tab_keys)])
                self.menu.focus = i % len(self.tab_keys)
                return
            if event.key in BACK_KEYS:
                self.back()
                return
        if event.type == pygame.MOUSEWHEEL:
            self.target = min(most, max(0.0, self.target - event.y * step * 3))
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        size = self.app.size
        w, h = size
        scale = ui_scale(size)
        gap = px(14, scale)
        tab_w = min(px(270, scale), (w - px(80, scale)) // len(self.tabs) - gap)
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(0, 0, tab_w, px(46, scale))
            tab.rect.center = (w // 2 + round((i - (len(self.tabs) - 1) / 2) * (tab_w + gap)),
                               px(112, scale))
        self.back_button.rect = pygame.Rect(0, 0, px(240, scale), px(50, scale))
        self.back_button.rect.center = (w // 2, h - px(60, scale))
        self.target = min(self.target, self.geometry(size)[2])
        self.scroll = ui.ease(self.scroll, self.target, 18.0, dt)
        self.menu.update(dt)

    # -- drawing
    def draw(self, surface) -> None:
        size = surface.get_size()
        scale = ui_scale(size)
        surface.blit(ui.backdrop(size), (0, 0))
        ui.blit_text(surface, _("Rules"), 52 * scale, (size[0] / 2, px(52, scale)), ui.GOLD_PALE, "title")
        card, step, most = self.geometry(size)
        ui.panel(surface, card, scale, 245)
        clip = surface.get_clip()
        surface.set_clip(card.inflate(-px(8, scale), -px(16, scale)))
        width = card.w - px(60, scale)
        rows = self.lines(width, scale)
        top = card.y + px(20, scale) - round(self.scroll)
        x = card.x + px(30, scale)
        # the column the page's words belong in: the card's width, the page's whole length
        column = pygame.Rect(x, top, width, round(sum(self.row_height(r, step) for r in rows)))
        y = top
        for row in rows:
            style, number, line = row
            height = self.row_height(row, step)
            if card.y - height < y < card.bottom:
                if style == "head":
                    ui.blit_text(surface, line, HEAD * scale, (x, y + step * 0.2), ui.RED, "title",
                                 "topleft", box=column)
                elif style in ("rule", "name"):       # the name in words, the number alongside
                    name = ui.blit_text(surface, line, NAME * scale, (x, y + step * 0.1),
                                        ui.WALNUT_DARK, "title", "topleft", box=column)
                    if style == "rule":
                        ui.blit_text(surface, verbatim(f"({number})"), 21 * scale,
                                     (name.right + px(8, scale), name.bottom - px(1, scale)),
                                     ui.WALNUT, anchor="bottomleft", box=column)
                elif style == "body":
                    ui.blit_text(surface, line, BODY * scale, (x + px(INDENT, scale), y), ui.INK,
                                 anchor="topleft", box=column)
                elif style == "diagram":
                    self.draw_block(surface, line, x + px(INDENT, scale), y, scale, column)
            y += height
        surface.set_clip(clip)
        if most > 0:      # a scroll bar, so the player knows there is more
            bar = pygame.Rect(card.right - px(12, scale), card.y + px(14, scale), px(5, scale),
                              card.h - px(28, scale))
            knob_h = max(px(30, scale), round(bar.h * card.h / (card.h + most)))
            knob = pygame.Rect(bar.x, bar.y + round((bar.h - knob_h) * self.scroll / most), bar.w, knob_h)
            pygame.draw.rect(surface, ui.IVORY_SHADE, bar, border_radius=bar.w)
            pygame.draw.rect(surface, ui.WALNUT, knob, border_radius=bar.w)
        self.menu.draw(surface, scale)
        shown = self.tabs[self.tab_keys.index(self.page)].rect
        pygame.draw.rect(surface, ui.GOLD, (shown.x + px(20, scale), shown.bottom + px(8, scale),
                                            shown.w - px(40, scale), px(4, scale)))

    def draw_block(self, surface, block: Block, x: int, y: int, scale: float, column) -> None:
        """A diagram: the board on the left, the throw, the rule's name and the caption beside."""
        board = diagrams.picture(block.diagram, block.board_w)
        surface.blit(board, (x, y + px(4, scale)))
        left = x + block.board_w + px(18, scale)
        box = pygame.Rect(left, y, column.right - left, block.height)
        size = px(30, scale)
        diagrams.draw_dice(surface, block.diagram.dice, block.diagram.used_dice(),
                           (left, y + px(6, scale)), size)
        step = ui.font(CAPTION * scale).get_linesize()
        ty = y + px(6, scale) + size + px(8, scale)
        for line in block.heading:
            ui.blit_text(surface, line, CAPTION * scale, (left, ty), ui.RED, "title", "topleft", box=box)
            ty += step
        ty += step * 0.3
        for line in block.caption:
            ui.blit_text(surface, line, CAPTION * scale, (left, ty), ui.INK, anchor="topleft", box=box)
            ty += step
