"""Playing a friend on another computer (docs/online.md): the relay that pairs two games by a
room code, the dice both sides commit to before either reveals, and the link that carries one
match between the two games. No pygame here: the scenes show it (game/scenes/online/lobby.py)."""
