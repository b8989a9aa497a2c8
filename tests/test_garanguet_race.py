"""The exact two-sided Garanguet race table (game/computer/garanguet_race.py) against a slow exact
method written here: the rules engine's own legal turns, every one of the 216 throws of three
dice, the side to move taking the turn that wins most often, memoised on whole positions. No
table, no spreads, no turn search of the module's."""
import functools
import itertools
import random

import numpy as np
import pytest

from game.computer import garanguet_bearoff as gb
from game.computer import garanguet_race as gr
from game.rules import GARANGUET, Position, Side

DICE = {}
for _dice in itertools.product(range(1, 7), repeat=3):
    DICE[tuple(sorted(_dice))] = DICE.get(tuple(sorted(_dice)), 0) + 1


def checkers(spread) -> tuple:
    """A side's 15 locations on its own path from a spread (counts[0] on point 24), the rest off."""
    points = [24 - d for d, n in enumerate(spread) for _ in range(n)]
    return tuple(sorted(points)) + (25,) * (15 - len(points))


@functools.lru_cache(maxsize=None)
def slow_win(position: Position) -> float:
    """The side to move's chance to win, both sides playing every throw to win."""
    total = 0
    for dice, count in DICE.items():
        best = 0.0
        for _, after in GARANGUET.plays(position, dice):     # each legal turn and where it leads
            best = max(best, 1.0 if GARANGUET.outcome(after) else 1.0 - slow_win(after))
        total += count * best
    return total / 216


def pips(spread) -> int:
    return sum((d + 1) * n for d, n in enumerate(spread))


def test_the_table_matches_the_slow_exact_method_on_a_seeded_sample():
    rng = random.Random(2022)
    rows = gr.spreads()
    small = [s for s in rows if 0 < pips(s) <= 10]
    bigger = [s for s in rows if sum(s) >= 4 and pips(s) <= 10]
    pairs = [(rng.choice(small), rng.choice(small)) for _ in range(12)]
    pairs += [(rng.choice(bigger), rng.choice(small)) for _ in range(2)]
    pairs += [(rng.choice(small), rng.choice(bigger)) for _ in range(2)]
    table = gr.table()
    worst = 0.0
    for mover, other in pairs:
        exact = slow_win(Position(checkers(mover), checkers(other), Side.WHITE))
        stored = table.lookup(mover, other)[0]
        assert stored == pytest.approx(exact, abs=0.5 / gr.SCALE), (mover, other)   # 16 bits
        worst = max(worst, exact - 0.5)
    assert worst > 0.4          # the sample holds races near certain, not only close ones


def test_a_fresh_build_agrees_with_the_shipped_table():
    built = gr.build(3)        # every race of up to 3 checkers a side, solved again
    rows = gr.spreads(3)
    shipped = gr.table().lookup(np.array([a for a in rows for _ in rows]),
                                np.array([b for _ in rows for b in rows]))
    np.testing.assert_allclose(shipped, built.ravel(), atol=1 / gr.SCALE)


def test_turn_ends_agree_with_the_engine():
    rng = random.Random(7)
    far = (24,) * 15                     # the other side on its last point: far away (G-3)
    for _ in range(60):
        spread = tuple(rng.choice([0, 0, 1, 2, 3]) for _ in range(6))
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        position = Position(checkers(spread), far, Side.WHITE)
        by_engine = {gb.spread(GARANGUET.apply(position, m, dice).white)
                     for m in GARANGUET.legal_moves(position, dice)}
        assert gr.turn_ends(spread, gb.numbers(dice)) == by_engine or not any(spread)


