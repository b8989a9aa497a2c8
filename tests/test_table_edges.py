"""Issue 38's edges at the table: a drop says why as a click does (12), keys typed while the
dice roll are kept (13), the controller's words from the first frame (14), one order for the
dice and plain take-back words (15)."""
import pygame

from game.geometry import tablier as geometry
from game.play import flow as f
from game.rules import Position, Side

from test_table import click_point, key, pump, screen, start, table_at  # noqa: F401 (screen: a fixture)


def drag(app, scene, origin, target):
    """Press on the checker on `origin`, drag it to where a checker would land on `target`, let go."""
    at = scene.view.to_screen(*geometry.checker_centre(Side.WHITE, origin))
    to = scene.view.to_screen(*scene.view.landing_centre(scene.shown, Side.WHITE, target))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    app.scenes.apply_pending()


def test_a_checker_dropped_on_a_point_not_lit_says_why_as_a_click_there_does(screen):
    """Issue 38.12: the drop snapped the checker back and said nothing."""
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 2), (0, 0, 0), Side.WHITE), (5, 3))
    scene.pick(2)
    assert 4 not in scene.choice.destinations
    click_point(app, scene, 4)
    clicked = scene.refused
    assert clicked is not None and scene.choice.selected is None
    scene.refused = None
    drag(app, scene, 2, 4)
    assert scene.refused is not None, "the drop said nothing"
    assert (scene.refused.rule, str(scene.refused.reason)) == (clicked.rule, str(clicked.reason))
    assert scene.choice.selected is None and scene.stage is f.Stage.CHOOSE


def test_a_drag_let_go_on_its_own_point_keeps_it_picked_and_says_nothing(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 2), (0, 0, 0), Side.WHITE), (5, 3))
    drag(app, scene, 2, 2)
    assert scene.refused is None and scene.choice.selected == 2


def test_keys_typed_while_the_dice_roll_are_played_once_they_rest(screen):
    """Issue 38.13: Space, then 0 within 0.3 s: the 0 was lost."""
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((0, 10, 11), (0, 0, 0), Side.WHITE))
    key(app, pygame.K_SPACE)
    assert scene.stage is f.Stage.ROLL
    key(app, pygame.K_0)                              # the checker not yet entered
    for _ in range(100):
        pump(app, screen, 0.1)
        if scene.stage is not f.Stage.ROLL:
            break
    assert scene.stage is f.Stage.CHOOSE
    assert scene.choice.selected == 0, "the 0 typed while the dice rolled was lost"
