"""Benchmark of the computer player: `python tests/bench.py --json --only computer`.

solve_s: seconds to solve each rule set from nothing (for Bell also its match equity table);
table_load_s: seconds to load each shipped table (Bell's with its exact match table);
bell_match_estimate_ms: milliseconds to value a Bell match score from the match table (the
solve's first guess); bell_match_score_solve: one Bell match score solved exactly at first
request (3-away against 2-away: the match chances, as play, hints and the engine need them;
`views` adds the chance of winning and the points analysis shows): seconds, CPU seconds and
the peak of memory allocated meanwhile (tracemalloc, MB); move_ms: median
time of the top level's choose() on positions from real games; win_rates: the top level's share
of seeded games won against each other level and a random legal mover (who moves first is drawn
at random). The games run on the solver's turn tables (checked against the engine by
tests/test_computer.py) so that 20,000 of them are quick.
"""
import functools
import random
import statistics
import time
import tracemalloc

from game.computer.tourne_case import LEVEL_NAMES, Computer
from game.computer import model as mdl
from game.computer import tables as tbl
from game.computer.tourne_case import Option, pick
from game.rules import Side, rules_by_name

GAMES = 20_000
SEED = 1699


@functools.lru_cache(maxsize=None)
def arena(name: str) -> tuple:
    """What games of one rule set need, on Python lists (quicker to index one at a time)."""
    t, model = tbl.tables(name), tbl._model(name)
    goal = t.win if t.equity is None else t.most_points
    goal = tbl.Objective(goal.mine.tolist(), goal.theirs.tolist(), goal.wins.tolist(), goal.K)
    return t, model, goal, _turns(model), model.hit_opp.tolist()


def play(name: str, levels: tuple, rng: random.Random) -> int:
    """One game between two levels ("random": any legal move); returns the winner (0 or 1),
    who moves first being random."""
    t, model, goal, turns, hit_opp = arena(name)
    own = opp = model.index[(0, 0, 0)]
    mover = rng.randrange(2)
    throws = range(len(model.throws))
    weights = list(model.prob)
    while True:
        options = [Option(None, nxt, hit_opp[mask][opp])
                   for nxt, mask in turns[own][rng.choices(throws, weights)[0]]]
        if options:
            level = levels[mover]
            chosen = (rng.choice(options) if level == "random"
                      else pick(level, t, goal, options, rng))
            if chosen.own == model.home:
                return mover
            own, opp = chosen.opp, chosen.own
        else:
            own, opp = opp, own
        mover = 1 - mover


def _turns(model: mdl.Model) -> list:
    """turns[c][t]: the (next config, landing mask) of each turn."""
    nxt, mask = model.turn_next.tolist(), model.turn_mask.tolist()
    return [[[(nxt[i], mask[i]) for i in range(start, start + count)]
             for start, count in zip(starts, counts)]
            for starts, counts in zip(model.turn_start.tolist(), model.turn_count.tolist())]


def win_rate(name: str, other: str, games: int) -> float:
    rng = random.Random(f"{SEED}-{name}-{other}")
    won = sum(play(name, ("perfect", other), rng) == 0 for _ in range(games))
    return won / games


def move_times(name: str, samples: int = 400) -> list:
    rules = rules_by_name(name)
    rng = random.Random(SEED)
    computer = Computer(rules, "perfect", random.Random(SEED))
    computer.choose(rules.start(Side.WHITE), (1, 2))   # tables loaded before timing
    times = []
    position = rules.start(Side.WHITE)
    while len(times) < samples:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        began = time.perf_counter()
        move = computer.choose(position, dice)
        times.append((time.perf_counter() - began) * 1000)
        position = rules.apply(position, move, dice)
        if rules.outcome(position):
            position = rules.start(Side.WHITE)
    return times


def measured(work) -> dict:
    """Seconds, CPU seconds and peak memory allocated (MB) of one piece of work."""
    tracemalloc.start()
    began, cpu = time.perf_counter(), time.process_time()
    work()
    figures = {"s": round(time.perf_counter() - began, 3),
               "cpu_s": round(time.process_time() - cpu, 3),
               "peak_mb": round(tracemalloc.get_traced_memory()[1] / 2 ** 20, 1)}
    tracemalloc.stop()
    return figures


def run() -> dict:
    figures = {"solve_s": {}, "table_load_s": {}, "move_ms": {}, "win_rates": {}}
    for name in tbl.TOURNE_CASE:
        began = time.perf_counter()
        tbl.solve_rule_set(name)
        figures["solve_s"][name] = round(time.perf_counter() - began, 3)
        began = time.perf_counter()
        tbl.Tables(name, tbl._shipped(name), tbl.shipped_match_table() if name == "bell" else None)
        figures["table_load_s"][name] = round(time.perf_counter() - began, 4)
        figures["move_ms"][name] = round(statistics.median(move_times(name)), 3)
    bell = tbl.Tables("bell", tbl._shipped("bell"), tbl.shipped_match_table())
    began = time.perf_counter()
    bell.match_estimate(3, 2)
    figures["bell_match_estimate_ms"] = round((time.perf_counter() - began) * 1000, 2)
    figures["bell_match_score_solve"] = {
        "match": measured(lambda: bell.match_objective(3, 2, wait=True)),
        "views": measured(lambda: bell.match_views(3, 2))}
    for name in ("charpentier", "bell"):
        rates = {other: round(win_rate(name, other, GAMES), 4)
                 for other in ["random"] + LEVEL_NAMES[:-1]}
        figures["win_rates"][name] = rates
    figures["win_rates"]["games_each"] = GAMES
    return figures
