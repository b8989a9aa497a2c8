"""The relay (docs/online.md): it pairs two games by a room code and passes their messages on.

It plays no match and is trusted with nothing: it only checks that a message is one of the
protocol's (game.online.protocol.read, which reads the rule sets' names and families from the
registry in game.rules, and nothing else of them) and that both seats play the same version and
rules.
It keeps nothing on disk; a relay restarted opens a room again for the seat tokens it is shown.
Every refusal answers one connection and leaves every other room served. Watchers (at most
WATCHERS a room) are shown the room's log, then what passes live; nothing they send goes anywhere.
Every connection's memory is bounded: what it sent and the relay has not read (MAX_QUEUE frames),
and what the relay wrote and it has not read (UNREAD bytes, then it is closed).
A host may open its room to anyone on the relay ("open": listed, game/online/lobby.py); a
connection whose first message is a `list` is answered pages of the open rooms and of the
matches played in them, within the bounds of its address (LISTINGS, OPEN_ROOMS). A private
room is never listed. Names are checked here again (game/online/names.py) and passed on.

`python main.py relay` runs it in the foreground; the host's game runs one on a thread
(`start_in_thread`). Only asyncio and websockets, and the rule sets' names: no pygame, no
session, no move ever checked here (each game checks the other's, game/online/link.py).
"""
import asyncio
import collections
import dataclasses
import hmac
import json
import signal
import socket
import threading
import time
from typing import NoReturn

from websockets.asyncio.server import ServerConnection, serve as websocket_server
from websockets.exceptions import ConnectionClosed

from game.base import streams
from game.base.wake import wake
from game.base.i18n import _
from game.online import protocol
from game.online.lobby import OPEN_ROOMS, Lobby
from game.online.protocol import (DEFAULT_PORT, FEATURES, MAX_BYTES, PEER_FIELDS, PEER_TYPES,
                                  WATCHERS, ProtocolError, refusal, write)
from game.saves.files import os_words

__all__ = ["DEFAULT_PORT", "Lobby", "Relay", "Running", "local_addresses", "main", "serve",
           "start_in_thread"]

UNJOINED = 15 * 60      # seconds a room waits for its guest
ABANDONED = 30 * 60     # seconds a room is kept once both seats have left
HELLO_WAIT = 10.0       # seconds a connection has to say hello
LIMIT = 30              # connections a minute from one address
ROOMS = 10_000          # rooms at most (about 30 KiB each, bench_online.py)
SWEEP = 30.0            # seconds between two looks for rooms to forget
FORGOTTEN = 24 * 3600   # seconds an expired code is still answered "expired"
#: Frames up to this size are read and refused "too-big"; websockets closes on larger ones.
LARGEST_FRAME = 4 * MAX_BYTES
#: Frames a connection sent that the relay has not read yet: beyond, it stops reading that
#: socket (at most MAX_QUEUE x LARGEST_FRAME = 128 KiB a connection).
MAX_QUEUE = 8
#: What the relay writes to a connection before a send waits for it to read (bytes).
WRITE_LIMIT = 32 * 1024
#: What a connection has not read of what the relay wrote, beyond which it is closed: the
#: library answers each ping at once, on its own, so a client that sends pings and never reads
#: would otherwise make the relay keep every pong (docs/online.md, "Limits").
UNREAD = 256 * 1024
#: Seconds between the relay's pings, and for the pong to come back before the connection is
#: closed (a game's client answers them on its own thread, even while its game is busy).
PING_INTERVAL, PING_TIMEOUT = 20.0, 20.0
#: Seconds a closing handshake may take before the socket is cut, and the most the relay takes
#: to end after SIGTERM, whatever its connections do (LAST_WAIT more, should SHUTDOWN run out,
#: for the tasks then cancelled to end on the relay's loop).
CLOSE_TIMEOUT, SHUTDOWN, LAST_WAIT = 1.0, 1.5, 0.1
#: The room's log for its watchers, in bytes of `seen` messages: the longest of 8 matches to 21
#: points between two computers (Tourne Case) logged 1.5 MB, 10,241 messages (docs/online.md,
#: "Watching a room"); a room whose log would pass it drops it and admits no new watcher
#: ("no-record").
LOG_BYTES = 4 * 1024 * 1024
#: The logs of all the rooms together, in the same bytes (ROOMS x LOG_BYTES would be 40 GB):
#: a log that would pass it is dropped as above.
LOGS_BYTES = 256 * 1024 * 1024
#: What a watcher may have waiting to be sent to it (the log at its arrival, then live news):
#: beyond, it does not read, and it is closed.
BEHIND = LOG_BYTES + 64 * 1024
#: A peer message up to this long is logged as it came, inside its `seen` (which stays within
#: MAX_BYTES); a longer one (only spaces can make it so) is written again, compact.
SEEN_TEXT = MAX_BYTES - 64
#: Listings one address may ask for: LISTINGS in a row, then LISTINGS_A_SECOND (a Join screen
#: asks every 2 s); beyond, its listing connection is refused "too-many" and closed.
LISTINGS, LISTINGS_A_SECOND = 20, 4.0
#: Seconds a listing connection may stay without asking again before it is closed.
LISTING_IDLE = 30.0
#: Seconds between two `say` of one seat: one sooner is dropped (docs/online.md).
SAY_PAUSE = 3.0


