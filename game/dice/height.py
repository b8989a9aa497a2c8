"""The height model under the dice: felt, raised rails and bar, checkers, the table around the box.

pymunk sees the board from above; this module adds the third dimension the validity rule needs
(C-2). A height grid tells how high the surface is under any point; a die's footprint is sampled
at nine points, so a die can lie flat (all supporting samples level with its centre), lie on a
rail or the bar, fall off the box onto the table, or lean on something higher than the ground
under its centre (tilted).
"""
import math
from functools import lru_cache

import numpy as np

from game.geometry.tablier import (BAR, BAR_HEIGHT, BOARD_H, BOARD_W, CHECKER_HEIGHT, CHECKER_R,
                           RAIL_HEIGHT, RAILS)

TABLE_HEIGHT = -12.0    # the table the box stands on, below the felt: where dice off the board land
CELL = 2.0              # grid resolution in board units
LEVEL = 0.5             # heights closer than this count as level
#: The edge of a die in board units, the one size the physics, the validity of a throw (C-2) and
#: the picture share. 34 is 19 mm dice beside checkers of about 37 mm: big, club-sized dice, so
#: they read as the centre of the game (issue 13: 26, tournament-small, looked lost on screen).
DIE_SIZE = 34.0
HALF = 0.45 * DIE_SIZE  # footprint samples sit just inside the die's edges (contacts overlap a little)
SAMPLES = tuple((i * HALF, j * HALF) for j in (-1, 0, 1) for i in (-1, 0, 1))   # index 4: centre

FELT, RAIL_TOP, CHECKER, TABLE, DIE = "felt", "rail", "checker", "table", "die"
_KINDS = (FELT, RAIL_TOP, CHECKER)


class Ground:
    """Surface heights of one board set-up (the checkers where they stand), on a grid of CELL units."""

    def __init__(self, checkers=()):
        self.checkers = tuple((float(x), float(y)) for x, y in checkers)
        base_height, base_kind, base_flat = _frame()
        height, kind, flat = base_height.copy(), base_kind.copy(), base_flat.copy()
        ny, nx = height.shape
        reach = HALF * math.sqrt(2) + CELL          # how far from its centre a die's samples reach
        reach_r = CHECKER_R + reach
        discs = []
        for cx, cy in self.checkers:
            x0, x1 = max(0, math.ceil((cx - reach_r) / CELL)), min(nx, math.floor((cx + reach_r) / CELL) + 1)
            y0, y1 = max(0, math.ceil((cy - reach_r) / CELL)), min(ny, math.floor((cy + reach_r) / CELL) + 1)
            if x0 >= x1 or y0 >= y1 or not (0 <= cx <= BOARD_W and 0 <= cy <= BOARD_H):
                discs.append((None, None))      # waiting outside the box: not under any die on the board
                continue
            dist = np.hypot(np.arange(x0, x1) * CELL - cx, np.arange(y0, y1)[:, None] * CELL - cy)
            disc = dist <= CHECKER_R
            discs.append(((slice(y0, y1), slice(x0, x1)), disc))
            height[y0:y1, x0:x1][disc] += CHECKER_HEIGHT
            kind[y0:y1, x0:x1][disc] = 2
            flat[y0:y1, x0:x1][np.abs(dist - CHECKER_R) <= reach] = False
        self.max_height = float(height.max())
        # Each checker on the board with its top as pymunk's circles see it (a stack shows its highest).
        self.checker_tops = tuple((cx, cy, float(height[box][disc].max()))
                                   for (cx, cy), (box, disc) in zip(self.checkers, discs) if box)
        self._nx, self._ny = nx, ny
        self._height = memoryview(np.ascontiguousarray(height).ravel())
        self._kind = kind.tobytes()
        self._flat = flat.tobytes()

    def _cell(self, x: float, y: float) -> int:
        """Index of the grid cell under (x, y), or -1 off the box (on the table)."""
        ix, iy = int(x / CELL + 0.5), int(y / CELL + 0.5)
        if x < 0 or y < 0 or ix >= self._nx or iy >= self._ny:
            return -1
        return iy * self._nx + ix

    def height(self, x: float, y: float) -> float:
        i = self._cell(x, y)
        return TABLE_HEIGHT if i < 0 else self._height[i]

    def kind(self, x: float, y: float) -> str:
        i = self._cell(x, y)
        return TABLE if i < 0 else _KINDS[self._kind[i]]

    def is_flat(self, x: float, y: float) -> bool:
        """True when every footprint sample of a die centred here has the same height."""
        return self.level(x, y) is not None

    def level(self, x: float, y: float):
        """The height under a die centred here if its whole footprint is level there, else None.

        The fast path of the simulation: one grid look-up instead of nine samples.
        """
        ix, iy = int(x / CELL + 0.5), int(y / CELL + 0.5)
        if x < 0 or y < 0 or ix >= self._nx or iy >= self._ny:
            return None
        i = iy * self._nx + ix
        return self._height[i] if self._flat[i] else None

    def footprint(self, x, y, angle, z=math.inf, dice=()):
        """Heights under the nine footprint samples of a die at (x, y, angle) whose bottom is at z.

        Only surfaces at or below the die count (a rail the die stands beside is not under it).
        `dice`: the other dice as (x, y, angle, top height); a lower die under a sample counts.
        Returns (heights, kinds, offsets) with offsets in board axes from the centre.
        """
        c, s = math.cos(angle), math.sin(angle)
        limit = z + LEVEL
        heights, kinds, offsets = [], [], []
        for u, v in SAMPLES:
            dx, dy = u * c - v * s, u * s + v * c
            px, py = x + dx, y + dy
            i = self._cell(px, py)
            h, k = (TABLE_HEIGHT, TABLE) if i < 0 else (self._height[i], _KINDS[self._kind[i]])
            if h > limit:       # a block the die stands beside (contacts overlap a little): not under it
                h, k = -math.inf, None
            for ox, oy, oangle, otop in dice:
                if h < otop <= limit and _inside_die(px - ox, py - oy, oangle):
                    h, k = otop, DIE
            heights.append(h)
            kinds.append(k)
            offsets.append((dx, dy))
        return heights, kinds, offsets


