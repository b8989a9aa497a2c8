"""The scoreboard at a match's end (issue 31.5) and its beads (issue 32.8).

Rematch is not the default: keys and clicks from the moments the last game ends (meant for the
table, during the last move's animation) act on nothing, a key held since then does nothing
until it is let go, and Enter then presses a safe button - Review, or Title - never Rematch.
The beads beside each side say what they count.
"""
import dataclasses
import random

import pygame
import pytest

from game.app import App
from game.base import i18n
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out
from game.scenes.table import scoreboard
from game.scenes.table.scoreboard import ScoreboardScene
from game.view import widgets as ui

DT = 1 / 60
DEAF = getattr(scoreboard, "DEAF", 0.5)     # seconds a match's end hears nothing


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "normal"})
    pygame.event.clear()
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def frames(app, n=2):
    for _ in range(n):
        app.frame(DT)


def key(app, which, kind=pygame.KEYDOWN, then=1):
    pygame.event.post(pygame.event.Event(kind, key=which, mod=0, unicode="", scancode=0))
    frames(app, then)


def game_over(opponent: str, length: int = 1, seed: int = 5) -> Session:
    rng = random.Random(seed)
    return play_out(Session.new(MatchOptions(length=length, opponent=opponent), seed=seed),
                    lambda s, moves: rng.choice(moves), lambda s: s.phase is Phase.GAME_OVER)


def match_end(app, opponent="computer") -> ScoreboardScene:
    app.keeper.adopt(game_over(opponent))
    app.show_match()
    frames(app, 1)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene) and board.match_over
    return board


@pytest.mark.parametrize("opponent", ["computer", "human"])
def test_enter_first_presses_review_not_rematch(app, opponent):
    board = match_end(app, opponent)
    assert [w.label for w in board.menu.widgets] == ["Rematch", "Review", "Title"]
    assert board.menu.focused.label == "Review"


def test_without_a_review_the_safe_button_is_title(app):
    session = game_over("computer")
    session.options = dataclasses.replace(session.options, autoplay=True)    # a demo: no review
    app.keeper.adopt(session)
    app.show_match()
    frames(app, 1)
    board = app.scenes.top
    assert [w.label for w in board.menu.widgets] == ["Rematch", "Title"]
    assert board.menu.focused.label == "Title"


def test_keys_and_clicks_as_the_match_ends_do_nothing(app):
    board = match_end(app)
    session = app.session
    key(app, pygame.K_RETURN)                 # the key that played the last move, again
    key(app, pygame.K_SPACE)
    rect = board.menu.widgets[0].rect          # Rematch, under a click meant for the board
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1))
    frames(app, 2)
    assert app.scenes.top is board and app.session is session and session.phase is Phase.MATCH_OVER
    frames(app, round(DEAF / DT) + 2)
    for _ in range(3):                          # Enter held down since: its repeats do nothing
        key(app, pygame.K_RETURN)
    assert app.scenes.top is board
    key(app, pygame.K_RETURN, kind=pygame.KEYUP)
    key(app, pygame.K_RETURN, then=2)           # pressed again, after the end: Review
    assert type(app.scenes.top).__name__ == "ReviewScene"
    assert app.session is session, "no rematch started"


def test_between_games_next_game_has_the_focus_and_answers_at_once(app):
    app.keeper.adopt(game_over("computer", length=3))
    app.show_match()
    frames(app, 1)
    board = app.scenes.top
    assert not board.match_over and board.menu.focused.label == "Next game"
    key(app, pygame.K_RETURN, then=2)
    assert type(app.scenes.top).__name__ == "PriorityScene"


@pytest.mark.parametrize("language, won, to_win", [("en", "point won", "point still to win"),
                                                   ("fr", "point gagné", "point restant à gagner")])
def test_the_beads_say_what_they_count(app, language, won, to_win):
    app.update_settings({"language": language})
    match_end(app)
    with ui.recording() as (drawn, _unsaid):
        frames(app, 2)
    words = {text: (rect, box) for text, rect, box in drawn}
    assert won in words and to_win in words
    for text in (won, to_win):
        rect, box = words[text]
        assert box.contains(rect), f"{text!r} leaves its card"
