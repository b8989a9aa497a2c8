"""Regenerate the computer player's shipped tables: `python tools/make_tables.py`.

Solves each Tourne Case rule set exactly (game/computer/solve.py) and writes
game/computer/data/tables.npz, which the game loads instead of solving at start-up (about
40 s of CPU, most of it Bell's). Bell's exact match equity table is built from these by
tools/make_bell_met.py: run it after this one.
tests/test_computer_tables.py checks the file against a fresh solve.
"""
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import tables  # noqa: E402


def main() -> int:
    arrays = {"format": np.array(tables.FORMAT)}
    for name in tables.TOURNE_CASE:
        began = time.perf_counter()
        for key, value in tables.solve_rule_set(name).items():
            arrays[f"{name}:{key}"] = value
        print(f"{name}: solved in {time.perf_counter() - began:.1f} s", flush=True)
    tables.DATA.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(tables.DATA, **arrays)
    print(f"wrote {tables.DATA} ({tables.DATA.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
