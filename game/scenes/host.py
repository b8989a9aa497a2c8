"""What a scene may ask of the game around it: the narrow interface instead of the whole App.

game.app.App is the real host; the tests hand scenes a small fake. A scene goes to other scenes
through `scenes` (or `show_match`, which picks the scene for where the match stands), reads and
changes `settings`, plays `sounds`, reads `clock()`, and reaches the match being played and its
saving only through `match` (game.keeper.MatchKeeper): never by replacing the session itself.
"""
from typing import Callable, Protocol

from game.keeper import MatchKeeper
from game.scenes.base import SceneManager


class Sounds(Protocol):
    def play(self, name: str, strength: float = 1.0) -> None: ...


class Host(Protocol):
    scenes: SceneManager                    # push, pop, replace, clear_to
    settings: dict                          # read; change with update_settings
    sounds: Sounds
    match: MatchKeeper                      # the session, its saving and its records
    clock: Callable[[], float]              # seconds, monotonic (mouse flings are timed by it)

    def update_settings(self, changes: dict) -> None: ...
    def show_match(self) -> None: ...       # the priority throw, the table or the scoreboard
    def pause(self) -> None: ...            # the pause menu over the current scene
    def to_title(self) -> None: ...
