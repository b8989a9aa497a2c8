"""A die's faces and its orientation in 3D: quaternions, the 24 turns of a cube, and relabelling.

The simulation decides which body face of the cube ends on top; the caller's seeded generator
decides which value the throw shows (C-3). `relabel` paints the cube so that the wanted value is
on the face that ends on top, using one of the 24 proper rotations of a standard die, so the
painted cube is always a real die (opposite faces sum to seven, 1-2-3 counter-clockwise).
Body faces are numbered by outward normal in AXES order: +x, -x, +y, -y, +z, -z.
"""
import math

# Body faces of the cube, by outward normal: +x, -x, +y, -y, +z, -z.
AXES = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
OPPOSITE = (1, 0, 3, 2, 5, 4)
# A standard (Western) die on the body faces: 1 up, 2 and 3 beside it, counter-clockwise as seen
# on screen. Board y points down the screen while z points up at the eye, so the world frame is
# mirrored on screen: 3 sits on -y for the corner 1-2-3 to turn counter-clockwise there.
STANDARD = (2, 5, 4, 3, 1, 6)

Quat = tuple[float, float, float, float]   # (w, x, y, z), unit length
IDENTITY: Quat = (1.0, 0.0, 0.0, 0.0)


def throw_faces(rng, count: int) -> tuple[int, ...]:
    """The values of a throw of `count` dice, each uniform on 1..6 from the caller's generator."""
    return tuple(rng.randint(1, 6) for _ in range(count))


def q_mul(a: Quat, b: Quat) -> Quat:
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def q_axis_angle(ax: float, ay: float, az: float, angle: float) -> Quat:
    """The turn by `angle` radians about the unit axis (ax, ay, az)."""
    s = math.sin(angle / 2)
    return (math.cos(angle / 2), ax * s, ay * s, az * s)


def q_normalize(q: Quat) -> Quat:
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q)


def q_nlerp(a: Quat, b: Quat, f: float) -> Quat:
    """Blend two orientations along the shorter way (good enough between close samples)."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    if aw * bw + ax * bx + ay * by + az * bz < 0:
        bw, bx, by, bz = -bw, -bx, -by, -bz
    w, x, y, z = aw + (bw - aw) * f, ax + (bx - ax) * f, ay + (by - ay) * f, az + (bz - az) * f
    n = math.sqrt(w * w + x * x + y * y + z * z)
    return (w / n, x / n, y / n, z / n)


def q_matrix(q: Quat) -> tuple[float, ...]:
    """Row-major 3x3 matrix taking body vectors to world vectors (column k: where body axis k points)."""
    w, x, y, z = q
    return (1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))


def _matrix_quat(m) -> Quat:
    """Quaternion of a rotation matrix (Shepperd's method: divide by the largest term)."""
    m00, m01, m02, m10, m11, m12, m20, m21, m22 = m
    trace = m00 + m11 + m22
    if trace > 0:
        s = math.sqrt(trace + 1) * 2
        q = (s / 4, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s)
    elif m00 > m11 and m00 > m22:
        s = math.sqrt(1 + m00 - m11 - m22) * 2
        q = ((m21 - m12) / s, s / 4, (m01 + m10) / s, (m02 + m20) / s)
    elif m11 > m22:
        s = math.sqrt(1 + m11 - m00 - m22) * 2
        q = ((m02 - m20) / s, (m01 + m10) / s, s / 4, (m12 + m21) / s)
    else:
        s = math.sqrt(1 + m22 - m00 - m11) * 2
        q = ((m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, s / 4)
    return q_normalize(q)


def _cube_turns() -> tuple[tuple[int, ...], ...]:
    """The 24 proper rotations of a cube as signed permutation matrices (determinant +1)."""
    turns = []
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for signs in ((sx, sy, sz) for sx in (1, -1) for sy in (1, -1) for sz in (1, -1)):
            m = [0] * 9
            for row in range(3):
                m[row * 3 + perm[row]] = signs[row]
            det = (m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
                   + m[2] * (m[3] * m[7] - m[4] * m[6]))
            if det == 1:
                turns.append(tuple(m))
    return tuple(turns)


CUBE_TURNS = _cube_turns()
CUBE_QUATS = tuple(_matrix_quat(m) for m in CUBE_TURNS)


def _axis_index(v) -> int:
    return AXES.index(tuple(int(round(c)) for c in v))


def _turned_labelling(m) -> tuple[int, ...]:
    """The standard die's paint moved by the cube turn m: the value on body face i goes to face m(i)."""
    labels = [0] * 6
    for i, (ax, ay, az) in enumerate(AXES):
        moved = (m[0] * ax + m[1] * ay + m[2] * az, m[3] * ax + m[4] * ay + m[5] * az,
                 m[6] * ax + m[7] * ay + m[8] * az)
        labels[_axis_index(moved)] = STANDARD[i]
    return tuple(labels)


# Every way to paint a standard die on the cube (24, in a fixed order).
LABELLINGS = tuple(sorted({_turned_labelling(m) for m in CUBE_TURNS}))


def top_axis(q: Quat) -> int:
    """The body face (index into AXES) pointing most nearly up for orientation q."""
    m = q_matrix(q)
    ups = (m[6], -m[6], m[7], -m[7], m[8], -m[8])
    return max(range(6), key=ups.__getitem__)


def relabel(top: int, value: int) -> tuple[int, ...]:
    """A standard die's paint that shows `value` on body face `top` (the first such, in a fixed order)."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die has no face {value}")
    return next(labels for labels in LABELLINGS if labels[top] == value)


def nearest_cube_turn(q: Quat) -> Quat:
    """The face-flat orientation nearest to q: where a tumbling die settles."""
    return max(CUBE_QUATS, key=lambda c: abs(sum(x * y for x, y in zip(q, c))))
