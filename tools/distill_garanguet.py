"""Teach the Garanguet network what the master's two-ply search sees, with a fixed seed.

    python tools/distill_garanguet.py --net tools/checkpoints/garanguet-c/ckpt_012000.npz \
        --out tools/checkpoints/garanguet-f --rounds 4 --positions 6000 --seed 3904

Self-play at one ply keeps levelling off: each turn it learns from one throw of the dice. Here
each round plays seeded games with the network (greedy at one ply, one move in EXPLORE picked
among the three best instead), keeps the positions the games pass through (a side has just
moved, the other is to throw), values each one looking a turn further as the master does
(`garanguet_player.two_ply`: every throw of the other side and its best reply, the bear-off
table in a pure race), and fits the network to those values (cross-entropy on its three
outputs, Adam, minibatches): a lower-noise target than TD's, and one that carries what the
search knows into the first look. Positions of a pure race are left out: there the master reads
the exact table, not the network. Rounds keep every earlier round's positions (their values
from the network of their round). A checkpoint after each round (`ckpt_rNN.npz`, the game
count being the positions learnt from); `--resume` goes on from the last one, and a resumed
run plays the same games as an unbroken one (round r plays from its own seed).
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
from game.computer import garanguet_race as gr  # noqa: E402
from game.rules.garanguet import GARANGUET, LAST_QUADRANT, OFF  # noqa: E402

EXPLORE = 0.1          # share of moves picked at random among the three best (more positions seen)
HOLD_OUT = 0.1         # share of the positions kept aside to watch the fit


def positions(net, games_rng: random.Random, count: int) -> list[tuple[tuple, tuple]]:
    """(own, opp) after each turn of self-play games (own has just moved, opp throws next),
    until `count` are found: neither side in a pure race, no game over."""
    found = []
    while len(found) < count:
        sides = [(1,) * 15, (1,) * 15]
        mover = games_rng.randrange(2)
        while True:
            own, opp = sides[mover], sides[1 - mover]
            dice = tuple(games_rng.randint(1, 6) for _ in range(3))
            ends = [e for e, _ in gnet.turn_ends(GARANGUET, own, opp, dice)]
            if ends:
                values = gnet.values_after(net, opp, ends)
                order = np.argsort(-gnet.equity(values), kind="stable")
                pick = order[games_rng.randrange(min(3, len(order)))] \
                    if games_rng.random() < EXPLORE else order[0]
                own = ends[int(pick)]
            if own[0] == OFF:
                break
            if not (own[0] >= LAST_QUADRANT and opp[0] >= LAST_QUADRANT):
                found.append((own, opp))
            sides[mover] = own
            mover = 1 - mover
    return found[:count]


def targets(net, table, found) -> np.ndarray:
    """The chances (win, win 2, lose 2) of the side to throw in each position, two plies deep."""
    rows = [gnet.flip(gp.two_ply(GARANGUET, [own], opp, net, table))[0] for own, opp in found]
    return np.array(rows)


def features(net, found) -> np.ndarray:
    """What the network reads of each position, the side to throw first (as it values them)."""
    return net.features(gnet.counts([opp for _, opp in found]), gnet.counts([own for own, _ in found]))


def fit(net, x, t, epochs: int, rate: float, rng: np.random.Generator, batch: int = 256):
    """Minibatch Adam on the cross-entropy of the three sigmoid outputs; returns the mean loss
    over the last epoch."""
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step, loss = 0, 0.0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        losses = []
        for start in range(0, len(x), batch):
            rows = order[start:start + batch]
            xb, tb = x[rows], t[rows]
            h = np.tanh(xb @ net.w1 + net.b1)
            y = 1.0 / (1.0 + np.exp(-(h @ net.w2 + net.b2)))
            losses.append(_cross_entropy(y, tb))
            d2 = (y - tb) / len(rows)
            dh = (d2 @ net.w2.T) * (1.0 - h * h)
            grads = [xb.T @ dh, dh.sum(axis=0), h.T @ d2, d2.sum(axis=0)]
            step += 1
            for p, g, mi, vi in zip(params, grads, m, v):
                mi *= 0.9
                mi += 0.1 * g
                vi *= 0.999
                vi += 0.001 * g * g
                p -= rate * (mi / (1 - 0.9 ** step)) / (np.sqrt(vi / (1 - 0.999 ** step)) + 1e-8)
        loss = float(np.mean(losses))
    return loss


def cross_entropy(net, x, t) -> float:
    """The network's mean cross-entropy against the targets `t` on the features `x`."""
    return _cross_entropy(net.evaluate(x), t)


def _cross_entropy(y: np.ndarray, t: np.ndarray) -> float:
    """Mean cross-entropy of sigmoid outputs `y` against chances `t` (the loss `fit` lowers)."""
    return float(-(t * np.log(y + 1e-7) + (1 - t) * np.log(1 - y + 1e-7)).mean())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--net", type=pathlib.Path, required=True, help="the network to start from")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="folder for checkpoints")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--positions", type=int, default=6000, help="new positions each round")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--rate", type=float, default=3e-4, help="Adam's step size")
    parser.add_argument("--seed", type=int, default=3904)
    parser.add_argument("--resume", action="store_true", help="go on from the last round saved")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    table = gr.races()
    done = sorted(args.out.glob("ckpt_r*.npz"))
    if args.resume and done:
        net = gnet.Net.load(done[-1])
        first = len(done)
        with np.load(args.out / "positions.npz") as data:
            kept = list(zip(map(tuple, data["own"].tolist()), map(tuple, data["opp"].tolist())))
            xs, ts, seen = [features(net, kept)], [data["t"]], kept
        print(f"resumed from {done[-1].name}", flush=True)
    else:
        net, first, xs, ts, seen = gnet.Net.load(args.net), 0, [], [], []
    started = time.time()
    for r in range(first, args.rounds):
        found = positions(net, random.Random(args.seed * 1_000_003 + r), args.positions)
        made = time.time()
        t = targets(net, table, found)
        x = features(net, found)
        valued = time.time()
        xs.append(x)
        ts.append(t)
        seen += found
        x_all, t_all = np.concatenate(xs), np.concatenate(ts)
        rng = np.random.default_rng(args.seed + r)
        held = rng.random(len(x_all)) < HOLD_OUT
        before = cross_entropy(net, x_all[held], t_all[held])
        loss = fit(net, x_all[~held], t_all[~held], args.epochs, args.rate, rng)
        after = cross_entropy(net, x_all[held], t_all[held])
        net.games = len(x_all)
        net.save(args.out / f"ckpt_r{r:02d}.npz")
        np.savez_compressed(args.out / "positions.npz", own=np.array([o for o, _ in seen], np.int8),
                            opp=np.array([o for _, o in seen], np.int8), t=t_all)
        print(f"round {r}: {len(found)} positions in {made - started:.0f} s, valued in "
              f"{valued - made:.0f} s; {len(x_all)} in all; held-out loss {before:.5f} -> "
              f"{after:.5f} (training {loss:.5f}); {time.time() - started:.0f} s", flush=True)
        started = time.time()


if __name__ == "__main__":
    main()
