"""A rematch online (issue 37.5) and a watcher never stuck (issue 37.7): at the link, an offer
and its answer, the colours swapped or kept, both matches in the records, after a match played
to its end or a resignation (the room kept where both games take a rematch); the watcher follows
into the new match; a watcher whose relay lost the room asks again, and says once, after
FOLLOW_FOR seconds, that it cannot follow any more."""
import random

from game.online.events import (FriendResigned, RematchAgreed, RematchDeclined, RematchOffered,
                                Watchers)
from game.online.link import Link
from game.online.watch import (ASK_AGAIN, BUSY_AGAIN, FOLLOW_FOR, CannotFollow, MatchOver, Rematched, Watcher,
                               WatchersCount)
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase
from game.rules import Side
from game.saves.storage import Storage
from test_watch import FakeClient as WatchFeed, seen, watching  # noqa: F401  (the fixture too)
from test_watch import recorded, relay_url  # noqa: F401
from test_online_link import FakeClient   # the link's stand-in websockets client
from test_online_words import friend_here

OPTIONS = MatchOptions(rules="charpentier", length=3, opponent="online", human_side=Side.WHITE)


def over_match(tmp_path, features=("say", "rematch")):
    """A keeper whose online match (host, White) has just ended, recorded."""
    keeper = MatchKeeper(Storage(tmp_path), lambda words: None, random.Random(1))
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    keeper.start_online(link)
    friend_here(link, features)
    keeper.end_online(Side.WHITE, "")
    assert keeper.session.phase is Phase.MATCH_OVER
    return keeper, link


def sent(link, kind):
    return [m for m in link.state["outbox"] if m["type"] == kind]


def test_an_offer_accepted_starts_the_match_again_colours_swapped_and_records_both(tmp_path):
    keeper, link = over_match(tmp_path)
    assert link.offer_rematch(True) and not link.offer_rematch(True)      # once
    keeper.save()
    offer = sent(link, "rematch")[-1]
    assert offer["answer"] == "offer" and offer["swap"] is True and offer["seq"] == 0
    link.client.inbox.put(("message", {"type": "rematch", "answer": "accept", "swap": True,
                                       "seq": link.state["have"]}))
    assert RematchAgreed(True) in link.poll()
    assert link.options.human_side is Side.BLACK and link.state["options"]["host_side"] == "black"
    assert link.state["throws"] == {} and link.state["ended"] is None
    keeper.start_online(link)
    assert keeper.session.phase is Phase.PRIORITY and keeper.session.options.human_side is Side.BLACK
    keeper.end_online(Side.BLACK, "")
    matches = [r for r in keeper.storage.records()[0] if r["kind"] == "match"]
    assert [m["human_side"] for m in matches] == ["W", "B"]


def test_the_friends_offer_is_said_and_accepted_with_the_colours_kept(tmp_path):
    keeper, link = over_match(tmp_path)
    link.state["friend_name"] = "Ada"
    link.client.inbox.put(("message", {"type": "rematch", "answer": "offer", "swap": False,
                                       "seq": link.state["have"]}))
    events = link.poll()
    assert events == [RematchOffered(False, "Ada")]
    assert events[0].words.said() == "Ada offers a rematch, the colours kept."
    assert link.answer_rematch(True)
    assert sent(link, "rematch")[-1]["answer"] == "accept"
    assert RematchAgreed(False) in link.poll() and link.options.human_side is Side.WHITE


def test_a_declined_offer_is_said_and_nothing_starts(tmp_path):
    keeper, link = over_match(tmp_path)
    link.offer_rematch(False)
    link.client.inbox.put(("message", {"type": "rematch", "answer": "decline", "swap": False,
                                       "seq": link.state["have"]}))
    assert [type(e) for e in link.poll()] == [RematchDeclined]
    assert keeper.session.phase is Phase.MATCH_OVER and link.offer_rematch(True)


