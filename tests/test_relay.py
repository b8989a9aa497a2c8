"""The relay of docs/online.md and its protocol: a real relay process on loopback, raw WebSocket
clients, every refusal with its reason (and every other room still served after it), rooms
that expire, seats coming back with their token (also to a relay restarted), fuzz, and twenty
rooms at once. Every wait is bounded: each receive has a timeout, and each relay process
started here is ended in a `finally`."""
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.commands import cli
from game.online import protocol, relay
from game.online.protocol import ProtocolError

ROOT = Path(__file__).resolve().parent.parent
WAIT = 5.0          # seconds for any one answer
OPTIONS = {"rules": "charpentier", "length": 3, "touch_move": False, "host_side": "white"}


# Helpers --------------------------------------------------------------------------------------

def _environment():
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    return env


@contextlib.contextmanager
def relay_process(*options):
    """`main.py relay` on a free loopback port: its URL, while it runs; ended afterwards."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "relay", "--host", "127.0.0.1", "--port", "0",
         *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        text=True, env=_environment())
    try:
        first = []
        reader = threading.Thread(target=lambda: first.append(process.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(30)
        assert first and first[0].startswith("relay listening on ws://127.0.0.1:"), \
            (first, process.poll())
        process.url = first[0].split()[-1]
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        process.stdout.close()
        process.stderr.close()


@pytest.fixture(scope="module")
def shared():
    """One relay for the tests that need no other, without the limit of tries."""
    with relay_process("--limit", "0") as process:
        yield process.url


def client(url):
    return connect(url, proxy=None, open_timeout=WAIT, close_timeout=2, compression=None,
                   legacy=True)


def hello(room="new", **fields) -> str:
    message = {"type": "hello", "protocol": protocol.PROTOCOL, "version": protocol.GAME_VERSION,
               "game": "tourne-case", "rules": "charpentier", "room": room}
    if room == "new":
        message["options"] = OPTIONS
    message.update(fields)
    return json.dumps(message)


def receive(connection) -> dict:
    return protocol.read(connection.recv(timeout=WAIT))


def refused(connection, text) -> str:
    """Send `text`; the reason of the refusal that answers it (`too-many` comes first)."""
    with contextlib.suppress(ConnectionClosed):
        connection.send(text)
    answer = receive(connection)
    assert answer["type"] == "refused", answer
    return answer["reason"]


def closes(connection) -> bool:
    try:
        connection.recv(timeout=WAIT)
    except ConnectionClosed:
        return True
    return False


def host(url, rules="charpentier"):
    """A room opened: (the host's connection, its `room` answer)."""
    connection = client(url)
    connection.send(hello(rules=rules, game=protocol.rule_set(rules).game,
                          options={**OPTIONS, "rules": rules}))
    room = receive(connection)
    assert room["type"] == "room" and room["seat"] == "host", room
    assert receive(connection) == {"type": "peer", "present": False}
    return connection, room


def pair(url):
    """A room with both seats: (host, guest, the host's room answer, the guest's)."""
    first, room = host(url)
    second = client(url)
    second.send(hello(room["code"]))
    joined = receive(second)
    assert joined["type"] == "room" and joined["seat"] == "guest", joined
    assert receive(second) == {"type": "peer", "present": True}
    assert receive(first) == {"type": "peer", "present": True}
    return first, second, room, joined


def move(seq, text="a1") -> str:
    return protocol.write("move", seq=seq, turn=[0, seq], move=text)


def passes(sender, receiver, text) -> None:
    sender.send(text)
    assert receiver.recv(timeout=WAIT) == text


# The protocol ---------------------------------------------------------------------------------

def test_room_codes():
    assert len(protocol.CODE_ALPHABET) == 23 == len(set(protocol.CODE_ALPHABET))
    assert not set("0O1IL2Z5S8BUV") & set(protocol.CODE_ALPHABET)
    codes = {protocol.new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert protocol.normal_code(code) == code
        assert protocol.normal_code(protocol.shown_code(code).lower()) == code
    assert protocol.shown_code("ACDEF9") == "ACD-EF9"
    assert protocol.normal_code(" acd-ef9 ") == "ACDEF9"
    for wrong in ("ACDEF", "ACDEF99", "ACDEFO", "ACDEF5", "", None, 123, "A" * 1000):
        assert protocol.normal_code(wrong) is None
    token = protocol.new_token()
    assert len(token) == 32 and int(token, 16) >= 0 and token != protocol.new_token()


GOOD = [
    hello(), hello("ACDEF9"), hello("acd-ef9", token="0" * 32),
    hello(rules="garanguet", game="garanguet", options={**OPTIONS, "rules": "garanguet"}),
    protocol.write("room", code="ACDEF9", seat="guest", token="a" * 32, options=OPTIONS),
    protocol.write("refused", reason="room-full", detail="two already"),
    protocol.write("peer", present=False),
    protocol.write("sync", have=0), protocol.write("accept", seq=0),
    protocol.write("commit", seq=1, throw=[0, -1], hash="f" * 64),
    protocol.write("reveal", seq=2, throw=[3, 17], secret="0" * 64),
    protocol.write("move", seq=3, turn=[0, 4], move=""),
    protocol.write("move", seq=4, turn=[0, 5], move="6-3: 1/7 1/4"),
    protocol.write("resign", seq=5, turn=[1, -1]),
]


@pytest.mark.parametrize("text", GOOD)
def test_read_takes_every_message_of_the_protocol(text):
    message = protocol.read(text)
    assert message["type"] == json.loads(text)["type"]


def test_read_gives_a_code_in_its_one_form():
    assert protocol.read(hello("acd-ef9"))["room"] == "ACDEF9"


BAD = [
    ("x" * (protocol.MAX_BYTES + 1), "too-big"),
    (json.dumps({"type": "move", "pad": "é" * 2100}), "too-big"),    # 4 KiB in bytes, not chars
    (b'{"type": "sync", "have": 0}', "not-json"),
    ("{", "not-json"), ("", "not-json"), ("NaN", "not-json"), ('{"have": Infinity}', "not-json"),
    ("[" * 2000 + "]" * 2000, "not-json"), ("1" * 4096, "bad-message"),
    ("[]", "bad-message"), ('"hello"', "bad-message"), ("{}", "bad-message"),
    ('{"type": "chat"}', "bad-message"), ('{"type": 3}', "bad-message"),
    (hello(protocol=2), "protocol"), (hello(protocol="1"), "bad-message"),
    (hello(protocol=True), "bad-message"), (hello(version=2), "bad-message"),
    (hello(rules="chess"), "rules"), (hello(game="garanguet"), "rules"),
    (hello(room="ABC"), "bad-message"), (hello(options=None), "bad-message"),
    (hello(options={**OPTIONS, "length": 0}), "bad-message"),
    (hello(options={**OPTIONS, "rules": "bell"}), "bad-message"),
    (hello(options={**OPTIONS, "host_side": "red"}), "bad-message"),
    (hello(options={**OPTIONS, "touch_move": 1}), "bad-message"),
    (hello("ACDEF9", token="xyz"), "bad-message"),
    (protocol.write("room", code="ACDEF9", seat="third", token="a" * 32, options={}),
     "bad-message"),
    (protocol.write("refused", reason="tired"), "bad-message"),
    (protocol.write("peer", present="yes"), "bad-message"),
    (protocol.write("sync", have=-1), "bad-message"),
    (protocol.write("accept"), "bad-message"),
    (protocol.write("commit", seq=0, throw=[0, -2], hash="f" * 64), "bad-message"),
    (protocol.write("commit", seq=0, throw=[0, 0], hash="F" * 64), "bad-message"),
    (protocol.write("reveal", seq=0, throw=[0], secret="0" * 64), "bad-message"),
    (protocol.write("reveal", seq=0, throw=[0, 1], secret="0" * 63), "bad-message"),
    (protocol.write("move", seq=0, turn=[0, -1], move=""), "bad-message"),
    (protocol.write("move", seq=0, turn=[0, 1], move=7), "bad-message"),
    (protocol.write("move", seq=0, turn=[0, 1], move="\n"), "bad-message"),
    (protocol.write("resign", seq=1.5, turn=[0, 1]), "bad-message"),
]


@pytest.mark.parametrize("text, reason", BAD)
def test_read_refuses_with_the_reason(text, reason):
    with pytest.raises(ProtocolError) as refusal:
        protocol.read(text)
    assert refusal.value.reason == reason
    assert reason in protocol.REASONS


# The relay ------------------------------------------------------------------------------------

def test_two_games_meet_in_a_room_and_their_messages_pass_unchanged(shared):
    with contextlib.ExitStack() as stack:
        first, second, room, joined = pair(shared)
        stack.enter_context(first)
        stack.enter_context(second)
        assert room["code"] == joined["code"] and protocol.normal_code(room["code"])
        assert room["options"] == OPTIONS == joined["options"]
        assert room["token"] != joined["token"]
        passes(second, first, protocol.write("accept", seq=0))
        passes(first, second, protocol.write("sync", have=0))
        for seq in range(20):
            passes(first, second, move(seq))
            passes(second, first, json.dumps({"seq": seq, "turn": [0, seq], "type": "move",
                                              "move": "6-1: 1/2 1/7"}))
        second.close()
        assert receive(first) == {"type": "peer", "present": False}


def test_the_relay_command_ends_with_0_on_sigterm_and_sigint():
    for signum in (signal.SIGTERM, signal.SIGINT):
        with relay_process() as process:
            with client(process.url) as connection:
                connection.send(hello())
                assert receive(connection)["type"] == "room"
                process.send_signal(signum)
                assert process.wait(10) == 0
            assert process.stderr.read().strip() == "The relay has stopped."


def run_main(*args, lang="C.UTF-8"):
    env = {**_environment(), "LANG": lang}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, env=env)


def parsed(capsys, *args) -> tuple[int, str, str]:
    """What the command line's parsing, which `main.py` runs before anything else, does with
    `args` in the system's language C.UTF-8 (see speak): its status, stdout and stderr."""
    with pytest.raises(SystemExit) as done:
        cli.parse_args(list(args))
    out, err = capsys.readouterr()
    return done.value.code, out, err


@pytest.fixture
def system_english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_the_relay_command_has_help_in_both_languages(capsys, system_english):
    status, english, _ = parsed(capsys, "relay", "--help")
    assert status == 0 and "--port" in english and "--host" in english
    assert "--limit" not in english
    status, french, _ = parsed(capsys, "relay", "--help", "--language", "fr")
    assert status == 0 and "--port" in french
    assert "le port" in french
    assert "relay --help" in parsed(capsys, "--help")[1]


@pytest.mark.parametrize("args, says", [
    (["--port", "x"], "'x' is not a port"), (["--port", "65536"], "is not a port"),
    (["--port"], "expected one argument"), (["--frobnicate"], "unrecognized arguments"),
    (["--limit", "-1"], "is negative"),
])
def test_a_bad_relay_argument_gives_one_line_and_status_2(args, says, capsys, system_english):
    """(Its status 2 as a process: tests/test_cli.py.)"""
    status, out, err = parsed(capsys, "relay", *args)
    assert status == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1


def test_a_port_in_use_gives_one_line_and_status_1(shared):
    port = shared.rsplit(":", 1)[1]
    result = run_main("relay", "--host", "127.0.0.1", "--port", port)
    assert result.returncode == 1 and result.stdout == ""
    assert "could not listen on ws://127.0.0.1:" + port in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_relay_in_a_thread():
    running = relay.start_in_thread("127.0.0.1", 0)
    try:
        assert running.url == f"ws://127.0.0.1:{running.port}" and running.port > 0
        first, second, _, _ = pair(running.url)
        with first, second:
            passes(first, second, move(0))
        with pytest.raises(OSError):
            relay.start_in_thread("127.0.0.1", running.port)
    finally:
        running.stop()
    with pytest.raises(OSError):
        client(running.url)


def test_a_relay_stopped_while_a_connection_is_still_opening_leaves_no_task_pending():
    """A handshake never finished holds the relay's end for SHUTDOWN seconds; then what is
    left is cancelled and ended on the relay's loop, not left pending for the garbage
    collector to end after the loop has closed (it then raised "no running event loop")."""
    running = relay.start_in_thread("127.0.0.1", 0)
    with socket.create_connection(("127.0.0.1", running.port), timeout=5) as opening:
        opening.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.2)                     # the relay has taken the connection
        running.stop()
        assert not running._thread.is_alive()
    assert asyncio.all_tasks(running.loop) == set()


