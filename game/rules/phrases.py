"""The pieces every game's telling builds its sentences from (game/rules/telling.py says a whole
turn): a point as the board names it, lists, "then", counts, whose checker was hit, a checker's
move. A game says its own turns with a `Telling` (its RuleSet's `telling`): the clauses of its
steps, joined as its turns read. No pygame here.

Every sentence is built from whole messages with fields (game/base/i18n.py), so French can agree
its verbs: a side's name and "you" take separate messages ("Les Noirs entrent", "Vous entrez").
"""
from __future__ import annotations

from game.base.i18n import N_, Said, _, verbatim
from game.rules.values import Side


def point(rules, side: Side, location: int) -> Said:
    """A location as the board names it (`Rules.point_name`): "7", "k"."""
    return verbatim(rules.point_name(side, location))


def join(items: list) -> Said:
    """Items as a list in the language: "a", "a and b", "a, b and c"."""
    if not items:
        return verbatim("")
    words = items[0]
    for i, item in enumerate(items[1:], start=2):
        if i == len(items):
            words = _("{items} and {item}", items=words, item=item)
        else:
            words = _("{items}, {item}", items=words, item=item)
    return Said(words)


def in_turn(items: list) -> Said:
    """Clauses one after the other: "a, then b" (a turn of two moves)."""
    words = items[0]
    for item in items[1:]:
        words = _("{words}, then {item}", words=words, item=item)
    return Said(words)


def count_word(n: int) -> Said:
    """A small count in words ("two"); larger ones as figures."""
    words = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}
    return _(words[n]) if n in words else verbatim(str(n))


def victim(hit: Side, you: Side | None) -> Said:
    """The checker a hit sends back, named from the screen's point of view."""
    if hit is you:
        return _("your checker")
    if hit is Side.WHITE:
        return _("White's checker")
    return _("Black's checker")


def moves(second: bool, origin, to) -> Said:
    """A checker moved from one point to another: "moves from 3 to 5", "move from 3 to 5"."""
    if second:
        return _("move from {origin} to {point}", origin=origin, point=to)
    return _("moves from {origin} to {point}", origin=origin, point=to)


class Telling:
    """How a game says the steps of a turn, without its subject: "moves from 3 to 5, then ...".
    This plain telling says each step as a move; a game says its own (entering, hitting,
    bearing off) by overriding `actions`."""

    def actions(self, rules, side: Side, you: Side | None, steps: list) -> Said:
        """The steps `side` played, as clauses in the second person where `side` is `you`."""
        second = side is you
        return in_turn([moves(second, point(rules, side, s.origin), point(rules, side, s.destination))
                        for s in steps])
