"""The boards' shapes in board units, each game's own (`tablier.py`, `garanguet.py`): where
points, checkers and dice lie, with no pixels. Imports only game.rules and game.base."""