def test_local_addresses_are_not_loopback():
    addresses = relay.local_addresses()
    assert all(not a.startswith("127.") and a.count(".") == 3 for a in addresses)
    assert len(set(addresses)) == len(addresses)


# Every refusal, and every other room served after it ------------------------------------------

def refused_at_hello(url, text) -> str:
    """A new connection whose first message is `text`: the reason it is refused (the relay
    then closes it)."""
    with client(url) as connection:
        reason = refused(connection, text)
        assert closes(connection)
    return reason


def test_every_refusal_of_a_hello_says_why_and_the_other_rooms_play_on(shared):
    witness_host, witness_guest, witness, _ = pair(shared)
    waiting, room = host(shared)
    code = room["code"]
    unknown = next(c for c in iter(protocol.new_code, None) if c != code)
    cases = [
        (move(0), "not-hello"), ('{"type": "chat"}', "not-hello"), ("[1, 2]", "not-hello"),
        (protocol.write("sync", have=0), "not-hello"),
        (hello(protocol=2), "protocol"), (hello(protocol=2, room="gibberish"), "protocol"),
        (hello(code, version="9.9"), "version"),
        (hello(code, rules="bell"), "rules"), (hello(rules="chess"), "rules"),
        (hello(unknown), "no-such-room"),
        (hello(witness["code"]), "room-full"),
        (hello(witness["code"], token=protocol.new_token()), "bad-token"),
        (hello(witness["code"], token=witness["token"], seat="guest"), "bad-token"),
        (hello(code, token=protocol.new_token()), "bad-token"),
        ("x" * (protocol.MAX_BYTES + 1), "too-big"), (hello(pad="é" * 2100), "too-big"),
        ("{", "not-json"), (b"\x00\x01", "not-json"), (b"{}", "not-json"),
        (hello(options={**OPTIONS, "length": "long"}), "bad-message"),
        (hello(room="ACDEFO"), "bad-message"),
    ]
    with witness_host, witness_guest, waiting:
        for seq, (text, reason) in enumerate(cases):
            assert refused_at_hello(shared, text) == reason, text
            passes(witness_host, witness_guest, move(seq))
            passes(witness_guest, witness_host, move(seq))
        with client(shared) as guest:           # the room refused to others is still there
            guest.send(hello(code))
            assert receive(guest)["seat"] == "guest"
            assert receive(waiting) == {"type": "peer", "present": True}
            passes(guest, waiting, protocol.write("accept", seq=0))


