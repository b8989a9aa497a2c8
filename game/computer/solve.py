"""The exact solution of a Tourne Case rule set: a fixed point, because hits make the game cyclic.

Values are kept per side to move, V[c, o] (own config c, opponent config o), in "copies": one
copy when both sides play for the same thing, two when they do not (a match at an uneven score).
Turn values from the mover's view are K - U[...]: U holds the opponent's value after the turn
(K = 1 for chances, 0 for points), or K minus what the win pays when the turn wins.

Gauss-Seidel by levels: a state's level is how far both sides have come (the sum of their
checkers' points). A turn without a hit only leads to a higher level, so sweeping from the
highest level down makes one sweep exact but for hits; the sweeps after it only carry the
effect of hits. A pass leads to the same level's mirror state; that pair is solved in closed form.
A hit that keeps the level (entering on the point where the opponent's checker stands, and the
hit back) is iterated within the level a few times, on those turns alone.

A side whose hit checker must re-enter while its own checker on point 1 bars every entry (TC-4)
passes until the opponent frees it. Where both sides are so stuck the game never ends; such a
position (unreachable in play: a move never strands its own side) is valued K / 2.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from game.computer.model import Model


#: Set when the program ends: a solve still running in a background thread stops at its next
#: sweep (tables.py waits for it) instead of being cut off inside numpy as the interpreter
#: finishes, which can abort the whole process.
STOP = threading.Event()


class Stopped(Exception):
    """A solve stopped by STOP."""


INNER = 8   # iterations within a level per sweep, for the hits that keep the level


@dataclass
class Layout:
    """Every state, group (a state and a throw with at least one turn) and entry (one turn of a
    group), in sweep order; the bounds of each level in each of the three lists."""

    copies: int
    states: np.ndarray        # flat index into U of each state
    partner: np.ndarray       # index (in this list) of the mirror state: the opponent to move
    passing: np.ndarray       # chance the state's throw has no legal turn
    group_prob: np.ndarray
    group_state: np.ndarray   # index (in the state list) of each group's state
    group_start: np.ndarray   # first entry of each group
    entries: np.ndarray       # flat index into U of what each turn leads to
    levels: list              # (state, group, entry) slices per level, highest first
    within: list              # per level: the entries leading back into the level, the groups
                              # holding them, and which of those groups each entry is in


def layout(model: Model, copies: int = 1) -> Layout:
    n, home = model.size, model.home
    c, o = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    live = (c != home) & (o != home)
    c, o = c[live], o[live]
    k = np.repeat(np.arange(copies), len(c))
    c, o = np.tile(c, copies), np.tile(o, copies)
    level = model.progress[c] + model.progress[o]
    order = np.lexsort((o, c, k, -level))
    k, c, o, level = k[order], c[order], o[order], level[order]
    states = k * n * n + c * n + o
    where = np.full(copies * n * n, -1, np.int64)
    where[states] = np.arange(len(states))
    partner = where[((k + 1) % copies) * n * n + o * n + c]

    count = model.turn_count.astype(np.int8)[c]      # (states, throws)
    passing = sum(p * (count[:, t] == 0) for t, p in enumerate(model.prob))
    gs, gt = (x.astype(np.int32) for x in np.nonzero(count))   # groups in state order
    group_prob = model.prob[gt]
    sizes = count[gs, gt]
    del count
    group_start = np.cumsum(sizes, dtype=np.int64)
    group_start[1:] = group_start[:-1]
    group_start[0] = 0
    first = model.turn_start[c[gs], gt] - group_start

    bounds = np.flatnonzero(np.diff(level)) + 1
    s_edges = np.concatenate(([0], bounds, [len(states)]))
    g_edges = np.searchsorted(gs, s_edges)
    total = int(group_start[-1]) + int(sizes[-1])
    e_edges = np.append(group_start[g_edges[:-1]], total)
    levels = [(slice(s_edges[i], s_edges[i + 1]), slice(g_edges[i], g_edges[i + 1]),
               slice(e_edges[i], e_edges[i + 1])) for i in range(len(s_edges) - 1)]
    level_of = np.full(copies * n * n + copies * n, -1, np.int32)
    level_of[states] = level
    entries = np.empty(e_edges[-1], np.int32)
    within = []
    size = np.int32(n)
    for s, g, e in levels:   # level by level, to keep the memory small
        group = np.repeat(np.arange(g.start, g.stop, dtype=np.int32), sizes[g])
        turn = first[group] + np.arange(e.start, e.stop)
        state = gs[group]
        after = model.hit_opp[model.turn_mask[turn], o[state]].astype(np.int32)
        nxt = model.turn_next[turn].astype(np.int32)
        mover = k[state].astype(np.int32)
        entries[e] = np.where(nxt == home, copies * size * size + mover * size + after,
                              (mover + 1) % copies * size * size + after * size + nxt)
        same = np.flatnonzero(level_of[entries[e]] == level[s.start])
        affected, at = np.unique(group[same] - g.start, return_inverse=True)
        within.append((e.start + same, affected, at))
    return Layout(copies, states, partner, passing, group_prob, gs,
                  group_start.astype(np.int32), entries, levels, within)


def solve(model: Model, lay: Layout, wins: list, chance: bool = True, tol: float = 1e-12,
          start=None, policy=None):
    """The fixed point: V[k][c, o] for each copy k, and the number of sweeps.

    wins[k][o]: what a win pays the mover of copy k when the loser is left with config o.
    chance: values are chances (K = 1) or points (K = 0). policy: fixed entry per group (then
    it evaluates that way of playing instead of the best)."""
    n, copies = model.size, lay.copies
    K = 1.0 if chance else 0.0
    U = np.zeros(copies * n * n + copies * n)
    if start is not None:
        U[:copies * n * n] = np.ravel(start)
    elif chance:
        U[:copies * n * n] = 0.5
    for k in range(copies):
        U[copies * n * n + k * n:][:n] = K - np.asarray(wins[k], float)
    targets = lay.entries
    # What never changes between sweeps, per level: where each group's turns start and the turns
    # that stay in the level (or, with a policy, each group's chosen turn and which of those
    # stay), each group's state and chance, and the closed form of the passes.
    fixed = []
    for (s, g, e), (same, affected, at) in zip(lay.levels, lay.within):
        if policy is None:
            weighed = np.ones(e.stop - e.start, bool)
            weighed[same - e.start] = False
            turns = _by_count(targets[e], weighed, lay.group_start[g] - e.start)
            same_targets = targets[same]
        else:
            chosen = policy[g]
            stays = np.isin(chosen, same)
            affected = np.flatnonzero(stays)
            at, same_targets = np.arange(len(affected)), targets[chosen[stays]]
            turns = (len(chosen), (targets[chosen], stays))
        state, prob = lay.group_state[g] - s.start, lay.group_prob[g]
        p = lay.passing[s]
        mirror = lay.partner[s] - s.start
        q = p[mirror]
        stuck = p * q > 1 - 1e-15
        fixed.append((turns, affected, at, same_targets, state, prob, state[affected],
                      prob[affected], p, mirror, p * K, p * q * K, np.where(stuck, 1.0, 1 - p * q),
                      stuck, lay.states[s]))
    sweeps = 0
    while True:
        if STOP.is_set():
            raise Stopped
        sweeps += 1
        change = 0.0
        for (s, _, _), (turns, affected, at, same_targets, state, prob, state_in, prob_in, p,
                        mirror, pK, pqK, divide, stuck, flat) in zip(lay.levels, fixed):
            # The best turn of each group, apart from the turns that stay in this level.
            base = _lowest(U, *turns)
            size = s.stop - s.start
            # The groups without such turns are settled for this sweep; the others iterate.
            outside = base[affected]
            base[affected] = K
            settled = np.bincount(state, weights=(K - base) * prob, minlength=size)
            for inner in range(INNER if len(same_targets) else 1):
                low = outside.copy()
                np.minimum.at(low, at, U[same_targets])
                a = settled + np.bincount(state_in, weights=(K - low) * prob_in, minlength=size)
                value = (a + pK - p * a[mirror] - pqK) / divide
                value[stuck] = K / 2
                step = float(np.abs(value - U[flat]).max())
                if not inner:
                    change = max(change, step)
                U[flat] = value
                if step < tol:
                    break
        if change < tol:
            break
    values = U[:copies * n * n].reshape(copies, n, n)
    if chance:   # chances, not a rounding error outside 0..1
        np.clip(values, 0.0, 1.0, out=values)
    return values, sweeps


def _by_count(targets: np.ndarray, weighed: np.ndarray, starts: np.ndarray) -> tuple:
    """The `weighed` turns (`targets`, grouped from `starts`) for _lowest: per number m of
    weighed turns, the groups with m of them and an (m, groups) array of their targets; and
    how many groups there are (those with none are worth +inf)."""
    group = np.repeat(np.arange(len(starts)), np.diff(starts, append=len(targets)))
    kept = np.flatnonzero(weighed)
    counts = np.bincount(group[kept], minlength=len(starts))
    first = np.cumsum(counts) - counts      # each group's first weighed turn, in `kept`
    parts = []
    for m in np.unique(counts[counts > 0]):
        which = np.flatnonzero(counts == m)
        parts.append((which, targets[kept[first[which] + np.arange(m)[:, None]]]))
    return len(starts), parts


def _lowest(U: np.ndarray, size: int, parts: list) -> np.ndarray:
    """Each group's lowest U over its weighed turns (_by_count), +inf without any: the same
    figures as a minimum.reduceat over the groups, row by row instead of group by group (a
    solve a third faster: most groups hold one to four turns). With a policy, `parts` is each
    group's one turn and which groups have none (those that stay in the level)."""
    if isinstance(parts, tuple):
        targets, without = parts
        low = U[targets]
        low[without] = np.inf
        return low
    low = np.full(size, np.inf)
    for which, targets in parts:
        low[which] = U[targets].min(axis=0)
    return low


