"""The rules screen: a readable summary of the rulebook (docs/rules.md), one page per game or
preset, each rule named in words with its number alongside ("Only the lower die (TC-1)").

Up/Down, PageUp/PageDown, Home/End and the mouse wheel scroll; Left/Right (or a click on a tab)
switch between the pages, whose tabs come from the registry (game.rules.RULE_SETS); Esc goes back.
"""
import pygame

from game.rules import RULE_SETS, rule_set
from game.scenes.base import BACK_KEYS, Scene
from game.scenes.host import Host
from game.view import widgets as ui
from game.view.layout import px, ui_scale

# (key, title, one-line description) of the presets offered in a new match; the titles are the
# registry's (game.rules.RULE_SETS).
PRESETS = [
    ("charpentier", rule_set("charpentier").title,
     "The rules printed in Paris in 1699: only the lower die is played; a hit checker starts over."),
    ("bell", rule_set("bell").title,
     "R. C. Bell's reading: both dice are played, hit checkers wait on the bar, wins score 1 or 2."),
]

# A page is a list of sections (heading, rules); a rule is (number, name, text): the name in
# words is what the player reads first, the number (for the rulebook and the game's messages)
# comes alongside. A section's plain paragraph has neither.
BOARD = ("The board", [
    ("", "", "Two rows of twelve points. Each player has three checkers and plays only along the "
             "own row, from point 1 to point 12: White on the top row, Black on the bottom row. "
             "Point 12 is the home point (the “coin de repos”). Point k of one row faces point k "
             "of the other. Checkers start off the board, not yet entered."),
])

COMMON = ("Dice and matches, in both games", [
    ("C-1", "Who throws first",
     "Each player throws one die, a tie is thrown again. The higher thrower takes up the dice "
     "and throws them for the first turn; the priority dice are not played. Every game of a "
     "match starts this way."),
    ("C-2", "A throw that does not count",
     "A throw where a die rests off the board, on a rail or on the bar, or tilted against a "
     "checker, a die or a rail, is taken again. A die lying flat on checkers is good."),
    ("C-3", "Fair dice", "Every accepted throw shows each face with the same chance, 1 in 6."),
    ("C-4", "The names of the doublets",
     "Doublets are announced by their old names: double six “Sonnés”, five “Quines”, four "
     "“Carmes”, three “Ternes”, two “Double deux”, one “Bezas”."),
    ("C-5", "Touch-move",
     "“Dame touchée, dame jouée”, an option in the settings: a checker picked up that has a "
     "legal move must be played."),
    ("C-6", "Matches",
     "A match is played to N points (1, 3, 5, 7, 9, 11, 15 or 21): the first to reach N wins "
     "it."),
])

MOVING = [
    ("TC-2", "One move a turn",
     "A move takes one checker forward by the number: a checker not entered goes to the point "
     "of that number, a checker on point p goes to p + number."),
    ("TC-3", "One checker per point",
     "Points 1 to 11 hold at most one checker of a side. The home point holds any number."),
    ("TC-4", "No passing your own checkers",
     "A checker may not pass over a checker of its own side, and entering counts: with an own "
     "checker on point 1, a 2 cannot enter. Checkers keep their order of entry."),
    ("TC-5", "The exact number home",
     "The home point is reached only by the exact number; a move past 12 is not legal."),
    ("TC-6", "The hit",
     "Landing on point k (1 to 11) facing an opposing checker hits it. A checker on the home "
     "point can never be hit, and a move to 12 hits nothing."),
    ("TC-7", "Play if you can",
     "If a legal move exists, one must be played (you choose which). If none exists, the turn "
     "passes."),
]