def test_no_rematch_offered_where_the_relay_or_the_friend_does_not_take_it_in(tmp_path):
    """An older relay (no features in its `peer`) would refuse a `rematch`: none is offered,
    and the scoreboard offers none (rematch_open)."""
    for features in (None, ("say",)):
        keeper, link = over_match(tmp_path / str(features), features)
        assert not link.rematch_open and not link.offer_rematch(True)
        assert not sent(link, "rematch")


def test_no_rematch_during_a_match_nor_an_answer_to_no_offer(tmp_path):
    keeper = MatchKeeper(Storage(tmp_path), lambda words: None, random.Random(1))
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    keeper.start_online(link)
    assert not link.offer_rematch(True) and not link.answer_rematch(True)
    link.client.inbox.put(("message", {"type": "rematch", "answer": "accept", "swap": True,
                                       "seq": link.state["have"]}))
    assert not any(isinstance(e, RematchAgreed) for e in link.poll()) and not link.ended


def playing(tmp_path, features=("say", "rematch")):
    """A keeper whose online match (host, White) is under way, the friend's game in the room."""
    keeper = MatchKeeper(Storage(tmp_path), lambda words: None, random.Random(1))
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    keeper.start_online(link)
    friend_here(link, features)
    return keeper, link


def closed(link) -> list:
    """Follows the link's client being closed (the room left)."""
    gone = []
    link.client.close = lambda wait=0.0: gone.append(True)
    return gone


def matches(keeper) -> list:
    return [r for r in keeper.storage.records()[0] if r["kind"] == "match"]


def test_a_side_that_resigns_keeps_the_room_and_either_side_may_offer_a_rematch(tmp_path):
    """Issue 37: a resignation ends the match as a loss (recorded, the save cleared) but keeps
    the room, as a match played to its end: a rematch is offered from here; both matches are
    recorded."""
    keeper, link = playing(tmp_path)
    gone = closed(link)
    link.resign()
    keeper.save()
    assert [m["type"] for m in link.state["outbox"]][-2:] == ["away", "resign"]
    assert not gone and link.ended and link.rematch_open
    assert keeper.session.phase is Phase.MATCH_OVER and not keeper.can_continue()
    assert [(m["winner"], m["ended"]) for m in matches(keeper)] == [("B", "resigned")]
    assert link.offer_rematch(False)
    keeper.save()
    assert sent(link, "rematch")[-1]["answer"] == "offer"
    link.client.inbox.put(("message", {"type": "rematch", "answer": "accept", "swap": False,
                                       "seq": link.state["have"]}))
    assert RematchAgreed(False) in link.poll() and not link.ended
    keeper.start_online(link)
    assert keeper.session.phase is Phase.PRIORITY
    keeper.end_online(Side.WHITE, "")
    assert [m["winner"] for m in matches(keeper)] == ["B", "W"]


def test_the_friends_resignation_keeps_the_room_for_its_offer(tmp_path):
    keeper, link = playing(tmp_path)
    gone = closed(link)
    link.client.inbox.put(("message", {"type": "resign", "turn": [0, -1], "seq": link.state["have"]}))
    assert [type(e) for e in link.poll()] == [FriendResigned]
    assert not gone and link.rematch_open
    assert [(m["winner"], m["ended"]) for m in matches(keeper)] == [("W", "resigned")]
    link.client.inbox.put(("message", {"type": "rematch", "answer": "offer", "swap": True,
                                       "seq": link.state["have"]}))
    assert [type(e) for e in link.poll()] == [RematchOffered]
    assert link.answer_rematch(True) and RematchAgreed(True) in link.poll()


def test_a_resignation_where_the_friend_or_relay_takes_no_rematch_leaves_the_room(tmp_path):
    for features in (None, ("say",)):
        keeper, link = playing(tmp_path / str(features), features)
        gone = closed(link)
        link.resign()
        assert gone and link.ended and not link.rematch_open and not link.offer_rematch(True)
        assert matches(keeper)[0]["ended"] == "resigned"


