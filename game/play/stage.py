"""The stages of a turn in the play flow (game/play/flow.py says how a turn goes through them)."""
import enum


class Stage(enum.StrEnum):
    THROW = "throw"        # waiting for the side to move to throw
    ROLL = "roll"          # the dice are falling on screen
    THINK = "think"        # the computer is choosing its move
    CHOOSE = "choose"      # a person composes the turn step by step
    MOVING = "moving"      # a step is being shown
    PASS = "pass"          # no legal move: the turn passes once shown
    OVER = "over"          # the game is won (or the match given up)
