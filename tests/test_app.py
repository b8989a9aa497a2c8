"""The shell, headless: the real App and main loop, driven by posted keyboard and mouse events."""
import random

import pygame
import pytest

from game.base import i18n
from game.app import App, run
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out
from game.rules import Side
from game.scenes.base import Scene
from game.scenes.menus.overlays import ConfirmScene, NoticeScene, PauseScene, SavedMatchScene
from game.scenes.menus.settings import SettingsScene, StatsScene
from game.scenes.learn.rules_screen import RulesScene
from game.scenes.table.scoreboard import ScoreboardScene
from game.scenes.menus.new_match import NewMatchScene
from game.scenes.menus.title import TitleScene
from game.saves import stats
from game.saves.storage import Storage
from waiting import frames_until

DT = 1 / 60


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """The game speaks English here, whatever the machine's locale (tests/test_i18n.py has French)."""
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path)
    a.update_settings({"language": "en"})
    pygame.event.clear()
    yield a
    pygame.display.quit()


def frames(app, n=3):
    for _ in range(n):
        app.frame(DT)


def press(app, key, mod=0, then=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    frames(app, then)


def click(app, pos, then=2):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    frames(app, then)


def top(app):
    return app.scenes.top


def played_to_game_over(options: MatchOptions, seed: int) -> Session:
    """A session whose current game was played out by random legal moves."""
    s = Session.new(options, seed=seed)
    rng = random.Random(seed)
    return play_out(s, lambda s, moves: rng.choice(moves), lambda s: s.phase is Phase.GAME_OVER)


def test_run_opens_the_title_and_quits_cleanly(tmp_path):
    assert run(seed=1, data_dir=tmp_path, quit_after=0.3) == 0
    assert not (tmp_path / "errors.log").exists()


def test_title_menu_by_keyboard_to_settings_and_back(app, tmp_path):
    assert isinstance(top(app), TitleScene)
    assert not top(app).continue_button.visible, "no save, no Continue"
    for _ in range(8):             # New match, the tutorials, Rules -> Settings
        if top(app).menu.focused.label == "Settings":
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), SettingsScene)
    press(app, pygame.K_RIGHT)     # the volume slider has the focus
    assert app.settings["volume"] == pytest.approx(0.9)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)
    saved, problems = Storage(tmp_path).load_settings()
    assert saved["volume"] == pytest.approx(0.9) and problems == []


def test_a_click_on_a_title_button_opens_its_screen(app):
    frames(app)
    rules_button = next(w for w in top(app).menu.widgets if getattr(w, "label", "") == "Rules")
    click(app, rules_button.rect.center)
    assert isinstance(top(app), RulesScene)
    click(app, top(app).back_button.rect.center)
    assert isinstance(top(app), TitleScene)


def test_esc_on_the_title_points_at_quit_and_enter_quits(app):
    press(app, pygame.K_ESCAPE)
    assert app.running and top(app).menu.focused.label == "Quit"
    press(app, pygame.K_RETURN)
    assert not app.running and app.status == 0


def test_tab_and_shift_tab_move_the_focus(app):
    menu = top(app).menu
    first = menu.focused
    press(app, pygame.K_TAB)
    assert menu.focused is not first
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert menu.focused is first


def test_bad_events_never_crash(app, tmp_path):
    junk = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=None, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 2, 3), rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(float("nan"), 4), rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.KEYDOWN, key=None, mod=0),
        pygame.event.Event(pygame.KEYDOWN, key="a", mod=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-99999),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(-5000, 99999), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10**9, 3), button=7),
        pygame.event.Event(pygame.WINDOWFOCUSLOST),
        pygame.event.Event(pygame.USEREVENT, anything="at all"),
        pygame.event.Event(pygame.TEXTINPUT, text="\x00"),
    ]
    screens = [None, SettingsScene, RulesScene, StatsScene, NewMatchScene]
    for screen in screens:
        if screen is not None:
            app.scenes.push(screen(app))
        for event in junk:
            pygame.event.post(event)
            frames(app, 1)
        assert app.running
    assert not (tmp_path / "errors.log").exists()


