"""The options a match is played with (C-6): its game and rules, its length, who plays the
other side, touch-move and the hints - chosen on the New match screen or by the friend's offer
online, saved with the match and never changed by play.

`MatchOptions.rules` holds the rule set's name for the saves, `MatchOptions.rule_set` the rule set
itself (one outside the registry, a variant a program defines, is played the same way, but not
saved). A bad option is said as a `Problem` (game/base/i18n.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.base.i18n import N_, Problem
from game.rules import MATCH_LENGTHS, RULE_NAMES, RuleSet, Side, rule_set
from game.saves.settings import OPPONENT

OPPONENTS = OPPONENT.values      # declared once, with their labels, in game/saves/settings.py


@dataclass(frozen=True)
class MatchOptions:
    rules: str | RuleSet = RULE_NAMES[0]        # a RuleSet, or its name (kept as the name); the registry's first
    length: int = 3
    opponent: str = "computer"          # "computer", "human" (two people at one screen), or
                                        # "online" (a friend's game elsewhere plays the other side)
    level: str = ""                     # the computer's level by name ("" = the strongest)
    human_side: Side = Side.WHITE
    touch_move: bool = False            # C-5
    autoplay: bool = False              # both sides played by the computer (demos, tests)
    hints: bool = True                  # H may show the hints; between two people a match option
                                        # (off by default online), the same for both sides

    _rule_set: RuleSet | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if isinstance(self.rules, RuleSet):
            object.__setattr__(self, "_rule_set", self.rules)
            object.__setattr__(self, "rules", self.rules.name)
        elif self._rule_set is None or self._rule_set.name != self.rules:
            object.__setattr__(self, "_rule_set", rule_set(self.rules))
        if self.length not in MATCH_LENGTHS:
            raise ValueError(Problem(N_("a match is played to {lengths} points, not {length} (C-6)"),
                                     lengths=", ".join(map(str, MATCH_LENGTHS)),
                                     length=repr(self.length)))
        if self.opponent not in OPPONENTS:
            raise ValueError(Problem(N_("the opponent is 'computer', 'human' or 'online', not {opponent}"),
                                     opponent=repr(self.opponent)))
        if not isinstance(self.level, str) or not isinstance(self.human_side, Side):
            raise ValueError(Problem(N_("bad level or side in the match options")))

    @property
    def rule_set(self) -> RuleSet:
        return self._rule_set

    def to_dict(self) -> dict:
        """A JSON-ready snapshot that later play never changes."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__ if not name.startswith("_")}
        return {**data, "human_side": str(self.human_side)}

    @classmethod
    def from_dict(cls, data: dict) -> "MatchOptions":
        if not isinstance(data, dict):
            raise ValueError(Problem(N_("match options must be an object")))
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data and not k.startswith("_")}
        if "human_side" in known:
            known["human_side"] = Side(known["human_side"])
        for flag in ("touch_move", "autoplay", "hints"):
            if flag in known and not isinstance(known[flag], bool):
                raise ValueError(Problem(N_("{flag} must be true or false"), flag=flag))
        return cls(**known)
