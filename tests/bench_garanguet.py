"""Benchmark of the Garanguet computer player: `python tests/bench.py --json --only garanguet`.

bearoff_build_s / bearoff_load_s: seconds to solve the bear-off table from nothing, and to load
the shipped one. move_ms: each level's choose() time (median, p95, max; and the master's at one
ply) over the positions and throws of seeded games between the top level and the heuristic
player, and over the same positions with a triplet (G-6: six moves, often hundreds of legal plays); plays: how many legal
plays those turns had. shares: the novice's and the journeyman's share of the points (a 2-point
game counts 2) over GAMES seeded games (colours alternate, each game opens with a priority
throw, C-1) against a uniformly random mover, a greedy pip counter, the hand-written heuristic
player, and the level below; the master's (two plies) over MASTER_GAMES games against those,
the journeyman, today's master (master1, below), earlier checkpoints of its own training and a
network trained differently (other seed, size and lambda), each with its standard error. The
sparring networks (game/computer/data/garanguet_sparring, played at one ply): run A after 2,000,
9,000, 15,000 (master1's), 24,000 and 42,000 games (the master's until 2026-11-28, when run D's
network, 128 hidden units reading the board and its blocks, was shipped), and run B after 4,000
(40 hidden units, lambda 0.5); tools/checkpoints/README.md tells how.
win2_rate: the share of games won by 2 points (G-10) in WIN2_GAMES games of the master against
itself at one ply (the rate its match equity table is built from; two plies cost too much).

Longer duels run in the background, in chunks, and resume where they stopped (one line of
results per pair of games in the --out file, the same dice with the colours swapped; against
itself, one game):

    nice python tests/bench_garanguet.py duel --games 2000 --rival master1 --out duel.jsonl

The time to decide: `python tests/bench_garanguet.py speed --busy` (see `speed`). The lower
levels' slips: `python tests/bench_garanguet.py character` (see `character`).

Parts can run side by side (--part 0/2 and 1/2, each writing its own file); the summary of
all: the same command with every file after --out and --games 0.
The player is the master (--net, --width: its network and two-ply search), or with --player a
lower level; the rival one of random, pipcount, heuristic, novice, journeyman, master1 (the
master looking one ply ahead with the network of 15,000 games), top (the top level of the
morning of 2026-11-27: the network of 42,000 games at two plies, width 3, its search frozen in
tests/garanguet_top.py), master:PATH:WIDTH (the master with that network and search width, 0
for one ply), self (the player itself), or a network's file (played at one ply, without the
bear-off table). It prints the player's share of the points with its standard
error, and the share of games won by 2 points.
"""
import argparse
import json
import math
import os
import pathlib
import random
import statistics
import sys
import time

# one BLAS thread, as the game runs (game/commands/cli.py): the matrices are small
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")


HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))

import train_garanguet as tg  # noqa: E402

from game.computer import garanguet_bearoff as gb  # noqa: E402
from game.computer import garanguet_net as gnet  # noqa: E402
from game.computer import garanguet_player as gp  # noqa: E402
from game.computer import garanguet_race as gr  # noqa: E402
from game.computer.random_player import random_move  # noqa: E402
from game.rules.garanguet import GARANGUET  # noqa: E402

GAMES = 400
#: the master's duels in this benchmark: its two-ply search costs seconds a game (longer duels:
#: `duel`, below)
MASTER_GAMES = 100
WIN2_GAMES = 2000
SEED = 1818
SPARRING = gnet.DATA / "garanguet_sparring"


def level(name, seed):
    computer = gp.Computer(GARANGUET, name, random.Random(seed))
    computer.prepare()
    return lambda position, dice: computer.choose(position, dice)