#: What the relay holds for a seat that is away, for when it comes back: the last few messages
#: (the games resend the rest on `sync`; this is for a game that sent its last word - a
#: resignation - and left before the other came back).
HELD, HELD_BYTES = 16, 16 * 1024


@dataclasses.dataclass(eq=False)
class Seat:
    token: str | None = None
    connection: object = None
    held: list = dataclasses.field(default_factory=list)
    said: float | None = None       # when its last `say` was passed on
    #: What its game said it understands (its hello's `features`) that this relay passes too:
    #: told to the other seat in `peer`.
    features: tuple = ()

    def hold(self, text: str) -> None:
        self.held.append(text)
        while len(self.held) > HELD or sum(map(len, self.held)) > HELD_BYTES:
            del self.held[0]


class Guarded(ServerConnection):
    """A connection closed as soon as what it has not read passes UNREAD bytes: the library
    writes its pongs (and its answers while closing) straight onto the socket, with no wait."""

    most_unread = 0             # the most it ever had unread (the tests read it)

    def send_data(self) -> None:
        super().send_data()
        unread = self.transport.get_write_buffer_size()
        self.most_unread = max(self.most_unread, unread)
        if unread > UNREAD:
            self.transport.abort()


@dataclasses.dataclass(eq=False)
class WatcherConnection:
    """One watcher's connection and what waits to be sent to it, in order (`pump` sends it at
    the pace the watcher reads, so that a slow one never holds the seats up)."""
    connection: object
    waiting: collections.deque = dataclasses.field(default_factory=collections.deque)
    waiting_bytes: int = 0
    more: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)

    def push(self, text: str) -> None:
        self.waiting.append(text)
        self.waiting_bytes += len(text)
        self.more.set()
        if self.waiting_bytes > BEHIND:         # it does not read: let it go
            self.waiting.clear()
            self.connection.transport.abort()

    async def pump(self) -> None:
        try:
            while True:
                while self.waiting:
                    text = self.waiting.popleft()
                    self.waiting_bytes -= len(text)
                    await self.connection.send(text)
                self.more.clear()
                await self.more.wait()
        except ConnectionClosed:        # its handler sees it too, and ends
            pass


