"""The shipped tables (game/computer/data/tables.npz, from tools/make_tables.py, and Bell's exact
match equity table bell_met.npz, from tools/make_bell_met.py) are the game solved afresh:
regenerate them with the scripts whenever the rules or the solver change."""
import random

import numpy as np
import pytest

from game.computer import tables as tbl
from game.rules import BELL, Position, rules_by_name

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


@pytest.mark.slow(seconds=25)
@pytest.mark.parametrize("name", ["charpentier-reentry", "bell"])
def test_other_tables_are_a_fresh_solve(name):
    check(name)


@pytest.mark.parametrize("name", tbl.TOURNE_CASE)
def test_shipped_turns_are_the_engines(name):
    # data/turns.npz (tools/make_tables.py) holds every config's turns as the rules engine
    # gives them now.
    from game.computer import model
    shipped = tbl.shipped_turns(name)
    assert shipped is not None, "run tools/make_tables.py --turns"
    fresh = model.turns(rules_by_name(name))
    assert all(np.array_equal(shipped[key], fresh[key]) for key in model.TURNS)


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


class Swept(tbl.Tables):
    """Bell's tables as the game loads them, keeping the values each score's solve sweeps over
    its shipped best turns (`swept[score]`, one entry a sweep): the tests of one score share
    its solve (a second sweep of a score would show as two entries)."""

    def __init__(self):
        super().__init__("bell", tbl._shipped("bell"), shipped_met())
        self.swept = {}

    def _from_best_turns(self, *args):
        V = super()._from_best_turns(*args)
        self.swept.setdefault(args[:2], []).append(V)
        return V


@pytest.fixture(scope="module")
def bell():
    return Swept()


@pytest.mark.parametrize("away, away_other", [(1, 2)] + SAMPLE)
def test_bell_match_table_is_each_scores_game_solved_afresh(away, away_other, bell):
    # The game's own solve of one score (Tables.match_objective, both sides playing for the
    # match, wins and losses paid by the shipped table at the scores they lead to) gives the
    # shipped chance: a step of the backward induction, checked.
    M = shipped_met()
    t = bell
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
    from game.computer.tourne_case import hints
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


# --- a Bell match score solved fast (solve.solve_score), against slower exact ways ------------------
def live(t):
    """The states a game can be in: neither side home."""
    n = len(t.configs)
    return (np.arange(n)[:, None] != t.home) & (np.arange(n)[None, :] != t.home)


def test_fast_solve_weighs_the_turns_it_left_out_back_in(monkeypatch):
    # The fast solve weighs only the turns near the best under its first guess, then checks every
    # turn. From a guess off by up to 0.05 and no margin, it still ends on Charpentier's chances as
    # the full solve (tools/make_tables.py) found them, having added turns it had left out.
    from game.computer import solve as slv
    t = tbl.tables("charpentier")
    n = len(t.configs)
    noise = np.random.default_rng(1699).uniform(-0.05, 0.05, t.chance.shape)
    V = np.zeros((1, 1, n * n + n))           # a win pays 1: K - 1 past the states
    V[0, 0, :n * n] = (t.chance + noise).ravel()
    plans = []
    monkeypatch.setattr(slv, "plan", lambda *args, real=slv.plan: plans.append(1) or real(*args))
    slv.solve_score(tbl._layout("charpentier", 1), V, np.ones(1), margin=0.0)
    assert len(plans) > 1
    assert np.abs(V[0, 0, :n * n].reshape(n, n) - t.chance)[live(t)].max() < 1e-9


@pytest.mark.slow(seconds=12)
@pytest.mark.parametrize("away, away_other", [(2, 4)] + SAMPLE[:1])
def test_bell_score_from_its_shipped_turns_is_the_full_solve(away, away_other, bell):
    # At White needing 2 and Black 4 (a match to 5 at 3-1), and a seeded score (also solved by
    # the match table's test above: one solve for both): the values the game finds by sweeping
    # over the score's shipped best turns are the whole table the slow solver (every turn
    # weighed, sweeps to 1e-12: what tools/make_bell_met.py uses) finds.
    from game.computer import solve as slv
    t = bell
    goal = t.match_objective(away, away_other, wait=True)
    swept = t.swept[away, away_other]     # the values the game's own solve of the score swept
    assert len(swept) == 1                # (once, not twice)
    V = swept[0]
    assert V is not None, "run tools/make_bell_turns.py"
    wins = [t._pays(away, away_other), t._pays(away_other, away)]
    (X, Y), _ = slv.solve(tbl._model("bell"), tbl._layout("bell", 2), wins,
                          start=np.stack([t._guess(away, away_other), t._guess(away_other, away)]))
    n = len(t.configs)
    assert np.abs(V[0, 0, :n * n].reshape(n, n) - X)[live(t)].max() < 1e-9
    assert np.abs(V[1, 0, :n * n].reshape(n, n) - Y)[live(t)].max() < 1e-9
    assert np.abs(goal.mine - X)[live(t)].max() < 1e-9


