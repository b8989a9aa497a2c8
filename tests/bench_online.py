"""The relay on loopback (`python tests/bench.py --json --only online`): the round trip of one
`move` through it, its memory idle and with 200 rooms open, and how many peer messages a second
it passes, for one pair and for several at once; then 200 rooms with 8 watchers each (memory,
and how long a move takes to reach the other player and the watchers); then the hostile
clients of issue 30: the relay's memory before and after a client sends 48 MiB of pings
without reading, and how long it takes to end after SIGTERM with 10 silent connections.
A real `main.py relay` process (started as tests/test_relay.py starts it); the games are
asyncio WebSocket clients in this process. Prints figures; asserts nothing."""
import asyncio
import contextlib
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.online import protocol  # noqa: E402
from test_relay import relay_process  # noqa: E402
from test_relay_limits import handshake, pings  # noqa: E402

ROUND_TRIPS = 500
ROOMS = 200
MESSAGES = 5000         # per pair, for the throughput
PAIRS = 8
WATCHERS = 8            # per room, in the watched rooms
FLOOD = 48 * 1024 * 1024
SILENT = 10
OPTIONS = {"rules": "charpentier", "length": 3, "touch_move": False, "host_side": "white"}


def _hello(room="new") -> str:
    return protocol.write("hello", protocol=protocol.PROTOCOL, version=protocol.GAME_VERSION,
                          game="tourne-case", rules="charpentier", room=room,
                          **({"options": OPTIONS} if room == "new" else {}))


async def _recv(connection) -> str:
    return await asyncio.wait_for(connection.recv(), 10)


async def _open(url):
    return await connect(url, proxy=None, compression=None, open_timeout=10, max_queue=None)


async def _pair(url):
    host = await _open(url)
    await host.send(_hello())
    code = host.code = protocol.read(await _recv(host))["code"]
    await _recv(host)                                   # peer: absent
    guest = await _open(url)
    await guest.send(_hello(code))
    await _recv(guest)
    await _recv(guest)                                  # peer: present
    await _recv(host)                                   # peer: present
    return host, guest


def _move(seq: int) -> str:
    return protocol.write("move", seq=seq, turn=[0, seq], move="6-3: 1/7 1/4")


async def _round_trips(url) -> list[float]:
    host, guest = await _pair(url)
    times = []
    for seq in range(ROUND_TRIPS):
        start = time.perf_counter()
        await host.send(_move(seq))
        await guest.send(await _recv(guest))            # the other game answers at once
        await _recv(host)
        times.append(time.perf_counter() - start)
    await host.close()
    await guest.close()
    return times


async def _stream(host, guest) -> None:
    async def send():
        for seq in range(MESSAGES):
            await host.send(_move(seq))

    async def read():
        for _ in range(MESSAGES):
            await _recv(guest)
    await asyncio.gather(send(), read())


async def _throughput(url, pairs: int) -> float:
    links = [await _pair(url) for _ in range(pairs)]
    start = time.perf_counter()
    await asyncio.gather(*(_stream(host, guest) for host, guest in links))
    elapsed = time.perf_counter() - start
    for host, guest in links:
        await host.close()
        await guest.close()
    return pairs * MESSAGES / elapsed


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


async def _rooms(url, pid: int) -> tuple[int, int]:
    """The relay's RSS before and with ROOMS rooms, each with its two games connected."""
    await asyncio.sleep(0.5)
    idle = _rss_kib(pid)
    links = [await _pair(url) for _ in range(ROOMS)]
    await asyncio.sleep(0.5)
    full = _rss_kib(pid)
    for host, guest in links:
        await host.close()
        await guest.close()
    return idle, full


def _watch(code) -> str:
    return protocol.write("watch", protocol=protocol.PROTOCOL, version=protocol.GAME_VERSION,
                          room=code)


async def _watched_rooms(url, pid: int) -> dict:
    """ROOMS rooms with WATCHERS watchers each: the relay's RSS, then one move in each room,
    timed to the other player and to the last of its watchers (a relay that refuses the
    watchers says why)."""
    await asyncio.sleep(0.5)
    idle = _rss_kib(pid)
    rooms = []
    try:
        for _ in range(ROOMS):
            host, guest = await _pair(url)
            rooms.append((host, guest, []))
        for host, guest, watchers in rooms:
            for _ in range(WATCHERS):
                watcher = await _open(url)
                watchers.append(watcher)
                await watcher.send(_watch(host.code))
                answer = protocol.read(await _recv(watcher))
                if answer["type"] != "watching":
                    return {"watchers": f"refused: {answer.get('reason')}"}
                for other in (host, guest, *watchers[:-1]):
                    await _recv(other)                  # {"type": "watchers", "count": n}
        await asyncio.sleep(0.5)
        full = _rss_kib(pid)
        to_player, to_watchers = [], []
        for host, guest, watchers in rooms:
            start = time.perf_counter()
            await host.send(_move(0))

            async def arrives(connection, start=start):
                await _recv(connection)
                return time.perf_counter() - start
            times = await asyncio.gather(arrives(guest), *map(arrives, watchers))
            to_player.append(times[0])
            to_watchers.append(max(times[1:]))
    finally:
        for host, guest, watchers in rooms:
            for connection in (host, guest, *watchers):
                await connection.close()
    to_player.sort()
    to_watchers.sort()
    return {
        f"relay_rss_mib_{ROOMS}_rooms_{WATCHERS}_watchers_each": round(full / 1024, 1),
        "relay_kib_per_watched_room": round((full - idle) / ROOMS, 1),
        "watched_move_to_player_ms_median": round(statistics.median(to_player) * 1000, 3),
        "watched_move_to_player_ms_p95": round(to_player[int(len(to_player) * 0.95)] * 1000, 3),
        "watched_move_to_all_watchers_ms_median": round(statistics.median(to_watchers) * 1000, 3),
        "watched_move_to_all_watchers_ms_p95":
            round(to_watchers[int(len(to_watchers) * 0.95)] * 1000, 3),
    }