def test_a_guest_with_other_rules_is_told_the_rooms_and_can_say_hello_again_with_them(shared):
    waiting, room = host(shared, rules="garanguet")
    with waiting, client(shared) as guest, client(shared) as again:
        guest.send(hello(room["code"]))           # the Join screen names no rule set
        answer = receive(guest)
        assert (answer["type"], answer["reason"], answer["rules"]) == ("refused", "rules", "garanguet")
        assert protocol.read(json.dumps(answer))["rules"] == "garanguet"
        again.send(hello(room["code"], rules="garanguet", game="garanguet"))
        assert receive(again)["seat"] == "guest"


def test_a_seated_game_is_told_what_was_dropped_and_plays_on(shared):
    first, second, _, _ = pair(shared)
    with first, second:
        for text, reason in [(hello(), "bad-message"), ('{"type": "chat"}', "bad-message"),
                             (protocol.write("room", code="ACDEF9", seat="host", token="a" * 32,
                                             options={}), "bad-message"),
                             (protocol.write("peer", present=True), "bad-message"),
                             ("{", "not-json"), (b"binary", "not-json"),
                             (move(0, "x" * 300), "bad-message"),
                             (json.dumps({"type": "move", "pad": "x" * 5000}), "too-big")]:
            assert refused(first, text) == reason
            passes(first, second, move(1))          # nothing of it reached the other game
    first, second, _, _ = pair(shared)
    with first, second:
        first.send("x" * (4 * protocol.MAX_BYTES + 1))     # larger than a frame may be
        assert closes(first) and first.close_code == 1009
        assert receive(second) == {"type": "peer", "present": False}


