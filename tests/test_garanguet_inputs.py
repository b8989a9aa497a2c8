"""The Garanguet network's inputs (issue 39): a network file says which features it reads, so
that one which says nothing (run A's, the frozen top level's) reads the board as always, and one
trained on the blocking features ("board+blocks", the shipped one since run D) reads those; the
training's warm start widens a network without changing a single value; and the frozen top
level's reply search finds the same turns as the rules' whole-turn search."""
import pathlib
import random
import sys

import numpy as np
import pytest

from game.computer import garanguet_net as gnet
from game.computer import garanguet_player as gp
from game.rules import GARANGUET, Position, Side
from game.computer.random_player import random_move

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import train_garanguet as tg  # noqa: E402

from tests import garanguet_top as top  # noqa: E402


def a_position(seed: int, turns: int = 24) -> Position:
    rng = random.Random(seed)
    position = GARANGUET.start(Side.WHITE)
    for _ in range(turns):
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        position = GARANGUET.apply(position, random_move(GARANGUET, position, dice, rng), dice)
    return position


def sides(position: Position):
    return position.checkers(position.to_move), position.checkers(position.to_move.other)


def test_a_file_that_names_no_inputs_reads_the_board_and_the_shipped_one_its_blocks():
    frozen = gnet.Net.load(top.NET)
    assert frozen.inputs == "board" and frozen.w1.shape[0] == gnet.FEATURES
    with np.load(top.NET) as data:
        assert "inputs" not in data.files
    shipped = gp.net()
    assert shipped.inputs == "board+blocks"
    assert shipped.w1.shape[0] == gnet.INPUTS["board+blocks"]


def test_blocks_of_a_side_shut_in_and_of_the_start():
    start = gnet.counts([(1,) * 15])
    walled = gnet.counts([(18, 19, 20, 21, 22, 23) + (1,) * 9])   # my points 2..7 held
    free = gnet._blocks(start, start)[0]
    assert free[0] == free[1] == free[2] == 0               # nothing held ahead
    assert free[3] == 1 and free[4:10].all()                # every number can be played
    assert free[11] == pytest.approx(1 / 6)                 # their stack: one point ahead
    shut = gnet._blocks(start, walled)[0]
    assert shut[0] == shut[1] == shut[2] == 1               # all 15 behind six points
    assert shut[3] == 0 and not shut[4:10].any() and shut[10] == 0
    assert shut[11] == 1                                    # a run of six ahead
    # from the wall's side: only its checker on 23 is shut in (24 held by the other's stack,
    # and past the rim before all are home, G-9)
    assert gnet._blocks(walled, start)[0][0] == pytest.approx(1 / 15)


def test_a_network_says_its_inputs_and_values_them_batched(tmp_path):
    net = gnet.Net(16, seed=3, inputs="board+blocks")
    net.w1[gnet.FEATURES:] = np.random.default_rng(1).normal(0, 0.5, (2 * gnet.BLOCK_FEATURES, 16))
    net.save(tmp_path / "c.npz")
    again = gnet.Net.load(tmp_path / "c.npz")
    assert again.inputs == "board+blocks" and again.w1.shape == (gnet.INPUTS["board+blocks"], 16)
    own, opp = sides(a_position(7))
    ends = [end for end, _ in gnet.turn_ends(GARANGUET, own, opp, (1, 3, 6))]
    few = gnet.counts([opp, own])
    which = np.arange(len(ends)) % 2
    expected = gnet.flip(again.evaluate(again.features(few[which], gnet.counts(ends))))
    np.testing.assert_allclose(gnet.values_against(again, few, which, gnet.counts(ends)), expected,
                               atol=1e-12)
    # the blocking features count: without them the values differ
    assert np.abs(gnet.values_after(again, opp, ends) - gnet.flip(again.evaluate(
        np.hstack([again.features(gnet.counts([opp]), gnet.counts(ends))[:, :gnet.FEATURES],
                   np.zeros((len(ends), 2 * gnet.BLOCK_FEATURES))])))).max() > 1e-3


def test_a_file_with_the_wrong_inputs_is_refused(tmp_path):
    net = gnet.Net(8, inputs="board")
    np.savez(tmp_path / "bad.npz", w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2, games=0,
             inputs="board+blocks")
    with pytest.raises(ValueError, match="features"):
        gnet.Net.load(tmp_path / "bad.npz")
    np.savez(tmp_path / "odd.npz", w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2, games=0,
             inputs="hits")
    with pytest.raises(ValueError, match="unknown"):
        gnet.Net.load(tmp_path / "odd.npz")


def test_warm_start_widens_without_changing_a_value():
    path = top.NET                                # 64 hidden units, reading the board
    narrow = gnet.Net.load(path)
    wide = tg.widened(path, 80, "board+blocks", seed=5)
    assert wide.hidden == 80 and wide.inputs == "board+blocks"
    for seed in (2, 11):
        own, opp = sides(a_position(seed))
        ends = [end for end, _ in gnet.turn_ends(GARANGUET, own, opp, (2, 4, 5))]
        np.testing.assert_allclose(gnet.values_after(wide, opp, ends),
                                   gnet.values_after(narrow, opp, ends), atol=1e-12)


def test_the_frozen_top_levels_replies_are_the_rules_turns():
    """top.two_ply takes the opponent's replies from the game's reply search; by definition
    they are the rules' whole turns of each throw (or the checkers as they stand, a pass)."""
    net = gnet.Net.load(top.NET)
    for seed in (4, 9):
        own, opp = sides(a_position(seed, 30))
        ends = [end for end, _ in gnet.turn_ends(GARANGUET, own, opp, (1, 2, 6))][:2]
        rows, which = [], []
        for i, end in enumerate(ends):
            for dice, _ in top.THROWS:
                replies = [reply for reply, _ in gnet.turn_ends(GARANGUET, opp, end, dice)]
                rows.append(replies or [opp])
                which.append(i)
        values = [top.after_turns(r, ends, net, None, [i] * len(r)) for r, i in zip(rows, which)]
        found = np.array([v[int(np.argmax(gp.worth(v)))] for v in values])
        chance = np.array([c for _, c in top.THROWS] * len(ends)).reshape(len(ends), -1)
        expected = gnet.flip(np.einsum("it,itk->ik", chance, found.reshape(len(ends), -1, 3)))
        np.testing.assert_allclose(top.two_ply(GARANGUET, ends, opp, net), expected, atol=1e-12)
