"""How often an online match writes match.json (`python tests/bench_online_saves.py`): two
in-process games (the computer at novice on both sides) play whole matches through a real
`main.py relay` process on loopback; every save_match of each game's storage is counted, and
divided by the throws it made (each game's turns, and its priority throws). Prints figures;
asserts nothing (tests/test_online_saves.py holds the bound)."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from online_helpers import (code_of, folders, guest_player, host_player, records,  # noqa: E402
                            relay_process, run_until)


def counted(player) -> list:
    """Count the player's saves of match.json."""
    saves, save = [], player.keeper.storage.save_match
    player.keeper.storage.save_match = lambda data: saves.append(1) or save(data)
    return saves


def run(matches: int = 2, rules: str = "charpentier", length: int = 3) -> dict:
    saves = throws = 0
    with relay_process() as relay:
        for match in range(matches):
            with folders(2) as (a, b):
                host = host_player(a, relay.url, rules=rules, length=length, seed=match)
                guest = guest_player(b, relay.url, code_of(host), seed=match + 100)
                counts = [counted(host), counted(guest)]
                try:
                    run_until([host, guest], lambda: host.over and guest.over, 300, pause=0)
                finally:
                    host.link.close(), guest.link.close()
                for folder, count in ((a, counts[0]), (b, counts[1])):
                    kept = [r for r in records(folder) if r["kind"] == "game"]
                    throws += sum(len(r["turns"]) + 1 for r in kept)    # + its priority throw
                    saves += len(count)
    return {"saves": saves, "throws": throws, "saves_per_throw": round(saves / max(throws, 1), 2)}


if __name__ == "__main__":
    print(run())
