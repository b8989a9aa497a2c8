"""The thrown dice: determinism, the validity rule (C-2) on constructed and simulated rests,
no tunnelling through rails, the priority throw (C-1) and the data the screen plays back."""
import math
import random

import pytest

from game.geometry import tablier as g
from game.rules import Side
from game.dice import CAUSES, DIE_SIZE, MAX_SPEED, Ground, Physics, rest_cause, toss
from game.dice import physics
from game.dice.faces import IDENTITY
from game.dice.physics import FLING_SPEED, Launch, cap_fling, simulate

S = DIE_SIZE
CHECKERS = [g.checker_centre(side, p) for side in Side for p in (3, 8, 11)] + \
           [g.checker_centre(Side.WHITE, 12, i) for i in range(3)]


def drop(x, y, z=40.0, vx=0.0, vy=0.0, angle=0.0):
    """A die let go at rest (or pushed) from a height, not tumbling."""
    return Launch(x, y, z, vx, vy, 0.0, angle, 0.0, IDENTITY, 0.0, 0.0)


# -- determinism ------------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_throws_validity_and_trajectory():
    def run():
        return [toss((4, 2), random.Random(seed), CHECKERS) for seed in range(12)]
    first, second = run(), run()
    assert first == second          # every attempt: validity, cause, impacts, stored poses
    assert len({a[-1].tracks for a in first}) == 12      # and different seeds do differ


def test_a_throw_is_the_same_whatever_the_frame_rate():
    attempt = toss((6, 3), random.Random(2), CHECKERS)[-1]
    t = 0.731
    coarse = attempt.states(t)
    for _ in range(3):              # asking at other times in between changes nothing
        attempt.states(0.1)
        attempt.states(0.4)
    assert attempt.states(t) == coarse


# -- constructed rests, classified -------------------------------------------------------------

@pytest.fixture(scope="module")
def ground():
    return Ground(CHECKERS)


def test_a_die_flat_on_the_felt_is_valid(ground):
    assert rest_cause(ground, 300.0, 320.0, 0.4) is None


def test_off_the_board(ground):
    assert rest_cause(ground, -20.0, 300.0, 0.0) == "off the board"
    assert rest_cause(ground, 500.0, g.BOARD_H + 15, 0.0) == "off the board"


def test_on_a_rail_and_on_the_bar(ground):
    assert rest_cause(ground, 300.0, g.RAIL / 2, 0.0) == "on the rail"
    assert rest_cause(ground, g.BOARD_W - g.RAIL / 2, 300.0, 1.0) == "on the rail"
    assert rest_cause(ground, g.BOARD_W / 2, 320.0, 0.0) == "on the rail"        # the bar


def test_tilted_against_a_rail_or_a_checker(ground):
    # Centre on the felt, one edge over the rail: it leans on the rail.
    assert rest_cause(ground, g.FIELD_LEFT + S * 0.3, 320.0, 0.0) == "tilted"
    # Centre just off a checker, footprint over its edge: it leans on the checker.
    cx, cy = g.checker_centre(Side.BLACK, 3)
    assert rest_cause(ground, cx + g.CHECKER_R + S * 0.3, cy, 0.0) == "tilted"


def test_flat_on_top_of_a_checker_is_valid(ground):
    cx, cy = g.checker_centre(Side.BLACK, 8)
    assert rest_cause(ground, cx, cy, 0.7) is None
    assert ground.height(cx, cy) == g.CHECKER_HEIGHT


def test_a_die_beside_a_checker_at_felt_level_is_not_under_it(ground):
    """The footprint only counts what is below the die: touching a checker's side is flat."""
    cx, cy = g.checker_centre(Side.BLACK, 3)
    x = cx + g.CHECKER_R + S * 0.3          # footprint overlaps the checker's disc
    assert rest_cause(ground, x, cy, 0.0, z=0.0) is None
    assert rest_cause(ground, x, cy, 0.0) == "tilted"     # but seen from above, it leans on it


def test_a_die_on_another_die_is_tilted(ground):
    below = (300.0, 320.0, 0.0, S)           # a die resting on the felt: its top at S
    assert rest_cause(ground, 300.0, 320.0, 0.0, z=S, dice=[below]) == "tilted"
    assert rest_cause(ground, 300.0 + S * 0.7, 320.0, 0.0, z=S, dice=[below]) == "tilted"


# -- simulated rests: the physics reaches each case -------------------------------------------

def _one(launch, ground):
    return simulate([launch], random.Random(0), ground, Physics(), values=(5,))


def test_dropped_on_a_checker_it_rests_flat_on_top_and_shows_the_value(ground):
    cx, cy = g.checker_centre(Side.BLACK, 8)
    attempt = _one(drop(cx, cy), ground)
    assert attempt.valid and attempt.values == (5,)
    final = attempt.states(attempt.duration)[0]
    assert final.resting and final.z == pytest.approx(g.CHECKER_HEIGHT) and final.top == 5


