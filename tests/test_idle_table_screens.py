"""Issue 38, item 18, on the screens around the table: the priority throw and the scoreboard say
when they can rest (Scene.next_frame), as the title and the table do, and whatever moves on them
keeps the loop awake while it moves. Headless, in the manner of tests/test_idle_screens.py."""
import random

import pygame
import pytest

from game.app import App
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out
from game.rules import Side
from game.scenes.base import STILL
from game.scenes.table import priority as priority_module, scoreboard
from game.scenes.table.priority import PriorityScene
from game.scenes.table.scoreboard import ScoreboardScene
from game.view import table_hud
from test_idle_screens import DT, picture, run   # the frames and the picture compared


@pytest.fixture
def app(tmp_path):
    a = App(seed=1, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "normal"})
    pygame.event.clear()
    yield a
    pygame.display.quit()


def still_for(app, seconds: float = 0.3) -> bool:
    before = picture(app)
    run(app, seconds)
    return picture(app) == before


def test_the_priority_throw_rests_while_it_waits_for_a_throw_and_for_play(app, monkeypatch):
    monkeypatch.setattr(table_hud, "PULSE_FOR", 0.5)          # shorter calls and result: the same rest
    monkeypatch.setattr(priority_module, "RESULT_HOLD", 0.8)
    app.new_match({**app.last_options(), "opponent": "computer", "human_side": Side.WHITE.value,
                   "length": 3})
    run(app, 0.1)
    priority = app.scenes.top
    assert isinstance(priority, PriorityScene)
    assert priority.next_frame() == 0.0, "the call to throw pulses first"
    run(app, table_hud.PULSE_FOR + 0.2)
    assert priority.next_frame() == STILL, "calmed: only a key throws"
    assert still_for(app), "at rest: not a pixel moves"
    priority.throw()
    assert priority.next_frame() == 0.0, "the dice roll"
    for _ in range(round(20 / DT)):              # the dice fall, the result's banner shows and goes
        if app.scenes.top is not priority or priority.next_frame() != 0.0:
            break
        app.frame(DT)
    assert app.scenes.top is priority, "a person plays: the result waits for a key"
    assert priority.next_frame() == STILL and not priority.banners
    assert still_for(app)


def test_two_computers_priority_rests_only_until_its_timer(app):
    app.new_match({**app.last_options(), "opponent": "computer", "autoplay": True, "length": 3})
    priority = app.scenes.top if isinstance(app.scenes.top, PriorityScene) else None
    if priority is None:
        run(app, DT)
        priority = app.scenes.top
    assert isinstance(priority, PriorityScene)
    priority.hud._call = (None, -table_hud.PULSE_FOR)     # its pulse long calmed
    priority._wait(1.5, priority.throw)
    assert priority.next_frame() == pytest.approx(1.5), "the throw is due then"


def game_over(opponent: str, length: int, seed: int = 5) -> Session:
    rng = random.Random(seed)
    return play_out(Session.new(MatchOptions(length=length, opponent=opponent), seed=seed),
                    lambda s, moves: rng.choice(moves), lambda s: s.phase is Phase.GAME_OVER)


def test_the_scoreboard_between_games_rests_once_its_beads_have_popped(app):
    app.keeper.adopt(game_over("computer", length=15))
    app.show_match()
    run(app, DT)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene) and not board.match_over
    assert board.next_frame() == 0.0, "the headline falls in"
    run(app, board.settled_after() + 0.3)
    assert board.next_frame() == STILL
    assert still_for(app), "at rest: not a pixel moves"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    app.frame(DT)
    assert board.next_frame() == 0.0, "touched: the focus glows on its way"


def test_a_match_won_at_one_screen_keeps_its_fireworks_going(app):
    app.keeper.adopt(game_over("human", length=1))           # two people: a person won
    app.show_match()
    run(app, scoreboard.DEAF + 1.5)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene) and board.match_over and board.celebrate()
    assert board.next_frame() == 0.0, "the sparks fly on"


def test_a_match_the_computer_won_rests(app):
    session = next(s for s in (game_over("computer", 1, seed) for seed in range(5, 60))
                   if not s.is_person(s.outcome.winner))
    app.keeper.adopt(session)
    app.show_match()
    run(app, scoreboard.DEAF + 1.5)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene) and board.match_over and not board.celebrate()
    assert board.next_frame() == STILL
    assert still_for(app)
