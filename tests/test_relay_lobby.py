"""Finding a game on a relay (docs/online.md, "Finding a game"): names checked at both ends,
open rooms listed (newest first, by game, in pages within the 4 KiB limit, a private room never),
the matches in play with their names and watchers, `say` bounded per seat and `rematch` passed,
and the floods an address can try bounded while other players play on. A relay on a thread,
on loopback; every wait is bounded."""
import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.online import client as online_client
from game.online import protocol, relay
from game.online.lobby import PAGE
from game.online.names import MAX_NAME, name_refusal
from game.online.protocol import ProtocolError
from test_relay import (OPTIONS, WAIT, Clock, client, closes, hello, receive, relay_thread,
                        until)
from test_relay_watch import NO_NAMES, commit, seen, vouch, watch_message, watchers_told


def opened(url, **fields):
    """A room opened with these hello fields: (the host's connection, its `room` answer)."""
    connection = client(url)
    connection.send(hello(**fields))
    room = receive(connection)
    assert room["type"] == "room", room
    assert receive(connection)["type"] == "peer"
    return connection, room


def listing(url, game=None, page=0, forwarded=None):
    """A listing connection (from `forwarded`'s address, through loopback as a proxy)."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else None
    connection = connect(url, proxy=None, open_timeout=WAIT, close_timeout=2,
                         additional_headers=headers, legacy=True)
    connection.send(protocol.write("list", protocol=1, game=game, page=page))
    return connection


def rooms(connection, game=None, page=0, ask=True) -> dict:
    if ask:
        connection.send(protocol.write("list", protocol=1, game=game, page=page))
    answer = receive(connection)
    assert answer["type"] == "rooms", answer
    return answer


# Names ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Ada", "Élodie", "Jean-Pierre", "O'Brien", "李雷", "Zoë 2",
                                  "Dr. Who?", "x" * MAX_NAME, "  Ana  ", "e\u0301lan", "A&B (fr)"])
def test_a_good_name_is_taken(name):
    assert name_refusal(name) is None


@pytest.mark.parametrize("name", ["", "   ", "x" * (MAX_NAME + 1), "a\u202eb", "a\u2066b",
                                  "a\u200bb", "a\u200db", "a\nb", "a\tb", "a\x00b", "😀",
                                  "a  b", "\u0301a", "--", 7, None, "a\ufeffb", "a\u00a0b"])
def test_a_bad_name_is_refused_with_a_reason(name):
    why = name_refusal(name)
    assert isinstance(why, str) and why.startswith("A name ")


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_no_name_taken_holds_an_invisible_character(text):
    import unicodedata
    if name_refusal(text) is None:
        name = text.strip(" ")
        assert 1 <= len(name) <= MAX_NAME
        assert not any(unicodedata.category(c)[0] == "C" for c in name)
        assert not any(unicodedata.category(c)[0] == "Z" and c != " " for c in name)


def test_the_relay_refuses_a_bad_name_in_a_hello_or_a_watch():
    with relay_thread(limit=0) as running:
        for text in (hello(name="a\u202eb"), hello("ACDEF9", name=""),
                     watch_message("ACDEF9", name="x" * 21)):
            with client(running.url) as connection:
                connection.send(text)
                answer = receive(connection)
                assert answer["type"] == "refused" and answer["reason"] == "bad-name", answer
                assert closes(connection)
        assert running.call(lambda: len(running.relay.rooms)) == 0


def test_the_names_go_to_the_other_seat_and_to_the_watchers():
    with relay_thread(limit=0) as running:
        first, room = opened(running.url, name="  Ada ", open=True)
        with first, client(running.url) as second:
            second.send(hello(room["code"], name="Bob"))
            assert receive(second)["seat"] == "guest"
            assert receive(second) == {"type": "peer", "present": True, "name": "Ada"}
            assert receive(first) == {"type": "peer", "present": True, "name": "Bob"}
            with client(running.url) as spy:
                spy.send(watch_message(room["code"], name="Zoé"))
                answer = receive(spy)
                assert answer["names"] == {"host": "Ada", "guest": "Bob"}
                watchers_told(first, 1)
                second.close()
                assert receive(spy) == {"type": "players", "host": True, "guest": False,
                                        "names": {"host": "Ada", "guest": "Bob"}}
                assert receive(first) == {"type": "peer", "present": False, "name": "Bob"}


def test_games_without_names_are_told_as_before():
    with relay_thread(limit=0) as running:
        first, room = opened(running.url)
        with first, client(running.url) as second:
            second.send(hello(room["code"]))
            receive(second)
            assert receive(second) == {"type": "peer", "present": True}
            assert receive(first) == {"type": "peer", "present": True}


# The protocol's new messages ------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    protocol.write("list", protocol=1, game=None, page=0),
    protocol.write("list", protocol=1, game="garanguet", page=3),
    protocol.write("list", protocol=1),
    protocol.write("say", seq=4, phrase="well-played"),
    protocol.write("rematch", seq=9, answer="offer", swap=True),
    protocol.write("peer", present=True, name="Ada"),
    protocol.write("rooms", open=[{"code": "ACDEF9", "rules": "bell", "length": 3,
                                   "hints": False, "language": "fr", "name": None,
                                   "waiting": 12}],
                   playing=[{"code": "HJKMN3", "rules": "garanguet", "length": 1,
                             "names": {"host": "Bob", "guest": None}, "watchers": 2}],
                   page=0, more=False),
])
def test_read_takes_the_new_messages(text):
    assert protocol.read(text)["type"] == json.loads(text)["type"]


@pytest.mark.parametrize("text, reason", [
    (protocol.write("list", protocol=2), "protocol"),
    (protocol.write("list", protocol=1, game="chess"), "bad-message"),
    (protocol.write("list", protocol=1, page=-1), "bad-message"),
    (protocol.write("list", protocol=1, page=protocol.LAST_PAGE + 1), "bad-message"),
    (protocol.write("say", seq=1, phrase="you lose"), "bad-message"),
    (protocol.write("say", phrase="hello"), "bad-message"),
    (protocol.write("rematch", seq=1, answer="maybe", swap=False), "bad-message"),
    (protocol.write("rematch", seq=1, answer="offer"), "bad-message"),
    (protocol.write("peer", present=True, name="a\u202eb"), "bad-message"),
    (hello(open="yes"), "bad-message"),
    (hello(language="EN"), "bad-message"),
    (hello(name="a\x07"), "bad-name"),
    (protocol.write("rooms", open=[{"code": "ACDEF9", "rules": "bell", "length": 3,
                                    "name": "\u202e", "waiting": 1}],
                    playing=[], page=0, more=False), "bad-message"),
])
def test_read_refuses_the_new_messages_with_the_reason(text, reason):
    with pytest.raises(ProtocolError) as error:
        protocol.read(text)
    assert error.value.reason == reason


def test_a_watchers_names_that_are_not_acceptable_are_read_as_no_name():
    """The watcher still follows the match; it shows no name where the relay sent a bad one."""
    for bad in ("\u200b", "a\u202eb", 7, "x" * 21):
        message = protocol.read(protocol.write("players", host=True, guest=True,
                                               names={"host": bad, "guest": "Bob"}))
        assert message["names"] == {"host": None, "guest": "Bob"}


# The listing ----------------------------------------------------------------------------------

def test_open_rooms_are_listed_newest_first_and_a_private_room_never():
    with relay_thread(limit=0) as running:
        private, hidden = opened(running.url)
        first, older = opened(running.url, open=True, name="Ada", language="fr")
        second, newer = opened(running.url, open=True, rules="garanguet", game="garanguet",
                               options={**OPTIONS, "rules": "garanguet", "length": 5,
                                        "hints": True})
        with private, first, second, listing(running.url) as asking:
            text = asking.recv(timeout=WAIT)
            assert hidden["code"] not in text
            answer = protocol.read(text)
            assert [room["code"] for room in answer["open"]] == [newer["code"], older["code"]]
            assert answer["open"][0] | {"waiting": 0} == {
                "code": newer["code"], "rules": "garanguet", "length": 5, "hints": True,
                "language": None, "name": None, "waiting": 0}
            assert answer["open"][1]["name"] == "Ada" and answer["open"][1]["language"] == "fr"
            assert answer["playing"] == [] and answer["more"] is False
            only = rooms(asking, game="tourne-case")        # the same connection asks again
            assert [room["code"] for room in only["open"]] == [older["code"]]
            assert hidden["code"] not in json.dumps(rooms(asking, game=None))
            first.close()                   # a host gone is no room to join
            until(lambda: len(rooms(asking)["open"]) == 1)


def test_a_room_joined_is_listed_as_a_match_in_play_with_its_watchers():
    with relay_thread(limit=0) as running:
        first, room = opened(running.url, open=True, name="Ada")
        with first, client(running.url) as second, listing(running.url) as asking:
            rooms(asking, ask=False)
            second.send(hello(room["code"], name="Bob"))
            receive(second), receive(second), receive(first)
            answer = rooms(asking)
            assert answer["open"] == []
            assert answer["playing"] == [{"code": room["code"], "rules": "charpentier",
                                          "length": 3, "names": {"host": "Ada", "guest": "Bob"},
                                          "watchers": 0}]
            with client(running.url) as spy:
                spy.send(watch_message(room["code"]))
                assert receive(spy)["type"] == "watching"
                watchers_told(first, 1)
                assert rooms(asking)["playing"][0]["watchers"] == 1


def fill(running, count, addresses=250, **fields):
    """`count` open rooms whose hosts are there, from so many addresses in turn, made on the
    relay's thread (no sockets)."""
    def make():
        made = []
        for number in range(count):
            message = protocol.read(hello(open=True, **fields))
            room, _ = running.relay.take_seat(message, address=f"198.51.100.{number % addresses}")
            room.seats["host"].connection = object()
            made.append(room.code)
        return made
    return running.call(make)


