"""Who plays the computer's turns and gives hints, behind two small interfaces the play flow
(game/play/flow.py) uses: a `Thinker` is started on a turn and polled until its move is ready (on a
thread in the game, at once in tests); an `Advisor` ranks a person's moves (None while its
tables load). `computer_players` builds them for a session from the game's own computer
(`RuleSet.computer`). How a side is named is game/play/sides.py's.
"""
from __future__ import annotations

import gc
import random
import threading
from typing import Callable, Protocol

from game.play.session import Session
from game.rules import Move, Position, Side


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
        self._thread = threading.Thread(target=SyncThinker.start, args=(self, position, dice, match),
                                        daemon=True)
        hold_collector(self._thread)
        self._thread.start()

    def poll(self) -> Move | None:
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        settle()
        return super().poll()


_thinking: set[threading.Thread] = set()      # the thoughts under way, on their threads


def hold_collector(thread: threading.Thread) -> None:
    """Hold the garbage collector off while `thread` works (the computer's thinking, the
    review's weighing): `settle` turns it back on once no such thread is alive."""
    gc.disable()
    _thinking.add(thread)


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
            thinkers[side] = make(turn_seeded(computer, session, session.throw_seed ^ seeds[side]),
                                  computer.ready)
    return thinkers, ComputerAdvisor(session, player, names[-1])


def turn_seeded(computer, session: Session, seed: int):
    """The computer's choice with its chance (a careless level's slips) drawn afresh for each
    turn, from the side's seed and the turn's key: a move taken back and played again the same
    gets the same reply, so a take-back fishes for neither other dice nor another reply."""
    def choose(position, dice, match):
        game, turn = session.throw_key
        computer.rng.seed(f"{seed}:{game}:{turn}")
        return computer.choose(position, dice, match)
    return choose


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