@dataclasses.dataclass(eq=False)
class Room:
    code: str
    version: str
    rules: str
    options: dict
    created: float
    joined: bool = False        # both seats have been taken
    reopened: bool = False      # opened again from a seat token: the other seat waits for its own
    empty_since: float | None = None
    seats: dict = dataclasses.field(default_factory=lambda: {"host": Seat(), "guest": Seat()})
    watchers: list = dataclasses.field(default_factory=list)
    #: The `seen` messages of the match so far, for a watcher arriving (docs/online.md).
    log: list = dataclasses.field(default_factory=list)
    log_bytes: int = 0
    overflowed: bool = False    # the log passed LOG_BYTES: it is dropped, no watcher is let in
    #: Per seat, how many of its messages (by seq, from 0, without a gap) the relay has seen.
    logged: dict = dataclasses.field(default_factory=lambda: {"host": 0, "guest": 0})
    game: str = ""              # the rule set's family, as the hello named it
    open: bool = False          # listed (docs/online.md, "The listing"); private otherwise
    language: str | None = None     # the host's
    address: str = "?"          # the host's, for the bound on open rooms from one address
    names: dict = dataclasses.field(default_factory=lambda: {"host": None, "guest": None})
    entry: str | None = None    # its entry in the listing of open rooms, made once (lobby.py)
    shown: tuple | None = None  # its entry in the listing of matches in play, and what it says
    #: A room opened again: per seat, the other seat's `vouch` for its history not checked yet
    #: (how many of its messages, their digest), whether its history was vouched for, and
    #: whether a vouch ever disagreed with what it resent (docs/online.md).
    vouches: dict = dataclasses.field(default_factory=lambda: {"host": None, "guest": None})
    vouched: dict = dataclasses.field(default_factory=lambda: {"host": False, "guest": False})
    forged: bool = False

    def listed(self) -> bool:
        """It is what the listing says: waiting with its host there, or a match with a seat
        there that a watcher can be caught up on."""
        if not self.joined:
            return self.seats["host"].connection is not None
        return (any(seat.connection is not None for seat in self.seats.values())
                and self.recorded())

    def recorded(self) -> bool:
        """The log holds the match from its start: a watcher can be caught up. A room opened
        again from a seat token has it once each seat's game has resent its history from seq 0
        and the other seat's game has vouched for it (docs/online.md)."""
        return (not self.overflowed and bool(self.options)
                and (not self.reopened or (all(self.vouched.values()) and not self.forged)))

    def never_recorded(self) -> bool:
        """It will not be shown from its start whatever comes: its log passed its bound, a vouch
        disagreed with a seat's history, or a seat's game (an older one, or one whose save
        lacks its history) said it cannot resend its history."""
        return self.overflowed or self.forged or (self.reopened and any(
            seat.token is not None and "history" not in seat.features
            for seat in self.seats.values()))

    def players(self) -> dict:
        return {name: seat.connection is not None for name, seat in self.seats.items()}


def _other(seat: str) -> str:
    return "guest" if seat == "host" else "host"


async def _send(connection, text: str) -> None:
    """Send, whatever became of the connection meanwhile (its own handler sees it closed)."""
    try:
        await connection.send(text)
    except ConnectionClosed:
        pass


async def _refuse(connection, reason: str, detail: str = "", **fields) -> None:
    await _send(connection, refusal(reason, detail, **fields))
    await connection.close()


