"""`python main.py analyze --rules garanguet`: what a Garanguet position and throw are worth.

    analyze --rules garanguet --position P [--dice A B C] [--match N --score X-Y] [--json]

The command is read by game/commands/analyze.py, with the same contract as Tourne Case's: one
JSON object with --json (its keys in English), else a table in the player's language (the same
for both games); bad input gives one line and exit status 2. Each play of the throw comes with the mover's chances after it, of winning, of a
2-point win and of a 2-point loss (G-10), the equity (expected points) and, in a match, the
chance of winning the match; the plays are ranked by the match chance in a match, else by
equity. `exact` says which figures are exact: a race of at most 6 checkers a side (the
two-sided race table) or a game already won.

The plays of a throw are ranked and valued as the master ranks them (`ranked_plays`:
game/computer/garanguet_player.best_plays, its network looking two plies ahead at the best few,
the exact race table where it reaches), so that the master's move, the hints, the engine, this
command and the match review (game/computer/review.py) give one answer (issue 39). The chances
before the throw look as far ahead as the moves' (`position_values`: each throw's best play
valued by the network), or in a race they are the race's (exact in the table, else looked one
turn ahead: game/computer/garanguet_race.py).
"""
from __future__ import annotations

import numpy as np

from game.rules import GARANGUET, Move, Position, aways

from game.computer import garanguet_bearoff as gb
from game.computer import garanguet_net as gnet
from game.computer import garanguet_player as gp
from game.computer import garanguet_race as gr

OFF = 25
LAST_QUADRANT = 19     # a side whose checkers are all on 19..24 races (G-9)
MATCH_MAX = len(gp.MET) - 1     # the longest match the match table knows


# --- the evaluation ---------------------------------------------------------------------------

def _racing(checkers) -> bool:
    return min(checkers) >= LAST_QUADRANT


def position_values(position: Position, match=None) -> tuple[np.ndarray, bool]:
    """The side to move's chances (win, win 2, lose 2) before its throw, and whether exact: in
    a race the race's; else as deep as the master values each move (issue 39: one answer),
    each of the 56 throws, weighed by its chance, played as the network likes best at one ply
    (by what the mover plays for at `match`'s score) and its result valued by the network, as
    the master's two plies value the opponent's replies to a move."""
    side = position.to_move
    own, opp = position.checkers(side), position.checkers(side.other)
    if _racing(own) and _racing(opp):
        mine, theirs = gb.spread(own), gb.spread(opp)
        return gr.race(mine, theirs)[0], max(sum(mine), sum(theirs)) <= gr.MOST
    theirs = gp.two_ply(GARANGUET, [opp], own, gp.net(), gr.races(), aways(side, match))
    return gnet.flip(theirs[0]), False


def exact_ends(position: Position, ends) -> np.ndarray:
    """Which ends of the mover's turn the master values exactly: a game won on this turn, or a
    race in the two-sided table (at most MOST checkers a side)."""
    ours = np.asarray(ends, dtype=np.int64).reshape(-1, 15)
    opp = position.checkers(position.to_move.other)
    won = ours[:, 0] == OFF
    if not _racing(opp):
        return won
    small = ((ours < OFF).sum(axis=1) <= gr.MOST) & (ours.min(axis=1) >= LAST_QUADRANT)
    return won | (small & (sum(point < OFF for point in opp) <= gr.MOST))


def play_values(position: Position, ends) -> tuple[np.ndarray, np.ndarray]:
    """The mover's chances (win, win 2, lose 2) after each end of its turn (its checkers after
    the move), (N, 3), at one ply, and which are exact (N,): the master's values (the race
    table where both sides race) before it looks further at the best few."""
    values = gp.chances(position, ends, gp.net(), gr.races())
    return values, exact_ends(position, ends)


def match_chance(values: np.ndarray, score) -> np.ndarray:
    """The mover's chance to win the match at `score` (points it and its opponent still need)
    from its chances (win, win 2, lose 2), rows (N, 3)."""
    return gp.worth(np.atleast_2d(values), score)


def ranked_plays(position: Position, dice, match=None):
    """Every play of the throw as the master ranks it (garanguet_player.best_plays: the one
    answer the master's move, the hints, the engine, this analysis and the review give):
    [(end, steps)] best first, their chances (win, win 2, lose 2), their worth (the match's
    chance in a match, else the equity) and which are exact."""
    ends, values, worth, _plies = gp.best_plays(GARANGUET, position, dice, match)
    return ends, values, worth, exact_ends(position, [end for end, _ in ends])


def plays(position: Position, dice, match=None) -> list[dict]:
    """Each play of the throw with what it is worth to the mover, best first ([] when the turn
    passes): the `moves` of the command's JSON, in the master's order and with its figures."""
    side = position.to_move
    ends, values, worth, exact = ranked_plays(position, dice, match)
    score = aways(side, match)
    equity = gnet.equity(values)
    found = []
    for i, (own, steps) in enumerate(ends):
        after = position.with_checkers(side, own, position.checkers(side.other)).passed()
        entry = {"move": str(Move(steps)), "position_after": str(after),
                 **_chances(values[i], equity[i]), "exact": bool(exact[i])}
        if score:
            entry["match_win_probability"] = float(worth[i])
        found.append(entry)
    return found


def _chances(values, equity) -> dict:
    win, win2, lose2 = (float(v) for v in values)
    return {"win_probability": win, "win2_probability": win2, "lose2_probability": lose2,
            "equity": float(equity)}


def analyse(position: Position, dice=None, match=None) -> dict:
    """The analysis as a JSON-ready dict (the command's contract)."""
    values, exact = position_values(position, match)
    result = {"position": str(position), "to_move": str(position.to_move),
              **_chances(values, gnet.equity(values)), "exact": exact}
    score = aways(position.to_move, match)
    if score is not None:
        result["match_win_probability"] = float(match_chance(values, score)[0])
    if dice is not None:
        result["moves"] = plays(position, dice, match)
    return result
