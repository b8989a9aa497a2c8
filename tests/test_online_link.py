"""The link has every message of the other side judged by the match's referee (docs/online.md;
every cheat is tried once on the referee itself in tests/test_referee.py): a scripted raw client
plays the guest's seat against a real Link through a real relay process, honest, then with a
move the rules refuse - refused, the match ended in the honest side's favour and recorded so.
And random messages fed to a Link attached to a session never raise, never corrupt the
session, and end the match only as a Forfeit (or the other's resignation)."""
import queue
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.play.events import ThrowStarted
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Dealt, Phase, Session, play_out
from game.play.players import SyncThinker
from game.play.priority import PriorityFlow, RoundThrown
from game.online import dice, protocol
from game.online.events import (ConnectionLost, Forfeit, FriendAway, FriendBack, FriendJoined,
                                FriendResigned, Reconnected, Refused, Unreachable)
from game.online.link import Link
from game.online.protocol import PEER_TYPES
from game.rules import RULE_NAMES, Move, Side
from online_helpers import (RawGuest, code_of, folders, host_player, illegal_move, records,
                            relay_process, run_until)


def play_against(guest_class, prepare=None, timeout: float = 30.0):
    """A real host (in-process, the computer at novice) against `guest_class` on the guest's
    seat; the host's player and data folder once the host's match has ended."""
    with relay_process() as relay, folders(1) as (folder,):
        host = host_player(folder, relay.url)
        code = code_of(host)
        guest = guest_class(relay.url, code)
        try:
            if prepare is not None:
                prepare(guest)
                time.sleep(0.5)          # all of it has reached the host's link
            else:
                guest.accept()
            errors = []

            def host_frames():
                try:
                    run_until([host], lambda: host.over or host.failed, timeout)
                except BaseException as error:        # noqa: BLE001 - reported below
                    errors.append(error)
            thread = threading.Thread(target=host_frames, daemon=True)
            thread.start()
            if prepare is None:
                guest.play(lambda: host.over or not thread.is_alive(), timeout)
            thread.join(timeout + 5)
            assert not errors, errors
        finally:
            guest.close()
        return host, records(folder), (folder / "match.json").exists()


def assert_forfeit(result, reason: str) -> None:
    host, kept, saved = result
    forfeits = [e for e in host.seen if isinstance(e, Forfeit)]
    assert [f.reason for f in forfeits] == [reason], host.seen
    assert forfeits[0].winner is host.link.side
    assert str(forfeits[0].words).endswith("the match is yours.")
    match = [r for r in kept if r["kind"] == "match"]
    assert len(match) == 1 and match[0]["ended"] == f"forfeit: {reason}"
    assert match[0]["winner"] == str(host.link.side) and match[0]["opponent"] == "online"
    assert not saved             # the match is over: nothing left to continue


def test_an_honest_scripted_guest_plays_the_whole_match():
    """The scripted guest is honest unless told otherwise: the match then ends by its score,
    which shows the cheats below are refused for the cheat, not for the script."""
    host, kept, saved = play_against(RawGuest, timeout=60)
    assert not [e for e in host.seen if isinstance(e, Forfeit)]
    match = [r for r in kept if r["kind"] == "match"]
    assert len(match) == 1 and "ended" not in match[0] and not saved
    assert any(r["kind"] == "game" and r["turns"] for r in kept)


def test_an_illegal_move_is_refused():
    class Illegal(RawGuest):
        def choose(self, key, moves):
            return list(key), illegal_move(self.session)
    assert_forfeit(play_against(Illegal), "illegal-move")


# Fuzz: every message the link reads ------------------------------------------------------------

class FakeClient:
    """Stands in for the websockets client: what the test puts in its inbox, what the link sent."""

    def __init__(self, url, hello, **_options):
        self.url, self.hello = url, hello
        self.inbox = queue.Queue()
        self.sent = []

    def send(self, message):
        self.sent.append(message)

    def close(self, wait=0.0):
        pass


