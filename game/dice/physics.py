"""Thrown dice: pymunk for the motion across the board, a small height model for the third dimension.

A throw is simulated whole, at a fixed step, the moment it is thrown; the screen then plays the
stored trajectory back by time, so what a throw shows never depends on the frame rate (C-3) and
its validity (C-2) is known before the first frame. Each attempt gets a fresh `pymunk.Space`.

The faces never come from the simulation: the caller's seeded generator chose them, and the die
of an accepted attempt is painted (`faces.relabel`) so that the chosen value is the face the
simulation left on top. An accepted throw is therefore uniform whatever the physics does.
"""
import functools
import math
import threading
from dataclasses import dataclass
from typing import NamedTuple

import pymunk
from pymunk._chipmunk import lib as _chipmunk     # its C calls (requirements pin pymunk 7.3.1)

from game.dice.faces import (IDENTITY, STANDARD, nearest_cube_turn, q_axis_angle, q_matrix, q_mul,
                             q_nlerp, q_normalize, relabel, top_axis)
from game.dice.footprints import crowded
from game.dice.height import (CHECKER, DIE, DIE_SIZE, FELT, LEVEL, RAIL_TOP, TABLE, Ground, ground_for,
                              rest_cause)
from game.geometry.tablier import (BAR, BAR_HEIGHT, BAR_LEFT, BAR_RIGHT, BOARD_H, BOARD_W, CHECKER_R,
                           FIELD_BOTTOM, FIELD_LEFT, FIELD_RIGHT, FIELD_TOP, RAIL_HEIGHT, RAILS)
from game.rules import Side

# At 1/240 s a die at this planar speed moves 10 units a step: under half its own edge and a
# third of a rail's width, so a contact is always seen before the die can pass through a rail.
MAX_SPEED = 2400.0
# A fling throws no harder than the hardest ordinary throw: a dragged mouse easily reaches twice
# this, and dice that fast would fly off the board nearly every time.
FLING_SPEED = 1000.0
FLING_MIN = 300.0          # a lazier drag still sends the dice across the field
MAX_ATTEMPTS = 40          # after this many invalid attempts the dice are set down by hand
OFF_BOARD_WATCH = 0.6   # seconds a die is watched on the table off the box before the rethrow
CAUSES = ("off the board", "on the rail", "tilted")   # C-2, the first that applies names the throw

_DIE, _RAIL, _CHECKER = 1, 2, 3
_SETTLE_SPEED = 140.0      # below this a rolling die stops tumbling and rocks onto a face
_STILL_SPEED, _STILL_SPIN, _STILL_TIME = 6.0, 0.4, 0.08
_HOP_MIN = 45.0            # a bounce slower than this (upwards) ends the hopping
_NEAR = 1.5 * DIE_SIZE     # dice closer than this (centres) may stand or lean on each other
_NEAR2 = _NEAR ** 2
_SPIN_SPEED = 300.0        # more than a die's spin can give it as speed when it knocks a rail
_IMPACT_SCALE = 1500.0     # a change of speed of this much is a full-strength knock
_KNOCK_MIN = 80.0          # softer touches make no sound worth playing
_SOUND = {FELT: "wood", TABLE: "wood", RAIL_TOP: "rail", CHECKER: "checker", DIE: "dice"}


@dataclass(frozen=True)
class Physics:
    """Settings of the simulation; none of them changes the faces an accepted throw shows."""
    strength: float = 1.0        # scales the speed of a thrown (not flung) throw
    step: float = 1 / 240        # fixed physics step, seconds (MAX_SPEED assumes this or finer)
    sample_every: int = 4        # keep one pose every this many steps for playback
    gravity: float = 9000.0      # board units/s²; lighter than life so hops read on screen
    restitution: float = 0.3     # share of the falling speed a landing gives back
    hop: float = 0.85            # up to this share of the planar speed a tumbling edge turns into a hop
    landing_grip: float = 0.25   # up to this share of the planar speed is lost at a landing
    roll_decel: float = 900.0    # slowing of a die rolling on the felt, units/s²
    spin_decel: float = 14.0     # slowing of its spin about the vertical, rad/s²
    wall_bounce: float = 0.45    # elasticity against rails, bar, checkers and dice
    max_time: float = 6.0        # a throw still moving then is stopped where it is


