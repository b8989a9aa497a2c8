"""The engine core shared by every game: sides, positions, steps, moves, and whole legal turns.

A game (or a preset of one) is a `Rules` subclass: data (how many checkers, which numbers a
throw gives, which rule numbers to quote) plus one hook, `try_step`, that says whether one
checker may move by one number and where it lands. The core turns those single steps into
whole legal turns: as many numbers as possible (TB-2, G-7), then the highest (G-7) where the
game asks for it. The dice are always an argument: nothing here is random.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from itertools import permutations

from game.base.i18n import N_, verbatim

BAR = -1   # hit and waiting to re-enter ("b"): Bell's bar, compulsory re-entry
OUT = 0    # not entered


class Side(enum.Enum):
    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> "Side":
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def title(self) -> str:
        """The side's name in English ("White"), a message for the catalogue: show it as
        _(side.title)."""
        return N_("White") if self is Side.WHITE else N_("Black")

    def __str__(self) -> str:
        return self.value


#: The doublets' historical names (C-4). They are the games' own vocabulary, announced as the
#: French players announced them, so they read the same in English and in French (as in
#: docs/rules.md): shown verbatim, never translated.
DOUBLET_NAMES = {6: verbatim("Sonnés"), 5: verbatim("Quines"), 4: verbatim("Carmes"),
                 3: verbatim("Ternes"), 2: verbatim("Double deux"), 1: verbatim("Bezas")}


@dataclass(frozen=True)
class Announcement:
    """What is said aloud once the dice lie still: a doublet by its old name (C-4), or in
    Garanguet a doublet played double (G-5) or a triplet (G-6)."""

    kind: str                  # "doublet" or "triplet"
    number: int
    name: str                  # the doublet's old name (C-4), "" for a triplet
    rule: str                  # C-4, G-5 or G-6
    played_double: bool = False    # G-5: a doublet over a lower third, its number played 4 times


class IllegalMoveError(ValueError):
    """A move or step the rules forbid; the message names the move and the rule it breaks.

    Raised from an `Illegal` (`IllegalMoveError.of(what, illegal)`), it keeps it: `illegal`
    (the reason as a message for the catalogue, the rule, the fields) and `what` (the step or
    move refused, in notation), so that a screen can say it in the player's language:
    `_("{what}: {reason}", what=verbatim(error.what), reason=_(i.reason, **i.fields))`.
    str(error) is the English, as the engine and the command line have always printed it:
    "3-5: point 5 is already occupied (TC-3)". Raised from plain text, `illegal` is None.
    """

    def __init__(self, message="", illegal: "Illegal | None" = None, what: str = ""):
        super().__init__(message)
        self.illegal = illegal
        self.what = what

    @classmethod
    def of(cls, what: str, illegal: "Illegal") -> "IllegalMoveError":
        """The error for `what` (a step or move in notation, or "pass") refused for `illegal`."""
        rule = f" ({illegal.rule})" if illegal.rule else ""
        return cls(f"{what}: {illegal.text}{rule}", illegal, what)

    @property
    def rule(self) -> str:
        """The rule number the move breaks ("TC-3"), or "" when none is known."""
        return self.illegal.rule if self.illegal else ""


class NotationError(ValueError):
    """Text that is not a position or move in the engine's notation.

    Like IllegalMoveError, it keeps its message for the catalogue (`reason`, marked with N_)
    and its `fields` (notation and numbers, the same in every language): str(error) is the
    English, as the engine prints it; a person reads `_(error.reason, **error.fields)`."""

    def __init__(self, message="", reason: str | None = None, fields: dict | None = None):
        super().__init__(message)
        self.reason = message if reason is None else reason
        self.fields = dict(fields or {})

    @classmethod
    def of(cls, reason: str, **fields) -> "NotationError":
        return cls(reason.format(**fields), reason, fields)


#: (White's, Black's) message for each complaint about one side's checkers, so that each
#: language names the side in its own words.
_SIDE_WORDS = {
    "count": (N_("White: {token} has a bad count (1..15)"),
              N_("Black: {token} has a bad count (1..15)")),
    "many": (N_("White: more than 15 checkers"), N_("Black: more than 15 checkers")),
    "order": (N_("White: checkers are written in ascending order ('b' and 0 first)"),
              N_("Black: checkers are written in ascending order ('b' and 0 first)")),
    "point": (N_("White: {token} is not a point (a number, 'b' or 'off')"),
              N_("Black: {token} is not a point (a number, 'b' or 'off')")),
    "tourne-case": (N_("{text}: White's checkers are b, 0..12"),
                    N_("{text}: Black's checkers are b, 0..12")),
    "two": (N_("{text}: White has two checkers on one point (TC-3)"),
            N_("{text}: Black has two checkers on one point (TC-3)")),
    "garanguet": (N_("{text}: White's checkers are on 1..24 or off"),
                  N_("{text}: Black's checkers are on 1..24 or off")),
}

#: Each complaint about a text as a whole, by what the text should have been.
_TEXT_WORDS = {
    "step": (N_("a step is text, not {type}"), N_("a step of {n} characters is too long to be one"),
             N_("{text}: the step notation is ASCII, not {bad}")),
    "move": (N_("a move is text, not {type}"), N_("a move of {n} characters is too long to be one"),
             N_("{text}: the move notation is ASCII, not {bad}")),
    "position": (N_("a position is text, not {type}"),
                 N_("a position of {n} characters is too long to be one"),
                 N_("{text}: the position notation is ASCII, not {bad}")),
}


def _side_error(side: Side, complaint: str, **fields) -> NotationError:
    white, black = _SIDE_WORDS[complaint]
    return NotationError.of(white if side is Side.WHITE else black, **fields)


def _location_text(loc: int, last: int) -> str:
    if loc == BAR:
        return "b"
    if loc > last:
        return "off"
    return str(loc)


#: The notation is ASCII: a number is one to three digits 0-9, never "²", "٣" or "３" (which
#: str.isdigit accepts), nor thousands of digits (which int() refuses past Python's limit).
_NUMBER = re.compile(r"[0-9]{1,3}")


def _text(text, what: str) -> str:
    """The text itself, once it is known to be ASCII text of a sane length (NotationError)."""
    not_text, too_long, not_ascii = _TEXT_WORDS[what]
    if not isinstance(text, str):
        raise NotationError.of(not_text, type=type(text).__name__)
    if len(text) > 1000:
        raise NotationError.of(too_long, n=len(text))
    if not text.isascii():
        bad = next(c for c in text if not c.isascii())
        raise NotationError.of(not_ascii, text=repr(text[:40]), bad=repr(bad))
    return text


def _number(text: str) -> int | None:
    """An ASCII whole number of at most three digits, or None."""
    return int(text) if _NUMBER.fullmatch(text) else None


def _parse_location(text: str, what: "Side | str") -> int:
    """A location in the notation; `what` is the side whose checkers are read, or the step."""
    text = text.strip()
    if text == "b":
        return BAR
    if text == "off":
        return 25
    loc = _number(text)
    if loc is None:
        if isinstance(what, Side):
            raise _side_error(what, "point", token=repr(text[:20]))
        raise NotationError.of(N_("{step}: {token} is not a point (a number, 'b' or 'off')"),
                               step=what, token=repr(text[:20]))
    return loc


@dataclass(frozen=True)
class Step:
    """One checker moved by one number: from `origin` to `destination` on its own path."""

    origin: int
    destination: int
    hit: bool = False

    def __str__(self) -> str:
        last = 12 if self.destination <= 12 else 24
        return (f"{_location_text(self.origin, last)}-{_location_text(self.destination, last)}"
                + ("*" if self.hit else ""))

    def __repr__(self) -> str:
        return f"Step.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Step":
        body = _text(text, "step").strip()
        hit = body.endswith("*")
        parts = body.rstrip("*").split("-")
        if len(parts) != 2:
            raise NotationError.of(N_("{text} is not a step like '3-5'"), text=repr(text))
        return cls(_parse_location(parts[0], text), _parse_location(parts[1], text), hit)


@dataclass(frozen=True)
class Move:
    """A whole turn: the steps in the order played. No steps is a pass."""

    steps: tuple[Step, ...] = ()

    def __str__(self) -> str:
        return " ".join(map(str, self.steps)) if self.steps else "pass"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        words = _text(text, "move").replace(",", " ").split()
        if words == ["pass"] or not words:
            return cls(())
        return cls(tuple(Step.parse(w) for w in words))

    def same_play(self, other: "Move") -> bool:
        """Equal as played on the board (the hit marks are only for reading)."""
        strip = lambda m: [(s.origin, s.destination) for s in m.steps]  # noqa: E731
        return strip(self) == strip(other)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, how many points, and the rule that scores it."""

    winner: Side
    points: int
    rule: str


