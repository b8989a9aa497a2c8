"""Garanguet rules, one test per numbered rule of docs/rules.md (G-1..G-11), Lepeintre's worked
examples, and pinned counts of legal turns checked against an independent brute force.

Positions are in the engine's notation: each side's checkers along its own path 1..24, `off`
once borne off; a point p of one side's path is the other side's 25 - p.
"""
import itertools
import random

import pytest

from game.rules import GARANGUET, IllegalMoveError, Move, NotationError, Position, Side, rules_by_name

P = Position.parse
G = GARANGUET


def ends(text, dice):
    """The positions after each legal turn of a throw, as text."""
    position = P(text)
    return {str(G.apply(position, m, dice)) for m in G.legal_moves(position, dice)}


def after(text, move, dice):
    return str(G.apply(P(text), Move.parse(move), dice))


def rejects(text, move, dice, rule):
    with pytest.raises(IllegalMoveError) as err:
        G.apply(P(text), Move.parse(move), dice)
    assert f"({rule})" in str(err.value), str(err.value)
    return str(err.value)


def test_registry_and_settings():
    assert rules_by_name("garanguet") is G
    assert (G.name, G.title, G.dice_count, G.checkers, G.last_point) == ("garanguet", "Garanguet", 3, 15, 24)


def test_start_and_notation():
    start = G.start(Side.BLACK)
    assert str(start) == "1*15/1*15/B"
    assert P(str(start)) == start
    p = P("3,5*2,19*10,24,off/2*14,21/W")
    assert P(str(p)) == p and p.white.count(25) == 1
    with pytest.raises(NotationError):
        P("1*15/24,1*14/W")          # Black's 24 is White's 1: one point, both colours (G-3)


# --- G-1 -------------------------------------------------------------------------------------------

def test_G1_three_dice():
    with pytest.raises(ValueError):
        G.legal_moves(G.start(Side.WHITE), (3, 4))
    with pytest.raises(ValueError):
        G.legal_moves(G.start(Side.WHITE), (3, 4, 7))
    assert G.legal_moves(G.start(Side.WHITE), (3, 4, 5))


# --- G-2 -------------------------------------------------------------------------------------------

def test_G2_simple_throw_gives_its_three_numbers():
    assert G.numbers((5, 1, 3)) == (1, 3, 5)


def test_G2_one_two_or_three_checkers_each_number_once():
    start = "1*15/1*15/W"
    assert after(start, "1-2 1-4 1-6", (1, 3, 5)) == "1*12,2,4,6/1*15/B"
    assert after(start, "1-4 4-9 1-2", (1, 3, 5)) == "1*13,2,9/1*15/B"
    assert after(start, "1-2 2-5 5-10", (1, 3, 5)) == "1*14,10/1*15/B"
    # From the start nothing blocks: three checkers (10 ways), two (one chains two numbers: 3 ways
    # to pick the chain, and the three numbers' three sums), one checker (one end, point 10).
    assert ends(start, (1, 3, 5)) == {"1*12,2,4,6/1*15/B", "1*13,2,9/1*15/B", "1*13,4,7/1*15/B",
                                      "1*13,5,6/1*15/B", "1*14,10/1*15/B"}
    rejects(start, "1-2 1-2 1-6", (1, 3, 5), "G-2")


def test_G2_the_numbers_are_the_dice():
    message = rejects("1*15/1*15/W", "1-3 1-4 1-6", (1, 3, 5), "G-2")
    assert message.startswith("1-3:")


# --- G-3 -------------------------------------------------------------------------------------------

BLOCKED = "1*15/10*14,21/W"       # Black's 21 is White's 4


def test_G3_no_stopping_on_an_opposing_checker():
    message = rejects(BLOCKED, "1-4 1-2 1-6", (1, 3, 5), "G-3")
    assert message == "1-4: point 4 holds an opposing checker (G-3)"


def test_G3_no_pausing_there_either():
    # 1 then 3 passes through 2 to 5; 3 then 1 would pause on 4.
    assert after(BLOCKED, "1-2 2-5 1-6", (1, 3, 5)) == "1*13,5,6/10*14,21/B"
    rejects(BLOCKED, "1-4 4-5 1-6", (1, 3, 5), "G-3")


