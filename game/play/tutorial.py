"""The tutorials (issue 12, "Learning by playing"): games replayed on the real board, turn by
turn, each turn explained as its rule arises. No pygame: the scene (game/scenes/learn/tutorial.py)
shows them, the tests replay them with the rules engine.

Each game's tutorial is a script, data in its own module (game/play/script.py says what a
script holds; game/play/tourne_case_tutorial.py: the example game of 1699;
game/play/garanguet_tutorial.py: a first game of Garanguet), found through SCRIPTS by the game.

`ScriptedSession` is a Session whose throws are the script's dice (the physics dice still fall,
showing those faces); `ScriptThinker` plays the script's moves for the computer. Neither is
ever saved: the player's own match stays as it was.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.base.i18n import N_, Words
from game.play.events import PutBack
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules.refusals import MoveRefused, why_not, why_not_from
from game.rules import IllegalMoveError, Move, Position, Side, Step, rule_set
from game.rules.turn import furthest_steps

from game.play.script import Script, Turn
from game.play.garanguet_tutorial import GARANGUET_FIRST_GAME
from game.play.tourne_case_tutorial import EXAMPLE_GAME_1699

#: Each game's tutorial, by the game (RuleSet.game). Another game adds its own (`SCRIPTS[game] = ...`).
SCRIPTS = {s.game: s for s in (EXAMPLE_GAME_1699, GARANGUET_FIRST_GAME)}


def script_for(game: str) -> Script:
    """The tutorial of a game (a rule set's family, RuleSet.game); ValueError for any other."""
    try:
        return SCRIPTS[game]
    except KeyError:
        raise ValueError(f"no tutorial for {game!r}: choose one of {', '.join(SCRIPTS)}") from None


# --- playing a script ---------------------------------------------------------------------------
class ScriptedSession(Session):
    """A session whose throws are the script's dice and whose position jumps from part to part.
    Never saved: `to_dict` refuses, so nothing can write it over the player's match."""

    def __init__(self, script: Script):
        options = MatchOptions(rules=script.rules, length=1, opponent="computer", human_side=script.you)
        super().__init__(options, random.Random(1699))
        self.script = script
        self.part = 0
        self.turn = 0
        self.played: list[tuple[int, tuple[int, ...], Move]] = []   # (part, dice, move) of each turn
        self.go_to_part(0)

    def go_to_part(self, index: int) -> None:
        """Set out the part's starting position, its first turn to be thrown."""
        part = self.script.parts[index]
        self.part, self.turn = index, 0
        self.position = Position.parse(part.start)
        self.record = {"first": str(self.position.to_move), "turns": []}
        self.phase, self.dice, self.outcome = Phase.THROW, None, None

    @property
    def current(self) -> Turn | None:
        """The turn to play now, or None when this part has no more."""
        turns = self.script.parts[self.part].turns
        return turns[self.turn] if self.turn < len(turns) else None

    @property
    def last(self) -> Turn | None:
        """The turn played last in this part."""
        return self.script.parts[self.part].turns[self.turn - 1] if self.turn else None

    @property
    def has_next_part(self) -> bool:
        return self.part + 1 < len(self.script.parts)

    def throw(self) -> tuple[int, ...]:
        self._expect(Phase.THROW)
        turn = self.current
        if turn is None:
            raise IllegalMoveError("the tutorial has no more turns here")
        self.dice = turn.dice
        self.throw_seed = self.rng.getrandbits(64)
        self.phase = Phase.MOVE
        return self.dice

    def play(self, move: Move):
        dice = self.dice
        outcome = super().play(move)
        self.played.append((self.part, dice, move))
        self.turn += 1
        return outcome


class ScriptThinker:
    """The computer's side of a tutorial: the script's move for the turn being played."""

    def __init__(self, session: ScriptedSession):
        self.session = session
        self._move: Move | None = None

    def ready(self) -> bool:
        return True

    def start(self, position, dice, match) -> None:
        turn = self.session.current
        self._move = Move.parse(turn.move) if turn is not None else Move(())

    def poll(self) -> Move | None:
        move, self._move = self._move, None
        return move


def on_script(rules, position: Position, dice, played, steps, move: Move) -> bool:
    """Whether playing `steps` after `played` can still end in the script's `move` (the same
    final position, in any order of its steps)."""
    target = rules.apply(position, move, dice)
    side = position.to_move
    goal = (target.checkers(side), target.checkers(side.other))
    seen: set = set()

    def reaches(chain: tuple[Step, ...]) -> bool:
        try:
            board = rules.play_steps(position, chain)
        except IllegalMoveError:
            return False
        key = (board.checkers(side), board.checkers(side.other), len(chain))
        if key in seen:
            return False
        seen.add(key)
        following = rules.next_steps(position, dice, chain)
        if not following:
            return rules.is_turn_complete(position, dice, chain) and key[:2] == goal
        return any(reaches((*chain, s)) for s in following)

    return reaches((*played, *steps))


def replay(script: Script):
    """Every turn of a script with the position before it: (part index, turn, position before),
    checked legal by the rules engine as it goes (IllegalMoveError otherwise)."""
    rules = rule_set(script.rules).rules
    out = []
    for index, part in enumerate(script.parts):
        position = Position.parse(part.start)
        for turn in part.turns:
            if position.to_move is not turn.side:
                raise IllegalMoveError(f"{turn.move}: it is {position.to_move.title}'s turn, not {turn.side.title}'s")
            out.append((index, turn, position))
            position = rules.apply(position, Move.parse(turn.move), turn.dice)
    return out


# --- the flow of a tutorial ---------------------------------------------------------------------
@dataclass(frozen=True)
class OffScript:
    """A legal step that is not the script's: the tutorial follows its game."""

    step: Step
    turn: Turn


@dataclass(frozen=True)
class Hinted:
    turn: Turn                 # the H key: the script's move, said


@dataclass(frozen=True)
class Told:
    words: str                 # a short note (an English message marked N_)


NOT_THIS_TURN = N_("no number of this throw, nor a sum of them, takes that checker there")
CANNOT_MOVE = N_("that checker has no move with this throw")


class TutorialFlow(GameFlow):
    """The play flow of a tutorial: the person's steps must follow the script. A step the rules
    forbid is refused with the engine's reason and rule (MoveRefused); a legal step that leaves the
    script is refused too (OffScript), saying what the script plays. A move once played stays
    played (a step within the turn can be taken back); H says the script's move."""

    @property
    def can_undo(self) -> bool:
        return self.stage is Stage.CHOOSE and bool(self.chooser.played)

    def _script_move(self) -> Move:
        turn = self.session.current
        return Move.parse(turn.move) if turn is not None else Move(())

    def _follows(self, steps) -> bool:
        s = self.session
        return on_script(self.rules, s.position, s.dice, self.chooser.played, tuple(steps), self._script_move())

    def _refused_from(self, origin: int) -> MoveRefused:
        s = self.session
        said = why_not_from(self.rules, s.position, s.dice, self.chooser.played, origin)
        return said or MoveRefused("", Words(CANNOT_MOVE), str(origin))

    def pick(self, location: int) -> list:
        chooser = self.chooser
        if (self.stage is Stage.CHOOSE and not chooser.locked and location not in chooser.origins()
                and location in self.shown.checkers(self.to_move)):
            held = chooser.selected
            if held is not None and chooser.drop():
                self._emit(PutBack(held))
            self._emit(self._refused_from(location))
            return self._flush()
        return super().pick(location)

    def _offer_choice(self) -> None:
        """As the table's, the script's move preferred where a sum can be played in two orders."""
        super()._offer_choice()
        self.chooser.prefer = (self._script_move(),)

    def drop(self, location: int | None, dragged: bool = False) -> list:
        """A drop the script plays is played - by one number or, through the intermediate
        points, by the sum; any other is refused, saying why."""
        chooser = self.chooser
        if (self.stage is Stage.CHOOSE and chooser.selected is not None and location is not None
                and location != chooser.selected):
            origin = chooser.selected
            route = chooser.route(location)
            if route and self._follows(route):
                return super().drop(location, dragged)
            if route:
                self._emit(OffScript(Step(origin, location, route[-1].hit), self.session.current))
            else:
                s = self.session
                wanted = Step(origin, location)
                said = why_not(self.rules, s.position, s.dice, chooser.played, wanted)
                self._emit(said or MoveRefused("", Words(NOT_THIS_TURN), str(wanted)))
            chooser.drop()
            self._emit(PutBack(origin))
            return self._flush()
        return super().drop(location, dragged)

    def furthest(self, location: int) -> list:
        """A double-click takes the checker as far as the script's move goes with it."""
        chooser = self.chooser
        if self.stage is not Stage.CHOOSE or chooser.locked:
            return super().furthest(location)
        steps = furthest_steps(self.rules, chooser.position, chooser.dice, chooser.played, location)
        if not steps:
            return self.pick(location)
        kept = next((k for k in range(len(steps), 0, -1) if self._follows(steps[:k])), 0)
        if kept == 0:
            self._emit(OffScript(steps[0], self.session.current))
            return self._flush()
        self._queue = list(steps[:kept])
        self._play_queued()
        return self._flush()

    def next_script_step(self) -> Step | None:
        """A step the script plays next from here (the picked checker's, if it has one)."""
        if self.stage is not Stage.CHOOSE:
            return None
        steps = sorted(self.chooser.steps(), key=lambda st: st.origin != self.chooser.selected)
        return next((st for st in steps if self._follows((st,))), None)

    def hint(self) -> list:
        turn = self.session.current
        if self.stage is Stage.CHOOSE and turn is not None and turn.play:
            self._emit(Hinted(turn))
        else:
            self._emit(Told(N_("The tutorial shows its move when it is your move.")))
        return self._flush()

    def undo(self) -> list:
        if self.can_undo:
            return super().undo()
        self._emit(Told(N_("The tutorial follows its game: a move once played stays played.")))
        return self._flush()


def new_flow(session: ScriptedSession) -> TutorialFlow:
    """The tutorial's flow on its session: the script plays the computer's side; nothing saved."""
    thinkers = {side: ScriptThinker(session) for side in Side if session.is_computer(side)}
    return TutorialFlow(session, lambda: None, thinkers, None, False)
