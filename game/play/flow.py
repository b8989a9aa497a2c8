"""The play flow: one game of any rule set, turn by turn, over a `Session` - no pygame.

A screen, a test or a tutorial drives it the same way: it sends the player's *intents* and
gets back *events* to show. The flow asks the session for everything random (the dice faces
come from the session's seeded generator, C-3) and saves the session after every throw and
every move, through the `save` it is given.

How a turn goes (the stages, `Stage`):

    THROW   the side to move is to throw. A person sends `throw()`; for the computer the
            screen waits a moment and sends `proceed()`. The session throws: ThrowStarted
            (faces and physics seed) -> ROLL.
    ROLL    the screen shows the dice falling with physics. Each throw it had to take again
            is reported with `rethrown(cause)` (ThrowTakenAgain, C-2); `proceed()` says the dice
            lie still. A doublet or triplet is announced (Announced: C-4, G-5, G-6). Then:
              no legal move          -> TurnPassed -> PASS (`proceed()` plays the pass);
              the computer to move   -> ThinkingStarted -> THINK;
              a person to move       -> ChoiceOffered -> CHOOSE.
    THINK   the computer's `Thinker` (game/play/players.py) works, off the main thread in the
            game. Once the screen has let it "look" at the dice, `proceed()`; each `poll()`
            then checks whether the move is ready, and plays its first step: StepPlayed ->
            MOVING.
    CHOOSE  a person composes the turn: `pick(location)` picks up a checker, `drop(location)`
            plays it there (StepPlayed -> MOVING) or `drop(None)` puts it back; `undo()` takes
            the last step back; `hint()` toggles the hints. A step the rules forbid is refused
            with the rule and the reason (MoveRefused); touch-move (C-5) holds a picked checker
            and forbids taking back.
    MOVING  the screen shows one step; `proceed()` when it has landed. More steps follow
            (the computer's, or the person's next pick in CHOOSE); the last one ends the turn:
            the session plays the move, saves, TurnEnded, and the next turn's TurnBegan -> THROW.
            With `player_ends` (the table, not online nor the tutorial), a person's move whole
            on the board waits in CHOOSE instead (MoveComplete) until `end_move()`; `undo()`
            takes its steps back until then. Until the opponent throws, `undo()` takes a
            person's whole move back (MoveTakenBack); against the computer, at the person's
            next throw it takes back their last move and the computer's reply together (the
            generator is restored too, so the computer's dice come again the same).
    OVER    the game is won: GameOver (winner, points, and the rule that scores it, from the
            registry). `resign()` at any time gives up the match: Resigned -> OVER.

Every intent returns the list of events it caused, in order; an intent that does not fit the
stage changes nothing (at most a Notice saying why).

The flow knows no game by name: what differs between games - what a throw announces, the
touch-move rule, a single play played by itself, why a win scores what it does, the bearing-off
notice - is asked of the session's `RuleSet` (game/rules). The events are in game/play/events.py,
the stages in game/play/stage.py, a person's intents while choosing in game/play/choosing.py, a
turn's bookkeeping in game/rules/turn.py, the refusals in game/rules/refusals.py.
"""
from __future__ import annotations

from typing import Callable

from game.base.i18n import N_, Words
from game.play.choosing import Choosing
from game.play.events import (Announced, BearingOffBegun, GameOver, MoveComplete, MoveTakenBack,
                              Notice, NumbersLost, OpponentMoved, PlayedForYou, Resigned, StepPlayed,
                              StepTakenBack, ThinkingStarted, ThrowStarted, ThrowTakenAgain, TurnBegan,
                              TurnEnded, TurnPassed)
from game.play.session import Phase, Session
from game.play.players import Advisor, Thinker, match_score
from game.play.stage import Stage
from game.rules import IllegalMoveError, Move, Outcome, Position, Side, Step
from game.rules.refusals import MoveRefused, refusal
from game.rules.turn import Chooser, dice_marks, lost_numbers


