"""The table's cards of words over the board (issue 12, "Explaining every moment"):

- the refusal: a move the rules forbid says why, naming the rule by number and in words
  ("TC-4: No passing your own checkers" over "0-2: it may not pass its own checker on point 1");
- the caption: the computer's move said in words as it is played ("Black enters on 3 and sends
  your checker off the board"), held long enough to read once it has landed;
- the history: every turn of the game so far, in notation and in words, the latest at the
  bottom (opened and closed with F2 or its button; PageUp/PageDown or the wheel scroll it).

Each card lies on the board's field, inside the rails that carry the points' numbers (or
letters), where it covers no die, no other card and no checker - narrower and taller if that is
what it takes; the caption also keeps off the way the computer's checkers go and the banners,
and stays where it is while that place stays clear. Everything is said at draw time, in the
language of that frame. Draws a snapshot of the table (snapshot.py) on the board's view; keeps
its own (TableCards: the history open or not, where each card lies, the caption said and placed).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.base.i18n import N_, Words, _, language, shown, verbatim
from game.geometry import tablier as g
from game.rules import Rules, Side, rule_title, telling
from game.view import widgets as ui
from game.scenes.table.draw import dice_text
from game.scenes.table.places import checker_rects, dice_rects, field_of
from game.scenes.table.snapshot import Caption, TableSnapshot
from game.view.controller import key_word
from game.view.layout import px

REFUSAL_RED = (236, 104, 82)
CAPTION_GOLD = (222, 178, 86)
CARD_FILL = (20, 12, 6, 228)


def you_side(session) -> Side | None:
    """The side of the one person at the screen against the computer (or a friend on another
    computer); None for two people (or two computers): both sides are then named."""
    people = [side for side in Side if session.is_person(side)]
    return people[0] if len(people) == 1 else None


def refusal_heading(event) -> Words:
    """The rule a refused move breaks, by number and in words: "TC-4: No passing your own checkers"."""
    title = rule_title(event.rule) if event.rule else ""
    if event.rule and title:
        return Words(N_("{rule}: {title}"), rule=event.rule, title=Words(title))
    if event.rule:
        return Words(N_("Not allowed ({rule})"), rule=event.rule)
    return Words(N_("Not allowed"))


def as_board_says(rules: Rules, side: Side, what: str, fields: dict) -> tuple[str, dict]:
    """A refused step and the point its reason names, as the board names them: by the rules'
    `point_name` (by number or by letter; the engine counts each side's own path 1..24)."""
    def name(location: str) -> str:
        return rules.point_name(side, int(location)) if location.isdigit() else location

    def step(words: str) -> str:
        hit = "*" if words.endswith("*") else ""
        return "-".join(name(part) for part in words.rstrip("*").split("-")) + hit
    fields = dict(fields)
    if isinstance(fields.get("point"), int):
        fields["point"] = name(str(fields["point"]))
    return " ".join(map(step, what.split())), fields


def refusal_reason(event, rules: Rules | None = None, side: Side = Side.WHITE) -> Words:
    """Why, with the step refused: "0-2: it may not pass its own checker on point 1"; with the
    game's `rules`, its points as the board names them."""
    what, reason = event.what, event.reason
    if rules is not None:
        what, fields = as_board_says(rules, side, what, reason.fields)
        reason = Words(reason.message, reason.plural, reason.n, **fields)
    if what:
        return Words(N_("{what}: {reason}"), what=what, reason=reason)
    return reason


def refusal_words(event, rules: Rules | None = None, side: Side = Side.WHITE) -> Words:
    """The whole refusal in one line: "TC-4: No passing your own checkers - 0-2: it may not ..."."""
    return Words(N_("{heading} - {reason}"), heading=refusal_heading(event),
                 reason=refusal_reason(event, rules, side))


def caption_words(session, caption: Caption) -> tuple:
    """(heading, words) for the computer's move being played: "Black - 5-3: 0-5, 0-3" and
    "Black enters on 5, then on 3", said in the language of this frame."""
    side, before, dice, move = caption.side, caption.before, caption.dice, caption.move
    try:
        words = telling.tell_move(session.options.rules, before, dice, move, side, you_side(session))
    except Exception:          # a telling that cannot say it: the notation, at least
        words = verbatim(str(move))
    heading = _("{side} - {dice}: {move}", side=_(side.title),
                dice=verbatim(dice_text(dice)), move=verbatim(session.rules.say_move(side, move)))
    return heading, words


# --- drawing ------------------------------------------------------------------------------------
def _lines(words, size, kind, width) -> list:
    return ui.wrap(shown(words), ui.font(size, kind), width)      # kept by ui.wrap


@dataclass(frozen=True)
class Field:
    """Where the cards may lie this frame: the board's view at its scale, and what no card
    covers - the dice and the checkers, as drawn now."""

    view: object
    scale: float
    dice: list
    checkers: list


def card(surface, at: Field, blocks, width: int, edge, avoid: list, region: pygame.Rect | None = None,
         shun: list = (), keep: dict | None = None) -> pygame.Rect:
    """A dark card of text blocks [(words, size, colour, kind)], each wrapped to `width` (or
    narrower, and so taller, if that finds it a place clear of every checker), placed on the
    board's field where it covers nothing in `avoid` and no checker (nor, if it can, anything in
    `shun`); returns its rect. `keep` (a dict kept while the card shows) holds the place found,
    so the card stays put while the checkers move, as long as that place stays clear."""
    s = at.scale
    pad = px(14, s)
    field = field_rect(at.view, region)
    best = None
    trials = [width, width * 4 // 5, width * 3 // 5, width * 9 // 20]
    kept = keep.get("at") if keep is not None else None
    if kept is not None and kept[0] in trials:
        trials.remove(kept[0])
        trials.insert(0, kept[0])
    for trial in trials:
        rows = []
        for words, size, colour, kind in blocks:
            for line in _lines(words, size, kind, min(trial, field.w) - 2 * pad):
                rows.append((line, size, colour, kind))
        height = sum(round(size * 1.25) for _, size, _, _ in rows) + 2 * pad
        widest = max((ui.font(size, kind).size(line)[0] for line, size, _, kind in rows), default=0)
        rect = pygame.Rect(0, 0, min(trial, field.w, widest + 2 * pad + px(6, s)), height)
        if kept is not None and kept[0] == trial and kept[1].size == rect.size and field.contains(kept[1]):
            cost = spot_cost(at, kept[1], avoid, shun)
            if cost < COVERS:                  # where it was, while that stays clear
                best = (cost, kept[1], rows, trial)
                break
        rect, cost = place(at, rect, avoid, region, shun)
        if best is None or cost < best[0]:
            best = (cost, rect, rows, trial)
        if cost < COVERS:
            break
    _cost, rect, rows, trial = best
    if keep is not None:
        keep["at"] = (trial, rect)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill(CARD_FILL)
    pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), max(1, px(3, s)), border_radius=px(8, s))
    surface.blit(layer, rect)
    y = rect.y + pad
    for line, size, colour, kind in rows:
        step = round(size * 1.25)
        ui.blit_text(surface, line, size, (rect.x + pad, y + step // 2), colour, kind, "midleft", box=rect)
        y += step
    return rect


COVERS = 100          # a spot's cost from this on covers a checker (or worse: a die, another card)


def field_rect(view, region: pygame.Rect | None = None) -> pygame.Rect:
    """The board's field inside its rails (the rails carry the points' numbers or letters), or
    the part of it in `region`."""
    field = field_of(view)
    if region is not None:
        inside = field.clip(region)
        if inside.w >= field.w // 4:
            return inside
        return pygame.Rect(region)
    return field


def spot_cost(at: Field, spot: pygame.Rect, avoid: list, shun: list = ()) -> int:
    """How bad a place is for a card: a die or another card 1000 each, a checker COVERS each,
    a spot of the moving checker's way (`shun`) 10 each."""
    return (1000 * len(spot.collidelistall(at.dice)) + 1000 * len(spot.collidelistall(avoid))
            + COVERS * len(spot.collidelistall(at.checkers)) + 10 * len(spot.collidelistall(list(shun))))


def place(at: Field, rect: pygame.Rect, avoid: list, region: pygame.Rect | None = None, shun: list = ()) -> tuple:
    """(where, cost): where a card goes on the board's field - the spot nearest the middle that
    covers no die, nothing in `avoid` (another card, the hints), the fewest checkers and the
    fewest spots in `shun`."""
    field = field_rect(at.view, region)
    margin = px(6, at.scale)
    inner = field.inflate(-2 * margin, -2 * margin)
    if rect.w > inner.w or rect.h > inner.h:
        inner = field
    steps = 8
    spots = []
    for i in range(steps + 1):
        for j in range(steps + 1):
            x = inner.left + rect.w / 2 + (inner.w - rect.w) * i / steps
            y = inner.top + rect.h / 2 + (inner.h - rect.h) * j / steps
            spots.append((abs(x - inner.centerx) / max(1, inner.w) + 1.5 * abs(y - inner.centery) / max(1, inner.h),
                          round(x), round(y)))
    best, best_cost = None, None
    for order, (_distance, x, y) in enumerate(sorted(spots)):
        spot = rect.copy()
        spot.center = (x, y)
        spot = spot.clamp(field)
        cost = spot_cost(at, spot, avoid, shun)
        if best_cost is None or cost < best_cost:
            best, best_cost = spot, cost
        if cost == 0:
            break
    return best, best_cost


def move_way(view, caption: Caption) -> list:
    """Where the computer's move being said takes its checkers, and where they end: the card
    keeps off them when it can, so the move is seen as it is said."""
    r = view.length(g.CHECKER_R)
    out = checker_rects(view, caption.after)
    for step in caption.move.steps:
        for x, y in view.path(caption.side, step.origin, step.destination, (0, 0), (0, 0))[1:-1]:
            sx, sy = view.to_screen(x, y)
            out.append(pygame.Rect(round(sx - r), round(sy - r), 2 * r, 2 * r))
    return out


class TableCards:
    """The cards over the table's board (`scene.cards`): it keeps whether the history is open
    and how far scrolled, where each card was drawn, the caption said and where it lies, and the
    history's turns said."""

    def __init__(self, view, host=None):
        self.view = view
        self.host = host                   # the words of the keys (a controller's, used last)
        self.rects: dict = {}              # where each card was drawn last: "refusal", "caption", "history"
        self.history_open = False          # the move history panel (HISTORY_KEY, or its button)
        self.history_scroll = 0            # rows scrolled up from the latest
        self.history_rect = None
        self._history = None               # ((turns, first), the turns said)
        self._panel = None                 # ((size, scale), the history panel's backing)
        self._caption = None               # the caption shown: (Caption, {"said": (language, heading,
                                           # words), "way": (board, rects), "at": (width, rect)})

    def toggle_history(self) -> None:
        self.history_open = not self.history_open
        self.history_scroll = 0

    def scroll_history(self, rows: int) -> None:
        """Scroll the history panel up (older moves) or down (back to the latest)."""
        self.history_scroll = max(0, self.history_scroll + rows)

    def draw(self, surface, t: TableSnapshot, scale: float, area: pygame.Rect, avoid: list) -> None:
        """The refusal, the computer's move and the history, as they are now, on the board in the
        bar's `area`, off everything in `avoid` (the hints, the banners: a notice is never hidden
        by a card)."""
        s, view = scale, self.view
        board = view.board_rect()
        at = Field(view, s, dice_rects(view, t.playback), checker_rects(view, t.shown))
        avoid = list(avoid)
        self.rects = {}
        region = board
        if self.history_open:
            self.rects["history"] = rect = self._draw_history(surface, t, s, area, at.dice)
            avoid.append(rect)
            left = pygame.Rect(board.x, board.y, max(0, rect.left - board.x), board.h)
            right = pygame.Rect(rect.right, board.y, max(0, board.right - rect.right), board.h)
            region = max(left, right, key=lambda r: r.w)        # the cards go beside the history
        width = min(region.w - px(20, s), px(620, s))
        if t.refused is not None:
            rect = card(surface, at, [(refusal_heading(t.refused), px(25, s), REFUSAL_RED, "body"),
                                      (refusal_reason(t.refused, t.rules, t.to_move), px(22, s), ui.IVORY, "body")],
                        width, REFUSAL_RED, avoid, region)
            self.rects["refusal"] = rect
            avoid.append(rect)
        if t.caption is None:
            self._caption = None
            return
        kept = self._caption_kept(t)
        heading, words = kept["said"][1:]
        rect = card(surface, at, [(heading, px(20, s), ui.GOLD_PALE, "body"),
                                  (words, px(24, s), ui.IVORY, "body")], width, CAPTION_GOLD, avoid, region,
                    shun=kept["way"][1], keep=kept)
        self.rects["caption"] = rect

    def _caption_kept(self, t: TableSnapshot) -> dict:
        """What is kept while one caption shows: its words (in the language of this frame), the way
        its checkers go (while the board keeps its place) and where its card lies."""
        if self._caption is None or self._caption[0] != t.caption:
            self._caption = (t.caption, {})
        kept, code, board = self._caption[1], language(), tuple(self.view.board_rect())
        if kept.get("said", (None,))[0] != code:
            kept["said"] = (code, *caption_words(t.session, t.caption))
        if kept.get("way", (None,))[0] != board:
            kept["way"] = (board, move_way(self.view, t.caption))
        return kept

    # --- the history ---------------------------------------------------------------------------
    def entries(self, session) -> list:
        """The game's turns so far (game.rules.telling.history), kept until another turn is played."""
        record = session.record or {}
        key = (len(record.get("turns", ())), record.get("first"))
        if self._history is None or self._history[0] != key:
            found = telling.history(session.options.rules, record, you_side(session)) if record else []
            self._history = (key, found)
        return self._history[1]

    def _draw_history(self, surface, t: TableSnapshot, s: float, area: pygame.Rect, dice: list) -> pygame.Rect:
        """The panel: a heading, then each turn - its number, side, dice and notation, and under it
        the turn in words - the latest at the bottom, scrolled up by `history_scroll` turns."""
        width = min(max(px(430, s), area.w * 2 // 5), area.w // 2)
        rect = pygame.Rect(0, area.y, width, area.h)
        rect.right = area.right
        if rect.collidelist(dice) >= 0:            # the dice lie on the right: the panel goes left
            rect.left = area.left
            if rect.collidelist(dice) >= 0:
                rect.right = area.right
        self.history_rect = rect
        if self._panel is None or self._panel[0] != (rect.size, s):    # made once a size
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            layer.fill((16, 10, 5, 236))
            pygame.draw.rect(layer, (*ui.GOLD, 255), layer.get_rect(), max(1, px(2, s)), border_radius=px(8, s))
            self._panel = ((rect.size, s), layer)
        surface.blit(self._panel[1], rect)
        pad = px(14, s)
        head_size, note_size, word_size = px(28, s), px(19, s), px(22, s)
        inner_w = rect.w - 2 * pad
        y = rect.y + pad
        ui.blit_fitted(surface, _("Moves so far"), head_size,
                       pygame.Rect(rect.x + pad, y, inner_w, round(head_size * 1.3)), ui.GOLD_PALE, "title", "midleft")
        y += round(head_size * 1.3)
        keys = {name: key_word(self.host, key) for name, key in (("history", pygame.K_F2), ("back", pygame.K_ESCAPE),
                                                                   ("up", pygame.K_PAGEUP), ("down", pygame.K_PAGEDOWN))}
        for line in ui.wrap(_("{history} or {back} closes - {up}, {down} scroll", **keys), ui.font(note_size, "body"),
                            inner_w):
            ui.blit_text(surface, line, note_size, (rect.x + pad, y + round(note_size * 0.65)), ui.GREY, "body",
                         "midleft", box=rect)
            y += round(note_size * 1.3)
        y += round(note_size * 0.4)
        top = y
        bottom = rect.bottom - pad
        turns = self.entries(t.session)
        if not turns:
            ui.blit_fitted(surface, _("No move yet"), word_size,
                           pygame.Rect(rect.x + pad, y, inner_w, round(word_size * 1.4)), ui.IVORY, "body", "midleft")
            return rect
        self.history_scroll = min(self.history_scroll, len(turns) - 1)
        shown_turns = turns[:len(turns) - self.history_scroll]
        blocks = []                                   # from the latest up, until the panel is full
        room = bottom - top
        for entry in reversed(shown_turns):
            head = _("{number}. {side} - {dice}: {move}", number=entry.number, side=_(entry.side.title),
                     dice=verbatim(dice_text(entry.dice)),
                     move=verbatim(t.rules.say_move(entry.side, entry.move) if entry.move.steps else "-"))
            heads = ui.wrap(head, ui.font(note_size, "body"), inner_w)
            lines = ui.wrap(entry.words, ui.font(word_size, "body"), inner_w - px(12, s))
            height = len(heads) * round(note_size * 1.35) + len(lines) * round(word_size * 1.2) + px(8, s)
            if height > room and blocks:
                break
            blocks.append((heads, lines, entry.side, height))
            room -= height
        y = bottom - sum(b[3] for b in blocks)
        for heads, lines, side, height in reversed(blocks):
            colour = ui.IVORY if side is Side.WHITE else ui.GOLD
            ly = y
            for head in heads:
                ui.blit_text(surface, head, note_size, (rect.x + pad, ly + round(note_size * 0.65)), colour, "body",
                             "midleft", box=rect)
                ly += round(note_size * 1.35)
            for line in lines:
                if ly + round(word_size * 1.2) > bottom + px(4, s):
                    break
                ui.blit_text(surface, line, word_size, (rect.x + pad + px(12, s), ly + round(word_size * 0.6)),
                             ui.IVORY, "body", "midleft", box=rect)
                ly += round(word_size * 1.2)
            y += height
        return rect
