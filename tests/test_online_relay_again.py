"""A host's game taken up again while its port is still held (played by hand, issue 37: the old
game, still ending, held 8690; the new one played on without a relay and never tried again): the
table says so in words, the relay is tried again on its port, bounded, and once the port is let
go it starts there and serves. Loopback only; every wait has a deadline in wall time."""
import socket
import time

import pytest
from websockets.sync.client import connect

from game.online import relay
from game.scenes.online import lobby
from game.scenes.online.playing import OnlinePlay

DEADLINE = 5.0          # seconds any one wait may take, at most


@pytest.fixture
def held_port(monkeypatch):
    """A port on the relay's host, held by a listening socket (the game closing): (socket, port)."""
    monkeypatch.setattr(relay, "AGAIN_EVERY", 0.02)
    monkeypatch.setattr(lobby, "restarting", None)
    holder = socket.socket()
    holder.bind((lobby.RELAY_HOST, 0))
    holder.listen()
    yield holder, holder.getsockname()[1]
    holder.close()


def until(done, seconds=DEADLINE) -> bool:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.005)
    return done()


class Link:
    """What OnlinePlay asks of a link: nothing happens on it."""
    watchers = 0
    waiting = ()

    def poll(self):
        return []


def said(part) -> str:
    return " ".join(str(words) for words in part.troubles.values())


def test_a_relay_whose_port_is_held_is_said_tried_again_and_starts_once_it_is_let_go(held_port):
    holder, port = held_port
    again = lobby.restart_relay({"seat": "host", "url": f"ws://127.0.0.1:{port}"})
    try:
        assert isinstance(again, relay.StartingAgain) and again.port == port
        part = OnlinePlay(Link(), None, banner=None, end=None)
        part.poll()
        assert f"port {port} is still held" in said(part) and "trying again" in said(part)
        assert until(lambda: again.tries >= 2) and again.running is None
        holder.close()                                  # the old game has ended
        assert until(lambda: again.running is not None), "the relay did not start once let go"
        with connect(again.url, open_timeout=DEADLINE, proxy=None) as ws:    # it serves
            ws.send('{"type": "list"}')
            assert ws.recv(timeout=DEADLINE)
        part.poll()
        assert "relay" not in part.troubles
    finally:
        again.stop()
    assert again.running is None and not again.held


def test_a_port_held_for_good_is_given_up_and_said_so(held_port, monkeypatch):
    _holder, port = held_port
    monkeypatch.setattr(relay, "AGAIN_TRIES", 3)
    again = lobby.restart_relay({"seat": "host", "url": f"ws://127.0.0.1:{port}"})
    try:
        assert until(lambda: again.given_up) and again.tries == 3 and again.running is None
        part = OnlinePlay(Link(), None, banner=None, end=None)
        part.poll()
        assert f"port {port} is still held" in said(part) and "Save and leave" in said(part)
    finally:
        again.stop()
    part.poll()
    assert not part.troubles


def test_a_free_port_starts_the_relay_at_once_as_before(monkeypatch):
    monkeypatch.setattr(lobby, "restarting", None)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = lobby.restart_relay({"seat": "host", "url": f"ws://127.0.0.1:{port}"})
    try:
        assert isinstance(running, relay.Running) and running.port == port
        assert lobby.relay_held() is None
    finally:
        running.stop()
