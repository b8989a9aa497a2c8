"""The table: the priority throw, the game itself (`scene.py` and its parts: `controls.py` the
hand, `draw.py` the picture, `cards.py` the words, each given a `TableSnapshot`), the scoreboard
and the table that plays itself (attract). Import scenes/ and the floors below it."""
