"""Watching a room, the relay's side (/work/brief/WATCH.md, docs/online.md "Watching a room"):
the `watch` message and the relay's answers, WATCHERS a room, the room's log (once per seat and
seq, never `sync`, bounded), `logged` in the room answer, and a watcher that can change nothing.
Raw WebSocket clients against a relay on a thread of this process (its rooms can be looked at);
every receive has a timeout."""
import contextlib
import json
import queue
import time
import socket

import pytest

from game.online import protocol, relay
from game.online.protocol import ProtocolError
from test_relay import (OPTIONS, WAIT, Clock, client, hello, host, move, pair, passes, receive,
                        relay_thread, until)
from test_relay_limits import handshake

#: What `players` and `watching` say of games that gave no name (docs/online.md, "Names").
NO_NAMES = {"host": None, "guest": None}


def watch_message(code, **fields) -> str:
    return protocol.write("watch", **{"protocol": protocol.PROTOCOL,
                                      "version": protocol.GAME_VERSION, "room": code, **fields})


def watcher(url, code):
    """A watcher let in: (its connection, its `watching` answer)."""
    connection = client(url)
    connection.send(watch_message(code))
    answer = receive(connection)
    assert answer["type"] == "watching", answer
    return connection, answer


def refused_watch(url, code, **fields) -> str:
    with client(url) as connection:
        connection.send(watch_message(code, **fields))
        answer = receive(connection)
        assert answer["type"] == "refused", answer
        return answer["reason"]


def commit(seq, throw=(0, -1)) -> str:
    return protocol.write("commit", seq=seq, throw=list(throw), hash=f"{seq:064x}")


def seen(connection) -> tuple[str, dict]:
    message = receive(connection)
    assert message["type"] == "seen", message
    return message["seat"], message["message"]


def watchers_told(connection, count) -> None:
    assert receive(connection) == {"type": "watchers", "count": count}


def room_of(running, code):
    return running.call(lambda: running.relay.rooms[code])


def silent(connection, seconds=0.3) -> bool:
    """Nothing comes on `connection` for `seconds`."""
    with contextlib.suppress(TimeoutError):
        connection.recv(timeout=seconds)
        return False
    return True


# The protocol ---------------------------------------------------------------------------------

GOOD = [
    watch_message("acd-ef9"),
    protocol.write("watching", code="ACDEF9", rules="garanguet", options=OPTIONS, watchers=1,
                   players={"host": True, "guest": False}),
    protocol.write("seen", seat="guest", message={"type": "move", "seq": 3, "turn": [0, 4],
                                                  "move": ""}),
    protocol.write("players", host=False, guest=True),
    protocol.write("watchers", count=8),
    protocol.write("refused", reason="watchers-full"), protocol.write("refused", reason="no-record"),
    protocol.write("away", seq=9, turn=[2, 14], why="saved"),
    protocol.write("away", seq=0, turn=[0, -1], why="abandoned"),
    protocol.write("room", code="ACDEF9", seat="host", token="a" * 32, options={}, logged=12),
    hello("ACDEF9", token="0" * 32, seat="host", options=OPTIONS),
]


@pytest.mark.parametrize("text", GOOD)
def test_read_takes_the_watching_messages(text):
    assert protocol.read(text)["type"] == json.loads(text)["type"]


BAD = [
    (watch_message("ACDEF9", protocol=2), "protocol"),
    (watch_message("ABC"), "bad-message"), (watch_message("ACDEF9", version=None), "bad-message"),
    (protocol.write("watching", code="ACDEF9", rules="chess", options={}, watchers=1,
                    players={"host": True, "guest": True}), "bad-message"),
    (protocol.write("watching", code="ACDEF9", rules="garanguet", options={}, watchers=9,
                    players={"host": True, "guest": True}), "bad-message"),
    (protocol.write("seen", seat="host", message={"type": "sync", "have": 0}), "bad-message"),
    (protocol.write("seen", seat="host", message={"type": "move", "seq": 0}), "bad-message"),
    (protocol.write("seen", seat="third", message={"type": "accept", "seq": 0}), "bad-message"),
    (protocol.write("players", host=1, guest=True), "bad-message"),
    (protocol.write("watchers", count=-1), "bad-message"),
    (protocol.write("away", seq=1, turn=[0, 1], why="bored"), "bad-message"),
    (protocol.write("away", turn=[0, 1], why="saved"), "bad-message"),
    (protocol.write("room", code="ACDEF9", seat="host", token="a" * 32, options={}, logged=-1),
     "bad-message"),
    (hello("ACDEF9", options=OPTIONS), "bad-message"),         # options without a token
    (hello("ACDEF9", token="0" * 32, options={**OPTIONS, "length": 0}), "bad-message"),
]


