"""Why a step or a move is refused: one type, `MoveRefused`, and one way of finding and saying
the reason, shared by the play flow, the tutorial and the saves (game/play/session.py). No pygame.

The reason is the engine's (`game.rules.core.Illegal`: an English message for the catalogue,
its fields and its rule), kept as Words until shown: `refusal.said()` in the player's language,
`str(refusal)` in English, as the engine prints it ("0-2: it may not pass ... (TC-4)").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.base.i18n import N_, Said, Words
from game.rules import IllegalMoveError, Move, Step

RULE_IN_MESSAGE = re.compile(r"\(([A-Z]+-\d+)\)")


@dataclass(frozen=True)
class MoveRefused:
    rule: str                  # "TC-4", "C-5", ... ("" if the engine named none)
    reason: Words              # why, in words said when shown: "it may not pass its own checker on point 1"
    what: str = ""             # the step refused, in notation ("0-2"), or ""

    @property
    def text(self) -> str:
        """The refusal in English, as the engine says it: "0-2: it may not pass ... (TC-4)"."""
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.what}: {self.reason}{rule}" if self.what else f"{self.reason}{rule}"

    def __str__(self) -> str:
        return self.text

    def said(self) -> Said:
        """The whole refusal in the language spoken now (as a field of a storage Problem)."""
        if not self.what:
            return Said(self.reason.said() + (f" ({self.rule})" if self.rule else ""))
        if self.rule:
            return Words(N_("{what}: {reason} ({rule})"), what=self.what, reason=self.reason,
                         rule=self.rule).said()
        return Words(N_("{what}: {reason}"), what=self.what, reason=self.reason).said()


def refusal(error: Exception) -> MoveRefused:
    """The engine's IllegalMoveError as a refusal: its rule, its reason as words for the
    catalogue (game.rules.core.Illegal), the step it refuses."""
    illegal = getattr(error, "illegal", None)
    if illegal is not None and getattr(illegal, "reason", ""):
        fields = {k: (v if isinstance(v, (int, float)) else str(v)) for k, v in getattr(illegal, "fields", {}).items()}
        return MoveRefused(illegal.rule, Words(illegal.reason, **fields), getattr(error, "what", ""))
    found = RULE_IN_MESSAGE.findall(str(error))          # an engine that names no Illegal
    what, _, rest = str(error).partition(": ")
    rest = RULE_IN_MESSAGE.sub("", rest).strip() if rest else str(error)
    return MoveRefused(found[-1] if found else "", Words(N_("{reason}"), reason=rest), what if rest else "")


def why_not(rules, position, dice, played, step: Step) -> MoveRefused | None:
    """Why `step` cannot follow `played` this turn, in the engine's words and with its rule;
    None when it can."""
    try:
        rules.apply(position, Move((*played, step)), dice)
    except IllegalMoveError as error:
        return refusal(error)
    return None


def why_not_from(rules, position, dice, played, origin: int) -> MoveRefused | None:
    """Why the checker on `origin` cannot move: the engine's reason for the first number of the
    throw that names a rule; None when none does."""
    for number in sorted(set(rules.numbers(dice))):
        refused = why_not(rules, position, dice, played, Step(origin, max(origin, 0) + number))
        if refused is not None and refused.rule:
            return refused
    return None
