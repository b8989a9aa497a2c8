"""The table's picture of a turn: checkers, the marks of what may be played, the hints panel,
the dice and the line under the board. Reads the scene and its parts; changes nothing of theirs."""
import math

import pygame

from game.base.i18n import N_, Words, decimal, percent, shown, verbatim
from game.computer.hint import hints_as_entered
from game.dice import DIE_SIZE
from game.geometry import tablier as g
from game.play.flow import Stage
from game.play.sides import colour_words, title_words, verb_words
from game.rules import OUT, Side
from game.rules.turn import numbers_left, playable_numbers
from game.view.board_view import GLOW, draw_banners
from game.view.controller import key_word, last_used
from game.view.table_hud import HudState, draw_die_face
from game.view.widgets import GOLD_PALE, IVORY, blit_text, font, wrap

HINT_GREEN = (120, 220, 140)
HIT_RED = (225, 70, 50)
TRAIL = (250, 240, 215)
WHITE_RING = (250, 250, 250)


class TableDrawing:
    """The table's picture (`scene.draw` is its `draw`): it reads the scene and its parts and
    keeps only where it drew the hints and the banners (so the cards keep off them)."""

    def __init__(self, scene):
        self.scene = scene
        self.hints_rect = None
        self.banner_rects: list = []

    def draw(self, surface) -> None:
        scene = self.scene
        view = scene.view
        scene.hud.layout(surface.get_size())
        view.fit(scene.hud.board_area)
        surface.fill((24, 14, 8))
        view.draw_board(surface)
        if scene.shown is not None:
            self._draw_turn_marks(surface)
            self._draw_checkers(surface)
        if scene.playback is not None:
            scene.playback.draw(surface, view, self._dice_marks())
        for ripple in scene.ripples:
            view.ripple(surface, ripple)
        for flight in scene.flights:
            x, y, height = flight.where()
            view.draw_checker(surface, flight.side, x, y, max(height, 6))
        self._draw_held(surface)
        self.banner_rects = draw_banners(surface, view, scene.hud.scale, scene.banners)
        scene.online.draw(surface)
        if scene.hints:
            self._draw_hints(surface)
        scene.cards.draw(surface)
        scene.hud.draw(surface, scene.hud_state())

    def _dice_marks(self) -> tuple:
        scene = self.scene
        return scene.flow.dice_marks() if scene.flow else ()

    def top_index(self, location) -> int:
        scene = self.scene
        return scene.shown.checkers(scene.session.to_move).count(location) - 1

    def _draw_checkers(self, surface) -> None:
        scene = self.scene
        hidden = {f.slot for f in scene.flights if not f.landed}
        held = self._held_origin()
        if held is not None:
            hidden.add((scene.session.to_move, held, self.top_index(held)))
        for side, loc, index, (x, y) in scene.view.slots(scene.shown):
            if (side, loc, index) not in hidden:
                scene.view.draw_checker(surface, side, x, y)
        scene.view.draw_labels(surface, scene.shown, frozenset(hidden))

    def _held_origin(self):
        """The picked checker is drawn lifted (or under the mouse while dragged)."""
        scene = self.scene
        if scene.stage is Stage.CHOOSE and scene.choice is not None and scene.choice.selected is not None:
            return scene.choice.selected
        return None

    def _draw_in_hand(self, surface) -> None:
        """While the mouse drags to fling, the dice rattle under it, ready to be thrown."""
        scene = self.scene
        press = scene.input.press
        if press is None or "fling" not in press or scene.stage is not Stage.THROW:
            return
        _, x, y = press["fling"][-1]
        px, py = scene.view.to_screen(x, y)
        size = scene.view.length(DIE_SIZE)
        n = scene.session.rules.dice_count
        for i in range(n):
            wobble = math.sin(scene.clock * 31 + i * 2.1) * size * 0.12
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(px + (i - (n - 1) / 2) * size * 1.3 + wobble), round(py - wobble))
            draw_die_face(surface, rect, int(scene.clock * 12 + i * 3) % 6 + 1)

    def _draw_held(self, surface) -> None:
        scene = self.scene
        self._draw_in_hand(surface)
        origin = self._held_origin()
        if origin is None:
            return
        side = scene.session.to_move
        x, y = scene.input.drag_at or scene.view.checker_centre(side, origin, self.top_index(origin))
        scene.view.draw_checker(surface, side, x, y, 14)
        scene.view.ring(surface, x, y - 14, GLOW, 3, g.CHECKER_R * 1.1 + 3)

    def _draw_last_move(self, surface) -> None:
        """A faint trail of the opponent's last move, so a glance shows what just happened."""
        scene = self.scene
        last = scene.flow.last_move if scene.flow else None
        if last is None or scene.stage in (Stage.MOVING, Stage.OVER):
            return
        side, move = last
        view = scene.view
        for step in move.steps:
            path = view.path(side, step.origin, step.destination, (0, 0), (0, 0))[1:-1]
            for x, y in path:
                view.disc(surface, x, y, TRAIL, 70, 6)
            if step.origin >= 1:
                view.ring(surface, *view.checker_centre(side, step.origin, 0), TRAIL, 3, g.CHECKER_R - 4, 110)

    def _draw_turn_marks(self, surface) -> None:
        """Movable checkers, the picked one, lit destinations, Bell's stop, the keyboard cursor,
        the best hint."""
        scene = self.scene
        self._draw_last_move(surface)
        if scene.stage is not Stage.CHOOSE or scene.choice is None:
            return
        choice, view = scene.choice, scene.view
        side = scene.session.to_move
        pulse = 0.5 + 0.5 * math.sin(scene.clock * 5)
        for step in choice.played:
            view.disc(surface, *view.checker_centre(side, step.destination, 0), GLOW, 40, g.CHECKER_R + 8)
        if choice.selected is None:
            for origin in choice.origins:
                view.ring(surface, *view.checker_centre(side, origin, self.top_index(origin)), GLOW, 3,
                          alpha=int(110 + 120 * pulse))
        else:
            other = scene.session.to_move.other
            hits = {s.destination for s in choice.steps if s.origin == choice.selected and s.hit}
            for dest in choice.destinations:
                view.point_glow(surface, side, dest, GLOW, int(45 + 45 * pulse))
                view.disc(surface, *view.landing_centre(scene.shown, side, dest), GLOW, int(70 + 60 * pulse))
                if dest in hits:                           # landing there hits (TC-6)
                    view.ring(surface, *view.checker_centre(other, dest, 0), HIT_RED, 4,
                              alpha=int(150 + 100 * pulse))
        if scene.input.keyboard:
            self._draw_cursor(surface, side)
        if scene.hints:
            self._draw_best(surface, side)

    def _option_centre(self, side, option):
        scene = self.scene
        if scene.choice.selected is None:
            return scene.view.checker_centre(side, option, self.top_index(option))
        return scene.view.landing_centre(scene.shown, side, option)

    def _draw_cursor(self, surface, side) -> None:
        """The keyboard's cursor on the option it would take; the points themselves are typed
        by the board's own numbers or letters."""
        scene = self.scene
        options = scene.choice.options
        if 0 <= scene.choice.cursor < len(options):
            x, y = self._option_centre(side, options[scene.choice.cursor])
            scene.view.ring(surface, x, y, WHITE_RING, 5, g.CHECKER_R + 9)

    def _draw_best(self, surface, side) -> None:
        scene = self.scene
        best = scene.hints[0].move.steps
        played = scene.choice.played
        if tuple(best[:len(played)]) != tuple(played) or len(best) <= len(played):
            return
        step = best[len(played)]
        view = scene.view
        view.ring(surface, *view.checker_centre(side, step.origin, self.top_index(step.origin)), HINT_GREEN, 5,
                  g.CHECKER_R + 6)
        view.ring(surface, *view.landing_centre(scene.shown, side, step.destination), HINT_GREEN, 5,
                  g.CHECKER_R + 6)

    def _draw_hints(self, surface) -> None:
        scene = self.scene
        s = scene.hud.scale
        two = scene.hints[0].win2 is not None     # a 2-point win's chance beside the win's (Garanguet)
        lines = [(Words(N_("Hints: chances for {what}"), what=chances_for(scene.session)), ""),
                 ("", Words(N_("win   2 pts   vs best")) if two else Words(N_("win   vs best")))]
        pips = scene.view.pip_counts(scene.shown)
        if pips:
            mover = scene.session.to_move
            lines.append((Words(N_("Pips: {side} {pips}, {other} {other_pips}"), side=title_words(scene.session, mover),
                                pips=pips[mover], other=title_words(scene.session, mover.other),
                                other_pips=pips[mover.other]), ""))
        game = scene.session                   # each move written as it is entered ("w-p": by the sum)
        entered = hints_as_entered(game.rules, game.position, game.dice, scene.hints, 8)
        for i, hint in enumerate(scene.hints[:8]):
            loss = Words(N_("best")) if i == 0 else loss_text(hint, scene.hints[0])
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
                    scene.view.board_rect().w)
        heading = wrap(lines[0][0], font(big, "body"), width - 2 * pad)     # as wide as the figures, no wider
        lines = [(line, "") for line in heading] + lines[1:]
        panel = pygame.Surface((width, row * len(lines) + round(20 * s)), pygame.SRCALPHA)
        panel.fill((20, 12, 6, 215))
        pygame.draw.rect(panel, (*HINT_GREEN, 255), panel.get_rect(), max(1, round(2 * s)))
        rect = self.hints_rect = self._hints_place(panel.get_rect())
        surface.blit(panel, rect)
        for i, (left, right) in enumerate(lines):
            y = rect.y + round(10 * s) + i * row + row // 2
            colour = HINT_GREEN if left.startswith("1.") else (IVORY if left[:1].isdigit() else GOLD_PALE)
            if left:
                blit_text(surface, left, big, (rect.x + pad, y), colour, "body", "midleft", box=rect)
            if right:
                blit_text(surface, right, big, (rect.right - pad, y), colour, "body", "midright", box=rect)

    def _hints_place(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the hints panel goes: on the half of the board away from the best move's next
        step, or (a step across the halves) above or below the middle, wherever none of its
        rings is covered; failing that, away from where the step lands."""
        scene = self.scene
        best = scene.hints[0].move.steps
        played = scene.choice.played if scene.choice else ()
        step = best[len(played)] if len(best) > len(played) else (best[-1] if best else None)
        board = scene.view.board_rect()
        if step is None:
            return rect.move(board.centerx - rect.centerx, board.centery - rect.centery)
        side = scene.session.to_move
        stack = range(self.top_index(step.origin) + 1) if step.origin in scene.shown.checkers(scene.session.to_move) \
            else ()                                # every checker of the point it moves from, not the top alone
        rings = [scene.view.to_screen(*scene.view.checker_centre(side, step.origin, i)) for i in stack] + \
            [scene.view.to_screen(*scene.view.landing_centre(scene.shown, side, step.destination))]
        reach = scene.view.length(g.CHECKER_R + 8)
        away = [round(scene.view.to_screen(scene.view.away_from(loc), 0)[0]) for loc in (step.destination, step.origin)]
        spots = [(away[0], board.centery), (away[1], board.centery),
                 (board.centerx, board.top + rect.h // 2 + reach), (board.centerx, board.bottom - rect.h // 2 - reach)]
        for x in (board.left + rect.w // 2 + reach, board.right - rect.w // 2 - reach):   # the corners
            spots += [(x, board.top + rect.h // 2 + reach), (x, board.bottom - rect.h // 2 - reach)]
        dice = self.dice_rects()
        history = scene.cards.history_rect if scene.cards.history_open else None
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

    def dice_rects(self) -> list:
        """Where the dice lie on screen (with their shadow and ring), dimmed ones included."""
        scene = self.scene
        if scene.playback is None:
            return []
        size = scene.view.length(DIE_SIZE * 2.2)
        rects = []
        for state in scene.playback.states():
            x, y = scene.view.to_screen(state.x, state.y)
            rects.append(pygame.Rect(round(x - size / 2), round(y - size / 2), size, size))
        return rects

    def hud_state(self) -> HudState:
        scene = self.scene
        s = scene.session
        stage = scene.stage
        names = {side: title_words(s, side) for side in Side}
        enabled = {"menu"}
        if stage is Stage.THROW and scene.human_turn() and not scene.dice_wait:
            enabled.add("throw")
        if stage is Stage.CHOOSE and scene.flow.hints_allowed:
            enabled.add("hint")
        if scene.flow is not None and scene.flow.can_undo:
            enabled.add("undo")
        dice = s.dice if s.dice and stage is not Stage.ROLL else ()
        keys = {}
        if last_used(scene.app):                   # a controller was the last used: its buttons
            keys = {"throw": key_word(scene.app, pygame.K_RETURN), "hint": key_word(scene.app, pygame.K_F1),
                    "undo": key_word(scene.app, pygame.K_z), "history": key_word(scene.app, pygame.K_F2),
                    "menu": verbatim("Start")}
        return HudState(keys=keys, names=names, scores=dict(s.match.score),
                        length=s.match.length, title=Words(scene.session.rules.title),
                        to_move=None if stage is Stage.OVER else s.to_move,
                        prompt=scene.note or self.prompt(), dice=dice,
                        marks=self._dice_marks() if dice else (),
                        enabled=enabled | {"history"}, hover=scene.input.hover, clock=scene.clock,
                        attention="throw" if "throw" in enabled else None)

    def prompt(self):
        """What to do now, in words said when drawn."""
        scene = self.scene
        s = scene.session
        stage = scene.stage
        if stage is Stage.THROW:
            if scene.dice_wait:
                return Words(N_("The dice wait for your friend's game"))
            if not scene.human_turn():
                return verb_words(s, s.to_move, "about to throw")
            app = scene.app
            if last_used(app):
                said = (N_("{side} to throw: {throw} - or {back} to take back the last move") if scene.flow.can_undo
                        else N_("{side} to throw: {throw}"))
                return Words(said, side=title_words(s, s.to_move),
                             throw=key_word(app, pygame.K_RETURN), back=key_word(app, pygame.K_z))
            if scene.flow.takes_reply:
                return Words(N_("Your throw: Space, the Throw button, or fling the dice - or U to take back "
                                "your move and the computer's reply"))
            return verb_words(s, s.to_move, "to throw or undo" if scene.flow.can_undo else "to throw")
        if stage is Stage.CHOOSE:
            return self._choose_prompt()
        if stage is Stage.OVER:
            return verb_words(s, s.outcome.winner, "won") if s.outcome else Words(N_("The game is over"))
        if stage is Stage.ROLL:
            return Words(N_("The dice are rolling..."))
        if stage is Stage.THINK:
            return verb_words(s, s.to_move, "think")
        if stage is Stage.MOVING:
            return verb_words(s, s.to_move, "move")
        return Words(N_("The turn passes"))

    def _choose_prompt(self):
        scene = self.scene
        s = scene.session
        pad = last_used(scene.app)
        if scene.choice.complete:              # the move is whole: the person ends it
            if pad:
                return Words(N_("{side}: the move is complete - {end} ends it, {back} takes it back"),
                             side=title_words(s, s.to_move), end=key_word(scene.app, pygame.K_RETURN),
                             back=key_word(scene.app, pygame.K_z))
            return Words(N_("{side}: the move is complete - Space, Enter or a click on the dice ends it; "
                            "U takes it back"), side=title_words(s, s.to_move))
        marks = self._dice_marks()
        numbers = [d for d, m in zip(s.dice, marks) if m == "played"]
        play = numbers_said(tuple(numbers))
        if s.rule_set.dice_shares:             # up to six moves: the numbers left, as said
            left = numbers_left(scene.session.rules, s.dice, scene.choice.played)
            playable = playable_numbers(scene.session.rules, left, scene.choice.steps)
            play = numbers_said(tuple(n for n in left if n in playable))
            numbers = s.dice                   # what cannot be played is said by its own notice
        lost = {d for d in scene.session.rules.numbers(s.dice) if d not in numbers and not any(
            scene.session.rules.step_number(st) == d for st in scene.choice.played)}
        if lost:
            play = Words("{numbers} ({lost} cannot be played)", "{numbers} ({lost} cannot be played)",
                         len(lost), numbers=play, lost=joined(sorted(lost)))
        said = verb_words(s, s.to_move, "play these", numbers=play)
        if pad:
            return Words(PAD_PROMPTS[scene.choice.selected is not None], play=said)
        if scene.choice.selected is None and OUT in scene.choice.origins and not s.rule_set.lettered:
            return Words(N_("{play}: pick a checker - click it, or type its point's number "
                            "(0 for one not yet entered; H for hints)"), play=said)
        return Words(PROMPTS[(scene.session.rule_set.lettered, scene.choice.selected is not None)], play=said)


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
    """What the hints' chances are of: the game (Charpentier, where every game is a point, or a
    1-point match) or the match at this score (Bell and Garanguet, played for the match)."""
    length = session.match.length
    if length == 1 or session.rule_set.max_points == 1:
        return Words(N_("the game"))
    mover, score = session.to_move, session.match.score
    return Words(N_("the match to {length} ({side} {score}, {other} {other_score})"), length=length,
                 side=colour_words(mover), score=score[mover], other=colour_words(mover.other),
                 other_score=score[mover.other])


def loss_text(hint, best) -> str:
    """What a move gives up against the best, in the unit the hints are ranked by: the chance of
    winning, or (a Bell game ranked for the most points) points."""
    in_points = hint.equity is not None and abs(hint.loss - (best.win_probability - hint.win_probability)) > 1e-9
    if in_points:
        return Words(N_("{loss} pt"), loss=decimal(hint.loss, 2, sign=True))
    return percent(hint.loss, sign=True)

