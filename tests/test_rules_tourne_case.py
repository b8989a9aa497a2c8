"""Tourne Case rules, one test per numbered rule of docs/rules.md (TC-*, TB-*, TR-*), plus notation."""
import pytest

from game.rules import (BELL, CHARPENTIER, CHARPENTIER_REENTRY, DOUBLET_NAMES, IllegalMoveError,
                        Move, NotationError, Position, Side, rules_by_name)

P = Position.parse


def results(rules, text, dice):
    """The legal turns of a throw as a set of (move text, position after) pairs."""
    position = P(text)
    return {(str(m), str(rules.apply(position, m, dice))) for m in rules.legal_moves(position, dice)}


def rejects(rules, text, move, dice, rule):
    with pytest.raises(IllegalMoveError) as err:
        rules.apply(P(text), Move.parse(move), dice)
    assert f"({rule})" in str(err.value), str(err.value)
    assert any(str(err.value).startswith(step) for step in move.split()), str(err.value)
    return str(err.value)


def test_TC_1_only_the_lower_die_is_played():
    assert results(CHARPENTIER, "0,0,0/0,0,0/W", (4, 3)) == {("0-3", "0,0,3/0,0,0/B")}
    rejects(CHARPENTIER, "0,0,0/0,0,0/W", "0-4", (4, 3), "TC-1")


def test_TC_1_a_doublet_plays_one_die_once():
    assert results(CHARPENTIER, "0,0,0/0,0,0/B", (1, 1)) == {("0-1", "0,0,0/0,0,1/W")}
    rejects(CHARPENTIER, "0,0,0/0,0,0/B", "0-1 1-2", (1, 1), "TC-1")


def test_TC_1_chance_of_each_number():
    counts = {k: 0 for k in range(1, 7)}
    for a in range(1, 7):
        for b in range(1, 7):
            (number,) = CHARPENTIER.numbers((a, b))
            counts[number] += 1
    assert counts == {k: 13 - 2 * k for k in range(1, 7)}


def test_TC_2_enter_on_the_number_or_advance_by_it():
    assert results(CHARPENTIER, "0,0,4/0,0,0/W", (2, 5)) == {
        ("0-2", "0,2,4/0,0,0/B"), ("4-6", "0,0,6/0,0,0/B")}


def test_TC_3_one_checker_a_point_except_the_home_point():
    rejects(CHARPENTIER, "0,1,3/0,0,0/W", "1-3", (2, 3), "TC-3")
    assert ("9-12", "0,12,12/0,0,0/B") in results(CHARPENTIER, "0,9,12/0,0,0/W", (3, 6))


def test_TC_4_no_passing_an_own_checker_even_when_entering():
    rejects(CHARPENTIER, "0,0,1/0,0,0/W", "0-2", (2, 6), "TC-4")
    rejects(CHARPENTIER, "0,2,5/0,0,0/W", "2-7", (5, 5), "TC-4")


def test_TC_5_the_home_point_only_by_the_exact_number():
    rejects(CHARPENTIER, "0,0,9/0,0,0/W", "9-13", (4, 4), "TC-5")
    assert results(CHARPENTIER, "11,12,12/0,0,0/W", (2, 3)) == set()
    assert ("9-12", "0,0,12/0,0,0/B") in results(CHARPENTIER, "0,0,9/0,0,0/W", (3, 3))


def test_TC_6_landing_facing_an_opposing_checker_hits_it():
    assert results(CHARPENTIER, "0,3,8/0,0,6/B", (2, 4)) == {
        ("0-2", "0,3,8/0,2,6/W"), ("6-8*", "0,0,3/0,0,8/W")}


def test_TC_6_the_home_point_is_never_hit():
    assert results(CHARPENTIER, "0,0,12/0,9,11/W", (3, 4)) == {
        ("0-3", "0,3,12/0,9,11/B")}
    assert results(CHARPENTIER, "0,0,12/0,0,9/B", (3, 4)) == {
        ("0-3", "0,0,12/0,3,9/W"), ("9-12", "0,0,12/0,0,12/W")}


def test_TC_7_a_legal_move_must_be_played_else_the_turn_passes():
    rejects(CHARPENTIER, "0,0,0/0,0,0/W", "pass", (1, 2), "TC-7")
    position = P("3,8,12/6,12,12/W")
    assert CHARPENTIER.legal_moves(position, (5, 5)) == []
    assert str(CHARPENTIER.apply(position, Move(()), (5, 5))) == "3,8,12/6,12,12/B"


def test_TC_8_a_hit_checker_reenters_when_its_owner_chooses():
    assert results(CHARPENTIER, "0,5,9/0,0,0/W", (1, 4)) == {
        ("0-1", "1,5,9/0,0,0/B"), ("5-6", "0,6,9/0,0,0/B"), ("9-10", "0,5,10/0,0,0/B")}


def test_TC_9_all_three_on_the_home_point_win_one_point():
    position = CHARPENTIER.apply(P("11,12,12/0,0,5/W"), Move.parse("11-12"), (1, 3))
    outcome = CHARPENTIER.outcome(position)
    assert (outcome.winner, outcome.points, outcome.rule) == (Side.WHITE, 1, "TC-9")
    assert CHARPENTIER.outcome(P("11,12,12/0,0,5/W")) is None


def test_TB_1_both_dice_by_one_checker_or_two():
    assert results(BELL, "0,0,0/0,0,0/W", (5, 3)) == {
        ("0-5 0-3", "0,3,5/0,0,0/B"), ("0-5 5-8", "0,0,8/0,0,0/B")}