def test_dropped_half_over_a_checker_it_is_tilted(ground):
    cx, cy = g.checker_centre(Side.BLACK, 3)
    attempt = _one(drop(cx + g.CHECKER_R + S * 0.25, cy), ground)
    assert not attempt.valid and attempt.cause == "tilted" and attempt.culprit == 0


def test_dropped_on_the_rail_or_the_bar(ground):
    assert _one(drop(300.0, g.RAIL / 2), ground).cause == "on the rail"
    assert _one(drop(g.BOARD_W / 2, 320.0), ground).cause == "on the rail"


def test_thrown_high_over_the_far_rail_it_lands_off_the_board(ground):
    attempt = _one(drop(300.0, 200.0, z=250.0, vy=-1500.0), ground)
    assert attempt.cause == "off the board"
    assert attempt.states(attempt.duration)[0].y < 0


def test_a_die_dropped_on_a_die_is_tilted(ground):
    attempt = simulate([drop(300.0, 320.0, z=2.0), drop(300.0 + S * 0.3, 320.0, z=70.0)],
                       random.Random(0), ground, Physics(), values=(1, 2))
    assert attempt.cause == "tilted" and attempt.culprit == 1


def test_the_worst_cause_names_the_throw(ground):
    attempt = simulate([drop(g.FIELD_LEFT + S * 0.3, 320.0), drop(300.0, g.RAIL / 2)],
                       random.Random(0), ground, Physics(), values=(1, 2))
    assert attempt.cause == "on the rail" and attempt.culprit == 1
    assert CAUSES.index("on the rail") < CAUSES.index("tilted")


# -- no tunnelling -----------------------------------------------------------------------------

def test_a_fling_is_capped_and_kept_inside_the_field():
    x, y, vx, vy = cap_fling((-500.0, 9000.0, 1e6, -1e6))
    assert math.hypot(vx, vy) == pytest.approx(FLING_SPEED) and FLING_SPEED < MAX_SPEED
    assert g.FIELD_LEFT < x < g.FIELD_RIGHT and g.FIELD_TOP < y < g.FIELD_BOTTOM
    # A step at MAX_SPEED moves a die less than half its edge: contacts are always seen.
    assert MAX_SPEED * Physics().step < S / 2
    # A lazy drag still throws across the field.
    assert math.hypot(*cap_fling((500.0, 500.0, 3.0, -4.0))[2:]) == pytest.approx(physics.FLING_MIN)


@pytest.mark.parametrize("heading", range(0, 360, 30))
def test_a_die_at_full_speed_along_the_felt_never_passes_a_rail(heading):
    ground = Ground(())
    a = math.radians(heading)
    start = (g.FIELD_LEFT + 120.0, 320.0) if math.cos(a) <= 0 else (g.BAR_LEFT - 120.0, 320.0)
    # On the felt with no bounce or hop: below every rail top, so only a pymunk contact stops it.
    launch = Launch(*start, 0.0, MAX_SPEED * math.cos(a), MAX_SPEED * math.sin(a), 0.0, 0.3, 0.0,
                    IDENTITY, 0.0, 0.0)
    flat = Physics(hop=0.0, restitution=0.0)
    attempt = simulate([launch], random.Random(heading), ground, flat, values=(3,))
    for t in [i / 120 for i in range(int(attempt.duration * 120) + 1)]:
        state = attempt.states(t)[0]
        assert state.z < g.RAIL_HEIGHT
        assert g.FIELD_LEFT <= state.x <= g.BAR_LEFT and g.FIELD_TOP <= state.y <= g.FIELD_BOTTOM
    assert attempt.valid


def test_no_die_is_ever_inside_a_rail_below_its_top():
    """Hard flings in every direction: a die over a rail or the bar is always above it."""
    rng = random.Random(21)
    blocks = g.RAILS + (g.BAR,)
    for i in range(16):
        a = rng.uniform(0, 2 * math.pi)
        fling = (rng.uniform(100, 900), rng.uniform(100, 540), 1e5 * math.cos(a), 1e5 * math.sin(a))
        for attempt in toss((1, 2), rng, CHECKERS, fling=fling)[:1]:
            for track in attempt.tracks:
                for x, y, z in zip(track.xs, track.ys, track.zs):
                    if any(r.contains(x, y) for r in blocks):
                        assert z >= g.RAIL_HEIGHT - 1.0


def test_a_flung_throw_uses_the_fling_for_its_first_attempt():
    attempts = toss((2, 5), random.Random(4), fling=(700.0, 500.0, 0.0, -600.0))
    first = attempts[0].tracks[0]
    assert abs(first.xs[0] - 700.0) < S * 1.5 and abs(first.ys[0] - 500.0) < S * 1.5
    assert attempts[-1].values == (2, 5)