def test_G3_no_hitting_and_own_points_hold_any_number():
    position = P("1*15/10*14,21/W")
    for move in G.legal_moves(position, (2, 2, 2)):
        assert G.apply(position, move).black == position.black
    assert after("1*15/1*15/W", "1-3 1-3 1-3 1-3 1-3 1-3", (2, 2, 2)) == "1*9,3*6/1*15/B"


# --- G-4, G-5, G-6 ---------------------------------------------------------------------------------

def test_G4_doublet_under_a_higher_third_is_a_simple_throw():
    assert G.numbers((2, 5, 2)) == (2, 2, 5)
    assert after("1*15/1*15/W", "1-3 3-5 5-10", (2, 5, 2)) == "1*14,10/1*15/B"
    rejects("1*15/1*15/W", "1-3 1-3 1-3 1-6", (2, 5, 2), "G-2")


def test_G5_doublet_over_a_lower_third_plays_four_times_and_the_third():
    assert G.numbers((5, 2, 5)) == (2, 5, 5, 5, 5)
    assert after("1*15/1*15/W", "1-6 6-11 11-16 16-21 1-3", (5, 2, 5)) == "1*13,3,21/1*15/B"
    assert len(max((m.steps for m in G.legal_moves(G.start(Side.WHITE), (5, 2, 5))), key=len)) == 5


def test_G6_triplet_plays_the_number_six_times():
    assert G.numbers((3, 3, 3)) == (3,) * 6
    assert after("1*15/1*15/W", "1-4 4-7 7-10 10-13 13-16 16-19", (3, 3, 3)) == "1*14,19/1*15/B"
    assert after("1*15/1*15/W", "1-4 1-4 1-4 1-4 1-4 1-4", (3, 3, 3)) == "1*9,4*6/1*15/B"
    # One to six checkers: the ends are the ways to split six moves of 3 among checkers
    # starting together (partitions of 6) - nothing blocks from the start.
    assert len(G.legal_moves(G.start(Side.WHITE), (3, 3, 3))) == 11


# --- G-7 -------------------------------------------------------------------------------------------

# One White checker can move (the rest wait on 24, which they cannot pass while not all are in the
# last quadrant); Black holds White's points 2, 7, 9 and 10 (Black's 23, 18, 16, 15).
ONE_MOVER = "1,24*14/10*11,15,16,18,23/W"


def test_G7_as_many_numbers_as_possible():
    # 5 goes to 6 and stops there (7 and 9 held); 3 then 1 plays two numbers: it must.
    assert ends(ONE_MOVER, (1, 3, 5)) == {"5,24*14/10*11,15,16,18,23/B"}
    message = rejects(ONE_MOVER, "1-6", (1, 3, 5), "G-7")
    assert "as many numbers as possible" in message


def test_G7_then_the_highest():
    # Black also holds White's 5: now only one number can be played, and it must be the 5.
    one_only = "1,24*14/10*10,15,16,18,20,23/W"
    assert ends(one_only, (1, 3, 5)) == {"6,24*14/10*10,15,16,18,20,23/B"}
    rejects(one_only, "1-4", (1, 3, 5), "G-7")


def test_G7_doublets_play_the_most_points():
    # G-5 with one checker: Black holds White's 23, so not all five numbers fit. Four 5s (to 21)
    # and three 5s with the 2 (to 18) both play four numbers; the four 5s play the most points.
    position = "1,24*14/2,10*14/W"
    assert ends(position, (5, 2, 5)) == {"21,24*14/2,10*14/B"}
    rejects(position, "1-3 3-8 8-13 13-18", (5, 2, 5), "G-7")
    # G-6: Black holds White's 9, so the lone checker plays three 2s of the six and stops on 7.
    assert ends("1,24*14/10*14,16/W", (2, 2, 2)) == {"7,24*14/10*14,16/B"}


def test_G7_a_turn_with_nothing_playable_passes():
    wall = "1*15/10*9,18,19,20,21,22,23/W"          # Black on White's 2..7: G-8's wall
    assert G.legal_moves(P(wall), (1, 2, 3)) == []
    assert str(G.apply(P(wall), Move(()), (1, 2, 3))) == "1*15/10*9,18,19,20,21,22,23/B"


# --- G-8 -------------------------------------------------------------------------------------------

