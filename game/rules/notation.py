"""Steps, moves and positions, and how they are written: the engine's notation.

A step is "3-5" ("b" the bar, "off" borne off, a trailing "*" a hit), a move its steps in order
("0-3 3-5"; "pass" for none), a position WHITE/BLACK/SIDE: each side's checkers along its own
path in ascending order, a run of one location written loc*count ("0,0,3/0,0,0/W").

That much every game shares. Which positions are a game's own, what it checks in them and how it
writes them is the game's: its `PositionNotation`, kept in NOTATIONS by the game's name
(RuleSet.game). The registry (game/rules/__init__.py) puts each game's there; a game defined
elsewhere adds its own the same way (`NOTATIONS["tiny-race"] = TinyRaceNotation()`), and
Position.parse and str(position) serve it at once: the first asks each game in turn whether
the checkers read are its own, the second asks which game's the position is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.base.i18n import N_
from game.rules.errors import NotationError
from game.rules.values import BAR, Side

#: "off" is read as this location (one past a 24-point path), and written for it and beyond.
OFF_TEXT = 25
#: The most checkers a side's text may hold.
MOST = 15

#: (White's, Black's) message for each complaint about one side's checkers, so that each
#: language names the side in its own words.
_SIDE_WORDS = {
    "count": (N_("White: {token} has a bad count (1..15)"),
              N_("Black: {token} has a bad count (1..15)")),
    "many": (N_("White: more than 15 checkers"), N_("Black: more than 15 checkers")),
    "order": (N_("White: checkers are written in ascending order"),
              N_("Black: checkers are written in ascending order")),
    "point": (N_("White: {token} is not a point (a number, 'b' or 'off')"),
              N_("Black: {token} is not a point (a number, 'b' or 'off')")),
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


def side_error(side: Side, words: tuple[str, str], **fields) -> NotationError:
    """The error about `side`'s checkers: `words` is (White's message, Black's message)."""
    white, black = words
    return NotationError.of(white if side is Side.WHITE else black, **fields)


def location_text(loc: int) -> str:
    """A location as written: "b" for the bar, "off" once borne off, else its number."""
    if loc == BAR:
        return "b"
    if loc >= OFF_TEXT:
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


def read_number(text: str) -> int | None:
    """An ASCII whole number of at most three digits, or None."""
    return int(text) if _NUMBER.fullmatch(text) else None


def _parse_location(text: str, what: Side | str) -> int:
    """A location in the notation; `what` is the side whose checkers are read, or the step."""
    text = text.strip()
    if text == "b":
        return BAR
    if text == "off":
        return OFF_TEXT
    loc = read_number(text)
    if loc is None:
        if isinstance(what, Side):
            raise side_error(what, _SIDE_WORDS["point"], token=repr(text[:20]))
        raise NotationError.of(N_("{step}: {token} is not a point (a number, 'b' or 'off')"),
                               step=what, token=repr(text[:20]))
    return loc


def _read_side(text: str, who: Side) -> list[tuple[str, int | None]]:
    """One side's checkers as written, in the order written: each checker's location as typed
    and read (None where it is no location: the game it is, known from the count, says why)."""
    checkers: list[tuple[str, int | None]] = []
    for token in text.split(","):
        loc, star, count = token.strip().partition("*")
        n = read_number(count) if star else 1
        if n is None or not 1 <= n <= MOST:
            raise side_error(who, _SIDE_WORDS["count"], token=repr(token.strip()[:20]))
        loc = loc.strip()
        checkers.extend([(loc, _location_or_none(loc))] * n)
        if len(checkers) > MOST:
            raise side_error(who, _SIDE_WORDS["many"])
    return checkers


def _location_or_none(text: str) -> int | None:
    try:
        return _parse_location(text, Side.WHITE)
    except NotationError:
        return None


