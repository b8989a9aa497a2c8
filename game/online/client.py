"""The game's end of a connection to the relay: a websockets client on a daemon thread running
its own asyncio loop, so the game's frames never wait for the network. What arrives goes into a
`queue.Queue` that the link (game/online/link.py) empties each frame; what the link sends is
handed to the loop thread-safely.

Each (re)connection sends the `hello` the link set last (with the seat token once it has one).
A connection that drops is tried again by itself, the pause growing from 0.1 s to at most 2 s.
Before the first success, FIRST_TRIES attempts are made, then the address is said unreachable:
a new join gives up there (the Join screen says why, and Join tries again), while a saved match
taken up again (`keep_trying`) goes on trying at the longest pause, so that a friend's game that
came back first is in again by itself once the host's relay listens. A `refused` from the relay
is final: no retry, but for the reasons given in `again_on` (a watcher whose relay was
restarted is refused "no-such-room" or "no-record" until both players' games are back and have
resent the match: docs/online.md), after which it tries again every AGAIN_PAUSE seconds.

What the queue carries (tuples):
    ("message", dict)   a message from the relay, read by protocol.read (anything else is
                        dropped here)
    ("lost",)           the connection dropped; trying again
    ("unreachable",)    no relay answered in FIRST_TRIES attempts; given up (still trying, with
                        `keep_trying`: said once)
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import queue
import threading
from urllib.parse import urlsplit

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from game.base.i18n import _, n_
from game.base.wake import wake
from game.online.protocol import MAX_BYTES, PROTOCOL, ProtocolError, read, shown_code

FIRST_TRIES = 5          # attempts before an address is said unreachable
FIRST_PAUSE = 0.1        # seconds before the first retry; doubled each time...
LONGEST_PAUSE = 2.0      # ...up to this
AGAIN_PAUSE = 5.0        # seconds before trying again after a refusal named in `again_on`


class Client:
    """One connection to one relay, kept up until `close()` (see the module)."""

    def __init__(self, url: str, hello: dict, first_tries: int = FIRST_TRIES,
                 keep_trying: bool = False, again_on: tuple = ()):
        self.url = url
        self.keep_trying = keep_trying
        self.again_on = tuple(again_on)   # refusals after which it tries again (see the module)
        self._again = False
        self.hello = dict(hello)          # replaced by the link when it has a seat token
        self.inbox: queue.Queue = queue.Queue()
        self.first_tries = first_tries
        self.connected = False
        self._loop = asyncio.new_event_loop()
        self._out: asyncio.Queue | None = None
        self._stop: asyncio.Event | None = None
        self._ws = None
        self._final = False               # refused: no retry
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="online-client", daemon=True)
        self._thread.start()
        self._ready.wait(5)

    # --- from the game's thread ------------------------------------------------------------
    def send(self, message: dict) -> None:
        """Send `message` if connected (a message sent while away is dropped: the games resend
        what the other lacks on `sync`)."""
        self._call(lambda: self._out.put_nowait(message) if self.connected else None)

    def drop(self) -> None:
        """Cut the connection as a network would (tests): the client reconnects by itself."""
        self._call(lambda: self._ws.transport.abort() if self._ws is not None else None)

    def close(self, wait: float = 0.0) -> None:
        """Close after what was sent so far has gone out (waiting up to `wait` seconds for
        it, for a process about to end); no retry after this."""
        self._final = True
        self._call(lambda: (self._out.put_nowait(None), self._stop.set()))
        if wait > 0 and threading.current_thread() is not self._thread:
            self._thread.join(wait)

    def alive(self) -> bool:
        return self._thread.is_alive()

    def _call(self, action) -> None:
        try:
            self._loop.call_soon_threadsafe(action)
        except RuntimeError:               # the loop has ended
            pass

    # --- on the client's thread ------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._out, self._stop = asyncio.Queue(), asyncio.Event()
        self._ready.set()
        tries, pause, ever = 0, FIRST_PAUSE, False
        while not self._final:
            was_open = False
            try:
                async with connect(self.url, open_timeout=5, close_timeout=1, max_size=4 * MAX_BYTES,
                                   ping_interval=5, ping_timeout=10,
                                   proxy=None if nearby(self.url) else True) as ws:
                    await ws.send(json.dumps(self.hello, separators=(",", ":")))
                    was_open = ever = True
                    pause = FIRST_PAUSE
                    self._ws = ws
                    while not self._out.empty():      # what waited from before: resent on sync
                        self._out.get_nowait()
                    self.connected = True
                    await self._serve(ws)
            except (OSError, WebSocketException, asyncio.TimeoutError, ValueError):
                pass
            finally:
                self.connected, self._ws = False, None
            if self._final:
                break
            if self._again:               # refused for now: again after a longer pause
                self._again, pause = False, AGAIN_PAUSE
            elif was_open:
                self._tell(("lost",))
            elif not ever:
                tries += 1
                if tries == self.first_tries:
                    self._tell(("unreachable",))
                    if not self.keep_trying:
                        break
            try:
                await asyncio.wait_for(self._stop.wait(), pause)
            except asyncio.TimeoutError:
                pass
            pause = min(pause * 2, LONGEST_PAUSE)

    async def _serve(self, ws) -> None:
        reader = asyncio.ensure_future(self._read(ws))
        writer = asyncio.ensure_future(self._write(ws))
        done, pending = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        # A connection cut ends both at once: each one's error is taken (asyncio would
        # otherwise log the other's as never retrieved), the first is the caller's to handle.
        errors = [task.exception() for task in done]
        for error in errors:
            if error is not None:
                raise error

    async def _read(self, ws) -> None:
        async for text in ws:
            try:
                message = read(text)
            except ProtocolError:
                continue
            if message.get("type") == "refused" and not self.inbox_has_room(message):
                if message["reason"] in self.again_on:
                    self._again = True
                else:
                    self._final = True
            self._tell(("message", message))

    def _tell(self, news: tuple) -> None:
        """News for the game, and the main loop woken to show it (it may be resting)."""
        self.inbox.put(news)
        wake()

    @staticmethod
    def inbox_has_room(message: dict) -> bool:
        """A refusal of one message (bad-message, too-big) keeps the connection; any other
        refusal is the relay's last word."""
        return message.get("reason") in ("bad-message", "too-big", "not-json")

    async def _write(self, ws) -> None:
        while True:
            message = await self._out.get()
            if message is None:
                await ws.close()
                return
            await ws.send(json.dumps(message, separators=(",", ":")))


