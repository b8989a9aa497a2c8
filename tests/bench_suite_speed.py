"""What the suite costs, and where: each test's CPU, the monkey (tests/test_monkey.py), the dice.

    python tests/bench_suite_speed.py cpu [--top N] [PYTEST ARGUMENTS]
    python tests/bench_suite_speed.py monkey [EVENTS] [--profile FILE] [--seed N]
    python tests/bench_suite_speed.py dice [SEEDS]

`cpu` runs the suite as README's command does (pytest, -n auto) with tests/cpu_per_test.py
recording each test's CPU time - its worker's, every thread, and its children's, the processes it
started (the game, a relay, the standalone build) - and prints the whole run's wall and CPU time,
the CPU the tests account for (the rest is the workers' start, their collection, the controller),
then the N costliest files and tests. The suite is CPU-bound on two cores: a second of CPU taken
off is about half a second of wall time, wherever it is.

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


def cpu(top: int, pytest_args: list) -> int:
    """The suite with each test's CPU recorded (tests/cpu_per_test.py); prints the figures."""
    import collections
    import json
    import subprocess
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, CPU_PER_TEST_DIR=folder,
                   PYTHONPATH=os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])))
        wall, before = time.perf_counter(), os.times()
        status = subprocess.call([sys.executable, "-m", "pytest", "-p", "cpu_per_test", "-q",
                                  *pytest_args], cwd=HERE.parent, env=env, stdout=subprocess.DEVNULL)
        wall, after = time.perf_counter() - wall, os.times()
        rows = [json.loads(line) for path in sorted(Path(folder).iterdir())
                for line in path.read_text(encoding="utf-8").splitlines()]
    total = after.children_user - before.children_user + after.children_system - before.children_system
    own = sum(r["own"] for r in rows)
    children = sum(r["children"] for r in rows)
    print(f"pytest status {status}: {len(rows)} tests, {wall:.1f} s of wall time, {total:.1f} s of CPU "
          f"in all; the tests {own + children:.1f} s ({own:.1f} s in the workers, {children:.1f} s "
          f"in processes they started), the rest {total - own - children:.1f} s")
    files = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    for r in rows:
        figures = files[r["test"].split("::")[0]]
        figures[0] += r["own"]
        figures[1] += r["children"]
        figures[2] += r["wall"]
    print(f"\nthe {top} costliest files: CPU (workers + children), wall")
    for name, (mine, theirs, walled) in sorted(files.items(), key=lambda f: -f[1][0] - f[1][1])[:top]:
        print(f"{mine + theirs:7.1f} s ({mine:6.1f} + {theirs:5.1f})  {walled:6.1f} s  {name}")
    print(f"\nthe {top} costliest tests")
    for r in sorted(rows, key=lambda r: -r["own"] - r["children"])[:top]:
        print(f"{r['own'] + r['children']:7.1f} s ({r['own']:6.1f} + {r['children']:5.1f})  "
              f"{r['wall']:6.1f} s  {r['test']}")
    return status


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["cpu", "monkey", "dice"])
    parser.add_argument("events", nargs="?", type=int, default=None,
                        help="monkey: events (10,000); dice: seeded throws (120)")
    parser.add_argument("--seed", type=int, default=None, help="the test's SEED by default")
    parser.add_argument("--profile", help="save the main thread's cProfile here")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["cpu"]:                 # the rest is pytest's, but for --top
        top = argparse.ArgumentParser(prog="bench_suite_speed.py cpu")
        top.add_argument("--top", type=int, default=25, help="how many files and tests to show")
        known, rest = top.parse_known_args(argv[1:])
        return cpu(known.top, rest)
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
