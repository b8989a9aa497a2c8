"""Garanguet races, exactly where a table can hold them and as well as can be reckoned past it.

Once both sides have all their checkers in their last quadrants (G-9) they race: the quadrants
are apart, so nothing can block either side (G-3). The one-sided bear-off table
(garanguet_bearoff) gives each side's chances of needing k turns, playing for the fewest turns
on average; combining two of them is close, but not exact (up to 0.008 off): the right play
depends on the opponent, a side behind plays for the rare quick finish.

So for races where each side has at most MOST checkers left, this module solves the race
itself: `win[a, b]`, the chance that the side to move with spread a beats the side with spread
b, both playing every throw to win (with at most 6 left a side, both have begun bearing off: no
2-point win, G-10). Past the table, the best estimate is a one-turn look-ahead: the mover's
every play of every throw, each end valued exactly if it falls in the table, else by combining
the one-sided distributions (see `race`; error figures in tools/make_garanguet_race.py).

A spread is six counts by distance to the rim (as in garanguet_bearoff): counts[0] on the last
point. No pygame here.
"""
from __future__ import annotations

import itertools
import pathlib
import time
from functools import lru_cache

import numpy as np

from game.computer import garanguet_bearoff as gb

MOST = 6            # checkers left a side in the two-sided table
DATA = pathlib.Path(__file__).resolve().parent / "data" / "garanguet_race.npz"
SCALE = 65535       # the chances are stored in 16 bits: within 1/131070 of the solution


def spreads(most: int = MOST) -> list[tuple[int, ...]]:
    """Every spread of at most `most` checkers over the six last points, ordered as
    garanguet_bearoff orders them (by key)."""
    found = [c for c in itertools.product(range(most + 1), repeat=6) if sum(c) <= most]
    return sorted(found, key=lambda c: sum(n * 16 ** i for i, n in enumerate(c)))


def keys(rows) -> np.ndarray:
    return np.asarray(rows, dtype=np.int64).reshape(-1, 6) @ (16 ** np.arange(6))


@lru_cache(maxsize=200_000)
def turn_ends(spread: tuple[int, ...], numbers: tuple[int, ...]) -> frozenset:
    """Every spread one side racing alone can end its turn on, playing `numbers` (G-9: a number
    is played inside or exactly to the rim if any checker can, else it bears off the furthest
    checker; the turn stops when the last checker is off)."""
    if not numbers or not any(spread):
        return frozenset([spread])
    furthest = max(d for d in range(6) if spread[d])
    found: set = set()
    for number in set(numbers):
        rest = list(numbers)
        rest.remove(number)
        for d in range(6):
            if spread[d] and (number <= d + 1 or d == furthest):
                moved = list(spread)
                moved[d] -= 1
                if d >= number:
                    moved[d - number] += 1
                found |= turn_ends(tuple(moved), tuple(rest))
    return frozenset(found)


def build(most: int = MOST) -> np.ndarray:
    """Solve every race of at most `most` checkers a side: win[a, b] (rows and columns as
    `spreads(most)`), both sides playing to win. Layer by layer of both sides' pips together:
    a turn lowers the mover's pips, and then the other side is to move."""
    rows = spreads(most)
    index = {s: i for i, s in enumerate(rows)}
    throws = gb.throws()
    chance = np.array([c for _, c in throws])
    pips = np.array([sum((d + 1) * n for d, n in enumerate(s)) for s in rows])
    groups = {p: np.nonzero(pips == p)[0] for p in range(1, int(pips.max()) + 1)}
    # for each group of equal pips: every end of every throw of each spread, run together, and
    # where each (spread, throw) begins
    plays = {}
    for p, members in groups.items():
        flat, starts = [], []
        for a in members:
            for numbers, _ in throws:
                starts.append(len(flat))
                flat.extend(sorted(index[e] for e in turn_ends(rows[a], numbers)))
        plays[p] = (np.array(flat), np.array(starts))
    win = np.zeros((len(rows), len(rows)))   # the side with no checker left has lost: 0
    empty = index[(0,) * 6]
    win[empty, :] = 1.0                      # (never to move: it has won)
    win[empty, empty] = 0.0
    top = int(pips.max())
    for total in range(2, 2 * top + 1):
        for p in range(max(1, total - top), min(top, total - 1) + 1):
            mover, other = groups[p], groups[total - p]
            flat, starts = plays[p]
            # the other side, to move after each end e, wins with win[b, e]: the mover takes
            # the end that leaves it least
            least = np.minimum.reduceat(win[other][:, flat], starts, axis=1)
            least = least.reshape(len(other), len(mover), len(throws)) @ chance
            win[np.ix_(mover, other)] = 1.0 - least.T
    return win


class RaceTable:
    """The two-sided table: `win(mover, other)` for rows of spreads, NaN outside the table."""

    def __init__(self, win: np.ndarray, most: int = MOST):
        self.most = most
        self.keys = keys(spreads(most))
        self.table = win

    def lookup(self, mover, other) -> np.ndarray:
        a, b = np.atleast_2d(mover), np.atleast_2d(other)
        n = max(len(a), len(b))
        inside = (a.sum(axis=1) <= self.most) & (b.sum(axis=1) <= self.most)
        inside = np.broadcast_to(inside, n)
        i = np.broadcast_to(np.searchsorted(self.keys, keys(a)), n)
        j = np.broadcast_to(np.searchsorted(self.keys, keys(b)), n)
        found = np.full(n, np.nan)
        found[inside] = self.table[i[inside], j[inside]]
        return found


def save(win: np.ndarray, path=DATA, most: int = MOST) -> None:
    np.savez_compressed(path, most=np.int64(most), keys=keys(spreads(most)),
                        win=np.round(win * SCALE).astype(np.uint16))