def test_TB_1_the_intermediate_stop_must_be_legal_and_hits():
    # From 1 to 6 by 2 then 3 stops on 3, facing Black's checker: it is hit on the way.
    assert results(BELL, "0,0,1/0,0,3/W", (2, 3)) == {
        ("1-3* 3-6", "0,0,6/b,0,0/B"), ("1-4 4-6", "0,0,6/0,0,3/B"), ("1-4 0-2", "0,2,4/0,0,3/B")}
    # 1 to 6 by 3 then 2 would stop on 4, where White already stands.
    rejects(BELL, "0,1,4/0,0,3/W", "1-4 4-6", (2, 3), "TC-3")


def test_TB_1_a_doublet_is_played_once():
    assert results(BELL, "0,0,0/0,0,0/W", (4, 4)) == {("0-4", "0,0,4/0,0,0/B")}


def test_TB_2_as_many_numbers_as_possible_else_the_player_chooses():
    # Only one of 5 and 6 can be played, either one: the player chooses (no larger-number rule).
    assert results(BELL, "1,8,9/0,0,0/W", (5, 6)) == {
        ("1-6", "6,8,9/0,0,0/B"), ("1-7", "7,8,9/0,0,0/B")}
    rejects(BELL, "0,0,0/0,0,0/W", "0-5", (5, 3), "TB-2")


def test_TB_3_a_checker_on_the_bar_enters_first_else_the_throw_is_lost():
    rejects(BELL, "b,0,7/0,0,0/W", "7-9", (2, 3), "TB-3")
    after = {q for _, q in results(BELL, "b,0,7/0,0,0/W", (2, 3))}
    assert after == {"0,5,7/0,0,0/B", "2,3,7/0,0,0/B", "0,2,10/0,0,0/B", "0,3,9/0,0,0/B"}
    assert results(BELL, "b,1,2/0,0,0/W", (1, 2)) == set()


def test_TB_4_two_points_while_the_loser_has_a_checker_to_enter():
    assert BELL.outcome(P("12,12,12/1,2,3/B")).points == 1
    assert BELL.outcome(P("12,12,12/0,2,3/B")).points == 2
    assert BELL.outcome(P("12,12,12/b,2,3/B")).points == 2
    assert BELL.outcome(P("12,12,12/b,2,3/B")).rule == "TB-4"


def test_TR_1_compulsory_reentry_first_or_the_turn_passes():
    rejects(CHARPENTIER_REENTRY, "b,0,7/0,0,0/W", "7-9", (2, 3), "TR-1")
    assert results(CHARPENTIER_REENTRY, "b,0,7/0,0,0/W", (2, 3)) == {("b-2", "0,2,7/0,0,0/B")}
    assert results(CHARPENTIER_REENTRY, "b,1,9/0,0,0/W", (1, 5)) == set()
    # A hit sends the checker apart, to "b" (not 0) under this option.
    assert ("6-8*", "b,0,0/0,0,8/W") in results(CHARPENTIER_REENTRY, "0,0,8/0,0,6/B", (2, 4))


def test_C_4_doublet_names():
    assert DOUBLET_NAMES == {6: "Sonnés", 5: "Quines", 4: "Carmes", 3: "Ternes", 2: "Double deux",
                             1: "Bezas"}


@pytest.mark.parametrize("text", ["0,0,0/0,0,0/W", "0,0,3/0,0,0/B", "b,0,12/b,b,5/W",
                                  "12,12,12/0,4,11/B"])
def test_notation_round_trips(text):
    assert str(P(text)) == text
    assert P(str(P(text))) == P(text)


def test_notation_start_and_first_move():
    start = CHARPENTIER.start(Side.WHITE)
    assert str(start) == "0,0,0/0,0,0/W"
    assert str(CHARPENTIER.apply(start, Move.parse("0-3"), (4, 3))) == "0,0,3/0,0,0/B"


@pytest.mark.parametrize("bad", ["", "0,0,0/0,0,0", "0,0,0/0,0,0/X", "0,0/0,0,0/W", "3,0,0/0,0,0/W",
                                 "0,0,13/0,0,0/W", "0,4,4/0,0,0/W", "a,0,0/0,0,0/W", "0,0,0,0/0,0,0/W",
                                 "0,0,0/0,0,0/W/", None, "1*3/0,0,0/W"])
def test_bad_notation_is_a_clear_error(bad):
    with pytest.raises(NotationError):
        P(bad)


def test_bad_dice_are_refused():
    for dice in [(0, 3), (7, 1), (1,), (1, 2, 3), "12", (1.0, 2), (True, 2)]:
        with pytest.raises(ValueError):
            CHARPENTIER.legal_moves(CHARPENTIER.start(Side.WHITE), dice)


def test_registry_by_name():
    assert rules_by_name("bell") is BELL
    with pytest.raises(ValueError, match="unknown rules"):
        rules_by_name("chess")


def test_move_notation_round_trips():
    for text in ["0-3", "b-2 2-5", "6-8*", "pass"]:
        assert str(Move.parse(text)) == text


def test_next_steps_offer_only_what_ends_in_a_legal_turn():
    position = P("0,0,0/0,0,0/W")
    # With 5 and 3 from the start, entering on 3 first would block the 5 (TC-4): not offered.
    first = BELL.next_steps(position, (5, 3))
    assert [str(s) for s in first] == ["0-3", "0-5"]
    assert [str(s) for s in BELL.next_steps(position, (5, 3), first[:1])] == ["3-8"]
    assert [str(s) for s in BELL.next_steps(position, (5, 3), first[1:])] == ["0-3", "5-8"]
    done = (first[1], BELL.next_steps(position, (5, 3), first[1:])[0])
    assert BELL.next_steps(position, (5, 3), done) == []
    assert BELL.is_turn_complete(position, (5, 3), done)
    assert not BELL.is_turn_complete(position, (5, 3), first[1:])
    assert str(BELL.play_steps(position, first[1:])) == "0,0,5/0,0,0/W"
