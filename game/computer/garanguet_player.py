"""The Garanguet computer player: levels, hints, and the simple players it is measured against.

Moves always come from the rules engine; what differs between levels is how each end of a turn
is valued: a hand-written reading of blocks, primes and the race (novice, with noise), the
learnt network with noise (journeyman), or the network with the exact bear-off table in races
and the move chosen by match equity (master).
"""
from __future__ import annotations

import itertools
import random
import threading

import numpy as np

from game.base.i18n import N_
from game.rules import GARANGUET, LAST_QUADRANT, MATCH_LENGTHS, OFF, Move, Position, Side, aways  # noqa: F401

from game.computer import garanguet_bearoff as gb
from game.computer import garanguet_net as gnet
from game.computer import garanguet_race as gr
from game.computer.hint import Hint
from game.rules.garanguet import board_of, contact_boards
from game.rules.garanguet import forget as forget_turns


# --- the simple players ------------------------------------------------------------------

def _own_opp(position: Position):
    side = position.to_move
    return position.checkers(side), position.checkers(side.other)


def pip_greedy_move(rules, position: Position, dice, rng: random.Random) -> Move:
    """The move that leaves the fewest pips to bear off (ties at random): what a player who
    only counts the race plays."""
    own, opp = _own_opp(position)
    ends = gnet.turn_ends(rules, own, opp, dice)
    if not ends:
        return Move(())
    pips = [sum(OFF - p for p in end) for end, _ in ends]
    best = min(pips)
    return Move(rng.choice([steps for (_, steps), p in zip(ends, pips) if p == best]))


#: weights of the hand-written evaluation, tuned by matches of 100 games of a changed weight
#: against these (a weight doubled or zeroed; a term for own checkers shut in behind the
#: opponent's points and one against tall stacks lost and were dropped)
HEURISTIC = {"pips": 0.1, "block": 0.25, "prime": 3.0, "outside": 0.15, "off": 0.3,
             "lost_them": 2.0, "lost_me": 1.0}


def heuristic_values(own: np.ndarray, opp: np.ndarray, weights=None) -> np.ndarray:
    """A hand-written worth of each of the mover's ends (own: counts (N, 26) after the move;
    opp: the opponent's counts (26,)), higher is better: blocks and primes in front of the
    opponent's checkers, numbers each side could not play next turn, the race, bearing off."""
    w = HEURISTIC if weights is None else weights
    n = len(own)
    points = np.arange(26)
    # the opponent's checkers on the mover's path: one on its point q stands on 25 - q
    theirs = np.zeros(26)
    theirs[1:25] = opp[24:0:-1]
    # where the opponent's rearmost checker stands on the mover's path (0: none on the board)
    on_board = np.nonzero(theirs[1:25])[0]
    rear = on_board[-1] + 1 if len(on_board) else 0
    behind = np.cumsum(theirs[::-1])[::-1]           # behind[p]: their checkers on p.. 24
    value = -w["pips"] * (own * (OFF - points)).sum(axis=1)
    value += w["off"] * own[:, OFF]
    value -= w["outside"] * own[:, 1:LAST_QUADRANT].sum(axis=1)
    # blocks: runs of held points that some opposing checker still has to pass, worth more
    # the longer they are and the more checkers they hold back; six in a row is a prime (G-8)
    held = own[:, 1:25] > 0
    run = gnet.runs(held)                      # run[:, j]: the run of held points up to j + 1
    ends_here = held.copy()
    ends_here[:, :-1] &= ~held[:, 1:]
    top = np.arange(2, 26)
    low = top - run                            # each run's lowest point
    stuck = behind[np.minimum(top, 25)]        # their checkers beyond the run's top
    useful = ends_here & (low < rear)
    length = np.minimum(run, 6)
    worth = length * (length - 1) / 2 * (1 + stuck / 5.0) + w["prime"] * (length >= 6) * stuck
    # added point by point (cumsum adds in order), as the runs are met along the path
    value = np.cumsum(np.column_stack([value, w["block"] * worth * useful]), axis=1)[:, -1]
    held_theirs = theirs[1:25] > 0
    # numbers (1..6) that no checker could play next turn (G-3): the mover's own, and the
    # opponent's now that the mover's points stand in its way
    home = own[:, 1:LAST_QUADRANT].sum(axis=1) == 0
    mine = own[:, 1:25] > 0
    theirs_at = np.nonzero(theirs[1:25])[0]          # their checkers' points on my path, - 1
    their_home = len(theirs_at) == 0 or theirs_at.max() < 6
    for d in range(1, 7):
        lands = np.zeros(24, dtype=bool)
        lands[:24 - d] = held_theirs[d:] == 0
        playable = (mine & lands).any(axis=1) | (mine[:, 24 - d:].any(axis=1) & home)
        value -= w["lost_me"] * ~playable
        targets = theirs_at - d
        inside = targets[targets >= 0]
        blocked = mine[:, inside].all(axis=1) if len(inside) else np.ones(n, dtype=bool)
        if len(inside) < len(targets) and their_home:
            blocked[:] = False
        value += w["lost_them"] * blocked
    return value


