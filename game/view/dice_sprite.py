"""Dice drawn as small bone-white cubes with black pips (a red ace), from `game.dice.DieState`s.

The camera looks down on the tablier, tilted a little towards the player, so a die shows its top
and a sliver of the side facing the bottom of the screen; height lifts the die on screen and
casts a shadow down and to the right that grows larger and softer the higher the die is. Each die
is drawn three times larger on its own layer and smooth-scaled down, so edges and pips are clean.
"""
import functools
import math

import numpy as np
import pygame

from game.dice import DIE_SIZE
from game.dice.footprints import LIFT, drawing_order
VIEW = (0.0, LIFT, 1.0)         # a face is seen when its normal points this way
LIGHT = (-0.35, -0.45, 0.82)    # light from the top left, as on the board art
SHADOW_SLANT = 0.55             # the shadow slides this much per unit of height
SUPER = 3                       # a small die is drawn this many times larger, then smooth-scaled down

BONE = (238, 229, 206)
BONE_EDGE = (160, 146, 118)
PIP = (24, 20, 18)
ACE = (178, 24, 28)

# Pip centres on a face, in face coordinates (-1..1).
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
# Body faces in the order of DieState.faces, with two in-face axes each (right-handed with the normal).
FACES = (
    ((1, 0, 0), (0, 1, 0), (0, 0, 1)), ((-1, 0, 0), (0, 0, 1), (0, 1, 0)),
    ((0, 1, 0), (0, 0, 1), (1, 0, 0)), ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
    ((0, 0, 1), (1, 0, 0), (0, 1, 0)), ((0, 0, -1), (0, 1, 0), (1, 0, 0)),
)


def _turn(m, v):
    return (m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
            m[6] * v[0] + m[7] * v[1] + m[8] * v[2])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _norm(v):
    n = math.sqrt(_dot(v, v))
    return (v[0] / n, v[1] / n, v[2] / n)


_LIGHT = _norm(LIGHT)


def draw_dice(surface: pygame.Surface, states, to_screen, scale: float) -> None:
    """Draw dice, the farthest from the eye first: a die in the air passes over one at rest, and
    a die nearer the player hides the side of the one behind it, never its number.

    to_screen(x, y) -> pixel position of a board point; scale: pixels per board unit.
    """
    ordered = drawing_order(states)
    for state in ordered:
        _draw_shadow(surface, state, to_screen, scale)
    for state in ordered:
        _draw_cube(surface, state, to_screen, scale)


def _draw_shadow(surface, state, to_screen, scale):
    z = max(0.0, state.z - state.floor)     # height above what is under it
    layer = _shadow(state.angle, z, scale)
    px, py = to_screen(state.x + z * SHADOW_SLANT, state.y + z * SHADOW_SLANT)
    surface.blit(layer, (round(px - layer.get_width() / 2), round(py - layer.get_height() / 2)))