def _ping_flood(url, pid: int) -> dict:
    """A client sends FLOOD bytes of pings and never reads: the relay's RSS before, at most
    (sampled every MiB sent) and after, and whether the relay closed it."""
    before, sent, closed = _rss_kib(pid), 0, False
    chunk, most = pings(512, random.Random(30)), before
    with contextlib.closing(handshake(url)) as sock:
        sock.settimeout(10)
        try:
            while sent < FLOOD:
                sock.sendall(chunk)
                sent += len(chunk)
                if sent % 2**20 < len(chunk):
                    most = max(most, _rss_kib(pid))
        except (ConnectionResetError, BrokenPipeError):
            closed = True
        except TimeoutError:        # the relay stopped reading
            pass
        time.sleep(0.5)
        after = _rss_kib(pid)
    return {"flood_relay_rss_mib_before": round(before / 1024, 1),
            "flood_relay_rss_mib_most": round(max(most, after) / 1024, 1),
            "flood_relay_rss_mib_after": round(after / 1024, 1),
            "flood_client_closed": closed,
            "flood_mib_sent": round(sent / 2**20, 1)}


def _ending(count: int) -> float:
    """Seconds from SIGTERM to the relay's end, with `count` silent connections open."""
    with relay_process("--limit", "0") as process:
        silent = [handshake(process.url) for _ in range(count)]
        try:
            start = time.perf_counter()
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                return float("inf")
            return round(time.perf_counter() - start, 2)
        finally:
            for sock in silent:
                sock.close()


def run() -> dict:
    with relay_process("--limit", "0") as process:
        async def measure():
            idle, full = await _rooms(process.url, process.pid)
            times = await _round_trips(process.url)
            return (idle, full, times, await _throughput(process.url, 1),
                    await _throughput(process.url, PAIRS))
        idle, full, times, one, several = asyncio.run(measure())
    with relay_process("--limit", "0") as process:
        watched = asyncio.run(_watched_rooms(process.url, process.pid))
    with relay_process("--limit", "0") as process:
        flood = _ping_flood(process.url, process.pid)
    times.sort()
    return {
        "round_trip_ms_median": round(statistics.median(times) * 1000, 3),
        "round_trip_ms_p95": round(times[int(len(times) * 0.95)] * 1000, 3),
        "round_trips": len(times),
        "relay_rss_mib_idle": round(idle / 1024, 1),
        f"relay_rss_mib_{ROOMS}_rooms": round(full / 1024, 1),
        "relay_kib_per_room": round((full - idle) / ROOMS, 1),
        "messages_per_s_one_pair": round(one),
        f"messages_per_s_{PAIRS}_pairs": round(several),
        **watched,
        **flood,
        "sigterm_exit_s_no_connection": _ending(0),
        f"sigterm_exit_s_{SILENT}_silent_connections": _ending(SILENT),
    }


def match_log(rules: str, length: int, seed: int) -> dict:
    """One match to `length` between two computers through a relay on a thread: the size of
    its room's log for watchers (how relay.LOG_BYTES was chosen; minutes for a match to 21)."""
    from game.online import relay
    from online_helpers import code_of, folders, guest_player, host_player, run_until
    running = relay.start_in_thread("127.0.0.1", 0, relay.Relay(limit=0))
    try:
        with folders(2) as (a, b):
            host = host_player(a, running.url, rules=rules, length=length, seed=seed * 2)
            code = code_of(host)
            guest = guest_player(b, running.url, code, seed=seed * 2 + 1)
            run_until([host, guest], lambda: host.over and guest.over, 3600, pause=0)
            room = running.relay.rooms[code]
            figures = {"rules": rules, "length": length, "seed": seed,
                       "messages": sum(room.logged.values()),
                       "log_bytes": f"over {relay.LOG_BYTES}" if room.overflowed
                       else room.log_bytes}
            host.link.close()
            guest.link.close()
            return figures
    finally:
        running.stop()


if __name__ == "__main__":
    # python tests/bench_online.py [--log RULES LENGTH SEED]
    if sys.argv[1:2] == ["--log"]:
        print(match_log(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
    else:
        print(run())