def test_too_many_tries_from_one_address():
    with relay_process("--limit", "5") as process:
        first, second, room, _ = pair(process.url)          # two tries
        with first, second:
            for _ in range(3):
                with client(process.url) as other:
                    other.send(hello())
                    assert receive(other)["type"] == "room"
            with client(process.url) as sixth:              # refused before its hello
                assert receive(sixth) == {"type": "refused", "reason": "too-many",
                                          "detail": "more than 5 tries a minute"}
                assert closes(sixth)
            passes(first, second, move(0))
            passes(second, first, move(0))


def until(condition, seconds=WAIT) -> None:
    """Wait for `condition()` (what the relay's thread does on its own time), `seconds` at most."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "it never came"
        time.sleep(0.01)


class Clock:
    """The relay's clock in the tests that let time pass."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@contextlib.contextmanager
def relay_thread(**options):
    running = relay.start_in_thread("127.0.0.1", 0, relay.Relay(**options))
    try:
        yield running
    finally:
        running.stop()


def test_the_limit_of_tries_is_a_minute_long():
    clock = Clock()
    with relay_thread(limit=2, clock=clock) as running:
        for _ in range(2):
            assert refused_at_hello(running.url, "{") == "not-json"
        assert refused_at_hello(running.url, hello()) == "too-many"
        clock.now += 59
        assert refused_at_hello(running.url, hello()) == "too-many"
        clock.now += 1
        assert refused_at_hello(running.url, "{") == "not-json"


