"""The computer of any rule set, found through the rule set: `COMPUTERS` below is the registry,
the one place on this floor that says which game's computer plays which rule set.

A game's computer is a module (loaded only when a game of it asks: Garanguet's network) with:

  - `LEVELS` ((name, description), weakest first), `LEVEL_NAMES`, `Computer(rules, level,
    rng)` (prepare, ready, choose) and `hints(rules, position, dice, match)`: play and hints;
  - `weigh` and `EXACT`, if its moves can be reviewed (game/computer/review.py);
  - `unplayable`, `settle` and `match_chance`, where the engine command asks more of it
    (game/commands/engine.py);
  - `analyse`, with `analysed_rules`, `unanalysed`, `MATCH_MAX`, `WRONG_CHECKERS` and
    `WRONG_DICE`, if the analyze command knows it (game/commands/analyze.py).

`levels_for`, `computer_for` and `hints_for` serve any rule set.
"""
from __future__ import annotations

import random

from game.base.i18n import N_
from game.rules import GARANGUET, TOURNE_CASE, Position, rule_set



def _tourne_case():
    from game.computer import tourne_case
    return tourne_case


def _garanguet():
    from game.computer import garanguet      # only when a Garanguet game asks: its network
    return garanguet


#: Each rule set's computer, by the rule set's name: a function giving the module described
#: above. Another rule set adds its own (`COMPUTERS[name] = ...`).
COMPUTERS = {**{name: _tourne_case for name in TOURNE_CASE}, GARANGUET.name: _garanguet}


def module_for(rules) -> object:
    """The computer of a rule set (a RuleSet, its Rules or its name); ValueError if none plays it."""
    name = rule_set(rules).name
    if name not in COMPUTERS:
        raise ValueError(f"no computer plays {name!r}")
    return COMPUTERS[name]()


#: Every level's name in words, for the menus (an English message: show it as _(title)).
LEVEL_TITLES = {"novice": N_("Novice"), "journeyman": N_("Journeyman"), "master": N_("Master"),
                "perfect": N_("Perfect")}


def levels_for(rules_name: str) -> list[tuple[str, str]]:
    """The computer's levels for a rule set, weakest first: (name, description)."""
    return list(module_for(rules_name).LEVELS)


def computer_for(rules, level_name: str, rng: random.Random):
    """A computer player of this rule set at this level (prepare, ready, choose)."""
    return module_for(rules).Computer(rules, level_name, rng)


def hints_for(rules, position: Position, dice, match=None) -> list:
    """The hints for a throw in any rule set: each legal move with its worth, best first."""
    return module_for(rules).hints(rules, position, dice, match)
