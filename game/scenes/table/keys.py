"""Keys that name a point, as the board names it: by number (1..12, typed as one or two digits; b
for a bar; 0 for a checker not yet entered, where the notation writes it so: "0-3") or by letter
(a..x). The rule set names and reads the points (Rules.point_name, Rules.point_at); this only
times the typing.

A player reading the board types the point they see, not the rank of an option in a list. Pure
bookkeeping (no pygame), so the table's input only feeds it characters and the clock.
"""
from game.rules import OUT, Rules, Side

#: Seconds a typed "1" waits for a second digit when point 10, 11 or 12 could also be meant.
SECOND_DIGIT = 0.7


def typed_name(rules: Rules, side: Side, location: int) -> str | None:
    """What is typed for a side's location: the board's name of it, where that names a point
    (not a checker yet to enter, nor a tray)."""
    name = rules.point_name(side, location)
    return name if rules.point_at(side, name) == location else None


class PointKeys:
    """Characters typed at the table become a point: at once when nothing longer could be meant,
    else when a second digit comes, or after SECOND_DIGIT seconds, or on Enter."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.typed = ""
        self.left = 0.0

    def type(self, char: str, side: Side, wanted) -> int | None:
        """Add a typed character; the location meant, if it is now known. `wanted`: the
        locations that may be chosen now (a longer name is waited for only if it is one)."""
        typed = self.typed + char.lower()
        if self.rules.point_at(side, typed) is None and not self._longer(typed, side, wanted):
            typed = char.lower()                           # a fresh start
        self.typed = typed
        if self._longer(typed, side, wanted):
            self.left = SECOND_DIGIT
            return None
        return self.take(side)

    def _longer(self, typed: str, side: Side, wanted) -> bool:
        return any((name := typed_name(self.rules, side, loc)) and len(name) > len(typed)
                   and name.startswith(typed) for loc in wanted)

    def tick(self, dt: float, side: Side) -> int | None:
        """Time passes: a digit waiting for a second one is taken as it is."""
        if not self.typed:
            return None
        self.left -= dt
        return self.take(side) if self.left <= 0 else None

    def take(self, side: Side) -> int | None:
        """What has been typed, taken now (Enter, or time up); None if it names no point."""
        typed, self.typed = self.typed, ""
        if typed == "0" and writes_out(self.rules, side):
            return OUT
        return self.rules.point_at(side, typed) if typed else None


def writes_out(rules: Rules, side: Side) -> bool:
    """The game's checkers start off the board, not yet entered, and the notation writes that
    place 0 ("0-3"): so 0 is typed to pick one."""
    return OUT in rules.start(side).checkers(side) and rules.point_name(side, OUT) == "0"
