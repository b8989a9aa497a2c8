"""What the computer knows: the solved values of each Tourne Case rule set.

The single-game tables are shipped (`data/tables.npz`, written by `tools/make_tables.py`) and
load in a few milliseconds; without the file they are solved on the spot. A Bell match is played
for the match: Bell's exact match equity table (`data/bell_met.npz`, from
`tools/make_bell_met.py`) says what every score is worth. A score's own exact solution (both
sides playing for the match) is found when first asked for, in about two seconds: the turns
each side plays there are shipped (`data/bell_turns.npz`, from `tools/make_bell_turns.py`, as
the few thousand that differ from the turns best under the estimate the shipped tables give at
once), so the match chance, and the chance of winning the game and the points with that play,
are swept over known turns only (solve.evaluate_turns). Without that file the score is solved
from the estimate, weighing the turns near the best under it, then checked against every turn
(solve.solve_score): slower, the same figures.

Values are from the side to move's view, before its throw, indexed [own config, opponent config].
"""
from __future__ import annotations

import atexit
import functools
import hashlib
import pathlib
import threading
import zipfile
from dataclasses import dataclass

import numpy as np

from game.rules import BELL, TOURNE_CASE, Move, Position, rule_set, rules_by_name

from game.computer import model as mdl
from game.computer import solve as slv