def best_policy(model: Model, lay: Layout, values, wins: list, chance: bool = True):
    """The entry each group plays under these values (the first of equal bests)."""
    K = 1.0 if chance else 0.0
    U = np.concatenate([np.ravel(values)] + [K - np.asarray(w, float) for w in wins])
    sizes = np.diff(lay.group_start, append=len(lay.entries))
    chosen = np.empty(len(sizes), np.int64)
    for m in np.unique(sizes):     # groups of m turns together, a row per turn (see _lowest)
        which = np.flatnonzero(sizes == m)
        first = lay.group_start[which].astype(np.int64)
        chosen[which] = first + U[lay.entries[first + np.arange(m)[:, None]]].argmin(axis=0)
    return chosen


# --- One match score, fast: the turns worth weighing, then the turns played -------------------
#: Turns this close for the match are equal: the first the engine lists is played (it decides
#: the chance of winning the game and the points that analysis shows alongside).
TIE = 1e-9
EXTRAPOLATE = 3   # every third sweep, jump ahead along the last steps (Aitken)


@dataclass
class Part:
    """Some groups of one level, in state order: their kept turns' targets (grouped), where
    each group's turns start (None: one turn each), each group's probability in 36ths, and
    where each state's run of groups starts, with that state (within the level)."""

    targets: np.ndarray
    starts: np.ndarray | None
    ways: np.ndarray
    runs: np.ndarray
    run_state: np.ndarray