def yardsticks(seed):
    rngs = [random.Random(seed + i) for i in range(3)]
    return {
        "random": lambda p, d: random_move(GARANGUET, p, d, rngs[0]),
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
    players = {name: level(name, 5) for name in gp.LEVEL_NAMES}
    players["master_one_ply"] = master(None, 0, 5)
    for name, choose in players.items():
        gp.forget()             # nothing kept from making the turns, nor from the other levels
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
    below = {"novice": None, "journeyman": "novice"}
    for i, name in enumerate(["novice", "journeyman"]):
        rivals = dict(yardsticks(SEED + 10 * i))
        if below[name]:
            rivals[below[name]] = level(below[name], SEED + 1)
        shares[name] = {rival: round(tg.share(level(name, SEED), opponent, GAMES, SEED + 7), 3)
                        for rival, opponent in rivals.items()}
    figures["games_each"] = GAMES
    player = master(None, gp.SEARCH_WIDTH, SEED)
    rivals = ["random", "pipcount", "heuristic", "journeyman", "master1"]
    shares["master"] = {name: summary([pair(player, name, k, SEED + 7) for k in range(MASTER_GAMES // 2)])
                        for name in rivals + sorted(str(p) for p in SPARRING.glob("*.npz"))}
    figures["shares"] = shares
    figures["master_games_each"] = MASTER_GAMES

    rows = [pair(master(None, 0, SEED + 2), "self", k, SEED * 7) for k in range(WIN2_GAMES)]
    figures["win2_rate"] = summary(rows)["win2_rate"]
    figures["win2_games"] = WIN2_GAMES
    return figures


#: today's master for the duels: one ply, with the network of 15,000 games of self-play
MASTER1 = SPARRING / "a_015000.npz"


def rival(name: str, seed: int):
    """A player (position, dice) -> Move by name, or a network's file played at one ply."""
    if name in ("random", "pipcount", "heuristic"):
        return yardsticks(seed)[name]
    if name in ("novice", "journeyman"):
        return level(name, seed)
    if name == "master1":
        return master(MASTER1, 0, seed)
    if name == "top":                           # frozen: tests/garanguet_top.py
        from tests.garanguet_top import Top
        top = Top()
        return lambda position, dice: top.choose(position, dice)
    if name.startswith("master:"):             # master:PATH:WIDTH, the master with that net
        path, width = name[len("master:"):].rsplit(":", 1)
        return master(path, int(width), seed)
    return net_player(name)


def master(net_path, width: int, seed: int):
    value_net = gnet.Net.load(net_path) if net_path else None
    computer = gp.Computer(GARANGUET, "master", random.Random(seed), value_net, width)
    computer.prepare()
    return lambda position, dice: computer.choose(position, dice)


def pair(player, rival_name: str, k: int, seed: int) -> dict:
    """Pair k of a duel: two games with the same dice, the player White, then Black (against
    itself the second would repeat the first: one game)."""
    started = time.process_time()
    other = player if rival_name == "self" else rival(rival_name, seed + 1 + k)
    got, total, doubles = 0, 0, 0
    for swap in (False,) if other is player else (False, True):
        rng = random.Random(seed * 100_003 + k)
        winner, points = tg.play_game((other, player) if swap else (player, other), rng)
        got += points if winner == (1 if swap else 0) else 0
        total += points
        doubles += points == 2
    return {"pair": k, "games": 1 if other is player else 2, "got": got, "total": total,
            "won2": doubles, "cpu_s": round(time.process_time() - started, 2)}


def duel(argv=None) -> dict:
    parser = argparse.ArgumentParser(prog="bench_garanguet.py duel")
    parser.add_argument("--games", type=int, default=2000, help="games in all (pairs of two)")
    parser.add_argument("--rival", default="master1")
    parser.add_argument("--net", default=None, help="the master's network (the shipped one)")
    parser.add_argument("--width", type=int, default=gp.SEARCH_WIDTH)
    parser.add_argument("--margin", type=float, default=gp.SEARCH_MARGIN,
                        help="the master's two-ply search: how far behind the best a play may be")
    parser.add_argument("--player", default="master", choices=["master", "novice", "journeyman"],
                        help="the level that plays (--net and --width are the master's)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--part", default="0/1", help="i/n: play only the pairs k with k %% n == i"
                        " (parts run side by side, each with its own --out)")
    parser.add_argument("--out", type=pathlib.Path, nargs="+", required=True,
                        help="results (the first is written; all are read)")
    args = parser.parse_args(argv)
    part, parts = map(int, args.part.split("/"))
    gp.SEARCH_MARGIN = args.margin
    done = {}
    for path in args.out:
        if path.exists():
            for line in path.read_text().splitlines():
                row = json.loads(line)
                done[row["pair"]] = row
    player = (master(args.net, args.width, args.seed) if args.player == "master"
              else level(args.player, args.seed))
    with args.out[0].open("a") as out:
        for k in range(part, args.games // 2, parts):
            if k in done:
                continue
            done[k] = pair(player, args.rival, k, args.seed)
            out.write(json.dumps(done[k]) + "\n")
            out.flush()
    return summary(list(done.values()))


def speed(argv=None) -> dict:
    """The master's time to decide (wall and CPU, ms: median, 95th percentile, maximum) over the
    turns of seeded games of the master against the heuristic (`positions`), with the frozen top
    level of the morning of 2026-11-27 timed on the same turns; --busy keeps another process
    spinning beside it (the issue's measure: another core busy)."""
    parser = argparse.ArgumentParser(prog="bench_garanguet.py speed")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--net", default=None, help="the master's network (the shipped one)")
    parser.add_argument("--width", type=int, default=gp.SEARCH_WIDTH)
    parser.add_argument("--margin", type=float, default=gp.SEARCH_MARGIN,
                        help="the master's two-ply search: how far behind the best a play may be")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--busy", action="store_true", help="a spinning process beside it")
    parser.add_argument("--no-top", action="store_true", help="do not time the frozen top level")
    args = parser.parse_args(argv)
    import subprocess
    turns = positions(args.turns, args.seed)
    gp.SEARCH_MARGIN = args.margin
    players = {"master": master(args.net, args.width, args.seed)}
    if not args.no_top:
        players["top"] = rival("top", args.seed)
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    figures = {"turns": len(turns), "busy": args.busy}
    try:
        for name, choose in players.items():
            gp.forget()         # nothing kept from making the turns, nor from the other player
            wall, cpu = [], []
            for position, dice in turns:
                started, used = time.perf_counter(), time.process_time()
                choose(position, dice)
                wall.append(time.perf_counter() - started)
                cpu.append(time.process_time() - used)
            figures[name] = {kind: {"median": round(1000 * statistics.median(t), 1),
                                    "p95": round(1000 * sorted(t)[int(0.95 * len(t))], 1),
                                    "max": round(1000 * max(t), 1)}
                             for kind, t in (("wall_ms", wall), ("cpu_ms", cpu))}
    finally:
        if spinner:
            spinner.kill()
            spinner.wait()
    return figures


def character(argv=None) -> dict:
    """What each lower level's slips look like (issue 39: the novice's stay human-looking, not
    random): over the turns of seeded games of the heuristic player against itself, the equity
    each level's move loses against the best by the network at one ply (the master's first
    look), beside a random mover's: median and mean loss, the share of its moves within 0.05
    of the best, and of blunders losing more than 0.3."""
    parser = argparse.ArgumentParser(prog="bench_garanguet.py character")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    found = []
    heuristic = yardsticks(args.seed)["heuristic"]

    def recording(position, dice):
        found.append((position, dice))
        return heuristic(position, dice)

    k = 0
    while len(found) < args.turns:
        tg.play_game((recording, recording), random.Random(args.seed + k))
        k += 1
    rng = random.Random(args.seed)
    players = {"novice": level("novice", args.seed), "journeyman": level("journeyman", args.seed),
               "random": lambda p, d: random_move(GARANGUET, p, d, rng)}
    losses = {name: [] for name in players}
    for position, dice in found[:args.turns]:
        side = position.to_move
        ends = gnet.turn_ends(GARANGUET, position.checkers(side), position.checkers(side.other), dice)
        if len({end for end, _ in ends}) < 2:
            continue
        equity = gnet.equity(gp.chances(position, [end for end, _ in ends], gp.net(), gr.races()))
        at = {end: i for i, (end, _) in enumerate(ends)}
        for name, choose in players.items():
            move = choose(position, dice)
            mine = GARANGUET.apply(position, move, dice).checkers(side)
            losses[name].append(float(equity.max() - equity[at[mine]]))
    return {"turns": len(losses["novice"]), **{
        name: {"median": round(statistics.median(lost), 3), "mean": round(statistics.mean(lost), 3),
               "within_0.05": round(sum(x <= 0.05 for x in lost) / len(lost), 3),
               "over_0.3": round(sum(x > 0.3 for x in lost) / len(lost), 3)}
        for name, lost in losses.items()}}


def summary(rows) -> dict:
    """The player's share of the points and its standard error (pairs as the samples)."""
    got = sum(r["got"] for r in rows)
    total = sum(r["total"] for r in rows)
    n = len(rows)
    share = got / total if total else float("nan")
    spread = sum((r["got"] - share * r["total"]) ** 2 for r in rows)
    se = math.sqrt(n / (n - 1) * spread) / total if n > 1 else float("nan")
    games = sum(r.get("games", 2) for r in rows)
    return {"games": games, "share": round(share, 4), "se": round(se, 4),
            "win2_rate": round(sum(r["won2"] for r in rows) / games, 4),
            "cpu_s": round(sum(r["cpu_s"] for r in rows), 1)}


if __name__ == "__main__":
    if sys.argv[1:2] == ["duel"]:
        print(json.dumps(duel(sys.argv[2:]), indent=2))
    elif sys.argv[1:2] == ["speed"]:
        print(json.dumps(speed(sys.argv[2:]), indent=2))
    elif sys.argv[1:2] == ["character"]:
        print(json.dumps(character(sys.argv[2:]), indent=2))
    else:
        print(json.dumps(run(), indent=2))