def test_the_watcher_follows_into_the_rematch(recorded):  # noqa: F811
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=WatchFeed, follow_rematch=True)
    watcher.client.put(watching(recorded))
    for seat, message in recorded["log"]:
        watcher.client.put(seen(seat, message))
    events = watcher.poll()
    assert isinstance(events[-1], MatchOver) and not watcher.done
    host_side = watcher.sides["host"]
    nexts = {seat: max(m["seq"] for s, m in recorded["log"] if s == seat) + 1 for seat in ("host", "guest")}
    # (as the relay's protocol passes them: this branch's protocol.read may not know them yet)
    watcher.client.inbox.put(("message", seen("guest", {"type": "rematch", "answer": "offer",
                                                        "swap": True, "seq": nexts["guest"]})))
    watcher.client.inbox.put(("message", seen("host", {"type": "rematch", "answer": "accept",
                                                       "swap": True, "seq": nexts["host"]})))
    events = watcher.poll()
    assert [type(e) for e in events] == [Rematched] and events[0].swap
    assert watcher.sides["host"] is host_side.other and watcher.over is None
    assert watcher.session.phase is Phase.PRIORITY


def test_the_watcher_follows_into_the_rematch_after_a_resignation(recorded):  # noqa: F811
    """The guest resigns mid-match (its `away` "abandoned", then `resign`), the room kept: the
    watcher says the match over, then follows into the rematch."""
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=WatchFeed, follow_rematch=True)
    watcher.client.put(watching(recorded))
    log = recorded["log"][:len(recorded["log"]) // 2]
    for seat, message in log:
        watcher.client.put(seen(seat, message))
    watcher.poll()
    nexts = {seat: max(m["seq"] for s, m in log if s == seat) + 1 for seat in ("host", "guest")}
    turn = list(watcher.session.throw_key)
    for message in ({"type": "away", "turn": turn, "why": "abandoned"}, {"type": "resign", "turn": turn}):
        watcher.client.inbox.put(("message", seen("guest", {**message, "seq": nexts["guest"]})))
        nexts["guest"] += 1
    events = watcher.poll()
    assert isinstance(events[-1], MatchOver) and events[-1].how == "resigned" and not watcher.done
    watcher.client.inbox.put(("message", seen("host", {"type": "rematch", "answer": "offer",
                                                       "swap": False, "seq": nexts["host"]})))
    watcher.client.inbox.put(("message", seen("guest", {"type": "rematch", "answer": "accept",
                                                        "swap": False, "seq": nexts["guest"]})))
    events = watcher.poll()
    assert [type(e) for e in events] == [Rematched] and watcher.over is None
    assert watcher.session.phase is Phase.PRIORITY


def test_without_following_the_watch_ends_with_the_match(recorded):  # noqa: F811
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=WatchFeed)
    watcher.client.put(watching(recorded))
    for seat, message in recorded["log"]:
        watcher.client.put(seen(seat, message))
    watcher.poll()
    assert watcher.done


class Clock:
    now = 0.0

    def __call__(self):
        return self.now


def test_a_room_lost_is_asked_for_again_and_given_up_once_after_a_while(recorded):  # noqa: F811
    made, clock = [], Clock()

    def feed(url, code):
        made.append(WatchFeed(url, code))
        return made[-1]
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=feed, clock=clock)
    watcher.client.put(watching(recorded))
    watcher.poll()
    watcher.client.put({"type": "refused", "reason": "no-such-room", "detail": ""})
    events = watcher.poll()
    assert "lost this match for now" in events[0].words.said() and not watcher.done
    clock.now += ASK_AGAIN
    watcher.poll()
    assert len(made) == 2, "asked again"
    made[-1].put({"type": "refused", "reason": "no-record", "detail": ""})
    assert watcher.poll() == []                       # said once, not at each refusal
    clock.now += FOLLOW_FOR
    events = watcher.poll()
    assert [type(e) for e in events] == [CannotFollow] and watcher.done
    assert "cannot be followed any more" in events[0].words.said()
    assert watcher.poll() == []                       # once


