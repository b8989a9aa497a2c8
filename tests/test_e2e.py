"""End to end: the real main loop, driven only by posted keyboard and mouse events, from the title
through a whole match to 3 points against the computer, to the match-winner screen.

The human plays with the keys the table scene documents: Space throws, Enter picks the checker
under the cursor and then its destination. Frames run with the longest step the loop allows
(0.1 s), so the test does not wait for a real 60 fps clock.
"""
import pygame
import pytest

from game.app import MAX_DT, App
from game.play.session import Phase
from game.play.priority import PriorityStage
from game.scenes.menus.settings import SettingsScene
from game.scenes.table.priority import PriorityScene
from game.scenes.table.scoreboard import ScoreboardScene
from game.scenes.table.scene import TableScene
from game.scenes.menus.new_match import NewMatchScene
from game.scenes.menus.title import TitleScene
from game.saves.storage import Storage
from waiting import play_frames

FRAME_BUDGET = 40_000


def post_key(key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def post_click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def button(scene, label):
    return next(w for w in scene.menu.widgets if getattr(w, "label", None) == label)


def human_turns_played(games, side: str) -> int:
    """Turns of `side` that moved a checker (turns alternate from the side that threw first)."""
    played = 0
    for game in games:
        for i, (_dice, move) in enumerate(game["turns"]):
            mover = game["first"] if i % 2 == 0 else ("B" if game["first"] == "W" else "W")
            played += mover == side and move != "pass"
    return played


def step(app, then=1):
    for _ in range(then):
        app.frame(MAX_DT)


@pytest.mark.slow(seconds=12)
def test_a_whole_match_to_3_points_against_the_computer(tmp_path):
    app = App(seed=2024, data_dir=tmp_path)
    app.update_settings({"language": "en"})          # the labels below are read in English
    pygame.event.clear()
    step(app, 2)
    assert isinstance(app.scenes.top, TitleScene)

    # Settings: animations to "instant" (Down, Down, Right, Right), then back with Esc.
    post_click(button(app.scenes.top, "Settings").rect.center)
    step(app, 2)
    assert isinstance(app.scenes.top, SettingsScene)
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_ESCAPE):
        post_key(key)
        step(app)
    assert app.settings["animation_speed"] == "instant"
    assert isinstance(app.scenes.top, TitleScene)

    # New match (it has the focus): the computer, Charpentier 1699, to 3 points, the human White.
    post_key(pygame.K_RETURN)
    step(app, 2)
    form = app.scenes.top
    assert isinstance(form, NewMatchScene)
    assert form.choices["opponent"].value == "computer" and form.choices["length"].value == 3
    post_click(button(form, "Start the match").rect.center)
    step(app, 2)
    session = app.session
    assert session is not None and session.match.length == 3
    human = session.options.human_side

    enter_presses = 0
    scoreboards = 0
    for _ in play_frames(FRAME_BUDGET, lambda: app.scenes.top):
        scene = app.scenes.top
        if isinstance(scene, ScoreboardScene):
            if scene.match_over:
                break
            scoreboards += 1
            post_click(button(scene, "Next game").rect.center)
            step(app, 2)
            continue
        if isinstance(scene, PriorityScene) and scene.stage in (PriorityStage.WAIT, PriorityStage.RESULT):
            post_key(pygame.K_SPACE)
        elif isinstance(scene, TableScene) and session.to_move is human:
            if scene.stage == "throw":
                post_key(pygame.K_SPACE)
            elif scene.stage == "choose":
                post_key(pygame.K_RETURN)        # the checker under the cursor, then its point
                enter_presses += 1
        step(app)
    else:
        pytest.fail(f"no match winner after {FRAME_BUDGET} frames; at {type(app.scenes.top).__name__}")

    board = app.scenes.top
    assert board.match_over
    winner = max(board.score, key=board.score.get)
    assert board.score[winner] >= 3 > board.score[winner.other]
    assert board.headline()[0].endswith("the match!")
    labels = [w.label for w in board.menu.widgets]
    assert labels[0] == "Rematch" and labels[-1] == "Title"       # (a Review between them, H6)
    assert app.session.phase is Phase.MATCH_OVER
    assert enter_presses > 0 and scoreboards >= 1
    assert not (tmp_path / "match.json").exists(), "a finished match leaves nothing to continue"
    records, unreadable = Storage(tmp_path).records()
    games = [r for r in records if r["kind"] == "game"]
    assert unreadable == 0 and len(games) == scoreboards + 1
    assert [r["kind"] for r in records][-1] == "match"
    assert sum(r["points"] for r in games if r["winner"] == str(winner)) == board.score[winner]
    assert human_turns_played(games, str(human)) > 0, "the human's keys moved checkers"
    assert not (tmp_path / "errors.log").exists()

    # And back to the title by the keyboard, once the match's end hears keys again (its first
    # half second is deaf: scoreboard.DEAF): Review has the focus, End then Enter is "Title".
    step(app, 6)
    post_key(pygame.K_END)
    post_key(pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.scenes.top, TitleScene) and not app.scenes.top.continue_button.visible
    pygame.display.quit()
