"""The priority throw (C-1) as a flow, like a game's turns (game/play/flow.py): no pygame.

Each side throws one die from its own side of the board; a tie is thrown again; the higher die
plays first. The session picks the faces (`Session.throw_priority`, from its seeded generator),
every round's at once; the screen tosses each round's dice as it shows it (game/scenes/table/priority.py,
with the throw's physics generator, as the table tosses every other throw). The flow saves through
the `save` it is given (the match keeper's), once the faces are drawn. In an online match a
`dealer` (the link) deals the faces instead, handed here to the session: `throw()` waits until it
has (`dealer.deal(session)` not None), trying again at each `throw()` or `poll()`; while the
dealer is `unsaved` (its messages wait for a save to go out), those save. When the other game
plays first, `poll()` commits to its first throw as soon as the faces are drawn.

    WAIT    nobody has thrown. `throw()` (a person's Space or click; for two computers the
            screen waits a moment first): the rounds are drawn and saved -> RoundThrown -> ROLL.
    ROLL    the screen shows a round's dice falling; `settled()` once they lie still:
              a tie          -> PriorityTie -> TIE;
              a higher die   -> FirstChosen -> RESULT.
    TIE     `proceed()` after the tie has been shown: the next round -> RoundThrown -> ROLL.
    RESULT  `proceed()` once the result has been read -> PriorityDone -> DONE.
    DONE    the game's first turn is the table's (the screen shows the match).
"""
from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Callable

from game.play.session import Phase, Session
from game.rules import Side


class PriorityStage(enum.Enum):
    WAIT = "wait"
    ROLL = "roll"
    TIE = "tie"
    RESULT = "result"
    DONE = "done"


@dataclass(frozen=True)
class RoundThrown:
    white: int                 # White's die (thrown from the top)
    black: int                 # Black's die (from the bottom)
    physics: random.Random     # the throw's generator for the dice simulation: each round in turn


@dataclass(frozen=True)
class PriorityTie:
    number: int                # both threw it: thrown again


@dataclass(frozen=True)
class FirstChosen:
    side: Side                 # the higher die: plays first
    white: int
    black: int


@dataclass(frozen=True)
class PriorityDone:
    pass


class PriorityFlow:
    """The priority throw of the session's next game (see the module)."""

    def __init__(self, session: Session, save: Callable[[], None], dealer=None):
        self.session = session
        self.save = save
        self.dealer = dealer
        self.waiting = False                       # a throw asked for waits for the dealer
        self.stage = PriorityStage.WAIT if session.phase is Phase.PRIORITY else PriorityStage.DONE
        self.rounds: list[tuple[int, int]] = []    # the rounds still to show: (White's, Black's)
        self.physics: random.Random | None = None  # the dice simulation's generator, for the screen
        self.faces: tuple[int, int] | None = None  # the round shown: (White's, Black's)

    @property
    def computers_only(self) -> bool:
        """No person throws at this screen (the computer's sides, or the other game's): the
        screen throws for them after a pause."""
        return not any(self.session.is_person(side) for side in Side)

    def start(self) -> list:
        """Where the flow begins: nothing to do, or (the game already begun) straight to it."""
        return [PriorityDone()] if self.stage is PriorityStage.DONE else []

    def throw(self) -> list:
        """Both sides throw at once; every round up to the first without a tie is drawn now."""
        if self.stage is not PriorityStage.WAIT or self.session.phase is not Phase.PRIORITY:
            return []
        s = self.session
        if self.dealer is not None:
            dealt = self.dealer.deal(s)
            self.waiting = dealt is None
            if self.waiting:
                self._keep()
                return []
            s.next_throw = dealt
        self.physics = s.physics_rng()            # before the faces: the last throw's (or the dealt) seed
        self.rounds = [s.throw_priority()]
        while self.rounds[-1][0] == self.rounds[-1][1]:
            self.rounds.append(s.throw_priority())
        self.save()
        return self._next_round()

    def poll(self) -> list:
        """Each frame: a throw that waited for the dealer, once dealt. Once the faces are
        drawn, when the other game's side plays first, this game commits to that first throw
        at once (the pause before the other's throw begins here): the other need not wait for
        this screen to show the result and reach the table."""
        if self.waiting:
            return self.throw()
        s = self.session
        if (self.dealer is not None and self.stage is not PriorityStage.WAIT
                and s.phase is Phase.THROW and s.is_remote(s.to_move)):
            self.dealer.deal(s)       # a commitment (kept until the table asks: the same throw)
        self._keep()
        return []

    def _keep(self) -> None:
        """Save what the dealer queued (a commitment, a reveal), so that it goes out."""
        if self.dealer is not None and self.dealer.unsaved:
            self.save()

    def settled(self) -> list:
        """The round's dice lie still: a tie, or who plays first."""
        if self.stage is not PriorityStage.ROLL:
            return []
        white, black = self.faces
        if white == black:
            self.stage = PriorityStage.TIE
            return [PriorityTie(white)]
        self.stage = PriorityStage.RESULT
        return [FirstChosen(Side.WHITE if white > black else Side.BLACK, white, black)]

    def proceed(self) -> list:
        """The tie or the result has been shown: the next round, or on to the game."""
        if self.stage is PriorityStage.TIE:
            return self._next_round()
        if self.stage is PriorityStage.RESULT:
            self.stage = PriorityStage.DONE
            return [PriorityDone()]
        return []

    def _next_round(self) -> list:
        self.faces = self.rounds.pop(0)
        self.stage = PriorityStage.ROLL
        return [RoundThrown(*self.faces, self.physics)]
