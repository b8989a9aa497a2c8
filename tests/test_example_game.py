"""The whole example game of Charpentier's 1699 rules, replayed (docs/rules.md, "The example
game of 1699").

Its prose is authoritative (docs/rules.md, "How this edition reads the sources"): every move it
makes is legal and gives the next diagram's position, every move it calls impossible is
rejected, the Quines turn passes, the 4-and-2 hit sends the white checker back, and Black's
5-and-4 wins the game.
"""
import pytest

from game.rules import CHARPENTIER, IllegalMoveError, Move, Position, Side

# (dice, move played, position after, moves the text says cannot be played)
OPENING = [
    ((4, 3), "0-3", "0,0,3/0,0,0/B", ["0-4"]),          # "must not play the 4"
    ((1, 1), "0-1", "0,0,3/0,0,1/W", ["0-1 1-2"]),      # Bezas: "must not play the second ace"
    # "the rule forbids them from playing the 5"; entering on 1 faces Black's checker there,
    # which the next diagram shows sent back off the board (TC-6).
    ((5, 1), "0-1*", "0,1,3/0,0,0/B", ["0-5"]),
    ((6, 6), "0-6", "0,1,3/0,0,6/W", []),               # Sonnés: a checker onto the sixth point
    ((3, 2), "3-5", "0,1,5/0,0,6/B", ["0-2", "1-3"]),   # entering blocked by point 1; 3 occupied
    ((6, 6), "6-12", "0,1,5/0,0,12/W", ["0-6"]),        # sixth point occupied: 6 to 12
]
# "... and so on until the end of the game":
ENDING_START = "3,8,12/6,12,12/W"
ENDING = [
    ((5, 5), "pass", "3,8,12/6,12,12/B", ["3-8", "8-13"]),  # Quines: forced to pass
    ((4, 2), "6-8*", "0,3,12/8,12,12/W", []),                 # the hit sends White's 8 off
    ((5, 2), "0-2", "2,3,12/8,12,12/B", []),
    ((5, 4), "8-12", "2,3,12/12,12,12/W", []),                # Black wins
]


def replay(start, turns):
    position = start
    for dice, move, after, impossible in turns:
        for bad in impossible:
            with pytest.raises(IllegalMoveError):
                CHARPENTIER.apply(position, Move.parse(bad), dice)
        legal = CHARPENTIER.legal_moves(position, dice)
        played = Move.parse(move)
        assert any(m.same_play(played) for m in legal) or (not legal and not played.steps)
        position = CHARPENTIER.apply(position, played, dice)
        assert str(position) == after
    return position


def test_opening_of_the_example_game():
    replay(CHARPENTIER.start(Side.WHITE), OPENING)


def test_white_has_a_choice_with_5_and_ace():
    position = Position.parse("0,0,3/0,0,1/W")
    assert {str(m) for m in CHARPENTIER.legal_moves(position, (5, 1))} == {"0-1*", "3-4"}


def test_forced_moves_of_the_opening():
    assert [str(m) for m in CHARPENTIER.legal_moves(Position.parse("0,1,3/0,0,6/W"), (3, 2))] == ["3-5"]
    assert [str(m) for m in CHARPENTIER.legal_moves(Position.parse("0,1,5/0,0,6/B"), (6, 6))] == ["6-12"]


def test_quines_pass_hit_and_black_wins():
    position = replay(Position.parse(ENDING_START), ENDING[:1])
    assert CHARPENTIER.legal_moves(Position.parse(ENDING_START), (5, 5)) == []
    position = replay(position, ENDING[1:2])
    assert position.white.count(0) == 1                     # the white checker starts over
    final = replay(position, ENDING[2:])
    outcome = CHARPENTIER.outcome(final)
    assert (outcome.winner, outcome.points) == (Side.BLACK, 1)


def test_impossible_moves_say_why():
    for text, move, dice, rule in [("0,1,3/0,0,6/W", "0-2", (3, 2), "TC-4"),
                                   ("0,1,3/0,0,6/W", "1-3", (3, 2), "TC-3"),
                                   ("0,1,5/0,0,6/B", "0-6", (6, 6), "TC-3"),
                                   ("3,8,12/6,12,12/W", "3-8", (5, 5), "TC-3"),
                                   ("3,8,12/6,12,12/W", "8-13", (5, 5), "TC-5"),
                                   ("0,0,0/0,0,0/W", "0-4", (4, 3), "TC-1")]:
        with pytest.raises(IllegalMoveError, match=rf"^{move}: .*\({rule}\)$"):
            CHARPENTIER.apply(Position.parse(text), Move.parse(move), dice)
