"""C-3: every accepted throw shows each face with probability 1/6, whatever the physics does.

The faces never come from the simulation: the caller's seeded generator chooses them and the
simulated die is painted to show them (game.dice.faces.relabel). So the 60,000-face chi-square
below is run on the face-choosing path alone, which is honest; the tests after it check that the
physics always ends showing exactly those faces and that physics settings (and so the re-throw
rate) never change the sequence of accepted faces.
"""
import itertools
import random

from game.dice import Physics, throw_faces, toss
from game.geometry.tablier import checker_centre
from game.rules import Side

CHI2_5_DF_1PC = 15.086      # chi-square critical values at alpha = 0.01
CHI2_35_DF_1PC = 57.342


def _chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def test_faces_are_uniform_over_60000_dice():
    rng = random.Random(20260101)
    throws = [throw_faces(rng, 2) for _ in range(30_000)]
    faces = [f for t in throws for f in t]
    counts = [faces.count(v) for v in range(1, 7)]
    assert len(faces) == 60_000
    assert _chi2(counts, len(faces) / 6) < CHI2_5_DF_1PC
    pairs = {p: 0 for p in itertools.product(range(1, 7), repeat=2)}
    for t in throws:
        pairs[t] += 1
    assert _chi2(pairs.values(), len(throws) / 36) < CHI2_35_DF_1PC


def test_a_loaded_die_would_fail_the_chi_square():
    """The test has teeth: a die showing 6 one time in five is caught."""
    rng = random.Random(1)
    faces = [6 if rng.random() < 0.2 else rng.randint(1, 5) for _ in range(60_000)]
    counts = [faces.count(v) for v in range(1, 7)]
    assert _chi2(counts, len(faces) / 6) > CHI2_5_DF_1PC


def test_toss_always_ends_showing_the_requested_faces():
    rng = random.Random(3)
    checkers = [checker_centre(side, p) for side in Side for p in (2, 7, 11)]
    for values in itertools.product(range(1, 7), repeat=2):
        attempts = toss(values, rng, checkers)
        assert attempts[-1].valid and attempts[-1].values == values
        final = attempts[-1].states(attempts[-1].duration)
        assert tuple(s.top for s in final) == values
    for values in [(1, 1, 1), (6, 5, 4), (2, 2, 6)]:       # Garanguet's three dice
        assert toss(values, rng, checkers)[-1].values == values


def _session_like(physics, throws=40):
    """Faces and physics seeds from one generator, as Session.throw() and physics_rng() do."""
    rng = random.Random(77)
    accepted, attempts = [], 0
    for _ in range(throws):
        values = throw_faces(rng, 2)
        result = toss(values, random.Random(rng.getrandbits(64)), physics=physics)
        accepted.append(result[-1].values)
        attempts += len(result)
    return accepted, attempts


def test_physics_settings_never_change_the_accepted_faces():
    calm, calm_attempts = _session_like(Physics(strength=0.8, hop=0.4))
    wild, wild_attempts = _session_like(Physics(strength=1.15, hop=1.0, restitution=0.4))
    rng = random.Random(77)
    expected = []
    for _ in range(40):
        expected.append(throw_faces(rng, 2))
        rng.getrandbits(64)
    assert calm == wild == expected
    assert wild_attempts > calm_attempts      # the wild settings really did throw again more often
