"""French and English (issue 12): every message translated in both catalogues, no text on the
screen that skipped a catalogue, the language of the system on the first start and a change in
the settings seen at the next frame, and the menus' scenes speaking both languages inside
their boxes at the smallest window (960x600)."""
import copy
import io
import sys
import types
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pygame
import pytest

import speaking
from game.base import i18n
from game.app import App
from game.play.options import MatchOptions
from game.play.session import Session
from game.play.priority import PriorityStage
from game.scenes.menus.overlays import ConfirmScene, NoticeScene, PauseScene, SavedMatchScene
from game.scenes.menus.settings import SettingsScene, StatsScene
from game.scenes.menus.new_match import NewMatchScene
from game.saves.storage import Storage
from game.view import widgets as ui
from tests.test_menus import app, frames, press  # noqa: F401  (app: the menus' fixture, at 960x600 in English)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402  (tools/catalogues.py: the extraction the catalogues are made by)

DT = 1 / 60
SMALLEST = (960, 600)


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves the game speaking English, as the other tests expect."""
    yield
    i18n.set_language("en")


def words_drawn(app, n=2) -> set[str]:
    with ui.recording() as (shown, _unsaid):
        frames(app, n)
        return {words for words, _rect, _box in shown}


def no_errors(tmp_path):
    log = tmp_path / "errors.log"
    assert not log.exists(), log.read_text()


# -- the catalogues ---------------------------------------------------------------------------

def test_every_message_has_a_translation_in_both_catalogues():
    """Every message marked in the code (extracted as tools/catalogues.py does) is translated in
    the English and the French catalogues, and the compiled .mo files are those of the .po
    files made from the code as it is (`python tools/catalogues.py --check` passes)."""
    template = catalogues.extract()
    wanted = {(m.id, m.context) for m in template if m.id}     # a message in a context is its own
    assert len(wanted) > 100, "the extraction found the game's messages"
    missing = []
    for code in i18n.LANGUAGES:
        with open(catalogues.po_path(code), "rb") as handle:
            held = {(m.id, m.context): m for m in catalogues.read_po(handle, locale=code) if m.id}
        missing += [f"{code}: {message!r}" for message in sorted(wanted, key=str)
                    if message not in held or catalogues.missing(held[message])]
    assert not missing, (f"{len(missing)} messages without a translation (write them in "
                         "game/locale/fr/LC_MESSAGES/tournecase.po and run python tools/catalogues.py):\n"
                         + "\n".join(missing[:60]))
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = catalogues.main(["--check"])
    assert status == 0, f"tools/catalogues.py --check:\n{err.getvalue()}"


def test_a_new_message_stays_untranslated_in_french_until_it_is_translated(tmp_path, monkeypatch):
    """The English catalogue repeats each message; making it must not hand the English to the
    French catalogue too (a message with no French would then pass for translated)."""
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)
    template = catalogues.Catalog(domain=catalogues.DOMAIN)
    template.add("A message nobody translated yet", None, [("game/x.py", 1)])
    template.add(("{count} new point", "{count} new points"), None, [("game/x.py", 2)])
    kept = copy.deepcopy(template)
    english = catalogues.build("en", template, {})
    french = catalogues.build("fr", template, {})
    assert english["A message nobody translated yet"].string == "A message nobody translated yet"
    assert catalogues.missing(french["A message nobody translated yet"]), \
        f"French got {french['A message nobody translated yet'].string!r}"
    assert catalogues.missing(french["{count} new point"])
    assert [(m.id, m.string) for m in template] == [(m.id, m.string) for m in kept], \
        "making a catalogue changed the template"


# -- text that skipped the catalogue is caught ---------------------------------------------------

def test_the_recorder_catches_words_that_skipped_the_catalogue():
    pygame.init()
    surface = pygame.Surface((400, 100))
    with ui.recording() as (shown, unsaid):
        ui.blit_text(surface, "Plain English", 20, (200, 50))
        ui.blit_text(surface, i18n._("Back"), 20, (200, 50))
        ui.blit_text(surface, i18n.verbatim("Garanguet"), 20, (200, 50))
        ui.blit_text(surface, "3-5", 20, (200, 50))           # no letters: nothing to translate
    assert unsaid == ["Plain English"]
    assert [words for words, _rect, _box in shown] == ["Plain English", "Back", "Garanguet", "3-5"]


def test_a_widget_label_the_catalogues_do_not_hold_is_caught():
    """A widget translates its label when drawn; a label never marked for the catalogue (or not
    yet translated in the language spoken) is recorded as unsaid, a marked one is not."""
    pygame.init()
    surface = pygame.Surface((600, 100))
    marked, unmarked = ui.Button("Back", lambda: None), ui.Button("Never marked xyzzy", lambda: None)
    for button in (marked, unmarked):
        button.rect = pygame.Rect(20, 20, 560, 60)
    for code, back in (("en", "Back"), ("fr", "Retour")):
        i18n.set_language(code)
        with ui.recording() as (shown, unsaid):
            marked.draw(surface, 1.0, False)
            unmarked.draw(surface, 1.0, False)
        assert unsaid == ["Never marked xyzzy"], code
        assert shown[0][0] == back


def test_text_leaving_its_box_is_caught():
    pygame.init()
    surface = pygame.Surface((600, 100))
    box = pygame.Rect(10, 10, 60, 30)
    with ui.recording() as (shown, _unsaid):
        ui.blit_text(surface, i18n._("Abandon the match"), 30, box.center, box=box)
        ui.blit_fitted(surface, i18n._("Back"), 20, pygame.Rect(10, 10, 200, 30))
    (words, rect, drawn_in), (fitted, fitted_rect, fitted_box) = shown
    assert speaking.spills(words, rect, drawn_in)
    assert not speaking.spills(fitted, fitted_rect, fitted_box)


# -- the language: the system's first, then the player's, at once ------------------------------------

@pytest.fixture
def system_language(monkeypatch):
    """Set the system's locale as the environment gives it (LANG), nothing overriding it."""
    def set_to(value):
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", value)
    return set_to


