"""The tutorials (issue 12, "Learning by playing"): games replayed on the real board, turn by
turn, each turn explained as its rule arises. No pygame: the scene (game/scenes/tutorial.py)
shows them, the tests replay them with the rules engine.

Tutorial 1 is the whole example game of Charpentier's 1699 rules of Tourne Case (docs/rules.md,
"The example game of 1699"): the player makes White's moves, the computer Black's, with the
book's own dice. Between its opening and its ending the book says "and so on until the end of
the game": the tutorial says so too, then sets out the book's ending position.
Tutorial 2 is the first turns of a prepared game of Garanguet (a doublet played double, a
triplet, a block growing to six points), then, many turns later, the start of bearing off.

A script is data: its parts (a starting position and the turns played from it, each with its
dice, its move in the engine's notation and its explanation), and the pages shown before, in
between and after. Every word is an English message marked with N_, translated where it is
shown (game/base/i18n.py).

`ScriptedSession` is a Session whose throws are the script's dice (the physics dice still fall,
showing those faces); `ScriptThinker` plays the script's moves for the computer. Neither is
ever saved: the player's own match stays as it was.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.base.i18n import N_, Words
from game.play.events import PutBack
from game.play.flow import GameFlow, Stage
from game.play.match import MatchOptions, Phase, Session
from game.rules.refusals import MoveRefused, why_not, why_not_from
from game.rules import CHARPENTIER, GARANGUET, IllegalMoveError, Move, Position, Side, Step, rule_set
from game.rules.turn import furthest_steps


@dataclass(frozen=True)
class Page:
    """An explanation shown between turns, read before going on."""

    title: str                 # English messages, marked with N_
    body: str


@dataclass(frozen=True)
class Turn:
    """One turn of the script: who plays it, the dice, the move (engine notation; "pass")."""

    side: Side
    dice: tuple[int, ...]
    move: str
    says: str                  # the turn explained, its rules named (N_)
    play: str = ""             # the player's move in words, for a hint or a move off the script (N_)
    impossible: tuple[str, ...] = ()    # moves the explanation calls impossible (checked by the tests)


@dataclass(frozen=True)
class Part:
    """A stretch of play from a set position. `before` pages are read on the board as it was
    left, `after` pages on this part's starting position."""

    start: str
    turns: tuple[Turn, ...]
    before: tuple[Page, ...] = ()
    after: tuple[Page, ...] = ()


@dataclass(frozen=True)
class Script:
    game: str                  # the rule set's family, RuleSet.game (what the title menu asks for)
    rules: str                 # the rule set's name
    title: str
    you: Side
    opening: tuple[Page, ...]
    parts: tuple[Part, ...]
    closing: tuple[Page, ...]
    throw_hint: str            # the player's throw, said before each of the player's turns
    off_script: str            # a legal move that is not the script's, with {play}
    hint: str                  # the H key: the script's move, with {play}
    their_throw: str = ""      # said while the computer throws and plays its side
    source: dict = field(default_factory=dict)


W, B = Side.WHITE, Side.BLACK

