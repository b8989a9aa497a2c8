"""The figures behind the review's chart (issue 40): the winning chance through a match, turn by
turn, read from the review's own weighing (game/computer/review.py), so that the chart and the
list of errors can never disagree.

    points = chart_points(rated, games)        # rated: review_match(..., ordered=False)
    marked = [p for p in points if p.error]    # the list's errors, the same turns, the same loss

Every chance is White's (the chart is drawn from White's side), of what the review reckons:
the game, or the match at each game's score. A turn without a choice (a pass, a forced move) is
not weighed, so it has no point. A throw's luck is the chance after the throw (its best move)
against the chance before it (what the move before left): known only where the turn before was
weighed too. No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.computer.review import Rated
from game.rules import Side


@dataclass(frozen=True)
class Point:
    """One weighed turn on the chart. `x` counts turns through the whole match (game after
    game, from 1), `white` is White's chance after the move played, `luck` the throw's luck for
    White (None where the chance before the throw is not known); `error`: one of the list's."""

    x: int
    rated: Rated
    white: float
    luck: float | None
    error: bool

    @property
    def game(self) -> int:
        return self.rated.game

    @property
    def turn(self) -> int:
        return self.rated.turn

    @property
    def loss(self) -> float:
        return self.rated.loss


def for_white(side: Side, chance: float) -> float:
    """A chance of `side` (to win the game or the match), as White's."""
    return chance if side is Side.WHITE else 1.0 - chance


def game_starts(games: list[dict]) -> list[int]:
    """The x before each game's first turn: game g's turn t is at starts[g - 1] + t."""
    starts, x = [], 0
    for record in games:
        starts.append(x)
        x += len(record.get("turns", ()))
    return starts


def chart_points(rated: list[Rated], games: list[dict], errors: list[Rated] = ()) -> list[Point]:
    """The chart's points, in the order played, from the review's weighed turns (both sides' for
    a full curve, or the person's alone) and the list's `errors` (marked)."""
    starts = game_starts(games)
    marked = {(r.game, r.turn) for r in errors}
    points, before = [], None
    for r in sorted(rated, key=lambda r: (r.game, r.turn)):
        luck = None
        if before is not None and before.game == r.game and before.turn == r.turn - 1:
            was = before.played_chance if before.side is r.side else 1.0 - before.played_chance
            luck = for_white(r.side, r.best_chance) - for_white(r.side, was)
        x = (starts[r.game - 1] if r.game - 1 < len(starts) else 0) + r.turn
        points.append(Point(x, r, for_white(r.side, r.played_chance), luck,
                            (r.game, r.turn) in marked))
        before = r
    return points


@dataclass(frozen=True)
class Summary:
    """The chart in figures, for its line of words: the highest chance of `side` (None: White's,
    for two people) and where, the biggest error and the dice's luck for `side` in all."""

    side: Side
    peak: Point | None
    worst: Point | None
    luck: float | None

    def peak_chance(self) -> float:
        return for_white(self.side, self.peak.white) if self.peak else 0.0


def summary(points: list[Point], side: Side | None) -> Summary:
    """The peak of `side`'s chance (White's when None: two people), the biggest marked error,
    and the sum of the throws' luck for that side where it is known."""
    side = side or Side.WHITE
    peak = max(points, key=lambda p: (for_white(side, p.white), -p.x), default=None)
    marked = [p for p in points if p.error]
    worst = max(marked, key=lambda p: (p.loss, -p.x), default=None)
    lucks = [p.luck for p in points if p.luck is not None]
    luck = (sum(lucks) if side is Side.WHITE else -sum(lucks)) if lucks else None
    return Summary(side, peak, worst, luck)