@pytest.mark.parametrize("locale, code, new_match", [("fr_FR.UTF-8", "fr", "Nouveau match"),
                                                     ("en_US.UTF-8", "en", "New match")])
def test_the_first_start_speaks_the_system_language(tmp_path, system_language, locale, code,
                                                    new_match):
    system_language(locale)
    app = App(seed=7, data_dir=tmp_path, size=SMALLEST)
    try:
        assert not app.settings["language"], "nothing chosen yet"
        assert i18n.language() == code
        assert new_match in words_drawn(app)
        assert pygame.display.get_caption()[0] == "Tourne Case & Garanguet"
        no_errors(tmp_path)
    finally:
        pygame.display.quit()


def test_a_damaged_settings_file_is_reported_in_french_on_a_french_system(tmp_path, system_language):
    """The storage's sentence (game/saves/storage.py, a Problem) is said in the player's language, not
    pasted in English into a French sentence."""
    system_language("fr_FR.UTF-8")
    (tmp_path / "settings.json").write_text('{"volume": 7}', encoding="utf-8")
    app = App(seed=7, data_dir=tmp_path, size=SMALLEST)
    try:
        frames(app)
        notice = app.scenes.top
        assert i18n.language() == "fr" and isinstance(notice, NoticeScene), notice
        said = " ".join(map(ui.say, notice.notes))
        assert said.startswith("Réglages") and "mis de côté" in said, said
        assert not {"setting", "was", "using", "number"} & set(said.replace(";", " ").split()), said
    finally:
        pygame.display.quit()


def test_the_language_changes_in_the_settings_at_the_next_frame_and_is_kept(tmp_path,
                                                                             system_language):
    system_language("fr_FR.UTF-8")
    app = App(seed=7, data_dir=tmp_path, size=SMALLEST)
    try:
        assert "Réglages" in words_drawn(app)
        title = app.scenes.top
        title.menu.focus_on(next(w for w in title.menu.widgets if w.label == "Settings"))
        press(app, pygame.K_RETURN)
        settings = app.scenes.top
        assert isinstance(settings, SettingsScene)
        assert settings.language.value == "fr", "the choice shows the language spoken"
        before = words_drawn(app)
        assert {"Réglages", "Langue", "Français", "Retour"} <= before
        settings.menu.focus_on(settings.language)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                             unicode="", scancode=0))
        app.frame(DT)                              # the change happens in this frame's events
        after = words_drawn(app, 1)                # and the next frame speaks English
        assert {"Settings", "Language", "English", "Back"} <= after
        assert not {"Réglages", "Langue", "Retour"} & after
        assert app.scenes.top is settings, "no restart, the same screen"
        assert i18n.language() == "en"
        assert Storage(tmp_path).load_settings()[0]["language"] == "en", "the choice is saved"
        press(app, pygame.K_ESCAPE)
        assert "New match" in words_drawn(app), "the title beneath speaks it too"
        no_errors(tmp_path)
    finally:
        pygame.display.quit()
    again = App(seed=7, data_dir=tmp_path, size=SMALLEST)      # French system, English chosen
    try:
        assert i18n.language() == "en" and "New match" in words_drawn(again)
    finally:
        pygame.display.quit()


