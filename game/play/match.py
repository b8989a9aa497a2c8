"""A match to N points (C-6) and the session that plays it: pure, seeded, and saveable.

The session is the flow of play - priority throw (C-1), throw, move, game over - with every
random draw taken from one seeded `random.Random` whose state is saved with it, so that a
match resumes exactly where it was and any game replays from its record.

What is wrong with a saved match is said as a `Problem` (game/base/i18n.py: the English as the
error's text, and the message for the catalogue): the player reads it when the save is kept aside.

The session receives its game as a `RuleSet` (game/rules): `MatchOptions.rules` holds the rule
set's name for the saves, `MatchOptions.rule_set` the rule set itself (one outside the registry,
a variant a program defines, is played the same way, but not saved).
"""
from __future__ import annotations

import copy
import enum
import json
import random
from dataclasses import dataclass, field
from typing import Callable

from game.base.i18n import N_, Problem
from game.rules.refusals import refusal
from game.rules import (CHARPENTIER, MATCH_LENGTHS, IllegalMoveError, Move, NotationError, Outcome, Position, Rules,
                    RuleSet, Side, rule_set)

SAVE_FORMAT = 1
OPPONENTS = ("computer", "human", "online")


class Phase(enum.Enum):
    PRIORITY = "priority"      # each side throws one die to see who starts (C-1)
    THROW = "throw"            # the side to move throws the game's dice
    MOVE = "move"              # the dice are shown; the side to move plays (or passes)
    GAME_OVER = "game-over"
    MATCH_OVER = "match-over"


