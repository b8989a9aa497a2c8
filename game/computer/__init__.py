"""The computer players: each game's own module (`tourne_case.py`, `garanguet.py`), found through
the registry `player.COMPUTERS`, with levels, hints, analysis and review.

    from game.computer import computer_for, hints_for
    comp = computer_for(rules, "master", random.Random(1)); comp.prepare()
    move = comp.choose(position, dice, match=(length, white_score, black_score))
    for hint in hints_for(rules, position, dice): print(hint.move, hint.win_probability, hint.loss)

Pure Python and numpy; the moves themselves always come from the rules engine. No pygame.
"""
from game.computer.hint import Hint
from game.computer.player import COMPUTERS, LEVEL_TITLES, computer_for, hints_for, levels_for, module_for
from game.computer.random_player import random_move

__all__ = ["COMPUTERS", "LEVEL_TITLES", "Hint", "computer_for", "hints_for", "levels_for", "module_for",
           "random_move"]
