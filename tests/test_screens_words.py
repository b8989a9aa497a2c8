"""The screens' words (issues 30.3, 31.1, 32.6, 32.7, 32.15, 38.16, 40.2): the rules page in plain
English, every statistics row at one size, its headings apart and each level named with its game,
the progress chart saying what fills it, the online Abandon said as it is, the setting that ends
a move, and a missing sound device said in the settings."""
import pygame
import pytest

from game.app import App
from game.base import i18n
from game.play.options import MatchOptions
from game.play.session import Session
from game.scenes.tourne_case import BOARD
from game.scenes.menus.overlays import ConfirmScene, PauseScene
from game.saves import stats
from game.scenes.menus import progress
from game.scenes.menus.settings import SettingsScene, StatsScene
from game.view import widgets as ui
from game.view.layout import ui_scale

from tests.test_menus import DT, app, english, frames  # noqa: F401  (app, english: fixtures)


def drawn_words(app, code: str) -> list:
    """(words, rect, box) of everything the top scene draws, in that language."""
    app.update_settings({"language": code})
    frames(app)
    with ui.recording() as (drawn, _unsaid):
        app.scenes.top.draw(app.screen)
    app.update_settings({"language": "en"})
    return list(drawn)


# -- 32.6: the rules page ------------------------------------------------------------------------

def test_the_rules_page_says_their_own_row_in_english():
    page = BOARD[1][0]
    assert "the own row" not in page and "along their own row" in page


def test_the_rules_page_has_its_french():
    i18n.set_language("fr")
    try:
        french = i18n._(BOARD[1][0])
    finally:
        i18n.set_language("en")
    assert "le long de sa propre rangée" in french and "’" in french and "'" not in french


# -- 32.7: every statistics row at one size ----------------------------------------------------------

@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_every_statistics_row_is_drawn_at_one_size(tmp_path, size):
    app = App(seed=5, data_dir=tmp_path, size=size)
    try:
        for rules in ("charpentier", "charpentier-reentry", "bell", "garanguet"):
            app.storage.add_record({"kind": "game", "winner": "W", "rules": rules,
                                    "opponent": "computer", "level": "master", "human_side": "W",
                                    "autoplay": False})
        screen = StatsScene(app)
        app.scenes.push(screen)
        for code in ("en", "fr"):
            app.update_settings({"language": code})
            names = {name for name, cells in screen.rows() if cells is not None}
            drawn = drawn_words(app, code)
            heights = {str(w): rect.h for w, rect, _box in drawn if str(w) in names}
            assert len(heights) == len(names), (code, names - set(heights))
            full = ui.font(23 * ui_scale(size)).get_height()      # the body size, unshrunk
            assert all(abs(h - full) <= 1 for h in heights.values()), (code, full, heights)
    finally:
        app.update_settings({"language": "en"})
        pygame.display.quit()


# -- 30.3: Abandon, online -----------------------------------------------------------------------

def abandon_question(app, opponent) -> ConfirmScene:
    app.keeper.adopt(Session.new(MatchOptions(rules="charpentier", opponent=opponent), seed=3))
    pause = PauseScene(app)
    app.scenes.push(pause)
    frames(app)
    button = next(w for w in pause.menu.widgets if w.label == "Abandon the match")
    button.activate()
    app.scenes.apply_pending()
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    return confirm


def test_abandon_online_says_the_friend_wins_and_the_records_keep_it(app):
    confirm = abandon_question(app, "online")
    words = " ".join([confirm.heading, *confirm.notes])
    assert "friend" in words and "records keep" in words, words
    assert "save is deleted" not in words


@pytest.mark.parametrize("opponent", ["computer", "human"])
def test_abandon_at_one_screen_still_says_the_save_is_deleted(app, opponent):
    confirm = abandon_question(app, opponent)
    assert confirm.notes == ["The match ends here and its save is deleted."]


# -- 31.1: End my move -----------------------------------------------------------------------------

def test_settings_offer_when_a_move_ends_by_itself(app):
    settings = SettingsScene(app)
    app.scenes.push(settings)
    frames(app)
    row = next(w for w in settings.menu.widgets if getattr(w, "label", "") == "End my move")
    assert [value for value, _ in row.options] == ["never", "1", "2"]
    assert row.value == app.settings["end_move_after"]
    while row.value != "never":
        row.adjust(+1)
    assert app.settings["end_move_after"] == "never"
    assert app.storage.load_settings()[0]["end_move_after"] == "never"
    settings.menu.focus_on(row)
    assert "takes it back" in settings.footnote()
    for code in ("en", "fr"):
        drawn = drawn_words(app, code)
        assert all(box.contains(rect) for _w, rect, box in drawn), code


