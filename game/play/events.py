"""The events the play flow (game/play/flow.py) sends out: what happened, for a screen to show.

Each carries what the screen needs to show it (positions before and after, the move as a whole),
so that drawing never asks the rules again nor reads the flow's live objects. No pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.base.i18n import Words
from game.rules import Move, Outcome, Position, Side, Step

# --- events out --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnBegan:
    side: Side
    opponent: bool             # the opponent's turn (the computer's, or the friend's online):
                               # it throws by itself (after the screen's pause) by `proceed()`


@dataclass(frozen=True)
class ThrowStarted:
    side: Side
    dice: tuple[int, ...]      # the faces the accepted throw shows (from the session, C-3)
    seed: int                  # the seed of the dice physics for this throw
    resumed: bool = False      # a saved game resumed with the dice already on the table
    forced: bool = False       # nothing can be played with these dice: the turn will pass, so the
                               # screen may show the throw quicker (the faces are already drawn)


@dataclass(frozen=True)
class ThrowTakenAgain:
    cause: str                 # "off the board", "on the rail", "tilted"
    rule: str = "C-2"


@dataclass(frozen=True)
class Announced:
    kind: str                  # "doublet" or "triplet"
    number: int
    name: str                  # the old name (C-4), or "" for a triplet
    rule: str                  # C-4, G-5 or G-6
    played_double: bool = False    # G-5: a doublet over a lower third, played four times

    @classmethod
    def of(cls, said) -> "Announced":
        """The event for a rule set's Announcement."""
        return cls(said.kind, said.number, said.name, said.rule, said.played_double)


@dataclass(frozen=True)
class ChoiceOffered:
    side: Side


@dataclass(frozen=True)
class ThinkingStarted:
    side: Side
    ready: bool                # False: its tables are still loading, it plays by feel


@dataclass(frozen=True)
class Picked:
    location: int


@dataclass(frozen=True)
class PutBack:
    location: int


@dataclass(frozen=True)
class StepPlayed:
    side: Side
    step: Step
    before: Position           # the board before and after this step (the same side to move)
    after: Position
    by: str                    # "person" (at this screen) or "opponent" (the computer, the friend)
    last: bool                 # this step completes the turn
    dropped: bool = False      # a person dragged the checker there (it settles, no glide)


@dataclass(frozen=True)
class OpponentMoved:
    """The opponent's move (the computer's, or the friend's online) is chosen: its steps follow
    as StepPlayed events. What the screen says and keeps clear of while they play (the move as a
    whole, and where it ends)."""
    side: Side
    before: Position
    dice: tuple[int, ...]
    move: Move
    after: Position            # the position the move leads to (the other side to move)


@dataclass(frozen=True)
class StepTakenBack:
    step: Step


@dataclass(frozen=True)
class MoveTakenBack:
    side: Side
    move: Move
    reply: Move | None = None  # the computer's reply, taken back with it (U at the person's next throw)
    whole: bool = False        # the whole move was taken back (else its last step follows as StepTakenBack)


@dataclass(frozen=True)
class MoveComplete:
    """A person's move is whole on the board: it waits for them to end it (Space, Enter, a
    click on the dice, or the pause they chose) and may still be taken back until then."""
    side: Side
    move: Move


@dataclass(frozen=True)
class TurnPassed:
    side: Side
    why: Words
    rule: str


@dataclass(frozen=True)
class TurnEnded:
    side: Side
    move: Move


@dataclass(frozen=True)
class HintsShown:
    hints: tuple


@dataclass(frozen=True)
class HintsHidden:
    pass


@dataclass(frozen=True)
class Notice:
    words: Words               # said when shown


@dataclass(frozen=True)
class NumbersLost:
    side: Side
    numbers: tuple[int, ...]   # the numbers of this throw that no play can use
    rule: str                  # G-7 (or TB-2, TC-7)


@dataclass(frozen=True)
class PlayedForYou:
    side: Side
    move: Move                 # the only legal play, played by itself


@dataclass(frozen=True)
class BearingOffBegun:
    side: Side                 # its first checker was just borne off (G-9)


@dataclass(frozen=True)
class GameOver:
    outcome: Outcome
    rule: str                  # the rule that scores the game (the registry's scoring_rule)
    why: Words | str = ""      # why it scores 1 or 2 points, in words with the rule (said when shown)


@dataclass(frozen=True)
class Resigned:
    side: Side

