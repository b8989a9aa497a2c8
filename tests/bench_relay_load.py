"""The relay under load (issue 37, item 8): prints figures, asserts nothing on time.

One relay process (`main.py relay`, pinned to one core with taskset) and, in this process
(pinned to the other core), simulated pairs of games speaking the real protocol: each host says
hello (an open room, a name), its guest joins by the code, then each side sends a peer message
(commit, reveal, move, in turn, each with its seq) about once a second, at a random phase,
and a ping every 5 s as the game's client does. The
count of pairs rises level by level until the 99th percentile of a message's time from its
sender to the other seat passes 50 ms. Each simulated game speaks through its own
X-Forwarded-For address, so that the relay's limits per address (30 connections a minute) are
on, as on a real relay. The clients speak WebSocket by hand (a few lines, masked frames) so
that the load maker costs less than the relay it measures.

Then: the relay's memory per open room and per match (its resident size, /proc, before and
after so many of each), and the listing's time with 2,000 open rooms (over the wire, and the
page's making alone), and a listing flood from one address beside honest players.

    python3 tests/bench_relay_load.py [--levels 250,500,1000,2000,3000] [--window 8]

On a machine shared with other work, the latency counts the other processes' turns too: each
level also prints the relay's CPU time per second (1.00 = the whole core), from which the
number of matches one free core holds is estimated (pairs / CPU share), and this process's own
(the load maker's: if it cannot keep up, the latency is its own), and the seconds a second each
waited, runnable, for a core ("queued", /proc schedstat): a relay starved by other processes
queues, one blocked on anything else does not. Each message is timed against its own sending
(by its seq), and each level says its p99 second by second (a stall, or a queue that grows)
and the messages heard that were never sent. `--profile PATH` runs the relay under cProfile
(CPU time) and writes its figures there (`python -m pstats PATH`).
"""
import argparse
import asyncio
import collections
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.online import protocol  # noqa: E402

OPTIONS = {"rules": "charpentier", "length": 3, "touch_move": False, "host_side": "white",
           "hints": False}
KINDS = (b'{"type":"commit"', b'{"type":"reveal"', b'{"type":"move"')
TICK = os.sysconf("SC_CLK_TCK")
#: Seconds between a game's pings (game/online/client.py: ping_interval=5), answered by the relay.
PING = 5.0


# A WebSocket client by hand ------------------------------------------------------------------

def frame(text: str, opcode: int = 1) -> bytes:
    """A client's frame: masked (with a zero key, so the payload is sent as it is)."""
    data = text.encode() if isinstance(text, str) else text
    size = len(data)
    head = bytes([0x80 | opcode]) + (bytes([0x80 | size]) if size < 126
                                    else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
    return head + b"\0\0\0\0" + data


class Game(asyncio.Protocol):
    """One simulated game's connection: `on_text(bytes)` for each text frame; pings answered."""

    def __init__(self, port: int, address: str, on_text):
        self.port, self.address, self.on_text = port, address, on_text
        self.buffer, self.upgraded = bytearray(), asyncio.get_running_loop().create_future()
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport
        transport.write((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                         f"Sec-WebSocket-Version: 13\r\nX-Forwarded-For: {self.address}\r\n\r\n"
                         ).encode())

    def data_received(self, data):
        self.buffer += data
        if not self.upgraded.done():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buffer[:end])
            del self.buffer[:end + 4]
            if b" 101 " not in head.split(b"\r\n", 1)[0]:
                self.upgraded.set_exception(ConnectionError(head[:80]))
                return
            self.upgraded.set_result(True)
        buffer = self.buffer
        while len(buffer) >= 2:
            opcode, size, start = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if size == 126:
                if len(buffer) < 4:
                    return
                size, start = int.from_bytes(buffer[2:4], "big"), 4
            if len(buffer) < start + size:
                return
            payload = bytes(buffer[start:start + size])
            del buffer[:start + size]
            if opcode == 1:
                self.on_text(payload)
            elif opcode == 9:
                self.transport.write(frame(payload, 10))

    def send(self, text: str) -> None:
        self.transport.write(frame(text))

    def connection_lost(self, error):
        if not self.upgraded.done():
            self.upgraded.set_exception(ConnectionError("closed"))