def test_an_error_in_a_frame_goes_back_to_the_title_and_keeps_the_save(app, tmp_path):
    app.keeper.adopt(Session.new(MatchOptions(length=3), seed=3))
    app.save_match()
    saved = (tmp_path / "match.json").read_bytes()

    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("boom in update")

    app.scenes.clear_to(Broken(app))
    frames(app, 3)
    notice = top(app)
    assert isinstance(notice, NoticeScene) and isinstance(app.scenes.stack[0], TitleScene)
    assert "boom in update" in (tmp_path / "errors.log").read_text()
    assert any("boom in update" in note for note in notice.notes)
    press(app, pygame.K_RETURN)                # OK
    assert isinstance(top(app), TitleScene)
    assert (tmp_path / "match.json").read_bytes() == saved
    assert app.can_continue() and top(app).continue_button.visible
    assert app.running


def test_errors_that_keep_coming_close_the_game_with_status_1(app, tmp_path, monkeypatch):
    def broken_draw(self, surface):
        raise RuntimeError("the title itself is broken")
    monkeypatch.setattr(TitleScene, "draw", broken_draw)
    frames(app, 10)
    assert not app.running and app.status == 1
    assert (tmp_path / "errors.log").read_text().count("the title itself is broken") >= 5


def test_a_corrupt_save_is_kept_aside_and_reported_on_the_title(tmp_path):
    (tmp_path / "match.json").write_text('{"format": "tourne-case-save", "vers')
    app = App(seed=1, data_dir=tmp_path)
    frames(app)
    assert isinstance(top(app), NoticeScene)
    assert any("match.json" in note for note in top(app).notes)
    assert list(tmp_path.glob("match.json.bad-*")), "the bad file is renamed, not deleted"
    assert not app.can_continue()
    pygame.display.quit()


def test_f12_saves_a_screenshot_in_the_data_folder(app, tmp_path):
    press(app, pygame.K_F12)
    shots = list((tmp_path / "screenshots").glob("*.png"))
    assert len(shots) == 1
    assert pygame.image.load(str(shots[0])).get_size() == app.size


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_screenshot_notice_names_the_folder_and_covers_no_control(tmp_path, size):
    """F12 on a menu says where the file went, and its notice stays clear of every button
    (it used to sit over Back, at the bottom)."""
    app = App(seed=7, data_dir=tmp_path)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app)
    assert app.size == size
    top(app).menu.focus_on(next(w for w in top(app).menu.widgets if w.label == "Settings"))
    press(app, pygame.K_RETURN)                # Settings: a column of controls and Back
    press(app, pygame.K_F12, then=30)          # the notice has slid into view
    assert str(tmp_path / "screenshots") in app.toast.words
    notice = app.toast.rect
    assert notice is not None and app.screen.get_rect().contains(notice)
    for widget in top(app).menu.widgets:
        assert not notice.colliderect(widget.rect), widget
    pygame.display.quit()


def test_f11_toggles_fullscreen_and_remembers_it(app, tmp_path):
    press(app, pygame.K_F11)
    assert app.fullscreen and app.settings["fullscreen"]
    press(app, pygame.K_F11)
    assert not app.fullscreen
    assert Storage(tmp_path).load_settings()[0]["fullscreen"] is False


def test_new_match_form_starts_a_match_and_remembers_its_options(app, tmp_path):
    press(app, pygame.K_RETURN)                # New match
    form = top(app)
    assert isinstance(form, NewMatchScene)
    assert form.choices["game"].value == "tourne-case"
    for _ in range(4):
        press(app, pygame.K_DOWN)              # Opponent, Level, You play, Match to
    press(app, pygame.K_RIGHT)                 # 3 -> 5
    press(app, pygame.K_DOWN)                  # Rules
    press(app, pygame.K_RIGHT)                 # -> Bell
    assert form.choices["rules"].value == "bell"
    assert not form.choices["reentry"].visible, "re-entry is a Charpentier option"
    press(app, pygame.K_DOWN)                  # Start the match (re-entry is skipped)
    press(app, pygame.K_RETURN, then=1)
    s = app.session
    assert s is not None and s.options.rules == "bell" and s.options.length == 5
    assert s.phase is Phase.PRIORITY
    assert type(top(app)).__name__ == "PriorityScene"
    assert (tmp_path / "match.json").exists()
    remembered = Storage(tmp_path).load_settings()[0]
    assert remembered["rules"] == "bell" and remembered["length"] == 5


def test_pause_save_and_leave_keeps_the_match_for_continue(app, tmp_path):
    app.keeper.adopt(Session.new(MatchOptions(length=3), seed=3))
    app.save_match()
    app.pause()
    frames(app)
    assert isinstance(top(app), PauseScene) and top(app).transparent
    for _ in range(3):
        press(app, pygame.K_DOWN)              # Resume, Settings, Rules, Save and leave
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TitleScene) and top(app).continue_button.visible
    assert (tmp_path / "match.json").exists()
    press(app, pygame.K_RETURN, then=1)        # Continue has the focus
    assert type(top(app)).__name__ == "PriorityScene"