class Relay:
    """The rooms. `limit`: connections a minute from one address (0: no limit); `clock`: seconds,
    given by the tests that let rooms expire; `hello_wait`: seconds a connection has to say
    hello; `most`: rooms at most, new ones refused "too-many" beyond."""

    def __init__(self, limit: int = LIMIT, clock=time.monotonic, hello_wait: float = HELLO_WAIT,
                 most: int = ROOMS):
        self.limit, self.clock, self.hello_wait, self.most = limit, clock, hello_wait, most
        self.most_unread = 0        # the most any ended connection had unread (the tests read it)
        self.logs_bytes = 0         # the rooms' logs together
        self.rooms: dict[str, Room] = {}
        self.expired: dict[str, float] = {}
        self.attempts: dict[str, collections.deque] = {}
        self.lobby = Lobby()
        self.listings: dict[str, list] = {}     # address -> [listings it may ask now, when]
        self._tasks: set = set()
        self.stopping = False       # the relay ends: no one is told who left (all are leaving)

    # The rooms ---------------------------------------------------------------------------------

    def listing_allowed(self, address: str) -> bool:
        """One more listing for `address` is within its bound (and is counted): LISTINGS in a
        row, then LISTINGS_A_SECOND."""
        if not self.limit:
            return True
        now = self.clock()
        left, then = self.listings.get(address, (LISTINGS, now))
        left = min(LISTINGS, left + (now - then) * LISTINGS_A_SECOND)
        if left < 1:
            self.listings[address] = [left, now]
            return False
        self.listings[address] = [left - 1, now]
        return True

    def allowed(self, address: str) -> bool:
        """One more attempt from `address` is within the limit (and is counted)."""
        if not self.limit:
            return True
        now = self.clock()
        times = self.attempts.setdefault(address, collections.deque())
        while times and now - times[0] >= 60:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True

    def _due(self, room: Room, now: float) -> bool:
        if not room.joined:
            return now - room.created >= UNJOINED
        return room.empty_since is not None and now - room.empty_since >= ABANDONED

    def _expire(self, room: Room) -> None:
        del self.rooms[room.code]
        self.lobby.remove(room)
        self.expired[room.code] = self.clock()
        for seat in room.seats.values():
            if seat.connection is not None:
                self._later(_refuse(seat.connection, "expired", "the room waited too long"))
                seat.connection = None
        for watcher in room.watchers:
            self._later(_refuse(watcher.connection, "expired", "the room waited too long"))
        room.watchers = []
        self._drop_log(room)

    def _drop_log(self, room: Room) -> None:
        self.logs_bytes -= room.log_bytes
        room.log, room.log_bytes = [], 0

    def _later(self, work) -> None:
        """Run `work` beside the connections (a closing handshake may take seconds)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def sweep(self) -> None:
        """Forget the rooms due (and old attempts and old expired codes)."""
        now = self.clock()
        for room in [r for r in self.rooms.values() if self._due(r, now)]:
            self._expire(room)
        self.expired = {c: t for c, t in self.expired.items() if now - t < FORGOTTEN}
        self.attempts = {a: t for a, t in self.attempts.items() if t and now - t[-1] < 60}
        self.listings = {a: v for a, v in self.listings.items()
                         if now - v[1] < LISTINGS / LISTINGS_A_SECOND}

    def _open(self, code: str, hello: dict, options: dict, **state) -> Room:
        self.expired.pop(code, None)
        room = self.rooms[code] = Room(code, hello["version"], hello["rules"], options,
                                       self.clock(), game=hello["game"],
                                       open=hello.get("open") is True,
                                       language=hello.get("language"), **state)
        return room

    def _kept(self, code: str) -> Room | None:
        """The room with this code, unless it is due (then it is forgotten now)."""
        room = self.rooms.get(code)
        if room is not None and self._due(room, self.clock()):
            self._expire(room)
            room = None
        return room

    def _unknown(self, code: str) -> NoReturn:
        """No room has this code: it expired, or never was."""
        if code in self.expired:
            raise ProtocolError("expired", "that room waited too long")
        raise ProtocolError("no-such-room", "no room has that code")

    def take_seat(self, hello: dict, address: str = "?") -> tuple[Room, str]:
        """The room and seat a hello asks for; ProtocolError with the reason if refused."""
        room, name = self._seat_for(hello, address)
        if hello.get("name") is not None:
            room.names[name] = hello["name"]
        said = hello.get("features", ())
        room.seats[name].features = tuple(feature for feature in FEATURES if feature in said)
        if room.reopened and hello.get("open") is True and not room.open:
            # A relay restarted lists the match again, counted against the address that asks,
            # as an open room is: beyond OPEN_ROOMS it is played, not listed.
            room.open = self.lobby.add_reopened(room, address)
        return room, name

    def _seat_for(self, hello: dict, address: str) -> tuple[Room, str]:
        token, asked = hello.get("token"), hello.get("seat")
        if hello["room"] == "new":
            if len(self.rooms) >= self.most:
                self.sweep()
            if len(self.rooms) >= self.most:
                raise ProtocolError("too-many", "the relay has all the rooms it can keep")
            if hello.get("open") is True and self.lobby.full(address):
                raise ProtocolError("too-many", f"{OPEN_ROOMS} open rooms are listed for this "
                                                "address")
            code = protocol.new_code()
            while code in self.rooms or code in self.expired:
                code = protocol.new_code()
            room = self._open(code, hello, hello["options"], address=address)
            room.seats["host"].token = protocol.new_token()
            if room.open:
                self.lobby.add_open(room)
            return room, "host"
        room = self._kept(hello["room"])
        if room is None:
            if token is None:
                self._unknown(hello["room"])
            # Restarted, or the room forgotten: open it again for the token shown.
            room = self._open(hello["room"], hello, hello.get("options", {}), joined=True,
                              reopened=True, address=address)
            room.open = False           # listed once take_seat has seen its hello's "open"
            room.seats[asked or "host"].token = token
            return room, asked or "host"
        if hello["version"] != room.version:
            raise ProtocolError("version", f"the room plays version {room.version}")
        if hello["rules"] != room.rules:
            raise ProtocolError("rules", f"the room plays {room.rules}", rules=room.rules)
        if token is not None:
            if not room.options and "options" in hello:     # a reopened room learns them
                room.options = hello["options"]
            for name, seat in room.seats.items():
                if seat.token is not None and hmac.compare_digest(seat.token, token) \
                        and asked in (None, name):
                    return room, name
            free = [name for name, seat in room.seats.items() if seat.token is None]
            if room.reopened and free and asked in (None, free[0]):
                room.seats[free[0]].token = token
                return room, free[0]
            raise ProtocolError("bad-token", "that token is not one of this room's")
        if room.seats["guest"].token is not None or room.reopened:
            raise ProtocolError("room-full", "the room has its two players")
        room.seats["guest"].token, room.joined = protocol.new_token(), True
        if room.open:
            self.lobby.joined(room)
        return room, "guest"

    def take_watch(self, watch: dict) -> Room:
        """The room a `watch` asks for; ProtocolError with the reason if refused."""
        room = self._kept(watch["room"])
        if room is None:
            self._unknown(watch["room"])
        if watch["version"] != room.version:
            raise ProtocolError("version", f"the room plays version {room.version}")
        if len(room.watchers) >= WATCHERS:
            raise ProtocolError("watchers-full", f"the room has its {WATCHERS} watchers")
        if not room.recorded():
            final = {"final": True} if room.never_recorded() else {}
            raise ProtocolError("no-record", "this relay cannot show that match from its start",
                                **final)
        return room

    def vouch(self, room: Room, name: str, message: dict) -> None:
        """A seat's game vouches for the other seat's history in a room opened again: the
        other's first `have` messages, as it took them in, have this digest. Checked once the
        log holds that many of the other's messages."""
        if room.reopened:
            other = _other(name)
            room.vouches[other] = (message["have"], message["digest"])
            self._check_vouch(room, other)

    def _check_vouch(self, room: Room, seat: str) -> None:
        pending = room.vouches[seat]
        if pending is None or room.logged[seat] < pending[0] or room.overflowed:
            return
        room.vouches[seat] = None
        digest, count = protocol.NO_HISTORY, 0
        for text in room.log:
            if count == pending[0]:
                break
            seen = json.loads(text)
            if seen["seat"] == seat:
                digest, count = protocol.chained(digest, seen["message"]), count + 1
        if hmac.compare_digest(digest, pending[1]):
            room.vouched[seat] = True
        else:
            room.forged = True

    def log(self, room: Room, name: str, message: dict, text: str = "") -> None:
        """A peer message passed or held: logged, and shown to the watchers, once per (seat,
        seq) and in each seat's order (a resent one, or one after a gap, is not). `text`: the
        message as it came, kept as it is when it holds nothing but the fields a watcher is
        shown (a game's messages do: no JSON to write again, tests/bench_relay_load.py)."""
        if (message["type"] == "sync" or message["seq"] != room.logged[name]
                or self.rooms.get(room.code) is not room):     # forgotten, its seats closing
            return
        room.logged[name] += 1
        fields = PEER_FIELDS[message["type"]]
        if len(message) == len(fields) + 1 and len(text) <= SEEN_TEXT:
            seen = f'{{"type":"seen","seat":"{name}","message":{text}}}'
        else:
            seen = write("seen", seat=name, message={"type": message["type"], **{
                field: message[field] for field in fields}})
        if (not room.overflowed and room.log_bytes + len(seen) <= LOG_BYTES
                and self.logs_bytes + len(seen) <= LOGS_BYTES):
            room.log.append(seen)
            room.log_bytes += len(seen)
            self.logs_bytes += len(seen)
        elif not room.overflowed:               # it serves no watcher to come: let it go
            room.overflowed = True
            self._drop_log(room)
        for watcher in room.watchers:
            watcher.push(seen)
        if room.vouches[name] is not None:      # a vouch waited for this seat's history
            self._check_vouch(room, name)

    def _tell_watchers(self, room: Room, text: str, but=None) -> None:
        for watcher in room.watchers:
            if watcher is not but:
                watcher.push(text)

    def _count(self, room: Room, but=None) -> None:
        """The number of watchers changed: the seats and the other watchers are told."""
        text = write("watchers", count=len(room.watchers))
        for seat in room.seats.values():
            if seat.connection is not None:
                self._later(_send(seat.connection, text))
        self._tell_watchers(room, text, but)

    # The connections ---------------------------------------------------------------------------

    async def _hello(self, connection, address: str) -> tuple | None:
        """Read and answer the first message: the room and the seat taken (None for a
        watcher), ("list", the `list` message) for a listing, or None once refused."""
        try:
            text = await asyncio.wait_for(connection.recv(), self.hello_wait)
        except TimeoutError:
            await _refuse(connection, "not-hello", f"no hello within {self.hello_wait:g} seconds")
            return None
        try:
            try:
                hello = protocol.read(text)
            except ProtocolError as error:
                if error.reason == "bad-message" and _kind(text) not in ("hello", "watch",
                                                                         "list"):
                    raise ProtocolError("not-hello", "the first message must be a hello") from None
                raise
            if hello["type"] == "watch":
                return self.take_watch(hello), None
            if hello["type"] == "list":
                return "list", hello
            if hello["type"] != "hello":
                raise ProtocolError("not-hello", "the first message must be a hello")
            return self.take_seat(hello, address)
        except ProtocolError as error:
            await _refuse(connection, error.reason, error.detail, **error.fields)
            return None

    async def handle(self, connection) -> None:
        """One game's connection, from its hello to its end."""
        address = _address(connection)
        try:
            if not self.allowed(address):
                await _refuse(connection, "too-many", f"more than {self.limit} tries a minute")
                return
            taken = await self._hello(connection, address)
            if taken is not None and taken[0] == "list":
                await self._listing(connection, address, taken[1])
            elif taken is not None and taken[1] is None:
                await self._watching(connection, taken[0])
            elif taken is not None:
                await self._seated(connection, *taken)
        except ConnectionClosed:
            pass
        finally:
            self.most_unread = max(self.most_unread, getattr(connection, "most_unread", 0))

    async def _listing(self, connection, address: str, asked: dict) -> None:
        """A listing connection: each `list` answered with its page of `rooms`, within the
        bound of its address; anything else refused and dropped."""
        while True:
            if not self.listing_allowed(address):
                await _refuse(connection, "too-many",
                              f"more than {LISTINGS_A_SECOND:g} listings a second")
                return
            await connection.send(self.lobby.rooms(asked.get("game"), asked["page"],
                                                   self.clock()))
            asked = None
            while asked is None:
                try:
                    text = await asyncio.wait_for(connection.recv(), LISTING_IDLE)
                except TimeoutError:        # nobody looks at this listing any more
                    await connection.close()
                    return
                try:
                    asked = protocol.read(text)
                    if asked["type"] != "list":
                        asked = None
                        raise ProtocolError("bad-message", "a listing takes only list messages")
                except ProtocolError as error:
                    await connection.send(refusal(error.reason, error.detail))

    async def _watching(self, connection, room: Room) -> None:
        """A watcher: the room, its log, then what passes live; what it sends is dropped."""
        watcher = WatcherConnection(connection)
        again = {"reopened": True} if room.reopened else {}     # its log: histories resent
        watcher.push(write("watching", code=room.code, rules=room.rules, options=room.options,
                           watchers=len(room.watchers) + 1, players=room.players(),
                           names=room.names, **again))
        for seen in room.log:
            watcher.push(seen)
        room.watchers.append(watcher)
        self._count(room, but=watcher)
        pump = asyncio.ensure_future(watcher.pump())
        try:
            async for _ in connection:      # dropped: a watcher is never passed on, nor seated
                if pump.done():
                    break
        finally:
            pump.cancel()
            if watcher in room.watchers:
                room.watchers.remove(watcher)
                self._count(room)

    async def _seated(self, connection, room: Room, name: str) -> None:
        seat, other = room.seats[name], room.seats[_other(name)]
        replaced = seat.connection
        if replaced is not None:        # the same seat again: its old link is dead
            self._later(replaced.close())
        seat.connection, room.empty_since = connection, None
        try:
            # A room opened again from seat tokens says so: its relay knows nothing of the other
            # seat (not "lost": it may have saved and left before this relay started).
            again = {"reopened": True} if room.reopened else {}
            await connection.send(write("room", code=room.code, seat=name, token=seat.token,
                                        options=room.options, logged=room.logged[name], **again,
                                        features=list(FEATURES)))
            await connection.send(_peer(other.connection is not None, room, _other(name)))
            if room.watchers:
                await connection.send(write("watchers", count=len(room.watchers)))
            if replaced is None:
                self._tell_watchers(room, write("players", **room.players(), names=room.names))
            held, seat.held = seat.held, []
            for text in held:               # what came while this seat was away, in order
                await connection.send(text)
            if other.connection is not None and replaced is None:
                await _send(other.connection, _peer(True, room, name))
            async for text in connection:
                try:
                    message = protocol.read(text)
                    if message["type"] == "vouch":      # for the relay: never passed on
                        self.vouch(room, name, message)
                        continue
                    if message["type"] not in PEER_TYPES:
                        raise ProtocolError("bad-message", "not a message for the other game")
                except ProtocolError as error:
                    await connection.send(refusal(error.reason, error.detail))
                    continue
                if message["type"] == "say" and message["seq"] >= room.logged[name]:
                    now = self.clock()      # a new one: at most one each SAY_PAUSE
                    if seat.said is not None and now - seat.said < SAY_PAUSE:
                        if room.reopened:   # maybe its history resent: logged, not passed
                            self.log(room, name, message, text)
                        continue
                    seat.said = now
                self.log(room, name, message, text)
                if other.connection is not None:
                    await _send(other.connection, text)
                else:
                    other.hold(text)
        finally:
            if seat.connection is connection and not self.stopping:
                seat.connection = None
                self._tell_watchers(room, write("players", **room.players(), names=room.names))
                if other.connection is not None:
                    await _send(other.connection, _peer(False, room, name))
                else:
                    room.empty_since = self.clock()


