"""The rules engine shared by every game: pure values in, values out; the dice are arguments.

    from game.rules import CHARPENTIER, Position
    p = CHARPENTIER.start(Side.WHITE)              # 0,0,0/0,0,0/W
    moves = CHARPENTIER.legal_moves(p, (4, 3))     # only the lower die: [Move.parse('0-3')]
    p = CHARPENTIER.apply(p, moves[0], (4, 3))     # 0,0,3/0,0,0/B

The registry below is the one place that says which rule sets exist, what each is called, how
its positions are written and what a game scores; the command line, the saves, the screens and
the computer all read it.
"""
from dataclasses import dataclass

from game.i18n import verbatim

from .core import (BAR, OUT, Illegal, IllegalMoveError, Move, NotationError, Outcome, Position,
                   Rules, Side, Step)
from .garanguet import GARANGUET
from .titles import RULE_TITLES, rule_title
from .tourne_case import BELL, CHARPENTIER, CHARPENTIER_REENTRY, HOME

#: The doublets' historical names (C-4). They are the games' own vocabulary, announced as the
#: French players announced them, so they read the same in English and in French (as in
#: docs/rules.md): shown verbatim, never translated.
DOUBLET_NAMES = {6: verbatim("Sonnés"), 5: verbatim("Quines"), 4: verbatim("Carmes"),
                 3: verbatim("Ternes"), 2: verbatim("Double deux"), 1: verbatim("Bezas")}

#: The lengths a match may be played to (C-6).
MATCH_LENGTHS = (1, 3, 5, 7, 9, 11, 15, 21)

TOURNE_CASE_NOTATION = "WHITE/BLACK/SIDE, three locations a side: b, 0, 1..11, 12 (home)"
GARANGUET_NOTATION = "WHITE/BLACK/SIDE, fifteen locations a side: 1..24, off; a run as loc*count"


@dataclass(frozen=True)
class RuleSet:
    """One playable rule set: the engine, the game it belongs to, and the facts every screen,
    save and command quotes about it."""

    rules: Rules
    game: str               # "tourne-case" or "garanguet": which board shows it
    notation: str           # how a position is written (README, "Position notation")
    max_points: int         # what a game can score: 1, or 2 for a win the loser was far from
    scoring_rule: str       # the rule that scores a game

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        """The rule set's name, in English for the catalogue: show it as _(rule_set.title)."""
        return self.rules.title


RULE_SETS: dict[str, RuleSet] = {s.name: s for s in (
    RuleSet(CHARPENTIER, "tourne-case", TOURNE_CASE_NOTATION, 1, "TC-9"),
    RuleSet(CHARPENTIER_REENTRY, "tourne-case", TOURNE_CASE_NOTATION, 1, "TC-9"),
    RuleSet(BELL, "tourne-case", TOURNE_CASE_NOTATION, 2, "TB-4"),
    RuleSet(GARANGUET, "garanguet", GARANGUET_NOTATION, 2, "G-10"),
)}
RULES: dict[str, Rules] = {name: s.rules for name, s in RULE_SETS.items()}
RULE_NAMES = tuple(RULE_SETS)
TOURNE_CASE = tuple(name for name, s in RULE_SETS.items() if s.game == "tourne-case")


def aways(side: Side, match) -> tuple[int, int] | None:
    """The points `side` and its opponent still need in a match given as (length, white's
    score, black's score) (C-6); None outside a match, or once it is won."""
    if match is None:
        return None
    length, white, black = match
    mine, theirs = (white, black) if side is Side.WHITE else (black, white)
    if length - mine <= 0 or length - theirs <= 0:
        return None
    return length - mine, length - theirs


def rules_by_name(name: str) -> Rules:
    """The rules for a name ("charpentier", "charpentier-reentry", "bell", "garanguet")."""
    return rule_set(name).rules


def rule_set(name: str) -> RuleSet:
    """The registry's entry for a name; ValueError naming the choices for any other."""
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(RULE_SETS)}") from None


__all__ = ["BAR", "OUT", "HOME", "Illegal", "IllegalMoveError", "Move", "NotationError", "Outcome",
           "Position", "Rules", "Side", "Step", "CHARPENTIER", "CHARPENTIER_REENTRY", "BELL",
           "GARANGUET", "RULES", "RULE_SETS", "RULE_NAMES", "RuleSet", "TOURNE_CASE",
           "MATCH_LENGTHS", "DOUBLET_NAMES", "RULE_TITLES", "aways", "rule_title", "rules_by_name",
           "rule_set"]
