"""The dice drawer: a die shows its top face's pips (a red ace), lifts and casts a shadow with height."""
import math

import pygame
import pytest

from game.dice.faces import STANDARD, q_axis_angle, q_matrix
from game.dice.physics import DieState
from game.view.dice_sprite import ACE, draw_dice

FELT = (40, 120, 60)
SCALE = 6.0          # a big die, so single pixels can be checked


def flat_die(top_index=4, z=0.0, x=40.0, y=40.0):
    """A die lying flat (STANDARD paint) with its +z face (the ace) up, or turned over (index 5, the six)."""
    q = q_axis_angle(1, 0, 0, math.pi if top_index == 5 else 0.0)
    return DieState(x, y, z, 0.0, q_matrix(q), STANDARD, STANDARD[top_index], True)


def render(states, size=(480, 480)):
    surface = pygame.Surface(size)
    surface.fill(FELT)
    draw_dice(surface, states, lambda x, y: (x * SCALE, y * SCALE), SCALE)
    return surface


def top_centre(state):
    """Pixel at the middle of the die's top face (the drawer lifts a die by its height on screen)."""
    from game.dice import DIE_SIZE
    from game.view.dice_sprite import LIFT
    lift = (state.z + DIE_SIZE / 2) * LIFT
    return round(state.x * SCALE), round((state.y - lift - DIE_SIZE / 2 * LIFT) * SCALE)


def test_the_ace_shows_a_red_pip_in_the_middle():
    die = flat_die(4)                       # STANDARD has 1 on +z
    colour = render([die]).get_at(top_centre(die))[:3]
    assert colour[0] > 120 and colour[1] < 80 and colour[2] < 80
    assert sum(abs(a - b) for a, b in zip(colour, ACE)) < 90


def test_a_six_has_bone_in_the_middle_and_dark_pips_beside_it():
    die = flat_die(5)                       # 6 on -z: turned over
    surface = render([die])
    cx, cy = top_centre(die)
    middle = surface.get_at((cx, cy))[:3]
    assert min(middle) > 150                # bone white: no pip in the middle of a six
    darks = sum(1 for dx in range(-60, 61, 2) for dy in range(-60, 61, 2)
                if max(surface.get_at((cx + dx, cy + dy))[:3]) < 70)
    assert darks > 20                       # the pips


def test_a_die_in_the_air_is_lifted_and_its_shadow_falls_away_softly():
    low, high = flat_die(4, z=0.0), flat_die(4, z=60.0)     # high enough to cast clear of a resting die
    a, b = render([low]), render([high])
    # The lifted die's top is higher on screen.
    assert top_centre(high)[1] < top_centre(low)[1]
    assert sum(abs(p - q) for p, q in zip(b.get_at(top_centre(high))[:3], ACE)) < 90
    # Its shadow lies down and to the right of where it stands, and is softer than a resting one's.
    def darkest(surface, x0, y0, x1, y1):
        return min(sum(surface.get_at((x, y))[:3]) for x in range(x0, x1, 3) for y in range(y0, y1, 3))
    sx, sy = round((40 + 60 * 0.55) * SCALE), round((40 + 60 * 0.55) * SCALE)
    shadow_high = darkest(b, sx - 30, sy - 30, sx + 30, sy + 30)
    assert shadow_high < sum(FELT) - 20
    assert darkest(a, sx - 30, sy - 30, sx + 30, sy + 30) >= sum(FELT) - 2   # no shadow there at rest


def test_tumbling_dice_draw_without_error_and_lowest_first():
    q = q_axis_angle(0.6, 0.8, 0.0, 0.7)
    tumbling = DieState(40, 40, 20.0, 0.3, q_matrix(q), STANDARD, 1, False)
    resting = flat_die(5)
    one = render([tumbling, resting])
    other = render([resting, tumbling])
    assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(other, "RGB")


@pytest.mark.parametrize("scale", [0.4, 1.0, 2.5])
def test_any_scale_draws_something(scale):
    surface = pygame.Surface((300, 300))
    surface.fill(FELT)
    draw_dice(surface, [flat_die(4, x=60, y=60)], lambda x, y: (x * scale, y * scale), scale)
    px = surface.get_at((round(60 * scale), round((60 - 13 * 0.35 - 13 * 0.35) * scale)))[:3]
    assert px != FELT


def test_a_die_thrown_off_the_board_is_marked_where_it_left_before_the_rethrow():
    """Issue 13: a die off the board must not just vanish: while the dice rest before the
    re-throw, an arrow just inside the edge it crossed points where it went, named."""
    import random as _random

    from game.geometry import tablier as _g
    from game.dice import toss as _toss
    from game.rules import Side
    from game.view.dice_playback import REST_AFTER_INVALID, DicePlayback
    from game.scenes.boards import board_for
    for seed in range(300):
        attempts = _toss((3, 4), _random.Random(seed), [], None, thrower=Side.WHITE)
        if attempts[0].cause == "off the board":
            break
    else:
        raise AssertionError("no throw off the board in 300 seeds")
    playback = DicePlayback(attempts)
    assert playback.mark() is None                       # rolling: nothing yet
    events = []
    while not any(e[0] == "invalid" for e in events):
        events = playback.update(1 / 60)
    cause, x, y, dx, dy = playback.mark()
    die = attempts[0].states(attempts[0].duration)[attempts[0].culprit]
    assert cause == "off the board"
    assert 0 < x < _g.BOARD_W and 0 < y < _g.BOARD_H      # on the board, in sight
    assert dx * (die.x - x) + dy * (die.y - y) > 0        # pointing where the die went
    view = board_for("charpentier")
    surface = pygame.Surface((960, 600))
    view.fit(surface.get_rect())
    before = surface.copy()
    playback.draw(surface, view)
    px, py = view.to_screen(x, y)
    assert surface.get_at((round(px), round(py))) != before.get_at((round(px), round(py)))
    playback.update(REST_AFTER_INVALID + 0.01)               # thrown again: the mark is gone
    assert playback.index == 1 and playback.mark() is None