def test_G8_six_adjacent_points_block_everything_behind_them():
    wall = P("1*15/10*9,18,19,20,21,22,23/W")
    for dice in itertools.combinations_with_replacement(range(1, 7), 3):
        assert G.legal_moves(wall, dice) == [], dice
    # Five points can be jumped: a 6 passes them.
    gap = P("1*15/10*10,19,20,21,22,23/W")
    assert any(s.destination == 7 for m in G.legal_moves(gap, (6, 6, 6)) for s in m.steps)


# --- G-9 -------------------------------------------------------------------------------------------

def test_G9_no_bearing_off_before_all_fifteen_are_in_the_last_quadrant():
    message = rejects("18,24*14/10*15/W", "24-off", (1, 1, 6), "G-9")
    assert "last quadrant" in message
    assert after("18,24*14/10*15/W", "18-24 24-off 24-off", (1, 1, 6)) == "24*13,off*2/10*15/B"


def test_G9_bearing_off_can_start_in_the_middle_of_a_turn():
    assert after("18,24*14/10*15/W", "18-19 19-22 24-off", (1, 3, 1)) == "22,24*13,off/10*15/B"
    rejects("18,24*14/10*15/W", "24-off 18-19 19-22", (1, 3, 1), "G-9")


def test_G9_the_exact_number_to_the_rim_bears_off():
    assert after("19,20*14/1*15/W", "19-off 20-off 20-off", (6, 5, 5)) == "20*12,off*3/1*15/B"


def test_G9_a_number_that_fits_inside_or_exactly_may_not_pass_the_rim():
    own, opp = P("20,22,24*13/10*15/W").white, P("20,22,24*13/10*15/W").black
    assert G.try_step(own, opp, 20, 4)[2].destination == 24
    assert G.try_step(own, opp, 22, 4).rule == "G-9"
    assert G.try_step(own, opp, 20, 5)[2].destination == 25
    assert G.try_step(own, opp, 22, 5).rule == "G-9"
    rejects("20,22,24*13/10*15/W", "22-off", (4, 2, 1), "G-9")


def test_G9_otherwise_the_checker_furthest_from_the_rim_is_borne_off():
    own, opp = P("21,22,24*13/10*15/W").white, P("21,22,24*13/10*15/W").black
    assert G.try_step(own, opp, 21, 6)[2].destination == 25
    assert G.try_step(own, opp, 22, 6).rule == "G-9"
    assert ends("21,22,24*13/10*15/W", (6, 6, 6)) == {"24*9,off*6/10*15/B"}


def test_G9_a_furthest_checker_held_short_of_the_rim_bears_nothing_off():
    # Black holds White's 23: a 3 from 20 cannot land there, and the 24s may not pass the rim
    # while 20 is the furthest (RULES G-9 read with G-3: the number is lost).
    assert G.legal_moves(P("20,24*14/2,10*14/W"), (3, 3, 3)) == []
    assert ends("19,20,24*13/2,10*14/W", (6, 6, 6)) == {"24*9,off*6/2,10*14/B"}


# --- G-10 ------------------------------------------------------------------------------------------

def test_G10_two_points_if_the_loser_has_borne_off_nothing():
    outcome = G.outcome(P("off*15/19*15/B"))
    assert (outcome.winner, outcome.points, outcome.rule) == (Side.WHITE, 2, "G-10")


def test_G10_one_point_if_the_loser_had_begun_bearing_off():
    outcome = G.outcome(P("19*14,off/off*15/W"))
    assert (outcome.winner, outcome.points) == (Side.BLACK, 1)


def test_G10_no_outcome_while_both_have_checkers_on_the_board():
    assert G.outcome(P("24,off*14/24*15/W")) is None
    assert G.outcome(G.start(Side.WHITE)) is None


def test_G10_the_last_checker_borne_off_ends_the_game():
    p = G.apply(P("24*2,off*13/19*15/W"), Move.parse("24-off 24-off"), (1, 1, 2))
    assert G.outcome(p).winner is Side.WHITE and G.outcome(p).points == 2


# --- The source's worked examples ------------------------------------------------------------------
# The examples letter the board from White's side, the letters running the way White moves:
# "f" is 5 short of "k", and a 2 takes "k" exactly to the rim, so "k" is White's 23 and a letter's
# point is 12 + its place in the alphabet: f 18, g 19, h 20, i 21, j 22, k 23, l 24. White has one
# checker on f (outside the last quadrant), one each on h, i and k, and the rest on l; Black's
# checkers are far away (on White's 15).

