"""The friend's link at the table (game/scenes/online/playing.py) is given what it needs - the
link, the session, the board and the scene's calls - and no scene: these tests build it from
those alone. The events that end a match early are one table (ENDINGS) that the table, the
priority throw and the scoreboard all end on."""
import pygame
import pytest

from game.base.i18n import Words
from game.online import events as link_events
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import Side
from game.scenes.boards import board_for
from game.scenes.online.playing import ENDINGS, OnlinePlay, ending
from game.scenes.table.priority import PriorityScene
from game.scenes.table.scene import TableScene
from game.scenes.table.scoreboard import ScoreboardScene
from tests.test_scene_events import app  # noqa: F401 (the app fixture: one copy)


class Link:
    """A link that says what the test queues, once."""

    waiting = False
    watchers = 2

    def __init__(self, *events):
        self.events = list(events)

    def poll(self):
        events, self.events = self.events, []
        return events


def session(opponent="computer") -> Session:
    s = Session.new(MatchOptions(rules="charpentier", length=1, opponent=opponent), seed=3)
    while s.phase is Phase.PRIORITY:
        s.throw_priority()
    return s


def part(*events):
    """An OnlinePlay over a queued link, and what it asked of its scene."""
    calls = {"banner": [], "say": [], "end": []}
    s = session()
    play = OnlinePlay(Link(*events), s, board_for(s.options.rules),
                      banner=lambda *said: calls["banner"].append(said),
                      say=lambda *said: calls["say"].append(said),
                      end=calls["end"].append)
    return play, calls


def test_the_link_part_needs_no_scene_and_says_what_mends_through_its_calls():
    play, calls = part(link_events.ConnectionLost(), link_events.Watchers(3))
    play.poll()
    assert "connection" in play.troubles and play.watchers == 3
    assert [str(words) for words, _hold in calls["say"]] == ["Waiting for the connection to the relay"]
    play.link.events.append(link_events.Reconnected())
    play.poll()
    assert not play.troubles
    assert [(str(words), kind) for words, kind, _hold in calls["banner"]] == [("Connected again", "note")]
    assert calls["end"] == []


@pytest.mark.parametrize("event", [link_events.FriendResigned(Side.WHITE),
                                   link_events.forfeit(Side.WHITE, "bad-reveal")])
def test_an_ending_ends_the_match_through_the_scenes_call_and_the_link_goes_quiet(event):
    play, calls = part(link_events.ConnectionLost(), event)
    play.poll()
    assert calls["end"] == [ending(event)] and play.ended == ending(event)
    assert not play.troubles                   # nothing is wrong any more: the match is over
    play.link.events.append(link_events.ConnectionLost())     # and the link is not heard again
    play.poll()
    assert not play.troubles and len(calls["end"]) == 1


def test_the_endings_are_the_friends_resignation_and_a_forfeit_each_with_its_words():
    assert set(ENDINGS) == {link_events.FriendResigned, link_events.Forfeit}
    assert str(ending(link_events.FriendResigned())) == "Your friend gave up the match: you win it."
    forfeit = link_events.forfeit(Side.BLACK, "bad-reveal")
    assert ending(forfeit) is forfeit.words and isinstance(ending(forfeit), Words)
    assert ending(link_events.ConnectionLost()) is None and ending(link_events.FriendAway("saved")) is None


def test_the_draw_is_given_its_values_and_keeps_the_ribbon_off_the_checkers():
    play, _calls = part(link_events.FriendAway("saved"))
    play.poll()
    surface = pygame.Surface((960, 600))
    play.view.fit(pygame.Rect(0, 50, 960, 500))
    play.draw(surface, 1.0, 0.5, play.session.position)
    assert play.ribbon is not None and play.ribbon.colliderect(play.view.board_rect())
    assert play.ribbon.collidelist(play.checkers(play.session.position)) < 0
    silent = OnlinePlay(None, play.session, play.view, banner=print, end=print)
    silent.draw(surface, 1.0, 0.5)
    assert silent.ribbon is None and silent.dealt() == {} and not silent.dice_wait




def test_the_table_the_priority_throw_and_the_scoreboard_end_on_the_same_events(app):
    app.keeper.adopt(session())
    table = TableScene(app)
    assert table.online.link is None            # a match against the computer: no link
    assert all(table.online.handlers[kind] == table.online._ended for kind in ENDINGS)
    fresh = Session.new(MatchOptions(rules="charpentier", length=1, opponent="computer"), seed=3)
    app.keeper.adopt(fresh)
    priority = PriorityScene(app)
    assert all(priority.online.handlers[kind] == priority.online._ended for kind in ENDINGS)
    app.keeper.adopt(session())
    board = ScoreboardScene(app)
    assert {kind for kind, handler in board.link_handlers.items() if handler == board._ended} == set(ENDINGS)


def test_an_ending_at_the_table_goes_back_to_the_title_with_the_reason(app):
    app.keeper.adopt(session())
    table = TableScene(app)
    app.scenes.push(table)
    table.online.link = Link(link_events.FriendResigned(Side.WHITE))
    table.online.poll()
    assert app.messages[-1] == "Your friend gave up the match: you win it."


def test_the_link_part_says_when_the_table_may_rest():
    """Issue 38.18: nothing of the link's moves by itself unless its ribbon pulses (0) or the
    dice wait for the friend (the next step of the waiting die); else STILL: the link's news
    wakes the loop. Without a link, STILL too."""
    from game.scenes.base import STILL
    from game.scenes.online.shared import FACE_TIME
    play, _calls = part()
    play.poll()
    assert play.next_frame(1.0) == STILL
    assert play.next_frame(FACE_TIME * 3 + 0.1, dice_wait=True) == pytest.approx(FACE_TIME - 0.1)
    play.link.events.append(link_events.ConnectionLost())
    play.poll()
    assert play.next_frame(1.0) == 0.0 and play.next_frame(1.0, dice_wait=True) == 0.0
    silent = OnlinePlay(None, play.session, play.view, banner=print, end=print)
    assert silent.next_frame(1.0, dice_wait=True) == STILL