def heuristic_move(rules, position: Position, dice, rng: random.Random, noise: float = 0.0,
                   weights=None) -> Move:
    """The move the hand-written evaluation likes best (with `noise`: a normal error of that
    size on each move's worth)."""
    own, opp = _own_opp(position)
    ends = gnet.turn_ends(rules, own, opp, dice)
    if not ends:
        return Move(())
    values = heuristic_values(gnet.counts([e for e, _ in ends]), gnet.counts([opp])[0], weights)
    if noise:
        values = values + np.array([rng.gauss(0.0, noise) for _ in ends])
    return Move(ends[int(np.argmax(values))][1])


# --- match equity --------------------------------------------------------------------------

#: share of games won that are won by 2 points (G-10), measured over self-play of the top level
#: at one ply (tests/bench_garanguet.py duel --rival self --width 0: 0.119 over 4,000 games with
#: run D's network, shipped since 2026-11-28; 0.1275 with run A's of 42,000 games, 0.220 over
#: 1,092 with that of 24,000); the match equity table (MET, below) is built from it at import
WIN2_RATE = 0.12


def match_equity_table(win2_rate: float = WIN2_RATE, longest: int = 21) -> np.ndarray:
    """met[a, b]: the chance of winning the match for a player who needs `a` points against
    one who needs `b`, at the start of a game (a 50/50 priority throw, C-1, C-6). Backward
    induction over the scores: each game is won or lost with chance 1/2, by 2 points with
    chance `win2_rate` of that. Row and column 0 (the match won or lost) are 1 and 0."""
    met = np.zeros((longest + 1, longest + 1))
    met[0, 1:] = 1.0

    def at(a, b):
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return met[a, b]

    for total in range(2, 2 * longest + 1):
        for a in range(1, longest + 1):
            b = total - a
            if 1 <= b <= longest:
                won = (1 - win2_rate) * at(a - 1, b) + win2_rate * at(a - 2, b)
                lost = (1 - win2_rate) * at(a, b - 1) + win2_rate * at(a, b - 2)
                met[a, b] = 0.5 * won + 0.5 * lost
    return met


MET = match_equity_table()


def _met(a: int, b: int) -> float:
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    return float(MET[min(a, len(MET) - 1), min(b, len(MET) - 1)])


def worth(values: np.ndarray, score=None) -> np.ndarray:
    """What the mover plays for, from its chances (win, win 2, lose 2) after each move: the
    match at this score (a, b points still needed), or else the expected points."""
    if score is None:
        return gnet.equity(values)
    a, b = score
    win, win2, lose2 = values[:, 0], values[:, 1], values[:, 2]
    return ((win - win2) * _met(a - 1, b) + win2 * _met(a - 2, b)
            + (1 - win - lose2) * _met(a, b - 1) + lose2 * _met(a, b - 2))


def point_worth(score=None) -> float:
    """What one point is worth to the mover in the unit it plays for: 1 in a money game, at a
    match score half the match's chance between winning and losing a 1-point game."""
    if score is None:
        return 1.0
    a, b = score
    return (_met(a - 1, b) - _met(a, b - 1)) / 2


# --- the value of each end of a turn --------------------------------------------------------

_NETS: dict = {}


def net(name: str = "garanguet_net.npz") -> gnet.Net:
    """A shipped network (kept once loaded)."""
    if name not in _NETS:
        _NETS[name] = gnet.Net.load(gnet.DATA / name)
    return _NETS[name]


def chances(position: Position, ends, value_net: gnet.Net, table=None) -> np.ndarray:
    """The mover's chances (win, win 2, lose 2) after each end of its turn (its checkers after
    the move): from the network, or exactly from the bear-off table once both sides bear off
    in a pure race (then nothing can block either, and each bears off alone)."""
    return after_turns(ends, position.checkers(position.to_move.other), value_net, table)


