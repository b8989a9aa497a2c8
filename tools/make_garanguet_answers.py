"""Record Garanguet's answers as they stand, so that a faster move generation or search can be
checked to give the very same ones (tests/test_garanguet_answers.py):

- the whole turns of the rules (`GARANGUET._terminals`: every end, the steps that first reach it,
  in the order found) for every throw of a seeded set of positions, contact and race, written
  as a digest of each throw's list and its length;
- the master's ranking (`garanguet_player.best_plays`: the plays in order, their chances, worth
  and plies) for a fixed set of its own turns against the heuristic player, contact and race,
  money and match, written in full (floats as repr gives them).

    python tools/make_garanguet_answers.py          # writes tests/data/garanguet_answers.json

Run it only on code whose answers are known right (it was first run on main of 2026-11-28).
"""
from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.computer import garanguet_player as gp  # noqa: E402
from game.rules import GARANGUET, LAST_QUADRANT, OFF, Position, Side  # noqa: E402

OUT = ROOT / "tests" / "data" / "garanguet_answers.json"
THROWS = [dice for dice, _ in gp.THROWS]          # the 56 distinct throws
#: the positions whose every throw is recorded: every TURN_EVERY-th turn of GAMES seeded games of
#: random legal turns (both phases come up: contact, bearing in, bearing off)
GAMES, TURN_EVERY, SEED = 3, 9, 3618


def turn_positions(games: int = GAMES, every: int = TURN_EVERY, seed: int = SEED) -> list[Position]:
    """Positions met in seeded games of random legal turns, one turn in `every`."""
    rng = random.Random(seed)
    found = []
    for game in range(games):
        position = GARANGUET.start(Side.WHITE if game % 2 else Side.BLACK)
        turn = 0
        while GARANGUET.outcome(position) is None:
            if turn % every == 0:
                found.append(position)
            turn += 1
            plays = GARANGUET.plays(position, tuple(rng.randint(1, 6) for _ in range(3)))
            position = rng.choice(plays)[1] if plays else position.passed()
    return found


def turns_digest(position: Position, dice) -> tuple[int, str]:
    """How many ends a throw has, and a digest of them with their steps, in the order found."""
    side = position.to_move
    GARANGUET._local.__dict__.clear()           # found afresh, not remembered
    ends = GARANGUET._terminals(position.checkers(side), position.checkers(side.other),
                                GARANGUET.numbers(dice))
    text = ";".join(f"{own}{opp}{left}:" + " ".join(f"{s.origin}-{s.destination}" for s in steps)
                    for (own, opp, left), steps in ends.items())
    return len(ends), digest(text)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: how many of the master's plays, best first, are recorded with their figures (the rest by
#: their order and plies)
SHOWN = 12


def ranking(position: Position, dice, match) -> dict:
    """The master's ranking of a turn afresh: the best SHOWN plays with their figures
    [[steps, win, win 2, lose 2, worth, plies]], and how many plays there are and a digest of
    all of them in order with their plies."""
    gp.forget()
    ends, values, ranked, plies = gp.best_plays(GARANGUET, position, dice, match)
    rows = [[" ".join(f"{s.origin}-{s.destination}" for s in steps), *map(float, values[i]),
             float(ranked[i]), int(plies[i])] for i, (_, steps) in enumerate(ends)]
    return {"best": rows[:SHOWN], "plays": len(rows),
            "order": digest(";".join(f"{row[0]}:{row[5]}" for row in rows))}


def phase(position: Position) -> str:
    """"race" once no checker has another to pass, else "contact"."""
    white, black = position.white, position.black
    rear_white = min(white)
    front_black = max((OFF - x for x in black if x < OFF), default=0)
    return "race" if front_black < rear_white or rear_white == OFF else "contact"


def master_turns() -> list[tuple[Position, tuple, tuple | None]]:
    """The master's own turns against the heuristic (tests/bench_garanguet.py `positions`, seed
    1818): ten in contact, four in a race (one ply or two), every third at a match score. The
    last race has both sides home (valued from the bear-off table); when the first 240 turns
    have none, it is the first of the next 240 (a stronger master ends its games sooner)."""
    sys.path.insert(0, str(ROOT / "tests"))
    import bench_garanguet as bg

    def home(turn) -> bool:
        position = turn[0]
        theirs = position.checkers(position.to_move.other)
        return phase(position) == "race" and min(theirs) >= LAST_QUADRANT

    more = bg.positions(480, 1818)            # its first 240 are bg.positions(240, 1818)
    turns = more[:240]
    contact = [t for t in turns if phase(t[0]) == "contact"]
    race = [t for t in turns if phase(t[0]) == "race" and not home(t)]
    racing_home = [t for t in more if home(t)]    # the first is in the 240 when they have one
    chosen = contact[3::len(contact) // 10][:10] + race[::max(1, len(race) // 3)][:3] + racing_home[:1]
    return [(p, tuple(d), (7, 2, 4) if k % 3 == 2 else None) for k, (p, d) in enumerate(chosen)]


def main() -> None:
    turns = [{"position": str(p), "throws": [list(turns_digest(p, d)) for d in THROWS]}
             for p in turn_positions()]
    master = [{"position": str(p), "dice": list(d), "match": list(m) if m else None,
               "phase": phase(p), "ranking": ranking(p, d, m)} for p, d, m in master_turns()]
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps({"turns": turns, "master": master}, separators=(",", ":")) + "\n")
    print(f"{OUT}: {len(turns)} positions x {len(THROWS)} throws, {len(master)} master turns "
          f"({sum(m['phase'] == 'race' for m in master)} in a race)")


if __name__ == "__main__":
    main()
