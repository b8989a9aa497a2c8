"""Today's top level of Garanguet, frozen as it stood on the morning of 2026-11-27 (issue 39): the
master's search of that day (two plies for at most 3 plays within 0.16 points of the best, the
pure races of more than 6 checkers a side from the one-sided tables combined) with the network
of 42,000 games of run A (tools/checkpoints/garanguet-a/ckpt_042000.npz, shipped that day as
game/computer/data/garanguet_net.npz). A fixed sparring partner for tests/bench_garanguet.py
(rival "top"): the game's own search may change, this copy does not. Only the building blocks
whose answers do not change (the rules' turns, the network's arithmetic, the tables, the match
table) are the game's.
"""
from __future__ import annotations

import pathlib

import numpy as np

from game.computer import garanguet_bearoff as gb
from game.computer import garanguet_net as gnet
from game.computer import garanguet_race as gr
from game.computer.garanguet_player import THROWS, _replies, point_worth, worth
from game.rules import GARANGUET, LAST_QUADRANT, OFF, Move, Position, aways

NET = pathlib.Path(__file__).resolve().parent.parent / "tools" / "checkpoints" / "garanguet-a" / "ckpt_042000.npz"
SEARCH_WIDTH = 3
SEARCH_MARGIN = 0.16


def chances(position: Position, ends, value_net: gnet.Net, table=None) -> np.ndarray:
    """The mover's chances (win, win 2, lose 2) after each end of its turn (its checkers after
    the move): from the network, or exactly from the bear-off table once both sides bear off
    in a pure race (then nothing can block either, and each bears off alone)."""
    return after_turns(ends, position.checkers(position.to_move.other), value_net, table)


def after_turns(ends, others, value_net: gnet.Net, table=None, which=None) -> np.ndarray:
    """As `chances`, for rows of the side that has just moved (`ends`, (N, 15)) against the side
    now on turn: `others` (K, 15), row `which[i]` for end i (the first row when not given)."""
    ends = np.asarray(ends, dtype=np.int64).reshape(-1, 15)
    few = np.asarray(others, dtype=np.int64).reshape(-1, 15)
    which = np.zeros(len(ends), dtype=np.int64) if which is None else np.asarray(which)
    values = gnet.values_against(value_net, gnet.counts(few), which, gnet.counts(ends))
    others = few[which]
    if table is not None:
        racing = (ends[:, 0] >= LAST_QUADRANT) & (others[:, 0] >= LAST_QUADRANT)
        if racing.any():
            values[racing] = gnet.flip(table.race(gb.spreads_of(others[racing]),
                                                  gb.spreads_of(ends[racing])))
    won = ends[:, 0] == OFF                    # the game is won on this turn (G-10)
    values[won] = np.stack([np.ones(won.sum()), (others[won, -1] != OFF).astype(float),
                            np.zeros(won.sum())], axis=1)
    win = np.clip(values[:, 0], 0.0, 1.0)
    return np.stack([win, np.minimum(values[:, 1], win), np.minimum(values[:, 2], 1 - win)], axis=1)


def settled(ends, opp) -> np.ndarray:
    """For each end of the mover's turn, whether one ply already tells its worth exactly or
    nearly: the game won, or a pure race valued from the bear-off table."""
    ends = np.asarray(ends, dtype=np.int64).reshape(-1, 15)
    return (ends[:, 0] == OFF) | ((ends[:, 0] >= LAST_QUADRANT) & (min(opp) >= LAST_QUADRANT))


def two_ply(rules, ends, opp, value_net: gnet.Net, table=None, their_score=None) -> np.ndarray:
    """The mover's chances (win, win 2, lose 2) after each of `ends` (its checkers after its
    turn; `opp`: the opponent's, who throws next), looking one turn further: for each of the
    opponent's throws, weighed by its chance, the reply that the opponent values best at one
    ply (by `worth` at its score, `their_score`), or its pass."""
    rows, which, sizes = [], [], []
    for i, end in enumerate(ends):
        # the opponent's turns for each throw, or its checkers as they stand when it passes
        # (the mover throws again): the game's reply search, kept across decisions, finds the
        # same turns as the rules' whole-turn search (tests/test_garanguet_inputs.py checks)
        replies, counts = _replies(rules, tuple(opp), end)
        sizes += counts
        rows.append(replies)
        which.append(np.full(len(replies), i))
    values = after_turns(np.concatenate(rows), ends, value_net, table, np.concatenate(which))
    ranked = worth(values, their_score)
    found = np.zeros((len(sizes), 3))
    start = 0
    for k, size in enumerate(sizes):
        found[k] = values[start + int(np.argmax(ranked[start:start + size]))]
        start += size
    chance = np.array([chance for _, chance in THROWS])
    return gnet.flip(np.einsum("t,itk->ik", chance, found.reshape(len(ends), len(THROWS), 3)))


def best_plays(rules, position: Position, dice, match=None, value_net=None, table=None,
               width: int = SEARCH_WIDTH):
    """Every end of the mover's turn ranked for the top level: [(end, steps)] and, in the same
    order, their chances (win, win 2, lose 2), their worth at the score, and how many plies each
    was valued at. The `width` ends the network likes best at one ply, unless one ply already
    settles them, are valued at two plies and ranked first."""
    table = table if table is not None else gr.races()
    side = position.to_move
    own, opp = position.checkers(side), position.checkers(side.other)
    ends = gnet.turn_ends(rules, own, opp, dice)
    if not ends:
        return [], np.zeros((0, 3)), np.zeros(0), np.zeros(0, dtype=int)
    score = aways(side, match)
    values = chances(position, [e for e, _ in ends], value_net, table)
    ranked = worth(values, score)
    order = np.argsort(-ranked, kind="stable")
    plies = np.ones(len(ends), dtype=int)
    if len(ends) > 1 and width > 0:
        top = order[:width]
        top = top[ranked[top] >= ranked[top[0]] - SEARCH_MARGIN * point_worth(score)]
        deeper = top[~settled([ends[i][0] for i in top], opp)]
        if len(deeper):
            values[deeper] = two_ply(rules, [ends[i][0] for i in deeper], opp, value_net, table,
                                     aways(side.other, match))
            ranked[deeper] = worth(values[deeper], score)
            plies[deeper] = 2
            top = top[np.argsort(-ranked[top], kind="stable")]
            order = np.concatenate([top, order[len(top):]])
    return [ends[i] for i in order], values[order], ranked[order], plies[order]


class Top:
    """The frozen top level as a player: choose(position, dice, match) -> Move."""

    def __init__(self, net_path=NET, width: int = SEARCH_WIDTH):
        self.net = gnet.Net.load(net_path)
        self.table = gr.races()
        self.width = width

    def choose(self, position: Position, dice, match=None) -> Move:
        ends = best_plays(GARANGUET, position, dice, match, self.net, self.table, self.width)[0]
        return Move(ends[0][1]) if ends else Move(())
