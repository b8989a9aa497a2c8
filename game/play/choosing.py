"""A person's turn at the board, in the play flow: picking up a checker, dropping it on a point
(or back), a double-click sending it as far as it goes, the keyboard's cursor, the hints, and the
move ended once whole - each step the rules refuse said with its rule and reason (MoveRefused).

`Choosing` is a part of `GameFlow` (game/play/flow.py), kept in a module of its own because it is
one job: it works on the flow's turn as the flow holds it (its stage, the `Chooser` of
game/rules/turn.py, the board shown, the hints, the steps still to show) and hands a whole move to
the flow's `_commit`. The flow's own module says how a turn goes. No pygame.
"""
from __future__ import annotations

from game.base.i18n import N_, Words
from game.play.events import ChoiceOffered, HintsHidden, HintsShown, Notice, Picked, PutBack, StepPlayed
from game.play.players import match_score
from game.play.stage import Stage
from game.rules import Move, Position, Step
from game.rules.refusals import MoveRefused, why_not, why_not_from
from game.rules.turn import Choice, Chooser, furthest_steps


class Choosing:
    """The intents of a person composing their turn (CHOOSE), and what they cause (see the
    module); mixed into GameFlow, whose `__init__` makes every attribute used here."""

    # --- reading ---------------------------------------------------------------------------
    @property
    def choice(self) -> Choice | None:
        """A person's turn in progress, as a snapshot to draw from (None when nobody chooses)."""
        if self.chooser is None or self.stage not in (Stage.CHOOSE, Stage.MOVING):
            return None
        return self.chooser.snapshot()

    @property
    def move_complete(self) -> bool:
        """A person's move is whole on the board and waits for them to end it (`end_move`)."""
        return self.stage is Stage.CHOOSE and self.chooser is not None and self.chooser.complete

    @property
    def hints_allowed(self) -> bool:
        """Against the computer, always; between two people, as the match was set up (hints)."""
        options = self.session.options
        return options.hints or options.opponent == "computer"

    # --- intents in ------------------------------------------------------------------------
    def pick(self, location: int) -> list:
        """A person picks up the checker on `location`."""
        if self.stage is not Stage.CHOOSE:
            return []
        chooser = self.chooser
        if chooser.locked and location != chooser.selected:
            self._emit(self._touch_refusal())
        elif chooser.pick(location):
            self._emit(Picked(location))
        elif location in self.shown.checkers(self.to_move):
            self._emit(self._why_not_from(location))
        return self._flush()

    def drop(self, location: int | None, dragged: bool = False) -> list:
        """Play the picked checker to `location`, or (None) put it back."""
        if self.stage is not Stage.CHOOSE or self.chooser.selected is None:
            return []
        chooser = self.chooser
        origin = chooser.selected
        if location is None or location == origin:
            if chooser.drop():
                self._emit(PutBack(origin))
            else:
                self._emit(self._touch_refusal())
            return self._flush()
        before, count = chooser.shown(), len(chooser.played)
        step = chooser.step_to(location)
        if step is None:
            self._emit(self._why_not(Step(origin, location)))
            if chooser.drop():
                self._emit(PutBack(origin))
            return self._flush()
        self._person_stepped(chooser.played[count:], before, dragged)
        return self._flush()

    def move_cursor(self, delta: int) -> list:
        """The keyboard moves its cursor among the checkers to pick, or the picked one's points."""
        if self.stage is Stage.CHOOSE:
            self.chooser.move_cursor(delta)
        return []

    def furthest(self, location: int) -> list:
        """A double-click: the checker on `location` goes as far as it can this turn, step by step."""
        if self.stage is not Stage.CHOOSE:
            return []
        chooser = self.chooser
        if chooser.locked and location != chooser.selected:
            self._emit(self._touch_refusal())
            return self._flush()
        steps = furthest_steps(self.rules, chooser.position, chooser.dice, chooser.played, location)
        if not steps:
            if location in self.shown.checkers(self.to_move):
                self._emit(self._why_not_from(location))
            return self._flush()
        self._queue = list(steps)
        self._play_queued()
        return self._flush()

    def end_move(self) -> list:
        """The person ends their move, whole on the board: it is played (and the turn handed over)."""
        if self.move_complete:
            self._commit(Move(self.chooser.played))
        return self._flush()

    def hint(self) -> list:
        """Show every legal move with its worth, best first; again to hide them."""
        if self.hints is not None:
            self.hints = None
            self._emit(HintsHidden())
        elif not self.hints_allowed:
            self._emit(Notice(Words(N_("No hints in this match: it was set up without them"))))
        elif self.stage is not Stage.CHOOSE:
            self._emit(Notice(Words(N_("Hints are given when it is your move"))))
        elif self.advisor is None:
            self._emit(Notice(Words(N_("No hints for {game} yet"), game=Words(self.rules.title))))
        else:
            s = self.session
            found = self.advisor.hints(s.position, s.dice, match_score(s))
            if found is None:
                self._emit(Notice(Words(N_("Hints: the computer is still preparing its tables - ask again in a moment"))))
            else:
                self.hints = tuple(found)
                self._emit(HintsShown(self.hints))
        return self._flush()

    # --- inside ----------------------------------------------------------------------------
    def _offer_choice(self) -> None:
        s = self.session
        self.stage = Stage.CHOOSE
        self.chooser = Chooser(self.rules, s.position, s.dice, self.touch_move, prefer=self._preferred)
        self.shown = s.position
        self._emit(ChoiceOffered(s.to_move))

    def _person_stepped(self, route, before: Position, dragged: bool = False) -> None:
        """A pick-and-drop played: one step, or a checker moved by a sum through its stops, each
        shown as a step of its own (the chooser has played them all already)."""
        self.hints = None
        self._route = list(route)
        self._show_person_step(before, dragged and len(self._route) == 1)

    def _show_person_step(self, before: Position, dragged: bool = False) -> None:
        step = self._route.pop(0)
        self.stage = Stage.MOVING
        self.shown = self.rules.play_steps(before, (step,)) if self._route else self.chooser.shown()
        self._emit(StepPlayed(self.to_move, step, before, self.shown, "person",
                              not self._route and self.chooser.complete, dragged))
        self._bearing_off(step, before)

    def _play_queued(self) -> None:
        step = self._queue.pop(0)
        if self.chooser.selected != step.origin:
            self.chooser.drop()
            self.chooser.pick(step.origin)
        before, count = self.chooser.shown(), len(self.chooser.played)
        if self.chooser.step_to(step.destination) is None:      # cannot happen: the search is legal
            self._queue = []
            return
        self._person_stepped(self.chooser.played[count:], before)

    def _preferred(self) -> tuple[Move, ...]:
        """The hints' moves, best first: a checker moved by a sum that two orders play
        differently (a hit on the way) is played as the hints would (game/rules/turn.py)."""
        s = self.session
        if self.advisor is None or s.dice is None:
            return ()
        return tuple(hint.move for hint in self.advisor.hints(s.position, s.dice, match_score(s)) or ())

    def _touch_refusal(self) -> MoveRefused:
        return MoveRefused(self.rule_set.touch_rule, Words(N_("the checker you picked up must be played")))

    def _why_not(self, step: Step) -> MoveRefused:
        """Why a step cannot be played now, in the engine's words and with its rule."""
        s = self.session
        return (why_not(self.rules, s.position, s.dice, self.chooser.played if self.chooser else (), step)
                or MoveRefused("", Words(N_("not a move of this turn")), str(step)))

    def _why_not_from(self, origin: int) -> MoveRefused:
        """Why the checker on `origin` cannot move: the engine's reason for its first number."""
        s = self.session
        refused = why_not_from(self.rules, s.position, s.dice, self.chooser.played if self.chooser else (), origin)
        if refused is None:
            return MoveRefused("", Words(N_("that checker cannot move now")))
        return MoveRefused(refused.rule, Words(N_("that checker cannot move now: {reason}"),
                                               reason=refused.reason), refused.what)
