"""The board each rule set is drawn on: the one its registry entry names (`RuleSet.board`, a
dotted path such as "game.view.garanguet_board:GaranguetBoardView"), loaded here, in the view.

A rule set with no board is not offered on screen (the app's PLAYABLE_RULES follow from it).
"""
from game.rules import RULE_SETS, rule_set
from game.view.board_view import Board

#: The rule sets a board can show, in the registry's order.
PLAYABLE_RULES = tuple(name for name, s in RULE_SETS.items() if s.board)


def board_for(rules) -> Board:
    """A fresh board for a rule set (its entry, engine or name); ValueError if none draws it yet."""
    entry = rule_set(rules)
    if not entry.board:
        raise ValueError(f"{entry.title} cannot be played on the board yet")
    return entry.load(entry.board)()