DEFAULT = Physics()


@dataclass(frozen=True)
class Impact:
    """A knock the game can play as a sound: seconds into the attempt, strength 0..1, what was hit."""
    t: float
    strength: float
    kind: str        # "wood" | "dice" | "checker" | "rail"


@dataclass(frozen=True)
class DieState:
    """One die at one moment, as the drawer needs it (board units; z is the bottom's height)."""
    x: float
    y: float
    z: float
    angle: float                    # turn about the vertical, radians (the footprint on the board)
    orientation: tuple[float, ...]  # row-major 3x3, body to world: yaw, tumble and any lean
    faces: tuple[int, ...]          # values painted on the body faces +x, -x, +y, -y, +z, -z
    top: int                        # the value facing up now
    resting: bool
    floor: float = 0.0              # height of the surface under it (where its shadow falls)


@dataclass(frozen=True)
class Launch:
    """How one die leaves the hand."""
    x: float
    y: float
    z: float
    vx: float
    vy: float
    vz: float
    angle: float
    spin: float
    tumble: tuple[float, float, float, float]   # initial orientation (quaternion)
    wx: float                                   # tumbling rate about the world x and y axes, rad/s
    wy: float


@dataclass(frozen=True)
class _Track:
    """One die's stored trajectory: a pose every `sample_dt`, then its final pose."""
    xs: tuple
    ys: tuple
    zs: tuple
    floors: tuple
    angles: tuple
    tumbles: tuple
    rest_t: float
    final: DieState


@dataclass(frozen=True)
class Attempt:
    """One simulated throw of all the dice. Only the last attempt of a `toss` is valid."""
    valid: bool
    cause: str | None        # None, or one of CAUSES
    culprit: int | None      # index of the die that made the throw invalid
    duration: float          # simulated seconds until every die rests
    values: tuple[int, ...]  # the faces up at the end (for an invalid attempt, they do not count)
    impacts: tuple[Impact, ...]
    sample_dt: float
    tracks: tuple[_Track, ...]

    def states(self, t: float) -> list[DieState]:
        """Every die at time t (seconds from the throw), blended between stored poses."""
        if t >= self.duration:
            return [track.final for track in self.tracks]
        return [_pose(track, t, self.sample_dt) for track in self.tracks]


def _pose(track: _Track, t: float, dt: float) -> DieState:
    k = max(0.0, t / dt)
    i = min(int(k), len(track.xs) - 2)
    f = min(1.0, k - i)

    def lerp(seq):
        return seq[i] + (seq[i + 1] - seq[i]) * f

    angle = lerp(track.angles)
    world = q_mul(_yaw(angle), q_nlerp(track.tumbles[i], track.tumbles[i + 1], f))
    faces = track.final.faces
    return DieState(lerp(track.xs), lerp(track.ys), lerp(track.zs), angle, q_matrix(world), faces,
                    faces[top_axis(world)], t >= track.rest_t, lerp(track.floors))


def _yaw(angle):
    return q_axis_angle(0.0, 0.0, 1.0, angle)


