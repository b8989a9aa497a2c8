"""Who plays the computer's turns and gives hints, behind two small interfaces the play flow
(game/flow.py) uses: a `Thinker` is started on a turn and polled until its move is ready (on a
thread in the game, at once in tests); an `Advisor` ranks a person's moves (None while its
tables load). `computer_players` builds them for a session from the game's own computer.
"""
from __future__ import annotations

import gc
import random
import threading
from typing import Callable, Protocol

from game.i18n import N_, Said, Words, verbatim
from game.match import Session
from game.rules import Move, Position, Side


# A side with the colour alongside, as the plates and the scoreboard show it.
TITLES = {("you", Side.WHITE): N_("You (White)"), ("you", Side.BLACK): N_("You (Black)"),
          ("computer", Side.WHITE): N_("The computer (White)"),
          ("computer", Side.BLACK): N_("The computer (Black)")}
NAMES = {"you": N_("You"), "computer": N_("The computer")}

# What a side does, said for each kind of subject (French conjugates each its own way): the
# person at the screen ("you"), the computer, or a colour ({side}: "White", "Les Blancs").
VERBS = {
    "win": (N_("You win"), N_("The computer wins"), N_("{side} wins")),
    "play": (N_("You play{rest}"), N_("The computer plays{rest}"), N_("{side} plays{rest}")),
    "play these": (N_("You play {numbers}"), N_("The computer plays {numbers}"), N_("{side} plays {numbers}")),
    "play first": (N_("You play first"), N_("The computer plays first"), N_("{side} plays first")),
    "throw": (N_("You throw{rest}"), N_("The computer throws{rest}"), N_("{side} throws{rest}")),
    "move": (N_("You move"), N_("The computer moves"), N_("{side} moves")),
    "begin bearing off": (N_("You begin bearing off (G-9)"), N_("The computer begins bearing off (G-9)"),
                          N_("{side} begins bearing off (G-9)")),
    "think": (N_("You are thinking..."), N_("The computer is thinking..."), N_("{side} is thinking...")),
    "about to throw": (N_("You are about to throw"), N_("The computer is about to throw"),
                       N_("{side} is about to throw")),
    "to throw": (N_("Your throw: Space, the Throw button, or fling the dice"),
                 N_("The computer's throw"),
                 N_("{side} to throw: Space, the Throw button, or fling the dice")),
    "to throw or undo": (N_("Your throw: Space, the Throw button, or fling the dice - or U to take back your move"),
                         N_("The computer's throw"),
                         N_("{side} to throw: Space, the Throw button, or fling the dice - "
                            "or U to take back your move")),
    "won": (N_("You win: the game is over"), N_("The computer wins: the game is over"),
            N_("{side} wins: the game is over")),
    "pass": (N_("You cannot play the throw {dice} - the turn passes ({rule})"),
             N_("The computer cannot play the throw {dice} - the turn passes ({rule})"),
             N_("{side} cannot play the throw {dice} - the turn passes ({rule})")),
}


def who(session: Session, side: Side) -> str:
    """How a side is named: "you" and "computer" in a match against the computer, else "colour"."""
    if session.is_computer(side) == session.is_computer(side.other):
        return "colour"
    return "computer" if session.is_computer(side) else "you"


def colour_words(side: Side) -> Words:
    """ "White" / "Black" ("Les Blancs" / "Les Noirs"), said when shown."""
    return Words(side.title)


def name_words(session: Session, side: Side) -> Words:
    kind = who(session, side)
    return colour_words(side) if kind == "colour" else Words(NAMES[kind])


def title_words(session: Session, side: Side) -> Words:
    """The name with the colour alongside where the name is not the colour: "You (White)"."""
    kind = who(session, side)
    return colour_words(side) if kind == "colour" else Words(TITLES[(kind, side)])


def verb_words(session: Session, side: Side, verb_: str, **fields) -> Words:
    """A side and what it does (a key of VERBS), said when shown: "You win", "The computer
    wins", "White wins" ("Les Blancs gagnent")."""
    you, computer, colour = VERBS[verb_]
    kind = who(session, side)
    fields.setdefault("rest", "")
    if kind == "colour":
        return Words(colour, side=colour_words(side), **fields)
    return Words(you if kind == "you" else computer, **fields)


def side_name(session: Session, side: Side) -> Said:
    """What the table and the scoreboard call a side, in the language spoken now: "You" and
    "The computer" in a match against the computer, else its colour ("White", "Black")."""
    return name_words(session, side).said()


def side_title(session: Session, side: Side) -> Said:
    """The name with the colour alongside where the name is not the colour: "You (White)"."""
    return title_words(session, side).said()


