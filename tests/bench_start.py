"""The game's start-up, as the process tests and a player pay it: the CPU (user+sys) and wall
medians of `python main.py --help` and of a headless `--autoplay` start up to its first frame
(`--quit-after 0.01`), for this tree and, given, another one (an old checkout), alternately:

    python tests/bench_start.py [OTHER_TREE] [RUNS]

Bytecode caches are kept (as .ci/run keeps them); each start gets a new data folder. For this
tree it also prints the same autoplay start forked from the kill test's zygote
(tests/forked_games.py): the CPU of RUNS forked starts, less that of the zygote alone, per start."""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CASES = {"--help": ["--help"],
         "autoplay to its first frame": ["--autoplay", "--windowed", "--quit-after", "0.01"]}


def start(tree: Path, args: list, env: dict) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one start."""
    with tempfile.TemporaryDirectory(prefix="tc-bench-") as folder:
        if args[0] != "--help":
            args = [*args, "--data-dir", folder]
        before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        subprocess.run([sys.executable, "main.py", *args], cwd=tree, env=env, check=True,
                       capture_output=True, stdin=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, time.perf_counter() - wall


def forked(runs: int, env: dict) -> tuple[float, float]:
    """(CPU seconds per forked start, wall median) of `runs` autoplay starts from one zygote."""
    sys.path.insert(0, str(HERE / "tests"))
    from forked_games import Zygote

    def zygote_cpu(starts: int) -> tuple[float, list]:
        before, walls = resource.getrusage(resource.RUSAGE_CHILDREN), []
        with tempfile.TemporaryDirectory(prefix="tc-bench-") as folder, Zygote(env) as zygote:
            for n in range(starts):
                wall = time.perf_counter()
                game = zygote.start([*CASES["autoplay to its first frame"], "--data-dir",
                                     f"{folder}/{n}"], stderr=Path(folder) / "stderr.txt")
                assert game.wait() == 0
                walls.append(time.perf_counter() - wall)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, walls

    alone, _ = zygote_cpu(0)
    cpu, walls = zygote_cpu(runs)
    return (cpu - alone) / runs, statistics.median(walls)


def main() -> None:
    trees = {"this tree": HERE}
    if len(sys.argv) > 1:
        trees["other tree"] = Path(sys.argv[1]).resolve()
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for tree in trees.values():         # the bytecode caches written once, not measured
        start(tree, CASES["--help"], env)
    found = {(name, case): [] for name in trees for case in CASES}
    for _ in range(runs):
        for name, tree in trees.items():
            for case, args in CASES.items():
                found[name, case].append(start(tree, args, env))
    for case in CASES:
        for name in trees:
            cpu = statistics.median(c for c, _ in found[name, case])
            wall = statistics.median(w for _, w in found[name, case])
            print(f"{case:28s} {name:10s} CPU {cpu:.3f} s  wall {wall:.3f} s  (median of {runs})")
    cpu, wall = forked(runs, env)
    print(f"{'autoplay, forked':28s} {'this tree':10s} CPU {cpu:.3f} s  wall {wall:.3f} s  "
          f"(mean CPU, median wall of {runs})")


if __name__ == "__main__":
    main()
