"""Build the exact two-sided Garanguet race table: game/computer/data/garanguet_race.npz.

    python tools/make_garanguet_race.py             # build and write the table (a few seconds)
    python tools/make_garanguet_race.py --measure   # also: how far the estimates are from exact

Every race where each side has at most 6 checkers left on its last six points, solved for both
sides playing to win (see game/computer/garanguet_race.py). Deterministic: no randomness in the
build; --measure draws its sample with a fixed seed (--seed), solves the races of at most
--most checkers a side exactly (8: about a minute, 80 MB) and prints how far from the exact
chance of winning each way of reckoning is:

  - combined: the two one-sided bear-off distributions (what the master used before);
  - look-ahead: one turn ahead, each end exact in the table or else combined (`race` past
    the table);
  - stored: the shipped 16-bit table itself.
"""
import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from game.computer import garanguet_race as gr  # noqa: E402


def measure(most: int, seed: int, sample: int) -> None:
    big, seconds = gr.timed_build(most)
    print(f"exact races of up to {most} checkers a side: {len(big)} spreads, solved in "
          f"{seconds:.1f} s")
    rows = np.array(gr.spreads(most))
    count = rows.sum(axis=1)
    small = count <= gr.MOST
    stored = gr.load()
    exact6 = big[np.ix_(small, small)]
    print(f"stored table (16 bits) vs exact: max |error| "
          f"{np.abs(stored.table - exact6).max():.2e} over {exact6.size} races")
    inside = rows[small][1:]                   # row 0: no checker left, the game is over
    combined = gr.combined(inside, inside)[..., 0]
    error = np.abs(combined - exact6[1:, 1:])
    print(f"combined one-sided, races of <= {gr.MOST} a side (all {error.size}): "
          f"max {error.max():.4f}, mean {error.mean():.5f}")
    rng = random.Random(seed)
    anyone = range(1, len(rows))               # row 0: no checker left
    pairs = []
    while len(pairs) < sample:                 # a side at least past the table
        a, b = rng.choice(anyone), rng.choice(anyone)
        if max(count[a], count[b]) > gr.MOST:
            pairs.append((a, b))
    a = rows[[p[0] for p in pairs]]
    b = rows[[p[1] for p in pairs]]
    truth = big[[p[0] for p in pairs], [p[1] for p in pairs]]
    started = time.perf_counter()
    ahead = gr.race(a, b)[:, 0]
    spent = time.perf_counter() - started
    plain = np.array([gr.combined(x, y)[0, 0, 0] for x, y in zip(a, b)])
    for name, values in (("combined", plain), ("look-ahead", ahead)):
        e = np.abs(values - truth)
        print(f"{name:>10} past the table ({len(pairs)} races, a side with {gr.MOST + 1}.."
              f"{most} checkers, seed {seed}): max {e.max():.4f}, mean {e.mean():.5f}, "
              f"p99 {np.quantile(e, 0.99):.4f}")
    print(f"look-ahead: {1000 * spent / len(pairs):.1f} ms a race")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", action="store_true")
    parser.add_argument("--most", type=int, default=8)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--sample", type=int, default=2000)
    args = parser.parse_args(argv)
    win, seconds = gr.timed_build()
    gr.save(win)
    size = gr.DATA.stat().st_size
    print(f"{len(win)} spreads a side, {win.size} races solved in {seconds:.1f} s; "
          f"wrote {gr.DATA} ({size / 1e6:.2f} MB)")
    if args.measure:
        measure(args.most, args.seed, args.sample)


if __name__ == "__main__":
    main()