def attached_link(rules: str, steps: int, seat: str = "host"):
    """A link attached to an online session `steps` steps into its match (its throws dealt by
    the session's own generator: a session anywhere in a match), as after a hello answered."""
    options = MatchOptions(rules=rules, length=3, opponent="online", human_side=Side.WHITE)
    session = Session.new(options, seed=steps)
    count = [0]
    play_out(session, lambda s, moves: moves[0], lambda s: (count.__setitem__(0, count[0] + 1)
                                                              or count[0] > steps))
    link = Link.host("ws://127.0.0.1:9", options, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    ended = []
    link.attach(session, lambda *how: ended.append(how))
    if session.phase in (Phase.PRIORITY, Phase.THROW):
        link.deal(session)            # this side has committed to the throw under way
    kept(link, session)
    return link, session, ended


def kept(link, session) -> None:
    """What the keeper does after the flow's step: save the link's state with the session, then
    let the link send what waited for it."""
    session.online = link.kept()
    link.saved()


HEX = st.text("0123456789abcdef", min_size=64, max_size=64)
PLACE = st.lists(st.integers(-3, 70), min_size=0, max_size=3) | st.just([0, -1]) | st.just([0, 0])
FIELD = st.one_of(st.none(), st.booleans(), st.integers(-5, 10 ** 12), st.text(max_size=12), HEX,
                  PLACE, st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))
KINDS = st.sampled_from(["sync", "accept", "commit", "reveal", "move", "resign", "peer", "room",
                         "refused", "hello", "other", "away", "watchers"])


@st.composite
def peer_message(draw):
    message = {"type": draw(KINDS)}
    for name in draw(st.lists(st.sampled_from(
            ["seq", "have", "throw", "hash", "secret", "turn", "move", "present", "code", "token",
             "seat", "options", "reason", "why", "count", "logged"]), max_size=6)):
        message[name] = draw(FIELD)
    if draw(st.booleans()):
        message["seq"] = draw(st.integers(0, 3))
    if message["type"] == "move" and draw(st.booleans()):
        message["move"] = draw(st.sampled_from(["", "1-4", "24/18 13/11", "bar/20", "x" * 300,
                                                "6-1 6-1", "pass"]))
    return message


WORDS_EVENTS = (Forfeit, FriendResigned, FriendJoined, FriendAway, FriendBack, ConnectionLost,
                Reconnected, Refused, Unreachable)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(RULE_NAMES), steps=st.integers(0, 40),
       messages=st.lists(peer_message() | st.text(max_size=60).map(lambda t: ("text", t)),
                         max_size=8), counted=st.booleans())
def test_random_messages_never_break_the_link_nor_the_session(rules, steps, messages, counted):
    """`counted`: the messages numbered as the link expects, so that their fields are read."""
    link, session, ended = attached_link(rules, steps)
    before = (session.phase, str(session.position), session.dice, len(session.match.games))
    events = []
    for message in messages:
        if isinstance(message, tuple):      # a frame as it came: read as the client reads it
            try:
                message = protocol.read(message[1])
            except protocol.ProtocolError:
                continue
        if counted and isinstance(message, dict) and message.get("type") in PEER_TYPES:
            message = {**message, "seq": link.state["have"]}
        link.client.inbox.put(("message", message))
        events += link.poll()
        if not link.ended:
            kept(link, session)
    assert (session.phase, str(session.position), session.dice, len(session.match.games)) == before
    session.online = link.kept()
    Session.from_dict(session.to_dict())             # still a sound save
    endings = [e for e in events if isinstance(e, (Forfeit, FriendResigned))]
    if link.ended:
        assert len(endings) == 1 and len(ended) == 1
        assert link.state["ended"] in ("resigned",) or link.state["ended"].startswith("forfeit: ")
        if isinstance(endings[0], Forfeit):
            assert endings[0].winner is link.side and str(endings[0].words)
    else:
        assert not endings and not ended
    for event in events:
        assert isinstance(event, (*WORDS_EVENTS, type(None))) or type(event).__name__ in (
            "RoomOpened", "Offered", "FriendArrived", "Watchers"), event


