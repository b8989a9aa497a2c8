"""Issue 38, item 18: the game rests when nothing moves. A scene says how long it can go
without a frame (Scene.next_frame); the loop sleeps until then or until an event, a frame is
shown only where it changed, and a scene that does not say is watched instead. Headless (SDL's
dummy driver); the processor's share and the keys' delay are measured by tests/bench_idle.py."""
import threading
import time

import numpy
import pygame
import pytest

from game import app as app_module
from game.app import App
from game.base import wake
from game.scenes.base import STILL, Scene, SceneManager
from game.view import window


class Still(Scene):
    """A scene that says when it next changes (`rest`), and keeps what it is given."""

    def __init__(self, host, rest=STILL):
        super().__init__(host)
        self.rest = rest
        self.events = []
        self.colour = (20, 30, 40)

    def handle_event(self, event):
        self.events.append(event.type)

    def next_frame(self):
        return self.rest

    def draw(self, surface):
        surface.fill(self.colour)


class Silent(Still):
    """A scene that does not say: the loop watches its frames."""

    def next_frame(self):
        return None


@pytest.fixture
def app(tmp_path):
    a = App(seed=1, data_dir=tmp_path, size=(640, 400), attract_after=None)
    pygame.event.clear()
    yield a
    pygame.display.quit()


def showing(app, scene):
    app.scenes.clear_to(scene)
    app.frame(0.1)
    app._fade_left = 0.0
    return scene


def test_the_top_scene_says_when_the_next_frame_is_due():
    manager = SceneManager()
    assert manager.next_frame() is None
    below, top = Still(None, 0.0), Still(None, 2.5)
    top.transparent = True
    manager.push(below)
    manager.push(top)
    manager.apply_pending()
    assert manager.next_frame() == 2.5, "only the top is updated: only it changes by itself"
    assert Scene(None).next_frame() is None, "a scene that says nothing is watched"


def test_a_still_scene_asks_for_no_new_frame_and_a_timer_for_one_when_due(app):
    scene = showing(app, Still(app))
    assert app.next_frame_in(changed=True) == STILL
    scene.rest = 0.75                       # a cursor's blink, the show's minute...
    assert app.next_frame_in(changed=False) == 0.75
    scene.rest = 0.0                        # dice rolling
    assert app.next_frame_in(changed=False) == 0.0


def test_a_fade_a_notice_and_a_held_direction_keep_the_loop_awake(app):
    showing(app, Still(app))
    app._fade_left = 0.1
    assert app.next_frame_in(changed=False) == 0.0
    app._fade_left = 0.0
    app.notify("Screenshot saved")
    assert app.next_frame_in(changed=False) == 0.0
    app.toast.left = 0.0
    app.pads._held[(0, pygame.K_DOWN)] = [0.1, 0]
    assert app.next_frame_in(changed=False) == 0.0
    app.pads._held.clear()
    assert app.next_frame_in(changed=False) == STILL


def test_a_scene_that_does_not_say_is_drawn_less_often_while_its_frames_stay_the_same(app):
    showing(app, Silent(app))
    rests = [app.next_frame_in(changed=False) for _ in range(8)]
    assert rests[0] > 0 and rests == sorted(rests) and rests[-1] == app_module.LOOK_AGAIN
    assert app.next_frame_in(changed=True) == 0.0, "a frame that changed: every frame again"


def test_after_a_rest_the_scene_is_given_all_the_time_that_passed(app):
    showing(app, Still(app, 0.3))
    app._deadline = time.monotonic()             # no sleep: the time has passed already
    app._rest, app._frame_at = 0.3, time.monotonic() - 5.0     # a long stall after a rest of 0.3
    assert app.await_frame() == pytest.approx(0.3 + app_module.MAX_DT)
    app._rest, app._frame_at = STILL, time.monotonic() - 42.0  # still: a minute's timer comes due
    assert app.await_frame() >= 42.0
    app._rest, app._frame_at = 0.0, time.monotonic() - 5.0     # in the middle of an animation
    assert app.await_frame() == app_module.MAX_DT


def test_an_event_ends_the_rest_and_the_scene_sees_it_in_that_frame(app):
    scene = showing(app, Still(app))
    app._rest = STILL
    app._deadline = time.monotonic() + 30        # a wait that did not wake would end here
    threading.Timer(0.05, lambda: pygame.event.post(pygame.event.Event(
        pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))).start()
    start = time.monotonic()
    app.frame()
    assert pygame.KEYDOWN in scene.events
    assert time.monotonic() - start < 15, "woken by the key, not by the loop's end"


