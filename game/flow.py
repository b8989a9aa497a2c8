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
    THINK   the computer's `Thinker` (game/players.py) works, off the main thread in the
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
            Until the opponent throws, `undo()` takes a person's whole move back (MoveTakenBack).
    OVER    the game is won: GameOver (winner, points, and the rule that scores it, from the
            registry). `resign()` at any time gives up the match: Resigned -> OVER.

Every intent returns the list of events it caused, in order; an intent that does not fit the
stage changes nothing (at most a Notice saying why).
"""
from __future__ import annotations

import copy
import enum
import re
from dataclasses import dataclass
from typing import Callable

from game.i18n import N_, Words
from game.match import Phase, Session
from game.players import Advisor, Thinker, match_score
from game.rules import DOUBLET_NAMES, IllegalMoveError, Move, Outcome, Position, Side, Step, rule_set
from game.turn import Chooser


class Stage(enum.StrEnum):
    THROW = "throw"        # waiting for the side to move to throw
    ROLL = "roll"          # the dice are falling on screen
    THINK = "think"        # the computer is choosing its move
    CHOOSE = "choose"      # a person composes the turn step by step
    MOVING = "moving"      # a step is being shown
    PASS = "pass"          # no legal move: the turn passes once shown
    OVER = "over"          # the game is won (or the match given up)


# --- events out --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnBegan:
    side: Side
    computer: bool             # the computer throws (after the screen's pause) by `proceed()`


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
    by: str                    # "person" or "computer"
    last: bool                 # this step completes the turn
    dropped: bool = False      # a person dragged the checker there (it settles, no glide)


@dataclass(frozen=True)
class StepTakenBack:
    step: Step


@dataclass(frozen=True)
class MoveTakenBack:
    side: Side
    move: Move


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


# --- the flow --------------------------------------------------------------------------------
RULE_IN_MESSAGE = re.compile(r"\(([A-Z]+-\d+)\)")


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


def announcement(game: str, dice: tuple[int, ...]) -> Announced | None:
    """What is announced for a throw: a Tourne Case doublet (C-4); in Garanguet a doublet over a
    lower third (G-5, named as C-4 says) or a triplet (G-6)."""
    if game != "garanguet":
        return Announced("doublet", dice[0], DOUBLET_NAMES[dice[0]], "C-4") if len(set(dice)) == 1 else None
    low, middle, high = sorted(dice)
    if low == high:
        return Announced("triplet", low, "", "G-6")
    if middle == high:
        return Announced("doublet", high, DOUBLET_NAMES[high], "G-5")
    return None


def lost_numbers(rules, dice, move: Move) -> tuple[int, ...]:
    """The numbers of a throw that a legal play leaves unplayed (G-7, TB-2): the same for every
    legal play, since each plays as many numbers as any can."""
    left = list(rules.numbers(dice))
    for step in move.steps:
        number = rules.step_number(step)
        if number in left:
            left.remove(number)
    return tuple(sorted(left))


def numbers_left(rules, dice, played) -> list[int]:
    """The throw's numbers still to play after `played`: each step takes its own distance, or,
    bearing off from short of the rim (G-9), the smallest larger number left."""
    left = sorted(rules.numbers(dice))
    for step in played:
        distance = rules.step_number(step)
        if distance in left:
            left.remove(distance)
        elif step.destination > rules.last_point and any(n > distance for n in left):
            left.remove(min(n for n in left if n > distance))
    return left


def playable_numbers(rules, left, steps) -> set[int]:
    """Which of the numbers left some next step can use (a bear-off takes a larger one too)."""
    out = set()
    for step in steps:
        distance = rules.step_number(step)
        out |= {n for n in left if n == distance or (step.destination > rules.last_point and n > distance)}
    return out


POINTS_REASONS = {     # (game, points, loser) -> why a won game scores so, with its rule
    ("garanguet", 2, Side.WHITE): N_("White had borne off no checker: 2 points ({rule})"),
    ("garanguet", 2, Side.BLACK): N_("Black had borne off no checker: 2 points ({rule})"),
    ("garanguet", 1, Side.WHITE): N_("White had begun bearing off: 1 point ({rule})"),
    ("garanguet", 1, Side.BLACK): N_("Black had begun bearing off: 1 point ({rule})"),
    ("tourne-case", 2, Side.WHITE): N_("White had not entered all three checkers, or had one on the bar: "
                                       "2 points ({rule})"),
    ("tourne-case", 2, Side.BLACK): N_("Black had not entered all three checkers, or had one on the bar: "
                                       "2 points ({rule})"),
    ("tourne-case", 1, Side.WHITE): N_("White had entered all three checkers: 1 point ({rule})"),
    ("tourne-case", 1, Side.BLACK): N_("Black had entered all three checkers: 1 point ({rule})"),
}


def points_words(rule_set_, position, outcome: Outcome) -> Words:
    """Why a won game scores what it does, in words said when shown, with its rule (G-10,
    TB-4, TC-9)."""
    rule = rule_set_.scoring_rule
    if rule_set_.max_points == 1:
        return Words(N_("1 point ({rule})"), rule=rule)
    game = "garanguet" if rule_set_.game == "garanguet" else "tourne-case"
    return Words(POINTS_REASONS[(game, outcome.points, outcome.winner.other)], rule=rule)


def points_reason(rule_set_, position, outcome: Outcome):
    """Why a won game scores what it does, in the language spoken now (capitalised)."""
    return points_words(rule_set_, position, outcome).said()


def furthest_steps(rules, position, dice, played, origin: int) -> tuple[Step, ...]:
    """The steps that take the checker on `origin` as far as it can go this turn (a double-click):
    one checker, the furthest destination, the fewest steps on a tie."""
    best: tuple[Step, ...] = ()

    def search(at: int, chain: tuple[Step, ...]) -> None:
        nonlocal best
        if chain and (chain[-1].destination > (best[-1].destination if best else -99)
                      or (chain[-1].destination == best[-1].destination and len(chain) < len(best))):
            best = chain
        for step in rules.next_steps(position, dice, (*played, *chain)):
            if step.origin == at:
                search(step.destination, (*chain, step))

    search(origin, ())
    return best


class GameFlow:
    """One game of the session's rule set, from its first throw to its end (see the module).

    session: the match being played (the flow changes it only through its own methods, and
    restores it in place on a take-back). save: called after every throw and every move.
    thinkers: the `Thinker` for each side the computer plays (game/players.py: threaded in the
    game, synchronous in tests). advisor: gives hints, or None.
    touch_move: C-5 for this game (the screen may change it between turns).
    """

    def __init__(self, session: Session, save: Callable[[], None], thinkers: dict[Side, Thinker] | None = None,
                 advisor: Advisor | None = None, touch_move: bool = False):
        self.session = session
        self.rule_set = rule_set(session.options.rules)
        self.save = save
        self.thinkers = thinkers or {}
        self.advisor = advisor
        self.touch_move = bool(touch_move or session.options.touch_move)
        self.stage = Stage.THROW
        self.chooser: Chooser | None = None
        self.shown = session.position     # the board shown: a turn's steps so far included
        self.hints: tuple | None = None
        self.last_move: tuple[Side, Move] | None = None    # for a faint trail of what just happened
        self._undo: tuple[dict, Move] | None = None         # a person's last move, until hand-over
        self._move: Move | None = None                      # the computer's move being shown
        self.computer_move: tuple | None = None             # (side, position, dice, move): the computer's last
        self._shown_steps = 0
        self._thought = False                               # the screen let the computer look
        self._queue: list[Step] = []                        # a double-click's steps still to play
        self._out: list = []
        # Garanguet plays a single legal play by itself (a person's turn with no choice)
        self.auto_single = self.rule_set.game == "garanguet"
        self.touch_rule = "G-11" if self.rule_set.game == "garanguet" else "C-5"

    # --- reading ---------------------------------------------------------------------------
    @property
    def rules(self):
        return self.session.rules

    @property
    def to_move(self) -> Side:
        return self.session.to_move

    def is_computer(self, side: Side | None = None) -> bool:
        return self.session.is_computer(self.to_move if side is None else side)

    @property
    def can_undo(self) -> bool:
        if self.touch_move:
            return False
        return (self.stage is Stage.CHOOSE and bool(self.chooser.played)) or (
            self.stage is Stage.THROW and self._undo is not None)

    def dice_marks(self) -> tuple[str, ...]:
        """Per die: "played" (counts, still to play) or "dim" (does not count (TC-1), already
        used, or cannot be played and is lost (TB-2))."""
        dice = self.session.dice
        if dice is None:
            return ()
        if self.rule_set.game == "garanguet":
            return self._garanguet_marks(dice)
        counts = list(self.rules.numbers(dice))
        chooser = self.chooser if self.stage in (Stage.CHOOSE, Stage.MOVING) else None
        used = [self.rules.step_number(st) for st in (chooser.played if chooser else ())]
        playable = ({self.rules.step_number(st) for st in chooser.steps()}
                    if chooser and self.stage is Stage.CHOOSE else None)
        marks = []
        for value in dice:
            if value in counts:
                counts.remove(value)
                if value in used:
                    used.remove(value)
                    marks.append("dim")
                else:
                    marks.append("played" if playable is None or value in playable else "dim")
            else:
                marks.append("dim")
        return tuple(marks)

    def _garanguet_marks(self, dice) -> tuple[str, ...]:
        """Three dice for up to six numbers (G-5, G-6): a die stays lit while its share of its
        number is still to play, and some step can play it."""
        chooser = self.chooser if self.stage in (Stage.CHOOSE, Stage.MOVING) else None
        numbers = list(self.rules.numbers(dice))
        left = numbers_left(self.rules, dice, chooser.played if chooser else ())
        playable = (playable_numbers(self.rules, left, chooser.steps())
                    if chooser and self.stage is Stage.CHOOSE else set(left))
        lit = {v: -(-left.count(v) * dice.count(v) // numbers.count(v)) if v in playable else 0
               for v in set(dice)}
        marks = []
        for value in dice:
            marks.append("played" if lit[value] > 0 else "dim")
            lit[value] -= 1
        return tuple(marks)

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
            self.stage = Stage.OVER
            self._emit(GameOver(s.outcome, self.rule_set.scoring_rule,
                                points_words(self.rule_set, s.position, s.outcome)))
        return self._flush()

    def throw(self) -> list:
        """A person throws the dice."""
        if self.stage is not Stage.THROW:
            return []
        if self.is_computer():
            self._emit(Notice(Words(N_("The computer throws its own dice"))))
            return self._flush()
        self._throw()
        return self._flush()

    def rethrown(self, cause: str) -> list:
        """The screen had to take a throw again (C-2): say so."""
        if self.stage is Stage.ROLL:
            self._emit(ThrowTakenAgain(cause))
        return self._flush()

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
        before = chooser.shown()
        step = chooser.step_to(location)
        if step is None:
            self._emit(self._why_not(Step(origin, location)))
            if chooser.drop():
                self._emit(PutBack(origin))
            return self._flush()
        self.hints = None
        self.stage = Stage.MOVING
        self.shown = chooser.shown()
        self._emit(StepPlayed(self.to_move, step, before, self.shown, "person", chooser.complete, dragged))
        self._bearing_off(step, before)
        return self._flush()

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

    def _play_queued(self) -> None:
        step = self._queue.pop(0)
        if self.chooser.selected != step.origin:
            self.chooser.drop()
            self.chooser.pick(step.origin)
        before = self.chooser.shown()
        if self.chooser.step_to(step.destination) is None:      # cannot happen: the search is legal
            self._queue = []
            return
        self.hints = None
        self.stage = Stage.MOVING
        self.shown = self.chooser.shown()
        self._emit(StepPlayed(self.to_move, step, before, self.shown, "person", self.chooser.complete))
        self._bearing_off(step, before)

    def undo(self) -> list:
        """Take back the last step of this turn, or a person's whole move until the opponent
        throws (never with touch-move, C-5)."""
        if self.touch_move:
            self._emit(MoveRefused(self.touch_rule, Words(N_("touch-move is on: a move cannot be taken back"))))
        elif self.stage is Stage.CHOOSE and self.chooser.played:
            step = self.chooser.take_back()
            self.shown = self.chooser.shown()
            self._emit(StepTakenBack(step))
        elif self.stage is Stage.THROW and self._undo is not None:
            saved, move = self._undo
            self._undo = self.last_move = None
            self.session.restore(saved)
            self.save()
            s = self.session
            self.chooser = Chooser(self.rules, s.position, s.dice, False, move.steps[:-1])
            self.shown = self.chooser.shown()
            self.stage = Stage.CHOOSE
            self._emit(MoveTakenBack(s.to_move, move))
            self._emit(StepTakenBack(move.steps[-1]))
        else:
            self._emit(Notice(Words(N_("Nothing to take back"))))
        return self._flush()

    def hint(self) -> list:
        """Show every legal move with its worth, best first; again to hide them."""
        if self.hints is not None:
            self.hints = None
            self._emit(HintsHidden())
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

    def resign(self) -> list:
        """The person gives up the match (the screen then abandons it)."""
        if self.stage is not Stage.OVER:
            self.stage = Stage.OVER
            self._undo = None
            self._emit(Resigned(self.to_move))
        return self._flush()

    def proceed(self) -> list:
        """"Continue": the screen has shown what it was showing (a pause, the dice falling, a
        step landing, the pass notice); the flow goes on with what comes next by itself."""
        stage = self.stage
        if stage is Stage.THROW and self.is_computer():
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
        """Each frame: the computer's move, once its thinking is done."""
        if self.stage is Stage.THINK and self._thought:
            self._poll_thinker()
        return self._flush()

    # --- inside ----------------------------------------------------------------------------
    def _emit(self, event) -> None:
        self._out.append(event)

    def _flush(self) -> list:
        out, self._out = self._out, []
        return out

    def _begin_turn(self) -> None:
        s = self.session
        self.shown = s.position
        self.chooser = None
        self.hints = None
        self.stage = Stage.THROW
        self._emit(TurnBegan(s.to_move, s.is_computer(s.to_move)))

    def _throw(self) -> None:
        s = self.session
        if s.phase is not Phase.THROW:
            return
        self._undo = None                  # the turn is handed over: no taking back now
        s.throw()
        self.save()
        self.stage = Stage.ROLL
        self._emit(ThrowStarted(s.to_move, s.dice, s.throw_seed, forced=not s.legal_moves()))

    def _dice_down(self) -> None:
        s = self.session
        said = announcement(self.rule_set.game, s.dice)
        if said:
            self._emit(said)
        moves = s.legal_moves()
        if not moves:
            self.stage = Stage.PASS
            self._emit(TurnPassed(s.to_move, Words(N_("no move can be played: the turn passes")),
                                  self.rules.play_all_rule))
            return
        lost = lost_numbers(self.rules, s.dice, moves[0])
        if lost and self.rule_set.game == "garanguet" and not self.rules.outcome(
                self.rules.apply(s.position, moves[0], s.dice)):     # not the winning throw's rest
            self._emit(NumbersLost(s.to_move, lost, "G-7"))
        if s.is_computer(s.to_move):
            self.stage = Stage.THINK
            self._thought = False
            thinker = self.thinkers[s.to_move]
            thinker.start(s.position, s.dice, match_score(s))
            self._emit(ThinkingStarted(s.to_move, thinker.ready()))
        elif self.auto_single and len(moves) == 1:
            self._emit(PlayedForYou(s.to_move, moves[0]))
            self._move, self._shown_steps = moves[0], 0
            self.stage = Stage.MOVING
            self._show_next_step()
        else:
            self._offer_choice()

    def _offer_choice(self) -> None:
        s = self.session
        self.stage = Stage.CHOOSE
        self.chooser = Chooser(self.rules, s.position, s.dice, self.touch_move)
        self.shown = s.position
        self._emit(ChoiceOffered(s.to_move))

    def _poll_thinker(self) -> None:
        move = self.thinkers[self.to_move].poll()
        if move is None:
            return
        self._move, self._shown_steps = move, 0
        self.computer_move = (self.to_move, self.session.position, self.session.dice, move)
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
        self._emit(StepPlayed(self.to_move, step, before, self.shown, "computer",
                              self._shown_steps == len(move.steps)))
        self._bearing_off(step, before)

    def _step_landed(self) -> None:
        if self._move is not None:
            if self._shown_steps < len(self._move.steps):
                self._show_next_step()
            else:
                move, self._move = self._move, None
                self._commit(move)
        elif self.chooser.complete:
            self._queue = []
            self._commit(Move(self.chooser.played))
        elif self._queue:
            self._play_queued()
        else:
            self.stage = Stage.CHOOSE

    def _commit(self, move: Move) -> None:
        """Hand the turn's move to the session; keep what is needed to take it back."""
        s = self.session
        side = s.to_move
        person = bool(move.steps) and not s.is_computer(side)
        saved = copy.deepcopy(s.to_dict()) if person else None
        try:
            outcome = s.play(move)
        except IllegalMoveError as error:  # the engine disagrees with what was shown: say so, retry
            self._emit(refusal(error))
            self._move = None
            self._offer_choice()
            return
        self.save()
        self.last_move = (side, move) if move.steps else None
        self._undo = (saved, move) if person and not self.touch_move else None
        self._emit(TurnEnded(side, move))
        if outcome is None:
            self._begin_turn()
        else:
            self.stage = Stage.OVER
            self._undo = None
            self.shown = s.position
            self._emit(GameOver(outcome, self.rule_set.scoring_rule,
                                points_words(self.rule_set, s.position, outcome)))

    def _touch_refusal(self) -> MoveRefused:
        return MoveRefused(self.touch_rule, Words(N_("the checker you picked up must be played")))

    def _bearing_off(self, step: Step, before: Position) -> None:
        """The first checker a side bears off is announced (G-9)."""
        if (self.rule_set.game == "garanguet" and step.destination > self.rules.last_point
                and not any(c > self.rules.last_point for c in before.checkers(before.to_move))):
            self._emit(BearingOffBegun(before.to_move))

    def _why_not(self, step: Step) -> MoveRefused:
        """Why a step cannot be played now, in the engine's words and with its rule."""
        s = self.session
        played = self.chooser.played if self.chooser else ()
        try:
            self.rules.apply(s.position, Move((*played, step)), s.dice)
        except IllegalMoveError as error:
            return refusal(error)
        return MoveRefused("", Words(N_("not a move of this turn")), str(step))

    def _why_not_from(self, origin: int) -> MoveRefused:
        """Why the checker on `origin` cannot move: the engine's reason for its first number."""
        numbers = sorted(set(self.rules.numbers(self.session.dice)))
        for number in numbers:
            refused = self._why_not(Step(origin, max(origin, 0) + number))
            if refused.rule:
                return MoveRefused(refused.rule, Words(N_("that checker cannot move now: {reason}"),
                                                       reason=refused.reason), refused.what)
        return MoveRefused("", Words(N_("that checker cannot move now")))