DATA = pathlib.Path(__file__).with_name("data") / "tables.npz"
MET_DATA = DATA.with_name("bell_met.npz")     # Bell's exact match equity (tools/make_bell_met.py)
TURNS_DATA = DATA.with_name("turns.npz")      # every config's turns (tools/make_tables.py)
BEST_TURNS_DATA = DATA.with_name("bell_turns.npz")   # each score's best turns (tools/make_bell_turns.py)
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
    won minus lost), `gammon_win` / `gammon_loss` (the chances the side to move wins or loses 2
    points, same play) and `match_equity[a][b]` (the chance of winning a match needing a points
    against b, before a game's priority throw; `exact_match` once it is the exact table)."""

    def __init__(self, name: str, arrays: dict, exact_match: np.ndarray | None = None):
        self.rules = rules_by_name(name)
        self.configs = mdl.configs_for(self.rules)
        self.index = {c: i for i, c in enumerate(self.configs)}
        self.home = self.index[(mdl.HOME,) * 3]
        n = len(self.configs)
        self.chance = arrays["chance"]
        self.equity = arrays.get("equity")
        self.match_equity = arrays.get("match_equity") if exact_match is None else exact_match
        self.exact_match = exact_match is not None
        self.gammon_win = arrays.get("gammon_win")
        self.gammon_loss = arrays.get("gammon_loss")
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
        self._estimates: dict[tuple[int, int], Objective] = {}
        self._views: dict[tuple[int, int], list] = {}
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
    def match_objective(self, away: int, away_other: int, wait: bool = False,
                        views: bool = False) -> Objective | None:
        """The side to move's match-winning chance at this score, or None while it is being
        solved in the background (started here; with `wait`, solved before returning). One solve
        serves both sides: it holds the values with either side to move. A failed background
        solve leaves None (the game plays on for the most points); `wait` raises its error.
        `views`: a solve started here sweeps match_views' values alongside (only analysis asks
        for them: play and review need the match chance alone, a third of the sweeps)."""
        key = (min(away, away_other), max(away, away_other))
        with self._lock:
            job = self._match.get(key)
            mine = job is None
            if mine:
                job = self._match[key] = _Job(functools.partial(self._solve_match, *key, wait,
                                                                views), background=not wait)
        if mine and wait:
            job.run()
        if wait and job.result is None:
            job.done.wait()
            if job.error is not None:
                raise job.error
        if job.result is None:
            return None
        low, high = job.result
        return low if away == key[0] else high

    def _solve_match(self, away: int, away_other: int, hurry: bool = True, views: bool = False
                     ) -> tuple[Objective, Objective]:
        """Both sides' match objectives (with `views`, match_views' values too); with `hurry`,
        on every core (someone waits for it), else in one thread (in the background, the game
        keeps its frames)."""
        V = self._from_best_turns(away, away_other, hurry, self.ALL_ROWS if views else (0,))
        if V is None:
            return self._objectives(away, away_other, self._solve_score(away, away_other))
        low, high = goals = self._objectives(away, away_other, V)
        # From the best turns: the views are theirs (swept now, or when first asked for).
        self._views[away, away_other] = self._view_objectives(V[:, 1:], goals) if views else None
        return goals

    #: The values one sweep over a score's best turns gives at once: the match chance, and the
    #: chance of winning the game and the points with that play (K: 1, 1, 0). Each value is
    #: swept on its own (solve.evaluate_turns): any of them alone comes out the same.
    ALL_VIEWS = np.array([1.0, 1.0, 0.0])
    ALL_ROWS = (0, 1, 2)

    def _from_best_turns(self, away: int, away_other: int, hurry: bool = True,
                         rows: tuple = ALL_ROWS) -> np.ndarray | None:
        """A score's exact values (away <= away_other): V[copy, value, state] for the `rows` of
        ALL_VIEWS, each side playing the score's best turns as shipped
        (tools/make_bell_turns.py); None without them (or when they do not fit this game's
        turns)."""
        ones = np.ones(len(self.configs))
        K = self.ALL_VIEWS[list(rows)]
        V = self._copies(away, away_other,
                         lambda a, b: [[self._guess(a, b), self.chance, self.equity][r] for r in rows],
                         lambda a, b: [[self._pays(a, b), ones, self.points][r] for r in rows], K)
        lay = _layout(self.rules.name, 1)
        estimate = V[:, 0] if rows[0] == 0 else self._copies(
            away, away_other, lambda a, b: [self._guess(a, b)], lambda a, b: [self._pays(a, b)],
            self.ALL_VIEWS[:1])[:, 0]
        chosen = shipped_best_turns(lay, away, away_other, estimate, hurry)
        if chosen is None:
            return None
        levels = slv.plan_turns(lay, chosen, len(self.configs), hurry)
        del chosen    # the plan holds what the sweeps need (keeps the memory under 300 MB)
        slv.evaluate_turns(lay, levels, V, K, together=hurry)
        chances = K == 1.0          # chances, not a rounding error outside 0..1
        V[:, chances] = np.clip(V[:, chances], 0.0, 1.0)
        return V

    def _view_objectives(self, V: np.ndarray, goals) -> list:
        """match_views' answer for both sides from V[copy, (game chance, points), state]."""
        ones = np.ones(len(self.configs))
        return [(Objective(self._square(V[k, 0]), self._square(V[-1 - k, 0]), ones, 1.0),
                 Objective(self._square(V[k, 1]), self._square(V[-1 - k, 1]), self.points, 0.0),
                 goal) for k, goal in ((0, goals[0]), (-1, goals[1]))]

    def _objectives(self, away: int, away_other: int, V: np.ndarray) -> tuple:
        """The match objectives of both sides (away <= away_other) from a score's solution."""
        X, Y = (self._square(V[k, 0]) for k in (0, -1))
        if away == away_other:
            same = Objective(X, X, self._pays(away, away), 1.0)
            return same, same
        return (Objective(X, Y, self._pays(away, away_other), 1.0),
                Objective(Y, X, self._pays(away_other, away), 1.0))

    def _square(self, values: np.ndarray) -> np.ndarray:
        n = len(self.configs)
        return values[:n * n].reshape(n, n)

    def _copies(self, away: int, away_other: int, guesses, wins, K: np.ndarray) -> np.ndarray:
        """V[copy, value, state] for solve.solve_score: copy 0 with the `away` side to move, copy
        1 with the other (none at an even score); `guesses(a, b)` and `wins(a, b)`: a list per
        value, for the side needing a points against b. A copy's wins are kept past its n * n
        states, in the other copy (whose turns reach them)."""
        n = len(self.configs)
        scores = [(away, away_other), (away_other, away)][:1 if away == away_other else 2]
        V = np.empty((len(scores), len(K), n * n + n))
        for k, score in enumerate(scores):
            V[k, :, :n * n] = [np.ravel(g) for g in guesses(*score)]
            V[k, :, n * n:] = K[:, None] - np.stack(wins(*scores[(k + 1) % len(scores)]))
        return V

    def _solve_score(self, away: int, away_other: int) -> np.ndarray:
        """A score's exact match chances (away <= away_other): V[copy, 0, state], from the
        estimate (solve.solve_score)."""
        K = np.ones(1)
        V = self._copies(away, away_other, lambda a, b: [self._guess(a, b)],
                         lambda a, b: [self._pays(a, b)], K)
        slv.solve_score(_layout(self.rules.name, 1), V, K)
        return np.clip(V, 0.0, 1.0, out=V)   # chances, not a rounding error outside 0..1

    def _guess(self, away: int, away_other: int) -> np.ndarray:
        """A first guess to start from: the estimate (a third fewer sweeps than the next guess),
        else this game's chance as if every game were worth 1 point."""
        estimate = self.match_estimate(away, away_other)
        if estimate is not None:
            return estimate.mine
        won, lost = self.match_win(away - 1, away_other), 1 - self.match_win(away_other - 1, away)
        return lost + (won - lost) * self.chance

    def _pays(self, away: int, away_other: int) -> np.ndarray:
        """What a game won now pays in match-winning chance, by the loser's config."""
        return np.array([self.match_win(away - int(p), away_other) if p else 0.0
                         for p in self.points])

    def match_estimate(self, away: int, away_other: int) -> Objective | None:
        """The side to move's match-winning chance at this score, at once: each position's
        chances of winning and losing 1 or 2 points (the game played for the most points)
        weighted by what each result is worth in the match table. None without those chances."""
        if self.gammon_win is None or self.gammon_loss is None:
            return None
        key = (away, away_other)
        if key not in self._estimates:
            win, w2, l2 = self.chance, self.gammon_win, self.gammon_loss

            def worth(a, b):
                m = self.match_win
                return ((win - w2) * m(a - 1, b) + w2 * m(a - 2, b)
                        + (1 - win - l2) * (1 - m(b - 1, a)) + l2 * (1 - m(b - 2, a)))

            self._estimates[key] = Objective(worth(away, away_other), worth(away_other, away),
                                             self._pays(away, away_other), 1.0)
        return self._estimates[key]

    def match_views(self, away: int, away_other: int, exact: bool = True
                    ) -> tuple[Objective, Objective, Objective]:
        """For analysis: the chance of winning the game, the expected points and the chance of
        winning the match, both sides playing for the match at this score, solved exactly (a
        few seconds, once per score). (`exact` is kept for callers: it always is.)"""
        key = (min(away, away_other), max(away, away_other))
        low = self.match_objective(*key, wait=True, views=True)
        high = self.match_objective(*key[::-1])
        if key in self._views and self._views[key] is None:   # solved for the match alone
            V = self._from_best_turns(*key, True, self.ALL_ROWS[1:])
            if V is not None:
                self._views[key] = self._view_objectives(V, (low, high))
            else:       # the shipped turns went meanwhile: weighed below
                del self._views[key]
        if key not in self._views:      # solved without the best turns: weighed now
            goals = (low, high) if key[0] != key[1] else (low,)   # copy k's wins in copy k+1
            played = np.stack([np.concatenate((g.mine.ravel(), 1 - goals[k - 1].wins))
                               for k, g in enumerate(goals)])
            K = np.array([1.0, 0.0])
            V = self._copies(*key, lambda a, b: [self.chance, self.equity],
                             lambda a, b: [np.ones(len(self.configs)), self.points], K)
            slv.evaluate_score(_layout(self.rules.name, 1), played, V, K)
            np.clip(V[:, 0], 0.0, 1.0, out=V[:, 0])
            self._views[key] = self._view_objectives(V, (low, high))
        return self._views[key][0 if away == key[0] else 1]

    def match_ready(self, away: int, away_other: int) -> bool:
        """True once this score is solved (or its solve failed: the estimate then stands in)."""
        with self._lock:
            job = self._match.get((min(away, away_other), max(away, away_other)))
        return job is not None and (job.result is not None or job.error is not None)


_background: set = set()     # the solves running in background threads


def _stop_background_solves() -> None:
    """At exit, stop the solves still running in the background and wait for them (a sweep at
    most): see solve.STOP."""
    slv.STOP.set()
    for job in list(_background):
        job.done.wait(10)


atexit.register(_stop_background_solves)


class _Job:
    """A solve: in a daemon thread (the game never waits for it to quit), or, for a caller that
    waits anyway, in the caller's own thread (a thread's memory is not the caller's to reuse:
    the first request at a score stays under 300 MB)."""

    def __init__(self, work, background: bool = True):
        self.result = None
        self.error: Exception | None = None
        self.work = work
        self.done = threading.Event()
        if background:
            _background.add(self)
            threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        try:
            self.result = self.work()
        except Exception as error:  # noqa: BLE001 - kept and reported by whoever asks
            self.error = error
        finally:
            self.done.set()
            _background.discard(self)


@functools.lru_cache(maxsize=None)
def _model(name: str) -> mdl.Model:
    """A rule set's model, its turns from the shipped file (else asked of the engine)."""
    rules = rules_by_name(name)
    shipped = shipped_turns(name)
    if shipped is not None:
        try:
            return mdl.build(rules, shipped)
        except (ValueError, KeyError, IndexError):
            pass
    return mdl.build(rules)


def shipped_turns(name: str) -> dict | None:
    """The turns tools/make_tables.py recorded for a rule set, or None without a sound file."""
    try:
        with np.load(TURNS_DATA) as data:
            if int(data["format"]) != FORMAT:
                return None
            return {key: data[f"{name}:{key}"] for key in mdl.TURNS}
    except (OSError, KeyError, ValueError):
        return None


@functools.lru_cache(maxsize=None)
def _layout(name: str, copies: int) -> slv.Layout:
    return slv.layout(_model(name), copies)


def turns_digest(lay: slv.Layout, chosen: np.ndarray) -> str:
    """A fingerprint of a score's turns (which turn of each group, every copy)."""
    digest = hashlib.sha256()
    for turns in chosen:
        for _, g, _ in lay.levels:
            digest.update((turns[g] - lay.group_start[g]).astype(np.uint8).tobytes())
    return digest.hexdigest()


def shipped_best_turns(lay: slv.Layout, away: int, away_other: int, estimate: np.ndarray,
                       together: bool = True) -> np.ndarray | None:
    """A Bell score's best turns (away <= away_other), per copy: the turns best under the
    estimate (solve.best_turns), changed where tools/make_bell_turns.py found others best;
    None without a sound file for this score, or when the result is not the turns it found."""
    key = f"{away}-{away_other}"
    try:
        with np.load(BEST_TURNS_DATA) as data:
            if int(data["format"]) != FORMAT or int(data["groups"]) != len(lay.group_start):
                return None
            groups, turns = data[key + ":groups"], data[key + ":turns"]
            counts, digest = data[key + ":counts"], str(data[key + ":digest"])
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None
    if (len(counts) != len(estimate) or counts.sum() != len(groups) or len(groups) != len(turns)
            or (len(groups) and (groups.min() < 0 or groups.max() >= len(lay.group_start)))):
        return None
    after = groups + 1
    ends = np.where(after < len(lay.group_start),
                    lay.group_start[np.minimum(after, len(lay.group_start) - 1)], len(lay.entries))
    if (turns >= ends - lay.group_start[groups]).any():   # a turn past its group's
        return None
    chosen = slv.best_turns(lay, estimate, together=together)
    for k, (g, t) in enumerate(zip(np.split(groups, np.cumsum(counts)[:-1]),
                                   np.split(turns, np.cumsum(counts)[:-1]))):
        chosen[k][g] = lay.group_start[g] + t
    return chosen if turns_digest(lay, chosen) == digest else None


# --- a throw's moves, as the tables see them -------------------------------------------------

@dataclass
class Option:
    """A legal move and the configs it leaves: the mover's and the opponent's."""

    move: Move | None
    own: int
    opp: int


def options(t: Tables, position: Position, dice) -> list[Option]:
    """The engine's legal moves for this throw, each with the configs it leaves."""
    side = position.to_move
    found = []
    for move, after in t.rules.plays(position, dice):
        found.append(Option(move, t.index[after.checkers(side)], t.index[after.checkers(side.other)]))
    return found


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
            _loaded[name] = Tables(name, arrays, shipped_match_table() if name == BELL.name else None)
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


def shipped_match_table() -> np.ndarray | None:
    """Bell's exact match equity table, or None without a sound file (then the game's own
    estimate stands in: tools/make_bell_met.py writes it)."""
    try:
        with np.load(MET_DATA) as data:
            M = data["match_equity"]
            if int(data["format"]) != FORMAT or M.shape != (MATCH_MAX + 1, MATCH_MAX + 1):
                return None
            return M if np.isfinite(M).all() else None
    except (OSError, KeyError, ValueError):
        return None


def solve_rule_set(name: str, report=None) -> dict:
    """Solve one rule set from nothing: the arrays the tables hold."""
    model = mdl.build(rules_by_name(name))
    lay = slv.layout(model, 1)
    ones = np.ones(model.size)
    if rule_set(name).max_points == 1:            # no 2-point wins: only the chance of winning
        (chance,), _ = slv.solve(model, lay, [ones])
        return {"chance": chance}
    (equity,), _ = slv.solve(model, lay, [model.points], chance=False)
    policy = slv.best_policy(model, lay, equity, [model.points], chance=False)
    (chance,), _ = slv.solve(model, lay, [ones], policy=policy)
    win2, lose2 = _gammons(model, equity)
    return {"chance": chance, "equity": equity, "gammon_win": win2.astype(np.float32),
            "gammon_loss": lose2.astype(np.float32),
            "match_equity": _money_match_equity(model, chance, win2, lose2)}


def _gammons(model: mdl.Model, equity: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The chances the side to move wins, and loses, 2 points (TB-4), both sides playing for the
    most points (the tables keep them in single precision: they serve the match estimate)."""
    lay = slv.layout(model, 2)
    policy = slv.best_policy(model, lay, np.stack([equity, equity]), [model.points] * 2,
                             chance=False)
    double, zero = (model.points == 2).astype(float), np.zeros(model.size)
    # Only the first copy's side is paid: its value is its chance of a 2-point win; the other
    # copy's (its opponent to move) is minus that chance, which is the mover's chance to lose 2.
    (win2, lose2), _ = slv.solve(model, lay, [double, zero], chance=False, policy=policy)
    return win2, -lose2


def _money_match_equity(model: mdl.Model, chance: np.ndarray, win2: np.ndarray,
                        lose2: np.ndarray) -> np.ndarray:
    """The match equity table from the game as played for the most points: the chances the first
    to move wins, and wins or loses 2 points (the game's chance and `_gammons`', all under the
    play for the most points, read where the game starts), then first-to-N arithmetic (a
    priority throw decides who moves first in each game)."""
    start = model.index[(0, 0, 0)]
    w, w2, l2 = (float(x[start, start]) for x in (chance, win2, lose2))
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


# --- Bell's exact match equity table, by backward induction over the scores -------------------
def score_pays(points: np.ndarray, M: np.ndarray, away: int, away_other: int) -> np.ndarray:
    """What a game won at this score pays in match-winning chance, by the loser's config (its
    points: 1 or 2; 0 for the home config, which never loses), read from the table M."""
    def m(a, b):
        return 1.0 if a <= 0 else 0.0 if b <= 0 else float(M[a, b])
    return np.array([m(away - int(p), away_other) if p else 0.0 for p in points])


def solve_score(name: str, M: np.ndarray, away: int, away_other: int, chance: np.ndarray):
    """The exact values of one Bell score (away <= away_other) with the later scores' chances
    in M: X with the `away` side to move, Y with the other (Y is X when the score is even), and
    the match chance before the game's priority throw (C-1: either side moves first, half the
    time each). `chance` (the single game's) gives the first guess."""
    model = _model(name)
    wins = [score_pays(model.points, M, away, away_other),
            score_pays(model.points, M, away_other, away)]
    guess = [_guess_from(M, chance, away, away_other), _guess_from(M, chance, away_other, away)]
    start = model.index[(0, 0, 0)]
    if away == away_other:
        (X,), sweeps = slv.solve(model, _layout(name, 1), wins[:1], start=guess[0])
        return X, X, 0.5, sweeps
    (X, Y), sweeps = slv.solve(model, _layout(name, 2), wins, start=np.stack(guess))
    return X, Y, float(X[start, start] + 1 - Y[start, start]) / 2, sweeps


def _guess_from(M, chance, away, away_other):
    def m(a, b):
        return 1.0 if a <= 0 else 0.0 if b <= 0 else float(M[a, b])
    won, lost = m(away - 1, away_other), 1 - m(away_other - 1, away)
    return lost + (won - lost) * chance


def exact_match_table(name: str = BELL.name, report=None, keep=None, workers: int = 1) -> np.ndarray:
    """M[a][b] for every score up to MATCH_MAX away, each score's game solved exactly with what
    its 1- and 2-point wins and losses pay (scores nearer the end first: a score only needs
    those its game can lead to). `keep(a, b, X, Y)` receives each score's values."""
    chance = tables(name).chance
    M = np.zeros((MATCH_MAX + 1, MATCH_MAX + 1))
    pool = None
    if workers > 1:
        import concurrent.futures
        import multiprocessing
        pool = concurrent.futures.ProcessPoolExecutor(workers, multiprocessing.get_context("fork"))
    try:
        for total in range(2, 2 * MATCH_MAX + 1):
            scores = [(a, total - a) for a in range(max(1, total - MATCH_MAX), total // 2 + 1)]
            if pool is None:
                done = [solve_score(name, M, a, b, chance) for a, b in scores]
            else:
                done = list(pool.map(solve_score, [name] * len(scores), [M] * len(scores),
                                     *zip(*scores), [chance] * len(scores)))
            for (a, b), (X, Y, value, sweeps) in zip(scores, done):
                M[a, b], M[b, a] = value, 1 - value
                if keep is not None:
                    keep(a, b, X, Y)
                if report is not None:
                    report(a, b, value, sweeps)
    finally:
        if pool is not None:
            pool.shutdown()
    return M


def save_match_table(M: np.ndarray) -> None:
    MET_DATA.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(MET_DATA, format=np.array(FORMAT), match_equity=M)