def nearby(url: str) -> bool:
    """A relay on this computer or the home network: reached directly, never through the
    system's web proxy (websockets would otherwise use one set in the environment)."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


# The listing (docs/online.md, "The listing") ---------------------------------------------------

def list_rooms(url: str, game: str | None = None, page: int = 0, timeout: float = 5.0) -> dict:
    """One page of the relay's open rooms and matches in play (its `rooms` answer, checked),
    asked on a connection of its own that is closed at once (the headless `--list`; a screen
    that shows the listing live keeps a `Client` with a `list` hello instead).

    OSError (TimeoutError and ConnectionError among them) when no relay answers at `url`
    within `timeout` seconds; ProtocolError (its `reason`) when the relay refuses: "not-hello"
    from a relay older than the listing, "too-many" when this address asked too often."""
    from websockets.sync.client import connect as connect_now

    asked = {"type": "list", "protocol": PROTOCOL, "game": game, "page": page}
    try:
        with connect_now(url, open_timeout=timeout, close_timeout=1, max_size=4 * MAX_BYTES,
                         proxy=None if nearby(url) else True) as ws:
            ws.send(json.dumps(asked, separators=(",", ":")))
            answer = read(ws.recv(timeout))
    except (WebSocketException, ValueError) as error:
        if isinstance(error, ProtocolError):
            raise
        raise ConnectionError(f"{url}: {error}") from None
    if answer["type"] == "refused":
        raise ProtocolError(answer["reason"], answer.get("detail", ""))
    if answer["type"] != "rooms":
        raise ProtocolError("bad-message", f"a {answer['type']} where rooms were awaited")
    return answer


def room_line(entry: dict) -> str:
    """One open room of a listing on one line: its code as shown (with its dash) first, then
    its rule set, length, host's name ("-" for none) and waiting time, two spaces apart."""
    waiting = entry["waiting"]
    said = (_("{minutes} min {seconds:02d} s", minutes=waiting // 60, seconds=waiting % 60)
            if waiting >= 60 else _("{seconds} s", seconds=waiting))
    return "  ".join([shown_code(entry["code"]), entry["rules"],
                      str(n_("{count} point", "{count} points", entry["length"],
                             count=entry["length"])),
                      entry.get("name") or "-", str(said)])