def load(path=DATA) -> RaceTable:
    with np.load(path) as data:
        most = int(data["most"])
        if not np.array_equal(data["keys"], keys(spreads(most))):
            raise ValueError(f"{path}: not the spreads of at most {most} checkers")
        return RaceTable(data["win"].astype(np.float64) / SCALE, most)


_TABLE: RaceTable | None = None


def table() -> RaceTable:
    """The shipped table (built, about half a minute, when it is missing or unreadable)."""
    global _TABLE
    if _TABLE is None:
        try:
            _TABLE = load()
        except (OSError, KeyError, ValueError):
            _TABLE = RaceTable(build())
    return _TABLE


# --- the value of a race ---------------------------------------------------------------------

def combined(mover, other, one: gb.Table | None = None) -> np.ndarray:
    """(win, win 2, lose 2) of the mover from the two one-sided distributions, every pair of a
    row of `mover` (N, 6) and a row of `other` (M, 6): (N, M, 3). Each side plays for the
    fewest turns on average, which is close to, not quite, the best play."""
    one = one or gb.table()
    a, b = one.index(np.atleast_2d(mover)), one.index(np.atleast_2d(other))
    win = one.turns[a] @ one.turns_at_least[b].T
    win2 = one.turns[a] @ one.first_at_least[b].T
    lose2 = (one.turns[b, :-1] @ one.first_at_least[a, 1:].T).T
    return np.stack([win, win2, lose2], axis=-1)


def best_known(mover, other, one: gb.Table | None = None) -> np.ndarray:
    """(N, M, 3) as `combined`, exact wherever both sides have at most MOST checkers left."""
    values = combined(mover, other, one)
    a, b = np.atleast_2d(mover), np.atleast_2d(other)
    small_a, small_b = np.nonzero(a.sum(axis=1) <= MOST)[0], np.nonzero(b.sum(axis=1) <= MOST)[0]
    if len(small_a) and len(small_b):
        i, j = np.meshgrid(small_a, small_b, indexing="ij")
        exact = table().lookup(a[i.ravel()], b[j.ravel()]).reshape(i.shape)
        values[i, j, 0] = exact
        values[i, j, 1] = values[i, j, 2] = 0.0
    return values


def looked_ahead(mover: tuple, other, one: gb.Table | None = None) -> np.ndarray:
    """(M, 3): the chances of the one spread `mover`, to move, against each row of `other`,
    one turn ahead: every play of every throw, each end valued by `best_known` with the other
    side to move, the play that leaves the most expected points taken."""
    other = np.atleast_2d(other)
    throws = gb.throws()
    ends_by_throw = [sorted(turn_ends(tuple(int(n) for n in mover), numbers))
                     for numbers, _ in throws]
    ends = sorted(set().union(*ends_by_throw))
    where = {e: i for i, e in enumerate(ends)}
    ends_array = np.array(ends, dtype=np.int64)
    # after each end e, the other side (row j) is to move: its chances, turned to the mover's
    theirs = best_known(other, ends_array, one)          # (M, E, 3)
    mine = np.stack([1.0 - theirs[..., 0], theirs[..., 2], theirs[..., 1]], axis=-1)
    done = ends_array.sum(axis=1) == 0                   # borne off: won; by 2 if not begun
    if done.any():
        begun = other.sum(axis=1) < 15
        mine[:, done] = np.stack([np.ones(len(other)), (~begun).astype(float),
                                  np.zeros(len(other))], axis=1)[:, None, :]
    points = 2.0 * mine[..., 0] + mine[..., 1] - mine[..., 2]
    result = np.zeros((len(other), 3))
    rows = np.arange(len(other))
    for (numbers, chance), found in zip(throws, ends_by_throw):
        columns = np.array([where[e] for e in found])
        best = columns[np.argmax(points[:, columns], axis=1)]
        result += chance * mine[rows, best]
    return result


def race(mover, other, ahead: bool = True) -> np.ndarray:
    """The mover's chances (win, win 2, lose 2), the mover to move, for rows of spreads of
    each side (one of them may be a single row): exact where both have at most MOST checkers
    left, else looked one turn ahead (or, without `ahead`, faster: the one-sided tables
    combined). The same call as garanguet_bearoff.Table.race."""
    a, b = np.atleast_2d(mover), np.atleast_2d(other)
    n = max(len(a), len(b))
    a, b = np.broadcast_to(a, (n, 6)), np.broadcast_to(b, (n, 6))
    result = np.zeros((n, 3))
    exact = table().lookup(a, b)
    inside = ~np.isnan(exact)
    result[inside, 0] = exact[inside]
    outside = np.nonzero(~inside)[0]
    movers = {}
    for k in outside:
        movers.setdefault(tuple(int(x) for x in a[k]), []).append(k)
    for spread, rows in movers.items():
        result[rows] = (looked_ahead(spread, b[rows]) if ahead
                        else combined(spread, b[rows])[0])
    return result


def timed_build(most: int = MOST) -> tuple[np.ndarray, float]:
    started = time.perf_counter()
    win = build(most)
    return win, time.perf_counter() - started


class Races:
    """The races as the master and the hints read them (the call garanguet_bearoff.Table.race
    answers): exact up to MOST checkers a side, past that the one-sided tables combined, which
    costs nothing more at the table than before."""

    def race(self, mover, other) -> np.ndarray:
        return race(mover, other, ahead=False)


_RACES = Races()


def races() -> Races:
    """The races, their tables loaded (a fraction of a second): one object for every caller,
    so that the master's rankings it helped make are found again (garanguet_player.best_plays)."""
    table()
    gb.table()
    return _RACES
