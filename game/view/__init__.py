"""Drawing with pygame: the boards (`board_view.py` and each game's own), dice sprites, widgets,
the window, sounds and the game controllers. Imports the dice, geometry, rules and base."""
