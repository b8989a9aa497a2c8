"""Tourne Case's computer, as the computer's registry (game/computer/player.py) finds it for the
three Tourne Case rule sets: its levels, its player, its hints, and how its review, the engine
command and the analyze command weigh a move. The game is solved exactly (game/computer/tables.py).

Every move comes from the rules engine (`legal_moves`); the solved tables only say what each
result is worth. The top level plays the exact best move; each lower level plays it less often
and otherwise moves without counting (any legal move), so that every level clearly beats the one
below it in every rule set, and the novice beats a player who only ever moves at random
(measured by tests/test_levels.py and tests/bench_levels.py).
"""
from __future__ import annotations

import random
import threading

from game.base.i18n import N_
from game.rules import CHARPENTIER, CHARPENTIER_REENTRY, Move, Position, Side, aways

from game.computer import tables as tbl
from game.computer.analysis import analyse as analyse_tables
from game.computer.hint import Hint
from game.computer.tables import Option, options  # noqa: F401 (a throw's moves, as the tables see them)

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


# --- the review (game/computer/review.py) -------------------------------------------------------
# The game is solved, so each move is weighed exactly. The chances are of the game in
# Charpentier's rule sets (every game is worth one point, so the move that best wins the game
# also best wins the match), of the match at each game's score in Bell's, where a game can score
# 2 points (TB-4): the same exact match solution the computer plays by (in a 1-point match, the
# chance of winning the game, both sides playing to win it).

#: The review's chances are exact: the game is solved.
EXACT = True


def _goal(t: tbl.Tables, position: Position, match):
    """What the side to move plays for: the game's chance (Charpentier), or the match's at this
    score (Bell; a lone game is a 1-point match), solved exactly."""
    if t.equity is None:
        return t.win
    score = aways(position.to_move, match or (1, 0, 0))
    return t.match_objective(*score, wait=True)


def weigh(rules, position: Position, dice, played: Move, match=None):
    """The throw's moves that lead to different positions, the chance each leaves (the game's,
    or the match's at this score), and which of them `played` is; None without a choice."""
    t = tbl.tables(rules.name)
    found = {}
    for option in options(t, position, dice):        # the first move to each result stands for it
        found.setdefault((option.own, option.opp), option)
    if len(found) < 2:
        return None
    goal = _goal(t, position, match)
    side = position.to_move
    after = t.rules.apply(position, played, dice)
    results = list(found)
    chances = [goal.after(own, opp, t.home) for own, opp in results]
    at = results.index((t.index[after.checkers(side)], t.index[after.checkers(side.other)]))
    return [found[r].move for r in results], chances, at


# --- the engine command (game/commands/engine.py) ---------------------------------------------

def unplayable(rules, position: Position) -> str | None:
    """Why the tables cannot answer for this position (they hold only the positions its rules
    can reach: no bar in Charpentier), or None."""
    t = tbl.tables(rules.name)
    for side in ("white", "black"):
        if getattr(position, side) not in t.index:
            return (f"{side.title()} has a checker on the bar ('b'), which {rules.title} does not "
                    f"use")
    return None


def settle(rules, position: Position, match=None) -> None:
    """Solve a Bell match's score before choosing: never a guess while it solves."""
    objective(tbl.tables(rules.name), position, match, wait=True)


def match_chance(rules, position: Position, match, win: float) -> float:
    """In a Charpentier match, where every game is worth one point, the hints give the chance to
    win the game; the match's chance follows from it (Bell gives the match's)."""
    if match is None:
        return win
    t = tbl.tables(rules.name)
    score = aways(position.to_move, match)
    if t.equity is not None or score is None:
        return win
    a, b = score
    return win * t.match_win(a - 1, b) + (1 - win) * (1 - t.match_win(b - 1, a))


# --- the analyze command (game/commands/analyze.py) -------------------------------------------

#: The longest match the analysis knows.
MATCH_MAX = tbl.MATCH_MAX
#: What the command says of a position or a throw that is not this game's.
WRONG_CHECKERS = N_("--position: a Tourne Case position has three checkers a side")
WRONG_DICE = N_("--dice: Tourne Case throws two dice (--dice A B), not {given}")


def analysed_rules(name: str, reentry) -> tuple[str, str | None]:
    """The rule set analysed (--reentry compulsory makes Charpentier's the re-entry one), and
    what is wrong with the options: compulsory re-entry is an option of Charpentier's only
    (Bell's hit checker waits on the bar, TB-3)."""
    if reentry and name not in (CHARPENTIER.name, CHARPENTIER_REENTRY.name):
        return name, N_("--reentry: compulsory re-entry is an option of Charpentier 1699 "
                        "(--rules charpentier --reentry compulsory); Bell's hit checker waits "
                        "on the bar (TB-3)")
    return (CHARPENTIER_REENTRY.name if name == CHARPENTIER.name and reentry else name), None


def unanalysed(rules, position: Position) -> str | None:
    """Why the tables cannot analyse this position (a message with {rules}), or None."""
    t = tbl.tables(rules.name)
    for side in Side:
        if position.checkers(side) not in t.index:
            message = (N_("--position: White has a checker waiting on the bar ('b'), which "
                          "{rules} does not use") if side is Side.WHITE else
                       N_("--position: Black has a checker waiting on the bar ('b'), which "
                          "{rules} does not use"))
            return message
    return None


def analyse(rules, position: Position, dice=None, match=None) -> dict:
    """The analysis as a JSON-ready dict (game/computer/analysis.py)."""
    return analyse_tables(rules, tbl.tables(rules.name), position, dice, match)
