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

from dataclasses import dataclass

import numpy as np

from .model import Model


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

    count = model.turn_count[c].astype(np.int32)     # (states, throws)
    passing = sum(p * (count[:, t] == 0) for t, p in enumerate(model.prob))
    gs, gt = (x.astype(np.int32) for x in np.nonzero(count))   # groups in state order
    group_prob = model.prob[gt]
    sizes = count[gs, gt]
    del count
    group_start = np.concatenate(([0], np.cumsum(sizes, dtype=np.int64)[:-1]))
    first = model.turn_start[c[gs], gt] - group_start

    bounds = np.flatnonzero(np.diff(level)) + 1
    s_edges = np.concatenate(([0], bounds, [len(states)]))
    g_edges = np.searchsorted(gs, s_edges)
    e_edges = np.concatenate((group_start, [sizes.sum()]))[g_edges]
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
    return Layout(copies, states, partner, passing, group_prob, gs, group_start, entries,
                  levels, within)


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
    sweeps = 0
    while True:
        sweeps += 1
        change = 0.0
        for (s, g, e), (same, affected, at) in zip(lay.levels, lay.within):
            # The best turn of each group, apart from the turns that stay in this level.
            if policy is None:
                u = U[targets[e]]
                u[same - e.start] = np.inf
                base = np.minimum.reduceat(u, lay.group_start[g] - e.start)
                same_targets = targets[same]
            else:
                chosen = policy[g]
                base = U[targets[chosen]]
                stays = np.isin(chosen, same)
                base[stays] = np.inf
                affected = np.flatnonzero(stays)
                at, same_targets = np.arange(len(affected)), targets[chosen[stays]]
            state, prob = lay.group_state[g] - s.start, lay.group_prob[g]
            size = s.stop - s.start
            # The groups without such turns are settled for this sweep; the others iterate.
            outside = base[affected]
            base[affected] = K
            settled = np.bincount(state, weights=(K - base) * prob, minlength=size)
            state, prob = state[affected], prob[affected]
            p = lay.passing[s]
            mirror = lay.partner[s] - s.start
            q = p[mirror]
            stuck = p * q > 1 - 1e-15
            for inner in range(INNER if len(same_targets) else 1):
                low = outside.copy()
                np.minimum.at(low, at, U[same_targets])
                a = settled + np.bincount(state, weights=(K - low) * prob, minlength=size)
                value = (a + p * K - p * a[mirror] - p * q * K) / np.where(stuck, 1.0, 1 - p * q)
                value[stuck] = K / 2
                step = float(np.abs(value - U[lay.states[s]]).max())
                if not inner:
                    change = max(change, step)
                U[lay.states[s]] = value
                if step < tol:
                    break
        if change < tol:
            break
    values = U[:copies * n * n].reshape(copies, n, n)
    if chance:   # chances, not a rounding error outside 0..1
        np.clip(values, 0.0, 1.0, out=values)
    return values, sweeps


def best_policy(model: Model, lay: Layout, values, wins: list, chance: bool = True):
    """The entry each group plays under these values (the first of equal bests)."""
    n, copies = model.size, lay.copies
    K = 1.0 if chance else 0.0
    U = np.concatenate([np.ravel(values)] + [K - np.asarray(w, float) for w in wins])
    u = U[lay.entries]
    low = np.minimum.reduceat(u, lay.group_start)
    sizes = np.diff(np.concatenate((lay.group_start, [len(u)])))
    group_of = np.repeat(np.arange(len(sizes)), sizes)
    candidates = np.where(u == low[group_of], np.arange(len(u)), len(u))
    return np.minimum.reduceat(candidates, lay.group_start)


# --- One match score, fast: the turns worth weighing, several values carried at once -------------
TIE = 1e-9      # turns this close for the match are equal: the one scoring more points is played


@dataclass
class Part:
    """Some groups of one level: their kept turns' targets (grouped), where each group's turns
    start, and each group's probability and state (within the level)."""

    targets: np.ndarray
    starts: np.ndarray
    prob: np.ndarray
    state: np.ndarray
    single: bool


def _part(lay: Layout, keep_local, group, kept, g_start: int, e_start: int, chosen,
          s_start: int) -> Part:
    """The groups `chosen` (local to the level) with their kept turns."""
    in_part = np.zeros(len(kept), bool)
    in_part[chosen] = True
    targets = lay.entries[np.flatnonzero(keep_local & in_part[group]) + e_start]
    sizes = kept[chosen]
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
    return Part(targets, starts, lay.group_prob[g_start + chosen],
                lay.group_state[g_start + chosen] - s_start, bool((sizes == 1).all()))


def plan(lay: Layout, keep: np.ndarray) -> list:
    """Per level of a one-copy layout: its states, and three parts (groups with one kept turn,
    with several, and with a turn staying in the level: those are iterated within the level)."""
    levels = []
    for (s, g, e), (same, _, _) in zip(lay.levels, lay.within):
        sizes = np.diff(np.concatenate((lay.group_start[g], [e.stop])))
        group = np.repeat(np.arange(len(sizes)), sizes)
        keep_local = keep[e].copy()
        at = np.flatnonzero(keep_local)      # turns of a group leading to the same state: one
        order = np.lexsort((lay.entries[e][at], group[at]))
        twin = np.diff(group[at][order]) == 0
        twin &= np.diff(lay.entries[e][at][order]) == 0
        keep_local[at[order[1:][twin]]] = False
        kept = np.bincount(group[keep_local], minlength=len(sizes))
        stays = np.zeros(len(sizes), bool)
        local_same = same - e.start
        stays[group[local_same[keep_local[local_same]]]] = True
        parts = [_part(lay, keep_local, group, kept, g.start, e.start, np.flatnonzero(which),
                       s.start)
                 for which in ((kept == 1) & ~stays, (kept > 1) & ~stays, stays)]
        levels.append((s, parts))
    return levels


