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