def test_the_table_beats_combining_one_sided_tables():
    """The two one-sided distributions, combined, are off in some races: the exact table is
    what `race` reports there."""
    rows = np.array(gr.spreads()[1:])
    exact = gr.table().lookup(np.repeat(rows, len(rows), axis=0), np.tile(rows, (len(rows), 1)))
    combined = gr.combined(rows, rows)[..., 0].ravel()
    assert np.abs(combined - exact).max() > 0.005
    pick = np.random.default_rng(3).choice(len(exact), 200, replace=False)
    a, b = np.repeat(rows, len(rows), axis=0)[pick], np.tile(rows, (len(rows), 1))[pick]
    values = gr.race(a, b)
    np.testing.assert_allclose(values[:, 0], exact[pick])
    assert (values[:, 1:] == 0).all()        # both sides have begun bearing off (G-10)


@pytest.mark.parametrize("mover, other", [((7, 0, 0, 0, 0, 0), (0, 2, 0, 0, 0, 0)),
                                          ((0, 1, 0, 0, 0, 0), (5, 2, 0, 0, 0, 0)),
                                          ((6, 1, 0, 0, 0, 0), (0, 0, 1, 1, 0, 0))])
def test_past_the_table_the_estimate_is_close_to_the_slow_exact_method(mover, other):
    exact = slow_win(Position(checkers(mover), checkers(other), Side.WHITE))
    win, win2, lose2 = gr.race(mover, other)[0]
    assert win == pytest.approx(exact, abs=0.005)
    assert win2 == 0.0 and lose2 == 0.0
    quick = gr.race(mover, other, ahead=False)[0]
    assert quick == pytest.approx(gr.combined(mover, other)[0, 0])
    assert quick[0] == pytest.approx(exact, abs=0.01)


def test_past_the_table_a_side_not_begun_can_lose_two_points():
    """One checker on the last point, to move, against fifteen that have not begun: any throw
    bears it off, a 2-point win (G-10). Fifteen on the furthest point, to move, against one
    checker on the last point: the fifteen lose for sure, by 2 points when none of their
    checkers can come off this turn."""
    assert tuple(gr.race((1, 0, 0, 0, 0, 0), (15, 0, 0, 0, 0, 0))[0]) == pytest.approx((1, 1, 0))
    position = Position(checkers((0, 0, 0, 0, 0, 15)), checkers((1, 0, 0, 0, 0, 0)), Side.WHITE)
    stuck = sum(count for dice, count in DICE.items()
                if all(GARANGUET.apply(position, m, dice).white[-1] < 25
                       for m in GARANGUET.legal_moves(position, dice))) / 216
    win, win2, lose2 = gr.race((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0))[0]
    assert 0 < stuck < 1
    assert (win, win2) == pytest.approx((0, 0)) and lose2 == pytest.approx(stuck, abs=1e-12)


def test_the_hints_report_a_small_races_chances_exactly():
    """The master's hints in races of up to six checkers a side, where combining two one-sided
    tables is off by more than 0.002: each move's chance to win is the two-sided table's (itself
    checked against the slow exact method above), the opponent to move after it."""
    from game.computer import garanguet_player as gp
    rng = random.Random(1818)
    rows = [s for s in gr.spreads() if sum(s) >= 3]
    table, one_sided = gr.table(), gb.table()
    checked = 0
    for _ in range(2000):
        mover, other = rng.choice(rows), rng.choice(rows)
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        position = Position(checkers(mover), checkers(other), Side.WHITE)
        hints = gp.hints(GARANGUET, position, dice)
        afters = [GARANGUET.apply(position, h.move, dice) for h in hints]
        if any(GARANGUET.outcome(a) for a in afters):
            continue
        spreads = [(gb.spreads_of(np.array([a.black]))[0], gb.spreads_of(np.array([a.white]))[0])
                   for a in afters]
        exact = [1.0 - table.lookup(b, w)[0] for b, w in spreads]
        combined = [1.0 - one_sided.race(b, w)[0][0] for b, w in spreads]
        if max(abs(e - c) for e, c in zip(exact, combined)) < 0.002:
            continue                       # a race the old way already told well enough
        for hint, chance in zip(hints, exact):
            assert hint.win_probability == pytest.approx(chance, abs=1e-4), (mover, other, dice)
        checked += 1
        if checked == 3:
            break
    assert checked == 3