def verb(session: Session, side: Side, verb_: str, rest: str = "") -> Said:
    """A side and what it does, in the language spoken now: "You win", "The computer wins",
    "White wins". `verb_` is a key of VERBS, or a verb and `rest` one of its known endings
    ("play", " first"); a `rest` without letters follows the verb ("You throw 5")."""
    key = verb_ + rest if rest and (verb_ + rest).strip() in VERBS else verb_
    if key != verb_:
        return verb_words(session, side, key.strip()).said()
    return verb_words(session, side, verb_, rest=verbatim(rest)).said()


def match_score(session: Session) -> tuple[int, int, int]:
    """(length, White's score, Black's score): what the computer plays for."""
    m = session.match
    return m.length, m.score[Side.WHITE], m.score[Side.BLACK]


class Thinker(Protocol):
    """The computer's side of a turn: `start` thinking, then `poll` until a move comes back."""

    def ready(self) -> bool:
        """Plays its best already (False while its tables load: it plays by feel meanwhile)."""

    def start(self, position: Position, dice: tuple[int, ...], match: tuple[int, int, int]) -> None:
        ...

    def poll(self) -> Move | None:
        """The chosen move once there, else None."""


class SyncThinker:
    """Thinks at once, on the caller's thread: for tests and tools."""

    def __init__(self, choose: Callable[[Position, tuple, tuple], Move], ready: Callable[[], bool] = lambda: True):
        self._choose, self._ready, self._move = choose, ready, None

    def ready(self) -> bool:
        return self._ready()

    def start(self, position, dice, match) -> None:
        self._move = self._choose(position, dice, match)

    def poll(self) -> Move | None:
        move, self._move = self._move, None
        return move


class ThreadedThinker(SyncThinker):
    """Thinks on a daemon thread, so the screen keeps drawing while the computer chooses.

    The garbage collector is held off while it thinks (a few milliseconds), so that cyclic
    garbage - the dice physics' pymunk objects - is never freed on the thinking thread: that
    hung it (a shape freed in its `shapefree` there never returned)."""

    _thread: threading.Thread | None = None

    def start(self, position, dice, match) -> None:
        self._move = None
        gc.disable()
        self._thread = threading.Thread(target=SyncThinker.start, args=(self, position, dice, match),
                                        daemon=True)
        _thinking.add(self._thread)
        self._thread.start()

    def poll(self) -> Move | None:
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        settle()
        return super().poll()


_thinking: set[threading.Thread] = set()      # the thoughts under way, on their threads


def settle() -> None:
    """Let the garbage collector run again once no thought is under way. The main loop calls it
    every frame: a table left while the computer thought (back to the title, a new match) never
    polls that thought, and the collector would otherwise stay off for the rest of the game."""
    _thinking.difference_update([thread for thread in list(_thinking) if not thread.is_alive()])
    if not _thinking and not gc.isenabled():
        gc.enable()


def random_thinker(rules, rng: random.Random, thread: bool = False):
    """Any legal move at random: a stand-in where the game has no computer player yet."""
    from game.computer.random_player import random_move
    return (ThreadedThinker if thread else SyncThinker)(lambda p, d, m: random_move(rules, p, d, rng))


class Advisor(Protocol):
    def hints(self, position: Position, dice, match) -> list | None:
        """Every legal move with its worth, best first; None while not ready."""


def computer_players(session: Session, thread: bool = True):
    """The thinkers for the sides the computer plays, and the hint giver, from the game's own
    computer (Tourne Case's solved player, or Garanguet's). Each side's player is seeded from
    the session's throw seed; the level is the match's, or the game's strongest."""
    from game.computer.player import module_for
    player = module_for(session.rule_set)
    names = [name for name, _ in player.LEVELS]
    level = session.options.level if session.options.level in names else names[-1]
    make = ThreadedThinker if thread else SyncThinker
    match = match_score(session)
    seeds = {None: 0, Side.WHITE: 1, Side.BLACK: 2}
    thinkers = {}
    for side in Side:
        if session.is_computer(side):
            computer = player.Computer(session.rules, level, random.Random(session.throw_seed ^ seeds[side]))
            computer.prepare(match)          # its tables load in the background
            thinkers[side] = make(computer.choose, computer.ready)
    return thinkers, ComputerAdvisor(session, player, names[-1])


class ComputerAdvisor:
    """Hints from the game's strongest player, whose tables start loading when first asked."""

    def __init__(self, session: Session, player, level: str):
        self.session, self.player, self.level = session, player, level
        self.computer = None

    def hints(self, position, dice, match):
        if self.computer is None:
            self.computer = self.player.Computer(self.session.rules, self.level,
                                                 random.Random(self.session.throw_seed))
            self.computer.prepare(match)
        if not self.computer.ready():
            return None
        return self.player.hints(self.session.rules, position, dice, match)