EXAMPLE_GAME_1699 = Script(
    game=rule_set(CHARPENTIER).game, rules=CHARPENTIER.name, title=N_("Tutorial: the example game of 1699"), you=W,
    opening=(Page(N_("Charpentier's book, 1699"), N_(
        "In 1699 the rules of Tourne Case printed by Charpentier in Paris taught the game through "
        "one game, played move by move. Replay it here: you play White, the computer plays Black, "
        "and the dice fall on the book's throws. Each player has three checkers, all off the board "
        "at the start, and takes them along his own row from point 1 to point 12, the home point. "
        "The first with all three at home wins.")),),
    parts=(
        Part("0,0,0/0,0,0/W", (
            Turn(W, (4, 3), "0-3", N_(
                "You threw 4 and 3. In Tourne Case only the lower die is played, the higher one is "
                "ignored (TC-1): you play a 3, not the 4. A checker not yet entered goes to the point "
                "of its number (TC-2): enter one on point 3. Click a white checker beside the board, "
                "then point 3."), N_("enter a checker on point 3"), ("0-4",)),
            Turn(B, (1, 1), "0-1", N_(
                "Black threw \"Bezas\", two aces. A doublet gives its number once, and nobody throws "
                "again (TC-1): Black plays a single 1 and enters a checker on point 1."),
                impossible=("0-1 1-2",)),
            Turn(W, (5, 1), "0-1*", N_(
                "5 and 1: you play the 1 (TC-1). The book enters a second checker on point 1. It lands "
                "facing Black's checker on Black's point 1: that checker is hit and goes back off the "
                "board, to enter again later (TC-6). Moving 3 to 4 would be legal too, but the book "
                "plays the hit."), N_("enter a checker on point 1, hitting Black's checker"), ("0-5",)),
            Turn(B, (6, 6), "0-6", N_(
                "Black threw \"Sonnés\", double six. A 6 is played only with this throw, once in 36 "
                "throws: small numbers come far more often than large ones, and that is the whole "
                "charm of the game. Black enters on point 6.")),
            Turn(W, (3, 2), "3-5", N_(
                "3 and 2: you play a 2, and only one move is possible. A new checker cannot enter on "
                "2: it would pass your checker on 1, and a checker never passes one of its own "
                "(TC-4). 1 to 3 lands on your own checker, and a point holds only one (TC-3). So play "
                "3 to 5 - but first try one of the others, and see the game refuse it."),
                N_("move the checker on 3 to point 5"), ("0-2", "1-3")),
            Turn(B, (6, 6), "6-12", N_(
                "\"Sonnés\" again. Black cannot enter on 6, where its own checker stands (TC-3), so it "
                "plays 6 to 12: the home point, the \"coin de repos\", reached by the exact number "
                "(TC-5). There the checker is safe: it can never be hit (TC-6)."),
                impossible=("0-6",)),
        )),
        Part("3,8,12/6,12,12/W", (
            Turn(W, (5, 5), "pass", N_(
                "\"Quines\": you play one 5. 3 to 8 lands on your own checker (TC-3), and 8 to 13 "
                "would go past the home point, which is reached only by the exact number (TC-5). No "
                "move can be played, so the turn passes (TC-7)."), impossible=("3-8", "8-13")),
            Turn(B, (4, 2), "6-8*", N_(
                "Black threw 4 and 2 and plays the 2: 6 to 8, facing your checker on 8. Your checker "
                "is hit and leaves the board: it will have to enter again from the start (TC-6).")),
            Turn(W, (5, 2), "0-2", N_(
                "5 and 2: you play a 2. A hit checker comes back like a new one, when its owner "
                "chooses (TC-8): the book enters it on point 2. Moving 3 to 5 would be legal as "
                "well."), N_("enter the hit checker on point 2")),
            Turn(B, (5, 4), "8-12", N_(
                "Black threw 5 and 4 and plays the 4: 8 to 12, home by the exact number. All three of "
                "Black's checkers are home: Black wins the game and scores 1 point (TC-9).")),
        ), before=(Page(N_("And so on..."), N_(
            "\"And so on until the end of the game\", says the book: it leaves out the middle of the "
            "game and takes it up again near the end. The tutorial does the same. Continue to see "
            "the position the book gives.")),),
            after=(Page(N_("Near the end"), N_(
                "The book's position: your checkers are on 3, 8 and at home; Black has one on 6 and "
                "two at home. It is your turn to throw.")),)),
    ),
    closing=(Page(N_("The end of the game of 1699"), N_(
        "That was the whole example game. You have met the lower die, one checker to a point, no "
        "passing your own checkers, the exact number home, the hit and the forced pass. The rules "
        "screen has them all, with pictures. Continue to go back to the title.")),),
    throw_hint=N_("Throw the dice: press Space, click Throw, or fling them with the mouse. They "
                  "will fall on the book's throw."),
    off_script=N_("A legal move, but not the book's. The tutorial replays the game of 1699, and "
                  "here the book plays: {play}."),
    hint=N_("The book plays: {play}."),
    their_throw=N_("The computer throws the book's dice for Black and plays the book's move. Watch "
                   "the board; then read why."),
    source={"opening": "tests/test_example_game.py OPENING", "ending": "ENDING"},
)

