"""What a game shows of itself in the menus (game/scenes/games.py reads it): its entry (name, a
line about it, where each side starts, its tutorial's button) and the options a preset of it
offers. Each game's own are in its module (game/scenes/tourne_case.py, game/scenes/garanguet.py).
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    """A game as the menus show it: `key` is its rule sets' `RuleSet.game`."""

    key: str
    title: str                  # never translated: the game's own name
    note: str                   # one line about it, on the new-match form
    sides: tuple                # ((side, where it starts), ...) as the form offers them; the
                                # side as the settings write it, "W" or "B": the form is remembered
    tutorial: str               # the title's button for its tutorial


@dataclass(frozen=True)
class Option:
    """A rule set the form offers as an option of a preset, on a row of its own."""

    preset: str                 # the preset's name
    rules: str                  # the rule set the preset becomes with the option
    label: str                  # the form's row: what the option does, in words a newcomer reads
    note: str                   # the form's footnote on that row, with the rule's number
    short: str                  # the rule set's name where room is short (statistics)