class _Die:
    """A die during the simulation: a pymunk body for the plane, its own height and tumbling.

    Python work per physics step is kept to the height model (falling, landing, sliding off an
    edge); felt friction is pymunk's (a pivot and a gear joint with no bias, the classic top-down
    friction), and rolling, settling and the stored pose are handled once per stored pose.
    """

    def __init__(self, sim, launch: Launch):
        self.sim = sim
        p = sim.physics
        moment = pymunk.moment_for_box(1.0, (DIE_SIZE, DIE_SIZE))
        self.body = body = pymunk.Body(1.0, moment)
        self.handle = body._body        # read by pymunk's C calls: no Vec2d made at each look
        body.position = self.x, self.y = launch.x, launch.y
        self.speed = math.hypot(launch.vx, launch.vy)
        body.velocity = launch.vx, launch.vy
        body.angle = launch.angle
        body.angular_velocity = launch.spin
        self.shape = pymunk.Poly.create_box(body, (DIE_SIZE, DIE_SIZE), radius=0.5)
        self.shape.elasticity = p.wall_bounce
        self.shape.friction = 0.3
        self.shape.collision_type = _DIE
        self.shape.die = self
        self.drag = pymunk.PivotJoint(sim.space.static_body, body, (0, 0), (0, 0))
        self.twist = pymunk.GearJoint(sim.space.static_body, body, 0.0, 1.0)
        for joint in (self.drag, self.twist):
            joint.max_bias = 0.0
            joint.max_force = 0.0
        self.grip = (p.roll_decel, p.spin_decel * moment)
        self.dt, self.fall = p.step, p.gravity * p.step
        sim.space.add(body, self.shape, self.drag, self.twist)
        self.z, self.vz, self.airborne = launch.z, launch.vz, True
        self.tumble, self.wx, self.wy = launch.tumble, launch.wx, launch.wy
        self.settle_to = None       # the face-flat orientation it is rocking onto
        self.off_since = math.inf   # when it came down on the table off the box
        self.still = 0.0
        self.rest_t = math.inf
        self.resting = False
        self.probed, self.support = (math.inf, math.inf, None, None), None
        self.on_level = False       # on level ground with no edge within reach: need not look every step
        self.xs, self.ys, self.zs, self.floors, self.angles, self.tumbles = [], [], [], [], [], []

    def floor(self, z):
        """Height and kind of the highest support under the die, counting only what is below z."""
        x, y = self.x, self.y
        ground = self.sim.ground
        near = self.sim.crowded and [
            (o.x, o.y, o.body.angle, o.z + DIE_SIZE) for o in self.sim.dice
            if o is not self and o.z + DIE_SIZE <= z + LEVEL and (o.x - x) ** 2 + (o.y - y) ** 2 < _NEAR2]
        if not near:
            h = ground.level(x, y)
            if h is not None and h <= z + LEVEL:
                self.on_level = True
                return h, None      # the kind is looked up only when it is needed (a landing)
        self.on_level = False
        key = (x, y, z, near)
        if abs(x - self.probed[0]) + abs(y - self.probed[1]) > 0.5 or key[2:] != self.probed[2:]:
            heights, kinds, _ = ground.footprint(x, y, self.body.angle, z, near or ())
            best = max(range(9), key=heights.__getitem__)
            self.probed, self.support = key, (heights[best], kinds[best])
        return self.support     # a die pressed against a rail barely moves: look again only when it does

    def step(self, t: float):
        """One fixed step of the height model: fall and land, or slide off an edge."""
        if self.airborne:
            was = self.z
            self.vz -= self.fall
            self.z += self.vz * self.dt
            if self.z <= self.sim.ceiling:
                floor, kind = self.floor(was)
                if self.z <= floor:
                    self.land(floor, kind, t)
        else:
            floor, _ = self.floor(self.z)
            if floor < self.z - LEVEL:
                self.take_off(0.0)          # slid off an edge
            else:
                self.z = floor

    def take_off(self, vz):
        self.airborne, self.vz = True, vz
        self.drag.max_force = self.twist.max_force = 0.0

    def land(self, floor, kind, t):
        """Touch down: knock, bounce or hop on an edge, lose some speed, tumble anew."""
        p, rng, body = self.sim.physics, self.sim.rng, self.body
        vx, vy = body.velocity
        falling = -self.vz
        self.sim.knock(t, falling, _SOUND[kind or self.sim.ground.kind(self.x, self.y)])
        speed = math.hypot(vx, vy)
        self.z = floor
        up = p.restitution * falling + p.hop * speed * rng.random()
        keep = 1.0 - p.landing_grip * rng.random()
        body.velocity = vx * keep, vy * keep
        body.angular_velocity += rng.uniform(-1.0, 1.0) * speed / DIE_SIZE * 0.3
        axis = math.atan2(vy, vx) + math.pi / 2 + rng.gauss(0.0, 0.4)
        rate = speed / (DIE_SIZE / 2) * rng.uniform(0.5, 1.1)
        self.wx, self.wy = rate * math.cos(axis), rate * math.sin(axis)
        self.settle_to = None
        if up >= _HOP_MIN:
            self.vz = up
        else:
            self.airborne, self.vz = False, 0.0
            self.drag.max_force, self.twist.max_force = self.grip

    def pose(self, t: float, dt: float):
        """Once per stored pose: rolling, settling and coming to rest, tumbling, then record."""
        at, velocity = _POSITION(self.handle), _VELOCITY(self.handle)
        self.x, self.y = at.x, at.y
        vx, vy = velocity.x, velocity.y
        self.speed = speed = math.hypot(vx, vy)
        if not self.airborne:
            if self.resting and speed > _STILL_SPEED:
                self.rest_t, self.still, self.resting = math.inf, 0.0, False      # knocked by another die
            if not self.resting:
                self.roll(t, dt, vx, vy, speed)
        self.turn(dt)
        self.xs.append(self.x)
        self.ys.append(self.y)
        self.zs.append(self.z)
        self.floors.append(min(self.z, self.sim.ground.height(self.x, self.y)) if self.airborne else self.z)
        self.angles.append(_ANGLE(self.handle))
        self.tumbles.append(self.tumble)

    def roll(self, t, dt, vx, vy, speed):
        """A die on the ground rolls over its edges while fast, then rocks onto a face and rests."""
        if speed > _SETTLE_SPEED:
            rate = speed / (DIE_SIZE / 2)
            self.wx, self.wy, self.settle_to = -vy / speed * rate, vx / speed * rate, None
        elif self.settle_to is None:
            self.wx = self.wy = 0.0
            self.settle_to = nearest_cube_turn(self.tumble)
        if speed < _STILL_SPEED and abs(self.body.angular_velocity) < _STILL_SPIN:
            self.still += dt
            if self.still >= _STILL_TIME:
                self.rest_t, self.resting = t, True
                self.body.velocity, self.body.angular_velocity = (0.0, 0.0), 0.0
        else:
            self.still = 0.0

    def turn(self, dt: float):
        """Advance the tumbling (it decides the face up, never the value shown) by dt."""
        if self.settle_to is not None:
            if self.tumble is not self.settle_to:
                self.tumble = self.settle_to if self.resting else q_nlerp(self.tumble, self.settle_to, 0.4)
            return
        rate = math.hypot(self.wx, self.wy)
        if rate > 0:
            # The tumble lives in the die's yawed frame: turn the world axis back by the yaw.
            angle = _ANGLE(self.handle)
            c, s = math.cos(angle), math.sin(angle)
            ax, ay = (c * self.wx + s * self.wy) / rate, (-s * self.wx + c * self.wy) / rate
            self.tumble = q_mul(q_axis_angle(ax, ay, 0.0, rate * dt), self.tumble)


