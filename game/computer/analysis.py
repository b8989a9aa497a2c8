"""What a Tourne Case position and throw are worth (`analyse`): the exact chances the
solved tables give, for `python main.py analyze` (game/commands/analyze.py) and for review.
Its keys are the command's JSON contract, in English. No pygame here.
"""
from __future__ import annotations

from game.rules import Position, aways

from game.computer import tables as tbl
from game.computer.tables import options


def analyse(rules, t: tbl.Tables, position: Position, dice=None, match=None) -> dict:
    """The analysis as a JSON-ready dict (the command's contract)."""
    score = aways(position.to_move, match)
    bell = t.equity is not None
    goal = None
    if bell and score is not None:
        chance, points, goal = t.match_views(*score)     # both sides playing for the match
        views = {"win_probability": chance, "equity": points}
    else:
        views = {"win_probability": t.win}
        if bell:
            views["equity"] = t.most_points
    c, o = t.indices(position)
    result = {"position": str(position), "to_move": str(position.to_move)}
    for key, view in views.items():
        result[key] = view.position(c, o)
    if score is not None:
        result["match_win_probability"] = _match_value(t, views, goal, score, c, o, None)
    if dice is None:
        return result
    moves = []
    for option in options(t, position, dice):
        entry = {"move": str(option.move),
                 "position_after": str(rules.apply(position, option.move, dice))}
        for key, view in views.items():
            entry[key] = view.after(option.own, option.opp, t.home)
        if score is not None:
            entry["match_win_probability"] = _match_value(t, views, goal, score, option.own,
                                                          option.opp, t.home)
        moves.append(entry)
    rank = "match_win_probability" if score is not None else "equity" if bell else "win_probability"
    moves.sort(key=lambda m: -m[rank])
    result["moves"] = moves
    return result


def _match_value(t: tbl.Tables, views: dict, goal, score, c, o, home) -> float:
    """The match-winning chance (before the throw, or after a move when `home` is given): solved
    per score for Bell; for Charpentier, where every game is worth one point, it follows from
    the chance of winning this game."""
    view = goal or views["win_probability"]
    p = view.position(c, o) if home is None else view.after(c, o, home)
    if goal is not None:
        return p
    a, b = score
    return p * t.match_win(a - 1, b) + (1 - p) * (1 - t.match_win(b - 1, a))