def _best(source, part: Part) -> list:
    """What each group's best turn leads to, one array per value (`source`: the values the
    turns lead to, one array each): the lowest first value (the opponent's), among equals
    (within TIE) the lowest last one."""
    first = source[0][part.targets]
    if part.single:
        return [first] + [values[part.targets] for values in source[1:]]
    low = np.minimum.reduceat(first, part.starts)
    if len(source) == 1:
        return [low]
    sizes = np.diff(np.concatenate((part.starts, [len(first)])))
    near = first <= np.repeat(low, sizes) + TIE
    last = np.where(near, source[-1][part.targets], np.inf)
    low_last = np.minimum.reduceat(last, part.starts)
    at = np.where(near & (last <= np.repeat(low_last, sizes)), np.arange(len(first)), len(first))
    picked = part.targets[np.minimum.reduceat(at, part.starts)]
    return [values[picked] for values in source]


def _add(total, part: Part, K, source) -> None:
    """Add each group's worth (its probability times K minus what its best turn leads to)."""
    if len(part.starts):
        for column, (k, values) in enumerate(zip(K, _best(source, part))):
            total[column] += np.bincount(part.state, weights=part.prob * (k - values),
                                         minlength=len(total[column]))


def sweep_score(lay: Layout, levels: list, V: np.ndarray, K: np.ndarray, tol: float,
                inner_tol: float) -> float:
    """One Gauss-Seidel sweep, highest level first, of V (copies, values, states + wins): copy
    k's turns lead to the other copy's states (and to its own wins, kept in the other copy's
    last rows). Returns the largest change."""
    copies, columns = V.shape[:2]
    change = 0.0
    K2 = K[:, None]
    for s, (single, several, staying) in levels:
        flat = lay.states[s]
        size = len(flat)
        settled = np.zeros((copies, columns, size))
        for k in range(copies):
            source = V[(k + 1) % copies]
            _add(settled[k], single, K, source)
            _add(settled[k], several, K, source)
        p = lay.passing[s]
        mirror = lay.partner[s] - s.start
        q = p[mirror]
        stuck = p * q > 1 - 1e-15
        for inner in range(INNER if len(staying.starts) else 1):
            a = settled.copy()
            for k in range(copies):
                _add(a[k], staying, K, V[(k + 1) % copies])
            value = (a + p * K2 - p * a[::-1][:, :, mirror] - p * q * K2) / np.where(stuck, 1.0, 1 - p * q)
            value[:, :, stuck] = (K2 / 2)[None]
            step = float(np.abs(value - V[:, :, flat]).max())
            V[:, :, flat] = value
            if not inner:
                change = max(change, step)
            if step < inner_tol:
                break
    return change


EXTRAPOLATE = 3


def _extrapolate(V, earlier, last) -> None:
    """Where the steps shrink by a steady ratio r, jump to where they lead (Aitken): the last
    step times r / (1 - r), r measured over all values."""
    r = float(np.vdot(last, earlier) / max(np.vdot(earlier, earlier), 1e-300))
    if 0 < r < 0.9:
        V += last * (r / (1 - r))


def worth_weighing(lay: Layout, guess: np.ndarray, margin: float) -> np.ndarray:
    """The turns (entries) within `margin` of their group's best for any copy under a guess of
    the values (copies, states + wins): the others are not weighed until checked."""
    keep = np.zeros(len(lay.entries), bool)
    copies = len(guess)
    for s, g, e in lay.levels:
        starts = lay.group_start[g] - e.start
        sizes = np.diff(np.concatenate((starts, [e.stop - e.start])))
        for k in range(copies):
            u = guess[(k + 1) % copies][lay.entries[e]]
            keep[e] |= u <= np.repeat(np.minimum.reduceat(u, starts), sizes) + margin
    return keep


def solve_score(lay: Layout, V: np.ndarray, K: np.ndarray, margin: float = 1e-3,
                tol: float = 1e-11):
    """The fixed point for a match score from a close guess V (copies, values, states + wins;
    the first value is played for, the others are carried along): only the turns within
    `margin` of the best under the guess are weighed; once converged, every turn is checked and
    any better one (or one as good for the match, within TIE) is added and the sweeps go on.
    Returns V solved (in place) and the number of sweeps."""
    keep = worth_weighing(lay, V[:, 0], margin)
    sweeps = 0
    while True:
        levels = plan(lay, keep)
        change, steps = 1.0, []
        while True:
            sweeps += 1     # within a level, iterate only as far as the sweeps have come
            before = V.copy()
            change = sweep_score(lay, levels, V, K, tol, max(tol, change / 100))
            if change < tol:
                break
            steps = (steps + [V - before])[-2:]
            if len(steps) == 2 and sweeps % EXTRAPOLATE == 0:
                _extrapolate(V, *steps)
                steps = []
        missed = worth_weighing(lay, V[:, 0], TIE if V.shape[1] > 1 else 0.0) & ~keep
        if not missed.any():
            return V, sweeps
        keep |= missed
