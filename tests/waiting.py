"""Frames of play while the computer thinks on its own thread, in wall time (the failure of stop
43: a hundred frames drawn back to back on a loaded machine ended before the computer had
played). A loop that plays frames until something happens takes `play_frames(limit, top)` in
place of `range(limit)`: a frame drawn while the top scene's computer thinks on its thread is not
counted and gives the thread a moment; the loop ends after `seconds` of wall time in any case."""
import time

THINKING_SECONDS = 120.0     # wall time a loop may wait in all (the slowest level, a loaded machine)
NAP = 0.002                  # seconds given to the thinking thread at each frame drawn meanwhile


def thinking(scene) -> bool:
    """Whether the scene's table waits for the computer's thread still thinking (not for the
    table's own pause before a move, which runs in game time as everything else does)."""
    flow = getattr(scene, "flow", None)
    if getattr(scene, "stage", None) != "think" or flow is None:
        return False
    thread = getattr(flow.thinkers.get(flow.to_move), "_thread", None)     # a ThreadedThinker's
    return thread is not None and thread.is_alive()


def play_frames(limit: int, top, seconds: float = THINKING_SECONDS):
    """Yields up to `limit` times while the computer does not think (`top()`: the scene on top),
    and while it thinks as long as `seconds` of wall time allow."""
    deadline = time.monotonic() + seconds
    played = 0
    while played < limit and time.monotonic() < deadline:
        if thinking(top()):
            time.sleep(NAP)
        else:
            played += 1
        yield


def frames_until(app, done, seconds: float = 60.0, dt: float = 0.1, most: int = 100_000) -> bool:
    """`app.frame(dt)` until `done()`, at most `seconds` of wall time and `most` frames;
    returns done() (the caller asserts it, saying what did not happen). After each frame the
    other threads may take the interpreter (`sleep(0)`: a computer thinking, a client), as
    between the game's own frames: frames drawn back to back starved the attract show's
    Garanguet computer, which had not moved after 60 s when its test ran alone."""
    deadline = time.monotonic() + seconds
    for _ in range(most):
        if done() or time.monotonic() > deadline:
            break
        app.frame(dt)
        time.sleep(0)
    return done()
