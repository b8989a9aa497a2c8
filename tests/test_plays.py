"""`Rules.plays`: every legal play with the position it leads to, from the turn search itself -
the same plays as `legal_moves`, in the same order, each leading where `apply` says it does;
and the Garanguet engine's remembered turns are its own on each thread."""
import random
import threading

import pytest

from game.rules import GARANGUET, RULE_SETS, Side


def positions(rules, seed: int, turns: int = 60):
    """(position, dice) along a random game."""
    rng = random.Random(seed)
    position = rules.start(rng.choice(list(Side)))
    for _ in range(turns):
        dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
        yield position, dice
        moves = rules.legal_moves(position, dice)
        position = rules.apply(position, rng.choice(moves), dice) if moves else position.passed()
        if rules.outcome(position):
            return


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_each_play_leads_where_apply_says_in_the_order_of_legal_moves(name):
    rules = RULE_SETS[name].rules
    seen = 0
    for seed in range(4):
        for position, dice in positions(rules, seed):
            plays = rules.plays(position, dice)
            assert [m for m, _ in plays] == rules.legal_moves(position, dice)
            for move, after in plays:
                assert after == rules.apply(position, move, dice) and after.to_move is position.to_move.other
            seen += len(plays)
    assert seen > 50


def test_garanguet_turns_found_on_two_threads_at_once_are_each_their_own():
    cases = [case for seed in range(3) for case in positions(GARANGUET, seed, 30)]
    expected = [GARANGUET.plays(p, d) for p, d in cases]
    found: dict[int, list] = {}

    def work(k):
        found[k] = [GARANGUET.plays(p, d) for p, d in (cases if k % 2 else reversed(cases))]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, plays in found.items():
        assert plays == (expected if k % 2 else expected[::-1])
