"""The exact one-sided bear-off table of Garanguet, and the value of a race from it.

A side whose fifteen checkers are all in its last quadrant (G-9), with no opposing checker left
ahead of any of them, bears off alone: nothing can block it (G-3). For every spread of up to 15
checkers over its last six points (the rest borne off) the table holds the distribution of the
number of turns it needs to bear them all off, playing each throw (G-5..G-9; three dice, 56
distinct throws) to need the fewest turns on average, and the distribution of the turn on which
its first checker comes off under the same play (for the 2-point win of G-10: this engine's
`outcome` counts a side as having begun bearing off once one of its checkers is off).

A spread is six counts by distance to the rim: counts[0] on the last point (24), counts[5] on
point 19. Built layer by layer of pips (every number played lowers them), all spreads of a layer
at once in numpy.
"""
from __future__ import annotations

import itertools
import pathlib
import time

import numpy as np

from game.rules import GARANGUET, OFF

DATA = pathlib.Path(__file__).resolve().parent / "data" / "garanguet_bearoff.npz"
TURNS = 24          # longest bear-off counted (15 checkers from point 19 take at most 15 turns)


def numbers(dice) -> tuple[int, ...]:
    """The numbers a throw plays (G-2, G-4..G-6): the rules engine's."""
    return GARANGUET.numbers(dice)


def throws() -> list[tuple[tuple[int, ...], float]]:
    """The 56 distinct throws as (numbers, chance)."""
    found: dict = {}
    for dice in itertools.product(range(1, 7), repeat=3):
        key = numbers(dice)
        found[key] = found.get(key, 0) + 1
    return [(key, count / 216) for key, count in sorted(found.items())]


def spreads() -> np.ndarray:
    """Every spread of at most 15 checkers over six points: (54264, 6), ordered by key."""
    array = np.zeros((1, 0), dtype=np.int64)
    for _ in range(6):      # one point more: each spread so far, with each count that still fits
        room = 16 - array.sum(axis=1)
        counts = np.concatenate([np.arange(n) for n in room])
        array = np.column_stack([np.repeat(array, room, axis=0), counts])
    return array[np.argsort(_keys(array))]


def _keys(array: np.ndarray) -> np.ndarray:
    return array @ (16 ** np.arange(6))


class OneSided:
    """Single steps of one side bearing off alone: for each number and each point (by distance
    to the rim), the spread it leads to, or -1."""

    def __init__(self):
        self.spreads = spreads()
        self.keys = _keys(self.spreads)
        m = len(self.spreads)
        c = self.spreads
        furthest = np.where(c.any(axis=1), 5 - np.argmax(c[:, ::-1] > 0, axis=1), -1)
        self.step = np.full((7, 6, m), -1, dtype=np.int64)
        for number in range(1, 7):
            for d in range(6):                       # distance to the rim: d + 1
                # inside or exactly to the rim; a larger number only from the furthest (G-9)
                ok = (c[:, d] > 0) & ((number <= d + 1) | (furthest == d))
                moved = c[ok].copy()
                moved[:, d] -= 1
                to = d - number
                if to >= 0:
                    moved[:, to] += 1
                self.step[number, d, ok] = np.searchsorted(self.keys, _keys(moved))
        self.pips = c @ np.arange(1, 7)
        self.empty = int(np.searchsorted(self.keys, 0))

    def index(self, counts) -> int:
        return int(np.searchsorted(self.keys, _keys(np.asarray(counts, dtype=np.int64))))

    def ends(self, index: int, played: tuple[int, ...]) -> set[int]:
        """Every spread a turn can end on (every number played while a checker is left)."""
        found: set[int] = set()
        stack = [(index, tuple(played))]
        seen = set()
        while stack:
            at, left = stack.pop()
            if (at, left) in seen:
                continue
            seen.add((at, left))
            if not left or at == self.empty:
                found.add(at)
                continue
            for number in set(left):
                rest = list(left)
                rest.remove(number)
                for d in range(6):
                    nxt = self.step[number, d, at]
                    if nxt >= 0:
                        stack.append((int(nxt), tuple(rest)))
        return found


class Table:
    """Bear-off distributions: `turns[i, k]`, the chance that spread i needs exactly k turns to
    bear all its checkers off; `first[i, k]`, the chance its first checker comes off on turn k
    (k = 0 once one is off); `expected[i]`, the mean of `turns[i]`."""

    def __init__(self, keys, turns, first, expected, build_seconds=None):
        self.keys = keys
        self.turns = turns
        self.first = first
        self.expected = expected
        self.build_seconds = build_seconds
        # P(N >= k) for k = 0..TURNS: the chance of not having finished (begun) before turn k,
        # summed from the far end, so that it is exactly 0 past the longest
        self.turns_at_least = _at_least(turns)
        self.first_at_least = _at_least(first)

    def index(self, counts) -> np.ndarray:
        return np.searchsorted(self.keys, _keys(np.asarray(counts, dtype=np.int64)))

    def race(self, mover, other) -> np.ndarray:
        """The mover's chances (win, win 2, lose 2), the mover throwing first, for rows of
        spreads (N, 6) of each side (the mover's may be one row)."""
        a, b = self.index(np.atleast_2d(mover)), self.index(np.atleast_2d(other))
        n = max(len(a), len(b))
        a, b = np.broadcast_to(a, n), np.broadcast_to(b, n)
        # the mover finishes on its turn k before the other's k-th: the other needs >= k
        win = (self.turns[a] * self.turns_at_least[b]).sum(axis=1)
        win2 = (self.turns[a] * self.first_at_least[b]).sum(axis=1)
        # the other finishes on its turn j, the mover not yet begun after j turns of its own
        lose2 = (self.turns[b, :-1] * self.first_at_least[a, 1:]).sum(axis=1)
        return np.stack([win, win2, lose2], axis=1)


