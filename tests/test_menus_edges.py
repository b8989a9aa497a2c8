"""Issue 38.16: the menus' French - a side's name and its score on one line in the saved-match
dialog, a choice clear of its arrows on the new-match form."""
import pygame
import pytest

from game.app import App
from game.base import i18n
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.scenes.menus.overlays import SavedMatchScene
from game.view import widgets as ui


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def drawn(app, code) -> list[str]:
    i18n.set_language(code)
    with ui.recording() as (shown, _unsaid):
        app.frame(1 / 30)
        app.frame(1 / 30)
        return [str(words) for words, _rect, _box in shown]


@pytest.mark.parametrize("rules", ["garanguet", "charpentier", "bell"])
def test_the_saved_match_dialog_keeps_each_side_with_its_score(app, rules):
    """ "Noirs" ended a line and "0." began the next."""
    session = Session.new(MatchOptions(rules=rules, length=5, opponent="computer"), seed=3)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    app.keeper.adopt(session)
    app.scenes.push(SavedMatchScene(app, lambda: None))
    for code, sides in (("en", ("White", "Black")), ("fr", ("Blancs", "Noirs"))):
        lines = drawn(app, code)
        assert any(sides[1] in line for line in lines), lines
        for line in lines:
            assert not line.rstrip().endswith(sides) and not line.lstrip()[:1].isdigit(), lines


def test_a_long_choice_leaves_air_between_it_and_its_arrows(app):
    """ "Un ami sur un autre ordinateur" filled the whole space between its arrows."""
    from game.scenes.menus.new_match import NewMatchScene
    from game.view.layout import px, ui_scale
    i18n.set_language("fr")
    form = NewMatchScene(app)
    app.scenes.push(form)
    app.frame(1 / 30)
    choice = form.choices["opponent"]
    while choice.value != "online":
        choice.adjust(+1)
    choice.glow = choice.pop = 0.0
    surface = pygame.Surface(app.size)
    scale = ui_scale(app.size)
    with ui.recording() as (shown, _unsaid):
        choice.draw(surface, scale, False)
    said = str(i18n._("A friend on another computer"))
    value = [rect for words, rect, _box in shown if str(words) == said]
    assert value, [str(w) for w, _r, _b in shown]
    box = choice.box(scale)
    half = box.h * 0.18 * 0.5
    left_arrow = box.x + box.w * 0.5 + half                       # the arrows' backs
    right_arrow = box.right - px(22, scale) * 0.8 - half
    air = px(24, scale)                                            # was 13 px at 960x600
    assert value[0].left >= left_arrow + air and value[0].right <= right_arrow - air, (value[0], left_arrow, right_arrow)
