"""A saved match checked by replaying it: each finished game's record must replay to the win it
claims, the game in progress to the position saved; and the saved numbers (a score, dice) must be
what play can make. No pygame; what is wrong is said as a `Problem` (game/base/i18n.py).

Replaying is the slow part of loading a match, so what was replayed and found good is
remembered (see `_REPLAYED`), and `forget_replays()` starts again from nothing.
"""
from __future__ import annotations

import copy
import json

from game.base.i18n import N_, Problem
from game.rules import IllegalMoveError, Move, Position, Rules, Side
from game.rules.refusals import refusal


def replay(rules: Rules, record: dict) -> Position:
    """The position reached by a game's record: who threw first, then each (dice, move)."""
    position = rules.start(Side(record["first"]))
    for dice, move in record["turns"]:
        position = rules.apply(position, Move.parse(move), tuple(dice))
    return position


def saved_points(value) -> int:
    """A saved score, checked: a whole number of points a match can reach."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise ValueError(Problem(N_("a score is a whole number of points, not {value}"),
                                 value=repr(value)))
    return value


def saved_dice(value, count: int) -> tuple[int, ...]:
    """Saved dice, checked: `count` faces from 1 to 6."""
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)):
        raise ValueError(Problem(N_("saved dice must be {count} numbers from 1 to 6, not {value}"),
                                 count=count, value=repr(value)))
    return tuple(value)


#: The finished games already replayed and found good, by rule set and record (as JSON), and the
#: positions of the last game in progress replayed: the backup of a save (match.json.prev), a
#: move or a throw older, holds the same games and a beginning of that game, and is checked
#: without replaying them again.
_REPLAYED: dict[str, None] = {}
_IN_PROGRESS: list = []        # [(rules, who threw first, turns, the position after each)]


def replay_in_progress(rules: Rules, record: dict) -> Position:
    """The position a game in progress reached (as `replay`), from the positions remembered when
    its record, or a longer one it begins, was replayed last."""
    turns = record["turns"]
    if not isinstance(turns, list):    # not remembered: checked as it always was
        return replay(rules, record)
    for known_rules, first, known, positions in _IN_PROGRESS:
        if known_rules is rules and first == record["first"] and known[:len(turns)] == turns:
            return positions[len(turns)]
    positions = [rules.start(Side(record["first"]))]
    for dice, move in turns:
        positions.append(rules.apply(positions[-1], Move.parse(move), tuple(dice)))
    _IN_PROGRESS[:] = [(rules, record["first"], copy.deepcopy(turns), positions)]
    return positions[-1]


def check_record(rules: Rules, record) -> None:
    """A finished game's record must replay to the win it claims."""
    if not isinstance(record, dict) or not isinstance(record.get("turns"), list):
        raise ValueError(Problem(N_("a saved game record is damaged")))
    key = f"{rules.name}:{id(rules)}:{json.dumps(record, sort_keys=True)}"
    if key in _REPLAYED:
        return
    _replays_to_its_outcome(rules, record)
    if len(_REPLAYED) >= 64:
        _REPLAYED.clear()
    _REPLAYED[key] = None


def forget_replays() -> None:
    """Forget which games were replayed (a benchmark's cold load, as at start)."""
    _REPLAYED.clear()
    _IN_PROGRESS.clear()


def _replays_to_its_outcome(rules: Rules, record: dict) -> None:
    try:
        outcome = rules.outcome(replay(rules, record))
    except IllegalMoveError as exc:
        raise ValueError(Problem(N_("a saved game does not replay: {refusal}"),
                                 refusal=refusal(exc))) from None
    claimed = record.get("outcome")
    if outcome is None or claimed != {"winner": str(outcome.winner), "points": outcome.points}:
        raise ValueError(Problem(N_("a saved game's result does not follow from its moves")))
