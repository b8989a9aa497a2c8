"""Learning the games: the tutorials, the illustrated rules (`rules_screen.py`, its boards drawn
by `diagrams.py`) and the match review. Import scenes/ and the floors below it."""