@pytest.mark.parametrize("text, reason", BAD)
def test_read_refuses_watching_messages_with_the_reason(text, reason):
    with pytest.raises(ProtocolError) as refusal:
        protocol.read(text)
    assert refusal.value.reason == reason


# The relay ------------------------------------------------------------------------------------

def test_eight_watchers_and_the_ninth_is_refused():
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with contextlib.ExitStack() as stack:
            stack.enter_context(first)
            stack.enter_context(second)
            watching = []
            for count in range(1, protocol.WATCHERS + 1):
                connection, answer = watcher(running.url, room["code"])
                stack.enter_context(connection)
                assert answer["watchers"] == count
                assert answer["players"] == {"host": True, "guest": True}
                assert answer["options"] == OPTIONS and answer["rules"] == "charpentier"
                watchers_told(first, count)
                watchers_told(second, count)
                for other in watching:
                    watchers_told(other, count)
                watching.append(connection)
            assert refused_watch(running.url, room["code"]) == "watchers-full"
            # One leaves: everyone is told, and there is a place again.
            watching.pop().close()
            watchers_told(first, protocol.WATCHERS - 1)
            for other in watching:
                watchers_told(other, protocol.WATCHERS - 1)
            connection, answer = watcher(running.url, room["code"])
            stack.enter_context(connection)
            assert answer["watchers"] == protocol.WATCHERS


def test_refusals_of_a_watch():
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with first, second:
            assert refused_watch(running.url, "ACDEF9") == "no-such-room"
            assert refused_watch(running.url, room["code"], version="9.9.9") == "version"
            assert refused_watch(running.url, room["code"], protocol=7) == "protocol"


def test_a_watcher_that_sends_anything_changes_nothing():
    with relay_thread(limit=0) as running:
        first, second, room, joined = pair(running.url)
        with first, second:
            passes(first, second, commit(0))
            passes(second, first, commit(0))
            log = list(room_of(running, room["code"]).log)
            spy, _ = watcher(running.url, room["code"])
            with spy:
                watchers_told(first, 1)
                watchers_told(second, 1)
                assert [seen(spy) for _ in log] == [("host", json.loads(commit(0))),
                                                    ("guest", json.loads(commit(0)))]
                for text in (move(1), commit(1), move(0),
                             protocol.write("reveal", seq=1, throw=[0, -1], secret="0" * 64),
                             protocol.write("resign", seq=2, turn=[0, 0]),
                             protocol.write("sync", have=0),
                             hello(room["code"], token=room["token"], seat="host"),
                             hello(room["code"], token=joined["token"]),
                             hello(room["code"]), hello(), watch_message(room["code"]),
                             "not json", b"\x00binary"):
                    spy.send(text)
                assert silent(first) and silent(second)
                # The seats got nothing of it, and no seat changed hands: their own messages
                # still pass, and are the next thing each receives.
                passes(first, second, move(1))
                passes(second, first, move(1))
                assert seen(spy) == ("host", json.loads(move(1)))
                assert seen(spy) == ("guest", json.loads(move(1)))
                assert silent(spy)
                now = room_of(running, room["code"])
                assert now.log == log + [f'{{"type":"seen","seat":"host","message":{move(1)}}}',
                                         f'{{"type":"seen","seat":"guest","message":{move(1)}}}']
                assert now.logged == {"host": 2, "guest": 2}
                assert now.seats["host"].connection is not None
                assert len(now.watchers) == 1


def test_a_watcher_arriving_late_gets_the_log_in_order_then_what_passes_live():
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with first, second:
            sent = []
            for seq in range(6):
                passes(first, second, commit(seq))
                passes(second, first, move(seq))
                sent += [("host", commit(seq)), ("guest", move(seq))]
            passes(first, second, protocol.write("sync", have=3))     # never logged
            second.close()                                  # held for the guest: logged
            assert receive(first) == {"type": "peer", "present": False}
            first.send(commit(6))
            sent.append(("host", commit(6)))
            until(lambda: room_of(running, room["code"]).logged["host"] == 7)
            spy, answer = watcher(running.url, room["code"])
            with spy:
                assert answer["players"] == {"host": True, "guest": False}
                watchers_told(first, 1)
                for seat, text in sent:
                    assert seen(spy) == (seat, json.loads(text))
                with client(running.url) as back:           # the guest comes back
                    back.send(hello(room["code"], token=_guest_token(running, room)))
                    answer = receive(back)
                    assert answer["type"] == "room" and answer["logged"] == 6
                    assert receive(back) == {"type": "peer", "present": True}
                    watchers_told(back, 1)
                    assert receive(back) == json.loads(commit(6))   # held for it
                    assert receive(spy) == {"type": "players", "host": True, "guest": True,
                                            "names": NO_NAMES}
                    assert receive(first) == {"type": "peer", "present": True}
                    passes(back, first, move(6))
                    assert seen(spy) == ("guest", json.loads(move(6)))


