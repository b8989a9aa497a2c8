"""The table's picture of a turn: checkers, the marks of what may be played, the hints panel,
the dice and the line under the board. It draws a snapshot of the table (snapshot.py) and
changes nothing of the scene's."""
import math

import pygame

from game.base.i18n import N_, Words, decimal, percent, shown, verbatim
from game.computer.hint import hints_as_entered
from game.dice import DIE_SIZE
from game.geometry import tablier as g
from game.play.stage import Stage
from game.play.sides import colour_words, title_words, verb_words
from game.rules import OUT, Side
from game.rules.turn import numbers_left, playable_numbers
from game.scenes.table.keys import writes_out
from game.scenes.table.places import checker_rects, dice_rects, field_of
from game.scenes.table.snapshot import TableSnapshot
from game.view.board_view import GLOW, draw_banners
from game.view.controller import key_word, last_used, pad_keys
from game.view.table_hud import HudState, draw_die_face
from game.view.widgets import GOLD_PALE, IVORY, blit_text, font, wrap

HINT_GREEN = (120, 220, 140)
HIT_RED = (225, 70, 50)
TRAIL = (250, 240, 215)
WHITE_RING = (250, 250, 250)


class TableDrawing:
    """The table's picture: it draws a snapshot of the table (`TableSnapshot`) on the board's
    view, and keeps only where it drew the hints and the banners (so the cards keep off them).
    `host` gives the words of the keys (a controller's buttons, when one was used last)."""

    def __init__(self, view, host):
        self.view = view
        self.host = host
        self.hints_rect = None
        self.banner_rects: list = []

    def draw(self, surface, t: TableSnapshot, scale: float) -> None:
        """The board, the turn on it, the dice, the checkers on their way (the notices over
        them come after: `draw_hints`, `draw_banners`)."""
        view = self.view
        surface.fill((24, 14, 8))
        view.draw_board(surface)
        if t.shown is not None:
            self._draw_turn_marks(surface, t)
            self._draw_checkers(surface, t)
        if t.playback is not None:
            t.playback.draw(surface, view, t.marks)
        for ripple in t.ripples:
            view.ripple(surface, ripple)
        for flight in t.flights:
            x, y, height = flight.where()
            view.draw_checker(surface, flight.side, x, y, max(height, 6))
        self._draw_held(surface, t)

    def draw_banners(self, surface, t: TableSnapshot, scale: float, avoid: list) -> list:
        """The banners, off the dice and every notice in `avoid`, and off the checkers if they
        can be; returns (and keeps) where."""
        self.banner_rects = draw_banners(surface, self.view, scale, list(t.banners),
                                         avoid=self.dice_rects(t) + list(avoid), shun=checker_rects(self.view, t.shown),
                                         within=field_of(self.view))
        return self.banner_rects

    def top_index(self, t: TableSnapshot, location) -> int:
        return t.shown.checkers(t.to_move).count(location) - 1

    def _draw_checkers(self, surface, t: TableSnapshot) -> None:
        view = self.view
        hidden = {f.slot for f in t.flights if not f.landed}
        held = _held_origin(t)
        if held is not None:
            hidden.add((t.to_move, held, self.top_index(t, held)))
        for side, loc, index, (x, y) in view.slots(t.shown):
            if (side, loc, index) not in hidden:
                view.draw_checker(surface, side, x, y)
        view.draw_labels(surface, t.shown, frozenset(hidden))

    def _draw_in_hand(self, surface, t: TableSnapshot) -> None:
        """While the mouse drags to fling, the dice rattle under it, ready to be thrown."""
        if t.hand.fling_at is None or t.stage is not Stage.THROW:
            return
        x, y = t.hand.fling_at
        view = self.view
        px, py = view.to_screen(x, y)
        size = view.length(DIE_SIZE)
        n = t.rules.dice_count
        for i in range(n):
            wobble = math.sin(t.clock * 31 + i * 2.1) * size * 0.12
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(px + (i - (n - 1) / 2) * size * 1.3 + wobble), round(py - wobble))
            draw_die_face(surface, rect, int(t.clock * 12 + i * 3) % 6 + 1)

    def _draw_held(self, surface, t: TableSnapshot) -> None:
        self._draw_in_hand(surface, t)
        origin = _held_origin(t)
        if origin is None:
            return
        side, view = t.to_move, self.view
        x, y = t.hand.drag_at or view.checker_centre(side, origin, self.top_index(t, origin))
        view.draw_checker(surface, side, x, y, 14)
        view.ring(surface, x, y - 14, GLOW, 3, g.CHECKER_R * 1.1 + 3)

    def _draw_last_move(self, surface, t: TableSnapshot) -> None:
        """A faint trail of the opponent's last move, so a glance shows what just happened."""
        if t.last_move is None or t.stage in (Stage.MOVING, Stage.OVER):
            return
        side, move = t.last_move
        view = self.view
        for step in move.steps:
            path = view.path(side, step.origin, step.destination, (0, 0), (0, 0))[1:-1]
            for x, y in path:
                view.disc(surface, x, y, TRAIL, 70, 6)
            if step.origin >= 1:
                view.ring(surface, *view.checker_centre(side, step.origin, 0), TRAIL, 3, g.CHECKER_R - 4, 110)

    def _draw_turn_marks(self, surface, t: TableSnapshot) -> None:
        """Movable checkers, the picked one, lit destinations (a stop among them, where the
        game has one), the keyboard cursor, the best hint."""
        self._draw_last_move(surface, t)
        if t.stage is not Stage.CHOOSE or t.choice is None:
            return
        choice, view = t.choice, self.view
        side = t.to_move
        pulse = 0.5 + 0.5 * math.sin(t.clock * 5)
        for step in choice.played:
            view.disc(surface, *view.checker_centre(side, step.destination, 0), GLOW, 40, g.CHECKER_R + 8)
        if choice.selected is None:
            for origin in choice.origins:
                view.ring(surface, *view.checker_centre(side, origin, self.top_index(t, origin)), GLOW, 3,
                          alpha=int(110 + 120 * pulse))
        else:
            other = side.other
            hits = {s.destination for s in choice.steps if s.origin == choice.selected and s.hit}
            for dest in choice.destinations:
                view.point_glow(surface, side, dest, GLOW, int(45 + 45 * pulse))
                view.disc(surface, *view.landing_centre(t.shown, side, dest), GLOW, int(70 + 60 * pulse))
                if dest in hits:                           # landing there hits
                    view.ring(surface, *view.checker_centre(other, dest, 0), HIT_RED, 4,
                              alpha=int(150 + 100 * pulse))
        if t.hand.keyboard:
            self._draw_cursor(surface, t, side)
        if t.hints:
            self._draw_best(surface, t, side)

    def _option_centre(self, t: TableSnapshot, side, option):
        if t.choice.selected is None:
            return self.view.checker_centre(side, option, self.top_index(t, option))
        return self.view.landing_centre(t.shown, side, option)

    def _draw_cursor(self, surface, t: TableSnapshot, side) -> None:
        """The keyboard's cursor on the option it would take; the points themselves are typed
        by the board's own numbers or letters."""
        options = t.choice.options
        if 0 <= t.choice.cursor < len(options):
            x, y = self._option_centre(t, side, options[t.choice.cursor])
            self.view.ring(surface, x, y, WHITE_RING, 5, g.CHECKER_R + 9)

    def _draw_best(self, surface, t: TableSnapshot, side) -> None:
        best = t.hints[0].move.steps
        played = t.choice.played
        if tuple(best[:len(played)]) != tuple(played) or len(best) <= len(played):
            return
        step = best[len(played)]
        view = self.view
        view.ring(surface, *view.checker_centre(side, step.origin, self.top_index(t, step.origin)), HINT_GREEN, 5,
                  g.CHECKER_R + 6)
        view.ring(surface, *view.landing_centre(t.shown, side, step.destination), HINT_GREEN, 5,
                  g.CHECKER_R + 6)

    def draw_hints(self, surface, t: TableSnapshot, s: float, history: pygame.Rect | None,
                   avoid=()) -> pygame.Rect:
        """The hints panel, beside the history panel if it is open (`history`), off the notices in
        `avoid` (a ribbon); returns where."""
        view = self.view
        two = t.hints[0].win2 is not None     # a 2-point win's chance beside the win's (games that have it)
        lines = [(Words(N_("Hints: chances for {what}"), what=chances_for(t.session)), ""),
                 ("", Words(N_("win   2 pts   vs best")) if two else Words(N_("win   vs best")))]
        pips = view.pip_counts(t.shown)
        if pips:
            mover = t.to_move
            lines.append((Words(N_("Pips: {side} {pips}, {other} {other_pips}"), side=title_words(t.session, mover),
                                pips=pips[mover], other=title_words(t.session, mover.other),
                                other_pips=pips[mover.other]), ""))
        game = t.session                       # each move written as it is entered ("w-p": by the sum)
        entered = hints_as_entered(game.rules, game.position, game.dice, t.hints, 8)
        for i, hint in enumerate(t.hints[:8]):
            loss = Words(N_("best")) if i == 0 else loss_text(hint, t.hints[0])
            chance = percent(hint.win_probability)
            if two:
                chance = verbatim(f"{chance}  {percent(hint.win2, 0)}")
            lines.append((verbatim(f"{i + 1}.  {entered[i]}"),
                          Words(N_("{chance}   {loss}"), chance=chance, loss=loss)))
        lines = [(shown(left), shown(right)) for left, right in lines]
        big = max(18, round(22 * s))           # the figures too: read at the smallest window
        row, pad = max(24, round(30 * s)), round(14 * s)
        widest = max(font(big, "body").size(left)[0] + (font(big, "body").size(right)[0] + pad if right else 0)
                     for left, right in lines[1:])
        width = min(max(round((470 if two else 330) * s), widest + 2 * pad + round(8 * s)),
                    view.board_rect().w)
        heading = wrap(lines[0][0], font(big, "body"), width - 2 * pad)     # as wide as the figures, no wider
        lines = [(line, "") for line in heading] + lines[1:]
        panel = pygame.Surface((width, row * len(lines) + round(20 * s)), pygame.SRCALPHA)
        panel.fill((20, 12, 6, 215))
        pygame.draw.rect(panel, (*HINT_GREEN, 255), panel.get_rect(), max(1, round(2 * s)))
        rect = self.hints_rect = self._hints_place(t, panel.get_rect(), history, list(avoid))
        surface.blit(panel, rect)
        for i, (left, right) in enumerate(lines):
            y = rect.y + round(10 * s) + i * row + row // 2
            colour = HINT_GREEN if left.startswith("1.") else (IVORY if left[:1].isdigit() else GOLD_PALE)
            if left:
                blit_text(surface, left, big, (rect.x + pad, y), colour, "body", "midleft", box=rect)
            if right:
                blit_text(surface, right, big, (rect.right - pad, y), colour, "body", "midright", box=rect)
        return rect

    def _hints_place(self, t: TableSnapshot, rect: pygame.Rect, history: pygame.Rect | None,
                     avoid=()) -> pygame.Rect:
        """Where the hints panel goes: on the half of the board away from the best move's next
        step, or (a step across the halves) above or below the middle, wherever none of its
        rings is covered; failing that, away from where the step lands."""
        view = self.view
        best = t.hints[0].move.steps
        played = t.choice.played if t.choice else ()
        step = best[len(played)] if len(best) > len(played) else (best[-1] if best else None)
        board = view.board_rect()
        if step is None:
            return rect.move(board.centerx - rect.centerx, board.centery - rect.centery)
        side = t.to_move
        stack = range(self.top_index(t, step.origin) + 1) if step.origin in t.shown.checkers(side) \
            else ()                                # every checker of the point it moves from, not the top alone
        rings = [view.to_screen(*view.checker_centre(side, step.origin, i)) for i in stack] + \
            [view.to_screen(*view.landing_centre(t.shown, side, step.destination))]
        reach = view.length(g.CHECKER_R + 8)
        away = [round(view.to_screen(view.away_from(loc), 0)[0]) for loc in (step.destination, step.origin)]
        spots = [(away[0], board.centery), (away[1], board.centery),
                 (board.centerx, board.top + rect.h // 2 + reach), (board.centerx, board.bottom - rect.h // 2 - reach)]
        for x in (board.left + rect.w // 2 + reach, board.right - rect.w // 2 - reach):   # the corners
            spots += [(x, board.top + rect.h // 2 + reach), (x, board.bottom - rect.h // 2 - reach)]
        dice = self.dice_rects(t) + [r for r in avoid if r is not None]
        if history is not None:               # the history panel is open: beside it, not under it
            dice = dice + [history]
            free = max((pygame.Rect(board.x, board.y, max(0, history.left - board.x), board.h),
                        pygame.Rect(history.right, board.y, max(0, board.right - history.right), board.h)),
                       key=lambda r: r.w)
            spots = [(free.centerx, y) for y in (board.centery, board.top + rect.h // 2 + reach,
                                                 board.bottom - rect.h // 2 - reach)] + spots
        for centre in spots:
            place = rect.copy()
            place.center = centre
            place = place.clamp(board)
            if not any(place.inflate(2 * reach, 2 * reach).collidepoint(x, y) for x, y in rings) \
                    and place.collidelist(dice) < 0:
                return place
        for centre in spots:                  # no room for both: the dice (and the history) stay in sight
            place = rect.copy()
            place.center = centre
            place = place.clamp(board)
            if place.collidelist(dice) < 0:
                return place
        rect.center = spots[0]
        return rect.clamp(board)

    def dice_rects(self, t: TableSnapshot) -> list:
        return dice_rects(self.view, t.playback)

    def hud_state(self, t: TableSnapshot) -> HudState:
        s, stage, host = t.session, t.stage, self.host
        names = {side: seat_words(host, s, side) for side in Side}
        enabled = {"menu"}
        if stage is Stage.THROW and t.human_turn and not t.dice_wait:
            enabled.add("throw")
        if stage is Stage.CHOOSE and t.hints_allowed:
            enabled.add("hint")
        if t.can_undo:
            enabled.add("undo")
        dice = s.dice if s.dice and stage is not Stage.ROLL else ()
        marks = t.marks if dice else ()
        if dice:                                   # the readout lists them as every card says them
            order = dice_order(dice)
            dice = tuple(dice[i] for i in order)
            marks = tuple(marks[i] for i in order) if marks else ()
        return HudState(keys=pad_keys(host), names=names, scores=dict(s.match.score),
                        length=s.match.length, title=Words(s.rules.title),
                        to_move=None if stage is Stage.OVER else s.to_move,
                        prompt=t.note or self.prompt(t), dice=dice,
                        marks=marks,
                        enabled=enabled | {"history"}, hover=t.hand.hover, clock=t.clock,
                        attention="throw" if "throw" in enabled else None)

    def prompt(self, t: TableSnapshot):
        """What to do now, in words said when drawn."""
        s, stage = t.session, t.stage
        if stage is Stage.THROW:
            if t.dice_wait:
                return Words(N_("The dice wait for your friend's game"))
            if not t.human_turn:
                return verb_words(s, s.to_move, "about to throw")
            host = self.host
            if last_used(host):
                said = (N_("{side} to throw: {throw} - or {back} to take back the last move") if t.can_undo
                        else N_("{side} to throw: {throw}"))
                return Words(said, side=title_words(s, s.to_move),
                             throw=key_word(host, pygame.K_RETURN), back=key_word(host, pygame.K_z))
            if t.takes_reply:
                return Words(N_("Your throw: Space, the Throw button, or fling the dice - or U to take back "
                                "your move and the computer's reply"))
            return verb_words(s, s.to_move, "to throw or undo" if t.can_undo else "to throw")
        if stage is Stage.CHOOSE:
            return self._choose_prompt(t)
        if stage is Stage.OVER:
            return verb_words(s, s.outcome.winner, "won") if s.outcome else Words(N_("The game is over"))
        if stage is Stage.ROLL:
            return Words(N_("The dice are rolling..."))
        if stage is Stage.THINK:
            return verb_words(s, s.to_move, "think")
        if stage is Stage.MOVING:
            return verb_words(s, s.to_move, "move")
        return Words(N_("The turn passes"))

    def _choose_prompt(self, t: TableSnapshot):
        s, choice, rules, host = t.session, t.choice, t.rules, self.host
        pad = last_used(host)
        if choice.complete:                    # the move is whole: the person ends it
            if pad:
                return Words(N_("{side}: the move is complete - {end} ends it, {back} takes it back"),
                             side=title_words(s, s.to_move), end=key_word(host, pygame.K_RETURN),
                             back=key_word(host, pygame.K_z))
            return Words(N_("{side}: the move is complete - Space, Enter or a click on the dice ends it; "
                            "U takes it back"), side=title_words(s, s.to_move))
        numbers = [d for d, m in zip(s.dice, t.marks) if m == "played"]
        play = numbers_said(tuple(numbers))
        if s.rule_set.dice_shares:             # up to six moves: the numbers left, as said
            left = numbers_left(rules, s.dice, choice.played)
            playable = playable_numbers(rules, left, choice.steps)
            play = numbers_said(tuple(n for n in left if n in playable))
            numbers = s.dice                   # what cannot be played is said by its own notice
        lost = {d for d in rules.numbers(s.dice) if d not in numbers and not any(
            rules.step_number(st) == d for st in choice.played)}
        if lost:
            play = Words("{numbers} ({lost} cannot be played)", "{numbers} ({lost} cannot be played)",
                         len(lost), numbers=play, lost=joined(sorted(lost)))
        said = verb_words(s, s.to_move, "play these", numbers=play)
        if pad:
            return Words(PAD_PROMPTS[choice.selected is not None], play=said)
        if choice.selected is None and OUT in choice.origins and writes_out(rules, s.to_move):
            return Words(N_("{play}: pick a checker - click it, or type its point's number "
                            "(0 for one not yet entered; H for hints)"), play=said)
        return Words(PROMPTS[(t.lettered, choice.selected is not None)], play=said)


def seat_words(host, session, side):
    """A side as its plate names it: the friend elsewhere by the name their game gave, if any
    ("Ada (Black)"), else as the table says it ("Your friend (Black)", "You (White)")."""
    link = getattr(host.keeper, "online", None) if session.options.opponent == "online" else None
    names = link.names() if link is not None and hasattr(link, "names") else {}
    name = names.get(side.value) if session.is_remote(side) else None
    if name:
        return Words(N_("{name} ({colour})"), name=verbatim(name), colour=colour_words(side))
    return title_words(session, side)


def _held_origin(t: TableSnapshot):
    """The picked checker is drawn lifted (or under the mouse while dragged)."""
    if t.stage is Stage.CHOOSE and t.choice is not None and t.choice.selected is not None:
        return t.choice.selected
    return None


def dice_order(dice) -> list[int]:
    """The dice's indices as the table lists them everywhere (the readout, the cards, the
    history, the notices): the highest first, as a throw is written ("5-3", "4-4-2")."""
    return sorted(range(len(dice)), key=lambda i: -dice[i])


def dice_text(dice) -> str:
    """A throw written as the table writes it: "5-3-2", the highest first."""
    return "-".join(str(dice[i]) for i in dice_order(dice))


PROMPTS = {
    (False, False): N_("{play}: pick a checker - click it, or type its point's number (H for hints)"),
    (True, False): N_("{play}: pick a checker - click it, or type its point's letter (Shift for h and u; H hints)"),
    (False, True): N_("{play}: choose a lit point - click it, or type its number (Backspace puts back)"),
    (True, True): N_("{play}: choose a lit point - click it, or type its letter (Backspace puts back)"),
}
#: The same with a controller: the D-pad moves the cursor, A picks and plays, B puts back, Y hints.
PAD_PROMPTS = {
    False: N_("{play}: pick a checker - D-pad to choose, A to pick (Y for hints)"),
    True: N_("{play}: choose a lit point - D-pad to choose, A to play (B puts back)"),
}
COUNT_WORDS = {2: N_("two {n}s"), 3: N_("three {n}s"), 4: N_("four {n}s"), 5: N_("five {n}s"), 6: N_("six {n}s")}


def joined(parts) -> Words | str:
    """Words (or numbers) joined as a list is said: "a", "a and b", "a, b and c"."""
    parts = list(parts)
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0] if isinstance(parts[0], Words) else str(parts[0])
    head = parts[0]
    for part in parts[1:-1]:
        head = Words(N_("{a}, {b}"), a=head, b=part)
    return Words(N_("{a} and {b}"), a=head, b=parts[-1])


def numbers_said(numbers) -> Words | str:
    """(5, 6, 6, 6, 6) -> "the 5 and four 6s": a throw's numbers as a player says them (Words,
    said when shown)."""
    parts = []
    for n in sorted(set(numbers)):
        k = numbers.count(n)
        parts.append(Words(N_("the {n}"), n=n) if k == 1 else Words(COUNT_WORDS.get(k, N_("{k} × {n}")), n=n, k=k))
    return joined(parts)


def chances_for(session) -> Words:
    """What the hints' chances are of: the game (a game where every game is a point, or a
    1-point match) or the match at this score (games played for more points)."""
    length = session.match.length
    if length == 1 or session.rule_set.max_points == 1:
        return Words(N_("the game"))
    mover, score = session.to_move, session.match.score
    return Words(N_("the match to {length} ({side} {score}, {other} {other_score})"), length=length,
                 side=colour_words(mover), score=score[mover], other=colour_words(mover.other),
                 other_score=score[mover.other])


def loss_text(hint, best) -> str:
    """What a move gives up against the best, in the unit the hints are ranked by: the chance of
    winning, or (a game whose hints are ranked for the most points) points."""
    in_points = hint.equity is not None and abs(hint.loss - (best.win_probability - hint.win_probability)) > 1e-9
    if in_points:
        return Words(N_("{loss} pt"), loss=decimal(hint.loss, 2, sign=True))
    return percent(hint.loss, sign=True)