def test_a_score_found_in_the_background_is_the_score_found_at_once():
    # In the background (a game being played) the three values are swept one after the other,
    # in one thread; for a caller that waits, side by side: the same sweeps, the same figures.
    t = tbl.Tables("bell", tbl._shipped("bell"), shipped_met())
    assert np.array_equal(t._from_best_turns(3, 3, hurry=False), t._from_best_turns(3, 3))


def test_a_solve_in_the_background_stops_when_the_program_ends(monkeypatch):
    # At exit (solve.STOP set, by an atexit hook of tables.py), a background solve stops at its
    # next sweep instead of being cut off inside numpy as the interpreter finishes.
    import threading
    from game.computer import solve as slv
    stop = threading.Event()
    stop.set()
    monkeypatch.setattr(slv, "STOP", stop)
    t = tbl.Tables("bell", tbl._shipped("bell"), shipped_met())
    assert t.match_objective(4, 6) is None          # started in the background
    job = t._match[4, 6]
    assert job.done.wait(60)
    assert isinstance(job.error, slv.Stopped) and job not in tbl._background
    assert t.match_ready(4, 6) and t.match_objective(4, 6) is None   # the estimate stands in


def test_play_sweeps_the_match_chance_alone_and_analysis_the_views_too(monkeypatch):
    # Play and review ask a score for the match chance alone: one value of the three swept (each
    # is a sweep of its own, the same figures alone or together); analysis, asking for the views,
    # gets them swept with it, or from the same turns afterwards. The sweeps are stubbed here
    # (the values stay at their guesses): what is asked of them is the point.
    from game.computer import solve as slv
    swept = []
    monkeypatch.setattr(tbl, "shipped_best_turns", lambda *args: np.zeros(1))
    monkeypatch.setattr(slv, "plan_turns", lambda *args: [])
    monkeypatch.setattr(slv, "evaluate_turns",
                        lambda lay, levels, V, K, together=True: swept.append(list(K)) or (V, 0))
    t = tbl.Tables("bell", tbl._shipped("bell"), shipped_met())
    t.match_objective(2, 4, wait=True)
    assert swept == [[1.0]]                       # the match chance alone
    t.match_views(4, 2)
    assert swept == [[1.0], [1.0, 0.0]]           # then the game's chance and the points
    t.match_views(2, 4)
    assert len(swept) == 2                        # kept
    tbl.Tables("bell", tbl._shipped("bell"), shipped_met()).match_views(3, 5)
    assert swept[2:] == [[1.0, 1.0, 0.0]]         # analysis first: all three at once


@pytest.fixture(scope="module")
def best_turns_arrays():
    """The arrays of the shipped bell_turns.npz, read once (a test changes a copy)."""
    with np.load(tbl.BEST_TURNS_DATA) as data:
        return dict(data)


@pytest.fixture(scope="module")
def best_turns_at_2_4():
    """The shipped best turns at 2-away against 4-away, as the game reads them, or None."""
    t = tbl.tables("bell")
    estimate = t._copies(2, 4, lambda a, b: [t._guess(a, b)], lambda a, b: [t._pays(a, b)],
                         np.ones(1))[:, 0]
    return estimate, tbl.shipped_best_turns(tbl._layout("bell", 1), 2, 4, estimate)


def solved_without_shipped_turns(monkeypatch, where, away, away_other):
    """match_views at a score as the game finds it without usable shipped turns (`where`)."""
    monkeypatch.setattr(tbl, "BEST_TURNS_DATA", where)
    t = tbl.Tables("bell", tbl._shipped("bell"), shipped_met())
    found = []        # what the game's solve found in the file (once, not twice)
    real = t._from_best_turns
    t._from_best_turns = lambda *args: found.append(real(*args)) or found[-1]
    views = t.match_views(away, away_other)
    assert len(found) == 1 and found[0] is None
    return views


@pytest.mark.slow(seconds=7)
def test_bell_views_from_shipped_turns_are_the_views_weighed_afresh(monkeypatch, tmp_path,
                                                                    best_turns_arrays):
    # The chance of winning the game and the points (both sides playing for the match), swept
    # with the match chance over the shipped turns, are what the fast solve then a sweep over
    # its turns give (solve.solve_score, solve.evaluate_score): two ways, one answer. A file
    # whose turns are not the ones found (here, one group's turn changed without its
    # fingerprint) is not used: the game solves the score itself.
    t = tbl.Tables("bell", tbl._shipped("bell"), shipped_met())
    shipped = t.match_views(3, 5)
    arrays = dict(best_turns_arrays)
    turns = arrays["3-5:turns"].copy()
    turns[0] = 1 - min(turns[0], 1)
    arrays["3-5:turns"] = turns
    np.savez(tmp_path / "bell_turns.npz", **arrays)
    afresh = solved_without_shipped_turns(monkeypatch, tmp_path / "bell_turns.npz", 3, 5)
    for mine, theirs in zip(shipped, afresh):
        assert np.abs(mine.mine - theirs.mine)[live(t)].max() < 1e-9
        assert np.abs(mine.theirs - theirs.theirs)[live(t)].max() < 1e-9