def test_a_thread_wakes_the_loop_and_the_wake_never_reaches_a_scene(app):
    scene = showing(app, Still(app))
    app._rest = STILL
    app._deadline = time.monotonic() + 30
    threading.Timer(0.05, wake.wake).start()      # the link's thread, a computer's thought
    start = time.monotonic()
    app.frame()
    assert time.monotonic() - start < 15, "woken by the thread's news"
    assert scene.events == []


def test_the_wait_sleeps_until_its_time_without_an_event():
    pygame.display.init()
    pygame.event.clear()
    for wait in (window.EventWait(), window.EventWait(sdl=None)):    # SDL's, and the fallback
        assert wait(0.02) is False
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))
        assert wait(30) is True, "an event already waiting: no sleep at all"
        pygame.event.clear()


@pytest.fixture
def shown(monkeypatch):
    """What the presenter puts on the screen: ("flip",) or ("update", rects)."""
    calls = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append(("flip",)))
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects: calls.append(("update", [pygame.Rect(r) for r in rects])))
    return calls


def test_a_frame_is_shown_only_where_it_changed(app, shown):
    screen = pygame.display.get_surface()
    presenter = window.Presenter()
    screen.fill((0, 0, 0))
    assert presenter.show(screen) and shown == [("flip",)], "the first frame goes whole"
    assert not presenter.show(screen) and len(shown) == 1, "the same again: nothing shown"
    screen.fill((200, 10, 10), (100, 50, 30, 20))
    screen.fill((10, 200, 10), (400, 300, 10, 10))
    assert presenter.show(screen)
    assert shown[-1] == ("update", [pygame.Rect(100, 50, 30, 20), pygame.Rect(400, 300, 10, 10)])
    presenter.forget()                    # the window was uncovered: whole again
    assert presenter.show(screen) and shown[-1] == ("flip",)
    screen.fill((1, 2, 3), (0, 0, 5, 5))
    assert presenter.show(screen, moving=True) and shown[-1] == ("flip",), "known to move: whole"
    assert presenter.last is None, "nothing kept to compare with: the next frame goes whole"


def test_a_frame_of_a_scene_that_says_it_moves_goes_whole(app):
    scene = showing(app, Still(app, 0.0))
    app.next_frame_in(changed=True)
    assert app._moving
    scene.rest = STILL
    app.next_frame_in(changed=True)
    assert not app._moving
    app._fade_left = 0.1                  # a cross-fade moves whatever the scene says
    app.next_frame_in(changed=True)
    assert app._moving


def test_a_window_event_makes_the_next_frame_whole(app, shown):
    showing(app, Still(app))
    app._presenter.show(app.screen)
    app.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert app._presenter.last is None


def test_bands_of_changes():
    before = numpy.zeros((50, 200), numpy.uint32)
    after = before.copy()
    assert window.changed_bands(before, after, 24) == []
    after[5:8, 10:12] = 1
    after[30, 20] = 1                     # 8 rows below: the same band
    after[1, 150] = 1                     # far below: a band of its own
    assert window.changed_bands(before, after, 24) == [(5, 10, 26, 11), (1, 150, 1, 1)]


def test_a_screen_whose_pixels_cannot_be_compared_is_shown_whole(app, shown):
    class Odd(pygame.Surface):
        def get_view(self, kind="2"):
            raise ValueError("unsupported bit depth for 2D reference array")
    odd = Odd((40, 30))
    presenter = window.Presenter()
    assert presenter.show(odd) and presenter.show(odd), "never taken for a still frame"
    assert shown == [("flip",), ("flip",)]


def test_the_settings_screen_rests_and_wakes_for_the_caret_of_the_name(app):
    """At rest the settings ask for no frame; while the name is typed, one at each blink of its
    caret, and the frame then really differs; a focus easing asks for every frame."""
    from game.scenes.menus.settings import SettingsScene
    scene = showing(app, SettingsScene(app))

    def rested():
        for _ in range(60):              # the focus glow eases in: every frame meanwhile
            if scene.next_frame() != 0.0:
                return scene.next_frame()
            app.frame(1 / 60)
        raise AssertionError("the settings never rest")
    assert rested() == STILL
    scene.menu.focus_on(scene.name)
    app.frame(1 / 60)
    assert scene.next_frame() == 0.0
    due = rested()
    assert 0 < due <= 0.5
    before = pygame.surfarray.array2d(app.screen).copy()
    app.frame(due * 0.5)
    assert (pygame.surfarray.array2d(app.screen) == before).all(), "nothing changed before it"
    app.frame(due * 0.5 + 1e-6)
    assert (pygame.surfarray.array2d(app.screen) != before).any(), "the caret blinked when due"
    assert 0 < scene.next_frame() <= 0.5
