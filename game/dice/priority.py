"""The priority throw (C-1): each side throws one die, a tie is thrown again, the higher starts."""
from dataclasses import dataclass

from game.dice.physics import DEFAULT, Attempt, Physics, toss


@dataclass(frozen=True)
class PriorityRound:
    """One round of the priority throw: White's die (thrown from the top) and Black's (from the bottom)."""
    white: int
    black: int
    attempts: tuple[Attempt, ...]   # the last is valid; die 0 is White's, die 1 Black's

    @property
    def winner(self) -> str | None:
        """"W" or "B", or None for a tie (thrown again)."""
        if self.white == self.black:
            return None
        return "W" if self.white > self.black else "B"


def priority_rounds(throw_priority, rng, checkers=(), physics: Physics = DEFAULT) -> list[PriorityRound]:
    """Rounds of the priority throw until one side is higher; the last round names the winner.

    throw_priority: a callable giving the faces (white_die, black_die) of a round from the caller's
    seeded generator (e.g. `Session.throw_priority`, which keeps PRIORITY on a tie). rng: the
    physics generator. Both dice fly at once, each from its thrower's side.
    """
    rounds = []
    while not rounds or rounds[-1].winner is None:
        white, black = throw_priority()
        attempts = toss((white, black), rng, checkers, thrower=("W", "B"), physics=physics)
        rounds.append(PriorityRound(white, black, tuple(attempts)))
    return rounds