CHARPENTIER = [
    BOARD,
    ("Charpentier 1699 (also Fallavel 1715)", [
        ("TC-1", "Only the lower die",
         "Throw two dice; only the lower die is played. A doublet plays that number once. A 1 "
         "comes 11 times in 36, a 2 nine times, a 3 seven, a 4 five, a 5 three, a 6 once."),
        *MOVING,
        ("TC-8", "Re-entering after a hit",
         "A hit checker is off the board, not entered, and starts over; its owner re-enters it "
         "when it suits them."),
        ("TC-9", "The win",
         "The first to bring all three checkers to the home point wins the game and scores 1 "
         "point."),
    ]),
    ("Option: compulsory re-entry", [
        ("TR-1", "Compulsory re-entry: a hit checker comes back first",
         "While a side has a hit checker off the board, its move must be that checker's "
         "re-entry if that is legal; if it is not, the turn passes."),
    ]),
    COMMON,
]

BELL = [
    BOARD,
    ("Bell 1975", [
        ("TB-1", "Both dice are played",
         "Both dice are played as two moves, in either order, by one checker or two. One checker "
         "taking both numbers stops on the point between, which must be a legal landing and hits "
         "there like any landing. A doublet is played once."),
        ("TB-2", "Play as many numbers as you can",
         "A number that cannot be played is lost. When only one of the two can be played, you "
         "choose which."),
        *MOVING,
        ("TB-3", "The bar",
         "A hit checker goes to the bar. While a side has a checker on the bar it must enter "
         "that checker before moving any other; if it cannot, the rest of the throw is lost."),
        ("TB-4", "Single and double wins",
         "The winner scores 1 point if the loser has entered all three checkers and has none on "
         "the bar, otherwise 2 points."),
    ]),
    COMMON,
]

GARANGUET = [
    ("The board and the paths", [
        ("", "", "Twenty-four points, lettered a to x: a faces x, and l faces m. Each player has "
                 "fifteen checkers, all stacked at the start on the first point of their path: "
                 "Black's on a, White's on x. Black goes from a to l, then from m to x; White "
                 "from x to m, then from l to a. Each side counts its own path from 1 to 24 and "
                 "gathers its checkers, to bear them off, in the last quadrant: the one where "
                 "the opponent's stack began (s to x for Black, f to a for White)."),
    ]),
    ("Garanguet (Lepeintre 1818)", [
        ("G-1", "Three dice",
         "Garanguet is played with three dice. The winner of the priority throw (C-1) takes up "
         "that die and throws it with the two others for the first turn."),
        ("G-2", "The simple throw",
         "Three different numbers give three moves, one per die, by one, two or three checkers. "
         "A checker that takes several numbers stops on each point between."),
        ("G-3", "Blocked points, and no hitting",
         "A checker may neither stop nor pause on a point that holds any opposing checker, even "
         "a single one. There is no hitting. A point holds any number of checkers of its own "
         "side."),
        ("G-4", "Doublet under a higher die",
         "Two matching dice and a higher third one are played as a simple throw: three moves. "
         "3, 3 and 5 give a 3, a 3 and a 5."),
        ("G-5", "Doublet over a lower die",
         "Two matching dice and a lower third one: the doublet's number is played four times "
         "and the third die once, five moves, and the doublet is announced by its name (C-4). "
         "5, 5 and 2 are “Quines”: four 5s and one 2."),
        ("G-6", "Triplet",
         "Three matching dice: the number is played six times, by one to six checkers."),
        ("G-7", "When not everything can be played",
         "Play as many of the moves as you can and, among those choices, the highest dice. For "
         "a doublet played four times or a triplet, play as many points as you can, a whole "
         "multiple of the die."),
        ("G-8", "The six-point block",
         "Six checkers of one side on six adjacent points stop every opposing checker behind "
         "them: no number is larger than 6, so it would have to stop on one of the six, which "
         "blocked points forbid (G-3). Not a rule of its own, but the heart of the game."),
        ("G-9", "Bearing off",
         "Once all fifteen checkers of a side are in the last quadrant of its path, even in the "
         "middle of a turn, the rim beyond the last point counts as one more point: a number "
         "that takes a checker exactly to the rim bears it off. Each number must be played "
         "inside the last quadrant, or exactly to the rim, if any checker can do so; otherwise "
         "it bears off the checker furthest from the rim. If that checker cannot take the "
         "number, because it would stop on a point held by the opponent, the number is lost."),
        ("G-10", "The win",
         "The first to bear off all fifteen checkers wins: 1 point if the opponent had borne "
         "off at least one checker, 2 points if not."),
        ("G-11", "Touch-move",
         "As in C-5, an option in the settings: a checker picked up that has a legal move must "
         "be played."),
    ]),
    COMMON,
]

