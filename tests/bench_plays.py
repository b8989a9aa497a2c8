"""Benchmark of Garanguet's move generation: `python tests/bench.py --json --only plays`.

The positions and throws of GAMES seeded games in which each side plays a random legal turn
(`GARANGUET.plays`, which chooses among them). Reports, over those turns (the rules' memory of
recent turns emptied before each, and what its search keeps (a point's chains) before each
round, so that every turn is found afresh but for what the round's earlier turns left): plays a second and turns
a second of `plays`, for all of them and for the turns that may bear off (`_walk`, the core's
search with Garanguet's step written in) apart; and the CPU seconds the small exact race of
tests/test_garanguet_race.py (`slow_win`: legal_moves then apply on each move) takes.
"""
import random
import time

from game.rules import GARANGUET, Side
from game.rules.garanguet import forget

GAMES = 40
SEED = 7


def sample(games: int = GAMES, seed: int = SEED) -> list:
    """(position, dice) for every turn of `games` seeded games of random legal turns."""
    rng = random.Random(seed)
    turns = []
    for game in range(games):
        position = GARANGUET.start(Side.WHITE if game % 2 else Side.BLACK)
        while GARANGUET.outcome(position) is None:
            dice = tuple(rng.randint(1, 6) for _ in range(3))
            turns.append((position, dice))
            plays = GARANGUET.plays(position, dice)
            position = rng.choice(plays)[1] if plays else position.passed()
    return turns


def _rate(turns) -> dict:
    """Plays and turns a second of `plays` over `turns`, the best of three rounds (CPU time)."""
    best, count = float("inf"), 0
    for _ in range(3):
        forget()            # what the search keeps is found again in each round
        started, count = time.process_time(), 0
        for position, dice in turns:
            GARANGUET._local.__dict__.clear()
            count += len(GARANGUET.plays(position, dice))
        best = min(best, time.process_time() - started)
    return {"turns": len(turns), "plays": count, "cpu_s": round(best, 3),
            "plays_per_s": round(count / best), "turns_per_s": round(len(turns) / best)}


def bears_off(position, dice) -> bool:
    own = position.checkers(position.to_move)
    return sum(19 - x for x in own if x < 19) < sum(GARANGUET.numbers(dice))


def run() -> dict:
    turns = sample()
    figures = {"all": _rate(turns), "bearing_off": _rate([t for t in turns if bears_off(*t)])}
    from tests.test_garanguet_race import slow_win
    from game.rules import Position
    started = time.process_time()
    slow_win(Position.parse("20,22,24,off*12/19,21*2,23,off*11/B"))
    figures["small_exact_race_cpu_s"] = round(time.process_time() - started, 2)
    return figures


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=2))
