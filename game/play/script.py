"""A tutorial's script as data (game/play/tutorial.py plays it): its parts (a starting position
and the turns played from it, each with its dice, its move in the engine's notation and its
explanation), and the pages shown before, in between and after. Each game's tutorial is a
Script in its own module. Every word is an English message marked with N_, translated where
it is shown (game/base/i18n.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import Side

@dataclass(frozen=True)
class Page:
    """An explanation shown between turns, read before going on."""

    title: str                 # English messages, marked with N_
    body: str


@dataclass(frozen=True)
class Turn:
    """One turn of the script: who plays it, the dice, the move (engine notation; "pass")."""

    side: Side
    dice: tuple[int, ...]
    move: str
    says: str                  # the turn explained, its rules named (N_)
    play: str = ""             # the player's move in words, for a hint or a move off the script (N_)
    impossible: tuple[str, ...] = ()    # moves the explanation calls impossible (checked by the tests)


@dataclass(frozen=True)
class Part:
    """A stretch of play from a set position. `before` pages are read on the board as it was
    left, `after` pages on this part's starting position."""

    start: str
    turns: tuple[Turn, ...]
    before: tuple[Page, ...] = ()
    after: tuple[Page, ...] = ()


@dataclass(frozen=True)
class Script:
    game: str                  # the rule set's family, RuleSet.game (what the title menu asks for)
    rules: str                 # the rule set's name
    title: str
    you: Side
    opening: tuple[Page, ...]
    parts: tuple[Part, ...]
    closing: tuple[Page, ...]
    throw_hint: str            # the player's throw, said before each of the player's turns
    off_script: str            # a legal move that is not the script's, with {play}
    hint: str                  # the H key: the script's move, with {play}
    their_throw: str = ""      # said while the computer throws and plays its side
    source: dict = field(default_factory=dict)
