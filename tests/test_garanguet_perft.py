"""Garanguet: pinned counts of legal turns (in the spirit of chess "perft"), checked against an
independent brute force written from docs/rules.md (G-2..G-9) without the engine's code."""
import itertools
import random

import pytest

from game.rules import GARANGUET, Illegal, Position, Rules, Side

THROWS = list(itertools.combinations_with_replacement(range(1, 7), 3))   # the 56 distinct throws


def turns(position, dice):
    """The distinct positions after the legal turns of a throw, by the engine."""
    return {GARANGUET.apply(position, m, dice) for m in GARANGUET.legal_moves(position, dice)}


# --- the brute force -------------------------------------------------------------------------------

def throw_numbers(dice):
    low, middle, high = sorted(dice)
    if low == high:
        return [low] * 6
    if middle == high:
        return [low] + [high] * 4
    return [low, middle, high]


def brute_force(position, dice):
    """Every position after a legal turn: every number tried on every checker in every order
    (states met twice are not walked twice), then the most numbers, then the highest (G-7)."""
    side = position.to_move
    held = {25 - x for x in position.checkers(side.other) if x <= 24}

    def step(own, origin, n):
        board = [x for x in own if x <= 24]
        to = origin + n
        if to <= 24:
            return None if to in held else to
        if min(board) < 19:
            return None                       # not all fifteen in the last quadrant
        if to == 25:
            return 25
        if origin != min(board):
            return None                       # only the furthest from the rim may pass it...
        if any(x + n == 25 or (x + n < 25 and x + n not in held) for x in board):
            return None                       # ...and only when no checker can play n inside or exactly
        return 25

    finals = {}
    seen = set()

    def walk(own, left, played):
        if (own, left) in seen:
            return
        seen.add((own, left))
        moved = False
        for i, n in enumerate(left):
            for origin in set(own) - {25}:
                to = step(own, origin, n)
                if to is not None:
                    moved = True
                    after = list(own)
                    after.remove(origin)
                    walk(tuple(sorted(after + [to])), left[:i] + left[i + 1:], played + (n,))
        if not moved and played:
            rank = (len(played), sorted(played, reverse=True))
            finals[own] = max(finals.get(own, rank), rank)

    walk(position.checkers(side), tuple(throw_numbers(dice)), ())
    if not finals:
        return set()
    best = max(finals.values())
    return {position.with_checkers(side, own, position.checkers(side.other)).passed()
            for own, rank in finals.items() if rank == best}


# --- pinned counts ---------------------------------------------------------------------------------

MIDGAME = "1*2,3,7*2,8,10,12,13*2,15,18,21*2,23/1*3,6*2,8*2,9*2,14*2,19*2,20*2/W"
ENTERING = "6*4,7,8*2,9,12,17,19,22*2,23*2/1,4,7*2,9*2,10,11*3,14*2,15*2,21/B"
EXAMPLE = "18,20,21,23,24*11/10*15/W"
BEARING_OFF = "19*3,20*2,21*3,22*2,23*2,24*3/10*15/W"

# position: {throw: count of distinct legal turns}, and "all": the sum over the 56 throws
PINNED = {
    "1*15/1*15/W": {(1, 2, 3): 5, (2, 2, 5): 4, (5, 5, 2): 12, (4, 4, 4): 10, "all": 386},
    MIDGAME: {(1, 2, 3): 298, (2, 2, 5): 202, (5, 5, 2): 546, (4, 4, 4): 1, "all": 13327},
    ENTERING: {(1, 2, 3): 118, (2, 2, 5): 43, (5, 5, 2): 106, (4, 4, 4): 12, "all": 5560},
    EXAMPLE: {(1, 2, 3): 18, (2, 2, 5): 5, (5, 5, 2): 2, (4, 4, 4): 1, "all": 415},
    BEARING_OFF: {(1, 2, 3): 76, (2, 2, 5): 29, (5, 5, 2): 8, (4, 4, 4): 6, "all": 1984},
}


@pytest.mark.parametrize("text", PINNED)
def test_pinned_counts(text):
    position = Position.parse(text)
    found = {dice: len(GARANGUET.legal_moves(position, dice)) for dice in PINNED[text] if dice != "all"}
    found["all"] = sum(len(GARANGUET.legal_moves(position, dice)) for dice in THROWS)
    assert found == PINNED[text]


@pytest.mark.parametrize("text", PINNED)
def test_pinned_positions_agree_with_brute_force(text):
    position = Position.parse(text)
    for dice in THROWS:
        assert turns(position, dice) == brute_force(position, dice), dice


def random_position(rng):
    """A position with the checkers strewn (in one of three phases of a game), no point shared."""
    phase = rng.choice(["anywhere", "entering", "bearing off"])
    low = {"anywhere": 1, "entering": 13, "bearing off": 19}[phase]
    mover = sorted(rng.choice(range(low, 26 if phase == "bearing off" else 25)) for _ in range(15))
    mover[rng.randrange(15)] = rng.randint(low, 24)        # at least one on the board
    mover.sort()
    held = {25 - x for x in mover if x <= 24}
    other = sorted(rng.choice([x for x in range(1, 25) if x not in held]) for _ in range(15))
    side = rng.choice(list(Side))
    white, black = (mover, other) if side is Side.WHITE else (other, mover)
    return Position(tuple(white), tuple(black), side)


def test_random_positions_agree_with_brute_force():
    rng = random.Random(1818)
    for _ in range(40):
        position = random_position(rng)
        assert Position.parse(str(position)) == position
        for dice in rng.sample(THROWS, 5):
            assert turns(position, dice) == brute_force(position, dice), (str(position), dice)


class CoreSearch(type(GARANGUET)):
    """Garanguet with the core's own turn search: every step asked of `try_step` (its refusal
    built, then dropped), every turn walked step by step, every move applied step by step."""

    _quick_step = Rules._quick_step
    _terminals = Rules._terminals
    apply = Rules.apply


def test_the_fast_turn_search_is_the_cores_step_for_step():
    # Garanguet's own search (the bear-off walk, the steps written in, a move of `plays` found
    # among the turns it remembers) finds what the core's finds: the same ends by the same
    # steps in the same order, the same plays, the same positions after them.
    rng = random.Random(1866)
    core = CoreSearch()
    for _ in range(30):
        position = random_position(rng)
        side = position.to_move
        own, opp = position.checkers(side), position.checkers(side.other)
        for origin in (0, *range(1, 26)):
            for number in range(1, 7):
                refused = isinstance(GARANGUET.try_step(own, opp, origin, number), Illegal)
                quick = GARANGUET._quick_step(own, opp, origin, number)
                assert quick == (None if refused else GARANGUET.try_step(own, opp, origin, number))
        for dice in rng.sample(THROWS, 4):
            numbers = GARANGUET.numbers(dice)
            fast = GARANGUET._terminals(own, opp, numbers)
            if sum(19 - x for x in own if x < 19) < sum(numbers):       # it may bear off
                assert list(fast.items()) == list(core._terminals(own, opp, numbers).items())
            plays = GARANGUET.plays(position, dice)
            assert [GARANGUET.apply(position, move, dice) for move, _ in plays] == [after for _, after in plays]
            for move, after in rng.sample(plays, min(3, len(plays))):
                assert core.apply(position, move, dice) == after
