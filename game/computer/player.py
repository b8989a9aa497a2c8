"""The computer opponent, its levels, and the hints shown to a human.

Every move comes from the rules engine (`legal_moves`); the solved tables only say what each
result is worth. The top level plays the exact best move; each lower level plays it less often
and otherwise moves without counting (any legal move), so that every level clearly beats the one
below it in every rule set, and the novice beats a player who only ever moves at random
(measured by tests/test_levels.py and tests/bench_levels.py).

`levels_for`, `computer_for` and `hints_for` serve any rule set: Garanguet's computer lives in
its own module, loaded only when a Garanguet game asks for it.
"""
from __future__ import annotations

import random
import sys
import threading
from dataclasses import dataclass

from game.base.i18n import N_
from game.rules import GARANGUET, TOURNE_CASE, Move, Position, Side, aways, rule_set

from game.computer import tables as tbl
from game.computer.hint import Hint

#: (name, description), weakest first. The descriptions are shown in the menus: marked for the
#: catalogue here, translated where they are drawn (_(description)); the names are the saves' and
#: the command line's, shown in words through LEVEL_TITLES.
LEVELS = [
    ("novice", N_("Finds the best move about one turn in four; otherwise it moves without "
                  "counting.")),
    ("journeyman", N_("Finds the best move about every other turn; otherwise it moves without "
                      "counting.")),
    ("master", N_("Finds the best move about three turns in four; now and then it moves without "
                  "counting.")),
    ("perfect", N_("Plays the exact best move: Tourne Case is solved, every throw of every "
                   "position.")),
]
LEVEL_NAMES = [name for name, _ in LEVELS]

#: how often each level moves without counting (any legal move, uniformly): evenly spaced, so
#: that each level beats the one below by a clear margin in every rule set
CARELESS = {"novice": 0.75, "journeyman": 0.5, "master": 0.25, "perfect": 0.0}


@dataclass
class Option:
    """A legal move and the configs it leaves: the mover's and the opponent's."""

    move: Move | None
    own: int
    opp: int


def options(t: tbl.Tables, position: Position, dice) -> list[Option]:
    """The engine's legal moves for this throw, each with the configs it leaves."""
    side = position.to_move
    found = []
    for move, after in t.rules.plays(position, dice):
        found.append(Option(move, t.index[after.checkers(side)], t.index[after.checkers(side.other)]))
    return found


def objective(t: tbl.Tables, position: Position, match=None, wait: bool = False):
    """What the side to move plays for: the game (Charpentier: every win is 1 point), the most
    points (a Bell game), or the match at this score (a Bell match: the score's exact solution,
    solved in the background; until it is there, the estimate from the match table; None only
    without either)."""
    if t.equity is None:
        return t.win
    score = aways(position.to_move, match)
    if score is None:
        return t.most_points
    return t.match_objective(*score, wait=wait) or t.match_estimate(*score)


def hints(rules, position: Position, dice, match=None) -> list[Hint]:
    """Each legal move with its worth, best first ([] when the turn passes). In a Bell match the
    moves are ranked by the chance of winning the match (see `objective`)."""
    t = tbl.tables(rules.name)
    found = options(t, position, dice)
    if not found:
        return []
    goal = objective(t, position, match)
    for_match = goal not in (None, t.win, t.most_points)
    ranked = []
    for option in found:
        win = t.win.after(option.own, option.opp, t.home)
        equity = None
        if t.equity is not None:
            equity = t.most_points.after(option.own, option.opp, t.home)
        score = win if equity is None else equity
        if for_match:
            score = win = goal.after(option.own, option.opp, t.home)
        ranked.append((score, option.move, win, equity))
    ranked.sort(key=lambda r: -r[0])
    best = ranked[0][0]
    return [Hint(move, win, equity, best - score) for score, move, win, equity in ranked]


