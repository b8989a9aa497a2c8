"""A hint: one legal move and what it is worth, the same shape in every game (the table's hints
and `analyze` read it alike)."""
from dataclasses import dataclass

from game.rules import Move


@dataclass(frozen=True)
class Hint:
    """One legal move and what it is worth to the mover, in every game. win_probability: the
    chance to win the game (the match, in a match); equity: expected points (Bell, Garanguet: a
    2-point win counts 2), else None; loss: what it gives up against the best move, in the unit
    the moves are ranked by; win2: the chance to win 2 points (Garanguet), else None."""

    move: Move
    win_probability: float
    equity: float | None
    loss: float
    win2: float | None = None