def _peer(present: bool, room: Room, seat: str) -> str:
    """The `peer` message about `seat`, with its name when it has one, and what its game
    understands of FEATURES when it said so (docs/online.md, "Features")."""
    fields = {}
    if room.names[seat] is not None:
        fields["name"] = room.names[seat]
    if room.seats[seat].features:
        fields["features"] = list(room.seats[seat].features)
    return write("peer", present=present, **fields)


def _address(connection) -> str:
    """Where a connection comes from: behind a reverse proxy on this computer (README, "Running
    a relay"), the address the proxy names last in X-Forwarded-For, so that the limit of tries
    counts each player and not the proxy."""
    address = str((connection.remote_address or ("?",))[0])
    forwarded = connection.request.headers.get("X-Forwarded-For") if connection.request else None
    if forwarded and address in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or address
    return address


def _kind(text):
    """The type a message that `read` refused says it has: a first message that means to be a
    hello has its faults told as they are; any other is "not-hello"."""
    try:
        message = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
    return message.get("type") if isinstance(message, dict) else None


# Serving --------------------------------------------------------------------------------------

async def serve(relay: Relay, host: str, port: int, ready, stop: asyncio.Event) -> None:
    """Serve until `stop` is set, then end within SHUTDOWN seconds whatever the connections
    do; `ready(port)` once listening."""
    server = await websocket_server(
        relay.handle, host, port, max_size=LARGEST_FRAME, compression=None,
        open_timeout=HELLO_WAIT, max_queue=MAX_QUEUE, write_limit=WRITE_LIMIT,
        ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT, close_timeout=CLOSE_TIMEOUT,
        create_connection=Guarded)
    try:
        ready(server.sockets[0].getsockname()[1])
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), SWEEP)
            except TimeoutError:
                relay.sweep()
    finally:
        relay.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHUTDOWN
        server.close(close_connections=False)
        for connection in list(server.connections):    # no closing handshakes: see SHUTDOWN
            connection.transport.abort()
        try:
            await asyncio.wait_for(server.wait_closed(), SHUTDOWN)
        except TimeoutError:        # a connection still opening, or one that never closes
            pass
        # what is left is cancelled and let end here, on its own loop: left pending, it would
        # be ended by the garbage collector once the loop is closed, with no loop to run on
        left = [task for task in (*server.handler_tasks, *relay._tasks) if not task.done()]
        for task in left:
            task.cancel()
        if left:
            await asyncio.wait(left, timeout=max(LAST_WAIT, deadline - loop.time()))


