"""Issue 38, item 18, on the screens left alone most: the title, the table waiting for a throw
and the Host screen waiting for a friend each say when they can rest (Scene.next_frame), and
everything that moves on them keeps the loop awake while it moves. Headless; the processor's
share is measured by tests/bench_idle.py."""
import random
import time

import pygame
import pytest

from game.app import App
from game.play.session import Phase, play_step
from game.rules import Side
from game.scenes.base import STILL
from game.scenes.menus import title as title_module
from game.scenes.online import lobby
from game.view import table_hud

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    a = App(seed=1, data_dir=tmp_path, size=(1280, 720))
    a.update_settings({"language": "en", "animation_speed": "normal"})
    pygame.event.clear()
    yield a
    a.leave_online()
    pygame.display.quit()


def run(app, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.frame(DT)


def picture(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def test_the_title_moves_a_while_then_rests_until_the_show(app):
    title = app.scenes.top
    assert title.next_frame() == 0.0, "the heading and the frieze move as the title shows"
    run(app, title_module.LIVELY + title_module.HOP_PERIOD)
    rest = title.next_frame()
    assert 0 < rest <= app.attract_after - title.idle + 1e-9, "still until the show's minute"
    before = picture(app)
    run(app, 0.5)
    assert picture(app) == before, "at rest: not a pixel moves"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                                         scancode=0))
    app.frame(DT)
    assert title.next_frame() == 0.0, "touched: it moves again"


def test_the_title_with_no_show_rests_until_touched(app):
    title = app.scenes.top
    title.attract_after = None
    run(app, title_module.LIVELY + title_module.HOP_PERIOD)
    assert title.next_frame() == STILL


def waiting_for_a_throw(app):
    app.new_match({**app.last_options(), "opponent": "computer", "human_side": Side.WHITE.value,
                   "length": 3})
    s, rng = app.session, random.Random(1)
    for _ in range(200):
        if s.phase is Phase.THROW and s.is_person(s.to_move):
            break
        play_step(s, lambda session, moves: rng.choice(moves))
    app.show_match()
    run(app, 0.5)
    return app.scenes.top


def test_the_table_waiting_for_a_throw_rests_once_its_call_has_pulsed(app):
    table = waiting_for_a_throw(app)
    assert table.next_frame() == 0.0, "the throw button and the mover's plate pulse first"
    run(app, table_hud.PULSE_FOR + 0.5)
    assert table.next_frame() > 0
    before = picture(app)
    run(app, 0.5)
    assert picture(app) == before, "at rest: not a pixel moves"
    table.say("A notice", 2.0)
    assert 0 < table.next_frame() <= 2.0, "a notice's end is due"
    table.say("")
    table.throw()
    assert table.next_frame() == 0.0, "the dice roll"
    for _ in range(600):
        if table.flights:
            assert table.next_frame() == 0.0, "a checker flies"
            break
        if table.banners:
            assert table.next_frame() == 0.0, "a banner shows"
        app.frame(DT)


def test_the_host_screen_wakes_for_each_step_of_its_waiting_dots(app, monkeypatch):
    from game.online.relay import start_in_thread
    from game.play.options import MatchOptions
    monkeypatch.setattr(lobby, "start_relay", lambda: start_in_thread("127.0.0.1", 0))
    host = lobby.HostScene(app, MatchOptions(rules="charpentier", length=3, opponent="online",
                                             human_side=Side.WHITE))
    app.scenes.push(host)
    deadline = time.monotonic() + 30          # the room's code comes from the relay, in wall time:
    while not host.code and time.monotonic() < deadline:     # the screen changes when it does
        app.frame(DT)
        time.sleep(0.01)
    assert host.code, "the relay gave the room a code"
    run(app, 1.0)
    assert 0 < host.next_frame() <= lobby.FACE_TIME
    frames = {}
    for _ in range(round(2 * lobby.FACE_TIME / DT)):
        app.frame(DT)
        frames.setdefault(int(host.time / lobby.FACE_TIME), set()).add(picture(app))
    steps = [len(pictures) for pictures in frames.values()]
    assert max(steps) == 1 and len(frames) >= 2, "one picture per step, a new one each step"
    host.menu.move(+1)
    app.frame(DT)
    assert host.next_frame() == 0.0, "the focus glows on its way"


def test_the_tutorial_built_on_the_table_is_watched_instead(app):
    from game.scenes import games
    from game.scenes.learn.tutorial import TutorialScene
    tutorial = TutorialScene(app, games.offered()[0].key)
    app.scenes.push(tutorial)
    run(app, table_hud.PULSE_FOR + 0.5)
    assert tutorial.next_frame() is None, "its own pulse is drawn: the loop watches its frames"
