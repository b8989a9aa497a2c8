"""The computer's levels are ordered by strength in every Tourne Case rule set: over seeded games,
each level wins clearly more points than the level below it, and the novice more than a player
who moves at random. A margin counts when the mean points won per game, minus those lost, is more
than Z standard errors above 0 (a one-sided chance under 1 in 1000 of a tie looking so good) and
the share of points is at least MIN_SHARE. (tests/bench_levels.py gives the shares, measured
through `python main.py engine`.)

The games run on the solver's turn tables (checked against the engine by
tests/test_computer.py) so that thousands of them take seconds. A Bell game is played for the
most points, and a 2-point win counts 2.
"""
import bisect
import functools
import itertools
import math
import random

import pytest

from game.computer.tourne_case import LEVEL_NAMES
from game.computer import tables as tbl
from game.computer.tourne_case import Option, pick
from game.rules import TOURNE_CASE

GAMES = 2000
Z = 3.1
MIN_SHARE = 0.53
PAIRINGS = list(zip(LEVEL_NAMES[1:], LEVEL_NAMES[:-1])) + [("novice", "random")]


@functools.lru_cache(maxsize=None)
def arena(name: str) -> tuple:
    """What games of one rule set need, on Python lists (quicker to index one at a time)."""
    t, model = tbl.tables(name), tbl._model(name)
    nxt, mask = model.turn_next.tolist(), model.turn_mask.tolist()
    turns = [[[(nxt[i], mask[i]) for i in range(start, start + count)]
              for start, count in zip(starts, counts)]
             for starts, counts in zip(model.turn_start.tolist(), model.turn_count.tolist())]
    goal = t.win if t.equity is None else t.most_points
    # the throws' chances added up once (random.choices adds `weights` up at every call)
    chances = list(itertools.accumulate(list(model.prob)))
    if len(chances) != len(model.throws) or not 0 < chances[-1] < math.inf:
        raise ValueError(f"{name}: throws without sound chances")
    return t, model, goal, turns, model.hit_opp.tolist(), model.points.tolist(), chances


def play(name: str, levels: tuple, rng: random.Random) -> tuple[int, int]:
    """One game between two levels ("random": any legal move, uniformly), who moves first
    drawn at random: the winner (0 or 1) and the points it scores."""
    t, model, goal, turns, hit_opp, points, chances = arena(name)
    own = opp = model.index[(0, 0, 0)]
    mover = rng.randrange(2)
    total, last = chances[-1] + 0.0, len(chances) - 1
    while True:   # rng.choices(range(throws), cum_weights=chances)[0], without its checks
        found = turns[own][bisect.bisect_right(chances, rng.random() * total, 0, last)]
        if found:
            options = [Option(None, nxt, hit_opp[mask][opp]) for nxt, mask in found]
            level = levels[mover]
            chosen = (rng.choice(options) if level == "random"
                      else pick(level, t, goal, options, rng))
            if chosen.own == model.home:
                return mover, int(points[chosen.opp])
            own, opp = chosen.opp, chosen.own
        else:
            own, opp = opp, own
        mover = 1 - mover


def duel(name: str, stronger: str, weaker: str, games: int, seed: str) -> tuple[float, float]:
    """The stronger side's share of the points, and how many standard errors its net points
    per game lie above 0."""
    rng = random.Random(f"{seed}-{name}-{stronger}-{weaker}")
    net = []
    for _ in range(games):
        winner, points = play(name, (stronger, weaker), rng)
        net.append(points if winner == 0 else -points)
    won = sum(p for p in net if p > 0)
    mean = sum(net) / games
    sd = math.sqrt(sum((p - mean) ** 2 for p in net) / (games - 1))
    return won / sum(abs(p) for p in net), mean / (sd / math.sqrt(games))


@pytest.mark.parametrize("name", TOURNE_CASE)
@pytest.mark.parametrize("stronger, weaker", PAIRINGS, ids="-".join)
def test_each_level_beats_the_one_below(name, stronger, weaker):
    share, z = duel(name, stronger, weaker, GAMES, "levels")
    assert z > Z and share >= MIN_SHARE, (name, stronger, weaker, share, z)


def test_equal_levels_show_no_margin():
    # The yardstick itself: between equals the same measure finds no margin.
    share, z = duel("charpentier", "novice", "novice", GAMES, "levels")
    assert abs(z) < Z and abs(share - 0.5) < MIN_SHARE - 0.5
