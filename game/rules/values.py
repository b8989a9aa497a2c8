"""The plain values every game shares: the sides, the two places off the path (the bar, not yet
entered), the doublets' old names, what a throw announces and how a game ends. No text to read
here: the notation (game/rules/notation.py) writes and reads steps, moves and positions.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from game.base.i18n import N_, verbatim

BAR = -1   # hit and waiting to re-enter ("b"): the bar, compulsory re-entry
OUT = 0    # not entered


class Side(enum.Enum):
    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> "Side":
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def title(self) -> str:
        """The side's name in English ("White"), a message for the catalogue: show it as
        _(side.title)."""
        return N_("White") if self is Side.WHITE else N_("Black")

    def __str__(self) -> str:
        return self.value


#: The doublets' historical names (C-4). They are the games' own vocabulary, announced as the
#: French players announced them, so they read the same in English and in French (as in
#: docs/rules.md): shown verbatim, never translated.
DOUBLET_NAMES = {6: verbatim("Sonnés"), 5: verbatim("Quines"), 4: verbatim("Carmes"),
                 3: verbatim("Ternes"), 2: verbatim("Double deux"), 1: verbatim("Bezas")}


@dataclass(frozen=True)
class Announcement:
    """What is said aloud once the dice lie still: a doublet by its old name (C-4), or, where a
    game says so, a doublet played double or a triplet (its rules' `announcement`)."""

    kind: str                  # "doublet" or "triplet"
    number: int
    name: str                  # the doublet's old name (C-4), "" for a triplet
    rule: str                  # the rule that announces it: C-4, or the game's own
    played_double: bool = False    # a doublet over a lower third, its number played 4 times


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, how many points, and the rule that scores it."""

    winner: Side
    points: int
    rule: str
