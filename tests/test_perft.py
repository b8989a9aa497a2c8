"""Pinned counts of legal turns (in the spirit of chess "perft"), checked against a brute force.

perft(position, depth): the number of move sequences over every one of the 21 distinct throws
(a pass counts as one), to `depth` turns. A change in move generation changes these numbers.
"""
import random

import pytest

from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, Position, Side

THROWS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def perft(rules, position, depth):
    if depth == 0 or rules.outcome(position):
        return 1
    total = 0
    for dice in THROWS:
        moves = rules.legal_moves(position, dice)
        if not moves:
            total += perft(rules, position.passed(), depth - 1)
        for move in moves:
            total += perft(rules, rules.apply(position, move), depth - 1)
    return total


# position: {rules name: (perft 1, perft 2)}
PINNED = {
    "0,0,0/0,0,0/W": {"charpentier": (21, 441), "charpentier-reentry": (21, 441), "bell": (36, 1491)},
    "0,1,3/0,0,1/B": {"charpentier": (21, 537), "charpentier-reentry": (21, 537), "bell": (41, 1491)},
    "0,3,12/8,12,12/W": {"charpentier": (32, 672), "charpentier-reentry": (32, 672), "bell": (49, 1223)},
    "3,8,12/6,12,12/W": {"charpentier": (39, 819), "charpentier-reentry": (39, 819), "bell": (37, 1163)},
    "2,5,9/1,4,11/W": {"charpentier": (47, 1701), "charpentier-reentry": (47, 1616), "bell": (51, 2062)},
    "b,0,7/b,5,10/B": {"charpentier-reentry": (21, 441), "bell": (35, 1823)},
    "b,b,3/0,2,12/W": {"charpentier-reentry": (21, 537), "bell": (21, 963)},
}
BY_NAME = {r.name: r for r in (CHARPENTIER, CHARPENTIER_REENTRY, BELL)}


@pytest.mark.parametrize("text", PINNED)
def test_pinned_perft(text):
    for name, expected in PINNED[text].items():
        position = Position.parse(text)
        assert (perft(BY_NAME[name], position, 1), perft(BY_NAME[name], position, 2)) == expected, name


# --- an independent brute force, written from docs/rules.md without the engine's code ----------------

def brute_force(name, own, opp, dice):
    """Every position after a legal turn, by trying every order of every number on every checker."""
    numbers = [min(dice)] if name.startswith("charpentier") else sorted(set(dice))
    waits_apart = name != "charpentier"

    def one(board_own, board_opp, index, n):
        me = list(board_own)
        here = me[index]
        if -1 in me and here != -1 and waits_apart:
            return None
        if here == 12:
            return None
        start = 0 if here <= 0 else here
        to = start + n
        if to > 12 or any(start < x < to for x in me) or (to < 12 and to in me):
            return None
        me[index] = to
        them = list(board_opp)
        if to < 12 and to in them:
            them[them.index(to)] = -1 if waits_apart else 0
        return tuple(sorted(me)), tuple(sorted(them))

    finals = {}   # position -> numbers played
    def walk(board, left, played):
        moved = False
        for i, n in enumerate(left):
            for index in range(3):
                nxt = one(board[0], board[1], index, n)
                if nxt:
                    moved = True
                    walk(nxt, left[:i] + left[i + 1:], played + 1)
        if not moved:
            finals[board] = max(finals.get(board, 0), played)

    walk((tuple(own), tuple(opp)), numbers, 0)
    most = max(finals.values())
    return {b for b, played in finals.items() if played == most and played > 0}


def random_side(rng, with_bar):
    places = [-1, 0, 12] if with_bar else [0, 12]
    while True:
        side = sorted(rng.choice(places + list(range(1, 12))) for _ in range(3))
        points = [x for x in side if 1 <= x <= 11]
        if len(points) == len(set(points)):
            return tuple(side)


@pytest.mark.parametrize("name", ["charpentier", "charpentier-reentry", "bell"])
def test_engine_agrees_with_brute_force(name):
    rules, rng = BY_NAME[name], random.Random(2026)
    for _ in range(300):
        white, black = random_side(rng, name != "charpentier"), random_side(rng, name != "charpentier")
        position = Position(white, black, Side.WHITE)
        if rules.outcome(position):
            continue
        for dice in THROWS:
            engine = {(p.white, p.black) for p in (rules.apply(position, m) for m in rules.legal_moves(position, dice))}
            assert engine == brute_force(name, white, black, dice), (str(position), dice)