def url(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def main(host: str = "0.0.0.0", port: int = DEFAULT_PORT, limit: int = LIMIT) -> int:
    """`main.py relay`: serve until SIGTERM or SIGINT, then 0; 1 if it cannot listen."""
    async def run() -> None:
        stop, loop = asyncio.Event(), asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError, ValueError):     # Windows: Ctrl+C below
                pass
        # The first line is a machine interface (tests and scripts read the port): English.
        await serve(Relay(limit), host, port,
                    lambda bound: print(listening(host, bound), flush=True), stop)
    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except OSError as error:
        words = os_words(error)     # in the player's language where the catalogue knows it
        streams.tell(_("The relay could not listen on {address}: {error}",
                       address=url(host, port), error=getattr(words, "said", lambda: words)()))
        return 1
    streams.tell(_("The relay has stopped."))
    return 0


WILDCARDS = ("", "0.0.0.0", "::")


def reachable(host: str, port: int, addresses=None) -> list[str]:
    """The URLs others can reach a relay listening on `host` by: for every address of the
    machine (0.0.0.0, "::"), this machine's own (`local_addresses`), then loopback's; for one
    address, that one."""
    if host not in WILDCARDS:
        return [url(host, port)]
    found = local_addresses() if addresses is None else addresses
    return [url(address, port) for address in found] + [url("127.0.0.1", port)]