def _part(lay: Layout, keep_local, group, kept, g_start: int, e_start: int, chosen,
          s_start: int) -> Part:
    """The groups `chosen` (local to the level) with their kept turns."""
    in_part = np.zeros(len(kept), bool)
    in_part[chosen] = True
    targets = lay.entries[np.flatnonzero(keep_local & in_part[group]) + e_start]
    sizes = kept[chosen]
    starts = None if (sizes == 1).all() else np.concatenate(([0], np.cumsum(sizes)[:-1]))
    ways = np.rint(lay.group_prob[g_start + chosen] * 36).astype(np.uint8)
    state = lay.group_state[g_start + chosen]
    runs = np.flatnonzero(np.diff(state, prepend=-1))
    return Part(targets, starts, ways, runs, state[runs] - s_start)


def plan(lay: Layout, keep: np.ndarray) -> list:
    """Per level of a one-copy layout: its states, and per copy (one row of `keep` each, or one
    for all) three parts: the groups with one kept turn, with several, and with a turn staying
    in the level (those are iterated within the level)."""
    levels = []
    for (s, g, e), (same, _, _) in zip(lay.levels, lay.within):
        sizes = np.diff(np.concatenate((lay.group_start[g], [e.stop])))
        group = np.repeat(np.arange(len(sizes)), sizes)
        per_copy = []
        for row in keep:
            keep_local = row[e].copy()
            at = np.flatnonzero(keep_local)   # a group's turns leading to the same state, side
            twin = np.diff(group[at]) == 0    # by side (most of those that do): weighed once
            twin &= np.diff(lay.entries[e][at]) == 0
            keep_local[at[1:][twin]] = False
            kept = np.bincount(group[keep_local], minlength=len(sizes))
            stays = np.zeros(len(sizes), bool)
            local_same = same - e.start
            stays[group[local_same[keep_local[local_same]]]] = True
            per_copy.append([_part(lay, keep_local, group, kept, g.start, e.start,
                                   np.flatnonzero(which), s.start)
                             for which in ((kept == 1) & ~stays, (kept > 1) & ~stays, stays)])
        levels.append((s, per_copy))
    return levels


