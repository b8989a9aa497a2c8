"""One move through two Links and the relay on loopback (`python tests/bench.py --json --only
online_link`): two in-process games (the computer at novice on both sides, no pauses) play
whole Tourne Case matches through a real `main.py relay` process. For every move a link sends,
the round trip is the time until that link takes in the other's answer: its commitment to the
next throw, which the other link sends once it has checked the move with the rules, played it
and saved. Prints figures; asserts nothing."""
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from online_helpers import (code_of, folders, guest_player, host_player, records,  # noqa: E402
                            relay_process, run_until)

MATCHES = 3


def _timed(link, times: list) -> None:
    """Note when each of the link's moves goes out and when the answer to it comes in."""
    sent, send, take = {}, link.client.send, link._from_relay

    def send_timed(message):
        if message.get("type") == "move" and message["seq"] not in sent:
            sent[message["seq"]] = time.perf_counter()
        send(message)

    def take_timed(message):
        if message.get("type") == "commit" and sent:
            times.append(time.perf_counter() - sent.pop(max(sent)))
            sent.clear()
        return take(message)
    link.client.send, link._from_relay = send_timed, take_timed


def run() -> dict:
    times, turns, elapsed = [], 0, 0.0
    with relay_process() as relay:
        for match in range(MATCHES):
            with folders(2) as (a, b):
                host = host_player(a, relay.url, rules="charpentier", length=3, seed=match)
                guest = guest_player(b, relay.url, code_of(host), seed=match + 100)
                for player in (host, guest):
                    _timed(player.link, times)
                start = time.perf_counter()
                run_until([host, guest], lambda: host.over and guest.over, 300, pause=0)
                elapsed += time.perf_counter() - start
                turns += sum(len(r["turns"]) for r in records(a)
                             if r["kind"] == "game")
                host.link.close(), guest.link.close()
    times.sort()
    return {
        "move_round_trip_link_ms_median": round(statistics.median(times) * 1000, 2),
        "move_round_trip_link_ms_p95": round(times[int(len(times) * 0.95)] * 1000, 2),
        "moves_timed": len(times),
        "turn_ms_mean": round(elapsed / max(turns, 1) * 1000, 2),
        "turns": turns,
    }


if __name__ == "__main__":
    print(run())
