"""The review's weighing on its thread (issue 40), between the screens that share it: begun as a
game ends (`weigh_ahead`, the table's pause on the last move) or at the scoreboard, taken up by
the scoreboard (`taken_ahead`) and handed to the review screen, which shows it as it comes
(game/scenes/learn/review.py; the weighing itself is game/computer/review.py's Weighing).
"""
from __future__ import annotations

import pygame

from game.computer.review import Weighing
from game.play import players


def can_review(session) -> bool:
    """A review is offered after a game people played (of a game whose computer reviews): one
    person against the computer, or two at one screen (both sides weighed); not after a demo.
    Against a friend on another computer, only once the match is over (the person's own moves):
    between two games the friend would be kept waiting. Its games must play again from their
    starts (one begun from a position set by hand does not)."""
    from game.computer.review import replays, reviewable
    o = session.options
    over = max(session.match.score.values()) >= session.match.length
    return (reviewable(o.rules) and (o.opponent in ("computer", "human") or (o.opponent == "online" and over))
            and not o.autoplay and bool(session.match.games) and replays(o.rules, session.match.games))


def weigh_ahead(session, wanted=None) -> Weighing | None:
    """Begin weighing a game's review the moment it ends, before the scoreboard shows (the
    table's pause on the last move): the scoreboard takes it up (`taken_ahead`). None where no
    review is offered. `wanted` (a callable), asked before each turn, stops it once it says
    False (e.g. the match is no longer the keeper's: the player went elsewhere); a weighing
    begun ahead and not taken up stops too when the next one begins."""
    global _AHEAD
    if _AHEAD is not None:
        _AHEAD.stop()
        _AHEAD = None
    if not can_review(session):
        return None
    _AHEAD = weighing_for(session)
    if wanted is not None:
        _AHEAD.wanted = lambda: pygame.display.get_init() and wanted()
    weigh_on(_AHEAD)
    return _AHEAD


def taken_ahead(session) -> Weighing:
    """The weighing of this session's review: the one begun ahead if it weighs the same games,
    else a new one (not started)."""
    global _AHEAD
    weighing, _AHEAD = _AHEAD, None
    fresh = weighing_for(session)
    if weighing is not None and weighing.same(fresh.rules_name, fresh.games, fresh.human, fresh.length):
        return weighing
    if weighing is not None:
        weighing.stop()
    return fresh


def weighing_for(session) -> Weighing:
    """A session's review weighing, as the review screen asks for it: the person's side (both
    for two people at one screen), the finished games with turns, the match's length."""
    o = session.options
    human = None if o.opponent == "human" else o.human_side
    return Weighing(o.rules, [g for g in session.match.games if g.get("turns")], human, o.length,
                    wanted=pygame.display.get_init)


_AHEAD: Weighing | None = None     # begun as a game ended, for its scoreboard to take up


def weigh_on(weighing: Weighing) -> None:
    """Go on weighing a review on its thread, the garbage collector held off meanwhile as for
    the computer's thinking (game/play/players.py: cyclic garbage of the dice's physics must
    never be freed on another thread), and back on once the thread is done."""
    thread = weighing.start()
    if thread is not None:
        players.hold_collector(thread)
