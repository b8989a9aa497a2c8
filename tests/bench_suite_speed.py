"""What the suite's longest test costs, and where: the monkey (tests/test_monkey.py).

    python tests/bench_suite_speed.py monkey [EVENTS] [--profile FILE] [--seed N]
    python tests/bench_suite_speed.py dice [SEEDS]

runs the monkey's seeded run on the real App as the test does (its surroundings: the computer's
tables loaded up front, a Bell match's score solved at once) and prints the wall time, the
process's CPU time (every thread), the main thread's, and the match reviews' (weighed on threads
of their own while the monkey plays on), with the path taken (steers, restarts, turns, events by
scene): two runs compare where their paths agree. `--profile FILE` saves a cProfile of the main
thread (CPU time) for pstats. The machine is shared: quote the CPU figures, from one run each.

`dice` tosses the dice of SEEDS seeded throws (two or three dice, with and without checkers on
the board, flung or thrown) as the dice tests and the table do, and prints the CPU a toss and a
digest of every attempt's outcome, track and impacts: the same digest before and after a change
of the physics' code says the same throws come for the same seeds (a saved game replays).
"""
import argparse
import cProfile
import os
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import conftest  # noqa: E402,F401  (the tests' set-up: temporary folders in memory, one BLAS thread)


def monkey(events: int, seed: int, profile: str | None) -> dict:
    from game.base import i18n
    from game.computer import garanguet_bearoff, garanguet_player, tables
    from game.online import nearby
    from game.computer import review
    from game.scenes.online import lobby
    import test_monkey
    lobby.RELAY_HOST, nearby.INTERFACES = "127.0.0.1", ["127.0.0.1"]     # as conftest's fixture
    i18n.set_language("en")
    for name in test_monkey.playable_rules():                           # as monkey_world does
        if name in test_monkey.TOURNE_CASE:
            tables.tables(name)
    garanguet_player.net()
    garanguet_bearoff.table()
    tables.Tables.match_objective = lambda self, away, other, wait=False: self.most_points
    tables.Tables.match_ready = lambda self, away, other: True

    reviews = {"count": 0, "cpu": 0.0}
    weigh = review.Weighing._weigh      # a review's weighing, on its thread

    def timed_weigh(weighing):
        start = time.thread_time()
        try:
            weigh(weighing)
        finally:
            reviews["count"] += 1
            reviews["cpu"] += time.thread_time() - start
    review.Weighing._weigh = timed_weigh

    profiler = cProfile.Profile(time.thread_time) if profile else None
    wall, cpu, main = time.perf_counter(), os.times(), time.thread_time()
    if profiler:
        profiler.enable()
    run = test_monkey.play(Path(tempfile.mkdtemp()), SimpleNamespace(now=0.0), seed, events)
    if profiler:
        profiler.disable()
        profiler.dump_stats(profile)
    main, after = time.thread_time() - main, os.times()
    return {"events": run.handled, "wall_s": round(time.perf_counter() - wall, 1),
            "cpu_s": round(after.user - cpu.user + after.system - cpu.system, 1),
            "main_thread_cpu_s": round(main, 1), "reviews": reviews["count"],
            "reviews_cpu_s": round(reviews["cpu"], 1), "problems": len(run.errors),
            "steers": run.steers, "quits": run.quits, "restarts": run.restarts,
            "turns": dict(run.turns), "by_scene": dict(run.by_scene)}


def dice(seeds: int) -> dict:
    import hashlib
    import random
    from game.dice import toss
    from game.rules import Side
    digest, tosses, attempts = hashlib.sha256(), 0, 0
    layout = random.Random(5)
    cpu = time.process_time()
    for seed in range(seeds):
        checkers = [(layout.uniform(60, 900), layout.uniform(60, 640)) for _ in range(layout.randint(0, 30))]
        fling = (500.0, 600.0, layout.uniform(-900, 900), -layout.uniform(300, 1500)) if seed % 3 == 0 else None
        values = tuple(layout.randint(1, 6) for _ in range(2 + seed % 2))
        for attempt in toss(values, random.Random(seed), checkers, fling,
                            thrower=Side.WHITE if seed % 2 else Side.BLACK):
            digest.update(repr((attempt.valid, attempt.cause, attempt.culprit, attempt.duration,
                                attempt.values, attempt.impacts, attempt.tracks)).encode())
            attempts += 1
        tosses += 1
    cpu = time.process_time() - cpu
    return {"tosses": tosses, "attempts": attempts, "cpu_s": round(cpu, 2),
            "cpu_ms_a_toss": round(1000 * cpu / tosses, 2), "digest": digest.hexdigest()[:16]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["monkey", "dice"])
    parser.add_argument("events", nargs="?", type=int, default=None,
                        help="monkey: events (10,000); dice: seeded throws (120)")
    parser.add_argument("--seed", type=int, default=None, help="the test's SEED by default")
    parser.add_argument("--profile", help="save the main thread's cProfile here")
    args = parser.parse_args(argv)
    if args.what == "dice":
        figures = dice(args.events or 120)
    else:
        import test_monkey
        figures = monkey(args.events or 10_000, test_monkey.SEED if args.seed is None else args.seed,
                         args.profile)
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
