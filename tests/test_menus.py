"""The menus as a newcomer meets them: no wrapping onto Quit, rows that stay put, the focus
with the device used last, footnotes about the focused setting, rules in words, statistics."""
import re

import pygame
import pytest

from game.base import i18n
from game.app import App
from game.scenes import games
from game.scenes.menus.base import MenuScene
from game.scenes.menus.overlays import PauseScene
from game.scenes.menus.settings import SettingsScene, StatsScene
from game.scenes.learn.rules_screen import RulesScene
from game.scenes.menus.new_match import NewMatchScene
from game.scenes.menus.title import TitleScene
from game.view import widgets as ui

DT = 1 / 60


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """The menus speak English here, whatever the machine's locale (tests/test_i18n.py has French)."""
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en"})
    pygame.event.clear()
    yield a
    pygame.display.quit()


def frames(app, n=2):
    for _ in range(n):
        app.frame(DT)


def press(app, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    frames(app)


def move_pointer(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)


def labels(menu):
    """Each widget's label as English words (a label given as a callable is asked for them)."""
    return [str(ui.say(getattr(w, "label", ""))) for w in menu.widgets]


# -- the keyboard never wraps onto Quit ----------------------------------------------------------

def test_up_from_the_first_title_item_stays_there_and_enter_does_not_quit(app):
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    first = title.menu.focused
    press(app, pygame.K_UP)
    assert title.menu.focused is first and first.label != "Quit"
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert title.menu.focused is first
    press(app, pygame.K_RETURN)
    assert app.running, "Enter after Up opened the first item, it did not quit"


def test_down_stops_at_the_last_item_and_home_end_jump(app):
    menu = app.scenes.top.menu
    for _ in range(len(menu.widgets) + 3):
        press(app, pygame.K_DOWN)
    assert menu.focused.label == "Quit"
    press(app, pygame.K_HOME)
    assert menu.focused is menu.usable()[0]
    press(app, pygame.K_END)
    assert menu.focused.label == "Quit"


def test_moving_skips_hidden_and_disabled_items():
    items = [ui.Button(str(i), lambda: None) for i in range(4)]
    items[1].visible = False
    items[2].enabled = False
    menu = ui.Menu(items)
    menu.move(+1)
    assert menu.focused is items[3]
    menu.move(+1)
    assert menu.focused is items[3]
    menu.move(-1)
    assert menu.focused is items[0]


# -- rows keep their places ------------------------------------------------------------------------

class Form(MenuScene):
    def build(self):
        self.extra = ui.Button("Sometimes", lambda: None)
        return [ui.Button("First", lambda: None), self.extra, ui.Button("Last", lambda: None)]


def test_a_row_that_comes_and_goes_moves_nothing_below_it(app):
    form = Form(app)
    app.scenes.push(form)
    frames(app)
    last = form.menu.widgets[-1].rect.copy()
    form.extra.visible = False
    frames(app)
    assert form.menu.widgets[-1].rect == last
    assert form.menu.widget_at(form.extra.rect.center) is None, "a hidden row takes no click"


def test_the_new_match_form_never_moves_the_row_changed_nor_those_above_it(app):
    """Issue 32.10: the form closes up the rows that do not apply (no gap where Tourne Case's
    rule rows were), and a row that comes or goes is always below the one changed: the row
    under the pointer, and every row above it, stay put whatever the choices."""
    form = NewMatchScene(app)
    app.scenes.push(form)
    frames(app)
    for choice in [w for w in form.menu.widgets if isinstance(w, ui.Choice)]:
        if not choice.visible:
            continue
        for _ in range(len(choice.options)):
            above = [w.rect.copy() for w in form.menu.widgets[:form.menu.widgets.index(choice) + 1]]
            choice.adjust(+1)
            frames(app, 1)
            now = [w.rect for w in form.menu.widgets[:form.menu.widgets.index(choice) + 1]]
            assert now == above, f"changing {choice.label} moved a row above it or itself"


def test_a_column_without_kept_places_still_closes_up():
    items = [ui.Button(str(i), lambda: None) for i in range(3)]
    items[1].visible = False
    ui.column(items, 100, 0, 50, 10, 0)
    assert items[2].rect.y == 10


# -- the focus follows the device used last ---------------------------------------------------------

def test_the_pointer_at_rest_does_not_take_the_keyboard_focus(app):
    title = app.scenes.top
    frames(app)
    rules = next(w for w in title.menu.widgets if w.label == "Rules")
    move_pointer(app, rules.rect.center)
    assert title.menu.focused is rules, "moving onto an item focuses it"
    press(app, pygame.K_DOWN)
    assert title.menu.focused.label == "Settings"
    move_pointer(app, rules.rect.center)       # a motion event with no motion (SDL sends them)
    assert title.menu.focused.label == "Settings"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SettingsScene), "Enter plays what the keyboard chose"


def test_the_pointer_takes_the_focus_back_by_moving(app):
    title = app.scenes.top
    frames(app)
    rules = next(w for w in title.menu.widgets if w.label == "Rules")
    move_pointer(app, rules.rect.center)
    press(app, pygame.K_DOWN)
    move_pointer(app, (rules.rect.centerx + 5, rules.rect.centery))
    assert title.menu.focused is rules
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, RulesScene)


