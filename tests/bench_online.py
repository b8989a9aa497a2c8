"""The relay on loopback (`python tests/bench.py --json --only online`): the round trip of one
`move` through it, its memory idle and with 200 rooms open, and how many peer messages a second
it passes, for one pair and for several at once. A real `main.py relay` process (started as
tests/test_relay.py starts it); the games are asyncio WebSocket clients in this process. Prints figures; asserts nothing."""
import asyncio
import statistics
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.online import protocol  # noqa: E402
from test_relay import relay_process  # noqa: E402

ROUND_TRIPS = 500
ROOMS = 200
MESSAGES = 5000         # per pair, for the throughput
PAIRS = 8
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
    code = protocol.read(await _recv(host))["code"]
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


def run() -> dict:
    with relay_process("--limit", "0") as process:
        async def measure():
            idle, full = await _rooms(process.url, process.pid)
            times = await _round_trips(process.url)
            return (idle, full, times, await _throughput(process.url, 1),
                    await _throughput(process.url, PAIRS))
        idle, full, times, one, several = asyncio.run(measure())
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
    }


if __name__ == "__main__":
    print(run())
