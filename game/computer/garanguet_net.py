"""A small numpy network that values Garanguet positions for the side to move.

Its three outputs are the mover's chances: to win, to win 2 points and to lose 2 points (G-10).
The third is needed because after a move the opponent is on turn: the mover's chance of a
2-point win is the opponent's chance of a 2-point loss. Positions are given as checker counts
per point of each side's own path (index 1..24, 25 borne off), many at once, so that every end
of a turn is valued in one matrix product.
"""
from __future__ import annotations

import pathlib

import numpy as np

from game.rules import LAST_QUADRANT, OFF

DATA = pathlib.Path(__file__).resolve().parent / "data"

#: features per side: 4 per point (truncated unary count), then 9 summaries
SIDE_FEATURES = 24 * 4 + 9
FEATURES = 2 * SIDE_FEATURES + 2
#: the blocking features per side (`_blocks`), read by nets whose inputs are "board+blocks"
BLOCK_FEATURES = 12
#: the inputs a network may take, by the name its file gives them, and how many there are; a
#: file that names none takes "board" (every net shipped before the blocking features)
INPUTS = {"board": FEATURES, "board+blocks": FEATURES + 2 * BLOCK_FEATURES}


def counts(sides) -> np.ndarray:
    """Checkers per point (N, 26) of many sides, each a tuple of 15 locations on its own path."""
    locations = np.asarray(sides, dtype=np.int64).reshape(-1, 15)
    n = len(locations)
    flat = locations + 26 * np.arange(n)[:, None]
    return np.bincount(flat.ravel(), minlength=26 * n).reshape(n, 26)


def runs(held: np.ndarray) -> np.ndarray:
    """For each row of `held` (N, M) and each column, how many held in a row end there."""
    at = np.arange(1, held.shape[1] + 1)
    return at - np.maximum.accumulate(np.where(held, 0, at), axis=1)


def _longest_run(held: np.ndarray) -> np.ndarray:
    if not held.size:
        return np.zeros(len(held))
    return runs(held).max(axis=1).astype(float)


def _side(c: np.ndarray, contact: np.ndarray) -> np.ndarray:
    """Features of one side from its own counts (N, 26); `contact`: how many of its checkers
    must still pass an opposing checker."""
    board = c[:, 1:25]
    n = len(c)
    out = np.empty((n, SIDE_FEATURES))
    unary = out[:, :96].reshape(n, 24, 4)
    unary[:, :, 0] = board >= 1
    unary[:, :, 1] = board >= 2
    unary[:, :, 2] = board >= 3
    unary[:, :, 3] = np.maximum(board - 3, 0) / 4.0
    points = np.arange(1, 25)
    outside = c[:, 1:LAST_QUADRANT].sum(axis=1)
    held = board >= 1
    out[:, 96] = c[:, OFF] / 15.0
    out[:, 97] = outside / 15.0
    out[:, 98] = (board * np.maximum(LAST_QUADRANT - points, 0)).sum(axis=1) / 100.0
    out[:, 99] = (board * (OFF - points)).sum(axis=1) / 200.0
    out[:, 100] = c[:, OFF] > 0
    out[:, 101] = outside == 0
    out[:, 102] = _longest_run(held) / 6.0
    out[:, 103] = held.sum(axis=1) / 12.0
    out[:, 104] = contact / 15.0
    return out


def _contact(c: np.ndarray, other: np.ndarray) -> np.ndarray:
    """For each row, how many of `c`'s checkers still have an opposing checker ahead of them
    (on `c`'s path): those that can still be blocked."""
    # the other side's rearmost checker on the board, on its own path; 25 when none
    on_board = other[:, 1:25] > 0
    rear = np.where(on_board.any(axis=1), on_board.argmax(axis=1) + 1, OFF)
    ahead = OFF - rear          # that checker's point on c's path
    below = np.arange(26)[None, :] < ahead[:, None]
    return (c * below)[:, :OFF].sum(axis=1)


