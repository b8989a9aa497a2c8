"""Issue 30, item 6 and the players' side of watching, on the wire (a link with a stand-in
client): the hints go with the room's options (a room from an older game, without them, reads
as hints off), are shown to the guest in the offer and kept in the save; the relay's
`watchers` news is taken in; a room answer's `logged: k` makes the link resend its outbox from
seq k; a saved match's hello carries its options; the host hears its friend arrive."""
from game.online.events import FriendArrived, Watchers
from game.online import protocol
from game.online.link import Link, options_from_wire, wire_options
from game.play.options import MatchOptions
from game.play.session import Session
from game.rules import Side
from game.scenes.online.join import offered_rows
from test_online_link import FakeClient, attached_link, kept


def test_the_hints_go_with_the_options_and_an_older_room_reads_them_off():
    for hints in (True, False):
        options = MatchOptions(rules="bell", length=3, opponent="online", human_side=Side.BLACK,
                               hints=hints)
        wire = wire_options(options)
        assert wire["hints"] is hints
        assert options_from_wire(wire, "guest").hints is hints
        assert options_from_wire(wire, "host").hints is hints
        rows = dict(offered_rows(wire))
        assert rows["Hints"] == ("On" if hints else "Off")
    older = {k: v for k, v in wire.items() if k != "hints"}
    assert options_from_wire(older, "guest").hints is False
    assert options_from_wire({**older, "hints": "yes"}, "guest").hints is False


def test_the_hints_are_kept_in_the_save_on_both_sides():
    options = MatchOptions(rules="bell", length=1, opponent="online", human_side=Side.WHITE,
                           hints=False)
    host = Link.host("ws://127.0.0.1:9", options, client_factory=FakeClient)
    assert host.options.hints is False and host.state["options"]["hints"] is False
    guest = Link.join("ws://127.0.0.1:9", "ACDEF9", "bell", client_factory=FakeClient)
    guest.client.inbox.put(("message", {"type": "room", "code": "ACDEF9", "seat": "guest",
                                        "token": "1" * 32, "options": host.state["options"]}))
    guest.poll()
    for link in (host, guest):
        session = Session.new(link.options, seed=3)
        session.online = link.kept()
        again = Session.from_dict(session.to_dict())
        assert again.options.hints is False


def test_watchers_news_is_taken_in():
    link, _session, _ended = attached_link("bell", 3)
    link.client.inbox.put(("message", {"type": "watchers", "count": 3}))
    link.client.inbox.put(("message", {"type": "watchers", "count": -1}))
    events = link.poll()
    assert Watchers(3) in events and link.watchers == 3
    assert not [e for e in events if isinstance(e, Watchers) and e.count < 0]


def test_a_room_answer_with_logged_resends_the_outbox_from_there():
    link, session, _ended = attached_link("bell", 0)
    for _ in range(3):
        link._queue({"type": "move", "turn": [0, 0], "move": ""})
    kept(link, session)
    link.poll()
    outbox = [m["seq"] for m in link.state["outbox"]]
    assert len(outbox) >= 4
    link.client.sent.clear()
    link.client.inbox.put(("message", {"type": "room", "code": "ACDEF9", "seat": "host",
                                       "token": "0" * 32, "options": {}, "logged": outbox[1]}))
    link.poll()
    again = [m["seq"] for m in link.client.sent if "seq" in m]
    assert again == outbox[1:]


def test_a_saved_match_says_hello_with_its_token_and_options():
    link, session, _ended = attached_link("bell", 5)
    session.online = link.kept()
    again = Link.resume(Session.from_dict(session.to_dict()), client_factory=FakeClient)
    hello = again.client.hello
    assert hello["token"] == "0" * 32 and hello["seat"] == "host"
    assert hello["options"] == link.state["options"] and hello["options"]["rules"] == "bell"


def test_the_host_hears_its_friend_arrive_before_they_accept():
    options = MatchOptions(rules="bell", length=1, opponent="online", human_side=Side.WHITE)
    host = Link.host("ws://127.0.0.1:9", options, client_factory=FakeClient)
    host.client.inbox.put(("message", {"type": "room", "code": "ACDEF9", "seat": "host",
                                       "token": "0" * 32, "options": host.state["options"]}))
    host.client.inbox.put(("message", {"type": "peer", "present": True}))
    assert FriendArrived(True) in host.poll()
    host.client.inbox.put(("message", {"type": "peer", "present": False}))
    assert FriendArrived(False) in host.poll()


