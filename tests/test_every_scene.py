"""Every scene of the game, in English and in French, at the smallest window (960x600): no word
that skipped the catalogues, no text out of its box (issue 12; tests/speaking.py).

The scenes' own tests look at many states of each; this one makes sure none is forgotten: it
finds every scene class in game/scenes and fails for one that has no way in here.
"""
import importlib
import inspect
import pkgutil
import random

import pygame
import pytest

import game.scenes
import speaking
from sessions import at_random, steps
from game.app import App
from game.base.i18n import N_, _
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.scenes.base import Scene
from game.scenes.menus.base import MenuScene, OverlayScene
from game.scenes.menus.overlays import ConfirmScene, NoticeScene, PauseScene, SavedMatchScene
from game.scenes.menus.settings import SettingsScene, StatsScene
from game.online.events import Offered, Refused, RoomOpened, refused_words
from game.scenes.online.lobby import HostScene, OnlineScene, RelayScene
from game.scenes.paced import PacedScene
from game.scenes.learn.rules_screen import RulesScene
from game.scenes.menus.new_match import NewMatchScene

SMALLEST = (960, 600)
BASES = {Scene, MenuScene, OverlayScene, PacedScene, OnlineScene}      # never shown on their own


def scene_classes() -> set[type]:
    found = set()
    for info in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):     # game/scenes/table/ too
        module = importlib.import_module(info.name)
        for _name, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Scene) and value.__module__ == module.__name__ and value not in BASES:
                found.add(value)
    return found


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path, size=SMALLEST)
    a.update_settings({"language": "en", "animation_speed": "instant"})
    pygame.event.clear()
    yield a
    pygame.display.quit()


def frames(app, n=3):
    for _frame in range(n):
        app.frame(1 / 60)


def played(rules: str, opponent: str, until: Phase, seed: int = 5) -> Session:
    """A session of one game played with random legal moves up to `until` (MOVE: a turn to play;
    GAME_OVER: the game won)."""
    s = Session.new(MatchOptions(rules=rules, length=1, opponent=opponent), seed=seed)
    return next(s for s in steps(s, at_random(random.Random(seed))) if s.phase is until)


def push(scene_of):
    return lambda app: app.scenes.push(scene_of(app))


def show(session):
    def to(app):
        app.keeper.adopt(session)
        app.show_match()
    return to


def review(app):
    show(played("charpentier", "human", Phase.GAME_OVER))(app)
    frames(app, 20)
    board = app.scenes.top
    button = next(w for w in board.menu.widgets if w.label == "Review")
    button.action()
    frames(app)
    app.scenes.top.wait(60)


def saved_match(app):
    app.keeper.adopt(played("garanguet", "computer", Phase.MOVE))
    app.scenes.push(SavedMatchScene(app, lambda: None))


def new_match_with(opponent, game):
    """The new-match form with this opponent and game chosen (its rows differ: the hints between
    two people, touch-move online, the rules rows for Tourne Case)."""
    def make(app):
        form = NewMatchScene(app)
        for key, value in (("opponent", opponent), ("game", game)):
            choice = form.choices[key]
            while choice.value != value:
                choice.adjust(+1)
        return form
    return push(make)


def no_sound_device(app):
    """Settings when game/view/audio.py found no sound device (this app's sounds only)."""
    app.sounds.__class__ = type("NoDevice", (type(app.sounds),),
                                {"device_found": property(lambda self: False)})
    app.scenes.push(SettingsScene(app))


def online_pause_confirm(app):
    """The Abandon question of a match with a friend elsewhere (its own words, issue 30.3)."""
    app.keeper.adopt(Session.new(MatchOptions(rules="garanguet", opponent="online"), seed=3))
    app.scenes.push(ConfirmScene(app, *PauseScene(app).abandon_words(), lambda: None))


def online_screen(make, events):
    """The Host or Join screen, its link a stand-in that says `events` (the real link and relay:
    tests/test_online_screens.py)."""
    from game.scenes.online import lobby as online

    class Link:
        url, port, options = "ws://127.0.0.1:8690", 8690, None
        host = join = classmethod(lambda cls, *args, **kwargs: cls())
        poll = staticmethod(lambda: [events.pop(0)] if events else [])
        close = stop = accept = staticmethod(lambda: None)

    def to(app):
        saved = online.link_class, online.start_relay, online.addresses_to_give, online.announce
        online.link_class, online.start_relay = (lambda: Link), Link
        online.announce = lambda *args: None        # never on the machine's own network
        online.addresses_to_give = lambda port: ["ws://192.168.100.200:8690", "ws://10.0.0.2:8690"]
        try:
            app.scenes.push(make(app))
            frames(app)
        finally:
            online.link_class, online.start_relay, online.addresses_to_give, online.announce = saved
    return to