def _best(source, part: Part) -> list:
    """What each group's best turn leads to, one array per value (`source`: the values the turns
    lead to, one array each; several turns to a group only when one value is weighed)."""
    if part.starts is None:
        return [values[part.targets] for values in source]
    return [np.minimum.reduceat(source[0][part.targets], part.starts)]


def _take(total, part: Part, source) -> None:
    """Take from each state what its groups' best turns lead to, times their probability (the
    turns are worth K minus that: K is added once for all, see sweep_score)."""
    if len(part.ways):
        for column, values in enumerate(_best(source, part)):
            total[column][part.run_state] -= np.add.reduceat(part.ways * values, part.runs) / 36


def sweep_score(lay: Layout, levels: list, V: np.ndarray, K: np.ndarray, inner_tol: float
                ) -> float:
    """One Gauss-Seidel sweep, highest level first, of V (copies, values, states + wins): copy
    k's turns lead to the other copy's states (and to its own wins, kept in the other copy's
    last rows). Returns the largest change."""
    copies = len(V)
    change = 0.0
    K2 = K[:, None]
    for s, per_copy in levels:
        flat = lay.states[s]
        p = lay.passing[s]
        settled = np.empty((copies, len(K), len(flat)))
        settled[:] = K2 * (1 - p)      # every throw that moves is worth K, less what it leads to
        for k in range(copies):
            single, several, _ = per_copy[k % len(per_copy)]
            _take(settled[k], single, V[(k + 1) % copies])
            _take(settled[k], several, V[(k + 1) % copies])
        mirror = lay.partner[s] - s.start
        q = p[mirror]
        stuck = p * q > 1 - 1e-15
        staying = any(len(parts[2].ways) for parts in per_copy)
        for inner in range(INNER if staying else 1):
            a = settled.copy()
            for k in range(copies):
                _take(a[k], per_copy[k % len(per_copy)][2], V[(k + 1) % copies])
            value = (a + p * K2 - p * a[::-1][:, :, mirror] - p * q * K2) / np.where(stuck, 1.0, 1 - p * q)
            value[:, :, stuck] = (K2 / 2)[None]
            step = float(np.abs(value - V[:, :, flat]).max())
            V[:, :, flat] = value
            if not inner:
                change = max(change, step)
            if step < inner_tol:
                break
    return change


def _converge(lay: Layout, levels: list, V: np.ndarray, K: np.ndarray, tol: float) -> int:
    """Sweep until no value moves by `tol`; returns the number of sweeps."""
    return _sweep_until(lambda inner_tol: sweep_score(lay, levels, V, K, inner_tol), V, tol)


def _sweep_until(sweep, V: np.ndarray, tol: float) -> int:
    """Call sweep(inner_tol), which moves V, until no value moves by `tol`, jumping ahead every
    few sweeps; returns the number of sweeps."""
    change, steps, sweeps = 1.0, [], 0
    while True:
        if STOP.is_set():
            raise Stopped
        sweeps += 1     # within a level, iterate only as far as the sweeps have come
        before = V.copy()
        change = sweep(max(tol, change / 100))
        if change < tol:
            return sweeps
        before -= V
        steps = (steps + [before])[-2:]
        if len(steps) == 2 and sweeps % EXTRAPOLATE == 0:
            earlier, last = steps
            steps = []   # where the steps shrink by a steady ratio r, jump to where they
            r = float((last * earlier).sum() / max((earlier * earlier).sum(), 1e-300))
            if 0 < r < 0.9:    # lead (Aitken): the last step times r / (1 - r)
                V -= last * (r / (1 - r))