def test_a_commitment_then_its_reveal_deal_the_throw_on_both_sides():
    """Two links with fake clients, wired by hand: the same faces and seed on both sides."""
    host, hs, _ = attached_link("garanguet", 0)
    options = MatchOptions(rules="garanguet", length=3, opponent="online", human_side=Side.BLACK)
    guest = Link.join("ws://127.0.0.1:9", "ACDEF9", "garanguet", client_factory=FakeClient)
    guest.state.update(token="1" * 32, started=True, options=host.state["options"])
    gs = Session.new(options, seed=5)
    guest.attach(gs)
    assert hs.phase is Phase.PRIORITY and guest.deal(gs) is None
    guest.poll()
    assert not guest.client.sent, "a commitment goes out only once saved"
    kept(guest, gs)
    guest.poll()
    assert [m["type"] for m in guest.client.sent] == ["commit"]
    for _ in range(6):                       # pass each side's messages to the other
        for a, b in ((host, guest), (guest, host)):
            for message in a.client.sent:
                if message["type"] != "sync":
                    b.client.inbox.put(("message", message))
            a.client.sent.clear()
        host.poll(), guest.poll()
        kept(host, hs), kept(guest, gs)
    dealt = host.deal(hs)
    assert dealt is not None and dealt == guest.deal(gs) and dealt.faces[-1][0] != dealt.faces[-1][1]
    assert hs.next_throw is None and gs.next_throw is None, "the flow hands the throw to the session"
    assert not host.ended and not guest.ended


def from_friend(link, *messages) -> list:
    """The friend's messages as they come, numbered as the link expects; the events polled."""
    events = []
    for message in messages:
        link.client.inbox.put(("message", {**message, "seq": link.state["have"]}))
        events += link.poll()
    return events


def at_friends_throw(rules: str = "bell"):
    """A link whose session is at the throw of its friend's side (a turn, not a priority
    throw), committed to by this side."""
    for steps in range(40):
        link, session, ended = attached_link(rules, steps)
        if session.phase is Phase.THROW and session.is_remote(session.to_move):
            return link, session, ended
    raise AssertionError("no throw of the friend's side in 40 steps")


def test_a_commitment_too_far_ahead_ends_the_match_as_the_referee_says():
    """The link asks the match's referee (tests/test_referee.py): a commitment more than two
    throws ahead ends the match in this side's favour (once, one was taken and used later)."""
    link, session, ended = at_friends_throw()
    game, turn = session.throw_key
    secret = dice.new_secret()
    events = from_friend(link, {"type": "commit", "throw": [game, turn + 10],
                                "hash": dice.commitment(secret)})
    forfeits = [e for e in events if isinstance(e, Forfeit)]
    assert [(f.reason, f.winner) for f in forfeits] == [("bad-message", link.side)]
    assert ended == [(link.side, "forfeit: bad-message")] and link.state["ended"] == ended[0][1]


def test_a_pass_the_rules_refuse_is_told_as_a_pass():
    """The friend's empty move when the rules have one for it: its words say a pass, not a
    move "()"."""
    link, session, ended = at_friends_throw()
    key = list(session.throw_key)
    secret = dice.new_secret()
    from_friend(link, {"type": "commit", "throw": key, "hash": dice.commitment(secret)},
                {"type": "reveal", "throw": key, "secret": secret})
    faces = link.referee.dealt(tuple(key), session.rules.dice_count).faces
    assert session.rules.legal_moves(session.position, faces)[0].steps
    events = from_friend(link, {"type": "move", "turn": key, "move": ""})
    forfeits = [e for e in events if isinstance(e, Forfeit)]
    assert [(f.reason, f.winner) for f in forfeits] == [("illegal-move", link.side)]
    assert str(forfeits[0].words) == ("Your friend's game passed its turn when the rules had a "
                                      "move for it: the match is yours.")