def offered(app):
    from game.scenes.online.join import JoinScene
    scene = JoinScene(app)
    scene.address.type("192.168.100.200")
    scene.code.type("ACD-EF9")
    scene.join()
    return scene


def tutorial(game):
    def to(app):
        from game.scenes.learn.tutorial import TutorialScene
        app.scenes.push(TutorialScene(app, game))
    return to


def attract(app):
    from game.scenes.table.attract import AttractScene
    app.scenes.push(AttractScene(app, seed=3))


def watching_a_room(app):
    """The watch screen waiting for the relay (its live states: tests/test_watch_scene.py)."""
    from game.online.watch import Watcher
    from game.scenes.online.watch import WatchScene
    from test_watch import FakeClient
    app.scenes.push(WatchScene(app, "ws://127.0.0.1:1", "acd-ef9", watcher_factory=lambda url, code:
                               Watcher(url, code, client_factory=FakeClient)))


def _online_scene(module: str, name: str):
    """A scene class of game/scenes/online/, imported when its way in is taken."""
    return getattr(importlib.import_module(f"game.scenes.online.{module}"), name)


# The ways into each scene; several for the scenes that show more than one game.
WAYS = {
    "TitleScene": [lambda app: None],
    "NewMatchScene": [push(NewMatchScene), new_match_with("online", "tourne-case"),
                      new_match_with("human", "garanguet")],
    "SettingsScene": [push(SettingsScene), no_sound_device],
    "StatsScene": [push(StatsScene)],
    "NoticeScene": [push(lambda app: NoticeScene(app, [lambda: _("Settings: {problem}.",
                                                                 problem=_("a folder, not a file"))]))],
    "PauseScene": [push(PauseScene)],
    "ConfirmScene": [push(lambda app: ConfirmScene(app, N_("Abandon the match?"),
                                                   N_("The match ends here and its save is deleted."),
                                                   lambda: None)),
                     online_pause_confirm],
    "SavedMatchScene": [saved_match],
    "PriorityScene": [show(Session.new(MatchOptions(rules=r, opponent="computer"), seed=3))
                      for r in ("charpentier", "garanguet")],
    "RulesScene": [push(lambda app, r=r: RulesScene(app, r))
                   for r in ("charpentier", "charpentier-reentry", "bell", "garanguet")],
    "TableScene": [show(played(r, "human", Phase.MOVE)) for r in ("bell", "garanguet")],
    "ScoreboardScene": [show(played(r, "computer", Phase.GAME_OVER)) for r in ("charpentier", "garanguet")],
    "ReviewScene": [review],
    "TutorialScene": [tutorial("tourne-case"), tutorial("garanguet")],
    "HostScene": [online_screen(lambda app: HostScene(app, MatchOptions(
        rules="charpentier-reentry", length=15, opponent="online", touch_move=True)),
        [RoomOpened("ACDEF9", "ws://127.0.0.1:8690")])],
    "JoinScene": [online_screen(offered, [Offered({"rules": "garanguet", "length": 11,
                                                   "touch_move": False, "host_side": "white"})]),
                  online_screen(offered, [Refused("room-full", refused_words("room-full"))])],
    "RelayScene": [push(lambda app: RelayScene(app, lambda url: None))],
    "AttractScene": [attract],
    "WatchScene": [watching_a_room],
    "PlayOnlineScene": [push(lambda app: _online_scene("menu", "PlayOnlineScene")(app))],
    "RoomsScene": [push(lambda app: _online_scene("rooms", "RoomsScene")(app))],
    "RematchScene": [push(lambda app: _online_scene("rematch", "RematchScene")(app))],
    "PhrasesScene": [push(lambda app: _online_scene("rematch", "PhrasesScene")(app))],
}


def test_every_scene_class_has_a_way_in():
    names = {cls.__name__ for cls in scene_classes()}
    assert len(names) >= 14, names
    assert names == set(WAYS), f"scenes with no way in here: {names - set(WAYS)}; " \
                               f"ways to no scene: {set(WAYS) - names}"


@pytest.mark.parametrize("name, way", [(name, i) for name, ways in WAYS.items()
                                       for i in range(len(ways))])
def test_every_scene_speaks_both_languages_inside_its_boxes(app, name, way):
    WAYS[name][way](app)
    frames(app)
    assert type(app.scenes.top).__name__ == name, app.scenes.top
    found = speaking.problems(app)
    assert found == [], "\n".join(found[:30])