@dataclass(frozen=True)
class Step:
    """One checker moved by one number: from `origin` to `destination` on its own path."""

    origin: int
    destination: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{location_text(self.origin)}-{location_text(self.destination)}" + ("*" if self.hit else "")

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
class Position:
    """Each side's checkers as a sorted tuple of locations along its own path, and the side to
    move. What a location means is the game's (its Rules' docstring): BAR and OUT are off the
    path, 1 and up its points."""

    white: tuple[int, ...]
    black: tuple[int, ...]
    to_move: Side

    def __hash__(self) -> int:
        # positions are keys of many a table and cache: the side by a bool, not by the enum's
        # own hash (Python code, a call each time)
        return hash((self.white, self.black, self.to_move is Side.WHITE))

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
        """Written as the game whose position it is writes it (one location after another where
        no registered game's it is)."""
        return (notation_of(self) or PositionNotation()).write(self)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read a position in the engine's notation: the checkers as every game writes them,
        then checked by the game whose they are (NotationError if none's)."""
        parts = _text(text, "position").strip().split("/")
        if len(parts) != 3:
            raise NotationError.of(N_("{text}: a position is WHITE/BLACK/SIDE, e.g. {example}"),
                                   text=repr(text), example="'0,0,0/0,0,0/W'")
        if parts[2].strip() not in ("W", "B"):
            raise NotationError.of(N_("{text}: the side to move is W or B, not {side}"),
                                   text=repr(text), side=repr(parts[2].strip()))
        written = {Side.WHITE: _read_side(parts[0], Side.WHITE),
                   Side.BLACK: _read_side(parts[1], Side.BLACK)}
        # The game is known by the count of checkers; then its own words say what is wrong:
        # a location that is none of its own (in its notation), and only then the order.
        as_read = {side: tuple(BAR if loc is None else loc for _token, loc in checkers)
                   for side, checkers in written.items()}
        position = cls(as_read[Side.WHITE], as_read[Side.BLACK], Side(parts[2].strip()))
        notation = notation_of(position)
        for side, checkers in written.items():
            bad = next((token for token, loc in checkers if loc is None), None)
            if bad is not None:
                words = notation.point_words if notation else _SIDE_WORDS["point"]
                raise side_error(side, words, token=repr(bad[:20]))
        if notation is None:
            raise NotationError.of(NOTATIONS.miscounted, text=repr(text))
        notation.check(position, text)
        for side, locations in as_read.items():
            if list(locations) != sorted(locations):
                raise side_error(side, notation.order_words)
        return position


class PositionNotation:
    """One game's positions in the shared notation: which are its own (`owns`: as many checkers
    a side as it plays), what it checks in them, and how it writes them. A game's notation
    overrides what differs: `check` (raise NotationError, naming the rule), `write_side`."""

    checkers = 0           # a side's checkers in this game
    #: (White's, Black's) words for a location that is none of this game's, with {token};
    #: and for checkers not written in ascending order
    point_words = _SIDE_WORDS["point"]
    order_words = _SIDE_WORDS["order"]

    def owns(self, position: Position) -> bool:
        """Whether `position` is this game's: each side has the game's count of checkers."""
        return len(position.white) == len(position.black) == self.checkers

    def check(self, position: Position, text: str) -> None:
        """Refuse (NotationError) a position of this game's count that the game cannot have;
        `text` is what it was read from."""

    def write(self, position: Position) -> str:
        return f"{self.write_side(position.white)}/{self.write_side(position.black)}/{position.to_move}"

    def write_side(self, locations: tuple[int, ...]) -> str:
        """One side's checkers, one location after another: "0,3,5"."""
        return ",".join(map(location_text, locations))


def write_runs(locations: tuple[int, ...]) -> str:
    """One side's checkers with each run of one location counted: "1*13,18,off"."""
    runs: list[str] = []
    i = 0
    while i < len(locations):
        j = i
        while j < len(locations) and locations[j] == locations[i]:
            j += 1
        text = location_text(locations[i])
        runs.append(text if j - i == 1 else f"{text}*{j - i}")
        i = j
    return ",".join(runs)


class Notations(dict):
    """Each game's PositionNotation by the game's name (RuleSet.game), asked in the order
    registered; `miscounted`: what Position.parse says of checkers no game's notation owns
    (the registry words it, naming its games)."""

    miscounted = N_("{text}: no game has that many checkers a side")


NOTATIONS = Notations()


def notation_of(position: Position) -> PositionNotation | None:
    """The notation of the game whose position this is, or None."""
    return next((n for n in NOTATIONS.values() if n.owns(position)), None)
