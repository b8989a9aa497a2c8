"""A match to N points (C-6) and the session that plays it: pure, seeded, and saveable.

The session is the flow of play - priority throw (C-1), throw, move, game over - with every
random draw taken from one seeded `random.Random` whose state is saved with it, so that a
match resumes exactly where it was and any game replays from its record.

What is wrong with a saved match is said as a `Problem` (game/base/i18n.py: the English as the
error's text, and the message for the catalogue): the player reads it when the save is kept aside.

The session receives its game as a `RuleSet` (game/rules), through its options (options.py). A
saved match is checked by replaying its games (replays.py).
"""
from __future__ import annotations

import copy
import enum
import random
from dataclasses import dataclass, field
from typing import Callable

from game.base.i18n import N_, Problem
from game.play.options import MatchOptions
from game.play.replays import (check_record, replay_in_progress, saved_dice, saved_points)
from game.rules import (IllegalMoveError, Move, NotationError, Outcome,
                        Position, Rules, Side)

SAVE_FORMAT = 1


class Phase(enum.Enum):
    PRIORITY = "priority"      # each side throws one die to see who starts (C-1)
    THROW = "throw"            # the side to move throws the game's dice
    MOVE = "move"              # the dice are shown; the side to move plays (or passes)
    GAME_OVER = "game-over"
    MATCH_OVER = "match-over"


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
    def to_dict(self, copy: bool = True) -> dict:
        """A JSON-ready snapshot that later play never changes; with `copy=False`, one that
        shares the session's own games, record and online state, for a save written out at
        once (copying a long match's history at every step was a third of a save's time)."""
        version, internal, gauss = self.rng.getstate()
        kept = copied if copy else _as_is
        return {
            "session": SAVE_FORMAT,
            "options": self.options.to_dict(),
            "score": self.match.score_by_name(),
            "games": kept(self.match.games),
            "phase": self.phase.value,
            "position": str(self.position),
            "dice": list(self.dice) if self.dice else None,
            "priority": list(self.priority) if self.priority else None,
            "throw_seed": self.throw_seed,
            "record": kept(self.record),
            "rng": [version, list(internal), gauss],
            **({"online": kept(self.online)} if self.online is not None else {}),
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
        session.match.score = {side: saved_points(score[str(side)]) for side in Side}
        games = data["games"]
        if not isinstance(games, list):
            raise ValueError(Problem(N_("the saved games are not a list")))
        for record in games:
            check_record(session.rules, record)
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
            session.priority = saved_dice(data["priority"], 2)
        session.record = data["record"]
        online = data.get("online")
        if (online is None) != (options.opponent != "online") or online is not None and (
                not isinstance(online, dict) or not isinstance(online.get("url"), str)
                or online.get("seat") not in ("host", "guest") or not isinstance(online.get("token"), str)):
            raise ValueError(Problem(N_("the saved online match is damaged")))
        session.online = online
        if session.phase in (Phase.THROW, Phase.MOVE, Phase.GAME_OVER):
            session.position = replay_in_progress(session.rules, session.record)
            if str(session.position) != data["position"]:
                raise ValueError(Problem(N_("the saved position does not follow from the saved moves")))
        elif session.record:
            raise ValueError(Problem(N_("a game record is saved where no game is in progress")))
        if session.phase is Phase.MOVE:
            session.dice = saved_dice(data["dice"], session.rules.dice_count)
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


_LEAVES = (str, int, float, bool, type(None))


def _as_is(value):
    return value


def copied(value):
    """A copy of a save's JSON shapes (dicts, lists and tuples of plain values) that later play
    never changes: copy.deepcopy's result, for a fraction of its time (the match is saved at
    every step); anything else is deep-copied."""
    kind = type(value)
    if kind is dict:
        return {key: copied(item) for key, item in value.items()}
    if kind is list:
        return [copied(item) for item in value]
    if kind is tuple:
        return tuple(copied(item) for item in value)
    if kind in _LEAVES:
        return value
    return copy.deepcopy(value)
