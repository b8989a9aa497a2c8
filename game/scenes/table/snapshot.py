"""The table as its parts see it: one value, made by the scene (each frame, and after each
intent), that the input aims at and the drawing and the cards draw. The parts read it and change
nothing through it; what they want changed they ask of the scene (its intents)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.play.stage import Stage
from game.rules import Move, Position, Side

if TYPE_CHECKING:                  # for the annotations only
    from game.play.session import Session
    from game.rules.refusals import MoveRefused
    from game.rules.turn import Choice
    from game.view.dice_playback import DicePlayback


@dataclass(frozen=True)
class Hand:
    """What the person's hand is doing, as the input keeps it: drawn, not acted on."""

    keyboard: bool = False                     # the keyboard was used last: cursor and numbers
    hover: str | None = None                   # the bar's button under the mouse
    fling_at: tuple | None = None              # board (x, y) of the dice shaken under the mouse
    drag_at: tuple | None = None               # board (x, y) of the checker dragged


@dataclass(frozen=True)
class Caption:
    """The other side's move being said: its side, the board before it, the dice, the move and
    the board after it (the card keeps off its way)."""

    side: Side
    before: Position
    dice: tuple
    move: Move
    after: Position


@dataclass(frozen=True)
class TableSnapshot:
    """The table now. `session` is the match being played, read for its names, score, dice and
    record; everything else is what the scene shows of the turn."""

    session: Session
    stage: Stage
    shown: Position | None             # the board as drawn (a turn's steps so far included)
    choice: Choice | None              # the person's turn in progress
    hints: tuple | None
    human_turn: bool                   # the person at this screen is to play
    dice_wait: bool                    # a throw waits for the other game online
    note: object                       # a short notice in place of the prompt ("" for none)
    refused: MoveRefused | None        # the last refused move, said on a card
    caption: Caption | None
    playback: DicePlayback | None      # the dice, rolling or lying where they fell
    marks: tuple = ()                  # per die: played or dimmed (the flow's dice_marks)
    last_move: tuple | None = None     # (side, move): the last move, drawn as a faint trail
    can_undo: bool = False
    hints_allowed: bool = False
    takes_reply: bool = False          # U takes back the person's move with the computer's reply
    flights: tuple = ()                # checkers on their way
    ripples: tuple = ()
    banners: tuple = ()
    clock: float = 0.0
    hand: Hand = Hand()
    history_open: bool = False

    @property
    def to_move(self) -> Side:
        return self.session.to_move

    @property
    def rules(self):
        return self.session.rules

    @property
    def lettered(self) -> bool:
        """The board names its points by letter (typed so): the rule set says."""
        return self.session.rule_set.lettered
