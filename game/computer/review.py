"""Match review (issue 12): each of a person's moves rated against the best move of the throw.

Each game's computer weighs its own moves (`weigh`, found through game/computer/player.py's
registry): the chance of winning that each move of the throw leaves (the game's, or the
match's at each game's score). This module holds the move played to the best of them - the
difference is what the move lost - and ranks the errors, the same for every game.

    from game.computer.review import review, review_match
    rated = review("charpentier", record, Side.WHITE)     # the biggest errors first
    rated = review_match("bell", session.match.games, Side.WHITE, length=5)

A forced move (every legal move leaves the same position) and a pass are not rated: they
cannot be errors. No pygame here.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, replace

from game.computer.player import module_for
from game.rules import Move, Position, Side, rule_set, rules_by_name

#: A loss smaller than this is a rounding of the solver's values, not an error.
EPSILON = 1e-9


@dataclass(frozen=True)
class Rated:
    """One turn of a person, weighed. `game` and `turn` count from 1 (`turn` counts both
    sides' turns in that game, as the move history does); `position` is the position before
    the move, with `side` to move; chances are from `side`'s view, of what `of` says."""

    game: int
    turn: int
    side: Side
    position: Position
    dice: tuple[int, ...]
    played: Move
    best: Move
    played_chance: float
    best_chance: float
    loss: float
    choices: int              # legal moves leading to different positions (at least 2)
    of: str                   # "game" or "match": what the chances are of
    match: tuple[int, int, int] | None = None   # (length, White's, Black's points) at the game's start

    @property
    def is_error(self) -> bool:
        return self.loss > EPSILON


def _computer(rules_name: str):
    """The game's computer, which weighs its moves (`weigh`), or None if nothing plays it."""
    try:
        return module_for(rules_name)
    except ValueError:
        return None


def reviewable(rules_name: str) -> bool:
    """Whether a rule set can be reviewed: its computer weighs moves."""
    return hasattr(_computer(rules_name), "weigh")


def exact(rules_name: str) -> bool:
    """Whether the review's chances are exact (the game solved) or reckoned."""
    return bool(getattr(_computer(rules_name), "EXACT", False))


def chances_of(rules_name: str, match=None) -> str:
    """What the chances of a review are of: "game" or "match" (a game that can score 2, in a match of 2 or more)."""
    if rule_set(rules_name).max_points == 1 or match is None or match[0] <= 1:
        return "game"
    return "match"


def rate_turn(rules_name: str, position: Position, dice, played: Move, match=None,
              game: int = 1, turn: int = 1) -> Rated | None:
    """One turn weighed, or None when there was no choice (a pass or a forced move). The game's
    computer weighs the throw's moves; the best of them is what the move played is held to."""
    dice = tuple(dice)
    weighed = module_for(rules_name).weigh(rules_by_name(rules_name), position, dice, played, match)
    if weighed is None:
        return None
    moves, chances, at = weighed
    best = max(range(len(chances)), key=chances.__getitem__)
    loss = chances[best] - chances[at]
    best_move = moves[best]
    if loss <= EPSILON:      # the move played is one of the best: it is its own best move
        loss, best_move = 0.0, played
    return Rated(game, turn, position.to_move, position, dice, played, best_move, chances[at],
                 chances[best], max(loss, 0.0), len(moves), chances_of(rules_name, match), match)


def _sides(human_side) -> set[Side]:
    """One side, or None for both (two people at one screen)."""
    if human_side is None:
        return set(Side)
    if isinstance(human_side, Side):
        return {human_side}
    return set(human_side)


def review(rules_name: str, record: dict, human_side, match=None, game: int = 1,
           ordered: bool = True, stop=None) -> list[Rated]:
    """Every turn of `human_side` (a Side, several, or None for both) in one game's record
    ({"first", "turns": [(dice, move)]}) that had a choice, weighed; the biggest errors first
    (`ordered`), else in the order played. `match`: (length, White's points, Black's points)
    before this game; None is a single game. `stop` (a callable), asked before each turn is
    weighed, ends the review there once it says True (a player who leaves the review screen
    does not wait for seconds of weighing): the turns weighed so far come back."""
    if not reviewable(rules_name):
        raise ValueError(f"no computer weighs the moves of {rules_name!r}: it cannot be reviewed")
    rules = rules_by_name(rules_name)
    sides = _sides(human_side)
    position = rules.start(Side(record["first"]))
    rated = []
    for number, (dice, text) in enumerate(record["turns"], start=1):
        move = Move.parse(text)
        if position.to_move in sides:
            if stop is not None and stop():
                break
            found = rate_turn(rules_name, position, dice, move, match, game, number)
            if found is not None:
                rated.append(found)
        position = rules.apply(position, move, tuple(dice))
    return ranked(rated) if ordered else rated


def review_match(rules_name: str, games: list[dict], human_side, length: int = 1,
                 ordered: bool = True, stop=None) -> list[Rated]:
    """Every finished game of a match (Match.games), each at its own score; the biggest errors
    first. The score before each game is read from the outcomes of the games before it.
    `stop`: as `review`'s, asked before each turn of every game."""
    score = {Side.WHITE: 0, Side.BLACK: 0}
    rated = []
    for number, record in enumerate(games, start=1):
        if stop is not None and stop():
            break
        match = (length, score[Side.WHITE], score[Side.BLACK])
        rated += review(rules_name, record, human_side, match, number, ordered=False, stop=stop)
        outcome = record.get("outcome")
        if outcome:
            score[Side(outcome["winner"])] += outcome["points"]
    return ranked(rated) if ordered else rated


def ranked(rated: list[Rated]) -> list[Rated]:
    """The biggest loss first; equal losses in the order played."""
    return sorted(rated, key=lambda r: (-r.loss, r.game, r.turn))


def errors(rated: list[Rated]) -> list[Rated]:
    """The moves that lost something, biggest first."""
    return [r for r in ranked(rated) if r.is_error]


# -- weighing a match in the background (issue 40) ----------------------------------------------

def turns_of(rules_name: str, games: list[dict], human_side, length: int = 1):
    """(game, turn, position, dice, move, match) for each turn of `human_side` (as `review`'s)
    in a match's finished games, in the order played, each game at its own score."""
    rules = rules_by_name(rules_name)
    sides = _sides(human_side)
    score = {Side.WHITE: 0, Side.BLACK: 0}
    for number, record in enumerate(games, start=1):
        match = (length, score[Side.WHITE], score[Side.BLACK])
        position = rules.start(Side(record["first"]))
        for turn, (dice, text) in enumerate(record["turns"], start=1):
            move = Move.parse(text)
            if position.to_move in sides:
                yield number, turn, position, tuple(dice), move, match
            position = rules.apply(position, move, tuple(dice))
        outcome = record.get("outcome")
        if outcome:
            score[Side(outcome["winner"])] += outcome["points"]


def replays(rules_name: str, games: list[dict]) -> bool:
    """Whether a match's game records play again from their starts, as a review weighs them (a
    game begun from a position set by hand does not): only such a match can be reviewed."""
    try:
        for _ in turns_of(rules_name, games, None):
            pass
    except ValueError:          # a notation error or a move the rules refuse from that start
        return False
    return True


#: Turns weighed lately: (rules, position, dice, move, match) -> Rated or None. The scoreboard of
#: the next game, or a review opened again, finds the turns of the games before weighed.
_KEPT: dict = {}
KEPT_TURNS = 4096
_KEEPING = threading.Lock()


def forget() -> None:
    """Drop the turns kept (a test or a benchmark weighs from nothing)."""
    with _KEEPING:
        _KEPT.clear()


def _rate_kept(rules_name: str, game: int, turn: int, position, dice, move, match) -> Rated | None:
    """rate_turn, or the turn as weighed before (its game and turn numbers made this one's)."""
    key = (rules_name, position, dice, str(move), match)
    with _KEEPING:
        found = _KEPT.get(key, _KEPT)
    if found is _KEPT:
        found = rate_turn(rules_name, position, dice, move, match, game, 0)
        with _KEEPING:
            _KEPT.pop(key, None)
            while len(_KEPT) >= KEPT_TURNS:
                del _KEPT[next(iter(_KEPT))]          # the oldest
            _KEPT[key] = found
    return None if found is None else replace(found, game=game, turn=turn)


class Weighing:
    """A match's review weighed on a thread of its own, a turn at a time, read while under way:
    the person's turns first (`mine`, in the order played: the review's list), then the other
    side's (`others`: the chart alone needs them; none when `human_side` is None, both sides
    being the person's). The scoreboard starts it as soon as a game ends, so that the review
    finds its moves weighed, and hands it to the review screen, which shows them as they come.

        weighing = Weighing("garanguet", session.match.games, Side.WHITE, length=3)
        weighing.start()          # a thread; again after `stop` goes on where it stopped
        weighing.mine, weighing.mine_done, weighing.progress()
        weighing.stop()           # at its next turn; at once, never waiting for it

    `wanted` (a callable), asked before each turn, stops it too once it says False (the window
    closed: nobody will read the review). No pygame here."""

    def __init__(self, rules_name: str, games: list[dict], human_side, length: int = 1,
                 wanted=None):
        if not reviewable(rules_name):
            raise ValueError(f"no computer weighs the moves of {rules_name!r}: it cannot be reviewed")
        self.rules_name, self.games, self.human, self.length = rules_name, games, human_side, length
        self.wanted = wanted
        self._mine = list(turns_of(rules_name, games, human_side, length))
        self._theirs = ([] if human_side is None else
                        list(turns_of(rules_name, games, _other(human_side), length)))
        self.mine: list[Rated] = []          # grows as the thread weighs: read, never written
        self.others: list[Rated] = []
        self.problem: Exception | None = None
        self._next = 0                       # the next turn to weigh, in _mine + _theirs
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def same(self, rules_name: str, games: list[dict], human_side, length: int) -> bool:
        """Whether this weighs that review (the scoreboard's, taken up by the review screen)."""
        return (rules_name, games, human_side, length) == (self.rules_name, self.games, self.human,
                                                           self.length)

    @property
    def mine_done(self) -> bool:
        """The person's turns are all weighed (or could not be: `problem`)."""
        return self._next >= len(self._mine) or self.problem is not None

    @property
    def done(self) -> bool:
        return self._next >= len(self._mine) + len(self._theirs) or self.problem is not None

    def progress(self) -> tuple[int, int]:
        """(the person's turns weighed, how many there are), passes and forced moves counted."""
        return min(self._next, len(self._mine)), len(self._mine)

    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> threading.Thread | None:
        """Weigh on (a thread), unless done or under way; the thread started, if one was."""
        with self._lock:
            self._stopping = False
            if self._thread is not None or self.done:
                return None
            self._thread = threading.Thread(target=self._weigh, daemon=True, name="review")
            self._thread.start()
            return self._thread

    def stop(self) -> None:
        """Stop at the next turn (the one being weighed is finished, never waited for)."""
        self._stopping = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every turn is weighed, or the thread stopped, or `timeout` seconds have
        passed (tests and tools); whether it is done."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.done

    def _weigh(self) -> None:
        turns = self._mine + self._theirs
        while True:
            with self._lock:
                if (self._stopping or self._next >= len(turns)
                        or (self.wanted is not None and not self.wanted())):
                    self._thread = None
                    return
                at = self._next
            try:
                rated = _rate_kept(self.rules_name, *turns[at])
            except Exception as error:     # noqa: BLE001 - the review says so; the game goes on
                with self._lock:
                    self.problem = error if at < len(self._mine) else None
                    self._next = len(turns)
                    self._thread = None
                return
            if rated is not None:
                (self.mine if at < len(self._mine) else self.others).append(rated)
            self._next = at + 1


def _other(human_side):
    """The other side of one side, or of a set of one."""
    sides = _sides(human_side)
    return {side.other for side in sides} if len(sides) == 1 else set()
