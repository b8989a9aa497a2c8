"""The computer opponent, its levels, and the hints shown to a human.

Every move comes from the rules engine (`legal_moves`); the solved tables only say what each
result is worth. The top level plays the exact best move; the lower levels make the mistakes
people make: bringing every checker in before racing, not counting their own hits, picking a
move that merely looks about as good.
"""
from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass

from game.rules import Move, Position, Side

from . import tables as tbl

LEVELS = [
    ("novice", "Brings every checker onto the board before racing the leaders home, and "
               "hits only by chance."),
    ("journeyman", "Plays safe and knows the race, but does not count what its own hits are "
                   "worth, and misjudges close calls."),
    ("master", "Knows the odds of every move, but now and then plays one that is nearly as good."),
    ("perfect", "Plays the exact best move: Tourne Case is solved, every throw of every position."),
]
LEVEL_NAMES = [name for name, _ in LEVELS]


@dataclass(frozen=True)
class Hint:
    """One legal move and what it is worth to the mover. win_probability: the chance to win the
    game (the match, in a Bell match); equity: expected points (Bell), else None; loss: what it
    gives up against the best move, in the unit the moves are ranked by."""

    move: Move
    win_probability: float
    equity: float | None
    loss: float


@dataclass
class Option:
    """A legal move and the configs it leaves: the mover's and the opponent's."""

    move: Move | None
    own: int
    opp: int


def options(t: tbl.Tables, position: Position, dice) -> list[Option]:
    """The engine's legal moves for this throw, each with the configs it leaves."""
    side = position.to_move
    found = []
    for move in t.rules.legal_moves(position, dice):
        after = t.rules.play_steps(position, move.steps)
        found.append(Option(move, t.index[after.checkers(side)], t.index[after.checkers(side.other)]))
    return found


def aways(side: Side, match) -> tuple[int, int] | None:
    """The points `side` and its opponent still need, or None outside a match (or after it)."""
    if match is None:
        return None
    length, white, black = match
    mine, theirs = (white, black) if side is Side.WHITE else (black, white)
    if length - mine <= 0 or length - theirs <= 0:
        return None
    return length - mine, length - theirs


def objective(t: tbl.Tables, position: Position, match=None, wait: bool = False):
    """What the side to move plays for: the game (Charpentier: every win is 1 point), the most
    points (a Bell game), or the match at this score (a Bell match; None while being solved)."""
    if t.equity is None:
        return t.win
    score = aways(position.to_move, match)
    if score is None:
        return t.most_points
    return t.match_objective(*score, wait=wait)


def hints(rules, position: Position, dice, match=None) -> list[Hint]:
    """Each legal move with its worth, best first ([] when the turn passes). In a Bell match whose
    score is still being solved (in the background), the moves are ranked for the most points."""
    t = tbl.tables(rules.name)
    found = options(t, position, dice)
    if not found:
        return []
    goal = objective(t, position, match)
    for_match = goal not in (None, t.win, t.most_points)
    ranked = []
    for option in found:
        win = t.win.after(option.own, option.opp, t.home)
        equity = None
        if t.equity is not None:
            equity = t.most_points.after(option.own, option.opp, t.home)
        score = win if equity is None else equity
        if for_match:
            score = win = goal.after(option.own, option.opp, t.home)
        ranked.append((score, option.move, win, equity))
    ranked.sort(key=lambda r: -r[0])
    best = ranked[0][0]
    return [Hint(move, win, equity, best - score) for score, move, win, equity in ranked]