@pytest.mark.parametrize("damage", ["missing", "not a zip", "other game", "turn past its group"])
def test_unusable_shipped_turns_are_left_aside(tmp_path, damage, best_turns_arrays,
                                               best_turns_at_2_4):
    lay = tbl._layout("bell", 1)
    where = tmp_path / "bell_turns.npz"
    if damage != "missing":
        arrays = dict(best_turns_arrays)
        if damage == "other game":
            arrays["groups"] = np.array(len(lay.group_start) - 1)
        if damage == "turn past its group":
            arrays["2-4:turns"] = np.full_like(arrays["2-4:turns"], 12)
        np.savez(where, **arrays)
        if damage == "not a zip":
            where.write_bytes(b"PK\x03\x04 torn")
    estimate, sound = best_turns_at_2_4     # the sound file read once for the four
    old = tbl.BEST_TURNS_DATA
    try:
        tbl.BEST_TURNS_DATA = where
        assert tbl.shipped_best_turns(lay, 2, 4, estimate) is None
    finally:
        tbl.BEST_TURNS_DATA = old
    assert sound is not None


def test_every_score_has_its_best_turns_shipped():
    lay = tbl._layout("bell", 1)
    sizes = np.diff(lay.group_start, append=len(lay.entries))
    with np.load(tbl.BEST_TURNS_DATA) as data:
        assert int(data["groups"]) == len(lay.group_start)
        for a in range(1, M_MAX + 1):
            for b in range(a, M_MAX + 1):
                groups, turns = data[f"{a}-{b}:groups"], data[f"{a}-{b}:turns"]
                counts = data[f"{a}-{b}:counts"]
                assert len(counts) == (1 if a == b else 2) and counts.sum() == len(groups)
                for part in np.split(groups, np.cumsum(counts)[:-1]):
                    assert (np.diff(part) > 0).all()     # each group once, in order
                assert (turns < sizes[groups]).all()


@pytest.mark.slow
def test_a_shipped_score_is_what_the_tool_finds_today():
    # tools/make_bell_turns.py on one seeded score, now: the same turns as shipped.
    import importlib.util
    import pathlib
    spec = importlib.util.spec_from_file_location(
        "make_bell_turns", pathlib.Path(__file__).parent.parent / "tools" / "make_bell_turns.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    a, b = random.Random(1715).choice(tool.SCORES)
    found = tool.score_turns(tbl.Tables("bell", tbl._shipped("bell"), shipped_met()), a, b)
    with np.load(tbl.BEST_TURNS_DATA) as data:
        for key in ("groups", "turns", "counts", "digest"):
            assert np.array_equal(found[key], data[f"{a}-{b}:{key}"]), key


def best_within_tie(rules, t, position, dice, goal):
    """The configs the engine's legal moves leave, the best for the match first (all of those
    within 1e-9 of the best)."""
    side = position.to_move
    found = []
    for move in rules.legal_moves(position, dice):
        after = rules.play_steps(position, move.steps)
        c, o = t.index[after.checkers(side)], t.index[after.checkers(side.other)]
        found.append((goal.after(c, o, t.home), c, o))
    best = max(found)[0]
    return [(c, o) for worth, c, o in found if worth >= best - 1e-9]


@pytest.mark.parametrize("away, away_other", [(2, 4), (2, 2)])
def test_bell_match_views_obey_the_games_equations(away, away_other, bell):
    # Each value at a score is the throws' average of what the engine's best move for the match
    # leads to: the match chance, and with that move the chance of winning the game and the
    # points (where moves equal for the match differ there, the solve's choice is not checked).
    # At 2-4 the full-solve test above has solved the score for the match alone: the views are
    # swept afterwards from its turns, as analysis finds them after a game.
    from tests.test_computer import ALL_DICE, random_position
    t = bell
    rng = random.Random(22)
    checked = 0
    for _ in range(30):
        position = random_position(BELL, rng)
        a, b = (away, away_other) if position.to_move.name == "WHITE" else (away_other, away)
        views = t.match_views(a, b)
        side = position.to_move
        c0, o0 = t.indices(position)
        totals = [0.0, 0.0, 0.0]
        ambiguous = False
        for dice in ALL_DICE:
            if BELL.legal_moves(position, dice):
                best = best_within_tie(BELL, t, position, dice, views[2])
                worths = [[view.after(c, o, t.home) for view in views] for c, o in best]
                ambiguous |= np.ptp(np.array(worths), axis=0)[:2].max() > 1e-9
            else:
                worths = [[view.K - view.theirs[o0][c0] for view in views]]
            for i in range(3):
                totals[i] += worths[0][i] / 36
        assert views[2].position(c0, o0) == pytest.approx(totals[2], abs=1e-9)
        if not ambiguous:
            checked += 1
            assert views[0].position(c0, o0) == pytest.approx(totals[0], abs=1e-9)
            assert views[1].position(c0, o0) == pytest.approx(totals[1], abs=1e-9)
    assert checked >= 20
