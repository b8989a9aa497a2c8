"""One game of any rule set as intents in and events out (`flow.py`, `events.py`), the match
and its saveable session (`session.py`), its keeper, the priority throw and the tutorials' scripts.
Imports the computer, saves, rules and base; never pygame, never the physics."""