GARANGUET_FIRST_GAME = Script(
    game=rule_set(GARANGUET).game, rules=GARANGUET.name, title=N_("Tutorial: a first game of Garanguet"), you=W,
    opening=(Page(N_("Three dice, fifteen checkers"), N_(
        "Garanguet is a race for three dice and fifteen checkers a side (Lepeintre, 1818). You play "
        "White: your checkers start stacked on x and run from x to m, then from l to a, and are "
        "borne off beyond a. Black's start on a and run the other way. Checkers are never hit: a "
        "point holding even one opposing checker is closed (G-3). The dice follow a prepared "
        "game.")),),
    parts=(
        Part("1*15/1*15/W", (
            Turn(W, (5, 5, 2), "1-6 1-6 1-6 1-6 1-3", N_(
                "5, 5 and 2: \"Quines\". When two dice match and the third is lower, the doublet is "
                "played double: four 5s and the 2, five moves in all (G-5). Take four checkers from x "
                "to s, one 5 each, and one from x to v with the 2. Click a checker, then a lit "
                "point."), N_("four checkers from x to s, and one from x to v")),
            Turn(B, (6, 4, 1), "1-7 1-5 1-2", N_(
                "Black threw 6, 4 and 1, a simple throw: three moves, one for each die (G-2). Black "
                "takes checkers from a to g, to e and to b.")),
            Turn(W, (3, 3, 3), "1-4 1-4 1-4 4-7 3-6 6-9", N_(
                "Three 3s: a triplet. The number is played six times, by as many checkers as you like "
                "(G-6). Here: three checkers from x to u, one of them on to r, the checker on v to "
                "s, and one from s to p. Your points u, s, r and p are the start of a block."),
                N_("three checkers from x to u and one of them on to r, v to s, and s to p")),
            Turn(B, (2, 2, 5), "1-3 1-3 7-12", N_(
                "Black threw 2, 2 and 5. The doublet is under a higher die, so it is played as a "
                "simple throw, three moves (G-4): two checkers from a to c, and one from g to l.")),
            Turn(W, (4, 2, 1), "1-5 6-8 1-2", N_(
                "4, 2 and 1: fill the gaps. x to t with the 4 and s to q with the 2 give you six points "
                "in a row, from u to p: a six-point block. A Black checker behind it cannot pass, "
                "since no number is larger than 6 and it may not stop inside (G-8). Play the 1 from x "
                "to w. p to l is closed: Black's checker stands on l (G-3)."),
                N_("x to t, s to q, and x to w"), ("9-13",)),
            Turn(B, (6, 5, 4), "1-7 1-6 1-5", N_(
                "Black threw 6, 5 and 4. Its checker on l cannot move at all: every number would land "
                "in your block (G-3, G-8). Black plays others instead, from a to g, f and e. A block slows its "
                "builder too, but while it stands, Black's checkers wait behind it."),
                impossible=("12-16", "12-17", "12-18")),
        )),
        Part("18,19*4,20*3,21*3,22*2,23,24/13*2,14*2,15*2,16*2,17*2,18*2,19,20,21/W", (
            Turn(W, (6, 6, 1), "18-24 19-25 19-25 19-25 24-25", N_(
                "6, 6 and 1: \"Sonnés\", four 6s and a 1 (G-5). The first 6 takes the checker on g to "
                "a and brings the last one in. Bearing off may begin at once, in the same turn: each "
                "of the other 6s takes a checker from f exactly to the rim, and the 1 bears off the "
                "checker on a (G-9)."),
                N_("g to a, three checkers from f off the board, and one from a off the board")),
        ), before=(Page(N_("Many turns later"), N_(
            "A game of Garanguet runs for many turns. The tutorial leaves them out and takes the game "
            "up again as the race ends, as the books do with their examples. Continue to see the "
            "position.")),),
            after=(Page(N_("Bearing off"), N_(
                "Fourteen of your checkers are in your last quadrant, f to a; one is still on g. Once "
                "all fifteen are in, a number that takes a checker exactly to the rim, beyond a, bears "
                "it off (G-9). It is your turn to throw.")),)),
    ),
    closing=(Page(N_("Your first game of Garanguet"), N_(
        "You have seen a doublet played double, a triplet, a block growing to six points and the "
        "start of bearing off. The first to bear off all fifteen checkers wins: 2 points if the "
        "other side has borne off none (G-10). Continue to go back to the title.")),),
    throw_hint=N_("Throw the dice: press Space, click Throw, or fling them with the mouse. They "
                  "will fall on the tutorial's throw."),
    off_script=N_("A legal move, but not this lesson's. The tutorial follows a prepared game, and "
                  "here it plays: {play}."),
    hint=N_("The tutorial's game plays: {play}."),
    their_throw=N_("The computer throws the tutorial's dice for Black and plays its move. Watch the "
                   "board; then read why."),
)

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
