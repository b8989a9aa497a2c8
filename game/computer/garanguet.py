"""Garanguet's computer, as the computer's registry (game/computer/player.py) finds it: its levels,
player and hints (game/computer/garanguet_player.py), and how its review and the analyze
command weigh a move (game/computer/garanguet_analysis.py: as the master ranks the plays). Loaded only when a Garanguet game asks: its network.
"""
from __future__ import annotations

from game.base.i18n import N_
from game.rules import GARANGUET, Move, Position

from game.computer import garanguet_analysis as ga
from game.computer.garanguet_player import LEVEL_NAMES, LEVELS, Computer, hints  # noqa: F401

# --- the review (game/computer/review.py) -------------------------------------------------------
# Garanguet (issue 22) is not solved: its moves are weighed by the strongest evaluation it has,
# by the chance of winning the match at each game's score (a lone game is a 1-point match).

#: The review's chances are the master's reckoning, not exact: the game is not solved.
EXACT = False


def weigh(rules, position: Position, dice, played: Move, match=None):
    """Each end of the throw (its first play stands for it), the match chance it leaves (the
    game's, a lone game being a 1-point match), and which of them `played` is; None without a
    choice. The master's ranking and figures (garanguet_analysis.ranked_plays), best first: the
    review's best move is the move the master plays and the hints put first."""
    side = position.to_move
    ends, _values, chances, _exact = ga.ranked_plays(position, dice, match or (1, 0, 0))
    if len(ends) < 2:
        return None
    mine = GARANGUET.apply(position, played, dice).checkers(side)
    at = next(i for i, (end, _steps) in enumerate(ends) if end == mine)
    return [Move(steps) for _end, steps in ends], [float(c) for c in chances], at


# --- the analyze command (game/commands/analyze.py) -------------------------------------------

#: The longest match the analysis knows.
MATCH_MAX = ga.MATCH_MAX
#: What the command says of a position or a throw that is not this game's.
WRONG_CHECKERS = N_("--position: a Garanguet position has fifteen checkers a side")
WRONG_DICE = N_("--dice: Garanguet throws three dice (--dice A B C), not {given}")


def analysed_rules(name: str, reentry) -> tuple[str, str | None]:
    """The rule set analysed, and what is wrong with the options: Garanguet has no re-entry."""
    return name, (N_("--reentry: Garanguet has no re-entry") if reentry else None)


def unanalysed(rules, position: Position) -> str | None:
    """Every position of fifteen checkers a side can be reckoned."""
    return None


def analyse(rules, position: Position, dice=None, match=None) -> dict:
    """The analysis as a JSON-ready dict (game/computer/garanguet_analysis.py)."""
    return ga.analyse(position, dice, match)
