"""A second start on a data folder in use (issue 23): the seconds from its launch to its one
line on stderr, and to its exit, median of several starts (headless with --autoplay, and with
the window: SDL's dummy driver here); then whether the first game's match.json is, byte for
byte, the last one that game wrote (its writes copied aside by tests/test_faults_machines.py's
spy, the folder compared after it ended on SIGTERM)."""
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from test_faults_machines import MAIN, ROOT, end, first_game, game_env, until_it_saves

STARTS = 7


def _second_start(folder: Path, *args) -> tuple[float, float, str]:
    start = time.perf_counter()
    game = subprocess.Popen([sys.executable, MAIN, "--data-dir", str(folder), *args], cwd=ROOT,
                            env=game_env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    line = game.stderr.readline()
    told = time.perf_counter() - start
    game.communicate(timeout=60)
    return told, time.perf_counter() - start, line.strip()


def run() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        folder = tmp / "data"
        game, writes = first_game(tmp, folder)
        try:
            until_it_saves(game, folder)
            demo = [_second_start(folder, "--autoplay") for _ in range(STARTS)]
            window = [_second_start(folder, "--quit-after", "0.5") for _ in range(3)]
        finally:
            status, _ = end(game)
        written = sorted(writes.iterdir())
        same = (folder / "match.json").read_bytes() == written[-1].read_bytes()
    return {
        "headless_to_message_s_median": round(statistics.median(t for t, _, _ in demo), 3),
        "headless_to_message_s_max": round(max(t for t, _, _ in demo), 3),
        "headless_to_exit_s_median": round(statistics.median(t for _, t, _ in demo), 3),
        "window_to_message_s_median": round(statistics.median(t for t, _, _ in window), 3),
        "starts": STARTS,
        "message": demo[0][2],
        "first_game_status": status,
        "first_game_writes": len(written),
        "saved_match_is_first_games_last_write": same,
    }