def _inside_die(dx, dy, angle) -> bool:
    c, s = math.cos(angle), math.sin(angle)
    return abs(dx * c + dy * s) <= DIE_SIZE / 2 and abs(-dx * s + dy * c) <= DIE_SIZE / 2


@lru_cache(maxsize=1)
def _frame():
    """Heights, kinds and level cells of the empty box: felt, rails and bar (built once)."""
    nx, ny = int(BOARD_W / CELL) + 1, int(BOARD_H / CELL) + 1
    height = np.zeros((ny, nx))
    kind = np.zeros((ny, nx), dtype=np.int8)
    for rect, top in [(r, RAIL_HEIGHT) for r in RAILS] + [(BAR, BAR_HEIGHT)]:
        cols = slice(math.ceil(rect.x / CELL), math.floor((rect.x + rect.w) / CELL) + 1)
        rows = slice(math.ceil(rect.y / CELL), math.floor((rect.y + rect.h) / CELL) + 1)
        height[rows, cols] = top
        kind[rows, cols] = 1
    return height, kind, _level_cells(height)


def _level_cells(height: np.ndarray) -> np.ndarray:
    """Cells whose whole neighbourhood (the reach of the footprint samples) is level.

    A cell next to a different height marks an edge; a window holding no edge is level (cells on
    a window's border may be marked for a neighbour outside it: that only errs towards the slow path).
    The box's outer edge counts as an edge too (the table lies beyond it).
    """
    r = int(math.ceil(HALF * math.sqrt(2) / CELL)) + 1
    edge = np.zeros(height.shape, dtype=np.int32)
    dx = height[:, 1:] != height[:, :-1]
    dy = height[1:, :] != height[:-1, :]
    edge[:, 1:] |= dx
    edge[:, :-1] |= dx
    edge[1:, :] |= dy
    edge[:-1, :] |= dy
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = 1
    k = 2 * r + 1
    s = np.pad(np.pad(edge, r, mode="edge").cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    return (s[k:, k:] - s[:-k, k:] - s[k:, :-k] + s[:-k, :-k]) == 0


@lru_cache(maxsize=8)
def ground_for(checkers: tuple) -> Ground:
    """The Ground of a set-up, kept for the rethrows of the same turn."""
    return Ground(checkers)


def rest_cause(ground: Ground, x, y, angle, z=math.inf, dice=()):
    """Why a die resting at (x, y, angle) makes the throw invalid (C-2), or None if it lies flat.

    "off the board": its centre is off the box, on the table. "on the rail": its centre is on a
    rail or the bar (it stands on top of it). "tilted": something under its footprint is higher
    than what is under its centre (it leans on a checker, a die or a rail), or it stands on
    another die. Flat on top of checkers is valid.
    """
    if not (0 <= x <= BOARD_W and 0 <= y <= BOARD_H):
        return "off the board"
    if any(rect.contains(x, y) for rect in RAILS + (BAR,)):
        return "on the rail"
    heights, kinds, _ = ground.footprint(x, y, angle, z, dice)
    if max(heights) > heights[4] + LEVEL or DIE in kinds:
        return "tilted"         # a die on a die never lies flat: its rounded edges tip it over
    return None
