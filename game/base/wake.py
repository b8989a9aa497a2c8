"""A thread's news for the screen. The main loop sleeps while nothing moves on the screen
(game/app.py); a thread that brings news the screen shows - a message from the relay, the
computer's move found - calls `wake()`, and the frame that shows it comes at once rather than
at the screen's next timer. Below the view (no pygame): the window sets the hook."""
from typing import Callable

_hook: Callable[[], None] | None = None


def set_waker(hook: Callable[[], None] | None) -> None:
    """What `wake()` does (the window's: a wake event posted to the main loop); None: nothing."""
    global _hook
    _hook = hook


def wake() -> None:
    """Wake the main loop, from any thread; nothing when no window runs one."""
    hook = _hook
    if hook is not None:
        hook()