def _blocks(c: np.ndarray, o: np.ndarray) -> np.ndarray:
    """What blocks one side (its counts (N, 26) on its own path) against the other (`o`, on the
    other's path), gnubg's "escapes" made for a game without hitting (G-3, G-8): how many of its
    checkers have 6, 4 or more of the next 6 points held against them, the points held ahead of
    each checker on average, the free points in reach of its rearmost checker, for each number
    whether some checker can play it, the free steps of all its points, and the longest run of
    held points ahead of its rearmost checker."""
    n = len(c)
    board = c[:, 1:25]
    held = board > 0
    home = c[:, 1:LAST_QUADRANT].sum(axis=1) == 0
    blocked = np.empty((n, 30), dtype=bool)      # column j: point j + 1 of this side's path
    blocked[:, :24] = o[:, 24:0:-1] > 0
    blocked[:, 24:] = ~home[:, None]             # past the rim only once bearing off (G-9)
    total = np.zeros((n, 31), dtype=np.int64)
    np.cumsum(blocked, axis=1, out=total[:, 1:])
    ahead = total[:, 7:31] - total[:, 1:25]      # of the 6 points after each point, how many held
    out = np.empty((n, BLOCK_FEATURES))
    out[:, 0] = (board * (ahead == 6)).sum(axis=1) / 15.0
    out[:, 1] = (board * (ahead >= 4)).sum(axis=1) / 15.0
    out[:, 2] = (board * ahead).sum(axis=1) / 90.0
    any_held = held.any(axis=1)
    rear = np.where(any_held, held.argmax(axis=1), 0)
    rows = np.arange(n)
    out[:, 3] = np.where(any_held, 6 - ahead[rows, rear], 6) / 6.0
    for d in range(1, 7):
        out[:, 3 + d] = (held & ~blocked[:, d:d + 24]).any(axis=1)
    out[:, 10] = (held * (6 - ahead)).sum(axis=1) / 24.0
    run = runs(blocked[:, :24])
    beyond = np.arange(24)[None, :] > rear[:, None]
    out[:, 11] = np.where(beyond, run, 0).max(axis=1) / 6.0
    return out


def features(mover: np.ndarray, other: np.ndarray, inputs: str = "board") -> np.ndarray:
    """Features (N, INPUTS[inputs]) of positions from the mover's view: counts of each side
    (N, 26). "board+blocks" adds each side's `_blocks` after the "board" ones."""
    n = max(len(mover), len(other))
    mover = np.broadcast_to(mover, (n, 26))
    other = np.broadcast_to(other, (n, 26))
    cm, co = _contact(mover, other), _contact(other, mover)
    points = np.arange(26)
    pips_m = (mover * (OFF - points)).sum(axis=1)
    pips_o = (other * (OFF - points)).sum(axis=1)
    race = (cm + co) == 0
    parts = [_side(mover, cm), _side(other, co), race[:, None], ((pips_o - pips_m) / 50.0)[:, None]]
    if inputs == "board+blocks":
        parts += [_blocks(mover, other), _blocks(other, mover)]
    return np.hstack(parts)


def flip(values: np.ndarray) -> np.ndarray:
    """Values for the mover turned into values for the other side: (win, win 2, lose 2)."""
    return np.stack([1.0 - values[..., 0], values[..., 2], values[..., 1]], axis=-1)


def equity(values: np.ndarray) -> np.ndarray:
    """Expected points (a 2-point game counts 2) from (win, win 2, lose 2)."""
    return 2.0 * values[..., 0] - 1.0 + values[..., 1] - values[..., 2]