def test_the_pages_hold_every_open_room_once_newest_first_each_within_4_kib():
    with relay_thread(limit=0) as running:
        codes = fill(running, 3 * PAGE + 5, name="é" * 20, language="fr")
        with listing(running.url) as asking:
            shown, page, more = [], 0, True
            while more:
                text = asking.recv(timeout=WAIT) if page == 0 else None
                if text is None:
                    asking.send(protocol.write("list", protocol=1, page=page))
                    text = asking.recv(timeout=WAIT)
                assert len(text.encode()) <= protocol.MAX_BYTES
                answer = protocol.read(text)
                assert 0 < len(answer["open"]) <= PAGE and answer["page"] == page
                shown += [room["code"] for room in answer["open"]]
                more, page = answer["more"], page + 1
            assert shown == codes[::-1]
            assert rooms(asking, page=page)["open"] == []


def test_a_page_is_asked_for_first_or_on_a_screens_connection_or_in_one_go():
    """`page: n` in the first `list`, in a later one on the same connection (a Join screen's
    Client, which sends its `list` with the page wanted), and in list_rooms (the headless
    --list): the same page each way, the pages one after the other hold every room once, and
    none is past the last."""
    def codes_of(answer):
        return [room["code"] for room in answer["open"]]

    with relay_thread(limit=0) as running:
        codes = fill(running, 2 * PAGE + 3)[::-1]          # newest first
        pages, more = [], True
        while more:
            answer = online_client.list_rooms(running.url, page=len(pages))
            assert answer["page"] == len(pages)
            pages.append(codes_of(answer))
            more = answer["more"]
        assert len(pages) >= 3 and sum(pages, []) == codes
        for number, expected in enumerate(pages):
            with listing(running.url, page=number) as first:
                answer = rooms(first, ask=False)
                assert codes_of(answer) == expected and answer["page"] == number
                assert answer["more"] == (number < len(pages) - 1)
                after = (number + 1) % len(pages)
                assert codes_of(rooms(first, page=after)) == pages[after]
        assert online_client.list_rooms(running.url, page=len(pages)) == {
            "type": "rooms", "open": [], "playing": [], "page": len(pages), "more": False}


