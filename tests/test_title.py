"""The title (issue 32.13): no empty row above New match without a saved match; with one,
Continue says which game, its length and the score."""
import pygame
import pytest

from game.app import App
from game.base import i18n
from game.play.options import MatchOptions
from game.play.session import Session
from game.rules import Side
from game.scenes.menus.title import TitleScene
from game.view import widgets as ui
from game.view.layout import ui_scale

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en"})
    pygame.event.clear()
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def frames(app, n=3):
    for _ in range(n):
        app.frame(DT)


def test_without_a_saved_match_new_match_takes_the_first_row(app):
    title = app.scenes.top
    assert isinstance(title, TitleScene) and not title.continue_button.visible
    frames(app)
    new_match = title.menu.widgets[1]
    assert str(new_match.label) == "New match"
    top = title.menu_top(app.size, ui_scale(app.size))
    assert new_match.rect.top == top, "no empty row above New match"


def test_continue_says_the_game_the_length_and_the_score(app):
    session = Session.new(MatchOptions(rules="garanguet", length=5), seed=3)
    session.match.score[Side.WHITE], session.match.score[Side.BLACK] = 2, 1
    app.keeper.adopt(session)
    app.save_match()
    app.to_title()
    frames(app)
    title = app.scenes.top
    assert title.continue_button.visible
    assert ui.say(title.continue_button.label) == "Continue: Garanguet, match to 5, 2-1"
    assert title.continue_button.rect.top == title.menu_top(app.size, ui_scale(app.size))
    i18n.set_language("fr")
    assert ui.say(title.continue_button.label) == "Continuer\u00a0: Garanguet, match en 5, 2-1"



@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_longest_continue_fits_its_button(app, language):
    session = Session.new(MatchOptions(rules="charpentier", length=21), seed=3)
    session.match.score[Side.WHITE], session.match.score[Side.BLACK] = 20, 19
    app.keeper.adopt(session)
    app.update_settings({"language": language})
    app.to_title()
    frames(app)
    label = ui.say(app.scenes.top.continue_button.label)
    assert "21" in label and "20-19" in label and "Tourne Case" in label
    with ui.recording() as (drawn, _unsaid):
        frames(app, 1)
    rect, box = next((rect, box) for words, rect, box in drawn if words == label)
    assert box.contains(rect), label