class Net:
    """One hidden layer (tanh), three sigmoid outputs; `inputs` names the features it reads
    (INPUTS), and its file says so."""

    def __init__(self, hidden: int = 64, seed: int = 0, inputs: str = "board"):
        rng = np.random.default_rng(seed)
        size = INPUTS[inputs]
        self.inputs = inputs
        self.w1 = rng.normal(0.0, 1.0 / np.sqrt(size), (size, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, 3))
        self.b2 = np.zeros(3)
        self.games = 0

    def features(self, mover: np.ndarray, other: np.ndarray) -> np.ndarray:
        """`features` of the kind this network reads."""
        return features(mover, other, self.inputs)

    @property
    def hidden(self) -> int:
        return self.w1.shape[1]

    def evaluate(self, x: np.ndarray) -> np.ndarray:
        """(N, 3): the mover's chances (win, win 2, lose 2) for each row of features."""
        h = np.tanh(x @ self.w1 + self.b1)
        return 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))

    def gradients(self, x: np.ndarray):
        """The outputs for one row of features and, for each output, the gradient of that
        output with respect to every weight: (y (3,), [gw1 (3, I, H), gb1 (3, H), gw2 (3, H, 3),
        gb2 (3, 3)])."""
        h = np.tanh(x @ self.w1 + self.b1)
        y = 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))
        dy = y * (1.0 - y)                                 # (3,)
        dh = (1.0 - h * h)[None, :] * (self.w2.T * dy[:, None])  # (3, H)
        gw1 = x[None, :, None] * dh[:, None, :]
        gb1 = dh
        gw2 = np.zeros((3,) + self.w2.shape)
        gb2 = np.zeros((3, 3))
        for k in range(3):
            gw2[k, :, k] = h * dy[k]
            gb2[k, k] = dy[k]
        return y, [gw1, gb1, gw2, gb2]

    def params(self):
        return [self.w1, self.b1, self.w2, self.b2]

    def save(self, path) -> None:
        named = {} if self.inputs == "board" else {"inputs": np.str_(self.inputs)}
        np.savez_compressed(path, w1=self.w1.astype(np.float32), b1=self.b1.astype(np.float32),
                            w2=self.w2.astype(np.float32), b2=self.b2.astype(np.float32),
                            games=np.int64(self.games), **named)

    @classmethod
    def load(cls, path) -> "Net":
        with np.load(path) as data:
            net = cls.__new__(cls)
            net.w1 = data["w1"].astype(np.float64)
            net.b1 = data["b1"].astype(np.float64)
            net.w2 = data["w2"].astype(np.float64)
            net.b2 = data["b2"].astype(np.float64)
            net.games = int(data["games"])
            net.inputs = str(data["inputs"]) if "inputs" in data.files else "board"
        if net.inputs not in INPUTS:
            raise ValueError(f"{path}: inputs {net.inputs!r} unknown (not one of {sorted(INPUTS)})")
        if net.w1.shape[0] != INPUTS[net.inputs]:
            raise ValueError(f"{path}: weights for {net.w1.shape[0]} features, "
                             f"not {INPUTS[net.inputs]} ({net.inputs})")
        return net


def values_against(net: Net, on_turn: np.ndarray, which: np.ndarray, moved: np.ndarray) -> np.ndarray:
    """`flip(net.evaluate(features(on_turn[which], moved)))`: the chances (win, win 2, lose 2) of
    the side that has just moved (counts (N, 26)) against one of a few sides now on turn (counts
    (K, 26), row `which[i]`), each of those few read once: a two-ply search values thousands of
    replies to a handful of plays."""
    mover = on_turn[which]
    cm, co = _contact(mover, moved), _contact(moved, mover)
    w1 = net.w1
    few = _side(on_turn, np.zeros(len(on_turn))) @ w1[:SIDE_FEATURES]
    points = np.arange(26)
    race = (cm + co) == 0
    pips = ((moved - mover) * (OFF - points)).sum(axis=1) / 50.0   # the other's lead, as features
    h = (few[which] + np.outer(cm / 15.0, w1[SIDE_FEATURES - 1])
         + _side(moved, co) @ w1[SIDE_FEATURES:2 * SIDE_FEATURES]
         + np.outer(race, w1[FEATURES - 2]) + np.outer(pips, w1[FEATURES - 1]) + net.b1)
    if net.inputs == "board+blocks":
        h += np.hstack([_blocks(mover, moved), _blocks(moved, mover)]) @ w1[FEATURES:]
    h = np.tanh(h)
    return flip(1.0 / (1.0 + np.exp(-(h @ net.w2 + net.b2))))


def turn_ends(rules, own: tuple, opp: tuple, dice) -> list[tuple]:
    """The mover's checkers after each legal turn ([] when the turn passes), with one sequence
    of steps reaching each: [(own after, steps)], as the engine's `plays` gives them, in its
    order (tests/test_garanguet_player.py checks). Read from the whole turns `plays` is built
    on, without the Move and the Position `plays` makes of each end: the two-ply search asks
    for some 150 turns a decision, each with up to a thousand ends."""
    ends = rules._terminals(tuple(own), tuple(opp), rules.numbers(tuple(dice)))
    return [(end, steps) for (end, _opp, _left), steps in sorted(ends.items()) if steps]


def values_after(net: Net, opp: tuple, ends) -> np.ndarray:
    """The mover's chances (win, win 2, lose 2) after each end of a turn: `ends` are the
    mover's checkers after each candidate move, `opp` the opponent's (now on turn)."""
    mover_counts = counts(ends)
    opp_counts = counts([opp])
    x = net.features(opp_counts, mover_counts)
    return flip(net.evaluate(x))
