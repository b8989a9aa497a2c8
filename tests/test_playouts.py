"""Property tests over seeded random playouts of whole Tourne Case games, every preset."""
import random

from hypothesis import given, settings, strategies as st

from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, HOME, Position, Side

MAX_TURNS = 20_000   # random games last about 50 turns, rarely 150: this only catches one that never ends


def playout(rules, seed):
    """Play a random game; check the invariants after every turn; return the last position."""
    rng = random.Random(seed)
    position = rules.start(rng.choice(list(Side)))
    for _ in range(MAX_TURNS):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        moves = rules.legal_moves(position, dice)
        before = position
        position = rules.apply(position, rng.choice(moves), dice) if moves else position.passed()
        check_invariants(rules, before, position)
        if rules.outcome(position):
            return position
    raise AssertionError(f"game not over after {MAX_TURNS} turns (seed {seed})")


def check_invariants(rules, before, after):
    assert after.to_move is before.to_move.other
    assert Position.parse(str(after)) == after
    for side in Side:
        checkers = after.checkers(side)
        assert len(checkers) == 3                                   # checkers are conserved
        on_points = [x for x in checkers if 1 <= x <= 11]
        assert len(on_points) == len(set(on_points))                # TC-3
        assert all(-1 <= x <= HOME for x in checkers)
        if rules is CHARPENTIER:
            assert -1 not in checkers                               # no "b" without the option
        # checkers on the home point never leave it (TC-6)
        assert checkers.count(HOME) >= before.checkers(side).count(HOME)
    mover = before.to_move
    assert after.checkers(mover.other).count(0) + after.checkers(mover.other).count(-1) >= \
        before.checkers(mover.other).count(0) + before.checkers(mover.other).count(-1)


def check_winner(rules, position):
    outcome = rules.outcome(position)
    assert all(x == HOME for x in position.checkers(outcome.winner))
    assert not all(x == HOME for x in position.checkers(outcome.winner.other))
    assert outcome.winner is position.to_move.other                 # the side that just moved
    loser = position.checkers(outcome.winner.other)
    if rules is BELL:
        assert outcome.points == (1 if all(x >= 1 for x in loser) else 2)
    else:
        assert outcome.points == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_charpentier_playouts(seed):
    check_winner(CHARPENTIER, playout(CHARPENTIER, seed))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_compulsory_reentry_playouts(seed):
    check_winner(CHARPENTIER_REENTRY, playout(CHARPENTIER_REENTRY, seed))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_bell_playouts(seed):
    check_winner(BELL, playout(BELL, seed))