def listening(host: str, port: int, addresses=None) -> str:
    """What `main.py relay` prints once listening: "relay listening on URL" (the first URL
    others can reach: a script reads the port off it), then one line for each other URL."""
    first, *others = reachable(host, port, addresses)
    return "\n".join([f"relay listening on {first}", *(f"  also {other}" for other in others)])


class Running:
    """A relay serving on its own thread, in the host's game (`start_in_thread`)."""

    def __init__(self, relay: Relay, host: str, port: int, loop, stop, thread):
        self.relay, self.port, self.loop, self._stop, self._thread = relay, port, loop, stop, thread
        local = host in (*WILDCARDS, "localhost", "127.0.0.1")
        self.url = url("127.0.0.1" if local else host, port)

    def call(self, function, *args):
        """Run `function(*args)` on the relay's thread (a test's sweep); its result."""
        async def call():
            return function(*args)
        return asyncio.run_coroutine_threadsafe(call(), self.loop).result(10)

    def stop(self) -> None:
        try:
            self.loop.call_soon_threadsafe(self._stop.set)
        except RuntimeError:        # its loop has ended already
            pass
        self._thread.join(10)


def start_in_thread(host: str = "0.0.0.0", port: int = DEFAULT_PORT, relay: Relay | None = None,
                    timeout: float = 10.0) -> Running:
    """Start a relay on a thread of this process; OSError if it cannot listen there."""
    relay = relay or Relay()
    loop = asyncio.new_event_loop()
    stop, started, box = asyncio.Event(), threading.Event(), {}

    def ready(port):
        box["port"] = port
        started.set()

    def run():
        try:
            loop.run_until_complete(serve(relay, host, port, ready, stop))
        except Exception as error:      # handed to the caller below
            box["error"] = error
            started.set()
        finally:
            loop.close()

    thread = threading.Thread(target=run, name="relay", daemon=True)
    thread.start()
    if not started.wait(timeout):
        raise OSError(f"the relay did not start within {timeout:g} seconds")
    if "error" in box:
        raise box["error"]
    return Running(relay, host, box["port"], loop, stop, thread)