def _near_best(lay: Layout, values: np.ndarray, margin: float):
    """Per copy, the turns (entries) within `margin` of their group's best under `values`
    (copies, states + wins)."""
    copies = len(values)
    keep = np.zeros((copies, len(lay.entries)), bool)
    for s, g, e in lay.levels:
        starts = lay.group_start[g] - e.start
        sizes = np.diff(np.concatenate((starts, [e.stop - e.start])))
        for k in range(copies):
            u = values[(k + 1) % copies][lay.entries[e]]
            keep[k, e] = u <= np.repeat(np.minimum.reduceat(u, starts), sizes) + margin
    return keep


def solve_score(lay: Layout, V: np.ndarray, K: np.ndarray, margin: float = 1e-3,
                tol: float = 1e-10):
    """The fixed point of one value played for (V: copies, 1, states + wins), from a close
    guess: only the turns within `margin` of the best under the guess are weighed; once
    converged (roughly, then fully), every turn is checked, and any better one is added and
    the sweeps go on.
    Returns V solved (in place) and the number of sweeps."""
    keep = _near_best(lay, V[:, 0], margin).any(axis=0, keepdims=True)
    levels, sweeps = plan(lay, keep), 0
    for stage in (max(tol, 1e-6), tol):   # checked roughly solved too: turns missed are
        while True:                       # added before the sweeps go the whole way
            sweeps += _converge(lay, levels, V, K, stage)
            missed = _near_best(lay, V[:, 0], 0.0).any(axis=0, keepdims=True) & ~keep
            if not missed.any():
                break
            keep |= missed
            levels = plan(lay, keep)
    return V, sweeps


def evaluate_score(lay: Layout, played: np.ndarray, V: np.ndarray, K: np.ndarray,
                   tol: float = 1e-10):
    """Other values (V: copies, values, states + wins, from a guess) when each side plays the
    turns best for the first (`played`: solve_score's solution, copies, states + wins; the
    first turn within TIE of the best). Returns V (in place) and the number of sweeps."""
    keep = np.zeros((len(played), len(lay.entries)), bool)
    for k, turns in enumerate(best_turns(lay, played, TIE, together=False)):
        keep[k, turns] = True
    return V, _converge(lay, plan(lay, keep), V, K, tol)


# --- One match score from its best turns: every value they give ------------------------------
# When each group's turn is known (tools/make_bell_turns.py ships them per score), no turn is
# weighed against another: each value is the fixed point of a linear sweep of its own, swept in
# a thread of its own. A value is one row U, its columns in sweep order (a level's states, both
# copies, are one slice); a state's turns that lead to the same place are weighed once.

def _side_by_side(work, items, together: bool = True) -> None:
    """work(item) for each item: the first in this thread, each other in a thread of its own
    (numpy lets other threads run in its long loops), or with `together` false one after the
    other (a solve in the background leaves the game its frames); the first error is raised
    here."""
    if not together:
        for item in items:
            work(item)
        return
    errors = []

    def guarded(item):
        try:
            work(item)
        except BaseException as error:  # noqa: BLE001 - raised again in the caller's thread
            errors.append(error)

    helpers = [threading.Thread(target=guarded, args=(item,), daemon=True) for item in items[1:]]
    for helper in helpers:
        helper.start()
    guarded(items[0])
    for helper in helpers:
        helper.join()
    if errors:
        raise errors[0]