@dataclass(frozen=True)
class Position:
    """Each side's checkers as a sorted tuple of locations along its own path, and the side to move.

    Tourne Case: -1 hit and waiting ("b"), 0 not entered, 1..11 points, 12 the home point.
    Garanguet: 1..24 points along the own path, 25 borne off.
    """

    white: tuple[int, ...]
    black: tuple[int, ...]
    to_move: Side

    def checkers(self, side: Side) -> tuple[int, ...]:
        return self.white if side is Side.WHITE else self.black

    def with_checkers(self, side: Side, own: tuple[int, ...], other: tuple[int, ...]) -> "Position":
        """The position with `side`'s checkers set to `own` and the other side's to `other`."""
        if side is Side.WHITE:
            return Position(own, other, self.to_move)
        return Position(other, own, self.to_move)

    def passed(self) -> "Position":
        """The same board with the other side to move."""
        return Position(self.white, self.black, self.to_move.other)

    def __str__(self) -> str:
        if len(self.white) == 15:
            fmt = _garanguet_side
        else:
            fmt = lambda locs: ",".join(_location_text(x, 12) for x in locs)  # noqa: E731
        return f"{fmt(self.white)}/{fmt(self.black)}/{self.to_move}"

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read a position in the engine's notation (Tourne Case or Garanguet, told by the count)."""
        parts = _text(text, "position").strip().split("/")
        if len(parts) != 3:
            raise NotationError.of(N_("{text}: a position is WHITE/BLACK/SIDE, e.g. {example}"),
                                   text=repr(text), example="'0,0,0/0,0,0/W'")
        if parts[2].strip() not in ("W", "B"):
            raise NotationError.of(N_("{text}: the side to move is W or B, not {side}"),
                                   text=repr(text), side=repr(parts[2].strip()))
        white = _parse_side(parts[0], Side.WHITE)
        black = _parse_side(parts[1], Side.BLACK)
        position = cls(white, black, Side(parts[2].strip()))
        if len(white) == len(black) == 3:
            _check_tourne_case(position, text)
        elif len(white) == len(black) == 15:
            _check_garanguet(position, text)
        else:
            raise NotationError.of(N_("{text}: each side has 3 checkers (Tourne Case) or 15 "
                                      "(Garanguet)"), text=repr(text))
        return position