def after_turns(ends, others, value_net: gnet.Net, table=None, which=None) -> np.ndarray:
    """As `chances`, for rows of the side that has just moved (`ends`, (N, 15)) against the side
    now on turn: `others` (K, 15), row `which[i]` for end i (the first row when not given)."""
    ends = np.asarray(ends, dtype=np.int64).reshape(-1, 15)
    few = np.asarray(others, dtype=np.int64).reshape(-1, 15)
    which = np.zeros(len(ends), dtype=np.int64) if which is None else np.asarray(which)
    values = gnet.values_against(value_net, gnet.counts(few), which, gnet.counts(ends))
    others = few[which]
    if table is not None:
        racing = (ends[:, 0] >= LAST_QUADRANT) & (others[:, 0] >= LAST_QUADRANT)
        if racing.any():
            values[racing] = gnet.flip(table.race(gb.spreads_of(others[racing]),
                                                  gb.spreads_of(ends[racing])))
    won = ends[:, 0] == OFF                    # the game is won on this turn (G-10)
    values[won] = np.stack([np.ones(won.sum()), (others[won, -1] != OFF).astype(float),
                            np.zeros(won.sum())], axis=1)
    win = np.clip(values[:, 0], 0.0, 1.0)
    return np.stack([win, np.minimum(values[:, 1], win), np.minimum(values[:, 2], 1 - win)], axis=1)


# --- two plies --------------------------------------------------------------------------------

#: the opponent's next throw: (dice, chance) for each of the 56 distinct throws of three dice
THROWS = [(next(d for d in itertools.product(range(1, 7), repeat=3) if gb.numbers(d) == numbers),
           chance) for numbers, chance in gb.throws()]

#: the master looks two plies ahead at the plays the network likes best, as gnubg prunes: at
#: most SEARCH_WIDTH of them, each within SEARCH_MARGIN points of the best (or what a point is
#: worth at the match score); each costs some 20-60 ms
SEARCH_WIDTH = 3
SEARCH_MARGIN = 0.16
#: how many times more the search looks two plies ahead at a play that leads at one ply once the
#: best few are looked at; after that a play left at one ply may still lead (in 10 of 133 turns
#: of seeded games of the noisy heuristic with run D's network, in 11 with run A's of 42,000)
SEARCH_MORE = 3


def settled(ends, opp) -> np.ndarray:
    """For each end of the mover's turn, whether one ply already tells its worth exactly or
    nearly: the game won, or a pure race valued from the bear-off table."""
    ends = np.asarray(ends, dtype=np.int64).reshape(-1, 15)
    return (ends[:, 0] == OFF) | ((ends[:, 0] >= LAST_QUADRANT) & (min(opp) >= LAST_QUADRANT))


def two_ply(rules, ends, opp, value_net: gnet.Net, table=None, their_score=None) -> np.ndarray:
    """The mover's chances (win, win 2, lose 2) after each of `ends` (its checkers after its
    turn; `opp`: the opponent's, who throws next), looking one turn further: for each of the
    opponent's throws, weighed by its chance, the reply that the opponent values best at one
    ply (by `worth` at its score, `their_score`), or its pass. Every reply of every throw to
    every one of `ends` is valued in one batch."""
    opp = tuple(opp)
    rows, which, sizes = [], [], []
    for i, end in enumerate(ends):
        replies, counts = _replies(rules, opp, end)
        sizes += counts
        rows.append(replies)
        which.append(np.full(len(replies), i))
    values = after_turns(np.concatenate(rows), ends, value_net, table, np.concatenate(which))
    ranked = worth(values, their_score)
    starts = np.cumsum([0] + sizes[:-1])
    best = np.maximum.reduceat(ranked, starts)
    # the first reply of each throw that the opponent values best
    first = np.flatnonzero(ranked >= np.repeat(best, sizes))
    found = values[first[np.searchsorted(first, starts)]]
    chance = np.array([chance for _, chance in THROWS])
    return gnet.flip(np.einsum("t,itk->ik", chance, found.reshape(len(ends), len(THROWS), 3)))


