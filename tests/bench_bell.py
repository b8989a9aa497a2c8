"""Benchmark of Bell at a new match score: `python tests/bench.py --json --only bell`.

first_analyze: `python3 main.py analyze --rules bell --position 0,0,0/0,0,0/W --match N
--score X-Y --json` run afresh (a new process, so the score is new to it), REPEATS times per
score: the median wall and CPU seconds and the largest peak of memory (RSS, MB). The scores
are the slowest measured before the shipped best turns (1-away against 2-away) and three
others.
without_shipped_turns: 2-away against 4-away found in this process as the game finds it when
bell_turns.npz is missing (the fast solve weighing the turns near the best, then a sweep for the
views), against with_shipped_turns (the three values swept over the shipped turns, side by side
in three threads): wall and CPU seconds, medians of REPEATS, and the ratio of wall times (the
layout, built once per process, is not counted).
"""
import os
import pathlib
import statistics
import subprocess
import sys
import time

from game.computer import tables as tbl

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCORES = [(15, 14, 13), (5, 3, 1), (7, 2, 5), (11, 9, 9)]   # match, White's points, Black's
REPEATS = 3


def analyze_once(match: int, white: int, black: int) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of one analyze command (os.wait4: that
    process's own figures)."""
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "analyze", "--rules", "bell",
                              "--position", "0,0,0/0,0,0/W", "--match", str(match),
                              "--score", f"{white}-{black}", "--json"],
                             stdout=subprocess.DEVNULL, cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - began
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"analyze exited with {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def solve_time(score: tuple[int, int], shipped: bool) -> tuple[float, float]:
    """Wall and CPU seconds to find a score's match chances and views in this process."""
    kept = tbl.BEST_TURNS_DATA
    if not shipped:
        tbl.BEST_TURNS_DATA = kept.with_name("no such file.npz")
    try:
        t = tbl.Tables("bell", tbl._shipped("bell"), tbl.shipped_match_table())
        tbl._layout("bell", 1)       # built once per process: not counted
        began, cpu = time.perf_counter(), time.process_time()
        t.match_views(*score)
        return time.perf_counter() - began, time.process_time() - cpu
    finally:
        tbl.BEST_TURNS_DATA = kept


def run() -> dict:
    first = {}
    for match, white, black in SCORES:
        runs = [analyze_once(match, white, black) for _ in range(REPEATS)]
        first[f"{match} points, {white}-{black}"] = {
            "wall_s": round(statistics.median(r[0] for r in runs), 2),
            "cpu_s": round(statistics.median(r[1] for r in runs), 2),
            "peak_rss_mb": round(max(r[2] for r in runs))}
    figures = {"first_analyze": first, "repeats": REPEATS}
    score = (2, 4)
    for shipped, name in ((True, "with_shipped_turns"), (False, "without_shipped_turns")):
        runs = [solve_time(score, shipped) for _ in range(REPEATS)]
        figures[name] = {"wall_s": round(statistics.median(r[0] for r in runs), 2),
                         "cpu_s": round(statistics.median(r[1] for r in runs), 2)}
    figures["wall_ratio"] = round(figures["without_shipped_turns"]["wall_s"]
                                  / figures["with_shipped_turns"]["wall_s"], 2)
    return figures
