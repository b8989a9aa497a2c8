"""The relay against hostile clients on loopback (issue 30, item 7): a client that sends pings
and never reads is closed before the relay keeps much of its pongs, and a relay with silent
connections still ends soon after SIGTERM. Raw sockets, so that nothing reads or answers for
the client; every wait is bounded."""
import base64
import contextlib
import os
import random
import signal
import socket
import subprocess
from urllib.parse import urlsplit

from game.online import relay
from test_relay import relay_process, relay_thread, until

WAIT = 5.0
FLOOD = 16 * 1024 * 1024        # bytes of pings at most (48 MiB in tests/bench_online.py)


def handshake(url: str, receive_buffer: int | None = None) -> socket.socket:
    """A WebSocket connection opened by hand, which from then on reads nothing."""
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:          # before connecting, so that the window stays small
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(WAIT)
    sock.connect((parts.hostname, parts.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer and len(answer) < 4096:
        answer += sock.recv(1) or b"\r\n\r\n"
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def pings(count: int, rng: random.Random) -> bytes:
    """`count` masked ping frames of 125 bytes each (the largest a control frame carries)."""
    payload = bytes(rng.randrange(256) for _ in range(125))
    mask = bytes(rng.randrange(256) for _ in range(4))
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return (b"\x89" + bytes([0x80 | 125]) + mask + masked) * count


def flood(sock: socket.socket, rng: random.Random) -> bool:
    """Send up to FLOOD bytes of pings, reading nothing: whether the relay closed the
    connection meanwhile."""
    chunk, sent = pings(512, rng), 0
    try:
        while sent < FLOOD:
            sock.sendall(chunk)
            sent += len(chunk)
        sock.sendall(chunk)
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:        # the relay stopped reading: it was not closed
        return False
    return False


def test_a_client_that_sends_pings_and_never_reads_is_closed_and_its_pongs_not_kept():
    with relay_thread(limit=0) as running:
        rng = random.Random(30)
        with contextlib.closing(handshake(running.url, receive_buffer=4096)) as sock:
            assert flood(sock, rng), "the relay kept answering a client that never reads"
        until(lambda: running.relay.most_unread > 0)
        # What it had written and the client not read: at most the limit, and the pongs
        # of the one read (256 KiB at most) that passed it.
        assert running.relay.most_unread <= relay.UNREAD + 256 * 1024
        # Other rooms are served as ever.
        from test_relay import move, pair, passes
        first, second, _, _ = pair(running.url)
        with first, second:
            passes(first, second, move(0))


def test_a_relay_with_ten_silent_connections_ends_soon_after_sigterm():
    with relay_process("--limit", "0") as process:
        silent = [handshake(process.url) for _ in range(10)]
        try:
            process.send_signal(signal.SIGTERM)
            # Before: the library's closing handshake waited 10 s for each silent one.
            assert process.wait(5) == 0
        except subprocess.TimeoutExpired:
            raise AssertionError("the relay did not end within 5 s of SIGTERM") from None
        finally:
            for sock in silent:
                sock.close()
