"""Frames of play while the computer thinks on its own thread, in wall time (the failure of stop
43: a hundred frames drawn back to back on a loaded machine ended before the computer had
played). A loop that plays frames until something happens takes `play_frames(limit, top)` in
place of `range(limit)`: a frame drawn while the top scene's computer thinks is not counted and
gives its thread a moment, and the loop ends after `seconds` of wall time in any case."""
import time

THINKING_SECONDS = 120.0     # wall time a loop may wait in all (the slowest level, a loaded machine)
NAP = 0.002                  # seconds given to the thinking thread at each frame drawn meanwhile


def thinking(scene) -> bool:
    """Whether the scene's table waits for a computer thinking on its own thread."""
    return getattr(scene, "stage", None) == "think"


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
