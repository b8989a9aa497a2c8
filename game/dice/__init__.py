"""Physics-tossed dice: thrown across the tablier, valid or thrown again (C-2), fair by construction (C-3).

No pygame here; `game.view.dice_sprite` draws the states.
"""
from game.dice.faces import throw_faces
from game.dice.height import DIE_SIZE, Ground, rest_cause
from game.dice.physics import (CAUSES, DEFAULT, FLING_SPEED, MAX_SPEED, Attempt, DieState, Impact,
                               Physics, toss)

__all__ = ["CAUSES", "DEFAULT", "DIE_SIZE", "FLING_SPEED", "MAX_SPEED", "Attempt", "DieState", "Ground", "Impact",
           "Physics", "rest_cause", "throw_faces", "toss"]