def test_behind_a_proxy_on_this_computer_each_player_has_his_limit():
    """The proxy (here: loopback) names the player's address last in X-Forwarded-For."""
    with relay_thread(limit=1) as running:
        def refused_from(forwarded):
            with connect(running.url, proxy=None, open_timeout=WAIT, close_timeout=2,
                         additional_headers={"X-Forwarded-For": forwarded}) as connection:
                return refused(connection, "{")
        assert refused_from("198.51.100.7, 203.0.113.1") == "not-json"
        assert refused_from("198.51.100.7, 203.0.113.2") == "not-json"
        assert refused_from("203.0.113.1") == "too-many"
        assert refused_from("203.0.113.1, 203.0.113.2") == "too-many"


def test_a_relay_keeps_so_many_rooms_and_no_more():
    with relay_thread(limit=0, most=2) as running:
        first, second, room, _ = pair(running.url)
        waiting, _ = host(running.url)
        with first, second, waiting:
            assert refused_at_hello(running.url, hello()) == "too-many"
            passes(first, second, move(0))
            with client(running.url) as back:       # a seat coming back is no new room
                back.send(hello(room["code"], token=room["token"]))
                assert receive(back)["seat"] == "host"


def test_a_connection_that_says_nothing_is_closed():
    with relay_thread(limit=0, hello_wait=0.2) as running, client(running.url) as silent:
        answer = receive(silent)
        assert answer["reason"] == "not-hello" and "no hello within" in answer["detail"]
        assert closes(silent)


def test_a_room_nobody_joins_expires_after_15_minutes():
    clock = Clock()
    with relay_thread(limit=0, clock=clock) as running:
        waiting, room = host(running.url)
        early, early_room = host(running.url)
        with waiting, early:
            clock.now += relay.UNJOINED - 1
            with client(running.url) as guest:      # 14:59: still there
                guest.send(hello(early_room["code"]))
                assert receive(guest)["seat"] == "guest"
            clock.now += 1
            assert refused_at_hello(running.url, hello(room["code"])) == "expired"
            assert receive(waiting) == {"type": "refused", "reason": "expired",
                                        "detail": "the room waited too long"}
            assert closes(waiting)
            running.call(running.relay.sweep)
            assert early_room["code"] in running.relay.rooms    # joined: kept
            assert room["code"] not in running.relay.rooms


def test_a_room_both_players_left_expires_after_30_minutes():
    clock = Clock()
    with relay_thread(limit=0, clock=clock) as running:
        first, second, room, joined = pair(running.url)
        kept = running.relay.rooms[room["code"]]
        with first:
            with second:
                clock.now += 3600                   # both seats present: never expires
                running.call(running.relay.sweep)
            assert receive(first) == {"type": "peer", "present": False}
            clock.now += 3600                       # nor one
            running.call(running.relay.sweep)
            assert room["code"] in running.relay.rooms
        until(lambda: running.call(lambda: kept.seats["host"].connection is None))
        clock.now += relay.ABANDONED - 1
        running.call(running.relay.sweep)
        assert room["code"] in running.relay.rooms
        clock.now += 1
        running.call(running.relay.sweep)
        assert room["code"] not in running.relay.rooms
        assert refused_at_hello(running.url, hello(room["code"])) == "expired"
        # Its seats' tokens still open it again, as on a relay restarted.
        with client(running.url) as back:
            back.send(hello(room["code"], token=joined["token"], seat="guest"))
            assert receive(back) == {**joined, "options": {}, "reopened": True}


