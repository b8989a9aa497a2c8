"""Benchmark of the computer's levels: `python tests/bench.py --json --only levels`.

For each Tourne Case rule set, seeded games between each level and the one below it (and the
novice against a player who moves at random, uniformly among the engine's legal moves, played
by the benchmark itself): the stronger
side's share of the points won (a Bell game is played for the most points; a 2-point win counts
2), and how many standard errors its net points per game lie above 0. Who moves first is drawn
at random, the dice are thrown by the benchmark's own seeded generator.

The levels' moves are asked of `python main.py engine` (one JSON request a line, one reply a
line; each request carries a seed drawn from the benchmark's generator, for the lower levels'
mistakes), so that any program could check the same figures; where the engine does not answer (an
older tree), of game/computer/player.py directly, and `via` says which.
"""
import json
import math
import pathlib
import random
import subprocess
import sys
import time

from game.computer.player import computer_for
from game.computer.tourne_case import LEVEL_NAMES
from game.computer.random_player import random_move
from game.rules import TOURNE_CASE, Move, Position, Side, rules_by_name

GAMES = 1000
SEED = 1699
ROOT = pathlib.Path(__file__).resolve().parent.parent
PAIRINGS = list(zip(LEVEL_NAMES[1:], LEVEL_NAMES[:-1])) + [("novice", "random")]


class Engine:
    """`python main.py engine` in a subprocess: one request, one reply."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "engine"], cwd=ROOT, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=1)
        self.count = 0

    def move(self, rules, level, position, dice, rng) -> Move:
        if level == "random":
            return random_move(rules, position, dice, rng)
        self.count += 1
        request = {"id": self.count, "rules": rules.name, "position": str(position),
                   "dice": list(dice), "level": level, "seed": rng.getrandbits(63)}
        self.process.stdin.write(json.dumps(request) + "\n")
        reply = json.loads(self.process.stdout.readline() or "{}")
        if reply.get("id") != self.count or "move" not in reply:
            raise RuntimeError(f"engine: {reply}")
        return Move.parse(reply["move"])

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


class Direct:
    """The same players asked in this process (player.py)."""

    def __init__(self):
        self.computers = {}

    def move(self, rules, level, position, dice, rng) -> Move:
        if level == "random":
            return random_move(rules, position, dice, rng)
        key = (rules.name, level)
        if key not in self.computers:
            self.computers[key] = computer_for(rules, level, random.Random(f"{SEED}-{key}"))
        return self.computers[key].choose(position, dice)

    def close(self):
        pass


def engine_answers() -> bool:
    """True when `python main.py engine` plays a Tourne Case move (it is new)."""
    try:
        engine = Engine()
        move = engine.move(rules_by_name("charpentier"), "perfect",
                           Position.parse("0,0,0/0,0,0/W"), (2, 1), random.Random(1))
        engine.close()
        return str(move) == "0-1"
    except (OSError, ValueError, RuntimeError, subprocess.SubprocessError):
        return False


def play(players, rules, levels, rng) -> tuple[int, int]:
    """One game: the winner (0 or 1, for levels[0] and levels[1]) and the points it scores."""
    first = rng.choice(list(Side))
    side_of = {first: 0, first.other: 1}
    position = rules.start(first)
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        mover = side_of[position.to_move]
        move = players.move(rules, levels[mover], position, dice, rng)
        position = rules.apply(position, move, dice)
        outcome = rules.outcome(position)
        if outcome is not None:
            return side_of[outcome.winner], outcome.points


def duel(players, name, stronger, weaker, games) -> dict:
    rules = rules_by_name(name)
    rng = random.Random(f"{SEED}-{name}-{stronger}-{weaker}")
    net = []
    for _ in range(games):
        winner, points = play(players, rules, (stronger, weaker), rng)
        net.append(points if winner == 0 else -points)
    mean = sum(net) / games
    sd = math.sqrt(sum((p - mean) ** 2 for p in net) / (games - 1))
    return {"share": round(sum(p for p in net if p > 0) / sum(abs(p) for p in net), 4),
            "z": round(mean / (sd / math.sqrt(games)), 1)}


def run(games: int = GAMES) -> dict:
    via = "engine" if engine_answers() else "player"
    players = Engine() if via == "engine" else Direct()
    began = time.perf_counter()
    figures = {"via": via, "games_each": games}
    try:
        for name in TOURNE_CASE:
            figures[name] = {f"{a} vs {b}": duel(players, name, a, b, games)
                             for a, b in PAIRINGS}
    finally:
        players.close()
    figures["seconds"] = round(time.perf_counter() - began, 1)
    return figures


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES), indent=2))