def test_abandon_asks_first_then_clears_the_save(app, tmp_path):
    app.keeper.adopt(Session.new(MatchOptions(length=3), seed=3))
    app.save_match()
    app.pause()
    frames(app)
    for _ in range(4):                         # Resume -> ... -> Abandon the match (no wrapping)
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), ConfirmScene)
    press(app, pygame.K_RETURN)                # "No" has the focus: nothing lost
    assert isinstance(top(app), PauseScene) and (tmp_path / "match.json").exists()
    press(app, pygame.K_RETURN)
    press(app, pygame.K_UP)                    # Yes
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TitleScene)
    assert app.session is None and not app.can_continue()
    assert not (tmp_path / "match.json").exists()


def test_scoreboard_records_the_game_and_goes_on_to_the_next(app, tmp_path):
    app.keeper.adopt(played_to_game_over(MatchOptions(length=21), seed=11))
    app.show_match()
    frames(app, 30)
    board = top(app)
    assert isinstance(board, ScoreboardScene) and not board.match_over
    records, _ = Storage(tmp_path).records()
    assert [r["kind"] for r in records] == ["game"]
    assert records[0]["winner"] == str(app.session.outcome.winner)
    frames(app, 5)
    assert len(Storage(tmp_path).records()[0]) == 1, "recorded once, not every frame"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    press(app, pygame.K_RETURN, then=1)        # Next game, pressed twice in one frame
    assert app.session.phase is Phase.PRIORITY
    assert type(top(app)).__name__ == "PriorityScene"
    assert not (tmp_path / "errors.log").exists()


def test_the_match_winner_screen_clears_the_save_and_offers_a_rematch(app, tmp_path):
    app.keeper.adopt(played_to_game_over(MatchOptions(length=1, opponent="human"), seed=5))
    app.save_match()
    winner = app.session.outcome.winner
    app.show_match()
    frames(app, 30)
    board = top(app)
    assert isinstance(board, ScoreboardScene) and board.match_over
    assert [w.label for w in board.menu.widgets] == ["Rematch", "Review", "Title"]   # two people
    assert board.headline()[0] == f"{'White' if str(winner) == 'W' else 'Black'} wins the match!"
    assert not (tmp_path / "match.json").exists() and not app.can_continue()
    records, _ = Storage(tmp_path).records()
    assert [r["kind"] for r in records] == ["game", "match"]
    assert board.menu.focused.label == "Review", "Enter first reviews: Rematch is not the default"
    old = app.session
    frames(app, 10)                            # past the moments when a match's end hears nothing
    press(app, pygame.K_UP, then=1)
    assert board.menu.focused.label == "Rematch"
    press(app, pygame.K_RETURN, then=1)        # Rematch
    assert app.session is not old and app.session.options == old.options
    assert app.session.phase is Phase.PRIORITY and (tmp_path / "match.json").exists()


def test_rules_screen_scrolls_and_switches_preset(app):
    app.scenes.push(RulesScene(app, "charpentier-reentry"))
    frames(app)
    rules = top(app)
    assert rules.preset == "charpentier"
    press(app, pygame.K_PAGEDOWN, then=30)
    assert rules.scroll > 0
    press(app, pygame.K_RIGHT)
    assert rules.preset == "bell" and rules.target == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    frames(app, 30)
    assert rules.scroll > 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_every_menu_screen_draws_at_the_smallest_and_a_large_window(tmp_path, size):
    app = App(seed=2, data_dir=tmp_path, size=size)
    app.keeper.adopt(played_to_game_over(MatchOptions(length=3), seed=2))
    screens = [lambda: TitleScene(app), lambda: NewMatchScene(app), lambda: SettingsScene(app),
               lambda: StatsScene(app), lambda: RulesScene(app), lambda: PauseScene(app),
               lambda: ScoreboardScene(app), lambda: NoticeScene(app, ["A long note. " * 30] * 4)]
    for make in screens:
        app.scenes.clear_to(make())
        frames(app, 3)
        assert app.size == size
        visible = [w for w in getattr(top(app), "menu", None).widgets if w.visible]
        for w in visible:
            assert app.screen.get_rect().contains(w.rect), f"{type(top(app)).__name__}: {w.rect}"
    assert not (tmp_path / "errors.log").exists()
    pygame.display.quit()