def test_a_relay_restarted_lists_an_open_match_again_and_lets_it_be_watched():
    with relay_thread(limit=0) as running, listing(running.url) as asking:
        rooms(asking, ask=False)
        tokens = {"host": "a" * 32, "guest": "b" * 32}
        seats = {}
        for seat, token in tokens.items():
            seats[seat] = client(running.url)
            seats[seat].send(hello("ACDEF9", token=token, seat=seat, options=OPTIONS, open=True,
                                   name=seat.title(), features=["history"]))
            assert receive(seats[seat])["logged"] == 0
        with seats["host"], seats["guest"]:
            receive(seats["host"]), receive(seats["host"])     # peer absent, then present
            assert receive(seats["guest"]) == {"type": "peer", "present": True, "name": "Host",
                                               "features": ["history"]}
            assert rooms(asking)["playing"] == []               # nothing logged: no watching
            for seq in range(2):
                for seat, other in (("host", "guest"), ("guest", "host")):
                    seats[seat].send(commit(seq, (0, seq - 1)))
                    assert receive(seats[other])["type"] == "commit"
            assert rooms(asking)["playing"] == []               # not vouched for yet
            for seat in seats.values():
                seat.send(vouch([commit(seq, (0, seq - 1)) for seq in range(2)]))
            until(lambda: running.call(lambda: running.relay.rooms["ACDEF9"].recorded()))
            assert [m["code"] for m in rooms(asking)["playing"]] == ["ACDEF9"]
            with client(running.url) as spy:
                spy.send(watch_message("ACDEF9"))
                answer = receive(spy)
                assert answer["type"] == "watching" and answer["names"] == {
                    "host": "Host", "guest": "Guest"}
                assert [seen(spy)[0] for _ in range(4)] == ["host", "guest", "host", "guest"]