def _replies(rules, opp: tuple, end) -> tuple[np.ndarray, list[int]]:
    """The opponent's checkers after each of its legal turns (or as they stand when it passes),
    throw after throw of THROWS, in the mover's position `end`, and how many each throw has.
    They depend only on the mover's points still ahead of the opponent's rearmost checker, so
    the replies found for one play serve every other play that holds the same points, in this
    decision and the next ones (the review of a game, the hints then the move, `analyze` at
    another score)."""
    ahead = tuple(sorted({point for point in end if point < OFF - opp[0]}))
    key = (opp, ahead)
    with _KEEPING:
        found = _REPLIES.get(key)
    if found is None:
        parts, boards, counts = [], [], []      # boards: contact turns not yet made rows
        for dice, _ in THROWS:
            numbers = rules.numbers(dice)
            these = contact_boards(opp, tuple(end), numbers)
            if these is None:           # it may bear off: the whole search
                ends = rules._terminals(opp, tuple(end), numbers)
                these = [own for (own, _o, _l), steps in ends.items() if steps] or [opp]
                parts += [_rows(boards), np.array(these, dtype=np.int8)]
                boards = []
            else:
                boards += these or [board_of(opp)]      # it passes: as it stands
            counts.append(len(these or [opp]))
        rows = np.concatenate(parts + [_rows(boards)])
        found = (rows, counts)
    global _REPLIES_ROWS
    with _KEEPING:
        known = _REPLIES.pop(key, None)
        if known is None:
            _REPLIES_ROWS += len(found[0])
            while _REPLIES and _REPLIES_ROWS > REPLIES_KEPT:
                _REPLIES_ROWS -= len(_REPLIES.pop(next(iter(_REPLIES)))[0])
        _REPLIES[key] = known or found            # the most recently used last
    return known or found


def _rows(boards: list[int]) -> np.ndarray:
    """Boards packed four bits a point (`board_of`, all 15 checkers on the board) as rows of
    their 15 checkers' points, ascending (int8)."""
    packed = np.frombuffer(b"".join(board.to_bytes(13, "little") for board in boards),
                           dtype=np.uint8).reshape(-1, 13)
    counts = np.empty((len(boards), 26), dtype=np.int64)
    counts[:, 0::2] = packed & 15
    counts[:, 1::2] = packed >> 4
    points = np.tile(np.arange(26, dtype=np.int8), len(boards))
    return np.repeat(points, counts.ravel()).reshape(-1, 15)


#: the opponent's replies found lately: (its checkers, the mover's points ahead) -> `_replies`;
#: at most REPLIES_KEPT rows of 15 bytes in all (a decision finds some 20,000 to 100,000)
_REPLIES: dict = {}
_REPLIES_ROWS = 0
REPLIES_KEPT = 1_000_000
#: the review ranks turns on a thread while the table asks for hints
_KEEPING = threading.Lock()


def forget() -> None:
    """Drop the rankings and replies kept, and what the turn search keeps (a benchmark times
    decisions from nothing)."""
    global _REPLIES_ROWS
    with _KEEPING:
        _RANKED.clear()
        _REPLIES.clear()
        _REPLIES_ROWS = 0
    forget_turns()


def best_plays(rules, position: Position, dice, match=None, value_net=None, table=None,
               width: int = SEARCH_WIDTH):
    """Every end of the mover's turn ranked for the top level: [(end, steps)] and, in the same
    order, their chances (win, win 2, lose 2), their worth at the score (the order: best first),
    and how many plies each was valued at. The `width` ends the network likes best at one ply,
    unless one ply already settles them, are valued at two plies; should a play left at one ply
    then lead, it is looked at two plies too (at most SEARCH_MORE times), so that the play
    ranked first has been looked at as deeply as the search goes unless those rounds ran out
    (each play's plies say how it was valued). This one ranking is the master's move, the
    hints, the engine's list, `analyze` and the review (issue 39); the last few are remembered,
    so that the review of a turn whose hints were shown, or the engine's list after its move,
    costs nothing more."""
    value_net = value_net or net()
    table = table if table is not None else gr.races()
    # what a ranking depends on: the points each side still needs, not the match's length
    key = (position, tuple(dice), aways(position.to_move, match), value_net, table, width)
    with _KEEPING:
        found = _RANKED.pop(key, None)
    if found is None:
        found = _best_plays(rules, position, dice, match, value_net, table, width)
    with _KEEPING:
        _RANKED.pop(key, None)
        while len(_RANKED) >= RANKED_KEPT:
            del _RANKED[next(iter(_RANKED))]          # the least recently used
        _RANKED[key] = found
    ends, values, ranked, plies = found
    return list(ends), values.copy(), ranked.copy(), plies.copy()


#: the last rankings: (position, dice, points needed, network, table, width) -> best_plays's answer, the
#: most recently used last; enough for the turns of a match of a few games, so that its review
#: finds the master's own moves ranked, and a review opened again costs nothing more
_RANKED: dict = {}
RANKED_KEPT = 256


