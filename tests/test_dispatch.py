"""One dispatch for every event of the game (game/base/dispatch.py): found by the event's type,
an event its owner lets pass named in its table (`ignoring`), and an event with no entry an error
that names the event's type and the owner. The headless player and watcher
(game/commands/autoplay.py) keep such tables too, one entry for each event they can receive.
The screens' tables: test_scene_events.py."""
import dataclasses
import inspect

import pytest

from game.base.dispatch import Unhandled, dispatch, ignoring, nothing
from game.commands.autoplay import OnlinePlayer, WatchReport
from game.online import events as link_events
from game.online import watch as watch_events


def defined_in(module) -> set[type]:
    """The dataclasses a module defines itself (not those it imports)."""
    return {value for _name, value in inspect.getmembers(module, inspect.isclass)
            if value.__module__ == module.__name__ and dataclasses.is_dataclass(value)}


LINK_EVENTS = defined_in(link_events)
#: What a watcher's poll gives: its own events, and the connection's news from the link's.
WATCH_EVENTS = defined_in(watch_events) | {link_events.ConnectionLost, link_events.Reconnected,
                                           link_events.Refused, link_events.Unreachable}


@dataclasses.dataclass(frozen=True)
class Unheard:
    pass


@dataclasses.dataclass(frozen=True)
class Heard:
    said: str


class Owner:
    """Something that receives events."""


def test_the_handler_is_found_by_the_events_type():
    heard = []
    dispatch({Heard: heard.append, **ignoring(Unheard)}, Heard("yes"), Owner())
    dispatch({Heard: heard.append, **ignoring(Unheard)}, Unheard(), Owner())
    assert heard == [Heard("yes")]


def test_an_event_with_no_handler_is_an_error_naming_the_event_and_its_owner():
    owner = Owner()
    with pytest.raises(Unhandled) as raised:
        dispatch({Heard: nothing}, Unheard(), owner)
    assert isinstance(raised.value, LookupError)            # as the scenes have always raised
    said = str(raised.value)
    assert "Unheard" in said and __name__ in said and "Owner" in said, said
    assert raised.value.event == Unheard() and raised.value.owner is owner
    with pytest.raises(Unhandled, match=r"no handler at the table for \S*Unheard"):
        dispatch({}, Unheard(), "at the table")             # words that say where, as before


def test_a_subclass_is_not_its_parents_handler():
    """The type itself is the key: an event kind that is new, even one made from another, is
    not silently taken for the old one."""
    @dataclasses.dataclass(frozen=True)
    class Louder(Heard):
        pass
    with pytest.raises(Unhandled, match="Louder"):
        dispatch({Heard: nothing}, Louder("yes"), Owner())


class Link:
    """A link that says what a test tells it to."""
    code = "ACDEF9"

    def __init__(self, *events):
        self.events = list(events)
        self.accepted = False

    def poll(self):
        events, self.events = self.events, []
        return events

    def accept(self):
        self.accepted = True

    ended = False


class Keeper:
    online = None


def player(*events) -> tuple[OnlinePlayer, list]:
    lines = []
    return OnlinePlayer(Keeper(), Link(*events), lines.append), lines


def test_the_headless_player_has_a_handler_for_every_event_of_the_link():
    online, _lines = player()
    assert set(online.handlers) == LINK_EVENTS
    assert all(callable(handler) for handler in online.handlers.values())


def test_the_headless_player_says_the_room_once_then_what_happens():
    online, lines = player(link_events.Offered({}), link_events.RoomOpened("ACDEF9", "ws://x"),
                           link_events.FriendArrived(), link_events.Watchers(2),
                           link_events.ConnectionLost(), link_events.Reconnected(),
                           link_events.FriendBack())
    assert online.frame()
    assert online.link.accepted
    assert lines[0] == "room ACD-EF9" and lines.count("room ACD-EF9") == 1
    assert lines[1:] == [link_events.ConnectionLost().words.said(), "Connected again."]


def test_the_headless_player_stops_on_an_event_it_has_no_handler_for():
    online, _lines = player(Unheard())
    with pytest.raises(Unhandled, match=r"in OnlinePlayer for \S*Unheard"):
        online.frame()


def test_the_headless_watch_has_a_handler_for_every_event_of_the_watcher():
    report = WatchReport(watcher=None, storage=None, say=print)
    assert set(report.handlers) == WATCH_EVENTS
    with pytest.raises(Unhandled, match=r"in WatchReport for \S*Unheard"):
        dispatch(report.handlers, Unheard(), report)


def test_the_headless_watch_counts_the_time_the_relay_is_gone():
    lines = []
    report = WatchReport(watcher=None, storage=None, say=lines.append)
    dispatch(report.handlers, link_events.ConnectionLost(), report)
    lost = report.lost
    assert lost is not None
    dispatch(report.handlers, link_events.ConnectionLost(), report)
    assert report.lost == lost                      # since the first time
    dispatch(report.handlers, link_events.Reconnected(), report)
    assert report.lost is None
    assert lines == [link_events.ConnectionLost().words.said()] * 2 + ["Connected again."]
