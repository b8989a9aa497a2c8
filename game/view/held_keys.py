"""Keys pressed before a screen was shown do not act on it (issue 37, found by hand).

A Return that opens a screen whose `enter` holds up the frame (the Host screen starts its relay)
came back on the new screen: pygame's key repeat runs on a timer thread and pushes a repeated
KEYDOWN while the frame is held up, before the key-up is read, and the new screen's focused
choice took it. pygame marks no event as a repeat, and gives no time to compare with the frame,
so the rule is kept by what is known when the screen is about to be drawn first (its `enter`):
keys already in the queue then were pressed while another screen showed, and are dropped; keys
still down then are ignored until they are let go. A key pressed on the screen, and its own
repeats (Down held to run down a list), act as before."""
import pygame

DROPPED = (pygame.KEYDOWN, pygame.TEXTINPUT)


class HeldKeys:
    """`came()` when the screen is about to be shown; `stale(event)` for each event after."""

    def __init__(self):
        self._down = None
        self._let_go: set[int] = set()

    def came(self) -> None:
        pygame.event.clear(DROPPED)        # reads the system's queue first: all of it is older
        self._down, self._let_go = pygame.key.get_pressed(), set()

    def stale(self, event) -> bool:
        """A key-down (or its text) of a key held since before the screen came."""
        if event.type == pygame.KEYUP:
            self._let_go.add(event.key)
            return False
        if event.type != pygame.KEYDOWN or self._down is None or event.key in self._let_go:
            return False
        try:
            return bool(self._down[event.key])
        except (IndexError, KeyError, TypeError, ValueError):    # a key code SDL does not map
            return False
