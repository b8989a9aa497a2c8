"""The scene contract and the manager that stacks scenes (a pushdown automaton).

A scene answers three calls: `handle_event(event)`, `update(dt)` and `draw(surface)`; `draw`
never changes state. It may answer a fourth, `next_frame()`: how long it can go without a new
frame, so that the game rests (draws nothing, sleeps) while nothing moves. Scene changes asked
for during a frame are queued and applied between frames, so a scene never disappears in the
middle of its own `handle_event`.
The manager knows nothing of pygame: it is tested with fake scenes and no window.
"""
# (kept here too: the table and the watch screen import the dispatch from the scenes' base)

#: `next_frame()` of a scene that only an event (a key, the mouse, a message) can change.
STILL = float("inf")

#: Keys that go back from a menu or a page (pygame's K_ESCAPE and K_BACKSPACE; the values are
#: SDL's and never change, so this module needs no pygame).
BACK_KEYS = (27, 8)


class Scene:
    """Base scene: override what you need. `app` is the host (game/scenes/host.py): the scene
    stack, settings, sounds, clock and the match keeper."""

    #: True for overlays (pause, hints) that draw over the scene beneath them.
    transparent = False

    def __init__(self, app):
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""

    def leave(self) -> None:
        """Called when the scene stops being the top (popped, replaced or covered)."""

    def handle_event(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def next_frame(self) -> float | None:
        """Seconds from now until this scene looks different by itself, events aside: 0 while
        something moves (dice rolling, a checker flying, a banner fading), the time until the
        next change that is due (a timer, a cursor's blink, the next of the waiting dots),
        STILL when only an event changes it. Asked after each frame, before the loop sleeps;
        any event (a key, the mouse, the window, a thread's news) ends the sleep at once.

        None (the default): the scene does not say. The loop then watches its frames: drawn
        the same as the last, they are drawn less and less often (game/app.py)."""
        return None


class SceneManager:
    """A stack of scenes; only the top one gets events and updates.

    `push`, `pop`, `replace` and `clear_to` are queued and take effect at `apply_pending()`,
    which the main loop calls once per frame, between update and draw.
    """

    def __init__(self):
        self.stack: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._pending.append(("replace", scene))

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start again from this one (e.g. back to the title)."""
        self._pending.append(("clear", scene))

    def reset(self, scene: Scene) -> None:
        """Drop every scene at once, without asking them to leave, and start from this one.

        For recovering from an error: a scene that just failed is not trusted to leave cleanly.
        """
        self._pending.clear()
        self.stack = [scene]
        scene.enter()

    def apply_pending(self) -> None:
        while self._pending:
            op, scene = self._pending.pop(0)
            old_top = self.top
            if op == "push":
                self.stack.append(scene)
            elif op == "pop":
                if self.stack:
                    self.stack.pop()
            elif op == "replace":
                if self.stack:
                    self.stack.pop()
                self.stack.append(scene)
            elif op == "clear":
                self.stack = [scene]
            if self.top is not old_top:
                if old_top is not None:
                    old_top.leave()
                if self.top is not None:
                    self.top.enter()

    def handle_event(self, event) -> None:
        if self.top is not None:
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def next_frame(self) -> float | None:
        """The top scene's `next_frame()`: only the top is updated, so only it changes by
        itself (the scenes beneath an overlay are drawn as they stand). None when the stack
        is empty or the top does not say."""
        return self.top.next_frame() if self.top is not None else None

    def draw(self, surface) -> None:
        """Draw the top scene, and beneath it every scene it is transparent over."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0):]:
            scene.draw(surface)
