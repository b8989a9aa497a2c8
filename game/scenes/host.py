"""What a scene may ask of the game around it: the narrow interface instead of the whole App.

game.app.App is the real host; the tests hand scenes a small fake. A scene goes to other scenes
through `scenes` (or `show_match`, which picks the scene for where the match stands), reads and
changes `settings`, plays `sounds`, reads `clock()`, and reaches the match being played and its
saving only through `keeper` (game.play.keeper.MatchKeeper): never by replacing the session itself.
tests/test_host.py checks that no scene uses anything of the app beyond this protocol.
"""
from pathlib import Path
from typing import Callable, Protocol

from game.play.keeper import MatchKeeper
from game.scenes.base import SceneManager


class Sounds(Protocol):
    def play(self, name: str, strength: float = 1.0) -> None: ...


class Records(Protocol):
    def records(self) -> tuple[list[dict], int]: ...     # readable records, unreadable lines
    dir: Path                                            # the data folder (reviews.jsonl beside)
    demo: bool                                           # a demo's storage: it keeps no figures


class Host(Protocol):
    # the window
    size: tuple[int, int]                   # the window's size now, in pixels
    fullscreen: bool                        # read; change with update_settings({"fullscreen": ...})
    def quit(self) -> None: ...

    # settings, sounds, time, the player's notes and records
    settings: dict                          # read; change with update_settings
    def update_settings(self, changes: dict) -> None: ...   # applied at once and saved
    sounds: Sounds
    clock: Callable[[], float]              # seconds, monotonic (mouse flings are timed by it)
    messages: list[str]                     # notes for the player, shown (and cleared) on the title
    storage: Records                        # the finished games, for the statistics
    autoplay: bool                          # a demo run: the scoreboard goes on by itself

    # the match
    keeper: MatchKeeper                     # the session, its saving and its records
    def last_options(self) -> dict: ...     # the last new match's options, as new_match takes them
    def new_match(self, options: dict) -> None: ...
    def continue_match(self) -> None: ...   # the saved match, if there is one
    def show_match(self) -> None: ...       # the priority throw, the table or the scoreboard
    def play_online(self, link, relay) -> None: ...   # with a friend elsewhere (keeper.online: the link)

    # the scenes
    scenes: SceneManager                    # push, pop, replace, clear_to
    def pause(self) -> None: ...            # the pause menu over the current scene
    def to_title(self) -> None: ...
    def notify(self, words: str) -> None: ...          # a notice over whatever scene is shown
