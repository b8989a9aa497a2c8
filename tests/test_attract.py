"""The table that plays itself (issue 31.7): after a while untouched on the title, the computer
plays the computer, a game of each in turn, quieter; any key, click or controller button goes
back to the title at once; and the player's data folder is left byte for byte as it was.

The idle time is the App's `attract_after` (a minute in the game, half a second here), and
frames are driven with app.frame(dt): no real waiting.
"""
import random
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.base import i18n
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out, play_step
from game.scenes.table.attract import QUIET, AttractScene
from game.scenes.menus.title import TitleScene
from waiting import frames_until

DT = 0.1            # the app's longest frame: a show goes by quickly
IDLE = 0.5          # seconds untouched before the show


class Recorder:
    """Stands in for the sounds: what was played, how hard."""

    def __init__(self):
        self.played = []

    def play(self, name, strength=1.0):
        self.played.append((name, strength))

    def set_volume(self, volume):
        pass

    def set_muted(self, muted):
        pass


def make_app(folder, **kwargs):
    i18n.set_language("en")
    app = App(seed=7, data_dir=folder, attract_after=IDLE, **kwargs)
    pygame.event.clear()
    return app


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
    pygame.display.quit()


def frames(app, n, dt=DT):
    for _ in range(n):
        app.frame(dt)


def until_show(app, limit=40):
    for _ in range(limit):
        app.frame(DT)
        if isinstance(app.scenes.top, AttractScene):
            return app.scenes.top
    pytest.fail("no show after the idle time")


def folder_bytes(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def a_players_folder(folder: Path) -> None:
    """Settings, a finished game in the records, and a match under way saved."""
    app = make_app(folder)
    app.update_settings({"language": "en", "animation_speed": "fast", "volume": 0.6})
    rng = random.Random(5)
    session = play_out(Session.new(MatchOptions(length=3), seed=5),
                       lambda s, moves: rng.choice(moves), lambda s: s.phase is Phase.GAME_OVER)
    app.keeper.adopt(session)
    app.keeper.record_finished_games()
    app.keeper.next_game()
    app.save_match()
    pygame.display.quit()


def nearly_over(options: MatchOptions, seed: int, steps_left: int = 3) -> Session:
    """A game of the show's kind a few steps from its end (random legal moves)."""
    def played(steps=None):
        rng = random.Random(seed)
        session = Session.new(options, seed=seed)
        count = 0
        while session.phase is not Phase.GAME_OVER and count != steps:
            play_step(session, lambda s, moves: rng.choice(moves))
            count += 1
        return session, count
    _, steps = played()
    session, _ = played(steps - steps_left)
    assert session.phase in (Phase.THROW, Phase.MOVE)
    return session


def test_the_show_plays_a_game_of_each_in_turn_and_leaves_the_data_folder_byte_for_byte(tmp_path):
    a_players_folder(tmp_path)
    before = folder_bytes(tmp_path)
    assert {"settings.json", "match.json", "records.jsonl"} <= {str(p) for p in before}, before
    app = make_app(tmp_path)
    saved = app.session.to_dict()
    assert isinstance(app.scenes.top, TitleScene)
    show = until_show(app)
    frames(app, 200)                              # a few turns of the first game
    first = show.host.keeper.session
    assert first.options.autoplay and first.options.rules == "charpentier"
    assert frames_until(app, lambda: first.record["turns"]), "the computer plays the computer"
    # Its end comes sooner: the same kind of game a few steps from the end, on the table.
    show.host.keeper.adopt(nearly_over(first.options, seed=3))
    show.host.show_match()
    frames_until(app, lambda: show.host.keeper.session.options.rules == "garanguet")
    second = show.host.keeper.session
    assert second.options.rules == "garanguet" and second.phase in (Phase.THROW, Phase.MOVE)
    frames(app, 100)                              # Garanguet on the table
    assert frames_until(app, lambda: second.record["turns"]), "the computer plays Garanguet"
    assert second is not app.session
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                         scancode=0))
    frames(app, 2)
    assert isinstance(app.scenes.top, TitleScene)
    assert app.session.to_dict() == saved
    assert folder_bytes(tmp_path) == before
    assert not (tmp_path / "errors.log").exists()


@pytest.mark.parametrize("how", ["key", "click", "controller"])
def test_any_key_click_or_controller_button_goes_back_to_the_title_at_once(tmp_path, how):
    app = make_app(tmp_path)
    until_show(app)
    frames(app, 20)                       # the show is under way
    if how == "key":
        events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)]
    elif how == "click":
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)]
    else:
        app.pads.opener = lambda index: type("Pad", (), {"as_joystick": lambda self: type(
            "Joy", (), {"get_instance_id": lambda self: 40})()})()
        events = [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0),
                  pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=40,
                                     button=pygame.CONTROLLER_BUTTON_A)]
    for event in events:
        pygame.event.post(event)
    frames(app, 1)
    assert isinstance(app.scenes.top, TitleScene)
    frames(app, 3)
    assert isinstance(app.scenes.top, TitleScene), "the press that ended the show did nothing else"


def test_the_title_touched_waits_and_a_title_elsewhere_never_shows(tmp_path):
    app = make_app(tmp_path)
    for _ in range(10):                   # a key every 0.3 s: never idle for IDLE seconds
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0),
                                             buttons=(0, 0, 0)))
        frames(app, 3)
        assert isinstance(app.scenes.top, TitleScene)
    never = make_app(tmp_path / "never", )
    never.attract_after = None
    never.to_title()
    frames(never, 30)
    assert isinstance(never.scenes.top, TitleScene)


def test_the_show_is_quieter_and_draws_its_invitation(tmp_path):
    from game.view import widgets as ui
    app = make_app(tmp_path)
    app.sounds = Recorder()
    show = until_show(app)
    with ui.recording() as (drawn, _unsaid):
        frames(app, 300)
    assert "Press any key" in [words for words, _rect, _box in drawn]
    assert show.host.keeper.session.options.autoplay
    assert app.sounds.played, "the show is heard"
    assert all(strength <= QUIET for _name, strength in app.sounds.played)


def test_the_show_is_seeded_by_the_app_as_everything_random_is(tmp_path, monkeypatch):
    """Two apps with one seed put on the same show; the random module itself is never used."""
    import random as random_module
    monkeypatch.setattr(random_module, "getrandbits",
                        lambda *_: pytest.fail("the show drew from the random module"))
    seeds = []
    for name in ("a", "b"):
        app = make_app(tmp_path / name)
        seeds.append(until_show(app).seed)
    assert seeds[0] == seeds[1]
