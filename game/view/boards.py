"""Which board draws which game (the registry's `RuleSet.game`): the one place to add a board.

A game with no board here is not offered on screen (the app's PLAYABLE_RULES follow from it).
"""
from game.rules import RULE_SETS, rule_set
from game.view.board_view import Board, BoardView
from game.view.garanguet_board import GaranguetBoardView

BOARDS: dict[str, type] = {"tourne-case": BoardView, "garanguet": GaranguetBoardView}

#: The rule sets a board can show, in the registry's order.
PLAYABLE_RULES = tuple(name for name, s in RULE_SETS.items() if s.game in BOARDS)


def board_for(rules_name: str) -> Board:
    """A fresh board for a rule set's game; ValueError if no board draws it yet."""
    game = rule_set(rules_name).game
    if game not in BOARDS:
        raise ValueError(f"{rule_set(rules_name).title} cannot be played on the board yet")
    return BOARDS[game]()
