"""Dice benchmark: 2,000 throws of two dice at the default strength, on Tourne Case boards.

Each throw gets a board with three checkers a side on distinct random points (a middle game),
faces from one seeded generator and physics from another, as the game does. Reports the re-throw
rate (by cause, over all attempts), the settle time of the attempts (simulated seconds), the
wall-clock cost of simulating one throw (a whole `toss`, re-throws included), and the faces of
the accepted dice.
"""
import random
import statistics
import time

from game.geometry import tablier as g
from game.dice import throw_faces, toss
from game.rules import Side

THROWS = 2000


def run(throws: int = THROWS, seed: int = 1699) -> dict:
    faces_rng, board_rng = random.Random(seed), random.Random(seed + 1)
    attempts, causes, settle, sim_ms = 0, {}, [], []
    face_counts = [0] * 6
    for _ in range(throws):
        checkers = [g.checker_centre(side, p) for side in Side for p in board_rng.sample(range(1, 12), 3)]
        values = throw_faces(faces_rng, 2)
        physics_rng = random.Random(faces_rng.getrandbits(64))
        start = time.perf_counter()
        result = toss(values, physics_rng, checkers, thrower=board_rng.choice(tuple(Side)))
        sim_ms.append((time.perf_counter() - start) * 1000)
        attempts += len(result)
        for attempt in result:
            settle.append(attempt.duration)
            if attempt.cause:
                causes[attempt.cause] = causes.get(attempt.cause, 0) + 1
        for v in result[-1].values:
            face_counts[v - 1] += 1
    settle.sort()
    return {
        "throws": throws,
        "rethrow_rate": round((attempts - throws) / attempts, 4),
        "rethrow_by_cause": {cause: round(n / attempts, 4) for cause, n in sorted(causes.items())},
        "settle_mean_s": round(statistics.mean(settle), 3),
        "settle_p95_s": round(settle[int(0.95 * (len(settle) - 1))], 3),
        "sim_ms_median": round(statistics.median(sim_ms), 2),
        "face_counts": face_counts,
    }