def test_a_relay_restarted_that_takes_histories_is_given_this_games_whole_history_and_a_vouch():
    """Issue 37.7: the outbox keeps only what the friend has not acknowledged, the history every
    message sent; a re-opened room (`reopened`, the relay naming "history") gets it all from its
    `logged`, then the vouch for the friend's messages taken in. An older relay (no "history")
    gets only the outbox, as before, and no vouch."""
    link, session, _ended = attached_link("bell", 0)
    for _ in range(3):
        link._queue({"type": "move", "turn": [0, 0], "move": ""})
    kept(link, session)
    link.poll()
    heard = {"type": "move", "seq": 0, "turn": [0, 0], "move": ""}
    link.client.inbox.put(("message", heard))
    link._acknowledged(2)
    link.poll()
    assert link.keeps_history and "history" in link.client.hello["features"]
    assert [m["seq"] for m in link.state["outbox"]] == list(range(2, link.state["sent"]))
    answer = {"type": "room", "code": "ACDEF9", "seat": "host", "token": "0" * 32,
              "options": {}, "logged": 0, "reopened": True}
    for features, resent in (([], range(2, link._flushed)),
                             (["say", "rematch", "history"], range(link._flushed))):
        link.client.sent.clear()
        link.client.inbox.put(("message", {**answer, "features": features}))
        link.poll()
        assert [m["seq"] for m in link.client.sent if "seq" in m] == list(resent)
        vouches = [m for m in link.client.sent if m["type"] == "vouch"]
        assert vouches == ([{"type": "vouch", "have": 1,
                             "digest": protocol.chained(protocol.NO_HISTORY, heard)}]
                           if "history" in features else [])


def test_a_match_saved_without_its_history_does_not_offer_one():
    """A match an older game saved (no `history` nor `heard`) cannot be resent from seq 0: its
    hello does not name "history", and a re-opened room gets no vouch from it."""
    link, session, _ended = attached_link("bell", 2)
    link._queue({"type": "move", "turn": [0, 0], "move": ""})
    kept(link, session)
    saved = link.kept()
    del saved["history"], saved["heard"]
    session.online = saved
    again = Link.resume(Session.from_dict(session.to_dict()), client_factory=FakeClient)
    assert not again.keeps_history and "history" not in again.client.hello["features"]
    again.client.inbox.put(("message", {"type": "room", "code": "ACDEF9", "seat": "host",
                                        "token": "0" * 32, "options": {}, "logged": 0,
                                        "reopened": True, "features": ["history"]}))
    again.poll()
    assert not [m for m in again.client.sent if m["type"] == "vouch"]


def test_a_match_taken_up_again_resends_what_its_friend_had_not_acknowledged():
    """Played by hand: the host saved and left before its friend acknowledged its last
    messages (its `away` among them); taken up again, those were put on the wire only after
    its next save (its turn to throw, maybe much later), so a relay restarted never had the
    host's whole history and the room stayed unwatchable. Everything in a save is saved: it
    goes out again at once, to the relay restarted and on the friend's `sync`."""
    link, session, _ended = attached_link("bell", 2)
    for _ in range(3):
        link._queue({"type": "move", "turn": [0, 0], "move": ""})
    kept(link, session)
    link.poll()
    sent = link.state["sent"]
    assert [m["seq"] for m in link.state["outbox"]] == list(range(sent))     # none acknowledged
    session.online = link.kept()
    again = Link.resume(Session.from_dict(session.to_dict()), client_factory=FakeClient)
    again.poll()
    again.client.sent.clear()
    again.client.inbox.put(("message", {"type": "room", "code": "ACDEF9", "seat": "host",
                                        "token": "0" * 32, "options": {}, "logged": 0,
                                        "reopened": True, "features": ["history"]}))
    again.client.inbox.put(("message", {"type": "sync", "have": 1}))
    again.poll()
    seqs = [m["seq"] for m in again.client.sent if "seq" in m]
    assert seqs == list(range(sent)) + list(range(1, sent))     # to the relay, then the friend
