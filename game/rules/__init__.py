"""The rules engine shared by every game: pure values in, values out; the dice are arguments.

    from game.rules import CHARPENTIER, Position
    p = CHARPENTIER.start(Side.WHITE)              # 0,0,0/0,0,0/W
    moves = CHARPENTIER.legal_moves(p, (4, 3))     # only the lower die: [Move.parse('0-3')]
    p = CHARPENTIER.apply(p, moves[0], (4, 3))     # 0,0,3/0,0,0/B
"""
from .core import (BAR, OUT, IllegalMoveError, Move, NotationError, Outcome, Position, Rules,
                   Side, Step)
from .tourne_case import BELL, CHARPENTIER, CHARPENTIER_REENTRY, HOME

RULES: dict[str, Rules] = {r.name: r for r in (CHARPENTIER, CHARPENTIER_REENTRY, BELL)}

try:  # Garanguet joins the registry when its module is present.
    from .garanguet import GARANGUET
    RULES[GARANGUET.name] = GARANGUET
except ImportError:  # pragma: no cover - only while Garanguet is being written
    GARANGUET = None

DOUBLET_NAMES = {6: "Sonnés", 5: "Quines", 4: "Carmes", 3: "Ternes", 2: "Double deux", 1: "Bezas"}


def rules_by_name(name: str) -> Rules:
    """The rules for a name ("charpentier", "charpentier-reentry", "bell", "garanguet")."""
    try:
        return RULES[name]
    except KeyError:
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(RULES)}") from None


__all__ = ["BAR", "OUT", "HOME", "IllegalMoveError", "Move", "NotationError", "Outcome",
           "Position", "Rules", "Side", "Step", "CHARPENTIER", "CHARPENTIER_REENTRY", "BELL",
           "GARANGUET", "RULES", "DOUBLET_NAMES", "rules_by_name"]