def test_autoplay_starts_a_match_between_two_computers_at_instant_speed(tmp_path):
    app = App(seed=3, data_dir=tmp_path, autoplay=True)
    s = app.session
    assert s is not None and s.options.autoplay
    assert all(s.is_computer(side) for side in (Side.WHITE, Side.BLACK))
    assert app.animation_speed == "instant"
    frames_until(app, lambda: s.match.games or s.record.get("turns"), seconds=60)
    assert not (tmp_path / "errors.log").exists()
    assert s.record.get("turns") or s.match.games, "the computers played without any input"
    assert not (tmp_path / "settings.json").exists(), "a demo leaves the player's settings alone"
    pygame.display.quit()


def test_the_command_line_fullscreen_is_for_this_run_only(tmp_path):
    app = App(seed=1, data_dir=tmp_path, fullscreen=True)
    frames(app)
    assert app.fullscreen and not app.settings["fullscreen"]
    app.set_setting("volume", 0.5)
    assert Storage(tmp_path).load_settings()[0]["fullscreen"] is False
    pygame.display.quit()


def test_a_failure_before_the_first_frame_is_one_line_and_a_log(tmp_path, monkeypatch, capsys):
    def broken(self, app, **options):
        raise RuntimeError("no title today")
    monkeypatch.setattr(TitleScene, "__init__", broken)
    assert run(seed=1, data_dir=tmp_path, quit_after=0.1) == 1
    err = capsys.readouterr().err
    assert "could not start (RuntimeError: no title today)" in err and "Traceback" not in err
    assert "no title today" in (tmp_path / "errors.log").read_text()


def test_autoplay_resumes_an_unfinished_demo_match(tmp_path):
    first = App(seed=3, data_dir=tmp_path, autoplay=True)
    for _ in range(60):
        first.frame(0.1)
    saved = first.session.to_dict()
    first.storage.save_match(saved)
    pygame.display.quit()
    again = App(seed=99, data_dir=tmp_path, autoplay=True)
    assert again.session.to_dict() == saved, "the same match, exactly where it was"
    pygame.display.quit()


@pytest.mark.parametrize("screen", [SettingsScene, RulesScene, StatsScene, NewMatchScene])
def test_two_escapes_in_one_frame_go_back_one_screen(app, screen):
    app.scenes.push(screen(app))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    press(app, pygame.K_BACKSPACE)
    assert [type(s) for s in app.scenes.stack] == [TitleScene]


def test_the_last_screen_going_back_leaves_the_title_not_a_blank_window(app):
    app.scenes.clear_to(RulesScene(app))
    frames(app)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


def test_resume_pressed_twice_in_one_frame_stays_in_the_game(app):
    class Game(Scene):
        pass
    app.scenes.clear_to(Game(app))
    app.pause()
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), Game)


@pytest.mark.parametrize("options, problem", [
    ({"level": "computer"}, "unknown computer level"),
    ({"rules": "garanguet", "level": "perfect"}, "unknown computer level"),   # Tourne Case's only
])
def test_a_save_that_cannot_resume_is_kept_aside_not_offered(tmp_path, options, problem):
    """Found by the kill test: a save naming an unknown level was offered, then failed each time."""
    session = Session.new(MatchOptions(**options), seed=3)
    session.throw_priority()
    Storage(tmp_path).save_match(session.to_dict())
    app = App(seed=1, data_dir=tmp_path)
    try:
        app.frame(1 / 60)
        assert not app.can_continue()
        notice = app.scenes.top
        assert isinstance(notice, NoticeScene)
        assert any(problem in line for line in notice.notes), notice.notes
        assert list(tmp_path.glob("match.json.bad-*"))        # kept aside, never deleted
    finally:
        pygame.display.quit()


def test_the_app_is_the_host_scenes_are_given(app):
    """Scenes see only the Host interface (game/scenes/host.py): the app must offer all of it."""
    from game.scenes.host import Host
    for name in Host.__annotations__:
        assert hasattr(app, name), name
    for name in ("update_settings", "show_match", "pause", "to_title"):
        assert callable(getattr(app, name)), name
    assert isinstance(app.clock(), float)
    assert app.session is app.keeper.session


