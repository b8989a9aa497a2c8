"""Sessions played on by a test or a benchmark, step by step: the priority throw, each throw,
each move (chosen by the caller; a pass when nothing can move), the next game."""
import random

from game.play.session import Session, play_step


def steps(session: Session, choose):
    """Play `session` on for ever, yielding it after every step (game.play.session.play_step);
    `choose(session, moves)` picks the move from the legal ones. A game won is followed by the
    next one (stop before, if the match is over: the caller reads `session.phase` at each step)."""
    while True:
        yield play_step(session, choose)


def at_random(rng: random.Random):
    """A chooser that plays any legal move."""
    return lambda session, moves: rng.choice(moves)
