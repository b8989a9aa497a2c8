"""The priority throw (C-1) on screen: one die each, ties thrown again, the winner named."""
import pygame

from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.play.priority import PriorityStage
from game.scenes.table.priority import PriorityScene
from game.scenes.table.scene import TableScene
from test_table import key, pump, screen, start  # noqa: F401 (screen is a fixture)


def test_the_priority_throw_names_the_winner_and_hands_over(screen):
    app = start(screen, speed="normal")
    scene = app.scenes.top
    assert isinstance(scene, PriorityScene) and app.session.phase is Phase.PRIORITY
    key(app, pygame.K_SPACE)
    for _ in range(400):
        if scene.stage is PriorityStage.RESULT:
            break
        pump(app, screen, 0.05)
    white, black = app.session.priority
    assert white != black
    texts = [str(b.text) for b in scene.banners]
    # against the computer, named as the scoreboard names them (the person plays White here)
    assert scene.prompt().startswith(f"You throw {white} (White), the computer throws {black} (Black)")
    first = "White" if white > black else "Black"
    assert ("You play first (White)" if first == "White" else "The computer plays first (Black)") in texts
    pump(app, screen, 10.0)             # issue 24: it says "press Space to play", so it waits for it
    assert app.scenes.top is scene and "press Space to play" in scene.prompt()
    key(app, pygame.K_SPACE)
    pump(app, screen)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert app.session.phase in (Phase.THROW, Phase.MOVE) and str(app.session.to_move) == first[0]


def _tie_first_seed() -> int:
    """A seed whose first priority round is a tie (found by the same generator the game uses)."""
    for seed in range(200):
        white, black = Session.new(MatchOptions(), seed=seed).throw_priority()
        if white == black:
            return seed
    raise AssertionError("no tie in 200 seeds")


def test_a_tie_is_named_and_thrown_again(screen):
    app = start(screen, seed=_tie_first_seed(), speed="fast")
    scene = app.scenes.top
    key(app, pygame.K_SPACE)
    seen_tie = False
    for _ in range(600):
        seen_tie |= any("a tie - thrown again" in b.text for b in scene.banners)
        if scene.stage is PriorityStage.RESULT:
            break
        pump(app, screen, 0.05)
    assert seen_tie and scene.stage is PriorityStage.RESULT
    white, black = app.session.priority
    assert white != black and app.session.phase is Phase.THROW


def test_two_computers_throw_for_priority_on_their_own(screen):
    session = Session.new(MatchOptions(autoplay=True), seed=3)
    from test_table import FakeApp
    app = FakeApp(session, "instant")
    app.scenes.push(PriorityScene(app))
    app.scenes.apply_pending()
    scene, said = app.scenes.top, set()
    for _ in range(100):
        pump(app, screen, 0.05)
        if app.scenes.top is not scene:
            break
        said.add(scene.prompt())
    assert isinstance(app.scenes.top, TableScene) and session.phase is not Phase.PRIORITY
    assert not any("press Space" in words for words in said), said      # nobody is asked to


def test_a_pause_during_the_priority_throw_does_not_skip_its_result(screen):
    app = start(screen, speed="normal")
    scene = app.scenes.top
    key(app, pygame.K_SPACE)
    pump(app, screen, 0.2)
    key(app, pygame.K_ESCAPE)
    assert app.paused == 1
    scene.leave()
    scene.enter()                      # the pause menu closes: the same scene is on top again
    assert app.scenes.top is scene and scene.stage is PriorityStage.ROLL