class _Simulation:
    """One attempt: a fresh space with the box, the checkers and the dice."""

    def __init__(self, launches, rng, ground: Ground, physics: Physics):
        self.rng, self.ground, self.physics = rng, ground, physics
        self.space = space = pymunk.Space()
        self.impacts = []
        self.t = 0.0
        for rect, top in [(r, RAIL_HEIGHT) for r in RAILS] + [(BAR, BAR_HEIGHT)]:
            self._block(pymunk.Poly(space.static_body, [(rect.x, rect.y), (rect.x + rect.w, rect.y),
                                                        (rect.x + rect.w, rect.y + rect.h),
                                                        (rect.x, rect.y + rect.h)]), top, _RAIL)
        for cx, cy, top in ground.checker_tops:
            self._block(pymunk.Circle(space.static_body, CHECKER_R, (cx, cy)), top, _CHECKER)
        space.on_collision(_DIE, _RAIL, pre_solve=_beside_block, post_solve=self._contact, data="rail")
        space.on_collision(_DIE, _CHECKER, pre_solve=_beside_block, post_solve=self._contact, data="checker")
        space.on_collision(_DIE, _DIE, pre_solve=_level_dice, post_solve=self._contact, data="dice")
        self.dice = [_Die(self, launch) for launch in launches]

    def close(self) -> None:
        """Take every shape and body out of the space once the attempt is read. pymunk frees
        each piece when the garbage collector reaches it, in any order and in whatever thread
        is running then (the computer's, say): a shape freed after its space would be taken
        out of freed memory, and that hung the computer's thread."""
        self.space.remove(*self.space.shapes)
        self.space.remove(*self.space.bodies)

    def _block(self, shape, top, kind):
        shape.top = top
        shape.elasticity = self.physics.wall_bounce
        shape.friction = 0.3
        shape.collision_type = kind
        self.space.add(shape)

    def _contact(self, arbiter, space, kind):
        if arbiter.is_first_contact:
            self.knock(self.t, arbiter.total_impulse.length, kind)

    def knock(self, t, speed, kind):
        if speed > _KNOCK_MIN:
            self.impacts.append(Impact(round(t, 4), min(1.0, speed / _IMPACT_SCALE), kind))

    def update_crowding(self):
        """Whether two dice are close enough for one to stand or lean on the other; if so, the
        height above which nothing can be under a die (else the ground's highest point)."""
        dice = self.dice
        self.crowded = False
        for i, a in enumerate(dice):
            for b in dice[i + 1:]:
                if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < _NEAR2:
                    self.crowded = True
        self.ceiling = self.ground.max_height
        if self.crowded:
            self.ceiling = max([self.ceiling] + [d.z + DIE_SIZE for d in dice])

    def update_watch(self):
        """Whether two dice could come close before the next stored pose (then watch every step).

        Apart, a die only loses speed (landings, rails) or turns a little spin into speed."""
        dice, reach = self.dice, self.physics.step * self.physics.sample_every
        self.watch = any((a.x - b.x) ** 2 + (a.y - b.y) ** 2
                         < (_NEAR + (a.speed + b.speed + 2 * _SPIN_SPEED) * reach) ** 2
                         for i, a in enumerate(dice) for b in dice[i + 1:])

    def run(self):
        """Step until every die rests. Per step, only what can change needs Python: dice in the
        air, dice near an edge, dice near each other; a die rolling on level felt is looked at
        once per stored pose (it cannot cross an edge band between two of them unseen)."""
        p = self.physics
        steps = 0
        dice, dt = self.dice, p.step
        step_space = _stepper(self.space)
        every = p.sample_every
        for die in dice:
            die.pose(0.0, 0.0)
        self.update_crowding()
        self.update_watch()
        sampling = False
        while True:
            for die in dice:
                if die.airborne or not (die.resting or die.on_level and not sampling and not self.watch):
                    die.step(self.t)
            step_space(dt)
            steps += 1
            self.t = steps * dt
            sampling = steps % every == 0
            if sampling:
                for die in dice:
                    die.pose(self.t, dt * every)
                self.update_watch()
                if all(d.resting for d in dice) or self.t >= p.max_time or self._off_long_enough(dice):
                    break
            else:
                for die in dice:
                    if die.airborne or not die.resting and (self.watch or not die.on_level):
                        at = _POSITION(die.handle)
                        die.x, die.y = at.x, at.y
            if self.watch:
                self.update_crowding()
            else:
                self.crowded, self.ceiling = False, self.ground.max_height
        for die in self.dice:           # stopped by the time limit: rests where it is
            die.rest_t, die.resting = min(die.rest_t, self.t), True
            die.tumble = nearest_cube_turn(die.tumble)
        return self.t


    def _off_long_enough(self, dice) -> bool:
        """Notes when each die first lies on the table off the box, and says True once one has
        lain there OFF_BOARD_WATCH seconds: it cannot climb back over a rail, so the throw is
        already "off the board" and is not watched rolling away for seconds (C-2)."""
        for die in dice:
            at = _POSITION(die.handle)
            x, y = at.x, at.y
            if not die.airborne and not (0 <= x <= BOARD_W and 0 <= y <= BOARD_H):
                die.off_since = min(die.off_since, self.t)
                if self.t - die.off_since >= OFF_BOARD_WATCH:
                    return True
        return False