def _at_least(distribution: np.ndarray) -> np.ndarray:
    tail = np.cumsum(distribution[:, ::-1], axis=1)[:, ::-1]
    return np.concatenate([np.ones((len(distribution), 1)), tail[:, 1:]], axis=1)


def build() -> Table:
    """Solve the table (about a few seconds)."""
    started = time.perf_counter()
    one = OneSided()
    m = len(one.spreads)
    all_throws = throws()
    # every multiset of numbers that can be left to play in a turn, smallest first
    lefts = sorted({tuple(sorted(sub)) for played, _ in all_throws
                    for size in range(len(played) + 1)
                    for sub in itertools.combinations(played, size)}, key=lambda s: (len(s), s))
    slot = {left: i for i, left in enumerate(lefts)}
    value = np.zeros((len(lefts), m))                   # expected turns after playing on
    end = np.zeros((len(lefts), m), dtype=np.int64)     # the spread the turn ends on
    end[0] = np.arange(m)
    moves = {left: [(slot[_without(left, n)], one.step[n, d]) for n in sorted(set(left))
                    for d in range(6)] for left in lefts[1:]}
    throw_slots = np.array([slot[played] for played, _ in all_throws])
    chances = np.array([chance for _, chance in all_throws])
    expected = np.zeros(m)
    turns = np.zeros((m, TURNS + 1))
    first = np.zeros((m, TURNS + 1))
    counts = one.spreads.sum(axis=1)
    turns[one.empty, 0] = 1.0
    first[counts < 15, 0] = 1.0
    for pips in range(1, int(one.pips.max()) + 1):
        layer = np.nonzero(one.pips == pips)[0]
        for left in lefts[1:]:
            best = np.full(len(layer), np.inf)
            best_end = np.zeros(len(layer), dtype=np.int64)
            for rest, step in moves[left]:
                nxt = step[layer]
                ok = nxt >= 0
                cand = np.where(ok, value[rest, np.where(ok, nxt, 0)], np.inf)
                better = cand < best
                best = np.where(better, cand, best)
                best_end = np.where(better, end[rest, np.where(ok, nxt, 0)], best_end)
            value[slot[left], layer] = best
            end[slot[left], layer] = best_end
        expected[layer] = 1.0 + chances @ value[throw_slots[:, None], layer[None, :]]
        value[0, layer] = expected[layer]
        ends = end[throw_slots[:, None], layer[None, :]]     # (throws, layer)
        turns[layer, 1:] = np.einsum("t,tlk->lk", chances, turns[ends, :-1])
        whole = counts[layer] == 15
        if whole.any():
            rows = layer[whole]
            ends_w = ends[:, whole]
            begun = counts[ends_w] < 15                     # a checker came off this turn
            later = np.where(begun[:, :, None], 0.0, first[ends_w, :-1])
            first[rows, 1:] = np.einsum("t,tlk->lk", chances, later)
            first[rows, 1] += chances @ begun
    return Table(one.keys, turns, first, expected, time.perf_counter() - started)


def _without(left: tuple, number: int) -> tuple:
    rest = list(left)
    rest.remove(number)
    return tuple(rest)


def save(table: Table, path=DATA) -> None:
    """In float64 (float32 was up to 5e-8 off); the first checker's turn only for the spreads
    of all fifteen checkers, the others having begun already."""
    whole = _counts(table.keys) == 15
    np.savez_compressed(path, keys=table.keys, turns=table.turns, first=table.first[whole],
                        expected=table.expected)


def load(path=DATA) -> Table:
    with np.load(path) as data:
        keys, turns = data["keys"], data["turns"].astype(np.float64)
        first = np.zeros_like(turns)
        whole = _counts(keys) == 15
        first[~whole, 0] = 1.0
        first[whole] = data["first"]
        return Table(keys, turns, first, data["expected"])


def _counts(keys: np.ndarray) -> np.ndarray:
    """How many checkers each spread (by key) has on the board."""
    return ((keys[:, None] // 16 ** np.arange(6)) % 16).sum(axis=1)


_TABLE: Table | None = None


def table() -> Table:
    """The table: loaded from the shipped file, or built (and kept) when it is missing or
    unreadable."""
    global _TABLE
    if _TABLE is None:
        try:
            _TABLE = load()
        except (OSError, KeyError, ValueError):
            _TABLE = build()
    return _TABLE


def spread(checkers) -> tuple[int, ...] | None:
    """A side's checkers (own path, 25 off) as a spread, or None if one is outside its last
    quadrant."""
    counts = [0] * 6
    for point in checkers:
        if point < OFF - 6:
            return None
        if point < OFF:
            counts[OFF - 1 - point] += 1
    return tuple(counts)


def spreads_of(sides) -> np.ndarray | None:
    """Spreads (N, 6) of many sides, or None if any has a checker outside its last quadrant."""
    locations = np.asarray(sides, dtype=np.int64).reshape(-1, 15)
    if locations.min() < OFF - 6:
        return None
    n = len(locations)
    distance = OFF - locations                           # 0 off, 1..6
    flat = distance + 7 * np.arange(n)[:, None]
    return np.bincount(flat.ravel(), minlength=7 * n).reshape(n, 7)[:, 1:]


def pure_race(own, opp) -> bool:
    """True when no checker of either side can ever meet one of the other: every one of the
    mover's checkers has passed every opposing one (the rearmost of each side have crossed)."""
    return own[0] + opp[0] > OFF
