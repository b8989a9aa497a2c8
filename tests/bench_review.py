"""How long the match review (game/computer/review.py) takes to weigh one game: seeded games between two
computer players at the journeyman level (each plays the best move half the time), every move of
White weighed, the median of a few runs per rule set (Garanguet: by the master's reckoning and
the exact race table, game/computer/garanguet_analysis.py).

    python tests/bench_review.py [--games 5] [--runs 5]

Charpentier's chances are read from the shipped tables; Bell's match chances at the score need
that score's exact solution, which the computer has usually solved already while the game was
played (a few seconds each): "cold" times it from nothing, "warm" with it in memory.
"""
import argparse
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import tables as tbl  # noqa: E402
from game.computer.player import computer_for  # noqa: E402
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out
from game.computer.review import review  # noqa: E402
from game.rules import GARANGUET, TOURNE_CASE, Side  # noqa: E402


def seeded_game(rules: str, seed: int, length: int) -> dict:
    """One game's record between two journeymen, from the session's seed."""
    s = Session.new(MatchOptions(rules=rules, length=length), seed=seed)
    players = {side: computer_for(s.rules, "journeyman", random.Random(seed * 2 + i))
               for i, side in enumerate(Side)}
    play_out(s, lambda s, moves: players[s.to_move].choose(s.position, s.dice, (length, 0, 0)),
             lambda s: s.phase is Phase.GAME_OVER)
    return s.match.games[0]


def run(games: int = 5, runs: int = 5) -> dict:
    """Per rule set: medians of the turns, the moves weighed and the time to weigh a game."""
    figures = {}
    for rules in (*TOURNE_CASE, GARANGUET.name):
        length = 3 if rules in ("bell", GARANGUET.name) else 1
        t = tbl.tables(rules) if rules in TOURNE_CASE else None
        warm, cold, turns, rated = [], [], [], []
        for seed in range(1, games + 1):
            record = seeded_game(rules, seed, length)
            turns.append(len(record["turns"]))
            if rules == "bell":
                t._match.clear()                 # the score's solution from nothing
                start = time.perf_counter()
                review(rules, record, Side.WHITE, (length, 0, 0))
                cold.append(time.perf_counter() - start)
            for _ in range(runs):
                start = time.perf_counter()
                found = review(rules, record, Side.WHITE, (length, 0, 0))
                warm.append(time.perf_counter() - start)
            rated.append(len(found))
        figures[rules] = {"games": games, "turns_median": statistics.median(turns),
                          "weighed_median": statistics.median(rated),
                          "ms_per_game_median": round(1000 * statistics.median(warm), 2),
                          "timed": len(warm)}
        if cold:
            figures[rules]["cold_s_median"] = round(statistics.median(cold), 3)
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    for rules, f in run(args.games, args.runs).items():
        line = (f"{rules:<20} {f['games']} games, {f['turns_median']:.0f} turns and "
                f"{f['weighed_median']:.0f} of White's moves weighed (medians): "
                f"{f['ms_per_game_median']:.1f} ms a game (median of {f['timed']})")
        if "cold_s_median" in f:
            line += f"; cold, solving the score first: {f['cold_s_median']:.2f} s"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
