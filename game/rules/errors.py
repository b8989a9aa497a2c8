"""What the rules refuse, and why: `Illegal` (the reason a step or turn cannot be played, with its
rule), `IllegalMoveError` (raised with it) and `NotationError` (text that is no step, move or
position). Each keeps its English message for the catalogue and its fields, so that the engine
prints English and a screen says it in the player's language.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Illegal:
    """Why a step or turn cannot be played: the reason, the rule that forbids it, its fields.

    `reason` is an English message for the catalogue (marked with N_ where it is written) with
    {fields} to fill in: Illegal(N_("point {point} is already occupied"), "TC-3", {"point": 5}).
    `text` is the English filled in ("point 5 is already occupied"), what the engine and the
    command line print; a screen says it in the player's language:
    `_(illegal.reason, **illegal.fields)`, and names the rule with game.rules.rule_title.
    The fields are numbers or notation, never words: they read the same in every language.
    """

    reason: str
    rule: str
    fields: dict | None = field(default=None, hash=False)

    def __post_init__(self):
        object.__setattr__(self, "fields", dict(self.fields or {}))

    @property
    def text(self) -> str:
        """The reason in English, its fields filled in."""
        return self.reason.format(**self.fields) if self.fields else self.reason


class IllegalMoveError(ValueError):
    """A move or step the rules forbid; the message names the move and the rule it breaks.

    Raised from an `Illegal` (`IllegalMoveError.of(what, illegal)`), it keeps it: `illegal`
    (the reason as a message for the catalogue, the rule, the fields) and `what` (the step or
    move refused, in notation), so that a screen can say it in the player's language:
    `_("{what}: {reason}", what=verbatim(error.what), reason=_(i.reason, **i.fields))`.
    str(error) is the English, as the engine and the command line have always printed it:
    "3-5: point 5 is already occupied (TC-3)". Raised from plain text, `illegal` is None.
    """

    def __init__(self, message="", illegal: Illegal | None = None, what: str = ""):
        super().__init__(message)
        self.illegal = illegal
        self.what = what

    @classmethod
    def of(cls, what: str, illegal: Illegal) -> "IllegalMoveError":
        """The error for `what` (a step or move in notation, or "pass") refused for `illegal`."""
        rule = f" ({illegal.rule})" if illegal.rule else ""
        return cls(f"{what}: {illegal.text}{rule}", illegal, what)

    @property
    def rule(self) -> str:
        """The rule number the move breaks ("TC-3"), or "" when none is known."""
        return self.illegal.rule if self.illegal else ""


class NotationError(ValueError):
    """Text that is not a position or move in the engine's notation.

    Like IllegalMoveError, it keeps its message for the catalogue (`reason`, marked with N_)
    and its `fields` (notation and numbers, the same in every language): str(error) is the
    English, as the engine prints it; a person reads `_(error.reason, **error.fields)`."""

    def __init__(self, message="", reason: str | None = None, fields: dict | None = None):
        super().__init__(message)
        self.reason = message if reason is None else reason
        self.fields = dict(fields or {})

    @classmethod
    def of(cls, reason: str, **fields) -> "NotationError":
        return cls(reason.format(**fields), reason, fields)