# Say and rematch ------------------------------------------------------------------------------

def test_a_say_passes_once_a_seat_each_3_seconds_and_rematch_passes():
    clock = Clock()
    with relay_thread(limit=0, clock=clock) as running:
        first, room = opened(running.url)
        with first, client(running.url) as second:
            second.send(hello(room["code"]))
            receive(second), receive(second), receive(first)
            said = protocol.write("say", seq=0, phrase="hello")
            first.send(said)
            assert second.recv(timeout=WAIT) == said
            first.send(protocol.write("say", seq=1, phrase="thanks"))   # too soon: dropped
            second.send(protocol.write("say", seq=0, phrase="good-luck"))   # the other seat's
            assert receive(first)["phrase"] == "good-luck"
            first.send(said)                # a resend of one passed already passes again
            assert second.recv(timeout=WAIT) == said
            clock.now += relay.SAY_PAUSE
            again = protocol.write("say", seq=1, phrase="thanks")
            first.send(again)
            assert second.recv(timeout=WAIT) == again
            offer = protocol.write("rematch", seq=2, answer="offer", swap=True)
            first.send(offer)
            assert second.recv(timeout=WAIT) == offer
            logged = running.call(lambda: [json.loads(t)["message"]["type"]
                                           for t in running.relay.rooms[room["code"]].log])
            assert logged == ["say", "say", "say", "rematch"]


