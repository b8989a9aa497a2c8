"""Regenerate the computer player's shipped tables: `python tools/make_tables.py`.

Solves each Tourne Case rule set exactly (game/computer/solve.py) and writes
game/computer/data/tables.npz, which the game loads instead of solving at start-up (about
40 s of CPU, most of it Bell's), and game/computer/data/turns.npz, every config's legal turns
for every throw as the rules engine gives them (a second of CPU saved at each Bell match score's
first solve). Bell's exact match equity table is built from these by tools/make_bell_met.py:
run it after this one. `--turns` writes turns.npz only.
tests/test_computer_tables.py checks both files against a fresh solve.
"""
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import model, tables  # noqa: E402
from game.rules import rules_by_name  # noqa: E402


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    turns = {"format": np.array(tables.FORMAT)}
    for name in tables.TOURNE_CASE:
        for key, value in model.turns(rules_by_name(name)).items():
            turns[f"{name}:{key}"] = value
    np.savez_compressed(tables.TURNS_DATA, **turns)
    print(f"wrote {tables.TURNS_DATA} ({tables.TURNS_DATA.stat().st_size // 1024} KiB)")
    if "--turns" in argv:
        return 0
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