def _guest_token(running, room):
    return room_of(running, room["code"]).seats["guest"].token


def test_a_message_resent_is_logged_once_and_shown_once():
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with first, second:
            spy, _ = watcher(running.url, room["code"])
            with spy:
                watchers_told(first, 1)
                watchers_told(second, 1)
                for text in (commit(0), commit(1), commit(0), commit(1), commit(3), commit(2)):
                    passes(first, second, text)             # the seat gets each, as sent
                assert [seen(spy) for _ in range(3)] == [
                    ("host", json.loads(commit(seq))) for seq in range(3)]
                assert silent(spy)
                log = room_of(running, room["code"]).log
                assert len(log) == 3 and room_of(running, room["code"]).logged["host"] == 3


def test_the_log_never_passes_its_bound_and_then_lets_no_watcher_in(monkeypatch):
    monkeypatch.setattr(relay, "LOG_BYTES", 2000)
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with first, second:
            spy, _ = watcher(running.url, room["code"])
            with spy:
                watchers_told(first, 1)
                watchers_told(second, 1)
                sizes = []
                for seq in range(40):
                    passes(first, second, commit(seq))
                    sizes.append(room_of(running, room["code"]).log_bytes)
                    assert seen(spy) == ("host", json.loads(commit(seq)))    # live, still
                assert max(sizes) <= 2000 and sizes[-1] == 0
                assert room_of(running, room["code"]).overflowed
                assert refused_watch(running.url, room["code"]) == "no-record"


def reopened(running, stack, features=("history",)) -> dict:
    """Both seats back to a relay that never knew their room (restarted): their connections."""
    tokens = {"host": "a" * 32, "guest": "b" * 32}
    seats = {}
    for name in ("host", "guest"):
        seats[name] = stack.enter_context(client(running.url))
        seats[name].send(hello("ACDEF9", token=tokens[name], seat=name, features=list(features),
                               **({"options": OPTIONS} if name == "guest" else {})))
        answer = receive(seats[name])
        assert answer["logged"] == 0 and answer["seat"] == name
        assert answer["reopened"] is True       # the other seat: not lost, unknown
        assert "history" in answer["features"]
        receive(seats[name])                        # peer
    receive(seats["host"])                          # peer: present
    return seats


def vouch(messages) -> str:
    """A game's vouch for the other seat's messages it took in."""
    digest = protocol.NO_HISTORY
    for text in messages:
        digest = protocol.chained(digest, json.loads(text))
    return protocol.write("vouch", have=len(messages), digest=digest)


def refusal_of_watch(url, code) -> dict:
    with client(url) as connection:
        connection.send(watch_message(code))
        answer = receive(connection)
        assert answer["type"] == "refused", answer
        return answer


def test_a_room_opened_again_lets_watchers_in_once_each_seat_vouched_for_the_others_history():
    with relay_thread(limit=0) as running, contextlib.ExitStack() as stack:
        seats = reopened(running, stack)
        assert room_of(running, "ACDEF9").options == OPTIONS    # from the guest's hello
        assert refusal_of_watch(running.url, "ACDEF9") == {
            "type": "refused", "reason": "no-record",
            "detail": "this relay cannot show that match from its start"}      # not final
        host_history = [commit(0), move(1)]
        seats["guest"].send(vouch(host_history))    # before the host resent: it waits
        passes(seats["host"], seats["guest"], host_history[0])
        assert refused_watch(running.url, "ACDEF9") == "no-record"
        passes(seats["guest"], seats["host"], commit(5))    # not from its start: not logged
        passes(seats["host"], seats["guest"], host_history[1])
        assert refused_watch(running.url, "ACDEF9") == "no-record"     # the guest's not vouched
        passes(seats["guest"], seats["host"], commit(0))
        seats["host"].send(vouch([commit(0)]))
        until(lambda: room_of(running, "ACDEF9").recorded())
        spy, _ = watcher(running.url, "ACDEF9")
        stack.enter_context(spy)
        assert [seen(spy) for _ in range(3)] == [("host", json.loads(commit(0))),
                                                 ("host", json.loads(move(1))),
                                                 ("guest", json.loads(commit(0)))]


