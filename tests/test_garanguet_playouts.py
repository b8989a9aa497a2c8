"""Property tests over seeded random playouts of whole Garanguet games."""
import random

from hypothesis import given, settings, strategies as st

from game.rules import GARANGUET, OFF, Move, Position, Side

MAX_TURNS = 2_000   # random games last about 60 turns: this only catches one that never ends


def playout(seed):
    """Play a random game; check the invariants after every turn; return the last position."""
    rng = random.Random(seed)
    position = GARANGUET.start(rng.choice(list(Side)))
    for _ in range(MAX_TURNS):
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        moves = GARANGUET.legal_moves(position, dice)
        move = rng.choice(moves) if moves else Move(())
        before, position = position, GARANGUET.apply(position, move, dice)
        check_turn(before, move, position)
        if GARANGUET.outcome(position):
            return position
    raise AssertionError(f"game not over after {MAX_TURNS} turns (seed {seed})")


def check_turn(before, move, after):
    mover = before.to_move
    assert after.to_move is mover.other
    assert Position.parse(str(after)) == after
    for side in Side:
        assert len(after.checkers(side)) == 15                              # checkers are conserved
        assert all(1 <= x <= OFF for x in after.checkers(side))
    white = {x for x in after.white if x < OFF}
    assert not any(OFF - x in white for x in after.black if x < OFF)        # G-3: never both colours
    assert after.checkers(mover.other) == before.checkers(mover.other)      # no hitting
    # the mover's checkers only go forward: its sorted tuple rises point by point
    assert all(b <= a for b, a in zip(before.checkers(mover), after.checkers(mover)))
    during = before
    for step in move.steps:                                                 # G-9, step by step
        if step.destination == OFF:
            assert min(during.checkers(mover)) >= 19
        during = GARANGUET.play_steps(during, (step,))
    # a played turn is reproduced step by step on the board without the dice
    assert GARANGUET.apply(before, move) == after


def check_winner(position):
    outcome = GARANGUET.outcome(position)
    winner, loser = position.checkers(outcome.winner), position.checkers(outcome.winner.other)
    assert winner == (OFF,) * 15
    assert loser != (OFF,) * 15
    assert outcome.winner is position.to_move.other                          # the side that just moved
    assert outcome.points == (1 if OFF in loser else 2)                      # G-10
    assert outcome.rule == "G-10"


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_garanguet_playouts(seed):
    check_winner(playout(seed))


def test_playouts_reach_both_scores():
    """Random games end with 1 point and with 2: both branches of G-10 are met."""
    points = {GARANGUET.outcome(playout(seed)).points for seed in range(12)}
    assert points == {1, 2}
