"""Keys that name a point, as the board names it: Tourne Case's points by number (1..12, typed as
one or two digits; b for Bell's bar), Garanguet's by letter (a..x, game/geometry/garanguet.py).

A player reading the board types the point they see, not the rank of an option in a list. Pure
bookkeeping (no pygame), so the table scene only feeds it characters and the clock.
"""
from game.geometry import garanguet as gg
from game.rules import rule_set
from game.rules.core import BAR
from game.rules.turn import Chooser
__all__ = ["Chooser", "PointKeys", "location_named", "point_name"]

#: Seconds a typed "1" waits for a second digit when point 10, 11 or 12 could also be meant.
SECOND_DIGIT = 0.7


def lettered(rules) -> bool:
    """Does the rule set's board name its points by letter (RuleSet.lettered)?"""
    return rule_set(rules).lettered


def location_named(rules_name: str, side: str, name: str) -> int | None:
    """The side's location for what the board calls `name` ("7", "12", "b", "k"), or None."""
    name = name.lower()
    if lettered(rules_name):
        if len(name) == 1 and name in gg.LETTERS:
            return gg.location(side, gg.LETTERS.index(name))
        return None
    if name == "b":
        return BAR
    if name.isdigit() and 1 <= int(name) <= 12 and not name.startswith("0"):
        return int(name)
    return None


def point_name(rules_name: str, side: str, location: int) -> str | None:
    """What the board calls a side's location, as it is typed; None where no key names it
    (a checker not yet entered, a bear-off tray)."""
    if lettered(rules_name):
        return gg.LETTERS[gg.letter(side, location)] if 1 <= location <= 24 else None
    if location == BAR:
        return "b"
    return str(location) if 1 <= location <= 12 else None


class PointKeys:
    """Characters typed at the table become a point: at once when nothing longer could be meant,
    else when a second digit comes, or after SECOND_DIGIT seconds, or on Enter."""

    def __init__(self, rules_name: str):
        self.rules_name = rules_name
        self.typed = ""
        self.left = 0.0

    def type(self, char: str, side: str, wanted) -> int | None:
        """Add a typed character; the location meant, if it is now known. `wanted`: the
        locations that may be chosen now (a longer name is waited for only if it is one)."""
        typed = self.typed + char
        if location_named(self.rules_name, side, typed) is None and not self._longer(typed, side, wanted):
            typed = char                                   # a fresh start
        self.typed = typed
        if self._longer(typed, side, wanted):
            self.left = SECOND_DIGIT
            return None
        return self.take(side)

    def _longer(self, typed: str, side: str, wanted) -> bool:
        return any((name := point_name(self.rules_name, side, loc)) and len(name) > len(typed)
                   and name.startswith(typed) for loc in wanted)

    def tick(self, dt: float, side: str) -> int | None:
        """Time passes: a digit waiting for a second one is taken as it is."""
        if not self.typed:
            return None
        self.left -= dt
        return self.take(side) if self.left <= 0 else None

    def take(self, side: str) -> int | None:
        """What has been typed, taken now (Enter, or time up); None if it names no point."""
        typed, self.typed = self.typed, ""
        return location_named(self.rules_name, side, typed) if typed else None
