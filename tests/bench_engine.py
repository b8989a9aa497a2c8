"""Benchmark section "engine": the cost of move generation and of whole random games."""
import random
import statistics
import time

from game.rules import CHARPENTIER, GARANGUET, Side


def random_game(rules, rng):
    position = rules.start(rng.choice(list(Side)))
    while not rules.outcome(position):
        dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
        moves = rules.legal_moves(position, dice)
        position = rules.apply(position, rng.choice(moves)) if moves else position.passed()
    return position


def sample_positions(rules, rng, games):
    """Positions met in random games, with the throw that came, to time move generation on."""
    found = []
    for _ in range(games):
        position = rules.start(Side.WHITE)
        while not rules.outcome(position):
            dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
            found.append((position, dice))
            moves = rules.legal_moves(position, dice)
            position = rules.apply(position, rng.choice(moves)) if moves else position.passed()
    return found


def median_of_runs(fn, runs=5):
    return statistics.median(fn() for _ in range(runs))


def run() -> dict:
    rng = random.Random(1699)
    samples = sample_positions(CHARPENTIER, rng, 200)

    def movegen_us():
        start = time.perf_counter()
        for position, dice in samples:
            CHARPENTIER.legal_moves(position, dice)
        return (time.perf_counter() - start) / len(samples) * 1e6

    def games_per_s():
        games_rng, count = random.Random(7), 300
        start = time.perf_counter()
        for _ in range(count):
            random_game(CHARPENTIER, games_rng)
        return count / (time.perf_counter() - start)

    figures = {
        "tc_movegen_us": round(median_of_runs(movegen_us), 2),
        "tc_movegen_positions": len(samples),
        "tc_random_games_per_s": round(median_of_runs(games_per_s), 1),
    }
    if GARANGUET is not None:
        times = []
        games_rng = random.Random(1818)
        for _ in range(60):
            start = time.perf_counter()
            random_game(GARANGUET, games_rng)
            times.append((time.perf_counter() - start) * 1e3)
        figures["garanguet_random_game_ms"] = round(statistics.median(times), 2)
        figures["garanguet_random_game_ms_p95"] = round(sorted(times)[int(len(times) * 0.95)], 2)
    return figures