class Pair:
    """A host and its guest: their connections, each side's seq, and per direction the times
    its messages were sent, by seq: a message timed against its own sending, so that one lost
    or out of order is counted as such and never shifts the timing of all those after it (by
    the pace, a second: the p99 of 1,055 ms at 1,500 pairs could have been that)."""

    def __init__(self, number: int, meter):
        self.number, self.meter = number, meter
        self.sent = {"host": {}, "guest": {}}
        self.seq = {"host": 0, "guest": 0}
        self.code = None
        self.games = {}

    def heard(self, seat: str, text: bytes) -> None:
        """`seat` received `text`: a peer message of the other side's is timed."""
        if text.startswith(KINDS):
            start = text.index(b'"seq":') + 6
            seq = int(text[start:text.index(b",", start)])
            sent = self.sent["guest" if seat == "host" else "host"]
            when = sent.pop(seq, None)
            if when is None:
                self.meter.unknown += 1
                return
            self.meter.took(time.perf_counter() - when)
        elif text.startswith(b'{"type":"room"'):
            self.code = json.loads(text)["code"]
            self.games[seat].roomed.set_result(True)
        elif text.startswith(b'{"type":"refused"'):
            self.meter.refused.append(text[:120])

    def say(self, seat: str) -> None:
        """`seat`'s next peer message, as a game sends it."""
        seq = self.seq[seat]
        self.seq[seat] += 1
        turn = [seq // 300, seq // 3 % 100]
        kind = seq % 3
        if kind == 0:
            text = protocol.write("commit", seq=seq, throw=turn, hash="ab" * 32)
        elif kind == 1:
            text = protocol.write("reveal", seq=seq, throw=turn, secret="cd" * 32)
        else:
            text = protocol.write("move", seq=seq, turn=turn, move="24/18 13/11")
        self.sent[seat][seq] = time.perf_counter()
        self.games[seat].send(text)


class Meter:
    def __init__(self):
        self.on, self.times, self.refused = False, [], []
        self.unknown = 0            # messages heard that were never sent, or heard twice
        self.by_second = collections.defaultdict(list)  # the window's times, by second sent

    def took(self, seconds: float) -> None:
        if self.on:
            self.times.append(seconds)
            self.by_second[int(time.perf_counter() - seconds - self.began)].append(seconds)

    def start(self) -> None:
        self.times, self.on, self.began = [], True, time.perf_counter()
        self.by_second.clear()


async def connect(port: int, address: str, on_text) -> Game:
    loop = asyncio.get_running_loop()
    _, game = await loop.create_connection(lambda: Game(port, address, on_text), "127.0.0.1",
                                           port)
    await asyncio.wait_for(game.upgraded, 10)
    game.roomed = loop.create_future()
    return game


def hello(room, name=None, **fields) -> str:
    message = {"type": "hello", "protocol": 1, "version": protocol.GAME_VERSION,
               "game": "tourne-case", "rules": "charpentier", "room": room, **fields}
    if room == "new":
        message["options"] = OPTIONS
    if name:
        message["name"] = name
    return json.dumps(message, separators=(",", ":"))


def address(number: int, seat: str) -> str:
    return f"10.{number // 250 % 250}.{number % 250}.{1 if seat == 'host' else 2}"


async def open_pair(pair: Pair, port: int, join: bool = True) -> None:
    host = pair.games["host"] = await connect(port, address(pair.number, "host"),
                                              lambda t: pair.heard("host", t))
    host.send(hello("new", name=f"Host {pair.number}", open=True, language="en"))
    await asyncio.wait_for(host.roomed, 10)
    if join:
        guest = pair.games["guest"] = await connect(port, address(pair.number, "guest"),
                                                    lambda t: pair.heard("guest", t))
        guest.send(hello(pair.code, name=f"Guest {pair.number}"))
        await asyncio.wait_for(guest.roomed, 10)


async def open_pairs(pairs, port, join=True, at_once=64) -> None:
    gate = asyncio.Semaphore(at_once)

    async def one(pair):
        async with gate:
            await open_pair(pair, port, join)
    await asyncio.gather(*(one(pair) for pair in pairs))


# The relay process ---------------------------------------------------------------------------

PROFILE = None      # --profile PATH: the relay runs under cProfile, its figures written there


def start_relay(core: int | None, limit: int = 30):
    command = [sys.executable, str(ROOT / "main.py"), "relay", "--host", "127.0.0.1", "--port",
               "0", "--limit", str(limit)]
    if PROFILE:         # its CPU time, not the wall's (others' turns on the core are not its)
        command = [sys.executable, "-c", "import cProfile, sys, time\n"
                   f"sys.path.insert(0, {str(ROOT)!r})\n"
                   "from game.online import relay\n"
                   "profile = cProfile.Profile(time.process_time)\n"
                   f"profile.runcall(relay.main, '127.0.0.1', 0, {limit})\n"
                   f"profile.dump_stats({PROFILE!r})\n"]
    if core is not None:
        command = ["taskset", "-c", str(core), *command]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, text=True,
                               env={**os.environ, "LANG": "C.UTF-8"})
    line = process.stdout.readline()
    if not line.startswith("relay listening on"):
        process.kill()
        raise SystemExit(f"the relay did not start: {line!r}")
    return process, int(line.split(":")[-1])