_POSITION, _VELOCITY, _ANGLE = _chipmunk.cpBodyGetPosition, _chipmunk.cpBodyGetVelocity, _chipmunk.cpBodyGetAngle


def _stepper(space: pymunk.Space):
    """The space's step as one C call: pymunk's `Space.step` also checks new bodies and puts
    off adds and removes made while it steps, which an attempt never makes (its space is built
    before the first step and emptied after the last): the same steps, 1.7 -> 0.5 µs a call."""
    space.step(0.0)                     # pymunk's checks of the bodies, once; nothing moves
    return functools.partial(_chipmunk.cpSpaceStep, space._space)


def _beside_block(arbiter, space, data):
    """A die collides with a rail, the bar or a checker only when lower than its top."""
    die_shape, block = arbiter.shapes
    arbiter.process_collision = die_shape.die.z < block.top - LEVEL


def _level_dice(arbiter, space, data):
    """Two dice collide only when side by side; one above the other passes over (or stands on it)."""
    a, b = arbiter.shapes
    arbiter.process_collision = abs(a.die.z - b.die.z) < DIE_SIZE - LEVEL


def simulate(launches, rng, ground: Ground, physics: Physics = DEFAULT, values=None) -> Attempt:
    """Simulate one attempt from these launches; paint the dice to show `values` if it is valid."""
    sim = _Simulation(launches, rng, ground, physics)
    try:
        return _attempt(sim, ground, physics, values)
    finally:
        sim.close()


