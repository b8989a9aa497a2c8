"""The board each rule set is drawn on, by the rule set's name. A rule set with no board is
not offered on screen (`playable_rules`).
"""
from game.rules import GARANGUET, RULE_SETS, TOURNE_CASE, rule_set
from game.view.board_view import Board, BoardView
from game.view.garanguet_board import GaranguetBoardView

#: Each rule set's board, by name. Another rule set adds its own (`BOARDS[name] = ...`).
BOARDS = {**{name: BoardView for name in TOURNE_CASE}, GARANGUET.name: GaranguetBoardView}


def playable_rules() -> tuple[str, ...]:
    """The rule sets a board can show, in the registry's order (a game registered since the
    start included)."""
    return tuple(name for name in RULE_SETS if name in BOARDS)


def board_for(rules) -> Board:
    """A fresh board for a rule set (its entry, engine or name); ValueError if none draws it yet."""
    entry = rule_set(rules)
    if entry.name not in BOARDS:
        raise ValueError(f"{entry.title} cannot be played on the board yet")
    return BOARDS[entry.name]()