class Computer:
    """A computer player at one level. `rng` drives the lower levels' mistakes only."""

    def __init__(self, rules, level_name: str, rng: random.Random):
        if level_name not in LEVEL_NAMES:
            raise ValueError(f"unknown level {level_name!r}: choose one of {', '.join(LEVEL_NAMES)}")
        if rules.name not in tbl.TOURNE_CASE:
            raise ValueError(f"the computer plays Tourne Case, not {rules.title}")
        self.rules = rules
        self.level = level_name
        self.rng = rng
        self._loading: threading.Thread | None = None
        self._match = None

    def prepare(self, match=None) -> None:
        """Load the tables in the background (and, in a Bell match, solve this score)."""
        if self._loading is None and not tbl.is_loaded(self.rules.name):
            self._loading = threading.Thread(target=self._load, daemon=True)
            self._loading.start()
        if match is not None:
            self._match = match
            if tbl.is_loaded(self.rules.name):
                self._start_match(match)

    def _load(self) -> None:
        tbl.tables(self.rules.name)
        if self._match is not None:
            self._start_match(self._match)

    def _start_match(self, match) -> None:
        """Start solving a Bell match's score (one solve serves both sides)."""
        t = tbl.tables(self.rules.name)
        score = aways(Side.WHITE, match)
        if t.equity is not None and score is not None:
            t.match_objective(*score)

    def ready(self) -> bool:
        """True once the computer plays its best: tables loaded, and a Bell match's score solved."""
        if not tbl.is_loaded(self.rules.name):
            return False
        t = tbl.tables(self.rules.name)
        score = aways(Side.WHITE, self._match)
        return t.equity is None or score is None or t.match_ready(*score)

    def choose(self, position: Position, dice, match=None) -> Move:
        """The move this level plays: always a legal one, even before the tables are ready."""
        if match is not None and match != self._match:
            self.prepare(match)
        if not tbl.is_loaded(self.rules.name) and self._loading is not None:
            return _race(self.rules, position, dice, self.rng)
        t = tbl.tables(self.rules.name)
        found = options(t, position, dice)
        if not found:
            return Move(())
        goal = objective(t, position, match) or t.most_points
        return pick(self.level, t, goal, found, t.indices(position)[1], self.rng).move


def pick(level: str, t: tbl.Tables, goal, options: list, before: int, rng: random.Random) -> Option:
    """The option (the move's result: own and opponent config) a level plays; `before` is the
    opponent's config before the move."""
    if level == "novice":
        spread = [_spread(t.configs[o.own]) for o in options]
        return rng.choice([o for o, s in zip(options, spread) if s == max(spread)])
    if level == "journeyman":
        # Values each move as if its hits did not happen: the race and the danger, not the hit.
        values = [goal.after(o.own, before, t.home) for o in options]
        return _softmax(options, values, _temperature(level, goal), rng)
    values = [goal.after(o.own, o.opp, t.home) for o in options]
    if level == "master":
        return _softmax(options, values, _temperature(level, goal), rng)
    return options[max(range(len(options)), key=values.__getitem__)]


#: how loosely a level weighs close calls: (in chances, in Bell's points, where the best and the
#: worst move of a throw lie further apart); measured by tests/bench_computer.py
TEMPERATURES = {"journeyman": (0.05, 0.3), "master": (0.03, 0.15)}


def _temperature(level: str, goal) -> float:
    chances, points = TEMPERATURES[level]
    return chances if goal.K else points


def _softmax(options, values, temperature: float, rng: random.Random):
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    return rng.choices(options, weights)[0]


def _race(rules, position: Position, dice, rng: random.Random) -> Move:
    """The novice's move (also any level's while its tables load): the one that pushes its
    checkers furthest forward, the leaders most."""
    moves = rules.legal_moves(position, dice)
    if not moves:
        return Move(())
    side = position.to_move

    pushes = [_push(rules.play_steps(position, m.steps).checkers(side)) for m in moves]
    return rng.choice([m for m, p in zip(moves, pushes) if p == max(pushes)])


def _spread(config) -> int:
    """The novice's liking for a config: checkers home, then every checker on the board with
    the rear ones brought up first."""
    return 100 * config.count(12) - sum(x * x for x in config if 0 < x < 12) - 200 * sum(
        1 for x in config if x <= 0)


def _push(config) -> int:
    """How far a config has pushed its checkers, the leaders counting most."""
    return sum(max(x, 0) ** 2 for x in config)


def random_move(rules, position: Position, dice, rng: random.Random) -> Move:
    """Any legal move, uniformly (for benchmarks)."""
    moves = rules.legal_moves(position, dice)
    return rng.choice(moves) if moves else Move(())
