"""The table's pauses: how long each thing said or shown stays, and how long the computer seems to
take, in one home that the table and the screens built beside it (the watch) read."""

# Pacing at "normal" speed (seconds); the animation-speed setting scales them.
COMPUTER_THROW_DELAY = 1.0     # after the turn passes to the computer, before it throws (U still works)
ENDED_THROW_DELAY = 0.35       # the same once the person has ended their move (they had their pause)
AFTER_PASS_THROW_DELAY = 0.4   # the same right after a forced pass: a run of passes goes quickly
THINK = 0.55                   # the computer "looks" at its dice before moving
STEP_PAUSE = 0.3               # between the steps of a computer's turn
PASS_HOLD = 1.7                # "only one play - played by itself" stays this long
FORCED_PASS_HOLD = 1.2         # a forced pass's one notice (whose pass, and why) stays this long
FORCED_THROW_RATE = 3.0        # a throw nothing can be played with is shown this much faster (the
                               # faces are the session's all the same: only the film is quicker)
GAME_OVER_HOLD = 2.4            # the result stays on the board before the scoreboard comes
REFUSAL_HOLD = 6.0             # seconds a refused move's reason stays on the board (or until the next action)
MEANING_HOLD = 5.0             # seconds a throw's name is explained the first time it shows in a match
CAPTION_HOLD = 6.0             # seconds the computer's move stays said once it has landed