def test_a_history_the_other_seat_does_not_vouch_for_is_never_shown():
    """The host's game resends a history other than the one the guest's game took in (another
    move at seq 1): the guest's vouch disagrees, and the room is refused to watchers for good."""
    with relay_thread(limit=0) as running, contextlib.ExitStack() as stack:
        seats = reopened(running, stack)
        passes(seats["host"], seats["guest"], commit(0))
        forged = protocol.write("move", seq=1, turn=[0, 0], move="13/10")
        passes(seats["host"], seats["guest"], forged)
        seats["guest"].send(vouch([commit(0), move(1)]))
        passes(seats["guest"], seats["host"], commit(0))
        seats["host"].send(vouch([commit(0)]))
        until(lambda: room_of(running, "ACDEF9").forged)
        assert refusal_of_watch(running.url, "ACDEF9")["final"] is True
        assert not room_of(running, "ACDEF9").recorded()


def test_a_room_opened_again_by_an_older_game_is_refused_to_watchers_for_good_at_once():
    """A seat whose game keeps no history (an older game, or a match saved by one) never
    resends it: the relay says so to a watcher at once (`final`), instead of "not yet"."""
    with relay_thread(limit=0) as running, contextlib.ExitStack() as stack:
        reopened(running, stack, features=("say", "rematch"))
        assert refusal_of_watch(running.url, "ACDEF9")["final"] is True


def test_a_room_waiting_for_its_guest_can_be_watched_and_shows_the_guest_arriving():
    with relay_thread(limit=0) as running:
        first, room = host(running.url)
        with first:
            spy, answer = watcher(running.url, room["code"])
            with spy:
                assert answer["players"] == {"host": True, "guest": False}
                watchers_told(first, 1)
                with client(running.url) as second:
                    second.send(hello(room["code"]))
                    assert receive(second)["type"] == "room"
                    assert receive(second) == {"type": "peer", "present": True}
                    watchers_told(second, 1)
                    assert receive(spy) == {"type": "players", "host": True, "guest": True,
                                            "names": NO_NAMES}
                assert receive(spy) == {"type": "players", "host": True, "guest": False,
                                        "names": NO_NAMES}


def test_a_watcher_that_never_reads_is_let_go_and_holds_no_seat_up(monkeypatch):
    monkeypatch.setattr(relay, "BEHIND", 4000)
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with first, second, contextlib.closing(handshake(running.url, 4096)) as spy:
            spy.sendall(text_frame(watch_message(room["code"])))
            watchers_told(first, 1)
            watchers_told(second, 1)
            # The relay's side of the socket keeps little (loopback would keep megabytes).
            running.call(lambda: room_of_here(running, room["code"]).watchers[0].connection
                         .transport.get_extra_info("socket")
                         .setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096))
            for seq in range(3000):          # sends are not held up by the watcher
                passes(first, second, commit(seq))
                if not room_of(running, room["code"]).watchers:
                    break
            assert not room_of(running, room["code"]).watchers
            watchers_told(first, 0)


def room_of_here(running, code):
    return running.relay.rooms[code]


def text_frame(text: str) -> bytes:
    """A masked WebSocket text frame (with a zero mask: masking changes nothing)."""
    data = text.encode()
    assert len(data) < 126
    return b"\x81" + bytes([0x80 | len(data)]) + b"\0\0\0\0" + data


def test_the_logs_of_all_rooms_together_are_bounded_too(monkeypatch):
    monkeypatch.setattr(relay, "LOGS_BYTES", 3000)
    with relay_thread(limit=0) as running:
        one, two = pair(running.url), pair(running.url)
        with one[0], one[1], two[0], two[1]:
            for seq in range(10):       # 10 x 146 bytes each
                passes(one[0], one[1], commit(seq))
                passes(two[0], two[1], commit(seq))
            rooms = [room_of(running, pair_[2]["code"]) for pair_ in (one, two)]
            assert running.relay.logs_bytes == sum(r.log_bytes for r in rooms) <= 3000
            assert [r.overflowed for r in rooms] == [False, True]
            assert refused_watch(running.url, two[2]["code"]) == "no-record"
            spy, _ = watcher(running.url, one[2]["code"])
            with spy:
                assert [seen(spy) for _ in range(10)] == [
                    ("host", json.loads(commit(seq))) for seq in range(10)]