def saved_match_app(tmp_path, seed=3):
    """An app started on a data folder holding a 3-point match under way (played one game)."""
    store = Storage(tmp_path)
    session = played_to_game_over(MatchOptions(length=3), seed=seed)
    session.next_game()
    assert session.match.games and session.phase is Phase.PRIORITY
    store.save_match(session.to_dict())
    app = App(seed=7, data_dir=tmp_path)
    pygame.event.clear()
    frames(app)
    return app


def test_a_new_match_over_a_saved_one_asks_first_and_resume_keeps_it(tmp_path):
    app = saved_match_app(tmp_path)
    saved = (tmp_path / "match.json").read_bytes()
    old = app.session
    app.scenes.push(NewMatchScene(app))
    frames(app)
    top(app).start()
    frames(app)
    ask = top(app)
    assert isinstance(ask, SavedMatchScene) and ask.menu.focused.label == "Resume the saved match"
    assert "match to 3 points stands at" in " ".join(ask.note_lines(app.size)[0])
    assert (tmp_path / "match.json").read_bytes() == saved, "nothing replaced while asking"
    press(app, pygame.K_RETURN, then=3)        # Resume, the focus
    assert app.session is old and type(top(app)).__name__ == "PriorityScene"
    assert Storage(tmp_path).records() == ([], 0)
    pygame.display.quit()


def test_replacing_a_saved_match_keeps_it_in_the_records_as_abandoned(tmp_path):
    app = saved_match_app(tmp_path)
    old = app.session
    score = {str(side): n for side, n in old.match.score.items()}
    app.scenes.push(NewMatchScene(app))
    frames(app)
    top(app).start()
    frames(app)
    press(app, pygame.K_DOWN)                  # Replace it with the new match
    press(app, pygame.K_RETURN, then=3)
    assert app.session is not old and app.session.match.games == []
    records, unreadable = Storage(tmp_path).records()
    assert unreadable == 0 and [r["kind"] for r in records][-1] == "abandoned"
    assert records[-1]["score"] == score and records[-1]["games"] == 1
    assert stats.compute(Storage(tmp_path).records()[0]).total.matches_played == 0
    pygame.display.quit()


def test_back_from_the_saved_match_question_returns_to_the_form(tmp_path):
    app = saved_match_app(tmp_path)
    saved = (tmp_path / "match.json").read_bytes()
    app.scenes.push(NewMatchScene(app))
    frames(app)
    top(app).start()
    frames(app)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), NewMatchScene)
    assert (tmp_path / "match.json").read_bytes() == saved
    pygame.display.quit()


def test_quit_on_the_title_says_the_match_is_saved(tmp_path):
    app = saved_match_app(tmp_path)
    title = top(app)
    assert isinstance(title, TitleScene)
    assert title.footnote() == ""
    press(app, pygame.K_ESCAPE)                # the focus on Quit
    assert title.menu.focused.label == "Quit"
    assert "Your match is saved" in title.footnote()
    app.keeper.abandon()
    assert title.footnote() == "", "nothing saved, nothing said"
    pygame.display.quit()


def test_the_caption_and_the_title_name_both_games(app):
    frames(app)
    assert pygame.display.get_caption()[0] == "Tourne Case & Garanguet"
    assert top(app).heading == "Tourne Case & Garanguet"


def test_a_save_is_replayed_once_on_loading(tmp_path, monkeypatch):
    """The app's session is the one storage built while checking the save, not a second one."""
    import game.app as app_module
    session = played_to_game_over(MatchOptions(length=3), seed=3)
    session.next_game()
    Storage(tmp_path).save_match(session.to_dict())      # no backup: one file, one build
    built, build = [], Session.from_dict

    def counting(data):
        built.append(build(data))
        return built[-1]
    monkeypatch.setattr(app_module.Session, "from_dict", staticmethod(counting), raising=True)
    app = App(seed=7, data_dir=tmp_path)
    assert len(built) == 1 and app.session is built[0]
    pygame.display.quit()


def test_the_game_starts_without_the_table_the_scoreboard_or_the_online_words():
    """What only a match shows is imported when it is first shown, and the statistics and the
    pause menu when first opened: every start pays for the modules imported at the top (in a
    fresh process, as a start is)."""
    import subprocess
    import sys
    from pathlib import Path
    later = ["game.scenes.table.scene", "game.scenes.table.scoreboard", "game.online.events",
             "game.scenes.menus.stats", "game.saves.stats"]
    code = f"import sys, game.app; print([m for m in {later!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    assert out.strip().splitlines()[-1] == "[]", out
