"""What the computer knows: the solved values of each Tourne Case rule set.

The single-game tables are shipped (`data/tables.npz`, written by `tools/make_tables.py`) and
load in a few milliseconds; without the file they are solved on the spot. A Bell match needs
its own solution per score (a 2-point win matters more or less depending on the score): that is
solved on demand in a background thread and kept in memory.

Values are from the side to move's view, before its throw, indexed [own config, opponent config].
"""
from __future__ import annotations

import functools
import pathlib
import threading
from dataclasses import dataclass

import numpy as np

from game.rules import TOURNE_CASE, Position, rules_by_name

from . import model as mdl
from . import solve as slv

DATA = pathlib.Path(__file__).with_name("data") / "tables.npz"
MATCH_MAX = 21          # the longest match a player can choose (C-6)
FORMAT = 1


@dataclass(eq=False)
class Objective:
    """A way of valuing positions: V (side to move's view), V of the opponent to move, what a win
    pays by the loser's config, and K (1 for chances: the opponent's value is 1 - mine; 0 for
    points: minus mine)."""

    mine: np.ndarray
    theirs: np.ndarray
    wins: np.ndarray
    K: float

    def position(self, c: int, o: int) -> float:
        return float(self.mine[c][o])

    def after(self, c: int, o: int, home: int) -> float:
        """The mover's value once its turn left it with config c and the opponent with o."""
        if c == home:
            return float(self.wins[o])
        return self.K - float(self.theirs[o][c])


class Tables:
    """The single-game tables of one rule set: `chance` (the side to move's chance of winning;
    for Bell with both sides playing for the most points) and for Bell `equity` (expected points,
    won minus lost) and `match_equity[a][b]` (the chance of winning a match needing a points
    against b, before a game's priority throw)."""

    def __init__(self, name: str, arrays: dict):
        self.rules = rules_by_name(name)
        self.configs = mdl.configs_for(self.rules)
        self.index = {c: i for i, c in enumerate(self.configs)}
        self.home = self.index[(mdl.HOME,) * 3]
        n = len(self.configs)
        self.chance = arrays["chance"]
        self.equity = arrays.get("equity")
        self.match_equity = arrays.get("match_equity")
        if self.chance.shape != (n, n) or (self.equity is not None and self.equity.shape != (n, n)):
            raise ValueError(f"tables for {name} do not fit its {n} configs")
        if self.match_equity is None:  # every game is worth one point: the first mover's chance
            first = float(self.chance[self.index[(0, 0, 0)]][self.index[(0, 0, 0)]])
            self.match_equity = match_equity_table({(1, True): first, (1, False): 1 - first})
        self.points = np.array([mdl.points(self.rules, c) for c in self.configs], float)
        #: playing for the game (chances), and for Bell playing for the most points
        self.win = Objective(self.chance, self.chance, np.ones(n), 1.0)
        self.most_points = (None if self.equity is None
                            else Objective(self.equity, self.equity, self.points, 0.0))
        self._match: dict[tuple[int, int], object] = {}
        self._lock = threading.Lock()

    def indices(self, position: Position) -> tuple[int, int]:
        side = position.to_move
        return self.index[position.checkers(side)], self.index[position.checkers(side.other)]


    def match_win(self, away: int, away_other: int) -> float:
        """The chance of winning the match needing `away` points against `away_other`."""
        if away <= 0:
            return 1.0
        if away_other <= 0:
            return 0.0
        return float(self.match_equity[away, away_other])

    # --- Bell matches: one solution per score, solved on demand -------------------------------
    def match_objective(self, away: int, away_other: int, wait: bool = False) -> Objective | None:
        """The side to move's match-winning chance at this score, or None while it is being
        solved in the background (started here; with `wait`, solved before returning). One solve
        serves both sides: it holds the values with either side to move. A failed background
        solve leaves None (the game plays on for the most points); `wait` raises its error."""
        key = (min(away, away_other), max(away, away_other))
        with self._lock:
            job = self._match.get(key)
            if job is None:
                job = self._match[key] = _Job(functools.partial(self._solve_match, *key))
        if wait:
            job.thread.join()
            if job.error is not None:
                raise job.error
        if job.result is None:
            return None
        low, high = job.result
        return low if away == key[0] else high

    def _solve_match(self, away: int, away_other: int) -> tuple[Objective, Objective]:
        model = _model(self.rules.name)
        wins = [self._pays(away, away_other), self._pays(away_other, away)]
        start = [self._guess(away, away_other), self._guess(away_other, away)]
        if away == away_other:
            (V,), _ = slv.solve(model, _layout(self.rules.name, 1), wins[:1], start=start[0])
            same = Objective(V, V, wins[0], 1.0)
            return same, same
        (X, Y), _ = slv.solve(model, _layout(self.rules.name, 2), wins, start=np.stack(start))
        return Objective(X, Y, wins[0], 1.0), Objective(Y, X, wins[1], 1.0)

    def _guess(self, away: int, away_other: int) -> np.ndarray:
        """A first guess to start from: this game's chance as if every game were worth 1 point."""
        won, lost = self.match_win(away - 1, away_other), 1 - self.match_win(away_other - 1, away)
        return lost + (won - lost) * self.chance

    def _pays(self, away: int, away_other: int) -> np.ndarray:
        """What a game won now pays in match-winning chance, by the loser's config."""
        return np.array([self.match_win(away - int(p), away_other) if p else 0.0
                         for p in self.points])

    def match_views(self, away: int, away_other: int) -> tuple[Objective, Objective, Objective]:
        """For analysis (solved before returning): the chance of winning the game and the
        expected points when both sides play for the match at this score, and the match."""
        goal = self.match_objective(away, away_other, wait=True)
        model = _model(self.rules.name)
        if away == away_other:
            lay, values, wins = _layout(self.rules.name, 1), [goal.mine], [goal.wins]
        else:
            lay = _layout(self.rules.name, 2)
            values, wins = [goal.mine, goal.theirs], [goal.wins, self._pays(away_other, away)]
        policy = slv.best_policy(model, lay, np.stack(values), wins)
        ones = np.ones(model.size)
        P, _ = slv.solve(model, lay, [ones] * lay.copies, policy=policy)
        E, _ = slv.solve(model, lay, [self.points] * lay.copies, chance=False, policy=policy)
        return (Objective(P[0], P[-1], ones, 1.0), Objective(E[0], E[-1], self.points, 0.0), goal)

    def match_ready(self, away: int, away_other: int) -> bool:
        with self._lock:
            job = self._match.get((min(away, away_other), max(away, away_other)))
        return job is not None and job.result is not None


