"""F3 opens the preset phrases at the table and at the priority throw of an online match (issue
37 item 6), and does nothing in a match against the computer (no friend to say them to)."""
import pygame

from game.scenes.online.playing import PHRASES_KEY, OnlinePlay
from game.scenes.online.rematch import PhrasesScene


class Scenes:
    def __init__(self):
        self.pushed = []

    def push(self, scene):
        self.pushed.append(scene)


class App:
    def __init__(self):
        self.scenes = Scenes()


def part(link):
    return OnlinePlay(link, session=None, banner=lambda *a: None, end=lambda words: None)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_f3_opens_the_phrases_online(monkeypatch):
    app = App()
    monkeypatch.setattr(PhrasesScene, "__init__", lambda self, app: None)
    assert part(object()).handle_event(key(PHRASES_KEY), app) is True
    assert [type(s) for s in app.scenes.pushed] == [PhrasesScene]


def test_other_keys_and_a_match_without_a_friend_leave_the_table_its_keys():
    app = App()
    assert part(object()).handle_event(key(pygame.K_SPACE), app) is False
    assert part(None).handle_event(key(PHRASES_KEY), app) is False
    assert app.scenes.pushed == []