def stop_relay(process, what: str) -> None:
    """SIGTERM, then the time the relay takes to end, printed, and the CPU time it used for it
    (the wall's time counts the other processes' turns on a shared core): at most 60 s, then
    it is killed."""
    used, began = cpu(process.pid), time.perf_counter()
    process.terminate()
    while time.perf_counter() - began < 60:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            ending = usage.ru_utime + usage.ru_stime - used
            print(f"the relay ended {time.perf_counter() - began:.1f} s after SIGTERM "
                  f"({ending:.2f} s of CPU time), {what}", flush=True)
            return
        time.sleep(0.05)
    process.kill()
    process.wait(10)
    print(f"the relay did not end within 60 s of SIGTERM, {what}: killed", flush=True)


def resident(pid: int) -> int:
    """The process's resident memory, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu(pid: int, system: bool = False) -> float:
    """The process's CPU time so far, in seconds (user + system; only the system's, in the
    kernel: the sockets' own work, that no change to the relay's Python makes smaller)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (0 if system else int(fields[11]) / TICK) + int(fields[12]) / TICK


def queued(pid: int) -> float:
    """Seconds the process's threads have waited, runnable, for a core (/proc/PID/task/*/schedstat,
    its second field): the relay starved by other processes waits there, while a relay blocked
    on anything else (or idle, its sockets quiet) does not."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return total / 1e9


def percentile(values, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


# The runs -------------------------------------------------------------------------------------

async def load(port: int, pid: int, levels, window: float, seed: int, settle: float = 5.0) -> list:
    """Pairs at the pace of play, level by level; one line of figures each."""
    rng, meter, pairs, rows = random.Random(seed), Meter(), [], []
    loop = asyncio.get_running_loop()
    stopping = False

    def pace(pair, seat, when):
        if stopping:
            return
        pair.say(seat)
        loop.call_at(when + 1.0, pace, pair, seat, when + 1.0)

    def ping(game, when):
        """A ping every PING seconds, as the game's client sends them (client.py)."""
        if not stopping and not game.transport.is_closing():
            game.transport.write(frame(b"", 9))
            loop.call_at(when + PING, ping, game, when + PING)

    print(f"{'pairs':>6} {'msgs/s':>7} {'median ms':>9} {'p99 ms':>7} {'max ms':>7} "
          f"{'relay CPU':>9} {'of it kernel':>12} {'est. pairs/core':>15} {'RSS MB':>7} "
          f"{'maker CPU':>9} {'relay queued':>11} {'maker queued':>11}",
          flush=True)
    for level in levels:
        new = [Pair(len(pairs) + i, meter) for i in range(level - len(pairs))]
        await open_pairs(new, port)
        for pair in new:
            for seat in ("host", "guest"):
                start = loop.time() + rng.random()
                loop.call_at(start, pace, pair, seat, start)
                start = loop.time() + rng.random() * PING
                loop.call_at(start, ping, pair.games[seat], start)
        pairs += new
        await asyncio.sleep(settle)                  # the new ones settle into their pace
        meter.start()
        used, kernel = cpu(pid), cpu(pid, system=True)
        waited, maker_waited = queued(pid), queued(os.getpid())
        began, own = time.perf_counter(), time.process_time()
        await asyncio.sleep(window)
        meter.on = False
        elapsed = time.perf_counter() - began
        share, maker = (cpu(pid) - used) / elapsed, (time.process_time() - own) / elapsed
        kernel = (cpu(pid, system=True) - kernel) / elapsed
        waited = (queued(pid) - waited) / elapsed
        maker_waited = (queued(os.getpid()) - maker_waited) / elapsed
        times = [t * 1000 for t in meter.times]
        p99 = percentile(times, 0.99)
        rows.append((level, p99, share))
        print(f"{level:>6} {len(times) / window:>7.0f} {statistics.median(times):>9.2f} "
              f"{p99:>7.2f} {max(times):>7.1f} {share:>9.2f} {kernel:>12.2f} "
              f"{level / max(share, 1e-3):>15.0f} {resident(pid) / 2**20:>7.0f} "
              f"{maker:>9.2f} {waited:>11.2f} {maker_waited:>11.2f}", flush=True)
        seconds = sorted(meter.by_second.items())
        print("       p99 ms by second sent: " + " ".join(
            f"{percentile(ts, 0.99) * 1000:.0f}" for _, ts in seconds)
              + f"; lost or unknown {meter.unknown}", flush=True)
        if p99 > 50:
            break
    stopping = True
    if meter.refused:
        print(f"refused along the way: {len(meter.refused)}, e.g. {meter.refused[0]!r}")
    for pair in pairs:
        for game in pair.games.values():
            game.transport.close()
    return rows