def _attempt(sim: _Simulation, ground: Ground, physics: Physics, values) -> Attempt:
    duration = sim.run()
    cause = culprit = None
    finals = []
    for i, die in enumerate(sim.dice):
        x, y = die.body.position
        others = [(o.body.position.x, o.body.position.y, o.body.angle, o.z + DIE_SIZE)
                  for o in sim.dice if o is not die and o.z + DIE_SIZE <= die.z + LEVEL]
        why = rest_cause(ground, x, y, die.body.angle, die.z, others)
        if why and (cause is None or CAUSES.index(why) < CAUSES.index(cause)):
            cause, culprit = why, i
        finals.append((x, y, die.body.angle, die.z, others, why))
    if cause is None:       # flat, each of them; but one on another, or hiding its number?
        culprit = crowded([_Rest(x, y, z, angle) for x, y, angle, z, _, _ in finals])
        cause = None if culprit is None else "tilted"
    valid = cause is None
    tracks, shown = [], []
    for i, (die, (x, y, angle, z, others, why)) in enumerate(zip(sim.dice, finals)):
        up = top_axis(die.tumble)
        faces = relabel(up, values[i]) if valid and values else STANDARD
        world = q_mul(_yaw(angle), die.tumble)
        if why == "tilted":
            world, z = _lean(ground, x, y, angle, z, others, world)
        final = DieState(x, y, z, angle, q_matrix(world), faces, faces[up], True, z)
        tracks.append(_Track(tuple(die.xs), tuple(die.ys), tuple(die.zs), tuple(die.floors),
                             tuple(die.angles), tuple(die.tumbles), die.rest_t, final))
        shown.append(faces[up])
    return Attempt(valid, cause, culprit, duration, tuple(shown), tuple(sim.impacts),
                   physics.step * physics.sample_every, tuple(tracks))


class _Rest(NamedTuple):
    """Where a die came to rest, for `crowded`."""
    x: float
    y: float
    z: float
    angle: float


