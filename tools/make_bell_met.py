"""Build Bell's exact match equity table: `python tools/make_bell_met.py [--workers 2]`.

Every score of every match length offered (C-6: up to 21 points away each) is solved exactly,
by backward induction over the scores: a score's game is solved (game/computer/solve.py) with
what its 1- and 2-point wins and losses pay at the scores it leads to, already in the table.
Writes game/computer/data/bell_met.npz, which the game loads instead of solving at start-up.
tests/test_computer_tables.py checks a sample of it against fresh solves.
"""
import argparse
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import tables  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1, help="scores solved side by side")
    parser.add_argument("--keep", type=pathlib.Path, help="also save each score's values here")
    args = parser.parse_args(argv)
    began = time.perf_counter()

    def report(a, b, value, sweeps):
        print(f"{a}-away against {b}-away: {value:.12f} ({sweeps} sweeps, "
              f"{time.perf_counter() - began:.0f} s)", flush=True)

    def keep(a, b, X, Y):
        np.save(args.keep / f"{a}_{b}_X.npy", X)
        if a != b:
            np.save(args.keep / f"{a}_{b}_Y.npy", Y)

    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    M = tables.exact_match_table("bell", report, keep if args.keep else None, args.workers)
    tables.save_match_table(M)
    print(f"wrote {tables.MET_DATA} ({tables.MET_DATA.stat().st_size} bytes) "
          f"in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
