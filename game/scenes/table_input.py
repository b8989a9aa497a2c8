"""Kept for old imports: the step-by-step turn now lives in game.turn (the play flow uses it)."""
from game.turn import Chooser

__all__ = ["Chooser"]