# The session and the flows of an online match -----------------------------------------------------

def online_options(rules="bell", side=Side.WHITE, **more):
    return MatchOptions(rules=rules, length=1, opponent="online", human_side=side, **more)


def test_a_dealt_throw_gives_its_faces_and_seed_and_the_generator_is_left_alone():
    session = Session.new(online_options(), seed=1)
    state = session.rng.getstate()
    session.next_throw = Dealt(((3, 3), (2, 2), (5, 1)), 77)
    assert session.physics_rng().random() == __import__("random").Random(77).random()
    assert [session.throw_priority() for _ in range(3)] == [(3, 3), (2, 2), (5, 1)]
    assert session.phase is Phase.THROW and session.to_move is Side.WHITE
    assert session.next_throw is None and session.throw_seed == 77
    session.next_throw = Dealt((6, 4), 99)
    assert session.throw() == (6, 4) and session.throw_seed == 99 and session.next_throw is None
    assert session.rng.getstate() == state


def test_the_other_games_side_is_remote_and_never_the_computers():
    session = Session.new(online_options(side=Side.BLACK, autoplay=True), seed=1)
    assert session.is_remote(Side.WHITE) and not session.is_remote(Side.BLACK)
    assert not session.is_computer(Side.WHITE) and session.is_computer(Side.BLACK)
    person = Session.new(online_options(side=Side.BLACK), seed=1)
    assert not person.is_computer(Side.BLACK) and not person.is_computer(Side.WHITE)
    assert not Session.new(MatchOptions(opponent="computer"), 1).is_remote(Side.BLACK)


def test_an_online_match_saves_its_link_state_and_an_old_save_loads_as_ever():
    session = Session.new(online_options(), seed=1)
    kept = {"url": "ws://127.0.0.1:8690", "seat": "guest", "token": "",
            "outbox": [{"type": "accept", "seq": 0}]}
    session.online = dict(kept)
    data = session.to_dict()
    session.online["seat"] = "changed later"
    assert Session.from_dict(data).online == kept
    for bad in (None, [1], "text", {**kept, "seat": "third"}, {**kept, "url": 5}):
        with pytest.raises(ValueError):
            Session.from_dict({**data, "online": bad} if bad is not None else
                              {k: v for k, v in data.items() if k != "online"})
    old = Session.new(MatchOptions(opponent="computer"), 1).to_dict()
    assert "online" not in old and Session.from_dict(old).online is None
    with pytest.raises(ValueError):
        Session.from_dict({**old, "online": kept})


def test_the_state_kept_for_a_save_is_a_copy_that_later_play_never_changes():
    """Link.kept (the keeper saves it at every throw and move) copies the state's shapes, as
    copy.deepcopy did, and anything else in it is copied deeply too."""
    import copy
    link = Link.__new__(Link)
    link.state = {"outbox": [{"type": "commit", "seq": 0, "throw": [0, -1]}], "have": 3,
                  "names": {"host": None}, "pair": (1, [2]), "odd": {1, 2}}
    kept = link.kept()
    assert kept == copy.deepcopy(link.state)
    link.state["outbox"][0]["seq"] = 9
    link.state["names"]["host"] = "Ann"
    link.state["pair"][1].append(3)
    link.state["odd"].add(3)
    assert kept["outbox"][0]["seq"] == 0 and kept["names"]["host"] is None
    assert kept["pair"] == (1, [2]) and kept["odd"] == {1, 2}


