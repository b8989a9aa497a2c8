"""Tourne Case as small tables, asked once of the rules engine.

A side's legal turns depend only on its own checkers: the opponent never blocks, it is only hit.
So a side's checkers form a small "config" (a sorted triple of locations), and for each config
and each throw the engine's legal turns are recorded once as (new config, landing points). The
opponent's config after a turn then only depends on which of its checkers face a landing point.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from game.rules import BAR, HOME, OUT, Move, Position, Side


def _configs(with_bar: bool) -> list[tuple[int, ...]]:
    """Every sorted triple of locations with at most one checker on each point 1..11."""
    places = ([BAR] if with_bar else []) + [OUT] + list(range(1, 12)) + [HOME]
    found = []
    for triple in itertools.combinations_with_replacement(places, 3):
        points = [x for x in triple if 1 <= x <= 11]
        if len(points) == len(set(points)):
            found.append(triple)
    return found


def landings(move: Move) -> int:
    """The points 1..11 a turn lands on (Bell's intermediate stop too), as a bit mask."""
    mask = 0
    for step in move.steps:
        if 1 <= step.destination <= 11:
            mask |= 1 << step.destination
    return mask


@dataclass
class Model:
    """The tables of one rule set (see the module docstring).

    configs[i]: a config; index: config -> i; progress[i]: how far its checkers have come.
    throws: a representative dice tuple per kind of throw, prob: its probability.
    Turns of config c and throw t: rows turn_start[c, t] .. turn_start[c, t] + turn_count[c, t]
    of turn_next (the new config) and turn_mask (index into masks, the landing points).
    hit_opp[m, o]: the opponent's config after being hit on the landing points masks[m].
    points[o]: what a win scores when the loser is left with config o.
    """

    rules: object
    configs: list
    index: dict
    progress: np.ndarray
    home: int
    hit_to: int
    throws: list
    prob: np.ndarray
    turn_start: np.ndarray
    turn_count: np.ndarray
    turn_next: np.ndarray
    turn_mask: np.ndarray
    masks: list
    hit_opp: np.ndarray
    points: np.ndarray

    @property
    def size(self) -> int:
        return len(self.configs)

    def after_hits(self, opp: tuple[int, ...], mask: int) -> tuple[int, ...]:
        return tuple(sorted(self.hit_to if 1 <= x <= 11 and mask >> x & 1 else x for x in opp))


def _throws(rules) -> tuple[list, np.ndarray]:
    """The kinds of throw (those giving the same numbers to play) and their probabilities."""
    kinds: dict[tuple, list] = {}
    for dice in itertools.product(range(1, 7), repeat=2):
        numbers = rules.numbers(dice)
        kinds.setdefault(numbers, [tuple(sorted(dice, reverse=True)), 0])[1] += 1
    throws = [v[0] for v in kinds.values()]
    prob = np.array([v[1] / 36 for v in kinds.values()])
    return throws, prob


def _hit_destination(rules) -> int:
    """Where the engine sends a hit checker: not entered (0) or waiting on the bar (-1)."""
    position = Position((0, 0, 0), (0, 0, 1), Side.WHITE)
    after = rules.apply(position, Move.parse("0-1"), (1, 1))
    return after.black[0]


def _turns(rules, config: tuple[int, ...], dice) -> dict[tuple, None]:
    """The distinct (new config, landing mask) of a throw's legal turns. The engine lists one turn
    per distinct result, so turns differing only in where one checker stops between its two
    numbers look alike without an opponent: then ask again with an opponent facing one number's
    stops (the two orders then hit differently)."""
    position = Position(config, (0, 0, 0), Side.WHITE)
    moves = rules.legal_moves(position, dice)
    if any(len(m.steps) == 2 and m.steps[0].destination == m.steps[1].origin for m in moves):
        probe = Position(config, _facing(config, rules.numbers(dice)[0]), Side.WHITE)
        moves += rules.legal_moves(probe, dice)
    found: dict[tuple, None] = {}
    for move in moves:
        found[rules.play_steps(position, move.steps).white, landings(move)] = None
    return found


def _facing(config: tuple[int, ...], number: int) -> tuple[int, ...]:
    """An opponent facing every point a checker of `config` reaches with `number`."""
    stops = sorted({max(x, 0) + number for x in config if max(x, 0) + number <= 11})
    return tuple([0] * (3 - len(stops)) + stops)


def configs_for(rules) -> list[tuple[int, ...]]:
    """The configs of a rule set: with the bar (-1) where hit checkers wait there."""
    return _configs(with_bar=_hit_destination(rules) == BAR)


TURNS = ("turn_start", "turn_count", "turn_next", "turn_mask", "masks")


def turns(rules) -> dict:
    """Every config's legal turns for every throw, asked of the rules engine (the slow part of
    a model: about a second for Bell; `build` takes them shipped)."""
    configs = configs_for(rules)
    index = {c: i for i, c in enumerate(configs)}
    home = index[(HOME, HOME, HOME)]
    throws, _ = _throws(rules)
    n, nt = len(configs), len(throws)
    turn_start = np.zeros((n, nt), np.int64)
    turn_count = np.zeros((n, nt), np.int64)
    nexts, mask_ids = [], []
    mask_index: dict[int, int] = {0: 0}
    for c, config in enumerate(configs):
        for t, dice in enumerate(throws):
            turn_start[c, t] = len(nexts)
            if c == home:
                continue
            for own, mask in _turns(rules, config, dice):
                nexts.append(index[own])
                mask_ids.append(mask_index.setdefault(mask, len(mask_index)))
            turn_count[c, t] = len(nexts) - turn_start[c, t]
    return {"turn_start": turn_start, "turn_count": turn_count,
            "turn_next": np.array(nexts, np.int64), "turn_mask": np.array(mask_ids, np.int64),
            "masks": np.array(sorted(mask_index, key=mask_index.get), np.int64)}


def build(rules, shipped: dict | None = None) -> Model:
    """The model of a rule set; its turns from `shipped` (see `turns`) when given."""
    hit_to = _hit_destination(rules)
    configs = configs_for(rules)
    index = {c: i for i, c in enumerate(configs)}
    home = index[(HOME, HOME, HOME)]
    throws, prob = _throws(rules)
    found = turns(rules) if shipped is None else shipped
    if found["turn_start"].shape != (len(configs), len(throws)):
        raise ValueError(f"turns for {rules.name} do not fit its configs")
    masks = [int(m) for m in found["masks"]]
    model = Model(rules, configs, index,
                  np.array([sum(max(x, 0) for x in c) for c in configs]), home, hit_to,
                  throws, prob, *(np.asarray(found[key], np.int64) for key in TURNS[:4]), masks,
                  None, None)
    model.hit_opp = np.array([[index[model.after_hits(o, m)] for o in configs] for m in masks],
                             np.int64)
    model.points = np.array([points(rules, o) for o in configs], np.float64)
    return model


def points(rules, loser: tuple[int, ...]) -> int:
    """What a win scores when the loser is left with this config (0: the loser has won)."""
    if loser == (HOME, HOME, HOME):
        return 0
    return rules.outcome(Position((HOME, HOME, HOME), loser, Side.BLACK)).points
