"""The shipped tables (game/computer/data/tables.npz, from tools/make_tables.py, and Bell's exact
match equity table bell_met.npz, from tools/make_bell_met.py) are the game solved afresh:
regenerate them with the scripts whenever the rules or the solver change."""
import random

import numpy as np
import pytest

from game.computer import tables as tbl
from game.rules import BELL, Position

M_MAX = tbl.MATCH_MAX


def check(name):
    shipped = tbl._shipped(name)
    assert shipped is not None, "run tools/make_tables.py"
    fresh = tbl.solve_rule_set(name)
    assert set(shipped) == set(fresh)
    for key, value in fresh.items():
        assert np.abs(shipped[key] - value).max() < 1e-9, key


def test_charpentier_table_is_a_fresh_solve():
    check("charpentier")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["charpentier-reentry", "bell"])
def test_other_tables_are_a_fresh_solve(name):
    check(name)


def test_shipped_tables_load():
    for name in tbl.TOURNE_CASE:
        t = tbl.Tables(name, tbl._shipped(name))
        assert t.chance.shape == (len(t.configs), len(t.configs))


def test_bell_two_point_chances_add_up_to_the_equity():
    # Expected points = P(win 1) + 2 P(win 2) - P(lose 1) - 2 P(lose 2), with the chances of a
    # win and of a 2-point win or loss solved separately (single precision: 1e-6).
    t = tbl.tables("bell")
    live = np.arange(len(t.configs)) != t.home
    E, P, w2, l2 = (a[live][:, live] for a in (t.equity, t.chance, t.gammon_win, t.gammon_loss))
    assert np.abs(E - (2 * P - 1 + w2 - l2)).max() < 1e-6
    assert (w2 >= -1e-7).all() and (w2 <= P + 1e-6).all() and (l2 <= 1 - P + 1e-6).all()


# --- Bell's exact match equity table --------------------------------------------------------------
def shipped_met():
    M = tbl.shipped_match_table()
    assert M is not None, "run tools/make_bell_met.py"
    return M


def test_bell_match_table_is_fair_and_ordered():
    M = shipped_met()
    assert tbl.tables("bell").exact_match and tbl.tables("bell").match_equity is not None
    assert np.array_equal(tbl.tables("bell").match_equity, M)
    for a in range(1, M_MAX + 1):
        assert M[a, a] == 0.5
        for b in range(1, M_MAX + 1):
            assert M[a, b] + M[b, a] == pytest.approx(1.0, abs=1e-12)
            assert 0 < M[a, b] < 1
            if b > 1:   # the further the opponent is from winning, the better
                assert M[a, b] > M[a, b - 1]


# A seeded sample of uneven scores (an even score is worth 1/2 by symmetry).
SAMPLE = random.Random(1699).sample([(a, b) for a in range(1, M_MAX + 1)
                                     for b in range(a + 1, M_MAX + 1)], 2)


@pytest.mark.parametrize("away, away_other", [(1, 2)] + SAMPLE)
def test_bell_match_table_is_each_scores_game_solved_afresh(away, away_other):
    # The game's own solve of one score (Tables.match_objective, both sides playing for the
    # match, wins and losses paid by the shipped table at the scores they lead to) gives the
    # shipped chance: a step of the backward induction, checked.
    M = shipped_met()
    t = tbl.Tables("bell", tbl._shipped("bell"), M)
    mine = t.match_objective(away, away_other, wait=True)
    theirs = t.match_objective(away_other, away, wait=True)
    start = t.index[(0, 0, 0)]
    first = mine.position(start, start)          # this side throws first (C-1), or the other
    assert M[away, away_other] == pytest.approx((first + 1 - theirs.position(start, start)) / 2,
                                                abs=1e-10)
    # The estimate the game plays by until that solve is done is within a percentage point at
    # the start (both sides playing for the most points instead of for the match: 0.11 point
    # apart at 1-away against 2-away, where a 2-point win matters most).
    estimate = t.match_estimate(away, away_other)
    assert estimate.position(start, start) == pytest.approx(first, abs=0.01)


def test_match_estimate_at_one_away_each_is_the_chance_of_winning_the_game():
    t = tbl.tables("bell")
    assert np.abs(t.match_estimate(1, 1).mine - t.chance).max() < 1e-12


def test_bell_match_hints_are_match_chances_at_once():
    from game.computer import hints
    match = (7, 2, 3)             # White needs 5, Black 4
    position = Position.parse("0,0,3/0,0,0/B")
    t = tbl.tables("bell")
    shown = hints(BELL, position, (5, 2), match=match)
    goal = t.match_objective(4, 5) or t.match_estimate(4, 5)
    for hint in shown:
        after = BELL.play_steps(position, hint.move.steps)
        c, o = t.index[after.black], t.index[after.white]
        assert hint.win_probability in (pytest.approx(goal.after(c, o, t.home), abs=1e-12),
                                        pytest.approx(t.match_estimate(4, 5).after(c, o, t.home),
                                                      abs=1e-12))
    assert [h.loss for h in shown] == sorted(h.loss for h in shown)
