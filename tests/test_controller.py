"""Game controllers (issue 31.6): the events SDL delivers for a controller, posted to the real App.

No controller is plugged into the machine that runs the tests, so the one thing faked is the
object SDL would open for CONTROLLERDEVICEADDED: it has an instance id, as a real one does.
Everything after that is the App's own path: the events from pygame's queue, the translation
into keys, the menus and the title that read them.
"""
import pygame
import pytest

from game.app import App
from game.base import i18n
from game.rules import Side
from game.scenes.menus.settings import SettingsScene
from game.scenes.menus.title import TitleScene
from game.view import controller

DT = 1 / 60


class FakeJoystick:
    def __init__(self, instance):
        self.instance = instance

    def get_instance_id(self):
        return self.instance


class FakeController:
    """What pygame._sdl2.controller.Controller(device_index) gives: as_joystick() has the
    instance id its button and axis events carry."""

    def __init__(self, device_index):
        self.device_index = device_index

    def as_joystick(self):
        return FakeJoystick(100 + self.device_index)


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    a = App(seed=7, data_dir=tmp_path)
    a.update_settings({"language": "en"})
    a.pads.opener = FakeController
    pygame.event.clear()
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def frames(app, n=2, dt=DT):
    for _ in range(n):
        app.frame(dt)


def post(app, kind, then=2, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))
    frames(app, then)


def plug(app, device_index=0):
    post(app, pygame.CONTROLLERDEVICEADDED, device_index=device_index)
    return 100 + device_index


def button(app, pad, which, then=2):
    post(app, pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=which, then=0)
    post(app, pygame.CONTROLLERBUTTONUP, instance_id=pad, button=which, then=then)


def focused_label(app):
    return str(app.scenes.top.menu.focused.label)


def test_plugging_in_and_out_is_said_in_a_toast(app):
    pad = plug(app)
    assert app.pads.places == [pad]
    assert app.toast.words == "Controller 1 connected"
    second = plug(app, 1)
    assert app.toast.words == "Controller 2 connected: it plays Black"
    assert app.pads.side_of(pad) is Side.WHITE and app.pads.side_of(second) is Side.BLACK
    post(app, pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)
    assert app.toast.words == "Controller 1 disconnected"
    assert app.pads.side_of(second) is None, "alone, it plays either side"
    again = plug(app, 2)
    assert app.pads.places == [again, second], "the next one plugged takes the free place: White"
    assert app.toast.words == "Controller 1 connected: it plays White"


def test_the_d_pad_and_a_play_the_title_menu_to_settings_and_b_comes_back(app):
    pad = plug(app)
    assert isinstance(app.scenes.top, TitleScene)
    for _ in range(8):
        if focused_label(app) == "Settings":
            break
        button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert focused_label(app) == "Settings"
    button(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scenes.top, SettingsScene)
    button(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scenes.top, TitleScene)


def test_the_stick_moves_with_a_dead_zone_and_repeats_while_held(app):
    pad = plug(app)
    start = app.scenes.top.menu.focus
    post(app, pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=pygame.CONTROLLER_AXIS_LEFTY,
         value=9000)                                 # a thumb resting on it: no direction
    assert app.scenes.top.menu.focus == start
    post(app, pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=pygame.CONTROLLER_AXIS_LEFTY,
         value=30000)
    assert app.scenes.top.menu.focus == start + 1
    frames(app, 10, dt=0.05)                         # held half a second: it repeats
    held = app.scenes.top.menu.focus
    assert held >= start + 2
    post(app, pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=pygame.CONTROLLER_AXIS_LEFTY,
         value=0)
    frames(app, 10, dt=0.05)
    assert app.scenes.top.menu.focus == held, "let go: no more repeats"


def test_the_keys_sent_carry_the_pad_and_the_agreed_keys(app):
    pad = plug(app)
    seen = []
    app.scenes.top.handle_event = seen.append
    for which in (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
                  pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y,
                  pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START,
                  pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER):
        post(app, pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=which, then=1)
    downs = [(e.key, e.mod) for e in seen if e.type == pygame.KEYDOWN]
    assert downs == [(pygame.K_RETURN, 0), (pygame.K_ESCAPE, 0), (pygame.K_z, pygame.KMOD_CTRL),
                     (pygame.K_F1, 0), (pygame.K_F2, 0), (pygame.K_ESCAPE, 0),
                     (pygame.K_PAGEUP, 0), (pygame.K_PAGEDOWN, 0)]
    assert all(e.pad == pad and e.unicode == "" for e in seen)