# -- toss, attempts and playback data ----------------------------------------------------------

def test_only_the_last_attempt_is_valid_and_rethrows_are_named():
    rng = random.Random(11)
    seen = set()
    for _ in range(40):
        attempts = toss((3, 3), rng, CHECKERS, physics=Physics(strength=1.1, hop=1.0))
        assert attempts[-1].valid and attempts[-1].cause is None
        for a in attempts[:-1]:
            assert not a.valid and a.cause in CAUSES and a.culprit in (0, 1)
            seen.add(a.cause)
    assert seen      # these lively settings do throw again sometimes


def test_states_and_impacts_are_what_the_screen_needs():
    attempt = toss((1, 6), random.Random(8), CHECKERS, thrower=Side.WHITE)[-1]
    start = attempt.states(0.0)
    assert all(s.y < g.BOARD_H / 2 and s.z > 0 and not s.resting for s in start)   # from White's side
    end = attempt.states(attempt.duration + 5)
    assert [s.top for s in end] == [1, 6] and all(s.resting for s in end)
    for s in end:
        assert len(s.orientation) == 9 and sorted(s.faces) == [1, 2, 3, 4, 5, 6]
        # resting flat: the face shown is the one whose body axis points straight up
        assert max(abs(s.orientation[6]), abs(s.orientation[7]), abs(s.orientation[8])) == pytest.approx(1)
    times = [i.t for i in attempt.impacts]
    assert times == sorted(times) and all(0 <= t <= attempt.duration for t in times)
    assert {i.kind for i in attempt.impacts} <= {"wood", "dice", "checker", "rail"}
    assert all(0 < i.strength <= 1 for i in attempt.impacts)
    assert any(i.kind == "wood" for i in attempt.impacts)      # it landed on something
    assert 0.3 < attempt.duration < Physics().max_time


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="1..6"):
        toss((0, 7), random.Random(1))
    with pytest.raises(ValueError, match="thrower"):
        toss((1, 2), random.Random(1), thrower="X")


def test_a_broken_fling_is_thrown_normally():
    for fling in [(math.nan, 1.0, 2.0, 3.0), (1.0, 2.0, math.inf, 0.0), ("a", 1, 2, 3), (1, 2), (500, 300, 0, 0)]:
        assert cap_fling(fling) is None
        assert toss((1, 2), random.Random(5), fling=fling) == toss((1, 2), random.Random(5))


def test_endless_rethrows_end_with_the_dice_set_down(monkeypatch):
    monkeypatch.setattr(physics, "MAX_ATTEMPTS", 0)
    attempts = toss((4, 5, 6), random.Random(3), CHECKERS)
    assert len(attempts) == 1 and attempts[0].valid and attempts[0].values == (4, 5, 6)


# -- the priority throw (C-1) ------------------------------------------------------------------

def test_a_priority_round_throws_each_die_from_its_own_side():
    rng = random.Random(9)
    for faces in [(3, 3), (6, 6), (2, 5)]:          # one generator for a throw's rounds, in turn
        attempts = toss(faces, rng, CHECKERS, thrower=(Side.WHITE, Side.BLACK))
        assert attempts[-1].values == faces
        white, black = attempts[-1].states(0.0)
        assert white.y < g.BOARD_H / 2 < black.y       # each die from its own side


def test_a_die_down_off_the_board_is_not_watched_rolling_away(monkeypatch):
    """C-2: once a die lies on the table off the box it cannot come back, so the attempt ends
    soon after (the rethrow is named at once) and is still "off the board"."""
    def off_board_durations():
        return [a.duration for seed in range(300) for a in toss((3, 4), random.Random(seed))
                if a.cause == "off the board"]

    cut = off_board_durations()
    monkeypatch.setattr(physics, "OFF_BOARD_WATCH", 99.0)
    rolled_out = off_board_durations()
    assert len(cut) == len(rolled_out) >= 5                 # the same throws go off the board
    assert all(c <= r for c, r in zip(cut, rolled_out))
    assert max(cut) < max(rolled_out) - 0.5


def test_an_attempt_takes_its_pieces_out_of_its_space(monkeypatch):
    """pymunk frees shapes in whatever thread the garbage collector runs and in any order; a
    shape freed after its space hung the computer's thinking thread. Each attempt therefore
    empties its space once it has been read."""
    spaces = []
    real = physics._Simulation.__init__

    def spy(self, *args, **kwargs):
        real(self, *args, **kwargs)
        spaces.append(self.space)

    monkeypatch.setattr(physics._Simulation, "__init__", spy)
    attempts = toss((3, 5), random.Random(4))
    assert len(spaces) == len(attempts) >= 1
    assert all(not space.shapes and not space.bodies for space in spaces)