def test_an_item_arriving_under_a_resting_pointer_does_not_take_the_focus():
    a, b = ui.Button("a", lambda: None), ui.Button("b", lambda: None)
    menu = ui.Menu([a, b])
    ui.column([a, b], 100, 0, 100, 20, 0)
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 30), rel=(0, 0), buttons=(0, 0, 0)))
    assert menu.focused is b
    menu.focus = 0
    ui.column([b, a], 100, 0, 100, 20, 0)      # a is now under the pointer, which did not move
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 30), rel=(0, 0), buttons=(0, 0, 0)))
    assert menu.focused is a


# -- the settings footnote is about the focused setting ----------------------------------------------

def test_the_settings_footnote_describes_the_focused_setting(app):
    settings = SettingsScene(app)
    app.scenes.push(settings)
    frames(app)
    seen = {}
    for _ in settings.menu.widgets:
        seen[settings.menu.focused.label] = settings.footnote()
        press(app, pygame.K_DOWN)
    assert set(seen) == set(labels(settings.menu))
    assert all(seen.values()) and len(set(seen.values())) == len(seen), "one note per setting"
    assert "touch" in seen["Touch-move"].lower()
    assert all("touch" not in note.lower() for label, note in seen.items() if label != "Touch-move")


# -- rule numbers only alongside words -------------------------------------------------------------

NUMBER = r"\b(?:C|TC|TR|TB|G)-\d+\b"


def test_menu_labels_name_rules_in_words_with_the_number_in_brackets(app):
    for scene in (TitleScene(app), SettingsScene(app), PauseScene(app), NewMatchScene(app)):
        for label in labels(scene.menu):
            for number in re.findall(NUMBER, label):
                assert re.search(rf"[a-z]{{3,}}.*\({number}\)", label), label


def test_the_new_match_footnote_on_the_reentry_row_is_about_reentry(app):
    """The help line under the form speaks of the focused row: re-entry's own rule, not the
    preset's summary that it used to repeat."""
    screen = NewMatchScene(app)
    app.scenes.push(screen)
    frames(app)
    for key, wanted in (("game", "tourne-case"), ("rules", "charpentier")):
        choice = screen.choices[key]
        choice.index = [value for value, *_ in choice.options].index(wanted)
    screen.changed(None)
    frames(app)
    screen.menu.reset_focus(screen.menu.widgets.index(screen.choices["reentry"]))
    assert screen.footnote() == games.REENTRY.note
    screen.menu.reset_focus(screen.menu.widgets.index(screen.choices["rules"]))
    assert screen.footnote() != games.REENTRY.note and "TR-1" not in screen.footnote()


# -- statistics ----------------------------------------------------------------------------------

def test_the_statistics_screen_shows_shares_levels_rule_sets_and_streaks(app):
    for won in (True, True, False, True):
        app.storage.add_record({"kind": "game", "winner": "W" if won else "B", "rules": "garanguet",
                                "opponent": "computer", "level": "novice", "human_side": "W",
                                "autoplay": False})
    screen = StatsScene(app)
    app.scenes.push(screen)
    frames(app)
    rows = dict(screen.rows())
    assert rows["Against the computer"][:3] == ["4", "3", "75%"]
    assert rows["Garanguet, Novice"][:3] == ["4", "3", "75%"]
    assert rows["Garanguet"][:3] == ["4", "3", "75%"]
    assert rows["Bell"][:3] == ["0", "0", "–"]
    assert "best 2, now 1" in screen.streaks()


def test_resume_and_take_back_are_two_words_in_french(app):
    """Issue 24: "Reprendre" was both the pause menu's Resume and the table's Take back (U),
    both on screen at once. Over a table in French, each label drawn names one action."""
    import speaking
    from game.play.options import MatchOptions
    from game.play.session import Session
    app.keeper.adopt(Session.new(MatchOptions(rules="charpentier", opponent="human"), seed=3))
    app.show_match()
    frames(app)
    app.scenes.push(PauseScene(app))
    frames(app)
    shown, _unsaid = speaking.drawn(app, "fr")
    words = {str(w) for w, _rect, _box in shown}
    app.update_settings({"language": "fr"})
    resume, take_back = i18n._("Resume"), i18n._("Take back")
    app.update_settings({"language": "en"})
    assert resume in words and take_back in words, sorted(words)
    assert resume != take_back


def test_the_statistics_show_abandoned_matches_under_headings_that_read_alike(app):
    """Issue 24: abandoned matches were not shown; the headings were capitalised unevenly
    ("Parties victoires part") and "part" said nothing."""
    import speaking
    app.storage.add_record({"kind": "game", "winner": "W", "rules": "bell", "opponent": "computer",
                            "level": "novice", "human_side": "W", "autoplay": False})
    app.storage.add_record({"kind": "abandoned", "score": {"W": 2, "B": 1}, "games": 3, "rules": "bell",
                            "opponent": "computer", "level": "novice", "human_side": "W", "autoplay": False})
    app.scenes.push(StatsScene(app))
    frames(app)
    for code, abandoned in (("en", "1 match abandoned"), ("fr", "1 match abandonné")):
        shown, _unsaid = speaking.drawn(app, code)
        words = [str(w) for w, _rect, _box in shown]
        assert any(abandoned in w for w in words), (code, words)
        app.update_settings({"language": code})
        heads = StatsScene.columns()
        assert all(h[:1].isupper() or h[:1] == "%" for h in heads), heads
        assert "part" not in heads and "share" not in heads, heads
    app.update_settings({"language": "en"})
