"""Frames run until something is done, bounded in wall time and in frames: the computer
thinks on its own thread, in wall time, so a fixed count of frames (drawn as fast as the machine
goes) can end before it has played on a loaded machine (the failure of stop 43)."""
import time


def frames_until(app, done, seconds: float, dt: float = 0.1, most: int = 100_000) -> bool:
    """`app.frame(dt)` until `done()`, at most `seconds` of wall time and `most` frames;
    returns done() (the caller asserts it, saying what did not happen)."""
    deadline = time.monotonic() + seconds
    for _ in range(most):
        if done() or time.monotonic() > deadline:
            break
        app.frame(dt)
    return done()
