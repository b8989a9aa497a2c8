"""Dice benchmark: 2,000 throws of two dice at the default strength, on Tourne Case boards.

Each throw gets a board with three checkers a side on distinct random points (a middle game),
faces from one seeded generator and physics from another, as the game does. Reports the re-throw
rate (by cause, over all attempts), the settle time of the attempts (simulated seconds), the
wall-clock cost of simulating one throw (a whole `toss`, re-throws included), and the faces of
the accepted dice.

Then 10,000 more throws, of two dice and of three in turn, count the accepted throws in which
dice overlap (`dice_overlapping_accepted`): two footprints share ground, or a die drawn over
another covers part of its top face (in the order `game.view.dice_sprite` draws them). The test
is made by sampling points, not by the physics' own `crowded`, so that it checks it.
"""
import math
import random
import statistics
import time

from game.geometry import tablier as g
from game.dice import throw_faces, toss
from game.rules import Side

THROWS = 2000
OVERLAP_THROWS = 10_000
GRID = 9            # points a side sampled on each footprint and top face


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
        **overlaps(),
    }


def _inside(point, corners) -> bool:
    """Inside a convex polygon (either winding), its edges included."""
    x, y = point
    signs = {math.copysign(1, (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1))
             for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1])
             if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) != 0}
    return len(signs) <= 1


def _samples(corners) -> list[tuple[float, float]]:
    """GRID x GRID points spread over a square's inside (kept off its very edge)."""
    (ax, ay), (bx, by), _, (dx, dy) = corners
    steps = [(i + 0.5) / GRID for i in range(GRID)]
    return [(ax + u * (bx - ax) + v * (dx - ax), ay + u * (by - ay) + v * (dy - ay))
            for u in steps for v in steps]


def overlapping(states) -> bool:
    """Two dice share ground, or one drawn later covers a point of another's top face."""
    from game.dice import footprints as fp
    from game.view.dice_sprite import drawing_order
    ordered = drawing_order(states)
    for k, back in enumerate(ordered):
        feet, face = _samples(fp.footprint(back)), _samples(fp.top_face(back))
        for front in ordered[k + 1:]:
            ground, seen = fp.footprint(front), fp.outline(front)
            if any(_inside(p, ground) for p in feet) or any(_inside(p, seen) for p in face):
                return True
    return False


def overlaps(throws: int = OVERLAP_THROWS, seed: int = 1700) -> dict:
    """Accepted throws of 2 and 3 dice in turn, and how many of them have dice overlapping."""
    faces_rng, board_rng = random.Random(seed), random.Random(seed + 1)
    found = 0
    for n in range(throws):
        checkers = [g.checker_centre(side, p) for side in Side for p in board_rng.sample(range(1, 12), 3)]
        values = throw_faces(faces_rng, 2 + n % 2)
        result = toss(values, random.Random(faces_rng.getrandbits(64)), checkers,
                      thrower=board_rng.choice(tuple(Side)))
        found += overlapping([track.final for track in result[-1].tracks])
    return {"dice_overlap_throws": throws, "dice_overlapping_accepted": found}