def _lean(ground, x, y, angle, z, others, world):
    """Tip a tilted die's pose towards what it leans on (for the eye only)."""
    heights, _, offsets = ground.footprint(x, y, angle, z, others)
    low = heights[4]
    high = [(dx, dy) for h, (dx, dy) in zip(heights, offsets) if h > low + LEVEL]
    hx, hy = sum(d[0] for d in high), sum(d[1] for d in high)
    n = math.hypot(hx, hy) or 1.0
    rise = max(heights) - low
    tilt = math.atan2(rise, DIE_SIZE * 0.7)
    # Turning about (dy, -dx) lifts the side that points along (dx, dy).
    lean = q_axis_angle(hy / n, -hx / n, 0.0, min(tilt, 0.6))
    return q_normalize(q_mul(lean, world)), low + rise / 2


def _random_turn(rng):
    """A uniformly random orientation (Shoemake's method)."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return (a * math.sin(2 * math.pi * u2), a * math.cos(2 * math.pi * u2),
            b * math.sin(2 * math.pi * u3), b * math.cos(2 * math.pi * u3))


def _hand(side: Side, rng, strength: float):
    """Where a thrower's hand lets go and how fast: from the own side, into the own right-hand half."""
    if side is Side.WHITE:     # sits at the top, facing down: the right hand is the screen's left
        x, y, heading = rng.uniform(FIELD_LEFT + 90, BAR_LEFT - 90), FIELD_TOP + 40, math.pi / 2
    else:
        x, y, heading = rng.uniform(BAR_RIGHT + 90, FIELD_RIGHT - 90), FIELD_BOTTOM - 40, -math.pi / 2
    speed = strength * rng.uniform(650.0, 1000.0)
    heading += rng.gauss(0.0, 0.12)
    return x, y, speed * math.cos(heading), speed * math.sin(heading)


def cap_fling(fling):
    """A mouse fling kept inside the field and no faster than FLING_SPEED (< MAX_SPEED, so no die
    can pass through a rail): it sets where the dice leave the hand, their heading and speed.

    A fling that is not four finite numbers, or does not move, is no fling (None): the dice are
    simply thrown."""
    try:
        x, y, vx, vy = (float(c) for c in fling)
    except (TypeError, ValueError):
        return None
    if not all(math.isfinite(c) for c in (x, y, vx, vy)):
        return None
    x = min(max(x, FIELD_LEFT + DIE_SIZE), FIELD_RIGHT - DIE_SIZE)
    y = min(max(y, FIELD_TOP + DIE_SIZE), FIELD_BOTTOM - DIE_SIZE)
    speed = math.hypot(vx, vy)
    if speed == 0:
        return None
    keep = min(max(speed, FLING_MIN), FLING_SPEED) / speed
    return x, y, vx * keep, vy * keep


def launches(throwers, rng, physics: Physics = DEFAULT, fling=None) -> list[Launch]:
    """How the dice leave the hand(s): one hand per thrower, dice side by side across the heading."""
    hands = {}
    out = []
    for side in throwers:
        if side not in hands:
            flung = cap_fling(fling) if fling is not None and not hands else None
            hx, hy, hvx, hvy = flung or _hand(side, rng, physics.strength)
            hands[side] = [hx, hy, hvx, hvy, 0]
        hx, hy, hvx, hvy, k = hands[side]
        hands[side][4] += 1
        speed = math.hypot(hvx, hvy) or 1.0
        across = (-hvy / speed, hvx / speed)
        count = list(throwers).count(side)
        offset = (k - (count - 1) / 2) * DIE_SIZE * 1.5 + rng.uniform(-4.0, 4.0)
        heading = math.atan2(hvy, hvx) + rng.gauss(0.0, 0.06)
        v = min(MAX_SPEED, speed * rng.uniform(0.92, 1.08))
        tumble_axis = rng.uniform(0.0, 2 * math.pi)
        rate = rng.uniform(15.0, 35.0)
        out.append(Launch(hx + across[0] * offset, hy + across[1] * offset, rng.uniform(35.0, 55.0),
                          v * math.cos(heading), v * math.sin(heading), rng.uniform(60.0, 220.0),
                          rng.uniform(0.0, 2 * math.pi), rng.uniform(-12.0, 12.0), _random_turn(rng),
                          rate * math.cos(tumble_axis), rate * math.sin(tumble_axis)))
    return out