def test_a_room_that_expires_lets_its_watchers_go_and_forgets_its_log():
    clock = Clock()
    with relay_thread(limit=0, clock=clock) as running:
        first, room = host(running.url)
        with first:
            first.send(commit(0))
            until(lambda: running.relay.logs_bytes > 0)
            spy, _ = watcher(running.url, room["code"])
            with spy:
                watchers_told(first, 1)
                assert seen(spy) == ("host", json.loads(commit(0)))
                clock.now += relay.UNJOINED
                running.call(running.relay.sweep)
                assert receive(spy)["reason"] == "expired"
                assert running.relay.logs_bytes == 0
                assert refused_watch(running.url, room["code"]) == "expired"


def test_a_watcher_whose_relay_restarted_tries_again_until_the_match_is_back(monkeypatch):
    """The host's game came back with a new relay: the watcher's client, told to try again on
    "no-such-room" and "no-record", is let in once both seats resent from seq 0 and vouched for each other's (issue 37)."""
    from game.online import client as online_client
    monkeypatch.setattr(online_client, "AGAIN_PAUSE", 0.05)
    with relay_thread(limit=0) as running, contextlib.ExitStack() as stack:
        watching = online_client.Client(
            running.url, json.loads(watch_message("ACDEF9")),
            again_on=("no-such-room", "no-record"))
        stack.callback(watching.close)

        def answers(reason, seconds=WAIT):
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                with contextlib.suppress(queue.Empty):
                    item = watching.inbox.get(timeout=0.1)
                    if item[0] == "message" and (item[1].get("reason") or item[1]["type"]) \
                            == reason:
                        return True
            return False
        assert answers("no-such-room")
        seats = {}
        for name, token in (("host", "a" * 32), ("guest", "b" * 32)):
            seats[name] = stack.enter_context(client(running.url))
            seats[name].send(hello("ACDEF9", token=token, seat=name, options=OPTIONS,
                                   features=["history"]))
            assert receive(seats[name])["seat"] == name
            receive(seats[name])
        receive(seats["host"])
        assert answers("no-record")
        passes(seats["host"], seats["guest"], commit(0))
        passes(seats["guest"], seats["host"], commit(0))
        seats["host"].send(vouch([commit(0)]))
        seats["guest"].send(vouch([commit(0)]))
        assert answers("watching")
        assert watching.alive()


def test_a_watcher_is_shown_only_the_fields_of_the_table_and_never_a_message_too_big():
    """A game's message is logged as it came when it holds the table's fields only; one with a
    field more, or padded with spaces near the 4 KiB bound, is written again, compact."""
    with relay_thread(limit=0) as running:
        first, second, room, _ = pair(running.url)
        with first, second:
            plain = move(0)
            passes(first, second, plain)
            padded = move(1)[:-1] + " " * (protocol.MAX_BYTES - len(move(1))) + "}"
            assert len(padded) == protocol.MAX_BYTES
            passes(first, second, padded)
            passes(first, second, json.dumps({**json.loads(move(2)), "note": "x" * 50}))
            spy, _ = watcher(running.url, room["code"])
            with spy:
                texts = [spy.recv(timeout=WAIT) for _ in range(3)]
            assert all(len(text.encode()) <= protocol.MAX_BYTES for text in texts)
            assert [protocol.read(text)["message"] for text in texts] == [
                json.loads(move(0)), json.loads(move(1)), json.loads(move(2))]
            assert texts[0] == f'{{"type":"seen","seat":"host","message":{plain}}}'


def test_a_history_resent_with_its_words_is_logged_whole():
    """A seat's history resent at once holds `say`s closer than SAY_PAUSE: in a room opened
    again they are logged (not passed on), so that the vouch for that history can match."""
    with relay_thread(limit=0) as running, contextlib.ExitStack() as stack:
        seats = reopened(running, stack)
        history = [protocol.write("say", seq=0, phrase="hello"),
                   protocol.write("say", seq=1, phrase="good-luck"), commit(2)]
        passes(seats["host"], seats["guest"], history[0])
        seats["host"].send(history[1])                  # too soon: not passed on...
        passes(seats["host"], seats["guest"], history[2])
        seats["guest"].send(vouch(history))
        seats["host"].send(vouch([]))
        until(lambda: room_of(running, "ACDEF9").recorded())    # ...but logged
        assert room_of(running, "ACDEF9").logged["host"] == 3
