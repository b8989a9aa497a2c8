"""The die's paint and orientation: 24 turns of a cube, relabelling for every (simulated, wanted) pair."""
import itertools
import math
import random

import pytest

from game.dice.faces import (AXES, CUBE_QUATS, CUBE_TURNS, LABELLINGS, OPPOSITE, STANDARD,
                             nearest_cube_turn, q_axis_angle, q_matrix, q_mul, relabel, top_axis)


def _det(a, b, c):
    return (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]))


def _handedness(labels):
    """Sign of the corner where 1, 2 and 3 meet: +1 or -1 tells a die from its mirror image."""
    return _det(*(AXES[labels.index(v)] for v in (1, 2, 3)))


def test_there_are_24_distinct_proper_turns_of_the_cube():
    assert len(set(CUBE_TURNS)) == 24
    assert len({tuple(round(c, 9) for c in q_matrix(q)) for q in CUBE_QUATS}) == 24
    for m in CUBE_TURNS:
        assert _det(m[0:3], m[3:6], m[6:9]) == 1


def test_every_painting_is_a_real_die():
    assert STANDARD in LABELLINGS
    assert len(set(LABELLINGS)) == 24
    for labels in LABELLINGS:
        assert sorted(labels) == [1, 2, 3, 4, 5, 6]
        assert all(labels[i] + labels[OPPOSITE[i]] == 7 for i in range(6))
        assert _handedness(labels) == _handedness(STANDARD)


def test_the_standard_die_turns_1_2_3_counter_clockwise_on_screen():
    """Board y points down the screen, z up at the eye: flip y to get the viewer's right-handed frame.
    In a right-handed frame, faces 1, 2, 3 counter-clockwise round their corner <=> det(n1, n2, n3) = +1."""
    def seen(axis):
        x, y, z = AXES[axis]
        return (x, -y, z)
    assert _det(*(seen(STANDARD.index(v)) for v in (1, 2, 3))) == 1


@pytest.mark.parametrize("top, value", list(itertools.product(range(6), range(1, 7))))
def test_relabel_shows_the_wanted_value_on_the_face_that_ended_up(top, value):
    labels = relabel(top, value)
    assert labels[top] == value
    assert labels in LABELLINGS          # a turned standard die, never a mirror image or a fake


def test_relabel_refuses_a_value_a_die_does_not_have():
    for bad in (0, 7, -1):
        with pytest.raises(ValueError):
            relabel(4, bad)


def test_top_axis_follows_the_orientation():
    for q, m in zip(CUBE_QUATS, CUBE_TURNS):
        up = top_axis(q)
        # Column k of the matrix is where body axis k points; the top face's axis points up (+z).
        column = [m[6], m[7], m[8]]      # the world z component of each body axis
        sign = 1 if up % 2 == 0 else -1
        assert column[up // 2] * sign == 1


def test_quaternions_match_their_matrices():
    for q, m in zip(CUBE_QUATS, CUBE_TURNS):
        assert all(abs(a - b) < 1e-9 for a, b in zip(q_matrix(q), m))


def test_a_nearly_flat_die_settles_on_the_nearest_face():
    rng = random.Random(5)
    for q in CUBE_QUATS:
        nudge = q_axis_angle(*_unit(rng), 0.3)      # under 45 degrees: still nearest to q
        settled = nearest_cube_turn(q_mul(nudge, q))
        assert abs(abs(sum(a * b for a, b in zip(settled, q))) - 1) < 1e-9


def _unit(rng):
    v = [rng.gauss(0, 1) for _ in range(3)]
    n = math.sqrt(sum(c * c for c in v))
    return [c / n for c in v]
