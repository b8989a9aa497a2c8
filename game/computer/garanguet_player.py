"""The Garanguet computer player: levels, hints, and the simple players it is measured against.

Moves always come from the rules engine; what differs between levels is how each end of a turn
is valued: a hand-written reading of blocks, primes and the race (novice, with noise), the
learnt network with noise (journeyman), or the network with the exact bear-off table in races
and the move chosen by match equity (master).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from game.rules import Move, Position, Side

from . import garanguet_net as gnet

OFF = 25
LAST_QUADRANT = 19


# --- the simple players ------------------------------------------------------------------

def random_move(rules, position: Position, dice, rng: random.Random) -> Move:
    """Any legal move, uniformly (a yardstick for benchmarks, never a level)."""
    moves = rules.legal_moves(position, dice)
    return rng.choice(moves) if moves else Move(())


def _own_opp(position: Position):
    side = position.to_move
    return position.checkers(side), position.checkers(side.other)


def pip_greedy_move(rules, position: Position, dice, rng: random.Random) -> Move:
    """The move that leaves the fewest pips to bear off (ties at random): what a player who
    only counts the race plays."""
    own, opp = _own_opp(position)
    ends = gnet.turn_ends(rules, own, opp, dice)
    if not ends:
        return Move(())
    pips = [sum(OFF - p for p in end) for end, _ in ends]
    best = min(pips)
    return Move(rng.choice([steps for (_, steps), p in zip(ends, pips) if p == best]))


#: weights of the hand-written evaluation (tuned by self-play of heuristic against heuristic)
HEURISTIC = {"pips": 0.1, "block": 0.25, "prime": 3.0, "trapped": 0.35, "outside": 0.15,
             "stack": 0.1, "off": 0.3}


def heuristic_values(own: np.ndarray, opp: np.ndarray, weights=None) -> np.ndarray:
    """A hand-written worth of each of the mover's ends (own: counts (N, 26) after the move;
    opp: the opponent's counts (26,)), higher is better: blocks and primes in front of the
    opponent's checkers, own checkers not shut in behind the opponent's, the race, bearing off."""
    w = HEURISTIC if weights is None else weights
    n = len(own)
    points = np.arange(26)
    # the opponent's checkers on the mover's path: one on its point q stands on 25 - q
    theirs = np.zeros(26)
    theirs[1:25] = opp[24:0:-1]
    # where the opponent's rearmost checker stands on the mover's path (0: none on the board)
    on_board = np.nonzero(theirs[1:25])[0]
    rear = on_board[-1] + 1 if len(on_board) else 0
    behind = np.cumsum(theirs[::-1])[::-1]           # behind[p]: their checkers on p.. 24
    value = -w["pips"] * (own * (OFF - points)).sum(axis=1)
    value += w["off"] * own[:, OFF]
    value -= w["outside"] * own[:, 1:LAST_QUADRANT].sum(axis=1)
    value -= w["stack"] * np.maximum(own[:, 1:25] - 3, 0).sum(axis=1)
    # blocks: runs of held points that some opposing checker still has to pass, worth more
    # the longer they are and the more checkers they hold back; six in a row is a prime (G-8)
    held = own[:, 1:25] > 0
    run = np.zeros(n, dtype=np.int64)
    for j in range(24):
        run = (run + 1) * held[:, j]
        ends_here = run > 0 if j == 23 else (run > 0) & ~held[:, j + 1]
        if ends_here.any():
            low = j + 2 - run                  # the run's lowest point
            stuck = behind[np.minimum(j + 2, 25)]   # their checkers beyond the run's top
            useful = ends_here & (low < rear)
            length = np.minimum(run, 6)
            worth = length * (length - 1) / 2 * (1 + stuck / 5.0) + w["prime"] * (length >= 6) * stuck
            value += w["block"] * worth * useful
    # own checkers shut in: points held by the opponent within six points ahead
    held_theirs = (theirs[1:25] > 0).astype(float)
    ahead = np.zeros(26)
    for d in range(1, 7):
        ahead[1:25 - d] += held_theirs[d:]
    trapped = (own[:, 1:25] * ahead[1:25] ** 2 / 6.0).sum(axis=1)
    value -= w["trapped"] * trapped
    return value


def heuristic_move(rules, position: Position, dice, rng: random.Random, noise: float = 0.0,
                   weights=None) -> Move:
    """The move the hand-written evaluation likes best (with `noise`: a normal error of that
    size on each move's worth)."""
    own, opp = _own_opp(position)
    ends = gnet.turn_ends(rules, own, opp, dice)
    if not ends:
        return Move(())
    values = heuristic_values(gnet.counts([e for e, _ in ends]), gnet.counts([opp])[0], weights)
    if noise:
        values = values + np.array([rng.gauss(0.0, noise) for _ in ends])
    return Move(ends[int(np.argmax(values))][1])
