"""A friend on another computer: hosting (`lobby.py`), joining (`join.py`), the friend at the
table (`playing.py`, used by the table, the priority throw and the scoreboard) and watching a
room (`watch.py`). Import scenes/, game.online and the floors below it."""
