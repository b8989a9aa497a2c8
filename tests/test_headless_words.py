"""The headless player and watcher (game/commands/autoplay.py) have a handler for every event the
online game sends, the newer ones of issue 37 included (a phrase, a rematch, a watch that cannot
follow): an event with none would stop the run with `Unhandled`."""
import pytest

from game.base.dispatch import dispatch
from game.commands.autoplay import OnlinePlayer, WatchReport
from game.online import events, watch
from game.rules import Side

newer = pytest.mark.skipif(not hasattr(events, "FriendSaid") or not hasattr(watch, "SideSaid"),
                           reason="the online game's phrases and rematch (issue 37, its branch)")


def player(lines) -> OnlinePlayer:
    one = OnlinePlayer.__new__(OnlinePlayer)      # its handlers only: no keeper, no link
    one.say = lines.append
    return one


@newer
def test_the_headless_player_says_the_friends_phrase_and_lets_a_rematch_pass():
    lines = []
    one = player(lines)
    handlers = one.link_handlers()
    said = events.FriendSaid("good-luck", name="Ann")
    dispatch(handlers, said, one)
    assert lines == [said.words.said()] and lines[0]
    for event in (events.RematchOffered(swap=True), events.RematchAgreed(swap=False),
                  events.RematchDeclined()):
        dispatch(handlers, event, one)
    assert len(lines) == 1


@newer
def test_the_headless_watcher_says_the_phrases_the_rematch_and_that_it_cannot_follow():
    lines = []
    report = WatchReport(watcher=None, storage=None, say=lines.append)
    for event in (watch.SideSaid(Side.WHITE, "hello", name="Ann"),
                  watch.Rematched(options=None, swap=True), watch.CannotFollow()):
        dispatch(report.handlers, event, report)
        assert lines[-1] == event.words.said()
    assert len(lines) == 3
