"""Every event a scene can receive has its handler there, found by the event's type (not by its
class name, which a renaming would silently break), and an event with none is an error.

Why an error rather than dropped: an event the screen does not show is something the player is
not told (a pass, a refusal, a friend gone); a new event class without a handler fails here, and
at play it fails loudly (the app logs the frame) instead of going unsaid.
"""
import dataclasses
import inspect

import pygame
import pytest

from game.app import App
from game.base.dispatch import Unhandled
from game.online import events as link_events
from game.play import events as ev
from game.play import priority as priority_flow
from game.play import tutorial as tutorial_flow
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import RULE_SETS, Side
from game.rules.refusals import MoveRefused
from game.scenes.online.lobby import HostScene, RelayScene
from game.scenes.online.join import JoinScene
from game.scenes.table.priority import PriorityScene
from game.scenes.online.playing import OnlinePlay
from game.scenes.table.scene import HOOKS, TableScene
from game.scenes.learn.tutorial import TutorialScene


def defined_in(module) -> set[type]:
    """The dataclasses a module defines itself (not those it imports)."""
    return {value for _name, value in inspect.getmembers(module, inspect.isclass)
            if value.__module__ == module.__name__ and dataclasses.is_dataclass(value)}


FLOW_EVENTS = defined_in(ev) | {MoveRefused}                  # the flow sends refusals too
PRIORITY_EVENTS = defined_in(priority_flow)
TUTORIAL_EVENTS = {tutorial_flow.OffScript, tutorial_flow.Hinted, tutorial_flow.Told}
LINK_EVENTS = defined_in(link_events)


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "instant"})
    pygame.event.clear()
    yield a
    pygame.display.quit()


def table(app) -> TableScene:
    session = Session.new(MatchOptions(rules="charpentier", length=1, opponent="computer"), seed=3)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    app.keeper.adopt(session)
    return TableScene(app)


def test_the_event_modules_are_where_the_scenes_import_them_from():
    assert {"TurnBegan", "StepPlayed", "GameOver", "Resigned"} <= {c.__name__ for c in FLOW_EVENTS}
    assert {"RoundThrown", "PriorityTie", "FirstChosen", "PriorityDone"} == {c.__name__ for c in PRIORITY_EVENTS}
    assert {"ConnectionLost", "FriendResigned", "Forfeit"} <= {c.__name__ for c in LINK_EVENTS}


def test_the_table_has_a_handler_for_every_event_of_the_flow(app):
    scene = table(app)
    assert FLOW_EVENTS - set(scene.handlers) == set()
    assert all(callable(handler) for handler in scene.handlers.values())


def test_the_tutorial_has_a_handler_for_every_event_of_its_flow(app):
    scene = TutorialScene(app, "tourne-case")
    assert (FLOW_EVENTS | TUTORIAL_EVENTS) - set(scene.handlers) == set()


def test_the_priority_throw_has_a_handler_for_every_event_of_its_flow(app):
    app.keeper.adopt(Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=3))
    scene = PriorityScene(app)
    assert set(scene.handlers) == PRIORITY_EVENTS


def test_the_link_part_has_a_handler_for_every_event_of_the_link(app):
    online = table(app).online
    assert set(online.handlers) == LINK_EVENTS


def test_the_online_screens_have_a_handler_for_every_event_of_the_link(app):
    """Host, Join and the relay's screen: each event of the link done something with, or let
    pass by name (`ignoring`) - not found by its class name, nor said by a fall-through."""
    options = MatchOptions(rules="charpentier", length=1, opponent="online")
    for scene in (HostScene(app, options), JoinScene(app), RelayScene(app, lambda url: None)):
        assert set(scene.handlers) == LINK_EVENTS, type(scene).__name__
        assert all(callable(handler) for handler in scene.handlers.values())
        assert not [name for name in dir(scene) if name.startswith("on_") and name[3:4].isupper()]


def test_the_online_screens_do_with_the_links_events_what_they_did(app):
    options = MatchOptions(rules="charpentier", length=1, opponent="online")
    host, join = HostScene(app, options), JoinScene(app)
    for scene in (host, join):
        scene.link = Telling(link_events.ConnectionLost())
        scene.update(0.0)
        assert scene.status == link_events.ConnectionLost().words
        assert scene.failed is (scene is host)        # the host's room is said gone until back
    host.link = Telling(link_events.RoomOpened("ACDEF9", "ws://x"), link_events.FriendArrived(),
                     link_events.Watchers(3), link_events.FriendAway(), link_events.Reconnected())
    host.update(0.0)
    assert (host.code, host.arrived, host.watchers, host.status, host.failed) == ("ACDEF9", True, 3, "", False)
    join.link = Telling(link_events.Offered({"rules": "charpentier", "length": 1, "host_side": "white"}))
    join.update(0.0)
    assert join.offered == {"rules": "charpentier", "length": 1, "host_side": "white"}
    join.link = Telling(link_events.Refused("room-full", link_events.refused_words("room-full")))
    join.update(0.0)
    assert join.failed and join.link is None and join.offered is None
    forfeit = link_events.forfeit(Side.WHITE, "bad-reveal")
    host.link = Telling(forfeit)
    host.update(0.0)
    assert (host.status, host.failed) == (forfeit.words, False)


class Telling:
    """A link that says what a test tells it to (once), then nothing."""

    waiting = False

    def __init__(self, *events):
        self.events = list(events)

    def poll(self):
        events, self.events = self.events, []
        return events

    def close(self):
        pass


def test_an_event_with_no_handler_is_an_error_not_dropped(app):
    @dataclasses.dataclass(frozen=True)
    class Unheard:
        side: Side = Side.WHITE

    scene = table(app)
    with pytest.raises(LookupError, match="Unheard"):
        scene.react([Unheard()])
    app.keeper.adopt(Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=3))
    with pytest.raises(LookupError, match="Unheard"):
        PriorityScene(app).react([Unheard()])

    class Link:                                   # a link that says something no handler knows
        waiting = False
        poll = staticmethod(lambda: [Unheard()])
    online = OnlinePlay(Link(), scene.session, scene.view, banner=scene.banner, say=scene.say,
                        end=scene.app.to_title)
    with pytest.raises(LookupError, match="Unheard"):
        online.poll()

    join = JoinScene(app)
    join.link = Telling(Unheard())
    with pytest.raises(Unhandled, match=r"in JoinScene for \S*Unheard"):
        join.update(0.0)


def test_a_renamed_event_class_keeps_its_handler(app):
    """The handler is found by the class itself: its name does not matter."""
    scene = table(app)
    name = ev.Notice.__name__
    ev.Notice.__name__ = "SomethingElse"
    try:
        scene.react([ev.Notice("said")])
    finally:
        ev.Notice.__name__ = name
    assert scene.note == "said"


def test_the_tutorial_changes_the_table_through_its_hooks_alone():
    own = {name for name, value in vars(TutorialScene).items() if callable(value) or isinstance(value, property)}
    overridden = {name for name in own if hasattr(TableScene, name)} - {"__init__"}
    assert overridden <= HOOKS, overridden - HOOKS


def test_every_rule_set_reads_back_the_names_it_gives_its_points():
    for rule_set in RULE_SETS.values():
        rules = rule_set.rules
        for side in Side:
            named = {location: rules.point_name(side, location) for location in range(1, rules.last_point + 1)}
            assert {rules.point_at(side, name) for name in named.values()} == set(named)
            assert all(rules.point_at(side, name) == location for location, name in named.items())
            assert rules.point_at(side, "off") is None and rules.point_at(side, "") is None
