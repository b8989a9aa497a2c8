"""The engine core shared by every game: whole legal turns built from single steps.

A game (or a preset of one) is a `Rules` subclass: data (how many checkers, which numbers a
throw gives, which rule numbers to quote) plus one hook, `try_step`, that says whether one
checker may move by one number and where it lands. The core turns those single steps into
whole legal turns: as many numbers as possible, then the highest where the game asks for it
(`prefer_high`). The dice are always an argument: nothing here is random.

The values a turn is made of live beside it - the sides and outcomes (game/rules/values.py),
steps, moves and positions with their notation (game/rules/notation.py), the refusals
(game/rules/errors.py) - and are named here too, as every caller has long imported them.
"""
from __future__ import annotations

from itertools import permutations

from game.base.i18n import N_
from game.rules.errors import Illegal, IllegalMoveError, NotationError
from game.rules.notation import Move, Position, Step, read_number
from game.rules.values import BAR, DOUBLET_NAMES, OUT, Announcement, Outcome, Side

__all__ = ["BAR", "DOUBLET_NAMES", "OUT", "Announcement", "Illegal", "IllegalMoveError", "Move",
           "NotationError", "Outcome", "Position", "Rules", "Side", "Step"]


# A turn in progress: the mover's checkers, the opponent's, and the numbers still to play.
_State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Rules:
    """A game or preset: data plus the `try_step` hook. Subclasses set the class attributes."""

    name = ""
    title = ""
    dice_count = 2
    checkers = 3
    #: the last point of a path; beyond it a checker is borne off, where the game bears off
    last_point = 12
    #: after as many numbers as possible, also the highest numbers
    prefer_high = False
    #: the rule that says which numbers a throw gives, quoted when a step uses no such number
    numbers_rule = ""
    #: the rule quoted when a turn stops while a number could still be played
    play_all_rule = ""

    def __str__(self) -> str:
        return self.title

    # --- hooks -------------------------------------------------------------------------------
    def numbers(self, dice: tuple[int, ...]) -> tuple[int, ...]:
        """The numbers a throw lets the mover play, as a sorted tuple."""
        raise NotImplementedError

    def start(self, first: Side) -> Position:
        raise NotImplementedError

    def try_step(self, own: tuple[int, ...], opp: tuple[int, ...], origin: int, number: int
                 ) -> tuple[tuple[int, ...], tuple[int, ...], Step] | Illegal:
        """Move the mover's checker at `origin` by `number`: the new (own, opp, step), or why not."""
        raise NotImplementedError

    def step_number(self, step: Step) -> int:
        """The number a step uses when no dice are given (its exact distance)."""
        return step.destination - max(step.origin, OUT)

    def outcome(self, position: Position) -> Outcome | None:
        raise NotImplementedError

    def announcement(self, dice) -> Announcement | None:
        """What a throw announces (C-4): a doublet of two dice, by its old name."""
        dice = tuple(dice)
        if len(dice) == 2 and dice[0] == dice[1]:
            return Announcement("doublet", dice[0], DOUBLET_NAMES[dice[0]], "C-4")
        return None

    def point_name(self, side: Side, location: int) -> str:
        """A location of `side`'s path as the board names it: its number, "b" for the bar."""
        return "b" if location == BAR else str(location)

    def point_at(self, side: Side, name: str) -> int | None:
        """The location of `side`'s path that the board calls `name` (point_name read back:
        "7", "b"); None for a name no point has (a checker yet to enter is on none)."""
        if name == "b":
            return BAR
        number = read_number(name)
        return number if number is not None and name[0] != "0" and 1 <= number <= self.last_point else None

    def say_move(self, side: Side, move: Move) -> str:
        """A move as the board names its points: here the notation itself ("0-3 3-5"), the
        points being numbered on the board. Every screen writes a move through this."""
        return str(move)

    # --- whole turns ---------------------------------------------------------------------------
    def check_dice(self, dice) -> tuple[int, ...]:
        if (not isinstance(dice, (tuple, list)) or len(dice) != self.dice_count
                or any(type(d) is not int or not 1 <= d <= 6 for d in dice)):
            raise ValueError(f"{self.title} throws {self.dice_count} dice of 1..6, not {dice!r}")
        return tuple(dice)

    def _quick_step(self, own, opp, origin: int, number: int):
        """`try_step` as the turn search asks it: the new (own, opp, step), or None where the
        step is illegal (a game may answer without building the reason nobody reads)."""
        result = self.try_step(own, opp, origin, number)
        return None if isinstance(result, Illegal) else result

    def _steps_from(self, state: _State):
        """Every legal single step from a turn in progress: (step, next state)."""
        own, opp, numbers = state
        for i, number in enumerate(numbers):
            if i and numbers[i - 1] == number:
                continue
            rest = numbers[:i] + numbers[i + 1:]
            for j, origin in enumerate(own):
                if j and own[j - 1] == origin:
                    continue
                result = self._quick_step(own, opp, origin, number)
                if result is not None:
                    new_own, new_opp, step = result
                    yield step, (new_own, new_opp, rest)

    def _terminals(self, own, opp, numbers) -> dict[_State, tuple[Step, ...]]:
        """The turns' legal end states (as many numbers as possible, then the highest where the
        game asks it), each with one sequence of steps that reaches it."""
        seen: set[_State] = set()
        ends: dict[_State, tuple[Step, ...]] = {}
        stack: list[tuple[_State, tuple[Step, ...]]] = [((own, opp, numbers), ())]
        while stack:
            state, steps = stack.pop()
            if state in seen:
                continue
            seen.add(state)
            moved = False
            for step, nxt in self._steps_from(state):
                moved = True
                if nxt not in seen:
                    stack.append((nxt, steps + (step,)))
            if not moved:
                ends.setdefault(state, steps)
        return self._best_ends(numbers, ends)

    def _best_ends(self, numbers, ends: dict[_State, tuple[Step, ...]]) -> dict[_State, tuple[Step, ...]]:
        """Of a turn's end states, those that play as many numbers as possible, then the
        highest where the game asks it."""
        if len(ends) == 1:
            return ends
        ranks = {s: self._rank(numbers, s[2]) for s in ends}
        best = max(ranks.values())
        return {s: steps for s, steps in ends.items() if ranks[s] == best}

    def _rank(self, numbers: tuple[int, ...], left: tuple[int, ...]):
        played = len(numbers) - len(left)
        if not self.prefer_high:
            return (played,)
        used = list(numbers)
        for n in left:
            used.remove(n)
        return (played, sorted(used, reverse=True))

    def plays(self, position: Position, dice) -> list[tuple[Move, Position]]:
        """Every legal whole turn with the position it leads to (the other side to move), one
        per distinct result; [] when the turn passes. Built from the turn search that
        finds them, so that nobody needs to apply the moves again."""
        numbers = self.numbers(self.check_dice(dice))
        side = position.to_move
        ends = self._terminals(position.checkers(side), position.checkers(side.other), numbers)
        found: dict[tuple, tuple[Move, Position]] = {}
        for (own, opp, _), steps in ends.items():
            if steps and (own, opp) not in found:
                found[own, opp] = (Move(steps), position.with_checkers(side, own, opp).passed())
        return sorted(found.values(), key=lambda p: [(s.origin, s.destination) for s in p[0].steps])

    def legal_moves(self, position: Position, dice) -> list[Move]:
        """Every legal whole turn, one per distinct result; [] when the turn passes."""
        return [move for move, _ in self.plays(position, dice)]

    def play_steps(self, position: Position, steps) -> Position:
        """Steps played by the side to move, checked one by one on the board (the same side
        stays to move): for showing a turn in progress."""
        side = position.to_move
        own, opp = position.checkers(side), position.checkers(side.other)
        for step in steps:
            own, opp = self._board_step(own, opp, step)
        return position.with_checkers(side, own, opp)

    def _board_step(self, own, opp, step: Step):
        result = self.try_step(own, opp, step.origin, self.step_number(step))
        if isinstance(result, Illegal):
            raise IllegalMoveError.of(_plain(step), result)
        if result[2].destination != step.destination:
            raise IllegalMoveError.of(_plain(step), Illegal(N_("not a move of this game"), ""))
        return result[0], result[1]

    def apply(self, position: Position, move: Move, dice=None) -> Position:
        """The position after `move`, the other side to move. With `dice`, the move must be one
        of the throw's legal turns; without, each step must at least be legal on the board."""
        side = position.to_move
        if dice is None:
            after = self.play_steps(position, move.steps)
            return after.passed()
        numbers = self.numbers(self.check_dice(dice))
        own, opp = position.checkers(side), position.checkers(side.other)
        states = self._consume(own, opp, numbers, move)
        for state in states:
            if not state[2]:        # every number played: a whole turn, none can play more
                return position.with_checkers(side, state[0], state[1]).passed()
        ends = self._terminals(own, opp, numbers)
        for state in states:
            if state in ends:
                return position.with_checkers(side, state[0], state[1]).passed()
        # Legal step by step, but not a whole legal turn: say what is missing.
        state = states[0]
        if not move.steps and ends and next(iter(ends.values())):
            example = Move(next(iter(ends.values())))
            raise IllegalMoveError.of("pass", Illegal(
                N_("a move exists ({example}), one must be played"), self.play_all_rule,
                {"example": _plain_move(example)}))
        left = ", ".join(map(str, state[2]))
        most = len(numbers) - min(len(end[2]) for end in ends)
        if len(numbers) - len(state[2]) < most:
            if left:
                reason = N_("{most} numbers can be played (this leaves {left}); "
                            "as many numbers as possible must be played")
            else:
                reason = N_("{most} numbers can be played (this leaves none); "
                            "as many numbers as possible must be played")
        elif left:
            reason = N_("higher numbers can be played (this leaves {left}); "
                        "the highest numbers possible must be played")
        else:
            reason = N_("higher numbers can be played (this leaves none); "
                        "the highest numbers possible must be played")
        raise IllegalMoveError.of(_plain_move(move), Illegal(reason, self.play_all_rule,
                                                             {"most": most, "left": left}))

    def _consume(self, own, opp, numbers, move: Move) -> list[_State]:
        """The turn states a move's steps can reach, trying each number that fits a step."""
        states: list[_State] = [(own, opp, numbers)]
        for step in move.steps:
            following = [
                (result[0], result[1], left[:i] + left[i + 1:])
                for state_own, state_opp, left in states
                for i, number in enumerate(left)
                if (result := self._quick_step(state_own, state_opp, step.origin, number)) is not None
                and result[2].destination == step.destination
            ]
            if not following:
                raise IllegalMoveError.of(_plain(step), self._why_not(states[0], step, numbers, (own, opp, numbers)))
            states = list(dict.fromkeys(following))
        return states

    def _why_not(self, state: _State, step: Step, numbers: tuple[int, ...], start: _State | None = None) -> Illegal:
        """Why no number of the throw can play a step, naming the rule it breaks; for a step
        that two or more numbers add up to, why that sum cannot be played (`_why_not_sum`)."""
        own, opp, left = state
        if not left:
            return Illegal(N_("every number of the throw is already played"), self.numbers_rule)
        reasons = {n: r for n in set(left)
                   if isinstance(r := self.try_step(own, opp, step.origin, n), Illegal)}
        distance = self.step_number(step)
        summed = (self._why_not_sum(state, step, start)     # bearing off is the game's to say
                  if distance not in left and step.origin in own and step.destination <= self.last_point else None)
        if distance in reasons:
            reason = reasons[distance]
        elif step.origin not in own:
            reason = next(iter(reasons.values()))
        elif summed is not None:
            reason = summed
        elif step.destination > self.last_point and any(n > distance for n in reasons):
            reason = reasons[max(reasons)]
        else:
            shown = ", ".join(map(str, sorted(left)))        # the numbers left, not those played
            if len(left) > 1:                                  # a sum of them could have (issue 31)
                return Illegal(N_("no number of this throw ({numbers}), nor a sum of them, moves that "
                                  "checker there"), self.numbers_rule, {"numbers": shown})
            return Illegal(N_("no number of this throw ({numbers}) moves that checker there"),
                           self.numbers_rule, {"numbers": shown})
        return reason

    def _why_not_sum(self, state: _State, step: Step, start: _State | None) -> Illegal | None:
        """Why one checker cannot go from `step`'s origin to its destination by the sum of two
        or more of the numbers left (issue 31), or None when no such sum makes that distance.
        Each order of the numbers is tried on the board: the reason is the one met furthest
        along (a stop on an opposing checker, or on an own one...); if an order gets
        there, the sum is legal on the board but not in a legal turn, or must be written step
        by step."""
        own, opp, left = state
        distance = self.step_number(step)
        orders = {order for size in range(2, len(left) + 1) for order in permutations(left, size)
                  if sum(order) == distance}
        if not orders:
            return None
        furthest: tuple[int, Illegal] | None = None
        for order in sorted(orders):
            board, route = (own, opp), []
            for depth, number in enumerate(order):
                at = route[-1].destination if route else step.origin
                result = self.try_step(*board, at, number)
                if isinstance(result, Illegal):
                    if furthest is None or depth > furthest[0]:
                        furthest = (depth, result)
                    break
                board, route = result[:2], [*route, result[2]]
            else:
                if route[-1].destination != step.destination:
                    continue
                rest = tuple(left)
                for number in order:
                    rest = _without(rest, number)
                if start is not None and not self._can_end((*board, rest), start):
                    return Illegal(N_("by the sum {sum} that checker could go there, but the rest of the "
                                      "throw could not then be played as the rules require"),
                                   self.play_all_rule, {"sum": " + ".join(map(str, order))})
                return Illegal(N_("a step moves by one number: write it as {steps}"), self.numbers_rule,
                               {"steps": " ".join(map(_plain, route))})
        return furthest[1] if furthest else None

    def _can_end(self, state: _State, start: _State) -> bool:
        """Whether a turn begun at `start` can still end legally from `state`."""
        ends = self._terminals(*start)
        seen: set[_State] = set()
        stack = [state]
        while stack:
            now = stack.pop()
            if now in ends:
                return True
            if now not in seen:
                seen.add(now)
                stack.extend(nxt for _, nxt in self._steps_from(now))
        return False

    def next_steps(self, position: Position, dice, played=()) -> list[Step]:
        """The steps that can follow `played` and still end in a legal turn (for step-by-step
        input). [] when `played` is a whole legal turn, or the turn passes."""
        numbers = self.numbers(self.check_dice(dice))
        side = position.to_move
        own, opp = position.checkers(side), position.checkers(side.other)
        ends = self._terminals(own, opp, numbers)
        try:
            states = self._consume(own, opp, numbers, Move(tuple(played)))
        except IllegalMoveError:
            return []
        reach: dict[_State, bool] = {}

        def reaches_end(state: _State) -> bool:
            if state not in reach:
                reach[state] = state in ends or any(reaches_end(n) for _, n in self._steps_from(state))
            return reach[state]

        found: dict[tuple[int, int], Step] = {}
        for state in states:
            for step, nxt in self._steps_from(state):
                if reaches_end(nxt):
                    found.setdefault((step.origin, step.destination), step)
        return sorted(found.values(), key=lambda s: (s.origin, s.destination))

    def is_turn_complete(self, position: Position, dice, played) -> bool:
        """True when `played` is a whole legal turn (including a pass when nothing can move)."""
        try:
            self.apply(position, Move(tuple(played)), dice)
        except IllegalMoveError:
            return False
        return True


def _without(numbers: tuple[int, ...], number: int) -> tuple[int, ...]:
    i = numbers.index(number)
    return numbers[:i] + numbers[i + 1:]


def _plain(step: Step) -> str:
    return str(Step(step.origin, step.destination))


def _plain_move(move: Move) -> str:
    return " ".join(map(_plain, move.steps)) or "pass"