def test_each_side_is_told_what_the_relay_and_the_friends_game_understand():
    """The `room` answer names what the relay passes (FEATURES); a `peer` names what the
    friend's game said it understands of them, and nothing for a game that said nothing (an
    older one): a game sends no `say` nor `rematch` unless its `peer` names them."""
    with relay_thread(limit=0) as running:
        first, room = opened(running.url, features=["say", "rematch", "later-thing"])
        assert room["features"] == list(protocol.FEATURES)
        assert protocol.features(room) == set(protocol.FEATURES)
        with first, client(running.url) as older:
            older.send(hello(room["code"]))                  # an older game: no features
            assert receive(older)["features"] == list(protocol.FEATURES)
            told = receive(older)
            assert told == {"type": "peer", "present": True, "features": ["say", "rematch"]}
            assert protocol.features(told) == {"say", "rematch"}
            about_older = receive(first)
            assert about_older == {"type": "peer", "present": True}
            assert protocol.features(about_older) == frozenset()
        with client(running.url) as newer:      # the same seat again, a newer game now
            newer.send(hello(room["code"], token=room["token"], features=["rematch"]))
            assert receive(newer)["seat"] == "host"
            assert receive(newer) == {"type": "peer", "present": False}
    assert protocol.features({"type": "peer", "present": True}) == frozenset()  # an old relay


@pytest.mark.parametrize("features, good", [
    ([], True), (["say"], True), (["say", "rematch", "x-1"], True), (["a"] * 16, True),
    (["a"] * 17, False), ("say", False), ([1], False), (["Say"], False), (["a" * 25], False),
    ([None], False), ({"say": True}, False),
])
def test_read_takes_a_list_of_features_and_nothing_else(features, good):
    for text in (hello(features=features),
                 protocol.write("peer", present=True, features=features),
                 protocol.write("room", code="ACDEF9", seat="host", token="a" * 32, options={},
                                features=features)):
        if good:
            assert protocol.read(text)["features"] == features
        else:
            with pytest.raises(ProtocolError) as error:
                protocol.read(text)
            assert error.value.reason == "bad-message"


# Floods -----------------------------------------------------------------------------------------

def test_one_address_asking_for_listings_without_pause_is_closed_and_others_play_on():
    with relay_thread(limit=relay.LIMIT, clock=Clock()) as running:     # time stands still
        first, room = opened(running.url)
        with first, client(running.url) as second:
            second.send(hello(room["code"]))
            receive(second), receive(second), receive(first)
            answered = 0
            with listing(running.url, forwarded="203.0.113.9") as flood:
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(1000):
                        if receive(flood)["type"] != "rooms":
                            break
                        answered += 1
                        flood.send(protocol.write("list", protocol=1))
            assert answered == relay.LISTINGS       # then refused too-many and closed
            with listing(running.url, forwarded="203.0.113.9") as again:
                assert receive(again)["reason"] == "too-many"
            with listing(running.url, forwarded="203.0.113.10") as honest:
                assert receive(honest)["type"] == "rooms"
            move = protocol.write("move", seq=0, turn=[0, 0], move="a1")
            first.send(move)
            assert second.recv(timeout=WAIT) == move


def test_one_address_opens_so_many_open_rooms_and_no_more():
    with relay_thread(limit=0) as running:
        fill(running, relay.OPEN_ROOMS * 4, addresses=4)    # 8 from each of 4 addresses
        with pytest.raises(ProtocolError) as error:
            running.call(lambda: running.relay.take_seat(protocol.read(hello(open=True)),
                                                         address="198.51.100.3"))
        assert error.value.reason == "too-many"
        private, _ = running.call(lambda: running.relay.take_seat(protocol.read(hello()),
                                                                  address="198.51.100.3"))
        assert not private.open
        other, _ = running.call(lambda: running.relay.take_seat(
            protocol.read(hello(open=True)), address="192.0.2.44"))
        assert other.open