@functools.lru_cache(maxsize=32)
def _shadow(angle, z, scale):
    """A soft dark square under the die; larger, fainter and blurrier the higher it is.
    Cached: a resting die asks for the same shadow every frame."""
    blur = 1.0 + z * 0.12
    half = DIE_SIZE * 0.5 * (1.0 + z * 0.006) * scale
    pad = int(blur * scale * 2 + 4)
    size = int(2 * half * 1.5) + 2 * pad
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c, s = math.cos(angle), math.sin(angle)
    corners = [(size / 2 + (u * c - v * s) * half, size / 2 + (u * s + v * c) * half)
               for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    pygame.draw.polygon(layer, (20, 12, 4, int(120 / (1.0 + z / 40.0))), corners)
    return pygame.transform.box_blur(layer, max(1, int(blur * scale)))


def _draw_cube(surface, state, to_screen, scale):
    near = 1.0 + max(0.0, state.z) / 500.0          # a touch larger nearer the eye
    layer = _cube(state.orientation, state.faces, DIE_SIZE * scale * near)
    lift = (max(0.0, state.z) + DIE_SIZE / 2) * LIFT
    px, py = to_screen(state.x, state.y - lift)
    surface.blit(layer, (round(px - layer.get_width() / 2), round(py - layer.get_height() / 2)))


@functools.lru_cache(maxsize=32)
def _cube(m, values, edge_px):
    """The die's picture for one orientation (cached: a resting die is the same every frame)."""
    zoom = SUPER if edge_px < 48 else 2             # a big die needs less smoothing
    unit = edge_px * zoom
    size = int(unit * 2.0) + 4
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = size / 2
    faces = []
    for index, (normal, a, b) in enumerate(FACES):
        n = _turn(m, normal)
        facing = _dot(n, VIEW)
        if facing > 1e-3:
            faces.append((facing, index, normal, a, b, n))
    faces.sort()
    points = _project(m, centre, unit, *_faces_points(tuple((values[f[1]], f[1]) for f in faces)))
    at = 0
    for _, index, _, _, _, n in faces:
        count = 8 + 12 * len(PIPS[values[index]])
        _draw_face(layer, points[at:at + count], values[index], n, unit)
        at += count
    small = max(1, round(size / zoom))
    return pygame.transform.smoothscale(layer, (small, small))


# A rounded-looking face: the square with its corners cut.
_OUTLINE_U = np.array((-0.42, 0.42, 0.5, 0.5, 0.42, -0.42, -0.5, -0.5))
_OUTLINE_V = np.array((-0.5, -0.5, -0.42, 0.42, 0.5, 0.5, 0.42, -0.42))
_ROUND = [i * math.pi / 6 for i in range(12)]                  # a pip: a dodecagon
_COS, _SIN = np.array([math.cos(t) for t in _ROUND]), np.array([math.sin(t) for t in _ROUND])
_SPREAD = 0.25


@functools.lru_cache(maxsize=256)
def _faces_points(faces):
    """The points of these faces ((value, index in FACES), in drawing order) as the columns
    u, v, out and the faces' three axes, one row a point: each face's outline (8 points, just
    out of the body) then each pip's (12, a hair further out)."""
    shapes = [_face_points(value, *FACES[index]) for value, index in faces]
    columns = tuple(np.concatenate(column) for column in zip(*shapes))
    for column in columns:
        column.flags.writeable = False      # shared by every die turned this way
    return columns


def _face_points(value, normal, a, b):
    radius = 0.085 if value != 1 else 0.13
    pips = PIPS[value]
    us = np.concatenate([_OUTLINE_U] + [pu * _SPREAD + radius * _COS for pu, _ in pips])
    vs = np.concatenate([_OUTLINE_V] + [pv * _SPREAD + radius * _SIN for _, pv in pips])
    outs = np.full(len(us), 0.501)
    outs[:8] = 0.5
    k = len(us)
    return (us, vs, outs, *(np.full((k, 3), axis, dtype=float) for axis in (normal, a, b)))


def _project(m, centre, unit, u, v, out, normal, a, b):
    """The layer's pixels of the points normal * out + a * u + b * v of the die turned by `m`,
    seen from above and tilted (LIFT): in numpy, the very sums, in the same order, that one
    point at a time made (a rolling die is a few hundred points a frame)."""
    m0, m1, m2, m3, m4, m5, m6, m7, m8 = m
    x0 = normal[:, 0] * out + a[:, 0] * u + b[:, 0] * v
    x1 = normal[:, 1] * out + a[:, 1] * u + b[:, 1] * v
    x2 = normal[:, 2] * out + a[:, 2] * u + b[:, 2] * v
    x = m0 * x0 + m1 * x1 + m2 * x2
    y = m3 * x0 + m4 * x1 + m5 * x2
    z = m6 * x0 + m7 * x1 + m8 * x2
    return np.stack((centre + x * unit, centre + (y - z * LIFT) * unit), axis=1).tolist()


def _draw_face(layer, points, value, n, unit):
    light = 0.72 + 0.28 * max(0.0, _dot(n, _LIGHT))
    colour = tuple(min(255, int(ch * light)) for ch in BONE)
    ink = ACE if value == 1 else PIP
    outline = points[:8]
    pygame.draw.polygon(layer, colour, outline)
    pygame.draw.polygon(layer, BONE_EDGE, outline, max(1, int(unit * 0.03)))
    for i in range(len(PIPS[value])):
        pygame.draw.polygon(layer, ink, points[8 + 12 * i:20 + 12 * i])
