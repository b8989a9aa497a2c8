"""Train the Garanguet value network by TD(lambda) self-play, with a fixed seed.

    python tools/train_garanguet.py --games 40000 --out /tmp/garanguet-a
    python tools/train_garanguet.py --resume --out /tmp/garanguet-a     # goes on from the last checkpoint
    python tools/train_garanguet.py --inputs board+blocks --hidden 128 \
        --warm tools/checkpoints/garanguet-a/ckpt_090000.npz --out /tmp/garanguet-c

Each turn the mover plays greedily the end of the turn the network values best (expected
points, a 2-point game counting 2), and the network learns from the value of what follows
(the opponent's view flipped: their chance of a 2-point loss is the mover's of a 2-point win).
Game k is played from its own seed (seed, k), so a resumed run plays the same games as an
unbroken one. A checkpoint is kept every --every games (earlier ones are sparring partners),
and every --eval-every games the learning curve is printed: the network's share of points over
seeded games against a uniformly random mover, a greedy pip counter and the hand-written
heuristic player, and each network named by --against (greedy at one ply, as it trains).

--warm starts from another network instead of random weights: it is widened to --hidden units
and --inputs, the new units and inputs weighing nothing at first (new units' output weights and
new inputs' weights are zero), so that the run starts playing exactly as that network does and
the new capacity grows from there; its game count starts again at 0.
"""
from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import garanguet_net as gnet  # noqa: E402
from game.computer import garanguet_player as gp  # noqa: E402
from game.computer.random_player import random_move  # noqa: E402
from game.rules.core import Move, Side  # noqa: E402
from game.rules.garanguet import GARANGUET, OFF  # noqa: E402


def priority(rng: random.Random):
    """C-1: one die each, a tie thrown again; the higher throws that die with two others.
    Returns (index of the first mover, 0 or 1, and the first throw)."""
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            return (0 if a > b else 1), (max(a, b), rng.randint(1, 6), rng.randint(1, 6))


def play_game(choosers, rng: random.Random, rules=GARANGUET):
    """One game between two players (chooser(position, dice) -> Move); returns (winner index,
    points). Player 0 plays White."""
    first, dice = priority(rng)
    sides = (Side.WHITE, Side.BLACK)
    position = rules.start(sides[first])
    while True:
        mover = 0 if position.to_move is Side.WHITE else 1
        move = choosers[mover](position, dice)
        position = rules.apply(position, move, dice) if move.steps else position.passed()
        result = rules.outcome(position)
        if result is not None:
            return (0 if result.winner is Side.WHITE else 1), result.points
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def net_chooser(net):
    def choose(position, dice):
        own, opp = position.checkers(position.to_move), position.checkers(position.to_move.other)
        ends = gnet.turn_ends(GARANGUET, own, opp, dice)
        if not ends:
            return Move(())
        values = gnet.values_after(net, opp, [e for e, _ in ends])
        return Move(ends[int(np.argmax(gnet.equity(values)))][1])
    return choose


