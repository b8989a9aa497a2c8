"""Issue 30, items 5 and 8 and the players' side of watching, on the Host and Join screens: the
host sees the friend arrive (in the room, reading the offer) before they accept, and how many
watch; the host's card says how to watch with the same code; the Join screen remembers the last
address and offers Watch beside Join (the watch screen, or a notice when this game has none).
Two games in one process, a relay on loopback."""
import sys

import pygame

from game.app import App
from game.base.dispatch import dispatch
from game.online.events import Watchers
from game.scenes.online import lobby as online
from game.scenes.online.lobby import HostScene
from game.scenes.online.join import JoinScene
from test_online_screens import drawn, frames, frames_until, new_match_form


def game(folder) -> App:
    g = App(seed=1, data_dir=folder, size=(960, 600))
    g.update_settings({"language": "en", "animation_speed": "instant"})
    pygame.event.clear()
    return g


def hosting(tmp_path, monkeypatch):
    from game.online.relay import start_in_thread
    monkeypatch.setattr(online, "start_relay", lambda: start_in_thread("127.0.0.1", 0))
    a = game(tmp_path / "a")
    form = new_match_form(a)
    form.start_button.activate()
    frames(a)
    host = a.scenes.top
    assert isinstance(host, HostScene)
    assert frames_until([a], lambda: host.code)
    return a, host


def test_the_host_sees_the_friend_arrive_before_they_accept(tmp_path, monkeypatch):
    a, host = hosting(tmp_path, monkeypatch)
    b = game(tmp_path / "b")
    try:
        words = drawn(a)
        assert any(w.startswith("Waiting for your friend") for w in words), words
        assert any("Watch" in w and "same address and code" in w for w in words), words
        join = JoinScene(b)
        b.scenes.push(join)
        frames(b)
        join.address.clear()
        join.address.type(host.relay.url)
        join.code.type(host.code)
        join.join()
        assert frames_until([a, b], lambda: join.offered is not None)
        assert frames_until([a, b], lambda: host.arrived)
        words = drawn(a)
        assert any(w.startswith("Your friend is here, reading your offer") for w in words), words
        dispatch(host.handlers, Watchers(2), host)       # as the link tells it
        words = drawn(a)
        assert any("2 watching" in w for w in words), words
        join.decline()                        # the friend leaves before accepting: waiting again
        assert frames_until([a, b], lambda: not host.arrived)
    finally:
        for g in (a, b):
            g.leave_online()
        pygame.display.quit()


def test_the_join_screen_remembers_the_last_address(tmp_path, monkeypatch):
    a, host = hosting(tmp_path, monkeypatch)
    b = game(tmp_path / "b")
    try:
        join = JoinScene(b)
        b.scenes.push(join)
        frames(b)
        assert join.address.value == ""
        join.address.type(host.relay.url)
        join.code.type(host.code)
        join.join()
        assert frames_until([a, b], lambda: join.offered is not None)
        join.decline()
        b.leave_online()
        again = game(tmp_path / "b")          # the game started again on the same folder
        second = JoinScene(again)
        again.scenes.push(second)
        frames(again)
        assert second.address.value == host.relay.url
        assert second.menu.widgets.index(second.watch_button) == second.menu.widgets.index(
            second.join_button) + 1
        assert second.watch_button.rect.y == second.join_button.rect.y     # side by side
    finally:
        for g in (a, b):
            g.leave_online()
        pygame.display.quit()


def test_watch_opens_the_watch_screen_or_says_this_game_has_none(tmp_path, monkeypatch):
    b = game(tmp_path / "b")
    scene = JoinScene(b)
    b.scenes.push(scene)
    frames(b)
    scene.address.type("127.0.0.1:9")
    scene.code.type("ACD-EF9")
    monkeypatch.setitem(sys.modules, "game.scenes.online.watch", None)     # no watch screen: a notice
    scene.watch()
    frames(b)
    assert b.scenes.top is scene and scene.failed
    assert any("cannot watch" in w for w in drawn(b))
    made = []

    class WatchScene(JoinScene):
        def __init__(self, app, url, code):
            made.append((url, code))
            super().__init__(app)

    module = type(sys)("game.scenes.online.watch")
    module.WatchScene = WatchScene
    monkeypatch.setitem(sys.modules, "game.scenes.online.watch", module)
    scene.watch()
    frames(b)
    assert made == [("ws://127.0.0.1:9", "ACDEF9")]
    assert isinstance(b.scenes.top, WatchScene)
    assert b.settings["join_address"] == "127.0.0.1:9"
    pygame.display.quit()