# -- the tutorials from the title ----------------------------------------------------------------

def test_the_title_opens_each_tutorial(app, monkeypatch):
    opened = []

    class TutorialScene(NoticeScene):
        def __init__(self, host, game):
            opened.append(game)
            super().__init__(host, [i18n._("Back")])

    monkeypatch.setitem(sys.modules, "game.scenes.learn.tutorial",
                        types.SimpleNamespace(TutorialScene=TutorialScene))
    title = app.scenes.top
    for label, game in (("Tutorial: Tourne Case", "tourne-case"), ("Tutorial: Garanguet", "garanguet")):
        title.menu.focus_on(next(w for w in title.menu.widgets if w.label == label))
        press(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, TutorialScene) and opened[-1] == game
        press(app, pygame.K_ESCAPE)
        assert app.scenes.top is title


def test_a_tutorial_that_cannot_open_is_a_notice_not_a_crash(app, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "game.scenes.learn.tutorial", None)      # import fails
    title = app.scenes.top
    title.menu.focus_on(next(w for w in title.menu.widgets if w.label == "Tutorial: Garanguet"))
    press(app, pygame.K_RETURN)
    notice = app.scenes.top
    assert isinstance(notice, NoticeScene) and app.running
    assert any("tutorial cannot be opened" in note for note in notice.notes)
    assert_clean(speaking.problems(app))
    no_errors(tmp_path)


# -- the game's notices --------------------------------------------------------------------------

def test_an_error_is_reported_in_the_language_spoken(app, tmp_path):
    from game.scenes.base import Scene

    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("boom")

    app.update_settings({"language": "fr"})
    app.scenes.clear_to(Broken(app))
    frames(app, 3)
    notice = app.scenes.top
    assert isinstance(notice, NoticeScene)
    assert any(note.startswith("Une erreur s’est produite (RuntimeError: boom)") for note in notice.notes)
    assert {"À noter", "D’accord"} <= words_drawn(app)
    assert_clean(speaking.problems(app))


def test_the_screenshot_notice_is_said(app, tmp_path):
    app.update_settings({"language": "fr"})
    press(app, pygame.K_F12)
    assert app.toast.words.startswith("Capture d’écran enregistrée dans")
    with ui.recording() as (_shown, unsaid):
        frames(app, 10)
    assert unsaid == []


# -- each menu screen, in both languages, at the smallest window ----------------------------------

def walk(app, scene) -> list[str]:
    """speaking.problems with the focus on each row in turn (each row's footnote drawn)."""
    found = []
    for i, widget in enumerate(scene.menu.widgets):
        if widget.visible and widget.enabled:
            scene.menu.focus = i
            found += speaking.problems(app)
    return sorted(set(found))


def assert_clean(found):
    found = sorted(set(found))
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)


def show(app, scene):
    app.scenes.push(scene)
    frames(app)
    assert app.scenes.top is scene
    return scene


def saved_match(app):
    app.keeper.adopt(Session.new(MatchOptions(length=5), seed=3))
    app.save_match()


def test_the_title_speaks_both_languages_in_its_boxes(app, tmp_path):
    saved_match(app)                     # Continue shows, and Quit's note says the match is kept
    app.to_title()
    frames(app)
    title = app.scenes.top
    assert title.continue_button.visible
    assert_clean(walk(app, title))
    title.menu.focus_on(title.quit_button)
    app.update_settings({"language": "fr"})
    assert "Votre match est enregistré : « Continuer » le reprendra la prochaine fois." \
        in words_drawn(app)
    no_errors(tmp_path)


