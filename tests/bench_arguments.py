"""Argument figures: the command line read with many repeated flags (issue "hostile inputs":
100,000 repeated `--json` once took minutes, argparse's search for the next option being
quadratic). Each figure is one parse in-process, of the game's options and of `analyze`'s."""
import time

from game.commands import cli
from game.commands.arguments import tidy
from game.commands import analyze as analysis

COUNTS = (10_000, 20_000, 40_000, 100_000)


def _seconds(work) -> float:
    start = time.perf_counter()
    work()
    return round(time.perf_counter() - start, 4)


def run() -> dict:
    figures = {}
    for n in COUNTS:
        figures[f"game_autoplay_x{n}_s"] = _seconds(lambda: cli.parse_args(["--autoplay"] * n))
        parser = analysis._parser()
        argv = ["--rules", "charpentier", "--position", "0,0,3/0,0,0/B"] + ["--json"] * n
        figures[f"analyze_json_x{n}_s"] = _seconds(lambda: parser.parse_args(tidy(parser, argv)))
    return figures