class Dealer:
    """A dealer that deals when told to, and notes the moves it is told of."""

    unsaved = False

    def __init__(self):
        self.ready, self.asked, self.moves = False, 0, []

    def deal(self, session):
        self.asked += 1
        if self.ready:
            return Dealt(((1, 2),) if session.phase is Phase.PRIORITY else (4, 2), 5)
        return None

    def moved(self, session, side, move, turn):
        self.moves.append((side, str(move), turn))


def test_the_flows_wait_for_the_dealer_and_never_take_back_a_move_sent():
    session = Session.new(online_options(), seed=1)
    dealer = Dealer()
    saves = []
    priority = PriorityFlow(session, lambda: saves.append(1), dealer=dealer)
    assert not priority.computers_only          # this side's person throws
    assert priority.throw() == [] and priority.waiting and session.phase is Phase.PRIORITY
    dealer.ready = True
    assert isinstance(priority.poll()[0], RoundThrown) and session.phase is Phase.THROW
    assert session.to_move is Side.BLACK        # 1 against 2: the other game's side starts
    remote = SyncThinker(lambda p, d, m: Move.parse("0-4 0-2"))
    flow = GameFlow(session, lambda: saves.append(1), {Side.BLACK: remote}, dealer=dealer)
    began = flow.start()
    assert began[-1].opponent                   # thrown for by itself, as the computer's is
    assert [type(e).__name__ for e in flow.throw()] == ["Notice"]    # not this person's dice
    dealer.ready = False
    assert flow.proceed() == [] and flow.stage is Stage.THROW and session.phase is Phase.THROW
    dealer.ready = True
    assert isinstance(flow.poll()[0], ThrowStarted) and session.dice == (4, 2)
    flow.proceed()                              # the dice lie still: the other game "thinks"
    assert flow.stage is Stage.THINK
    for _ in range(4):
        flow.proceed()
    assert flow.stage is Stage.THROW and dealer.moves == [(Side.BLACK, "0-4 0-2", [0, 0])]
    flow.throw()                                # this person throws...
    flow.proceed()                              # ...and the dice lie still
    assert flow.stage is Stage.CHOOSE
    flow.pick(0), flow.drop(4), flow.proceed(), flow.pick(0), flow.drop(2), flow.proceed()
    side, move, turn = dealer.moves[-1]
    assert side is Side.WHITE and move.replace("*", "") == "0-4 0-2" and turn == [0, 1]
    assert not flow.can_undo and [type(e).__name__ for e in flow.undo()] == ["Notice"]


def test_statistics_count_online_games_apart_and_won_by_this_games_side():
    from game.saves.stats import compute
    kept = [{"kind": "game", "opponent": "online", "human_side": "W", "winner": "W", "rules": "bell"},
            {"kind": "match", "opponent": "online", "human_side": "W", "winner": "B", "rules": "bell"},
            {"kind": "game", "opponent": "online", "human_side": "B", "winner": "W",
             "autoplay": True}]
    stats = compute(kept)
    assert (stats.online.games_played, stats.online.games_won) == (1, 1)
    assert (stats.online.matches_played, stats.online.matches_won) == (1, 0)
    assert stats.total.games_played == 0 and stats.two_players.games_played == 0


def test_an_online_match_over_is_never_played_again_by_rematch(tmp_path):
    from online_helpers import keeper_in
    keeper = keeper_in(tmp_path)
    session = Session.new(online_options(), seed=1)
    session.phase = Phase.MATCH_OVER
    keeper.adopt(session)
    assert keeper.rematch() is False and keeper.session is session     # a new room is needed


def test_a_relay_nearby_is_reached_directly_and_one_far_away_as_the_system_says():
    from game.online.client import nearby
    assert all(nearby(url) for url in ("ws://127.0.0.1:8690", "ws://192.168.1.20:8690",
                                       "ws://[::1]:5", "ws://localhost:1", "ws://10.0.0.7"))
    assert not any(nearby(url) for url in ("ws://relay.example.org", "wss://8.8.8.8/x", "ws://:1"))