def best_turns(lay: Layout, values: np.ndarray, tie: float = TIE, together: bool = True
               ) -> np.ndarray:
    """Per copy, each group's turn (an entry): the first within `tie` of the best under `values`
    (copies, states + wins; copy k's turns lead to copy k + 1's values). Level by level, to keep
    the memory small; the copies side by side."""
    copies = len(values)
    chosen = np.empty((copies, len(lay.group_start)), np.int32)

    def one(k: int) -> None:
        for s, g, e in lay.levels:
            starts = lay.group_start[g] - e.start
            u = values[(k + 1) % copies][lay.entries[e]]
            near = u <= np.repeat(np.minimum.reduceat(u, starts),
                                  np.diff(starts, append=len(u))) + tie
            chosen[k, g] = e.start + np.minimum.reduceat(
                np.where(near, np.arange(len(u)), len(u)), starts)

    _side_by_side(one, list(range(copies)), together)
    return chosen


@dataclass
class Fixed:
    """The states of one level of a score with its turns fixed, both copies: their columns in U
    (a slice, or where they are among the level's), the closed form of passes (a state's value
    is `a - passing * a[mirror] + shift * K`, over `divide`; `stuck` ones are K / 2), and the turns
    leaving the level and staying in it as (targets, weights, runs, run_state). `inner`: the
    states a turn staying in the level reaches, and their mirrors, iterated alone (`pick`:
    where they are among the level's)."""

    columns: slice | np.ndarray
    passing: np.ndarray
    mirror: np.ndarray
    shift: np.ndarray
    divide: np.ndarray
    stuck: np.ndarray
    leaving: tuple
    staying: tuple
    pick: np.ndarray | None = None
    inner: "Fixed | None" = None


def _turns_of(key: np.ndarray) -> tuple:
    """Turns as sweep_turns takes them, from keys state << 40 | target << 8 | 36ths (in runs by
    state), those of a state that lead to the same place merged: (targets, probabilities in
    36ths, where each state's run starts, that state)."""
    key = np.sort(key, kind="stable")   # in runs by state already: merged, not sorted afresh
    place = key >> 8
    first = np.flatnonzero(np.diff(place, prepend=-1))
    weight = (np.add.reduceat(key & 0xFF, first) if len(key) else key).astype(np.uint8)
    place = place[first]
    state = place >> 32
    runs = np.flatnonzero(np.diff(state, prepend=-1))
    return (place & 0xFFFFFFFF).astype(np.intp), weight, runs, state[runs].astype(np.intp)


