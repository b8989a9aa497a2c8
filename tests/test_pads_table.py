"""Issue 31.6 at the table: every choice with a game controller - throw, pick, play, take back,
end the move, hints, history, pause - through the controller events SDL delivers, posted to the
real App (game/view/controller.py turns them into keys); two controllers at one screen each play
their side; the bottom bar names the controller's buttons when one was used last."""
import time

import pygame
import pytest

from game.app import App
from game.base import i18n
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import Position, Side
from game.scenes.table.scene import TableScene
from test_controller import FakeController, button, frames, plug

A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
              pygame.CONTROLLER_BUTTON_Y)
RIGHT, BACK, START = (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_BACK,
                      pygame.CONTROLLER_BUTTON_START)


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "instant", "end_move_after": "never"})
    a.pads.opener = FakeController
    pygame.event.clear()
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def table(app, position, dice=None, opponent="computer") -> TableScene:
    session = Session.new(MatchOptions(rules="charpentier", opponent=opponent), seed=3)
    session.phase, session.position = (Phase.MOVE if dice else Phase.THROW), position
    session.dice, session.record = dice, {"first": "W", "turns": []}
    app.keeper.adopt(session)
    scene = TableScene(app)
    app.scenes.clear_to(scene)
    frames(app, 3)
    assert app.scenes.top is scene
    return scene


def test_a_whole_turn_with_one_controller(app):
    pad = plug(app)
    scene = table(app, Position((0, 0, 3), (0, 0, 0), Side.WHITE))
    button(app, pad, A, then=30)                       # A throws
    s = app.session
    assert s.phase is Phase.MOVE and scene.stage == "choose", scene.stage
    assert scene.hud_state().keys["throw"] == "A" and scene.hud_state().keys["menu"] == "Start"
    assert "D-pad to choose, A to pick" in str(scene.drawing.prompt(scene.snapshot()))
    origins = scene.choice.origins
    button(app, pad, RIGHT)                            # the cursor to the second checker
    assert scene.choice.cursor == 1 % len(origins)
    button(app, pad, A)                                # picks it
    picked = scene.choice.selected
    assert picked == origins[1 % len(origins)]
    button(app, pad, B)                                # B puts it back, and does not pause
    assert scene.choice.selected is None and app.scenes.top is scene
    button(app, pad, A)
    button(app, pad, A, then=20)                       # picks and plays
    assert scene.choice.complete
    assert "the move is complete - A ends it, X takes it back" in str(scene.drawing.prompt(scene.snapshot()))
    button(app, pad, X)                                # X takes it back
    assert scene.choice.played == () and "Taken back" in str(scene.note)
    button(app, pad, Y)                                # Y: hints (their tables load in the background)
    for _ in range(200):
        if scene.hints is not None:
            break
        time.sleep(0.05)
        button(app, pad, Y)
    assert scene.hints is not None
    button(app, pad, BACK)                             # Back: the history
    assert scene.cards.history_open
    button(app, pad, BACK)
    assert not scene.cards.history_open
    button(app, pad, A)
    button(app, pad, A, then=20)
    button(app, pad, A, then=5)                        # A ends the move
    assert s.to_move is Side.BLACK
    button(app, pad, START)                            # Start pauses
    assert app.scenes.top is not scene


def test_two_controllers_each_play_their_own_side(app):
    white, black = plug(app), plug(app, 1)
    scene = table(app, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (4, 2), opponent="human")
    button(app, black, A)                              # not Black's turn: not heard
    assert scene.choice.selected is None
    button(app, black, RIGHT)
    assert scene.choice.cursor == 0
    button(app, white, A)                              # White's own pad picks
    assert scene.choice.selected is not None
    button(app, white, A, then=20)
    button(app, white, A, then=5)
    s = app.session
    assert s.to_move is Side.BLACK and s.phase is Phase.THROW
    button(app, white, A, then=5)                      # White's pad cannot throw for Black
    assert s.phase is Phase.THROW
    button(app, black, A, then=30)
    assert s.phase is Phase.MOVE and s.to_move is Side.BLACK


def test_the_keyboard_after_a_controller_shows_keys_again(app):
    pad = plug(app)
    scene = table(app, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (4, 2))
    button(app, pad, RIGHT)
    assert scene.hud_state().keys
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert not scene.hud_state().keys and "click it, or type" in str(scene.drawing.prompt(scene.snapshot()))