async def memory(port: int, pid: int, count: int) -> None:
    """The relay's resident size per open room (its host connected) and per match."""
    meter = Meter()
    await asyncio.sleep(0.5)
    before = resident(pid)
    pairs = [Pair(100_000 + i, meter) for i in range(count)]
    await open_pairs(pairs, port, join=False)
    await asyncio.sleep(0.5)
    opened = resident(pid)
    for pair in pairs:
        guest = pair.games["guest"] = await connect(port, address(pair.number, "guest"),
                                                    lambda t, p=pair: p.heard("guest", t))
        guest.send(hello(pair.code))
    await asyncio.wait_for(asyncio.gather(*(p.games["guest"].roomed for p in pairs)), 60)
    await asyncio.sleep(0.5)
    joined = resident(pid)
    print(f"memory: {count} open rooms waiting, {(opened - before) / count / 1024:.1f} KiB each "
          f"(with the host's connection); joined, {(joined - before) / count / 1024:.1f} KiB "
          f"a match (two connections, no moves yet)", flush=True)
    return pairs


async def listing(port: int, rounds: int) -> None:
    """The listing's time over the wire, with the relay holding its open rooms."""
    times, sizes = [], []
    game = await connect(port, "192.0.2.77", lambda t: got.set_result(t))
    for number in range(rounds):
        got = asyncio.get_running_loop().create_future()
        began = time.perf_counter()
        game.send(protocol.write("list", protocol=1, game="tourne-case", page=number % 3))
        text = await asyncio.wait_for(got, 5)
        times.append((time.perf_counter() - began) * 1000)
        sizes.append(len(text))
        await asyncio.sleep(0.26)       # within the bound of 4 a second
    answer = json.loads(text)
    print(f"listing over the wire, {rounds} asked: median {statistics.median(times):.2f} ms, "
          f"max {max(times):.2f} ms; {len(answer['open'])} rooms a page, "
          f"at most {max(sizes)} bytes", flush=True)
    game.transport.close()


def page_alone(count: int, repeat: int = 200) -> None:
    """The page's making alone (the relay's own work for a listing), `count` open rooms."""
    from game.online import relay
    kept = relay.Relay(limit=0)
    for number in range(count):
        room, _ = kept.take_seat(protocol.read(hello("new", name=f"Player {number}", open=True,
                                                     language="fr")),
                                 address=address(number, "host"))
        room.seats["host"].connection = object()
    for game, page in ((None, 0), ("tourne-case", 0), ("garanguet", 0), (None, 40)):
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            text = kept.lobby.rooms(game, page, kept.clock())
            times.append((time.perf_counter() - began) * 1000)
        print(f"listing made alone, {count} open rooms, game={game}, page={page}: "
              f"median {statistics.median(times):.3f} ms, p99 {percentile(times, 0.99):.3f} ms, "
              f"{len(text)} bytes", flush=True)