class Computer:
    """A computer player at one level. `rng` drives the lower levels' mistakes only."""

    def __init__(self, rules, level_name: str, rng: random.Random):
        if level_name not in LEVEL_NAMES:
            raise ValueError(f"unknown level {level_name!r}: choose one of {', '.join(LEVEL_NAMES)}")
        if rules.name not in tbl.TOURNE_CASE:
            raise ValueError(f"the computer plays Tourne Case, not {rules.title}")
        self.rules = rules
        self.level = level_name
        self.rng = rng
        self._loading: threading.Thread | None = None
        self._match = None

    def prepare(self, match=None) -> None:
        """Load the tables in the background (and, in a Bell match, solve this score)."""
        if self._loading is None and not tbl.is_loaded(self.rules.name):
            self._loading = threading.Thread(target=self._load, daemon=True)
            self._loading.start()
        if match is not None:
            self._match = match
            if tbl.is_loaded(self.rules.name):
                self._start_match(match)

    def _load(self) -> None:
        tbl.tables(self.rules.name)
        if self._match is not None:
            self._start_match(self._match)

    def _start_match(self, match) -> None:
        """Start solving a Bell match's score (one solve serves both sides)."""
        t = tbl.tables(self.rules.name)
        score = aways(Side.WHITE, match)
        if t.equity is not None and score is not None:
            t.match_objective(*score)

    def ready(self) -> bool:
        """True once the tables are loaded (from the shipped files: at once) and, in a Bell
        match, this score is solved exactly (a few seconds, started by `prepare`)."""
        if not tbl.is_loaded(self.rules.name):
            return False
        t = tbl.tables(self.rules.name)
        score = aways(Side.WHITE, self._match)
        return t.equity is None or score is None or t.match_ready(*score)

    def choose(self, position: Position, dice, match=None) -> Move:
        """The move this level plays: always a legal one, even before the tables are ready."""
        if match is not None and match != self._match:
            self.prepare(match)
        if not tbl.is_loaded(self.rules.name) and self._loading is not None:
            return _race(self.rules, position, dice, self.rng)
        t = tbl.tables(self.rules.name)
        found = options(t, position, dice)
        if not found:
            return Move(())
        goal = objective(t, position, match) or t.most_points
        return pick(self.level, t, goal, found, self.rng).move


def pick(level: str, t: tbl.Tables, goal, options: list, rng: random.Random) -> Option:
    """The option (the move's result: own and opponent config) a level plays: the best, or, as
    often as the level is careless, any of them."""
    if CARELESS[level] and rng.random() < CARELESS[level]:
        return rng.choice(options)
    values = [goal.after(o.own, o.opp, t.home) for o in options]
    return options[max(range(len(options)), key=values.__getitem__)]


def _race(rules, position: Position, dice, rng: random.Random) -> Move:
    """Any level's move while its tables load: the one that pushes its checkers furthest
    forward, the leaders most."""
    plays = rules.plays(position, dice)
    if not plays:
        return Move(())
    side = position.to_move
    pushes = [_push(after.checkers(side)) for _, after in plays]
    return rng.choice([m for (m, _), p in zip(plays, pushes) if p == max(pushes)])


def _push(config) -> int:
    """How far a config has pushed its checkers, the leaders counting most."""
    return sum(max(x, 0) ** 2 for x in config)


# --- any rule set's computer ---------------------------------------------------------------------
def _tourne_case():
    return sys.modules[__name__]


def _garanguet():
    from game.computer import garanguet_player      # only when a Garanguet game asks: its network
    return garanguet_player


#: Each rule set's computer, by the rule set's name: a function giving the module that has
#: LEVELS, LEVEL_NAMES, Computer and hints. Another rule set adds its own (`COMPUTERS[name] = ...`).
COMPUTERS = {**{name: _tourne_case for name in TOURNE_CASE}, GARANGUET.name: _garanguet}


def module_for(rules) -> object:
    """The computer of a rule set (a RuleSet, its Rules or its name); ValueError if none plays it."""
    name = rule_set(rules).name
    if name not in COMPUTERS:
        raise ValueError(f"no computer plays {name!r}")
    return COMPUTERS[name]()


#: Every level's name in words, for the menus (an English message: show it as _(title)).
LEVEL_TITLES = {"novice": N_("Novice"), "journeyman": N_("Journeyman"), "master": N_("Master"),
                "perfect": N_("Perfect")}


def levels_for(rules_name: str) -> list[tuple[str, str]]:
    """The computer's levels for a rule set, weakest first: (name, description)."""
    return list(module_for(rules_name).LEVELS)


def computer_for(rules, level_name: str, rng: random.Random):
    """A computer player of this rule set at this level (prepare, ready, choose)."""
    return module_for(rules).Computer(rules, level_name, rng)


def hints_for(rules, position: Position, dice, match=None) -> list:
    """The hints for a throw in any rule set: each legal move with its worth, best first."""
    return module_for(rules).hints(rules, position, dice, match)
