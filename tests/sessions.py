"""Sessions played on by a test or a benchmark, step by step: the priority throw, each throw,
each move (chosen by the caller; a pass when nothing can move), the next game."""
import random

from game.match import Phase, Session
from game.rules import Move


def steps(session: Session, choose):
    """Play `session` on for ever, yielding it after every step; `choose(session, moves)` picks
    the move from the legal ones. A game won is followed by the next one (stop before, if the
    match is over: the caller reads `session.phase` at each step)."""
    while True:
        if session.phase is Phase.PRIORITY:
            session.throw_priority()
        elif session.phase is Phase.THROW:
            session.throw()
        elif session.phase is Phase.MOVE:
            moves = session.legal_moves()
            session.play(choose(session, moves) if moves else Move(()))
        else:
            session.next_game()
        yield session


def at_random(rng: random.Random):
    """A chooser that plays any legal move."""
    return lambda session, moves: rng.choice(moves)