class GameFlow(Choosing):
    """One game of the session's rule set, from its first throw to its end (see the module).

    session: the match being played (the flow changes it only through its own methods, and
    restores it in place on a take-back). save: called after every throw and every move.
    thinkers: the `Thinker` for each side the computer plays (game/play/players.py: threaded in the
    game, synchronous in tests) and for a side the other game plays (an online match: the
    link's thinker). advisor: gives hints, or None.
    touch_move: C-5 for this game (the screen may change it between turns).
    dealer: deals the throws from outside (an online match's link, game/online/link.py):
    `deal(session)` gives the session's next throw (a Dealt, handed to the session here), or
    None while it waits - the flow then stays at THROW and asks again at its next `poll()`. A
    move handed to the session is told to it (`moved(session, side, move, turn)`) before it is
    saved; a move once sent is never taken back. While the dealer is `unsaved` (messages wait
    for a save before they go out), every intent ends with a save.
    player_ends: a person's move whole on the board waits for `end_move()` (see the module).
    """

    def __init__(self, session: Session, save: Callable[[], None], thinkers: dict[Side, Thinker] | None = None,
                 advisor: Advisor | None = None, touch_move: bool = False, dealer=None,
                 player_ends: bool = False):
        self.session = session
        self.rule_set, self.rules = session.rule_set, session.rules     # the session's, for ever
        self.save = save
        self.thinkers = thinkers or {}
        self.advisor = advisor
        self.touch_move = bool(touch_move or session.options.touch_move)
        self.dealer = dealer
        self.player_ends = player_ends
        self._dealing = False                               # a throw waits for the dealer
        self.stage = Stage.THROW
        self.chooser: Chooser | None = None
        self.shown = session.position     # the board shown: a turn's steps so far included
        self.hints: tuple | None = None
        self.last_move: tuple[Side, Move] | None = None    # for a faint trail of what just happened
        self._undo = None                                   # (snapshot, move, picks): a person's last move
        self._replied = None                                # the same while the computer replies
        self._reply = None                                  # (snapshot, move, picks, reply): both, at the person's throw
        self._move: Move | None = None                      # the computer's move being shown
        self._shown_steps = 0
        self._thought = False                               # the screen let the computer look
        self._queue: list[Step] = []                        # a double-click's steps still to play
        self._route: list[Step] = []                        # a checker moved by a sum: its steps still to show
        self._out: list = []

    # --- reading ---------------------------------------------------------------------------
    @property
    def to_move(self) -> Side:
        return self.session.to_move

    def plays_itself(self, side: Side | None = None) -> bool:
        """The computer or the other game (online) throws and moves for this side, not a person
        at this screen."""
        return not self.session.is_person(self.to_move if side is None else side)

    @property
    def can_undo(self) -> bool:
        if self.touch_move:
            return False
        return (self.stage is Stage.CHOOSE and bool(self.chooser.played)) or (
            self.stage is Stage.THROW and (self._undo is not None or self._reply is not None))

    @property
    def takes_reply(self) -> bool:
        """U at the person's throw takes back their last move with the computer's reply."""
        return self.stage is Stage.THROW and self._reply is not None and not self.touch_move

    def dice_marks(self) -> tuple[str, ...]:
        """Per die: "played" (counts, still to play) or "dim" (game/rules/turn.py, `dice_marks`)."""
        dice = self.session.dice
        if dice is None:
            return ()
        chooser = self.chooser if self.stage in (Stage.CHOOSE, Stage.MOVING) else None
        return dice_marks(self.rule_set, dice, chooser, self.stage is Stage.CHOOSE)

    # --- intents in ------------------------------------------------------------------------
    def start(self) -> list:
        """Begin (or resume) the game where the session is: a throw, or dice already thrown."""
        s = self.session
        if s.phase is Phase.MOVE:
            self.stage = Stage.ROLL
            self.shown = s.position
            self._emit(ThrowStarted(s.to_move, s.dice, s.throw_seed, resumed=True))
        elif s.phase is Phase.THROW:
            self._begin_turn()
        elif s.phase is Phase.GAME_OVER and s.outcome is not None:
            self._game_over(s.outcome)
        return self._flush()

    def throw(self) -> list:
        """A person throws the dice."""
        if self.stage is not Stage.THROW:
            return []
        if self.plays_itself():
            self._emit(Notice(Words(N_("Your friend throws their own dice") if self.session.is_remote(self.to_move)
                                    else N_("The computer throws its own dice"))))
            return self._flush()
        self._throw()
        return self._flush()

    def rethrown(self, cause: str) -> list:
        """The screen had to take a throw again (C-2): say so."""
        if self.stage is Stage.ROLL:
            self._emit(ThrowTakenAgain(cause))
        return self._flush()

    def undo(self) -> list:
        """Take back the last step of this turn, or a person's whole move until the opponent
        throws, or at the person's next throw their move with the computer's reply (never with
        touch-move, C-5)."""
        if self.touch_move:
            self._emit(MoveRefused(self.rule_set.touch_rule,
                                   Words(N_("touch-move is on: a move cannot be taken back"))))
        elif self.stage is Stage.CHOOSE and self.chooser.played:
            step = self.chooser.take_back()
            self.shown = self.chooser.shown()
            self._emit(StepTakenBack(step))
        elif self.stage is Stage.THROW and self._undo is not None:
            saved, move, picks = self._undo
            self._undo = self.last_move = None
            self.session.restore(saved)
            self.save()
            s = self.session
            self.chooser = Chooser(self.rules, s.position, s.dice, False, move.steps,
                                   prefer=self._preferred, picks=picks)
            step = self.chooser.take_back()          # the last pick-and-drop: a sum's steps together
            self.shown = self.chooser.shown()
            self.stage = Stage.CHOOSE
            self._emit(MoveTakenBack(s.to_move, move))
            self._emit(StepTakenBack(step))
        elif self.stage is Stage.THROW and self._reply is not None:
            saved, move, _picks, reply = self._reply
            self._reply = self.last_move = None
            self.session.restore(saved)            # the generator too: the same dice come again
            self.save()
            s = self.session
            self.chooser = Chooser(self.rules, s.position, s.dice, False, prefer=self._preferred)
            self.shown = s.position
            self.stage = Stage.CHOOSE
            self._emit(MoveTakenBack(s.to_move, move, reply, whole=True))
        else:
            self._emit(Notice(Words(N_("Nothing to take back"))))
        return self._flush()

    def resign(self) -> list:
        """The person gives up the match (the screen then abandons it)."""
        if self.stage is not Stage.OVER:
            self.stage = Stage.OVER
            self._undo = self._reply = None
            self._emit(Resigned(self.to_move))
        return self._flush()

    def proceed(self) -> list:
        """"Continue": the screen has shown what it was showing (a pause, the dice falling, a
        step landing, the pass notice); the flow goes on with what comes next by itself."""
        stage = self.stage
        if stage is Stage.THROW and self.plays_itself():
            self._throw()
        elif stage is Stage.ROLL:
            self._dice_down()
        elif stage is Stage.PASS:
            self._commit(Move(()))
        elif stage is Stage.THINK:
            self._thought = True
            self._poll_thinker()
        elif stage is Stage.MOVING:
            self._step_landed()
        return self._flush()

    def poll(self) -> list:
        """Each frame: the computer's (or the other game's) move, once its thinking is done;
        a throw the dealer made wait, once dealt."""
        if self.stage is Stage.THROW and self._dealing:
            self._throw()
        elif self.stage is Stage.THINK and self._thought:
            self._poll_thinker()
        return self._flush()

    # --- inside ----------------------------------------------------------------------------
    def _emit(self, event) -> None:
        self._out.append(event)

    def _flush(self) -> list:
        if self.dealer is not None and self.dealer.unsaved:
            self.save()                 # what the dealer queued goes out once saved
        out, self._out = self._out, []
        return out

    def _begin_turn(self) -> None:
        s = self.session
        self.shown = s.position
        self.chooser = None
        self.hints = None
        self.stage = Stage.THROW
        self._emit(TurnBegan(s.to_move, self.plays_itself(s.to_move)))

    def _throw(self) -> None:
        s = self.session
        if s.phase is not Phase.THROW:
            return
        # The turn is handed over: no taking back now - but against the computer the person's
        # move is kept, to be taken back with the computer's reply at the person's next throw.
        self._replied = self._undo if self.session.is_computer(s.to_move) else None
        self._undo = self._reply = None
        if self.dealer is not None:
            dealt = self.dealer.deal(s)
            self._dealing = dealt is None
            if self._dealing:
                return
            s.next_throw = dealt
        s.throw()
        self.save()
        self.stage = Stage.ROLL
        self._emit(ThrowStarted(s.to_move, s.dice, s.throw_seed, forced=not s.legal_moves()))

    def _dice_down(self) -> None:
        s = self.session
        said = self.rule_set.announcement(s.dice)      # C-4, G-5, G-6
        if said:
            self._emit(Announced.of(said))
        plays = s.plays()
        if not plays:
            self.stage = Stage.PASS
            self._emit(TurnPassed(s.to_move, Words(N_("no move can be played: the turn passes")),
                                  self.rules.play_all_rule))
            return
        first, after = plays[0]
        lost = lost_numbers(self.rules, s.dice, first)
        if lost and self.rule_set.lost_numbers_rule and not self.rules.outcome(after):   # not the winning throw's rest
            self._emit(NumbersLost(s.to_move, lost, self.rule_set.lost_numbers_rule))
        if self.plays_itself(s.to_move):
            self.stage = Stage.THINK
            self._thought = False
            thinker = self.thinkers[s.to_move]
            thinker.start(s.position, s.dice, match_score(s))
            self._emit(ThinkingStarted(s.to_move, thinker.ready()))
        elif self.rule_set.plays_single and len(plays) == 1:
            self._emit(PlayedForYou(s.to_move, first))
            self._move, self._shown_steps = first, 0
            self.stage = Stage.MOVING
            self._show_next_step()
        else:
            self._offer_choice()

    def _poll_thinker(self) -> None:
        move = self.thinkers[self.to_move].poll()
        if move is None:
            return
        s = self.session
        self._move, self._shown_steps = move, 0
        self._emit(OpponentMoved(self.to_move, s.position, s.dice, move,
                                 self.rules.play_steps(s.position, move.steps).passed()))
        self.stage = Stage.MOVING
        self._show_next_step()

    def _show_next_step(self) -> None:
        move = self._move
        if not move.steps:                 # nothing to show (the thinker passed): play it
            self._commit(move)
            return
        step = move.steps[self._shown_steps]
        before = self.shown
        self.shown = self.rules.play_steps(before, (step,))
        self._shown_steps += 1
        self._emit(StepPlayed(self.to_move, step, before, self.shown, "opponent",
                              self._shown_steps == len(move.steps)))
        self._bearing_off(step, before)

    def _step_landed(self) -> None:
        if self._move is not None:
            if self._shown_steps < len(self._move.steps):
                self._show_next_step()
            else:
                move, self._move = self._move, None
                self._commit(move)
        elif self._route:
            self._show_person_step(self.shown)
        elif self.chooser.complete:
            self._queue = []
            if self.player_ends and not self.touch_move:      # the person ends it (or takes it back)
                self.stage = Stage.CHOOSE
                self._emit(MoveComplete(self.to_move, Move(self.chooser.played)))
            else:
                self._commit(Move(self.chooser.played))
        elif self._queue:
            self._play_queued()
        else:
            self.stage = Stage.CHOOSE

    def _commit(self, move: Move) -> None:
        """Hand the turn's move to the session; keep what is needed to take it back (a snapshot
        of the turn: nothing is replayed to take it back)."""
        s = self.session
        side = s.to_move
        person = bool(move.steps) and not self.plays_itself(side) and self.dealer is None
        saved = s.snapshot() if person else None
        turn = list(s.throw_key)
        try:
            outcome = s.play(move)
        except IllegalMoveError as error:  # the engine disagrees with what was shown: say so, retry
            self._emit(refusal(error))
            self._move = None
            self._offer_choice()
            return
        if self.dealer is not None:
            self.dealer.moved(s, side, move, turn)
        self.save()
        self.last_move = (side, move) if move.steps else None
        picks = self.chooser.picks if self.chooser is not None else ()
        self._undo = (saved, move, picks) if person and not self.touch_move else None
        replied, self._replied = self._replied, None
        if replied is not None and outcome is None and not person:
            self._reply = (*replied, move)
        self._emit(TurnEnded(side, move))
        if outcome is None:
            self._begin_turn()
        else:
            self.shown = s.position
            self._game_over(outcome)

    def _game_over(self, outcome: Outcome) -> None:
        self.stage = Stage.OVER
        self._undo = self._reply = None
        self._emit(GameOver(outcome, self.rule_set.scoring_rule, self.rule_set.points_words(outcome)))

    def _bearing_off(self, step: Step, before: Position) -> None:
        """The first checker a side bears off is announced (G-9)."""
        if self.rule_set.begins_bearing_off(step, before):
            self._emit(BearingOffBegun(before.to_move))
