"""A hint: one legal move and what it is worth, the same shape in every game (the table's hints
and `analyze` read it alike)."""
from dataclasses import dataclass

from game.rules import Move
from game.rules.turn import say_as_entered


@dataclass(frozen=True)
class Hint:
    """One legal move and what it is worth to the mover, in every game. win_probability: the
    chance to win the game (the match, in a match); equity: expected points where a game can
    score 2 (a 2-point win counts 2), else None; loss: what it gives up against the best move, in
    the unit the moves are ranked by; win2: the chance to win 2 points where the game's computer
    reckons it, else None."""

    move: Move
    win_probability: float
    equity: float | None
    loss: float
    win2: float | None = None


def hints_as_entered(rules, position, dice, hints, count: int = 8) -> list[str]:
    """The first `count` hints' moves written as the player enters them at the table (issue 31):
    "w-p" where the checker is moved by the sum, its stops only where it must make them. The
    table's chooser prefers the hints' order for a sum that two orders play differently (a hit on
    the way), so the words do too. The hints drawn frame after frame are written once."""
    global _written
    key = (rules, position, tuple(dice), count)
    if _written[0] is not hints or _written[1] != key:
        prefer = tuple(hint.move for hint in hints)
        _written = (hints, key, [say_as_entered(rules, position, tuple(dice), hint.move, prefer)
                                 for hint in list(hints)[:count]])
    return _written[2]


_written: tuple = (None, None, [])      # (hints, their position, their words): the last written
