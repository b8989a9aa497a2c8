"""How fast the review's chart is drawn, and how long the review takes to open (issue 40).

    python tests/bench_charts.py [--runs 5] [--frames 200]

For a seeded two-game Tourne Case match (Charpentier, to 3) and a seeded Garanguet game between
journeymen (tests/bench_review.py's), at 1280x800 headless:

  - draw: the chart widget's draw per frame (the still picture cached, the cursor and its words
    drawn each frame), the first draw (the picture made), and the whole review screen's frame;
  - open: as the scoreboard opens the review (its weighing begun when the game ended), from
    Review pressed at once, 2.9 s later (weighed from the game's end, the table's pause on the
    last move, to the scoreboard's first keys) and 5 s later: until the list shows a
    row, until it shows the rows of its first screen (the review "opens"), until it is complete
    and sorted, and until the whole match is weighed (the other side's moves, for the chart);
    each run weighs from nothing (the rankings and turns kept, forgotten). Before this change
    (the whole tree of `--before`, the branch's merge base with main by default, taken from git
    and run in a process of its own, so that its review weighs the moves with its own computer):
    until its list showed, complete. Medians over the runs, and the ratio;
  - the review screen's frame while the moves are weighed (the thread's share of the time).

Figures only: no assertion on time (the machine is shared).
"""
import argparse
import os
import pathlib
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.play.options import MatchOptions  # noqa: E402
from game.play.review_chart import chart_points  # noqa: E402
from game.rules import GARANGUET  # noqa: E402

SIZE = (1280, 800)
#: Seconds the weighing has before Review is pressed, besides at once: the table's pause on the
#: last move (2.4 s, when the table begins it: review_weighing.weigh_ahead) and the scoreboard's
#: first half second, deaf to keys; and a player who looks at the scoreboard for 5 s
DWELLS = {2.9: "Review pressed as soon as the scoreboard hears keys, weighed from the game's end",
          5.0: "Review pressed 5 s after the scoreboard shows"}


def matches():
    """(name, options, games) for each match measured."""
    from bench_review import seeded_game
    from take_screens import seeded_session
    tc = seeded_session("charpentier", seed=17, length=3, games=2)
    garanguet = seeded_game(GARANGUET.name, 1, 3)
    return [("Charpentier, 2 games", tc.options, tc.match.games),
            ("Garanguet, 1 game", MatchOptions(rules=GARANGUET.name, length=3, opponent="computer"),
             [garanguet])]


def old_tree(ref: str) -> pathlib.Path | None:
    """The whole tree at git `ref` in a temporary folder (`git archive`), or None where git
    cannot say. The review's opening before is measured there, in a process of its own: the
    old review screen alone, loaded into this tree, would weigh the moves with today's computer
    (the first figures did: 5.5 s for a Garanguet opening that took 0.84 s at that commit)."""
    import subprocess
    import tarfile
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-charts-before-"))
    try:
        archive = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT, capture_output=True,
                                 check=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    import io
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


#: Run in the old tree (sys.argv: the matches as JSON, the runs): each match's opening times.
BEFORE_SCRIPT = """
import json, os, sys, tempfile, time, pathlib
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, os.getcwd())
from game.app import App
from game.play.options import MatchOptions
from game.rules import Side
from game.scenes.learn.review import ReviewScene
matches, runs = json.loads(pathlib.Path(sys.argv[1]).read_text()), int(sys.argv[2])
app = App(seed=7, data_dir=pathlib.Path(tempfile.mkdtemp(prefix="bench-charts-")), size=tuple(map(int, sys.argv[3:5])))
out = {}
for name, options, games in matches:
    options = MatchOptions(**{**options, "human_side": Side(options["human_side"])})
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        scene = ReviewScene(app, options, games)
        while not scene.poll():
            time.sleep(0.0005)
        times.append(time.perf_counter() - start)
        scene.wait()
        scene.leave()
    out[name] = times
print(json.dumps(out))
"""


def openings_before(ref: str, runs: int, matches) -> dict | None:
    """{match name: seconds until the review's list showed, each run} at git `ref`, measured
    in the whole old tree (`old_tree`); None where it cannot be run."""
    import json
    import shutil
    import subprocess
    folder = old_tree(ref)
    if folder is None:
        return None
    try:
        wanted = folder / "matches.json"
        wanted.write_text(json.dumps([(name, {"rules": o.rules, "length": o.length, "opponent": o.opponent,
                                              "level": o.level, "human_side": o.human_side.value}, games)
                                      for name, o, games in matches]))
        done = subprocess.run([sys.executable, "-c", BEFORE_SCRIPT, str(wanted), str(runs), *map(str, SIZE)],
                              cwd=folder, capture_output=True, text=True, timeout=3600)
        if done.returncode != 0:
            print(f"(the tree at {ref[:10]} could not open its review: {done.stderr.strip()[-400:]})")
            return None
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def merge_base() -> str:
    import subprocess
    try:
        return subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True,
                              text=True, check=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "HEAD"


def forget() -> None:
    """Nothing weighed nor ranked kept from the run before: each run weighs from nothing."""
    from game.computer import garanguet_player, review
    garanguet_player.forget()
    review.forget()