def test_the_new_match_form_speaks_both_languages_in_its_boxes(app, tmp_path):
    form = show(app, NewMatchScene(app))
    found = []
    for game in ("tourne-case", "garanguet"):
        for opponent in ("computer", "human"):
            for key, value in (("game", game), ("opponent", opponent)):
                choice = form.choices[key]
                choice.index = [v for v, _label in choice.options].index(value)
            form.changed(None)
            frames(app)
            found += walk(app, form)
    for key in ("level", "length", "rules", "human_side"):     # every value of every choice
        form.choices["game"].index = 0
        form.choices["opponent"].index = 0
        form.changed(None)
        choice = form.choices[key]
        form.menu.focus_on(choice)
        for _ in choice.options:
            found += speaking.problems(app)
            choice.adjust(+1)
    assert_clean(found)
    no_errors(tmp_path)


def test_the_settings_speak_both_languages_in_their_boxes(app, tmp_path):
    settings = show(app, SettingsScene(app))
    assert [code for code, _name in settings.language.options] == ["en", "fr"]
    assert [str(name) for _code, name in settings.language.options] == ["English", "Français"]
    found = walk(app, settings)
    speeds = settings.menu.widgets[2]
    settings.menu.focus_on(speeds)
    for _ in speeds.options:
        speeds.adjust(+1)
        found += speaking.problems(app)
    assert_clean(found)
    no_errors(tmp_path)


@pytest.mark.parametrize("make", [
    lambda app: PauseScene(app),
    lambda app: ConfirmScene(app, "Abandon the match?", "The match ends here and its save is "
                             "deleted.", lambda: None),
    lambda app: SavedMatchScene(app, lambda: None),
    lambda app: NoticeScene(app, [i18n._("Saved match: {problem}.", problem="x" * 20)] * 3),
], ids=["pause", "confirm", "saved-match", "notice"])
def test_the_overlays_speak_both_languages_in_their_boxes(app, tmp_path, make):
    saved_match(app)
    scene = show(app, make(app))
    assert_clean(walk(app, scene))
    no_errors(tmp_path)


def test_the_statistics_speak_both_languages_in_their_boxes(app, tmp_path):
    screen = show(app, StatsScene(app))
    assert_clean(speaking.problems(app))
    app.scenes.pop()
    for rules, won in (("charpentier-reentry", True), ("garanguet", False), ("bell", True)):
        for kind in ("game", "match"):
            app.storage.add_record({"kind": kind, "winner": "W" if won else "B", "rules": rules,
                                    "opponent": "computer", "level": "journeyman",
                                    "human_side": "W", "autoplay": False})
    app.storage.add_record({"kind": "game", "winner": "W", "rules": "charpentier",
                            "opponent": "human", "level": "", "human_side": "W", "autoplay": False})
    screen = show(app, StatsScene(app))
    assert_clean(speaking.problems(app))
    app.update_settings({"language": "fr"})
    drawn = words_drawn(app)
    assert {"Contre l’ordinateur", "Tourne Case, Compagnon", "Parties", "Matchs"} <= drawn, drawn
    assert dict(screen.rows())["Tourne Case, Compagnon"][:3] == ["2", "2", "100 %"]
    no_errors(tmp_path)


def test_the_priority_throw_speaks_both_languages_in_its_boxes(app, tmp_path):
    app.update_settings({"animation_speed": "fast"})
    app.new_match({**app.last_options(), "opponent": "computer", "rules": "charpentier"})
    frames(app)
    scene = app.scenes.top
    assert type(scene).__name__ == "PriorityScene" and scene.stage is PriorityStage.WAIT
    assert_clean(speaking.problems(app))
    press(app, pygame.K_SPACE)
    assert_clean(speaking.problems(app, frames=1))          # the dice rolling
    for _ in range(600):
        if scene.stage is PriorityStage.RESULT:
            break
        app.frame(0.05)
    assert scene.stage is PriorityStage.RESULT
    assert_clean(speaking.problems(app, frames=1))
    app.update_settings({"language": "fr"})
    frames(app)
    assert i18n.language() == "fr" and "amen" in scene.prompt(), scene.prompt()
    firsts = {"Vous commencez (Blancs)", "L’ordinateur commence (Noirs)"}
    from game.base.i18n import shown
    assert firsts & {shown(b.text) for b in scene.banners}, "the banner, made in English, says French"
    no_errors(tmp_path)


if __name__ == "__main__":     # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