EXAMPLE = "18,20,21,23,24*11/10*15/W"


def test_example_3_2_1_f_to_j_then_k_borne_off_with_the_2():
    assert after(EXAMPLE, "18-21 21-22 23-off", (3, 2, 1)) == "20,21,22,24*11,off/10*15/B"
    assert after(EXAMPLE, "18-19 19-22 23-off", (3, 2, 1)) == "20,21,22,24*11,off/10*15/B"
    assert "20,21,22,24*11,off/10*15/B" in ends(EXAMPLE, (3, 2, 1))


def test_example_3_2_1_or_h_i_k_without_bearing_off():
    assert after(EXAMPLE, "20-23 21-23 23-24", (3, 2, 1)) == "18,23*2,24*12/10*15/B"
    # k may not be borne off before f has entered the last quadrant
    rejects(EXAMPLE, "23-off 18-21 21-22", (3, 2, 1), "G-9")


def test_example_sonnes_and_5():
    assert G.numbers((6, 6, 5)) == (5, 6, 6, 6, 6)
    assert after(EXAMPLE, "18-23 20-off 21-off 23-off 23-off", (6, 6, 5)) == "24*11,off*4/10*15/B"
    # Before f enters, no 6 can bear off; after, the 6s take the furthest checkers in turn.
    rejects(EXAMPLE, "20-off 18-23 21-off 23-off 23-off", (6, 6, 5), "G-9")
    rejects(EXAMPLE, "18-23 21-off 20-off 23-off 23-off", (6, 6, 5), "G-9")


def test_example_triple_5():
    assert after(EXAMPLE, "18-23 20-off 21-off 23-off 23-off 24-off", (5, 5, 5)) == "24*10,off*5/10*15/B"
    # The 5 from h is exact; i, k and l pass the rim only as the furthest in turn.
    rejects(EXAMPLE, "18-23 21-off 20-off 23-off 23-off 24-off", (5, 5, 5), "G-9")


def test_examples_play_every_number():
    for dice, count in (((3, 2, 1), 3), ((6, 6, 5), 5), ((5, 5, 5), 6)):
        assert {len(m.steps) for m in G.legal_moves(P(EXAMPLE), dice)} == {count}
    rejects(EXAMPLE, "18-21 21-22", (3, 2, 1), "G-7")
    rejects(EXAMPLE, "18-23 20-off", (6, 6, 5), "G-7")
    rejects(EXAMPLE, "18-23", (5, 5, 5), "G-7")


# --- Step-by-step input ----------------------------------------------------------------------------

STEP_BY_STEP = [
    (EXAMPLE, (3, 2, 1)), (EXAMPLE, (6, 6, 5)), (EXAMPLE, (5, 5, 5)), (ONE_MOVER, (1, 3, 5)),
    ("1*2,3,7*2,8,10,12,13*2,15,18,21*2,23/1*3,6*2,8*2,9*2,14*2,19*2,20*2/W", (2, 1, 2)),
    ("1*7,2,10,15,17*4,23/1*3,4*3,6,7*2,9*3,12,16,22/B", (5, 5, 5)),
    ("19*3,20*2,21*3,22*2,23*2,24*3/10*15/W", (1, 1, 1)),
]


@pytest.mark.parametrize("text, dice", STEP_BY_STEP)
def test_step_by_step_input_offers_every_legal_turn_and_only_those(text, dice):
    position = P(text)
    moves = G.legal_moves(position, dice)
    legal = {G.apply(position, m, dice) for m in moves}
    rng = random.Random(len(text))
    for move in rng.sample(moves, min(len(moves), 40)):   # every legal turn can be keyed in...
        for i, step in enumerate(move.steps):
            assert step in G.next_steps(position, dice, move.steps[:i]), (str(move), i)
        assert G.next_steps(position, dice, move.steps) == []
    for _ in range(20):                                     # ...and whatever is keyed in ends in one
        played = ()
        while offered := G.next_steps(position, dice, played):
            played += (rng.choice(offered),)
        assert G.is_turn_complete(position, dice, played)
        assert G.apply(position, Move(played), dice) in legal