class _Job:
    """A solve running in a daemon thread (the game never waits for it to quit)."""

    def __init__(self, work):
        self.result = None
        self.error: Exception | None = None
        self.thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self.thread.start()

    def _run(self, work):
        try:
            self.result = work()
        except Exception as error:  # noqa: BLE001 - kept and reported by whoever asks
            self.error = error


@functools.lru_cache(maxsize=None)
def _model(name: str) -> mdl.Model:
    return mdl.build(rules_by_name(name))


@functools.lru_cache(maxsize=None)
def _layout(name: str, copies: int) -> slv.Layout:
    return slv.layout(_model(name), copies)


_loaded: dict[str, Tables] = {}
_load_lock = threading.Lock()


def tables(name: str) -> Tables:
    """The tables of a Tourne Case rule set: from the shipped file, else solved now."""
    with _load_lock:
        if name not in _loaded:
            if name not in TOURNE_CASE:
                raise ValueError(f"the computer plays Tourne Case ({', '.join(TOURNE_CASE)}), not {name!r}")
            arrays = _shipped(name)
            if arrays is None:
                arrays = solve_rule_set(name)
            _loaded[name] = Tables(name, arrays)
        return _loaded[name]


def is_loaded(name: str) -> bool:
    return name in _loaded


def _shipped(name: str) -> dict | None:
    try:
        with np.load(DATA) as data:
            if int(data["format"]) != FORMAT:
                return None
            return {key.split(":", 1)[1]: data[key] for key in data.files
                    if key.startswith(name + ":")}
    except (OSError, KeyError, ValueError):
        return None


def solve_rule_set(name: str, report=None) -> dict:
    """Solve one rule set from nothing: the arrays the tables hold."""
    model = mdl.build(rules_by_name(name))
    lay = slv.layout(model, 1)
    ones = np.ones(model.size)
    if name != "bell":
        (chance,), _ = slv.solve(model, lay, [ones])
        return {"chance": chance}
    (equity,), _ = slv.solve(model, lay, [model.points], chance=False)
    policy = slv.best_policy(model, lay, equity, [model.points], chance=False)
    (chance,), _ = slv.solve(model, lay, [ones], policy=policy)
    return {"chance": chance, "equity": equity,
            "match_equity": _money_match_equity(model, equity)}


def _money_match_equity(model: mdl.Model, equity: np.ndarray) -> np.ndarray:
    """The match equity table from the game as played for the most points: the chances the first
    to move wins or loses 1 or 2 points, then first-to-N arithmetic (a priority throw decides
    who moves first in each game)."""
    lay = slv.layout(model, 2)
    policy = slv.best_policy(model, lay, np.stack([equity, equity]), [model.points] * 2,
                             chance=False)
    start = model.index[(0, 0, 0)]
    ones, double = np.ones(model.size), (model.points == 2).astype(float)
    zero = np.zeros(model.size)

    def first_mover(wins):  # K = 0: what the first mover's wins pay minus what its losses cost
        values, _ = slv.solve(model, lay, wins, chance=False, policy=policy)
        return float(values[0, start, start])

    w, w2, l2 = first_mover([ones, zero]), first_mover([double, zero]), -first_mover([zero, double])
    first = {(1, True): w - w2, (2, True): w2, (1, False): 1 - w - l2, (2, False): l2}
    return match_equity_table(first)


def match_equity_table(first: dict) -> np.ndarray:
    """M[a][b]: the chance of winning a match needing a points against b, before the priority
    throw, when a game ends (for the side moving first) with points and a winner as in `first`:
    {(points, first_side_won): probability}."""
    M = np.zeros((MATCH_MAX + 1, MATCH_MAX + 1))

    def m(a, b):
        return 1.0 if a <= 0 else 0.0 if b <= 0 else M[a, b]

    for total in range(2, 2 * MATCH_MAX + 1):
        for a in range(max(1, total - MATCH_MAX), min(MATCH_MAX, total - 1) + 1):
            b = total - a
            value = 0.0
            for (points, first_won), p in first.items():
                # I move first (half the time), or the opponent does and the roles swap.
                mine = m(a - points, b) if first_won else 1 - m(b - points, a)
                theirs = 1 - m(b - points, a) if first_won else m(a - points, b)
                value += p * (mine + theirs) / 2
            M[a, b] = value
    return M