def test_joystick_events_of_the_same_press_do_nothing(app):
    seen = []
    app.scenes.top.handle_event = seen.append
    post(app, pygame.JOYDEVICEADDED, device_index=0, guid="", instance_id=5)
    post(app, pygame.JOYBUTTONDOWN, instance_id=5, joy=0, button=0)
    assert seen == []


def test_the_title_names_the_controller_buttons_when_one_was_used_last(app):
    pad = plug(app)
    title = app.scenes.top
    assert "Enter plays" in title.keys_line()
    assert controller.key_word(app, pygame.K_RETURN) == "Enter"
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert app.pads.last_used
    assert "A plays" in title.keys_line()
    assert controller.key_word(app, pygame.K_RETURN) == "A"
    assert controller.key_word(app, pygame.K_u) == "X"
    assert controller.key_word(app, pygame.K_F2) == "Back"
    post(app, pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0)
    assert not app.pads.last_used, "a key: the keyboard's words again"
    assert "Enter plays" in title.keys_line()
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    post(app, pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)
    assert not app.pads.last_used, "a click too"


def test_a_controller_the_system_cannot_open_is_left_alone(app):
    def broken(device_index):
        raise pygame.error("not a game controller")
    app.pads.opener = broken
    post(app, pygame.CONTROLLERDEVICEADDED, device_index=3)
    assert app.pads.places == []
    assert isinstance(app.scenes.top, TitleScene)


def test_the_new_match_form_and_the_pause_menu_with_a_controller_alone(app):
    """A new match against the computer started, paused and left with the controller only."""
    from game.scenes.menus.new_match import NewMatchScene
    pad = plug(app)
    assert focused_label(app) == "New match"
    button(app, pad, pygame.CONTROLLER_BUTTON_A)
    form = app.scenes.top
    assert isinstance(form, NewMatchScene)
    first = form.menu.focused
    before = getattr(first, "index", None)
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)      # a choice changed by the D-pad
    assert getattr(first, "index", None) != before
    button(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scenes.top, TitleScene)
    app.new_match(app.last_options())
    frames(app, 3)
    table = app.scenes.top
    button(app, pad, pygame.CONTROLLER_BUTTON_START)           # Start pauses
    assert type(app.scenes.top).__name__ == "PauseScene"
    button(app, pad, pygame.CONTROLLER_BUTTON_B)               # B goes back to the game
    assert app.scenes.top is table
    second = plug(app, 1)                                      # mid-match: a friend's controller
    assert app.toast.words == "Controller 2 connected: it plays Black"
    post(app, pygame.CONTROLLERDEVICEREMOVED, instance_id=second)
    assert app.toast.words == "Controller 2 disconnected" and app.scenes.top is table


def test_the_form_and_the_settings_name_the_controller_buttons_when_one_was_used_last(app):
    """Not only the title and the table: the menus' footnotes too say B, not Esc."""
    from game.scenes.menus.new_match import NewMatchScene

    def key(which):
        post(app, pygame.KEYDOWN, key=which, mod=0, unicode="", scancode=0)

    pad = plug(app)
    form = NewMatchScene(app)
    app.scenes.push(form)
    frames(app)
    while form.menu.focused is not form.choices["human_side"]:
        key(pygame.K_DOWN)
    assert str(form.footnote()).endswith("Esc goes back.")
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_UP)
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert form.menu.focused is form.choices["human_side"]
    assert str(form.footnote()).endswith("B goes back.") and "Esc" not in str(form.footnote())
    settings = SettingsScene(app)
    app.scenes.push(settings)
    frames(app)
    key(pygame.K_END)
    assert str(settings.footnote()) == "Every change is saved at once; Esc goes back too."
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_UP)
    button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert str(settings.footnote()) == "Every change is saved at once; B goes back too."


def test_holding_says_while_a_direction_repeats():
    """For the resting loop (issue 38.18): it reads `holding`, not the private table."""
    from game.view.controller import Pads
    pads = Pads(opener=FakeController)
    pads.plug(0)
    pad = pads.places[0]
    assert not pads.holding
    pads.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad,
                                      button=pygame.CONTROLLER_BUTTON_DPAD_LEFT))
    assert pads.holding
    pads.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad,
                                      button=pygame.CONTROLLER_BUTTON_DPAD_LEFT))
    assert not pads.holding