def _set_down(count, rng, ground: Ground) -> list[Launch]:
    """Dice dropped gently, straight down, on level free spots: the way out of endless rethrows."""
    spots = []
    for _ in range(2000):
        x = rng.uniform(FIELD_LEFT + DIE_SIZE, FIELD_RIGHT - DIE_SIZE)
        y = rng.uniform(FIELD_TOP + DIE_SIZE, FIELD_BOTTOM - DIE_SIZE)
        far = all((x - sx) ** 2 + (y - sy) ** 2 > (2 * DIE_SIZE) ** 2 for sx, sy in spots)
        if far and ground.is_flat(x, y) and rest_cause(ground, x, y, 0.0) is None:
            spots.append((x, y))
            if len(spots) == count:
                break
    return [Launch(x, y, ground.height(x, y) + 8.0, 0.0, 0.0, 0.0, 0.0, 0.0, IDENTITY, 0.0, 0.0)
            for x, y in spots]


def toss(values, rng, checkers=(), fling=None, thrower=Side.BLACK, physics: Physics = DEFAULT) -> list[Attempt]:
    """Throw len(values) dice until a throw is valid (C-2); the valid one shows `values` (C-3).

    values: the faces the accepted throw must show, chosen by the caller's seeded generator.
    rng: a random.Random for the physics only. checkers: centres (board units) of the checkers.
    fling: optional (x, y, vx, vy) from a mouse drag, for the first attempt (rethrows are thrown).
    thrower: Side.WHITE (from the top) or Side.BLACK (from the bottom), or one per die (the
    priority throw).
    Returns the attempts in order: all but the last are invalid, the last is valid.
    """
    values = tuple(int(v) for v in values)
    if not values or any(not 1 <= v <= 6 for v in values):
        raise ValueError(f"cannot show faces {values}: each must be 1..6")
    throwers = (thrower,) * len(values) if isinstance(thrower, (Side, str)) else tuple(thrower)
    if len(throwers) != len(values) or any(not isinstance(side, Side) for side in throwers):
        raise ValueError(f"thrower must be a Side (or one per die), not {thrower!r}")
    checkers = tuple((float(x), float(y)) for x, y in checkers)
    key = (values, throwers, rng.getstate(), checkers, repr(fling), physics)
    with _keeping:
        known = _tossed.pop(key, None)
    if known is None:
        known = _tossed_afresh(values, rng, checkers, fling, throwers, physics), rng.getstate()
    else:
        rng.setstate(known[1])      # where the simulation leaves the generator, as it would
    with _keeping:
        _tossed[key] = known        # the most recently used last
        while len(_tossed) > TOSSES_KEPT:
            del _tossed[next(iter(_tossed))]
    return list(known[0])


#: The last throws simulated, by everything that decides them (the generator's state included):
#: a throw shown again - a game resumed, a move taken back, the table opened anew - is not
#: simulated again (a throw takes ~12 ms of a core). Attempts are frozen: shared safely.
_tossed: dict = {}
TOSSES_KEPT = 32
_keeping = threading.Lock()


def _tossed_afresh(values, rng, checkers, fling, throwers, physics) -> tuple:
    ground = ground_for(checkers)
    attempts = []
    while len(attempts) < MAX_ATTEMPTS:
        start = launches(throwers, rng, physics, fling if not attempts else None)
        attempt = simulate(start, rng, ground, physics, values)
        attempts.append(attempt)
        if attempt.valid:
            return tuple(attempts)
    attempts.append(simulate(_set_down(len(values), rng, ground), rng, ground, physics, values))
    return tuple(attempts)