def _best_plays(rules, position: Position, dice, match, value_net, table, width):
    side = position.to_move
    own, opp = position.checkers(side), position.checkers(side.other)
    ends = gnet.turn_ends(rules, own, opp, dice)
    if not ends:
        return [], np.zeros((0, 3)), np.zeros(0), np.zeros(0, dtype=int)
    score = aways(side, match)
    values = chances(position, [e for e, _ in ends], value_net, table)
    ranked = worth(values, score)
    order = np.argsort(-ranked, kind="stable")
    plies = np.ones(len(ends), dtype=int)
    if len(ends) > 1 and width > 0:
        unsettled = ~settled([end for end, _ in ends], opp)
        top = order[:width]
        top = top[ranked[top] >= ranked[top[0]] - SEARCH_MARGIN * point_worth(score)]
        for _ in range(1 + SEARCH_MORE):
            deeper = top[unsettled[top] & (plies[top] == 1)]
            if not len(deeper):
                break
            values[deeper] = two_ply(rules, [ends[i][0] for i in deeper], opp, value_net, table,
                                     aways(side.other, match))
            ranked[deeper] = worth(values[deeper], score)
            plies[deeper] = 2
            order = np.argsort(-ranked, kind="stable")
            top = order[:1]
    return [ends[i] for i in order], values[order], ranked[order], plies[order]


# --- levels -------------------------------------------------------------------------------

#: (name, description), weakest first; the descriptions are marked for the catalogue and
#: translated where they are shown (see game.computer.player.LEVELS).
LEVELS = [
    ("novice", N_("Reads blocks, primes and the race as a club player does, with a rough eye: "
                  "it often picks a move that only looks about as good.")),
    ("journeyman", N_("Knows the game from self-play, but misjudges close calls.")),
    ("master", N_("Learnt the game by self-play, and looks two turns ahead at its few best "
                  "plays: each of your throws, with your best reply. Exact in small races; a "
                  "2-point win weighed by what it is worth at the match score.")),
]
LEVEL_NAMES = [name for name, _ in LEVELS]

#: the size of each lower level's error on a move's worth (in expected points, or in the
#: hand-written evaluation's units); measured by tests/bench_garanguet.py
NOISE = {"novice": 1.5, "journeyman": 0.12}


def hints(rules, position: Position, dice, match=None) -> list[Hint]:
    """Each legal move with its worth to the mover as the top level sees it (`best_plays`), best
    first ([] when the turn passes): win_probability is the figure they are ranked by in a match
    (the match's chance), else the game's chance, the ranking then being by equity."""
    ends, values, ranked, _ = best_plays(rules, position, dice, match)
    if not ends:
        return []
    score = aways(position.to_move, match)
    equities = gnet.equity(values)
    best = float(ranked[0])
    return [Hint(Move(steps), float(ranked[i] if score else values[i, 0]), float(equities[i]),
                 best - float(ranked[i]), float(values[i, 1]))
            for i, (_, steps) in enumerate(ends)]


class Computer:
    """A computer player of Garanguet at one level. `rng` drives the lower levels' mistakes."""

    def __init__(self, rules, level_name: str, rng: random.Random, value_net=None,
                 width: int = SEARCH_WIDTH):
        if level_name not in LEVEL_NAMES:
            raise ValueError(f"unknown level {level_name!r}: choose one of {', '.join(LEVEL_NAMES)}")
        if rules.name != GARANGUET.name:
            raise ValueError(f"this computer plays Garanguet, not {rules.title}")
        self.rules = rules
        self.level = level_name
        self.rng = rng
        self.width = width          # the master's two-ply search: 0 looks one ply ahead
        self._net = value_net
        self._table = None

    def prepare(self, match=None) -> None:
        """Load the network and the bear-off table (a fraction of a second)."""
        if self._table is None:
            self._net = self._net or net()
            self._table = gr.races()

    def ready(self) -> bool:
        return self._table is not None

    def choose(self, position: Position, dice, match=None) -> Move:
        """The move this level plays: always a legal one."""
        self.prepare()
        side = position.to_move
        own, opp = position.checkers(side), position.checkers(side.other)
        if self.level == "novice":
            return heuristic_move(self.rules, position, dice, self.rng, NOISE["novice"])
        if self.level == "master":
            found = best_plays(self.rules, position, dice, match, self._net, self._table,
                               self.width)[0]
            return Move(found[0][1] if found else ())
        ends = gnet.turn_ends(self.rules, own, opp, dice)
        if not ends:
            return Move(())
        if len(ends) == 1:
            return Move(ends[0][1])
        values = chances(position, [e for e, _ in ends], self._net)
        ranked = gnet.equity(values) + np.array(
            [self.rng.gauss(0.0, NOISE["journeyman"]) for _ in ends])
        return Move(ends[int(np.argmax(ranked))][1])
