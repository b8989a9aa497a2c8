"""A few words between the players (issue 37.6) and a host back first (issue 37.7), at the link:
a phrase goes out as a numbered peer message, at most one each SAY_PAUSE seconds, and comes in
as FriendSaid, never judged by the referee; what the friend said as it left is kept with the
match, so that a game that comes back before its friend reads "saved and left"."""
import copy

from game.online.events import PHRASES, FriendAway, FriendSaid
from game.online.link import SAY_PAUSE, Link
from game.play.options import MatchOptions
from game.play.session import Session
from game.rules import Side
from test_online_link import FakeClient   # the link's stand-in websockets client

OPTIONS = MatchOptions(rules="charpentier", length=3, opponent="online", human_side=Side.WHITE)


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def friend_here(link, features=("say", "rematch")) -> None:
    """The relay's `peer`: the friend's game is in the room and takes these in (None: a relay or
    a friend's game from before features, whose `peer` has no such field)."""
    peer = {"type": "peer", "present": True}
    if features is not None:
        peer["features"] = list(features)
    link.client.inbox.put(("message", peer))
    link.poll()


def started_link(clock=None, features=("say", "rematch")) -> tuple[Link, Session]:
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    if clock is not None:
        link._clock = clock
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    session = Session.new(OPTIONS, seed=1)
    link.attach(session)
    friend_here(link, features)
    link.saved()
    return link, session


def test_every_hello_says_what_this_game_takes_in():
    link, _session = started_link()
    assert set(link.client.hello["features"]) >= {"say", "rematch"}
    from game.online.watch import watch_message
    assert set(watch_message("ACDEF9")["features"]) >= {"say", "rematch"}


def test_no_phrase_goes_to_a_relay_or_a_friend_that_does_not_take_it_in():
    """An older relay (its `peer` names no features) would refuse a `say` and leave a gap in
    seq: the game sends none - until a `peer` names it (a newer friend's game comes back)."""
    for features in (None, (), ("rematch",)):
        link, _session = started_link(features=features)
        assert not link.can_say() and not link.say("hello")
        assert "say" not in [m["type"] for m in link.state["outbox"]]
    friend_here(link, ("say",))
    assert link.can_say() and link.say("hello")
    friend_here(link, None)                 # the friend came back through an older relay
    assert not link.can_say()


def test_a_phrase_goes_out_once_saved_and_at_most_one_each_pause():
    clock = Clock()
    link, _session = started_link(clock)
    assert link.say("hello") and not link.say("thanks")      # too soon
    link.poll()
    assert not [m for m in link.client.sent if m.get("type") == "say"], "not before the save"
    link.saved()
    link.poll()
    said = [m for m in link.client.sent if m.get("type") == "say"]
    assert said == [{"type": "say", "phrase": "hello", "seq": said[0]["seq"]}]
    clock.now += SAY_PAUSE
    assert link.can_say() and link.say("thanks")
    assert not link.say("free text") and not link.say("")


def test_the_friends_phrase_is_said_with_its_name_and_never_judged():
    link, _session = started_link()
    link.state["friend_name"] = "Ada"
    link.client.inbox.put(("message", {"type": "say", "phrase": "good-luck", "seq": 0}))
    link.client.inbox.put(("message", {"type": "say", "phrase": "rude words", "seq": 1}))
    events = link.poll()
    said = [e for e in events if isinstance(e, FriendSaid)]
    assert said == [FriendSaid("good-luck", "Ada")] and said[0].words.said() == "Ada: Good luck!"
    assert not link.ended and link.state["have"] == 2 and link.state["inbox"] == []
    assert set(PHRASES) == {"hello", "good-luck", "well-played", "thanks", "one-moment"}


def test_a_host_back_first_reads_that_its_friend_saved_and_left():
    """Before: the friend's `away` was forgotten with the game, and the host's game, started
    again before its friend's, said "The connection with your friend's game was lost"."""
    link, session = started_link()
    link.client.inbox.put(("message", {"type": "peer", "present": True}))
    link.client.inbox.put(("message", {"type": "away", "turn": [0, -1], "why": "saved", "seq": 0}))
    link.client.inbox.put(("message", {"type": "peer", "present": False}))
    assert FriendAway("saved") in link.poll()
    session.online = copy.deepcopy(link.kept())          # the host saves and leaves
    again = Link.resume(session, client_factory=FakeClient)
    again.attach(session)
    again.client.inbox.put(("message", {"type": "peer", "present": False}))
    assert again.poll() == [FriendAway("saved")]