@dataclass(frozen=True)
class MatchOptions:
    rules: str | RuleSet = CHARPENTIER.name     # a RuleSet, or its name (kept as the name)
    length: int = 3
    opponent: str = "computer"          # "computer", "human" (two people at one screen), or
                                        # "online" (a friend's game elsewhere plays the other side)
    level: str = ""                     # the computer's level by name ("" = the strongest)
    human_side: Side = Side.WHITE
    touch_move: bool = False            # C-5
    autoplay: bool = False              # both sides played by the computer (demos, tests)
    hints: bool = True                  # H may show the hints; between two people a match option
                                        # (off by default online), the same for both sides

    _rule_set: RuleSet | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if isinstance(self.rules, RuleSet):
            object.__setattr__(self, "_rule_set", self.rules)
            object.__setattr__(self, "rules", self.rules.name)
        elif self._rule_set is None or self._rule_set.name != self.rules:
            object.__setattr__(self, "_rule_set", rule_set(self.rules))
        if self.length not in MATCH_LENGTHS:
            raise ValueError(Problem(N_("a match is played to {lengths} points, not {length} (C-6)"),
                                     lengths=", ".join(map(str, MATCH_LENGTHS)),
                                     length=repr(self.length)))
        if self.opponent not in OPPONENTS:
            raise ValueError(Problem(N_("the opponent is 'computer', 'human' or 'online', not {opponent}"),
                                     opponent=repr(self.opponent)))
        if not isinstance(self.level, str) or not isinstance(self.human_side, Side):
            raise ValueError(Problem(N_("bad level or side in the match options")))

    @property
    def rule_set(self) -> RuleSet:
        return self._rule_set

    def to_dict(self) -> dict:
        """A JSON-ready snapshot that later play never changes."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__ if not name.startswith("_")}
        return {**data, "human_side": str(self.human_side)}

    @classmethod
    def from_dict(cls, data: dict) -> "MatchOptions":
        if not isinstance(data, dict):
            raise ValueError(Problem(N_("match options must be an object")))
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data and not k.startswith("_")}
        if "human_side" in known:
            known["human_side"] = Side(known["human_side"])
        for flag in ("touch_move", "autoplay", "hints"):
            if flag in known and not isinstance(known[flag], bool):
                raise ValueError(Problem(N_("{flag} must be true or false"), flag=flag))
        return cls(**known)


@dataclass(frozen=True)
class Dealt:
    """A throw dealt from outside the session (an online match's dice, docs/online.md): the
    faces - a game throw's dice, or the priority throw's rounds (White's, Black's) with the
    ties first - and the seed of their physics."""
    faces: tuple
    seed: int


@dataclass
class Match:
    """First to `length` points (C-6): the score and the record of every finished game."""

    rules: Rules
    length: int
    score: dict[Side, int] = field(default_factory=lambda: {Side.WHITE: 0, Side.BLACK: 0})
    games: list[dict] = field(default_factory=list)

    def add_game(self, record: dict, outcome: Outcome) -> None:
        self.score[outcome.winner] += outcome.points
        self.games.append(record)

    @property
    def winner(self) -> Side | None:
        for side in Side:
            if self.score[side] >= self.length:
                return side
        return None

    def score_by_name(self) -> dict[str, int]:
        """The score as the saves and the records write it: {"W": n, "B": n}."""
        return {str(side): n for side, n in self.score.items()}

    def away(self, side: Side) -> int:
        """Points `side` still needs to win the match."""
        return max(self.length - self.score[side], 0)


@dataclass(frozen=True)
class TurnSnapshot:
    """A session as it was at one moment of a game: enough to go back to it (a take-back)
    without replaying anything."""

    phase: "Phase"
    position: Position
    dice: tuple[int, ...] | None
    throw_seed: int
    rng: tuple
    turns: int                 # how many turns the game's record held
    score: tuple[int, int]
    games: int


def replay(rules: Rules, record: dict) -> Position:
    """The position reached by a game's record: who threw first, then each (dice, move)."""
    position = rules.start(Side(record["first"]))
    for dice, move in record["turns"]:
        position = rules.apply(position, Move.parse(move), tuple(dice))
    return position


class Session:
    """One match being played: options, the match, the game in progress and the generator."""

    def __init__(self, options: MatchOptions, rng: random.Random):
        self.options = options
        self.rule_set = options.rule_set
        self.rules = self.rule_set.rules
        self.match = Match(self.rules, options.length)
        self.rng = rng
        self.phase = Phase.PRIORITY
        self.position = self.rules.start(Side.WHITE)
        self.dice: tuple[int, ...] | None = None
        self.priority: tuple[int, int] | None = None     # the last priority throw (White, Black)
        self.throw_seed = 0                              # seeds the dice physics of that throw
        self.record: dict = {}
        self.outcome: Outcome | None = None
        self.next_throw: Dealt | None = None     # the next throw's faces, when a dealer gave them
        self.online: dict | None = None          # an online match's link state as last saved
                                                 # (the keeper's copy of the link's; JSON-ready)
        self.names_told: set[str] = set()        # the throws' names explained at the table this
                                                 # match ("Quines": what it means), not saved

    @classmethod
    def new(cls, options: MatchOptions, seed: int | None = None) -> "Session":
        return cls(options, random.Random(seed))

    @property
    def to_move(self) -> Side:
        return self.position.to_move

    def is_computer(self, side: Side) -> bool:
        if self.is_remote(side):
            return False
        if self.options.autoplay:
            return True
        return self.options.opponent == "computer" and side is not self.options.human_side

    def is_remote(self, side: Side) -> bool:
        """The other game plays this side (an online match)."""
        return self.options.opponent == "online" and side is not self.options.human_side

    def is_person(self, side: Side) -> bool:
        """A person at this screen plays this side: neither the computer nor the other game."""
        return not (self.is_computer(side) or self.is_remote(side))

    @property
    def throw_key(self) -> tuple[int, int]:
        """The throw the session is at, or will be at next, as both games of an online match
        name it: (game, turn); a game's priority throw is (game, -1) (docs/online.md). The
        turn a move is played at has its throw's key."""
        game = len(self.match.games)
        if self.phase in (Phase.THROW, Phase.MOVE):
            return game, len(self.record["turns"])
        return game, -1

    def physics_rng(self) -> random.Random:
        """The generator for the dice simulation of the last throw (of the throw dealt, when one
        waits); the faces never come from it."""
        return random.Random(self.throw_seed if self.next_throw is None else self.next_throw.seed)

    def _expect(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise IllegalMoveError(f"not now: the game is at {self.phase.value}, not {phase.value}")

    def throw_priority(self) -> tuple[int, int]:
        """Each side throws one die; a tie is thrown again, the higher starts (C-1)."""
        self._expect(Phase.PRIORITY)
        if self.next_throw is not None:
            (white, black), *rest = self.next_throw.faces
            self.throw_seed = self.next_throw.seed
            self.next_throw = Dealt(tuple(rest), self.throw_seed) if rest and white == black else None
        else:
            white, black = self.rng.randint(1, 6), self.rng.randint(1, 6)
            self.throw_seed = self.rng.getrandbits(64)
        self.priority = (white, black)
        if white != black:
            first = Side.WHITE if white > black else Side.BLACK
            self.position = self.rules.start(first)
            self.record = {"first": str(first), "turns": []}
            self.phase = Phase.THROW
        return self.priority

    def throw(self) -> tuple[int, ...]:
        """The side to move throws the game's dice (faces from the session's generator, C-3)."""
        self._expect(Phase.THROW)
        if self.next_throw is not None:
            self.dice, self.throw_seed = tuple(self.next_throw.faces), self.next_throw.seed
            self.next_throw = None
        else:
            self.dice = tuple(self.rng.randint(1, 6) for _ in range(self.rules.dice_count))
            self.throw_seed = self.rng.getrandbits(64)
        self.phase = Phase.MOVE
        return self.dice

    def legal_moves(self) -> list[Move]:
        self._expect(Phase.MOVE)
        return self.rules.legal_moves(self.position, self.dice)

    def plays(self) -> list[tuple[Move, Position]]:
        """The throw's legal plays, each with the position it leads to (Rules.plays)."""
        self._expect(Phase.MOVE)
        return self.rules.plays(self.position, self.dice)

    def play(self, move: Move) -> Outcome | None:
        """Play the side to move's turn (a pass is `Move(())`); ends the game when it is won."""
        self._expect(Phase.MOVE)
        after = self.rules.apply(self.position, move, self.dice)
        self.record["turns"].append([list(self.dice), str(move)])
        self.position, self.dice = after, None
        self.outcome = self.rules.outcome(after)
        if self.outcome is None:
            self.phase = Phase.THROW
        else:
            self.record["outcome"] = {"winner": str(self.outcome.winner), "points": self.outcome.points}
            self.match.add_game(self.record, self.outcome)
            self.phase = Phase.GAME_OVER
        return self.outcome

    def next_game(self) -> None:
        """After a game: the next game's priority throw, or the end of the match."""
        self._expect(Phase.GAME_OVER)
        self.outcome, self.record, self.priority = None, {}, None
        self.position = self.rules.start(Side.WHITE)
        self.phase = Phase.MATCH_OVER if self.match.winner else Phase.PRIORITY

    def snapshot(self) -> TurnSnapshot:
        """Where the session is now, to come back to it (`restore`) at no cost."""
        return TurnSnapshot(self.phase, self.position, self.dice, self.throw_seed, self.rng.getstate(),
                            len(self.record.get("turns", ())), (self.match.score[Side.WHITE],
                                                                self.match.score[Side.BLACK]),
                            len(self.match.games))

    def restore(self, data: "TurnSnapshot | dict") -> None:
        """Go back to an earlier moment of this match (a take-back), in place, so whoever holds
        the session keeps holding the match being played: a TurnSnapshot of this game (nothing
        replayed), or a saved dict (checked and replayed as a save is)."""
        if not isinstance(data, TurnSnapshot):
            vars(self).update(vars(Session.from_dict(data)))
            return
        self.phase, self.position, self.dice = data.phase, data.position, data.dice
        self.throw_seed = data.throw_seed
        self.rng.setstate(data.rng)
        del self.record["turns"][data.turns:]
        self.record.pop("outcome", None)
        del self.match.games[data.games:]
        self.match.score = {Side.WHITE: data.score[0], Side.BLACK: data.score[1]}
        self.outcome = None

    # --- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A JSON-ready snapshot that later play never changes."""
        version, internal, gauss = self.rng.getstate()
        return {
            "session": SAVE_FORMAT,
            "options": self.options.to_dict(),
            "score": self.match.score_by_name(),
            "games": copy.deepcopy(self.match.games),
            "phase": self.phase.value,
            "position": str(self.position),
            "dice": list(self.dice) if self.dice else None,
            "priority": list(self.priority) if self.priority else None,
            "throw_seed": self.throw_seed,
            "record": copy.deepcopy(self.record),
            "rng": [version, list(internal), gauss],
            **({"online": copy.deepcopy(self.online)} if self.online is not None else {}),
        }

    @classmethod
    def from_dict(cls, data) -> "Session":
        """Rebuild a saved session, checking everything; ValueError says what is wrong."""
        try:
            return cls._from_dict(data)
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError, NotationError) as exc:
            raise ValueError(Problem(N_("the saved match is damaged ({error})"),
                                     error=f"{type(exc).__name__}: {exc}")) from None

    @classmethod
    def _from_dict(cls, data) -> "Session":
        if not isinstance(data, dict) or data.get("session") != SAVE_FORMAT:
            raise ValueError(Problem(N_("not a saved match of a known format")))
        options = MatchOptions.from_dict(data["options"])
        session = cls(options, random.Random())
        version, internal, gauss = data["rng"]
        if (not isinstance(internal, list) or len(internal) != 625
                or not all(isinstance(x, int) and 0 <= x < 2 ** 32 for x in internal)):
            raise ValueError(Problem(N_("the saved random generator is damaged")))
        session.rng.setstate((version, tuple(internal), gauss))
        session.phase = Phase(data["phase"])
        score = data["score"]
        session.match.score = {side: _count(score[str(side)]) for side in Side}
        games = data["games"]
        if not isinstance(games, list):
            raise ValueError(Problem(N_("the saved games are not a list")))
        for record in games:
            _check_record(session.rules, record)
        for side in Side:
            won = sum(r["outcome"]["points"] for r in games if r["outcome"]["winner"] == str(side))
            if won != session.match.score[side]:
                raise ValueError(Problem(N_("the saved score does not add up to the saved games")))
        session.match.games = games
        seed = data["throw_seed"]
        if not isinstance(seed, int) or seed < 0:
            raise ValueError(Problem(N_("the saved throw seed is damaged")))
        session.throw_seed = seed
        if data["priority"] is not None:
            session.priority = _dice(data["priority"], 2)
        session.record = data["record"]
        online = data.get("online")
        if (online is None) != (options.opponent != "online") or online is not None and (
                not isinstance(online, dict) or not isinstance(online.get("url"), str)
                or online.get("seat") not in ("host", "guest") or not isinstance(online.get("token"), str)):
            raise ValueError(Problem(N_("the saved online match is damaged")))
        session.online = online
        if session.phase in (Phase.THROW, Phase.MOVE, Phase.GAME_OVER):
            session.position = _replay_in_progress(session.rules, session.record)
            if str(session.position) != data["position"]:
                raise ValueError(Problem(N_("the saved position does not follow from the saved moves")))
        elif session.record:
            raise ValueError(Problem(N_("a game record is saved where no game is in progress")))
        if session.phase is Phase.MOVE:
            session.dice = _dice(data["dice"], session.rules.dice_count)
        if session.phase is Phase.GAME_OVER:
            session.outcome = session.rules.outcome(session.position)
            if session.outcome is None or not games or games[-1] != session.record:
                raise ValueError(Problem(N_("the saved game is over but has no winner")))
        elif session.phase is not Phase.MATCH_OVER and session.rules.outcome(session.position):
            raise ValueError(Problem(N_("the saved game is already won")))
        ended = session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        if (session.phase is Phase.MATCH_OVER and not session.match.winner) or (
                session.match.winner and not ended):
            raise ValueError(Problem(N_("the saved match's end does not agree with its score")))
        return session


def play_step(session: Session, choose: Callable[[Session, list[Move]], Move]) -> Session:
    """One step of play: the priority throw, a throw, a turn (`choose(session, moves)` picks
    among the legal moves; a pass when there is none), or the next game."""
    if session.phase is Phase.PRIORITY:
        session.throw_priority()
    elif session.phase is Phase.THROW:
        session.throw()
    elif session.phase is Phase.MOVE:
        moves = session.legal_moves()
        session.play(choose(session, moves) if moves else Move(()))
    elif session.phase is Phase.GAME_OVER:
        session.next_game()
    return session


def play_out(session: Session, choose: Callable[[Session, list[Move]], Move],
             until: Callable[[Session], bool] | None = None) -> Session:
    """Play `session` on, step by step (`play_step`), until `until(session)` holds - asked
    before every step - or by default until the match is over; a test's, a benchmark's and a
    tool's way of playing a match out without a screen."""
    until = until or (lambda s: s.phase is Phase.MATCH_OVER)
    while not until(session) and session.phase is not Phase.MATCH_OVER:
        play_step(session, choose)
    return session


def _count(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise ValueError(Problem(N_("a score is a whole number of points, not {value}"),
                                 value=repr(value)))
    return value


def _dice(value, count: int) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)):
        raise ValueError(Problem(N_("saved dice must be {count} numbers from 1 to 6, not {value}"),
                                 count=count, value=repr(value)))
    return tuple(value)