def test_a_room_given_back_is_followed_again(recorded):  # noqa: F811
    made, clock = [], Clock()

    def feed(url, code):
        made.append(WatchFeed(url, code))
        return made[-1]
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=feed, clock=clock)
    watcher.client.put(watching(recorded))
    watcher.poll()
    watcher.client.put({"type": "refused", "reason": "no-record", "detail": ""})
    watcher.poll()
    clock.now += ASK_AGAIN
    watcher.poll()
    made[-1].put(watching(recorded))                  # the players' games gave the match back
    for seat, message in recorded["log"]:
        made[-1].put(seen(seat, message))
    events = watcher.poll()
    clock.now += FOLLOW_FOR
    events += watcher.poll()
    assert not any(isinstance(e, CannotFollow) for e in events)
    assert isinstance(events[-1], MatchOver)


def test_a_room_the_relay_will_never_show_again_is_given_up_at_once(recorded):  # noqa: F811
    """A relay that knows it will never show the room again (a player's game keeps no history,
    or a vouch disagreed) says so (`final`): the watcher says it cannot follow at once, without
    waiting FOLLOW_FOR (issue 37.7)."""
    made, clock = [], Clock()

    def feed(url, code):
        made.append(WatchFeed(url, code))
        return made[-1]
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=feed, clock=clock)
    watcher.client.put(watching(recorded))
    watcher.poll()
    watcher.client.put({"type": "refused", "reason": "no-record", "detail": "", "final": True})
    events = watcher.poll()
    assert [type(e) for e in events] == [CannotFollow] and watcher.done and len(made) == 1


def test_a_watcher_counts_no_watchers_while_its_relay_is_lost_and_the_new_count_when_back(
        recorded):  # noqa: F811
    made, clock = [], Clock()

    def feed(url, code):
        made.append(WatchFeed(url, code))
        return made[-1]
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=feed, clock=clock)
    watcher.client.put(watching(recorded, watchers=2))
    watcher.poll()
    assert watcher.watchers == 2
    watcher.client.inbox.put(("lost",))
    events = watcher.poll()
    assert [e.count for e in events if isinstance(e, WatchersCount)] == [0]
    assert watcher.watchers == 0
    watcher.client.put(watching(recorded, watchers=1))      # a relay restarted: only this one
    events = watcher.poll()
    assert [e.count for e in events if isinstance(e, WatchersCount)] == [1]
    assert watcher.watchers == 1


def test_a_players_count_of_watchers_is_forgotten_with_its_relay(tmp_path):
    """The relay that counted the watchers is lost: the side panel says none until a relay
    tells again (a relay restarted that has none never says 0)."""
    keeper, link = over_match(tmp_path)
    link.client.inbox.put(("message", {"type": "watchers", "count": 1}))
    link.poll()
    assert link.watchers == 1
    link.client.inbox.put(("lost",))
    events = link.poll()
    assert [e.count for e in events if isinstance(e, Watchers)] == [0] and link.watchers == 0


def test_a_relay_that_counts_too_many_tries_is_asked_again_later(recorded):  # noqa: F811
    """Once following, "too-many" (the players' games and the watchers of one home trying a
    relay restarted, all from one address) is not the watch's end: asked again after
    BUSY_AGAIN seconds, FOLLOW_FOR at most."""
    made, clock = [], Clock()

    def feed(url, code):
        made.append(WatchFeed(url, code))
        return made[-1]
    watcher = Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=feed, clock=clock)
    watcher.client.put(watching(recorded))
    watcher.poll()
    watcher.client.put({"type": "refused", "reason": "too-many", "detail": ""})
    watcher.poll()
    assert not watcher.done and watcher.failed is None
    clock.now += ASK_AGAIN
    watcher.poll()
    assert len(made) == 1, "not as soon as a room lost"
    clock.now += BUSY_AGAIN
    watcher.poll()
    assert len(made) == 2, "asked again"