def _garanguet_side(locs: tuple[int, ...]) -> str:
    runs: list[str] = []
    i = 0
    while i < len(locs):
        j = i
        while j < len(locs) and locs[j] == locs[i]:
            j += 1
        text = _location_text(locs[i], 24)
        runs.append(text if j - i == 1 else f"{text}*{j - i}")
        i = j
    return ",".join(runs)


def _parse_side(text: str, who: Side) -> tuple[int, ...]:
    locs: list[int] = []
    for token in text.split(","):
        loc, star, count = token.strip().partition("*")
        n = _number(count) if star else 1
        if n is None or not 1 <= n <= 15:
            raise _side_error(who, "count", token=repr(token.strip()[:20]))
        locs.extend([_parse_location(loc, who)] * n)
        if len(locs) > 15:
            raise _side_error(who, "many")
    if locs != sorted(locs):
        raise _side_error(who, "order")
    return tuple(locs)


def _check_tourne_case(position: Position, text: str) -> None:
    for side in Side:
        locs = position.checkers(side)
        if "*" in text or any(not BAR <= x <= 12 for x in locs):
            raise _side_error(side, "tourne-case", text=repr(text))
        on_points = [x for x in locs if 1 <= x <= 11]
        if len(on_points) != len(set(on_points)):
            raise _side_error(side, "two", text=repr(text))


def _check_garanguet(position: Position, text: str) -> None:
    for side in Side:
        if any(not 1 <= x <= 25 for x in position.checkers(side)):
            raise _side_error(side, "garanguet", text=repr(text))
    black_points = {x for x in position.black if x <= 24}
    if any(25 - x in black_points for x in position.white if x <= 24):
        raise NotationError.of(N_("{text}: a point holds checkers of both sides (G-3)"),
                               text=repr(text))


@dataclass(frozen=True)
class Illegal:
    """Why a step or turn cannot be played: the reason, the rule that forbids it, its fields.

    `reason` is an English message for the catalogue (marked with N_ where it is written) with
    {fields} to fill in: Illegal(N_("point {point} is already occupied"), "TC-3", {"point": 5}).
    `text` is the English filled in ("point 5 is already occupied"), what the engine and the
    command line print; a screen says it in the player's language:
    `_(illegal.reason, **illegal.fields)`, and names the rule with game.rules.rule_title.
    The fields are numbers or notation, never words: they read the same in every language.
    """

    reason: str
    rule: str
    fields: dict | None = field(default=None, hash=False)

    def __post_init__(self):
        object.__setattr__(self, "fields", dict(self.fields or {}))

    @property
    def text(self) -> str:
        """The reason in English, its fields filled in."""
        return self.reason.format(**self.fields) if self.fields else self.reason


# A turn in progress: the mover's checkers, the opponent's, and the numbers still to play.
_State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Rules:
    """A game or preset: data plus the `try_step` hook. Subclasses set the class attributes."""

    name = ""
    title = ""
    dice_count = 2
    checkers = 3
    #: the last point of a path; beyond it a checker is borne off (Garanguet)
    last_point = 12
    #: after as many numbers as possible, also the highest numbers (G-7)
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
        number = _number(name)
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
                result = self.try_step(own, opp, origin, number)
                if not isinstance(result, Illegal):
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
        per distinct result; [] when the turn passes (TC-7). Built from the turn search that
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
        """Every legal whole turn, one per distinct result; [] when the turn passes (TC-7)."""
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
                if not isinstance(result := self.try_step(state_own, state_opp, step.origin, number), Illegal)
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
        summed = (self._why_not_sum(state, step, start)     # bearing off is G-9's to say
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
        along (a stop on an opposing checker, G-3; on an own one, TC-3...); if an order gets
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