async def flood(port: int, pid: int, pairs_count: int, window: float) -> None:
    """One address asks for listings as fast as it can (reconnecting when closed) while
    `pairs_count` pairs play: what the honest players' messages take, and what it got."""
    meter, loop = Meter(), asyncio.get_running_loop()
    pairs = [Pair(200_000 + i, meter) for i in range(pairs_count)]
    await open_pairs(pairs, port)
    stopping = False

    def pace(pair, seat, when):
        if not stopping:
            pair.say(seat)
            loop.call_at(when + 1.0, pace, pair, seat, when + 1.0)
    for pair in pairs:
        for seat in ("host", "guest"):
            start = loop.time() + random.random()
            loop.call_at(start, pace, pair, seat, start)
    answered, refused, connections = 0, 0, 0

    async def flooder():
        """A thousand `list` a second, without waiting for the answers; again when closed."""
        nonlocal answered, refused, connections

        def heard(text):
            nonlocal answered, refused
            if text.startswith(b'{"type":"rooms"'):
                answered += 1
            else:
                refused += 1
        while not stopping:
            try:
                game = await connect(port, "203.0.113.66", heard)
            except (ConnectionError, OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.01)
                continue
            connections += 1
            while not stopping and not game.transport.is_closing():
                for _ in range(10):
                    if not game.transport.is_closing():
                        game.send(protocol.write("list", protocol=1))
                await asyncio.sleep(0.01)
            game.transport.close()
    await asyncio.sleep(2)
    meter.start()
    task = asyncio.ensure_future(flooder())
    used, began = cpu(pid), time.perf_counter()
    await asyncio.sleep(window)
    meter.on, stopping = False, True
    share = (cpu(pid) - used) / (time.perf_counter() - began)
    await asyncio.wait_for(task, 5)
    times = [t * 1000 for t in meter.times]
    print(f"flood: one address asking for a thousand listings a second for {window:g} s, beside "
          f"{pairs_count} pairs: {answered} listings answered, {refused} refused, "
          f"{connections} connections; the pairs' messages: median "
          f"{statistics.median(times):.2f} ms, p99 {percentile(times, 0.99):.2f} ms; "
          f"relay CPU {share:.2f}", flush=True)
    for pair in pairs:
        for game in pair.games.values():
            game.transport.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="250,500,1000,1500,2000,2500,3000,4000")
    parser.add_argument("--window", type=float, default=8.0, help="seconds measured a level")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds between a level's pairs all joined and its measure: the "
                             "relay first works off the burst of their handshakes and hellos "
                             "(2 s left a backlog in the first second measured)")
    parser.add_argument("--rooms", type=int, default=2000, help="open rooms for the listing")
    parser.add_argument("--relay-core", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--flood-pairs", type=int, default=200,
                        help="honest pairs playing beside the flood")
    parser.add_argument("--only", choices=("load", "memory", "listing", "flood"), default=None)
    parser.add_argument("--profile", metavar="PATH", help="profile the relay into PATH")
    args = parser.parse_args()
    global PROFILE
    PROFILE = args.profile
    try:
        os.sched_setaffinity(0, {1 - args.relay_core})      # the load maker on the other core
    except (AttributeError, OSError, ValueError):
        pass
    levels = [int(n) for n in args.levels.split(",")]
    if args.only in (None, "load"):
        process, port = start_relay(args.relay_core)
        try:
            rows = asyncio.run(load(port, process.pid, levels, args.window, args.seed,
                                     args.settle))
        finally:
            stop_relay(process, "its pairs gone")
        held = [level for level, p99, _ in rows if p99 <= 50]
        print(f"held with the p99 under 50 ms: {max(held) if held else 0} pairs "
              f"(levels tried: {', '.join(str(r[0]) for r in rows)})", flush=True)
    if args.only in (None, "memory", "listing"):
        process, port = start_relay(args.relay_core)
        try:
            async def rooms_then_listing():
                await memory(port, process.pid, 1000)
                # the listing: args.rooms open rooms waiting (besides the 1,000 matches)
                waiting = [Pair(300_000 + i, Meter()) for i in range(args.rooms)]
                await open_pairs(waiting, port, join=False)
                await listing(port, 20)
            asyncio.run(rooms_then_listing())
        finally:
            stop_relay(process, f"with 1,000 matches and {args.rooms} open rooms connected")
        page_alone(args.rooms)
    if args.only in (None, "flood"):
        process, port = start_relay(args.relay_core)
        try:
            asyncio.run(flood(port, process.pid, args.flood_pairs, args.window))
        finally:
            stop_relay(process, "after the flood")
    return 0


if __name__ == "__main__":
    sys.exit(main())