PAGES = {"charpentier": CHARPENTIER, "bell": BELL, "garanguet": GARANGUET}

#: The tabs, (page, title), in the registry's order and with its titles; a rule set without a
#: page of its own (Charpentier's re-entry option) is shown on the page it is an option of.
TABS = [(name, rule_set(name).title) for name in RULE_SETS if name in PAGES]

#: What the new-match form can say on its re-entry row.
REENTRY_NOTE = ("Compulsory re-entry (TR-1): while a side has a hit checker off the board, its "
                "move must bring that checker back if it can; if it cannot, the turn passes.")


def rule_name(number: str) -> str:
    """A rule in words with its number alongside: "TR-1" -> "Compulsory re-entry: a hit checker
    comes back first (TR-1)"; an unknown number as it is."""
    for page in PAGES.values():
        for _, rules in page:
            for n, name, _ in rules:
                if n == number:
                    return f"{name} ({number})"
    return number


INDENT = 20                       # design pixels: a rule's text under its name
HEIGHTS = {"head": 1.5, "rule": 1.2, "body": 1.0, "gap": 0.5}     # in lines


def preset_of(rules_name: str) -> str:
    """The Tourne Case preset of a rules name ("charpentier-reentry" -> "charpentier"), for the
    new-match form's preset choice."""
    return "bell" if rules_name.startswith("bell") else "charpentier"


def rules_to_explain(app: Host) -> str:
    """The rules the rules screen opens on: the match's, or those the next new match would use."""
    session = app.match.session
    return session.options.rules if session is not None else app.last_options()["rules"]


def page_of(rules_name: str) -> str:
    """The rules page for a rules name: its own, or the page it is an option of."""
    if rules_name in PAGES:
        return rules_name
    return next((page for page in PAGES if str(rules_name).startswith(page)), TABS[0][0])


