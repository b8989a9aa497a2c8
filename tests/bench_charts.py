"""How fast the review's chart is drawn, and how long the review takes to open (issue 40).

    python tests/bench_charts.py [--runs 5] [--frames 200]

For a seeded two-game Tourne Case match (Charpentier, to 3) and a seeded Garanguet game between
journeymen (tests/bench_review.py's), at 1280x800 headless:

  - draw: the chart widget's draw per frame (the still picture cached, the cursor and its words
    drawn each frame), the first draw (the picture made), and the whole review screen's frame;
  - open: the review's time until its list shows, as before this change (the person's moves
    weighed: the same call the review made) and now (the same, then the chart's figures and the
    review's line kept for the statistics), medians over the runs, and their ratio. The other
    side's moves, which the chart alone needs, are weighed after the list shows: printed apart.

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
from game.computer.review import errors, review_match  # noqa: E402
from game.play.options import MatchOptions  # noqa: E402
from game.play.review_chart import chart_points  # noqa: E402
from game.rules import GARANGUET  # noqa: E402

SIZE = (1280, 800)


def matches():
    """(name, options, games) for each match measured."""
    from bench_review import seeded_game
    from take_screens import seeded_session
    tc = seeded_session("charpentier", seed=17, length=3, games=2)
    garanguet = seeded_game(GARANGUET.name, 1, 3)
    return [("Charpentier, 2 games", tc.options, tc.match.games),
            ("Garanguet, 1 game", MatchOptions(rules=GARANGUET.name, length=3, opponent="computer"),
             [garanguet])]


def opened(app, options, games):
    """The review scene, its list shown; seconds until the list showed, and until the chart had
    both sides' moves."""
    from game.scenes.learn.review import ReviewScene
    start = time.perf_counter()
    scene = ReviewScene(app, options, games)
    while not scene.poll():
        time.sleep(0.0005)
    listed = time.perf_counter() - start
    scene.wait()
    return scene, listed, time.perf_counter() - start


def run(runs: int, count: int) -> None:
    data = pathlib.Path(tempfile.mkdtemp(prefix="bench-charts-"))
    app = App(seed=7, data_dir=data, size=SIZE)
    surface = pygame.display.get_surface()
    print(f"bench_charts: {SIZE[0]}x{SIZE[1]}, {runs} runs, {count} frames")
    for name, options, games in matches():
        before, now, full = [], [], []
        for _ in range(runs):
            start = time.perf_counter()
            rated = review_match(options.rules, games, options.human_side, options.length)
            errors(rated)                      # what the review did before its list showed
            before.append(time.perf_counter() - start)
            scene, listed, complete = opened(app, options, games)
            now.append(listed)
            full.append(complete)
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
        ms = lambda xs: f"{1000 * statistics.median(xs):.2f} ms"  # noqa: E731
        print(f"\n{name}: {len(figures)} points, {len(scene.errors)} errors")
        print(f"  chart draw per frame (median of {count}):  {ms(warm)}   (max "
              f"{1000 * max(warm):.2f} ms)")
        print(f"  chart's first draw (picture made, median of 20): {ms(cold)}")
        print(f"  whole review screen per frame (median):   {ms(frame)}")
        ratio = statistics.median(now) / statistics.median(before)
        print(f"  review opens: before {ms(before)}, now {ms(now)} (ratio {ratio:.2f}); "
              f"chart complete (other side weighed) {ms(full)}")
    pygame.quit()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args(argv)
    run(max(1, args.runs), max(10, args.frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())