#: The finished games already replayed and found good, by rule set and record (as JSON), and the
#: positions of the last game in progress replayed: the backup of a save (match.json.prev), a
#: move or a throw older, holds the same games and a beginning of that game, and is checked
#: without replaying them again.
_REPLAYED: dict[str, None] = {}
_IN_PROGRESS: list = []        # [(rules, who threw first, turns, the position after each)]


def _replay_in_progress(rules: Rules, record: dict) -> Position:
    """The position a game in progress reached (as `replay`), from the positions remembered when
    its record, or a longer one it begins, was replayed last."""
    turns = record["turns"]
    if not isinstance(turns, list):    # not remembered: checked as it always was
        return replay(rules, record)
    for known_rules, first, known, positions in _IN_PROGRESS:
        if known_rules is rules and first == record["first"] and known[:len(turns)] == turns:
            return positions[len(turns)]
    positions = [rules.start(Side(record["first"]))]
    for dice, move in turns:
        positions.append(rules.apply(positions[-1], Move.parse(move), tuple(dice)))
    _IN_PROGRESS[:] = [(rules, record["first"], copy.deepcopy(turns), positions)]
    return positions[-1]


def _check_record(rules: Rules, record) -> None:
    """A finished game's record must replay to the win it claims."""
    if not isinstance(record, dict) or not isinstance(record.get("turns"), list):
        raise ValueError(Problem(N_("a saved game record is damaged")))
    key = f"{rules.name}:{id(rules)}:{json.dumps(record, sort_keys=True)}"
    if key in _REPLAYED:
        return
    _replays_to_its_outcome(rules, record)
    if len(_REPLAYED) >= 64:
        _REPLAYED.clear()
    _REPLAYED[key] = None


def forget_replays() -> None:
    """Forget which games were replayed (a benchmark's cold load, as at start)."""
    _REPLAYED.clear()
    _IN_PROGRESS.clear()


def _replays_to_its_outcome(rules: Rules, record: dict) -> None:
    try:
        outcome = rules.outcome(replay(rules, record))
    except IllegalMoveError as exc:
        raise ValueError(Problem(N_("a saved game does not replay: {refusal}"),
                                 refusal=refusal(exc))) from None
    claimed = record.get("outcome")
    if outcome is None or claimed != {"winner": str(outcome.winner), "points": outcome.points}:
        raise ValueError(Problem(N_("a saved game's result does not follow from its moves")))