class RulesScene(Scene):
    def __init__(self, app: Host, rules_name: str = "charpentier"):
        super().__init__(app)
        self.preset = page_of(rules_name)     # the page shown
        self.scroll = 0.0          # pixels scrolled, eased towards `target`
        self.target = 0.0
        self._wrapped: dict = {}
        keys = [key for key, _ in TABS]
        self.tabs = [ui.Button(title, lambda k=key: self.show(k), size=26) for key, title in TABS]
        self.leaving = False
        self.back_button = ui.Button("Back", self.back)
        self.menu = ui.Menu([*self.tabs, self.back_button], app.sounds, focus=keys.index(self.preset))

    def back(self) -> None:
        if not self.leaving:       # Esc and a click in the same frame pop this screen only
            self.leaving = True
            self.app.scenes.pop()

    def show(self, preset: str) -> None:
        if preset != self.preset:
            self.preset = preset
            self.scroll = self.target = 0.0

    def lines(self, width: int, scale: float) -> list[tuple[str, str, str]]:
        """(style, rule number, line) for the current page wrapped to width; cached. A rule
        is a "rule" line (its name, the number alongside), then its "body" lines."""
        key = (self.preset, width, round(scale, 3))
        if key not in self._wrapped:
            body = ui.font(24 * scale)
            indent = px(INDENT, scale)
            rows = []
            for heading, rules in PAGES[self.preset]:
                rows.append(("head", "", heading))
                for number, name, words in rules:
                    if name:
                        rows.append(("rule", number, name))
                    rows += [("body", "", line) for line in ui.wrap(words, body, width - indent)]
                    rows.append(("gap", "", ""))
            self._wrapped = {key: rows}
        return self._wrapped[key]

    def geometry(self, size):
        """The text card, the line height and the most that can be scrolled."""
        w, h = size
        scale = ui_scale(size)
        card = pygame.Rect(0, 0, min(px(900, scale), w - px(60, scale)), h - px(262, scale))
        card.midtop = (w // 2, px(150, scale))
        step = ui.font(24 * scale).get_linesize()
        total = sum(step * HEIGHTS[style] for style, _, _ in self.lines(card.w - px(60, scale), scale))
        return card, step, max(0.0, total - card.h + px(40, scale))

    def handle_event(self, event) -> None:
        if self.leaving:
            return
        _, step, most = self.geometry(self.app.size)
        if event.type == pygame.KEYDOWN:
            page = self.geometry(self.app.size)[0].h * 0.85
            moves = {pygame.K_UP: -step * 2, pygame.K_DOWN: step * 2, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            keys = [key for key, _ in TABS]
            if event.key in moves:
                self.target = min(most, max(0.0, self.target + moves[event.key]))
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = keys.index(self.preset) + (1 if event.key == pygame.K_RIGHT else -1)
                self.show(keys[i % len(keys)])
                self.menu.focus = i % len(keys)
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
        tab_w = min(px(300, scale), (w - px(80, scale)) // len(self.tabs) - px(20, scale))
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(0, 0, tab_w, px(48, scale))
            tab.rect.center = (w // 2 + round((i - (len(self.tabs) - 1) / 2) * (tab_w + px(20, scale))),
                               px(112, scale))
        self.back_button.rect = pygame.Rect(0, 0, px(240, scale), px(50, scale))
        self.back_button.rect.center = (w // 2, h - px(60, scale))
        self.target = min(self.target, self.geometry(size)[2])
        self.scroll = ui.ease(self.scroll, self.target, 18.0, dt)
        self.menu.update(dt)

    def draw(self, surface) -> None:
        size = surface.get_size()
        scale = ui_scale(size)
        surface.blit(ui.backdrop(size), (0, 0))
        ui.blit_text(surface, "Rules", 52 * scale, (size[0] / 2, px(52, scale)), ui.GOLD_PALE, "title")
        card, step, most = self.geometry(size)
        ui.panel(surface, card, scale, 245)
        clip = surface.get_clip()
        surface.set_clip(card.inflate(-px(8, scale), -px(16, scale)))
        y = card.y + px(20, scale) - round(self.scroll)
        x = card.x + px(30, scale)
        for style, number, line in self.lines(card.w - px(60, scale), scale):
            height = step * HEIGHTS[style]
            if card.y - step * 2 < y < card.bottom:
                if style == "head":
                    ui.blit_text(surface, line, 32 * scale, (x, y + step * 0.2), ui.RED, "title",
                                 "topleft")
                elif style == "rule":       # the name in words, the number alongside
                    name = ui.blit_text(surface, line, 26 * scale, (x, y + step * 0.1),
                                        ui.WALNUT_DARK, "title", "topleft")
                    ui.blit_text(surface, f"({number})", 21 * scale,
                                 (name.right + px(8, scale), name.bottom - px(1, scale)),
                                 ui.WALNUT, anchor="bottomleft")
                elif style == "body":
                    ui.blit_text(surface, line, 24 * scale, (x + px(INDENT, scale), y), ui.INK,
                                 anchor="topleft")
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
        shown = self.tabs[[key for key, _ in TABS].index(self.preset)].rect
        pygame.draw.rect(surface, ui.GOLD, (shown.x + px(20, scale), shown.bottom + px(8, scale),
                                            shown.w - px(40, scale), px(4, scale)))
