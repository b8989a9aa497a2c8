"""Benchmark of the slow exact methods the tests check the shipped tables against:
`python tests/bench_exact.py [REPEATS]`.

Prints, for each, the median CPU seconds (time.process_time: every thread) and wall seconds of
REPEATS runs (3 unless told): solve.solve on Bell for the most points (every turn weighed),
solve.best_policy from those points, solve.solve under that policy, and the two-copy solve of
2-away against 4-away from the estimate (tests/test_computer_tables.py's full solve of a score),
each on a layout built once (not counted); and tables.solve_rule_set for each rule set (from
nothing: the engine's turns, the layouts and every solve).
"""
import statistics
import sys
import time

import numpy as np

from game.computer import solve as slv
from game.computer import tables as tbl
from game.rules import TOURNE_CASE


def timed(work, repeats: int) -> dict:
    runs = []
    for _ in range(repeats):
        cpu, wall = time.process_time(), time.perf_counter()
        work()
        runs.append((time.process_time() - cpu, time.perf_counter() - wall))
    return {"cpu_s": round(statistics.median(r[0] for r in runs), 2),
            "wall_s": round(statistics.median(r[1] for r in runs), 2)}


def run(repeats: int = 3) -> dict:
    model, lay = tbl._model("bell"), tbl._layout("bell", 1)
    (points,), _ = slv.solve(model, lay, [model.points], chance=False)
    policy = slv.best_policy(model, lay, points, [model.points], chance=False)
    t = tbl.Tables("bell", tbl._shipped("bell"), tbl.shipped_match_table())
    wins = [t._pays(2, 4), t._pays(4, 2)]
    start = np.stack([t._guess(2, 4), t._guess(4, 2)])
    lay2 = tbl._layout("bell", 2)
    figures = {
        "bell_points_solve": timed(lambda: slv.solve(model, lay, [model.points], chance=False),
                                   repeats),
        "bell_best_policy": timed(lambda: slv.best_policy(model, lay, points, [model.points],
                                                          chance=False), repeats),
        "bell_policy_solve": timed(lambda: slv.solve(model, lay, [np.ones(model.size)],
                                                     policy=policy), repeats),
        "bell_2_4_full_solve": timed(lambda: slv.solve(model, lay2, wins, start=start), repeats),
    }
    for name in TOURNE_CASE:
        figures[f"solve_rule_set_{name}"] = timed(lambda: tbl.solve_rule_set(name), repeats)
    return figures


if __name__ == "__main__":
    for key, value in run(int(sys.argv[1]) if len(sys.argv) > 1 else 3).items():
        print(f"{key:32s} {value['cpu_s']:7.2f} s CPU {value['wall_s']:7.2f} s wall")
