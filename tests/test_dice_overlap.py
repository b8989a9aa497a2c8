"""Dice never rest on each other nor hide each other's number (C-2), and the faces stay fair (C-3).

The check is tests/bench_dice.py's `overlapping`, which samples points, in place of the physics'
own `crowded` (polygon overlaps): one checks the other.
"""
import random
from collections import Counter

from game.dice import DieState, footprints, physics, throw_faces, toss
from game.dice.height import DIE_SIZE
from game.geometry import tablier as g
from game.rules import Side
from game.view.dice_sprite import drawing_order
from tests.bench_dice import overlapping


def at(x, y, z=0.0, angle=0.0) -> DieState:
    return DieState(x, y, z, angle, None, (1, 2, 3, 4, 5, 6), 1, True, z)


def test_the_die_nearer_the_player_is_drawn_last_whatever_their_order():
    back, front = at(400, 300), at(400, 300 + DIE_SIZE + 2)
    assert drawing_order([front, back]) == [back, front]
    assert drawing_order([back, front]) == [back, front]
    # Drawn the other way round, the die behind would cover the top face of the one in front.
    assert overlapping([front, back]) is False
    assert footprints.overlap(footprints.top_face(front), footprints.outline(back)) > 1


def test_a_die_in_the_air_is_drawn_over_one_at_rest_below_it():
    resting, falling = at(400, 300), at(400, 290, z=60)
    assert drawing_order([falling, resting]) == [resting, falling]


def test_crowded_names_a_die_lying_on_another_and_not_two_dice_apart():
    assert footprints.crowded([at(400, 300), at(410, 305)]) is not None
    assert footprints.crowded([at(400, 300, angle=0.3), at(400 + 2 * DIE_SIZE, 300)]) is None


def throws(count: int, dice: int, seed: int):
    faces_rng, board_rng = random.Random(seed), random.Random(seed + 1)
    for _ in range(count):
        checkers = [g.checker_centre(side, p) for side in Side for p in board_rng.sample(range(1, 12), 3)]
        values = throw_faces(faces_rng, dice)
        yield values, toss(values, random.Random(faces_rng.getrandbits(64)), checkers,
                           thrower=board_rng.choice(tuple(Side)))


def test_no_accepted_throw_has_dice_overlapping_and_each_shows_its_faces():
    """200 throws of three dice (the crowded case: Garanguet). Before the change, a seed like
    this one gave accepted throws with a number partly hidden by its neighbour."""
    seen = Counter()
    for values, attempts in throws(200, 3, seed=11):
        accepted = attempts[-1]
        assert accepted.valid and accepted.values == values
        assert not overlapping([track.final for track in accepted.tracks])
        seen.update(values)
    assert set(seen) == {1, 2, 3, 4, 5, 6}


def test_a_throw_with_a_hidden_number_is_taken_again_as_tilted(monkeypatch):
    """Watch the physics' own check: the attempt it finds crowded is refused as tilted, and the
    throw goes on to an accepted attempt showing the chosen faces."""
    crowded = []

    def watched(states):
        culprit = footprints.crowded(states)
        if culprit is not None:
            crowded.append([(round(s.x, 6), round(s.y, 6)) for s in states])
        return culprit

    monkeypatch.setattr(physics, "crowded", watched)
    for values, attempts in throws(2000, 3, seed=1):    # meets one at its 33rd throw (seed 11: its 506th)
        if crowded:
            where = [[(round(t.final.x, 6), round(t.final.y, 6)) for t in a.tracks] for a in attempts]
            refused = attempts[where.index(crowded[0])]
            assert not refused.valid and refused.cause == "tilted"
            assert attempts[-1].valid and attempts[-1].values == values
            return
    raise AssertionError("no attempt of 2000 throws ended crowded: the check is never met")