# Coming back with the seat's token ------------------------------------------------------------

def test_a_seat_comes_back_with_its_token(shared):
    first, second, room, joined = pair(shared)
    with first:
        with second:
            passes(first, second, move(0))
        assert receive(first) == {"type": "peer", "present": False}
        first.send(move(1))                         # for a seat away: held for it
        with client(shared) as back:
            back.send(hello(room["code"], token=joined["token"]))
            assert receive(back) == joined
            assert receive(back) == {"type": "peer", "present": True}
            assert back.recv(timeout=WAIT) == move(1)
            assert receive(first) == {"type": "peer", "present": True}
            passes(back, first, protocol.write("sync", have=1))
            passes(first, back, move(1))
            with client(shared) as again:           # the same seat again: it replaces `back`
                again.send(hello(room["code"], token=joined["token"], seat="guest"))
                assert receive(again) == joined
                assert receive(again) == {"type": "peer", "present": True}
                assert closes(back)
                passes(first, again, move(2))
                passes(again, first, move(2))


def test_both_seats_come_back_to_a_relay_restarted_mid_match():
    with relay_process("--limit", "0") as before:
        first, second, room, joined = pair(before.url)
        with first, second:
            for seq in range(3):
                passes(first, second, move(seq))
            before.send_signal(signal.SIGTERM)
            assert before.wait(10) == 0
            assert closes(first) and closes(second)
    code = room["code"]
    with relay_process("--limit", "0") as after:
        assert refused_at_hello(after.url, hello(code)) == "no-such-room"
        with client(after.url) as guest, client(after.url) as host_again:
            guest.send(hello(code, token=joined["token"], seat="guest"))
            assert receive(guest) == {**joined, "options": {}, "reopened": True}
            assert receive(guest) == {"type": "peer", "present": False}
            host_again.send(hello(code, token=room["token"], seat="host"))
            assert receive(host_again) == {**room, "options": {}, "reopened": True}
            assert receive(host_again) == {"type": "peer", "present": True}
            assert receive(guest) == {"type": "peer", "present": True}
            for seq in range(3, 10):
                passes(host_again, guest, move(seq))
                passes(guest, host_again, move(seq))
            assert refused_at_hello(after.url, hello(code)) == "room-full"
            assert refused_at_hello(after.url, hello(code, token=protocol.new_token())) \
                == "bad-token"


def test_a_relay_restarted_calls_the_first_seat_back_host_without_its_seat():
    with relay_thread(limit=0) as running:
        tokens = [protocol.new_token(), protocol.new_token()]
        with client(running.url) as one, client(running.url) as two:
            one.send(hello("ACDEF9", token=tokens[1]))
            assert receive(one)["seat"] == "host"
            two.send(hello("ACDEF9", token=tokens[0]))
            assert receive(two)["seat"] == "guest"
            assert refused_at_hello(running.url, hello("ACDEF9", token=protocol.new_token())) \
                == "bad-token"


# Fuzz -----------------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                  max_size=4),
    max_leaves=16)


@st.composite
def nearly_good(draw):
    """A message of the protocol with one field taken away, changed or added."""
    message = json.loads(draw(st.sampled_from(GOOD)))
    key = draw(st.sampled_from(sorted(message)) | st.text(max_size=8))
    if draw(st.booleans()) and key in message:
        del message[key]
    else:
        message[key] = draw(JSON)
    return json.dumps(message)


FRAMES = st.one_of(st.text(max_size=200), st.binary(max_size=200), JSON.map(json.dumps),
                   nearly_good(), st.sampled_from(GOOD))


def reading(text):
    """What `read` makes of a frame: the message, or the reason it refuses it; never another
    exception."""
    try:
        message = protocol.read(text)
    except ProtocolError as error:
        assert error.reason in protocol.REASONS
        return None, error.reason
    assert message["type"] in protocol.READERS
    return message, None