def share(player, opponent, games: int, seed: int) -> float:
    """`player`'s share of the points over seeded games, played in pairs: the same dice with
    the colours swapped, so that the luck of the dice mostly cancels."""
    got = total = 0
    for k in range(games):
        rng = random.Random(seed * 100_003 + k // 2)
        if k % 2:
            winner, points = play_game((opponent, player), rng)
            winner = 1 - winner
        else:
            winner, points = play_game((player, opponent), rng)
        total += points
        got += points if winner == 0 else 0
    return got / total


def opponents(seed: int):
    rngs = [random.Random(seed + i) for i in range(3)]
    return {
        "random": lambda p, d: random_move(GARANGUET, p, d, rngs[0]),
        "pipcount": lambda p, d: gp.pip_greedy_move(GARANGUET, p, d, rngs[1]),
        "heuristic": lambda p, d: gp.heuristic_move(GARANGUET, p, d, rngs[2]),
    }


def train_game(net, rng: random.Random, alpha: float, lam: float) -> int:
    """One game of TD(lambda) self-play; returns the number of turns."""
    first, dice = priority(rng)
    sides = [None, None]   # each side's checkers, by index 0 (White) / 1 (Black)
    sides[0] = sides[1] = (1,) * 15
    mover = first
    params = net.params()
    traces = None
    turns = 0
    while True:
        own, opp = sides[mover], sides[1 - mover]
        x = net.features(gnet.counts([own]), gnet.counts([opp]))[0]
        y, grads = net.gradients(x)
        if traces is None:
            traces = grads
        else:
            traces = [lam * np.stack([-e[0], e[2], e[1]]) + g for e, g in zip(traces, grads)]
        ends = gnet.turn_ends(GARANGUET, own, opp, dice)
        done = False
        if not ends:
            after = own
            target = gnet.flip(net.evaluate(net.features(gnet.counts([opp]), gnet.counts([own]))))[0]
        else:
            finished = [e for e, _ in ends if e[0] == OFF]
            if finished:
                after = finished[0]
                target = np.array([1.0, 0.0 if opp[-1] == OFF else 1.0, 0.0])
                done = True
            else:
                candidates = [e for e, _ in ends]
                values = gnet.values_after(net, opp, candidates)
                best = int(np.argmax(gnet.equity(values)))
                after, target = candidates[best], values[best]
        delta = target - y
        for p, e in zip(params, traces):
            p += alpha * np.tensordot(delta, e, axes=(0, 0))
        turns += 1
        if done:
            return turns
        sides[mover] = after
        mover = 1 - mover
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def widened(path, hidden: int, inputs: str, seed: int) -> gnet.Net:
    """The network at `path` with `hidden` units and `inputs`, valuing every position exactly as
    it did: the new inputs' weights and the new units' output weights are zero (the new units'
    input weights small and random, so that they learn as soon as their output weights move)."""
    old = gnet.Net.load(path)
    if gnet.INPUTS[inputs] < old.w1.shape[0] or hidden < old.hidden:
        raise SystemExit(f"--warm {path}: cannot shrink {old.inputs}/{old.hidden} to {inputs}/{hidden}")
    net = gnet.Net(hidden, seed=seed, inputs=inputs)
    rows, units = old.w1.shape
    net.w1[:rows, :units] = old.w1
    net.w1[rows:, :units] = 0.0
    net.w1[:, units:] *= 0.1
    net.b1[:units] = old.b1
    net.w2[:units] = old.w2
    net.w2[units:] = 0.0
    net.b2[:] = old.b2
    return net


def checkpoints(out: pathlib.Path):
    return sorted(out.glob("ckpt_*.npz"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40_000, help="games of self-play in all")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--inputs", choices=sorted(gnet.INPUTS), default="board",
                        help="the features the network reads (garanguet_net.INPUTS)")
    parser.add_argument("--warm", type=pathlib.Path, help="start from this network, widened")
    parser.add_argument("--seed", type=int, default=1818)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--every", type=int, default=1000, help="a checkpoint every N games")
    parser.add_argument("--eval-every", type=int, default=2000)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--against", type=pathlib.Path, action="append", default=[],
                        help="a network the learning curve also plays (greedy, one ply)")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="folder for checkpoints")
    parser.add_argument("--resume", action="store_true", help="go on from the last checkpoint")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.resume and checkpoints(args.out):
        net = gnet.Net.load(checkpoints(args.out)[-1])
        print(f"resumed from {checkpoints(args.out)[-1].name} ({net.games} games)", flush=True)
    elif args.warm:
        net = widened(args.warm, args.hidden, args.inputs, args.seed)
        print(f"warm start from {args.warm} ({net.inputs}, {net.hidden} hidden units)", flush=True)
    else:
        net = gnet.Net(args.hidden, seed=args.seed, inputs=args.inputs)
    rivals = opponents(args.seed)
    for path in args.against:
        rivals[path.stem] = net_chooser(gnet.Net.load(path))
    started = time.time()
    turns = 0

    def curve():
        me = net_chooser(net)
        shares = {name: share(me, rival, args.eval_games, seed=7 + i)
                  for i, (name, rival) in enumerate(rivals.items())}
        print(f"games {net.games:6d}  {time.time() - started:7.0f} s  share of points: "
              + "  ".join(f"{k} {v:.3f}" for k, v in shares.items()), flush=True)

    if net.games == 0:
        curve()
    while net.games < args.games:
        rng = random.Random(args.seed * 1_000_003 + net.games)
        turns += train_game(net, rng, args.alpha, args.lam)
        net.games += 1
        if net.games % args.every == 0:
            net.save(args.out / f"ckpt_{net.games:06d}.npz")
            print(f"checkpoint {net.games} ({turns / args.every:.0f} turns a game, "
                  f"{time.time() - started:.0f} s)", flush=True)
            turns = 0
        if net.games % args.eval_every == 0:
            curve()


if __name__ == "__main__":
    main()