# -- 32.15: no sound device ------------------------------------------------------------------------

def sounds_that_found(app, found: bool) -> None:
    """This app's sounds say whether they found a device (Sounds.device_found, audio.py)."""
    app.sounds.__class__ = type("Sounds", (type(app.sounds),),
                                {"device_found": property(lambda self: found)})


def test_settings_say_when_no_sound_device_was_found(app):
    sounds_that_found(app, False)
    settings = SettingsScene(app)
    app.scenes.push(settings)
    frames(app)
    for code, said in (("en", "No sound device was found"), ("fr", "Aucune sortie son")):
        drawn = drawn_words(app, code)
        volume = settings.menu.widgets[0]
        hits = [rect for words, rect, _box in drawn if said in str(words)]
        assert hits and volume.rect.inflate(20, 10).contains(hits[0]), (code, hits)
        assert not any(str(words).endswith("%") for words, _rect, _box in drawn), code


def test_settings_show_the_volume_when_a_device_is_there(app):
    sounds_that_found(app, True)
    settings = SettingsScene(app)
    app.scenes.push(settings)
    frames(app)
    drawn = drawn_words(app, "en")
    assert any(str(words) == "80%" for words, _rect, _box in drawn)
    assert not any("sound device" in str(words) for words, _rect, _box in drawn)


# -- 38.16 and 40.2: the statistics' headings apart, levels by game, the progress chart ------------

def statistics_app(tmp_path, size, dated: bool = True):
    app = App(seed=5, data_dir=tmp_path, size=size)
    for rules, level, won in (("charpentier", "master", True), ("garanguet", "master", False),
                              ("bell", "novice", True)):
        for kind in ("game", "match"):
            app.storage.add_record({"kind": kind, "winner": "W" if won else "B", "rules": rules,
                                    "opponent": "computer", "level": level, "human_side": "W",
                                    "autoplay": False,
                                    **({"at": "2026-11-20T10:00:00Z"} if dated else {})})
    return app


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_statistics_headings_never_touch_and_each_level_names_its_game(tmp_path, size):
    app = statistics_app(tmp_path, size)
    try:
        screen = StatsScene(app)
        app.scenes.push(screen)
        for code in ("en", "fr"):
            app.update_settings({"language": code})
            heads = [str(h) for h in screen.columns()]
            drawn = [(str(w), rect) for w, rect, _box in drawn_words(app, code)]
            start = [w for w, _rect in drawn].index(heads[0])        # the headings, in order
            assert [w for w, _rect in drawn[start:start + len(heads)]] == heads, code
            rects = [rect for _w, rect in drawn[start:start + len(heads)]]
            gaps = [b.left - a.right for a, b in zip(rects, rects[1:])]
            # apart by more than half the headings' height ("Parties" and "Gagnées" were 7 px apart)
            assert min(gaps) >= 0.6 * rects[0].h, (code, list(zip(heads, gaps)))
            names = [name for name, cells in screen.rows() if cells is not None]
            assert screen.game_level(("tourne-case", "master")) in names
            assert screen.game_level(("garanguet", "master")) in names
            assert "Tourne Case" in screen.game_level(("tourne-case", "master"))
    finally:
        app.update_settings({"language": "en"})
        pygame.display.quit()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_progress_chart_says_what_fills_it_in_both_languages(tmp_path, size):
    app = statistics_app(tmp_path, size)
    try:
        screen = StatsScene(app)
        app.scenes.push(screen)
        frames(app)
        screen.switch()
        frames(app)
        assert screen.view == "progress" and screen.shown_of == ("tourne-case", "novice")
        for code in ("en", "fr"):
            drawn = drawn_words(app, code)
            app.update_settings({"language": code})
            told = progress.summary(*stats.progress(screen.records, screen.reviews, *screen.shown_of))
            app.update_settings({"language": "en"})
            assert any(str(w) == str(told) for w, _r, _b in drawn), (code, told)
            assert all(box.contains(rect) for _w, rect, box in drawn), code
        assert "Review a match" in str(told) or "Revoyez" in str(told)   # no review yet: said how
        press_key(app, pygame.K_RIGHT)           # the next game and level
        assert screen.shown_of == ("tourne-case", "master")
    finally:
        app.update_settings({"language": "en"})
        pygame.display.quit()


def press_key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app)