def test_matches_opened_again_with_open_count_toward_the_rooms_of_their_address():
    """A relay restarted opens a room again for any seat token it is shown: one address that
    shows a thousand tokens with `open` has OPEN_ROOMS of them listed, as open rooms are; the
    rest are played, not listed, and no new open room is taken from it meanwhile."""
    flood = "203.0.113.50"

    def reopen(number, address=flood):
        message = protocol.read(hello(protocol.new_code(), token=protocol.new_token(),
                                      seat="host", options=OPTIONS, open=True))
        room, seat = running.relay.take_seat(message, address=address)
        return room.code, room.open, seat

    with relay_thread(limit=0) as running:
        answers = running.call(lambda: [reopen(n) for n in range(relay.OPEN_ROOMS + 3)])
        assert all(seat == "host" for _, _, seat in answers)       # every one is played...
        assert [listed for _, listed, _ in answers] == (            # ...the first 8 listed
            [True] * relay.OPEN_ROOMS + [False] * 3)
        playing = running.call(lambda: list(running.relay.lobby.playing))
        assert playing == [code for code, listed, _ in answers if listed]
        with pytest.raises(ProtocolError) as error:
            running.call(lambda: running.relay.take_seat(protocol.read(hello(open=True)),
                                                         address=flood))
        assert error.value.reason == "too-many"
        assert running.call(lambda: reopen(0, address="192.0.2.45"))[1]    # another address's
        # A room forgotten gives its place back to its address.
        running.call(lambda: running.relay._expire(running.relay.rooms[answers[0][0]]))
        again, _ = running.call(lambda: running.relay.take_seat(protocol.read(hello(open=True)),
                                                                address=flood))
        assert again.open


# The client's side ----------------------------------------------------------------------------

def test_list_rooms_reads_the_listing_and_room_line_prints_code_first():
    with relay_thread(limit=0) as running:
        host, room = opened(running.url, open=True, name="Ada", rules="bell",
                            options={**OPTIONS, "rules": "bell"})
        with host:
            answer = online_client.list_rooms(running.url, game="tourne-case")
            assert [entry["code"] for entry in answer["open"]] == [room["code"]]
            line = online_client.room_line(answer["open"][0] | {"waiting": 125})
            assert line == f"{protocol.shown_code(room['code'])}  bell  3 points  Ada  2 min 05 s"
            assert online_client.list_rooms(running.url, game="garanguet")["open"] == []


def test_list_rooms_with_no_relay_there_is_an_os_error_soon():
    with relay_thread(limit=0) as running:
        url = running.url
    with pytest.raises(OSError):
        online_client.list_rooms(url, timeout=2)


def test_the_relay_on_every_address_prints_those_others_can_reach():
    said = relay.listening("0.0.0.0", 8690, ["192.168.1.20", "10.0.0.5"])
    assert said.splitlines() == ["relay listening on ws://192.168.1.20:8690",
                                 "  also ws://10.0.0.5:8690", "  also ws://127.0.0.1:8690"]
    assert "0.0.0.0" not in relay.listening("0.0.0.0", 8690)
    assert relay.listening("127.0.0.1", 8690) == "relay listening on ws://127.0.0.1:8690"


def test_names_none_in_the_watching_message_of_an_unnamed_room():
    with relay_thread(limit=0) as running:
        first, room = opened(running.url)
        with first, client(running.url) as spy:
            spy.send(watch_message(room["code"]))
            assert receive(spy)["names"] == NO_NAMES


def test_a_listing_takes_only_list_messages_and_is_closed_once_nobody_asks(monkeypatch):
    monkeypatch.setattr(relay, "LISTING_IDLE", 0.3)
    with relay_thread(limit=0) as running, listing(running.url) as asking:
        rooms(asking, ask=False)
        for text in (hello(), "{", protocol.write("move", seq=0, turn=[0, 0], move="a1")):
            asking.send(text)
            assert receive(asking)["type"] == "refused"
        assert rooms(asking)["open"] == []          # still answered
        assert closes(asking)                       # then nothing asked for 0.3 s: closed
