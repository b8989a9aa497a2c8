"""Benchmark of the Garanguet computer player: `python tests/bench.py --json --only garanguet`.

bearoff_build_s / bearoff_load_s: seconds to solve the bear-off table from nothing, and to load
the shipped one. move_ms: each level's choose() time (median, p95, max) over the positions and
throws of seeded games between the top level and the heuristic player, and over the same
positions with a triplet (G-6: six moves, often hundreds of legal plays); plays: how many legal
plays those turns had. shares: each level's share of the points (a 2-point game counts 2) over
GAMES seeded games (colours alternate, each game opens with a priority throw, C-1) against a
uniformly random mover, a greedy pip counter, the hand-written heuristic player, and the level
below; the top level also against earlier checkpoints of its own training and against a
network trained differently (other seed, size and lambda). win2_rate: the share of the top
level's self-play games won by 2 points (G-10), the rate its match equity table is built from.
"""
import pathlib
import random
import statistics
import sys
import time


HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))

import train_garanguet as tg  # noqa: E402

from game.computer import garanguet_bearoff as gb  # noqa: E402
from game.computer import garanguet_net as gnet  # noqa: E402
from game.computer import garanguet_player as gp  # noqa: E402
from game.rules.garanguet import GARANGUET  # noqa: E402

GAMES = 400
SEED = 1818
SPARRING = gnet.DATA / "garanguet_sparring"


def level(name, seed):
    computer = gp.Computer(GARANGUET, name, random.Random(seed))
    computer.prepare()
    return lambda position, dice: computer.choose(position, dice)


def yardsticks(seed):
    rngs = [random.Random(seed + i) for i in range(3)]
    return {
        "random": lambda p, d: gp.random_move(GARANGUET, p, d, rngs[0]),
        "pipcount": lambda p, d: gp.pip_greedy_move(GARANGUET, p, d, rngs[1]),
        "heuristic": lambda p, d: gp.heuristic_move(GARANGUET, p, d, rngs[2]),
    }


def positions(count, seed):
    """(position, dice) of the top level's turns in seeded games against the heuristic."""
    found = []
    master = level("master", seed)

    def recording(position, dice):
        found.append((position, dice))
        return master(position, dice)

    k = 0
    while len(found) < count:
        tg.play_game((recording, yardsticks(seed)["heuristic"]), random.Random(seed + k))
        k += 1
    return found[:count]


def timing(turns):
    figures = {}
    for name in gp.LEVEL_NAMES:
        choose = level(name, 5)
        times = []
        for position, dice in turns:
            started = time.perf_counter()
            choose(position, dice)
            times.append(time.perf_counter() - started)
        times.sort()
        figures[name] = {"median": round(1000 * statistics.median(times), 2),
                         "p95": round(1000 * times[int(0.95 * len(times))], 2),
                         "max": round(1000 * times[-1], 2)}
    return figures


def net_player(path):
    value_net = gnet.Net.load(path)
    return tg.net_chooser(value_net)


def run() -> dict:
    figures = {}
    started = time.perf_counter()
    gb.build()
    figures["bearoff_build_s"] = round(time.perf_counter() - started, 2)
    started = time.perf_counter()
    gb.load()
    figures["bearoff_load_s"] = round(time.perf_counter() - started, 3)

    turns = positions(300, SEED)
    triplets = [(position, (d, d, d)) for (position, _), d in zip(turns[::3], [2, 3, 1, 4] * 100)]
    plays = sorted(len(GARANGUET.legal_moves(p, d)) for p, d in triplets)
    figures["move_ms"] = timing(turns)
    figures["move_ms_triplets"] = timing(triplets)
    figures["triplet_plays"] = {"median": plays[len(plays) // 2], "max": plays[-1]}
    started = time.perf_counter()
    for p, d in triplets:
        GARANGUET.legal_moves(p, d)
    figures["triplet_legal_moves_ms_mean"] = round(1000 * (time.perf_counter() - started) / len(triplets), 2)

    shares = {}
    below = {"novice": None, "journeyman": "novice", "master": "journeyman"}
    for i, name in enumerate(gp.LEVEL_NAMES):
        rivals = dict(yardsticks(SEED + 10 * i))
        if below[name]:
            rivals[below[name]] = level(below[name], SEED + 1)
        shares[name] = {rival: round(tg.share(level(name, SEED), opponent, GAMES, SEED + 7), 3)
                        for rival, opponent in rivals.items()}
    for path in sorted(SPARRING.glob("*.npz")):
        shares["master"][path.stem] = round(
            tg.share(level("master", SEED), net_player(path), GAMES, SEED + 7), 3)
    figures["shares"] = shares
    figures["games_each"] = GAMES

    won = won2 = 0
    a, b = level("master", SEED + 2), level("master", SEED + 3)
    for k in range(GAMES // 2):
        _, points = tg.play_game((a, b), random.Random(SEED * 7 + k))
        won += 1
        won2 += points == 2
    figures["win2_rate"] = round(won2 / won, 3)
    return figures


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=2))