def columns(lay: Layout, copies: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Where U keeps each copy's states (k, position in lay.states) and wins: level by level,
    the copies side by side within a level, then every copy's wins."""
    total = len(lay.states)
    start = np.empty(total, np.intp)
    size = np.empty(total, np.intp)
    for s, _, _ in lay.levels:
        start[s], size[s] = s.start, s.stop - s.start
    position = np.arange(total)
    state_column = np.stack([copies * start + k * size + position - start for k in range(copies)])
    win_column = copies * total + np.arange(copies * n).reshape(copies, n)
    return state_column, win_column


def plan_turns(lay: Layout, chosen: np.ndarray, n: int, together: bool = True) -> list:
    """The levels of a score whose turns are `chosen` (best_turns), for sweep_turns (U's columns:
    `columns`; n configs; `together`: see _side_by_side)."""
    copies = len(chosen)
    state_column, win_column = columns(lay, copies, n)
    reaches = np.empty((copies, n * n + n), np.int64)   # copy k's turns reach copy k + 1's
    for k in range(copies):                             # columns (a one-copy entry's place)
        reaches[k, lay.states] = state_column[(k + 1) % copies]
        reaches[k, n * n:] = win_column[(k + 1) % copies]
    stays = np.zeros(len(lay.entries), bool)
    for same, _, _ in lay.within:
        stays[same] = True
    levels = [None] * len(lay.levels)

    def level(at: int) -> None:
        s, g, e = lay.levels[at]
        size = s.stop - s.start
        turn = chosen[:, g]
        key = ((lay.group_state[g] - s.start) + np.arange(copies)[:, None] * size).astype(np.int64)
        key <<= 32
        key |= np.stack([reaches[k][lay.entries[turn[k]]] for k in range(copies)])
        key <<= 8
        key |= np.rint(lay.group_prob[g] * 36).astype(np.int64)
        key, staying = key.ravel(), stays[turn].ravel()
        leaving, staying = _turns_of(key[~staying]), _turns_of(key[staying])
        p = np.tile(lay.passing[s], copies)
        mirror = np.concatenate([lay.partner[s] - s.start + (k + 1) % copies * size
                                 for k in range(copies)])
        pq = p * p[mirror]
        stuck = np.flatnonzero(pq > 1 - 1e-15)
        divide = 1 - pq
        divide[stuck] = 1.0
        fixed = Fixed(slice(copies * s.start, copies * s.stop), p, mirror, p - pq, divide, stuck,
                      leaving, staying)
        target, weight, runs, run_state = staying
        if len(target):
            pick = np.union1d(run_state, mirror[run_state])
            where = np.full(len(p), -1, np.intp)
            where[pick] = np.arange(len(pick))
            fixed.pick = pick
            fixed.inner = Fixed(fixed.columns.start + pick, p[pick], where[mirror[pick]],
                                fixed.shift[pick], divide[pick],
                                where[stuck[np.isin(stuck, pick)]], (),
                                (target, weight, runs, where[run_state]))
        levels[at] = fixed

    _side_by_side(lambda half: [level(at) for at in half],
                  [range(0, len(levels), 2), range(1, len(levels), 2)], together)
    return levels


def _take_turns(total: np.ndarray, U: np.ndarray, turns: tuple, buffer: np.ndarray) -> None:
    """Take from each state what its turns lead to, times their probability."""
    if turns and len(turns[0]):
        target, weight, runs, run_state = turns
        reached = buffer[:len(target)]
        for row, values in zip(total, U):
            np.take(values, target, out=reached, mode="clip")   # targets are in U's range
            reached *= weight
            row[run_state] -= np.add.reduceat(reached, runs) / 36


def _settle(level: Fixed, U: np.ndarray, K2: np.ndarray, a: np.ndarray, buffer) -> float:
    """Set the level's states from `a` (what their turns are worth, less the staying ones),
    passes in closed form; returns the largest change."""
    _take_turns(a, U, level.staying, buffer)
    value = a - level.passing * a[:, level.mirror]
    value += level.shift * K2
    value /= level.divide
    value[:, level.stuck] = K2 / 2
    step = float(np.abs(value - U[:, level.columns]).max()) if value.size else 0.0
    U[:, level.columns] = value
    return step


def sweep_turns(levels: list, U: np.ndarray, K: np.ndarray, inner_tol: float,
                buffer: np.ndarray) -> float:
    """One Gauss-Seidel sweep, highest level first, of U (values, columns) with every turn
    fixed; returns the largest change (`buffer`: room for any level's turns)."""
    change = 0.0
    K2 = K[:, None]
    for level in levels:
        settled = K2 * (1 - level.passing)
        _take_turns(settled, U, level.leaving, buffer)
        change = max(change, _settle(level, U, K2, settled.copy(), buffer))
        if level.inner is not None:
            settled = settled[:, level.pick]
            for _ in range(INNER - 1):
                if _settle(level.inner, U, K2, settled.copy(), buffer) < inner_tol:
                    break
    return change


def evaluate_turns(lay: Layout, levels: list, V: np.ndarray, K: np.ndarray,
                   tol: float = 1e-10, together: bool = True):
    """Every value (V: copies, values, states + wins, from a guess) when each side plays the
    turns planned in `levels` (plan_turns). Returns V (in place) and the most sweeps a value took.

    With the turns fixed, each value is a fixed point of its own: the values are swept side by
    side."""
    copies, count, width = V.shape
    n = int(np.sqrt(width))
    state_column, win_column = columns(lay, copies, n)
    size = max(len(turns[0]) for level in levels for turns in (level.leaving, level.staying))
    sweeps = [0] * count

    def one(row: int) -> None:
        U = np.empty((1, copies * (len(lay.states) + n)))
        for k in range(copies):
            U[0, state_column[k]] = V[k, row, lay.states]
            U[0, win_column[k]] = V[k, row, n * n:]
        buffer, K1 = np.empty(size), K[row:row + 1]
        sweeps[row] = _sweep_until(lambda inner_tol: sweep_turns(levels, U, K1, inner_tol,
                                                                 buffer), U, tol)
        for k in range(copies):
            V[k, row, lay.states] = U[0, state_column[k]]

    _side_by_side(one, list(range(count)), together)
    return V, max(sweeps)
