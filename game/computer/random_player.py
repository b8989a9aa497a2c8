"""Any legal play, uniformly at random: the yardstick the levels are measured against, and the
computer of a rule set that has no computer of its own yet (a variant a program defines). It
knows no game: it asks the rules for the plays."""
from __future__ import annotations

import random

from game.base.i18n import N_
from game.rules import Move, Position

LEVELS = [("random", N_("Plays any legal move, at random."))]
LEVEL_NAMES = [name for name, _ in LEVELS]


def random_move(rules, position: Position, dice, rng: random.Random) -> Move:
    """Any legal move, uniformly (a yardstick for benchmarks, never a level of its own)."""
    moves = rules.legal_moves(position, dice)
    return rng.choice(moves) if moves else Move(())


class Computer:
    """A computer player that plays at random, with the players' interface."""

    def __init__(self, rules, level_name: str = "random", rng: random.Random | None = None):
        self.rules, self.level, self.rng = rules, level_name, rng or random.Random(0)

    def prepare(self, match=None) -> None:
        pass

    def ready(self) -> bool:
        return True

    def choose(self, position: Position, dice, match=None) -> Move:
        return random_move(self.rules, position, dice, self.rng)


def hints(rules, position: Position, dice, match=None) -> list:
    """No worth to give: no hints."""
    return []
