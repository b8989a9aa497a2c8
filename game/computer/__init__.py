"""The computer players: each game's own (`player.COMPUTERS`), with levels, hints, analysis and review.

    from game.computer import LEVELS, Computer, hints
    comp = Computer(rules, "perfect", random.Random(1)); comp.prepare()
    move = comp.choose(position, dice, match=(length, white_score, black_score))
    for hint in hints(rules, position, dice): print(hint.move, hint.win_probability, hint.loss)

Pure Python and numpy; the moves themselves always come from the rules engine.
"""
from game.computer.player import LEVEL_NAMES, LEVEL_TITLES, LEVELS, Computer, Hint, hints
from game.computer.random_player import random_move

__all__ = ["LEVELS", "LEVEL_NAMES", "LEVEL_TITLES", "Computer", "Hint", "hints", "random_move"]