@settings(max_examples=300, deadline=None)
@given(FRAMES)
def test_fuzz_read_takes_a_message_or_says_why_not(text):
    message, reason = reading(text)
    if message is not None:     # what it takes, written again, reads the same
        assert protocol.read(json.dumps(message)) == message


def test_fuzz_the_relay_answers_anything_and_serves_on():
    """Random frames as a first message (refused, or a room for a hello that is one) and from a
    seated game (passed on unchanged if they are peer messages, else refused and dropped):
    the relay never dies, and a room opened before it all still plays."""
    with relay_thread(limit=0) as running:
        witness_host, witness_guest, _, _ = pair(running.url)
        sender, receiver, _, _ = pair(running.url)

        @settings(max_examples=120, deadline=None)
        @given(FRAMES)
        def first(frame):
            with client(running.url) as connection:
                with contextlib.suppress(ConnectionClosed):
                    connection.send(frame)
                answer = receive(connection)
                message, reason = reading(frame)
                event(f"first message: {answer['type']} {answer.get('reason', '')}")
                if answer["type"] == "refused":
                    assert answer["reason"] in protocol.REASONS
                    assert closes(connection)
                else:
                    assert answer["type"] == "room" and message["type"] == "hello"

        @settings(max_examples=120, deadline=None)
        @given(FRAMES)
        def seated(frame):
            message, reason = reading(frame)
            event(f"seated: {message['type'] if message else reason}")
            sender.send(frame)
            if message is not None and message["type"] in protocol.PEER_TYPES:
                assert receiver.recv(timeout=WAIT) == frame
            else:
                answer = receive(sender)
                assert (answer["type"], answer["reason"]) == ("refused", reason or "bad-message")

        with witness_host, witness_guest, sender, receiver:
            first()
            seated()
            passes(sender, receiver, move(0))
            passes(witness_host, witness_guest, move(0))
            passes(witness_guest, witness_host, move(0))


# Twenty rooms at once -------------------------------------------------------------------------

def test_twenty_rooms_at_once_nothing_lost_nothing_crossed(shared):
    """Twenty pairs on one relay, each game sending 40 numbered moves while it reads the other's
    (seeded pauses shuffle the order): every move arrives, in order, and only in its room."""
    count, errors, sides = 40, [], []
    for n in range(20):
        first, second, room, _ = pair(shared)
        sides += [(first, second, room["code"], "host", n), (second, first, room["code"],
                                                               "guest", n)]

    def send(connection, code, seat, seed):
        rng = random.Random(seed)
        for seq in range(count):
            connection.send(move(seq, f"{code} {seat} {seq}"))
            if rng.random() < 0.2:
                time.sleep(rng.random() / 500)

    def read(connection, code, seat):
        other = "guest" if seat == "host" else "host"
        try:
            for seq in range(count):
                got = protocol.read(connection.recv(timeout=20))
                assert got["move"] == f"{code} {other} {seq}" and got["seq"] == seq, got
        except Exception as error:      # collected: a thread's failure fails the test
            errors.append(repr(error))

    threads = []
    for connection, _, code, seat, n in sides:
        threads.append(threading.Thread(target=send, args=(connection, code, seat,
                                                           2 * n + (seat == "host")),
                                        daemon=True))
        threads.append(threading.Thread(target=read, args=(connection, code, seat), daemon=True))
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert not any(thread.is_alive() for thread in threads)
        assert errors == []
    finally:
        for connection, *_ in sides:
            connection.close()


def test_a_seat_away_finds_the_last_words_of_a_game_that_left_before_it_came_back(shared):
    """A resignation sent while the other game was away reaches it when it comes back, after
    the messages before it, in order; only the last few are held (the games resend the rest)."""
    from game.online import relay
    first, second, room, joined = pair(shared)
    with first:
        with second:
            pass
        assert receive(first) == {"type": "peer", "present": False}
        sent = [move(seq) for seq in range(relay.HELD + 3)]
        sent.append(protocol.write("resign", seq=len(sent), turn=[0, 4]))
        for text in sent:
            first.send(text)
    with client(shared) as back:
        back.send(hello(room["code"], token=joined["token"], seat="guest"))
        assert receive(back) == joined
        assert receive(back) == {"type": "peer", "present": False}
        assert [back.recv(timeout=WAIT) for _ in range(relay.HELD)] == sent[-relay.HELD:]