def opened(app, options, games, dwell: float = 0.0):
    """The review as the scoreboard opens it: the weighing begun when the game ended (as the
    scoreboard begins it), the player `dwell` seconds at the scoreboard, then Review. Seconds
    from Review until the list shows a row, until it shows the rows of its first screen (as many
    as the finished list puts there), until the list is complete and sorted, and until the whole
    match is weighed (the other side's moves too, for the chart); and the whole screen's frame
    times while it weighs. Each run weighs from nothing (`forget`)."""
    from game.computer.review import Weighing
    from game.scenes.learn.review import ReviewScene
    from game.scenes.learn.review_weighing import weigh_on
    forget()
    human = None if options.opponent == "human" else options.human_side
    weighing = Weighing(options.rules, [g for g in games if g.get("turns")], human, options.length)
    weigh_on(weighing)
    time.sleep(dwell)
    start = time.perf_counter()
    scene = ReviewScene(app, options, games, weighing)
    scene.layout(SIZE)
    surface = pygame.display.get_surface()
    row = screen = listed = None
    frames = []
    while not weighing.done or not scene.listed:
        frame = time.perf_counter()
        scene.update(1 / 60)
        scene.layout(SIZE)
        scene.draw(surface)
        frames.append(time.perf_counter() - frame)
        now = time.perf_counter() - start
        if row is None and (scene.errors or scene.listed):
            row = now
        if screen is None and (len(scene.errors) >= min(scene.room, final_errors(scene)) or scene.listed):
            screen = now
        if listed is None and scene.listed:
            listed = now
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - frame)))     # a frame at most 60 a second
    scene.poll()
    return scene, (row, screen, listed, time.perf_counter() - start), frames


def final_errors(scene) -> int:
    """How many errors the finished list has (a run before found it; at most the screen's)."""
    return FINAL.get((scene.rules_name, len(scene.games)), scene.room)


#: errors in each finished review, once a run has found them: (rules, games) -> count
FINAL: dict = {}


def run(runs: int, count: int, before_ref: str) -> None:
    measured = matches()
    openings = openings_before(before_ref, runs, measured)
    data = pathlib.Path(tempfile.mkdtemp(prefix="bench-charts-"))
    app = App(seed=7, data_dir=data, size=SIZE)
    surface = pygame.display.get_surface()
    print(f"bench_charts: {SIZE[0]}x{SIZE[1]}, {runs} runs, {count} frames, before = {before_ref[:10]}"
          + (" (its whole tree, in a process of its own)" if openings else
             " (not found: the review's opening before is not measured)"))
    for name, options, games in measured:
        before = list((openings or {}).get(name, ()))
        timed, frames = {dwell: [] for dwell in (0.0, *DWELLS)}, []
        for _ in range(runs):
            for dwell in timed:
                scene, times, weighing_frames = opened(app, options, games, dwell)
                FINAL[(scene.rules_name, len(scene.games))] = len(scene.errors)
                timed[dwell].append(times)
                frames += weighing_frames
        scene.layout(SIZE)
        chart = scene.chart
        scene.menu.focus_on(chart)
        chart.cursor = 0
        scale = chart.scale
        cold = []
        for _ in range(20):
            chart._cache_key = None
            start = time.perf_counter()
            chart.draw(surface, scale, True)
            cold.append(time.perf_counter() - start)
        warm, frame = [], []
        for i in range(count):
            chart.adjust(+1 if i % 40 < 20 else -1)
            start = time.perf_counter()
            chart.draw(surface, scale, True)
            warm.append(time.perf_counter() - start)
        for _ in range(max(20, count // 5)):
            start = time.perf_counter()
            scene.draw(surface)
            frame.append(time.perf_counter() - start)
        figures = chart_points(scene.rated + scene.others, games, scene.errors)
        ms = lambda xs: f"{1000 * statistics.median(xs):.0f} ms" if len(xs) else "-"  # noqa: E731
        fine = lambda xs: f"{1000 * statistics.median(xs):.2f} ms"  # noqa: E731
        print(f"\n{name}: {len(figures)} points, {len(scene.errors)} errors, {scene.room} rows a screen")
        print(f"  chart draw per frame (median of {count}):  {fine(warm)}   (max "
              f"{1000 * max(warm):.2f} ms)")
        print(f"  chart's first draw (picture made, median of 20): {fine(cold)}")
        print(f"  whole review screen per frame (median):   {fine(frame)};  while weighing "
              f"{fine(frames)} (90th percentile {1000 * sorted(frames)[int(0.9 * len(frames))]:.2f} ms)")
        for dwell, runs_ in timed.items():
            row, screen, listed, full = (list(x) for x in zip(*runs_))
            said = DWELLS.get(dwell, "Review pressed as the scoreboard shows, weighed from then")
            print(f"  {said} (medians of {runs}): a row {ms(row)}, the first screen of rows "
                  f"{ms(screen)}, the list complete and sorted {ms(listed)}, the whole match "
                  f"weighed {ms(full)}")
        if before:
            screen = [t[1] for t in timed[0.0]]
            ratio = statistics.median(screen) / statistics.median(before)
            print(f"  review opens (its list shows with the rows of its first screen; median of "
                  f"{runs}, Review pressed at once): before {ms(before)}, now {ms(screen)} "
                  f"(ratio {ratio:.2f})")
    pygame.quit()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--before", default=None, help="the git commit to compare the opening with")
    args = parser.parse_args(argv)
    run(max(1, args.runs), max(10, args.frames), args.before or merge_base())
    return 0


if __name__ == "__main__":
    sys.exit(main())