#: A relay whose port is still held (the game closed a moment ago may hold it while it ends) is
#: tried again this often, this many times at most (three minutes), then given up.
AGAIN_EVERY = 1.0
AGAIN_TRIES = 180


class StartingAgain:
    """The host's relay for a match taken up again, when its port was held at the first try: tried
    again on a thread every AGAIN_EVERY seconds, AGAIN_TRIES times at most, on the same port (the
    friend's game keeps the address it was given). `running`: the relay once started (the
    friend's game and this one's link then connect by themselves); `given_up` once the tries are
    spent; `stop()` ends the tries, or the relay started. Its `port` and `url` are the relay's."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.url = url("127.0.0.1" if host in (*WILDCARDS, "localhost", "127.0.0.1") else host, port)
        self.running: Running | None = None
        self.given_up = False
        self.tries = 0
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        threading.Thread(target=self._try, name="relay-again", daemon=True).start()

    def _try(self) -> None:
        while self.tries < AGAIN_TRIES and not self._stopped.wait(AGAIN_EVERY):
            self.tries += 1
            try:
                started = start_in_thread(self.host, self.port)
            except OSError:
                continue
            with self._lock:
                if self._stopped.is_set():      # stopped while it started: it stops too
                    started.stop()
                else:
                    self.running = started
            wake()
            return
        self.given_up = not self._stopped.is_set()
        wake()

    @property
    def held(self) -> bool:
        """Its port still held: not started, not stopped."""
        return self.running is None and not self._stopped.is_set()

    def stop(self) -> None:
        with self._lock:
            self._stopped.set()
            running, self.running = self.running, None
        if running is not None:
            running.stop()


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks, the most likely one first (the one its
    traffic leaves by), private networks before others; never 127.x."""
    found = []
    try:        # a UDP socket "connected" sends nothing: it only picks the outgoing address
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                            socket.AF_INET)]
    except OSError:
        pass
    kept = [a for a in dict.fromkeys(found) if not a.startswith(("127.", "0."))]
    private = ("10.", "192.168.", *(f"172.{n}." for n in range(16, 32)))
    return sorted(kept, key=lambda a: (a.startswith("169.254."), not a.startswith(private)))
