"""Issue 31.2 at the table: a checker picked, then a point it reaches by the sum of two or three
numbers, is played through the intermediate points - by a click, the keyboard or a drag - and
each step is shown as a glide of its own (the chooser, game/rules/turn.py, finds the route)."""
import pygame

import test_table as tt
from game.play import events as ev
from game.rules import Position, Side
from test_table import click_checker, click_point, key, pump, start, table_at
from test_table import english, screen  # noqa: F401 (fixtures: English words, the screen)


def watch_steps(scene) -> list:
    """The StepPlayed events the table shows, in order (and still shows them)."""
    seen, show = [], scene.handlers[ev.StepPlayed]

    def handler(event):
        seen.append(event)
        show(event)
    scene.handlers[ev.StepPlayed] = handler
    return seen


def bell(screen):
    app = start(screen, rules="bell", opponent="human")
    app.settings["end_move_after"] = "never"
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (4, 2))
    return app, scene, watch_steps(scene)


def played_through_a_stop(app, screen, scene, seen) -> None:
    pump(app, screen, 0.5)
    assert [e.step.origin for e in seen] == [0, seen[0].step.destination]
    assert seen[-1].step.destination == 6 and seen[0].step.destination in (2, 4)
    assert [e.last for e in seen] == [False, True]
    assert seen[1].before == seen[0].after           # the second glide starts where the first stopped
    assert scene.choice.complete and scene.shown.white == (0, 0, 6)


def test_a_click_plays_a_checker_by_the_sum_step_by_step(screen):
    app, scene, seen = bell(screen)
    click_checker(app, scene, 0)
    assert 6 in scene.choice.destinations
    click_point(app, scene, 6)
    assert scene.stage == "moving" and len(seen) == 1    # the first step glides first
    played_through_a_stop(app, screen, scene, seen)
    key(app, pygame.K_u)                                 # one take-back: the whole pick-and-drop
    assert scene.choice.played == () and scene.shown.white == (0, 0, 0)


def test_the_keyboard_plays_a_checker_by_the_sum(screen):
    app, scene, seen = bell(screen)
    key(app, pygame.K_RETURN)                            # the checker not entered
    key(app, pygame.K_6)                                 # its point 6: 4 and 2
    played_through_a_stop(app, screen, scene, seen)


def test_a_drag_plays_a_checker_by_the_sum_and_shows_each_step(screen):
    app, scene, seen = bell(screen)
    origin = tt.screen_pos(scene, scene.view.checker_centre(Side.WHITE, 0, 2))
    target = tt.screen_pos(scene, scene.view.landing_centre(scene.shown, Side.WHITE, 6))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=origin, button=1))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    pump(app, screen)
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    assert not seen[0].dropped                           # not settled where it was let go: it goes round
    played_through_a_stop(app, screen, scene, seen)


def test_garanguet_plays_one_checker_by_three_numbers(screen):
    app = start(screen, rules="garanguet", opponent="human")
    app.settings["end_move_after"] = "never"
    scene = table_at(app, screen, Position.parse("1*15/1*15/W"), (5, 3, 1))
    seen = watch_steps(scene)
    scene.pick(1)
    assert 10 in scene.choice.destinations               # 1 + 5 + 3 + 1
    scene.drop(10)
    pump(app, screen, 1.0)
    assert len(seen) == 3 and [e.step.origin for e in seen][0] == 1 and seen[-1].step.destination == 10
    assert all(a.step.destination == b.step.origin for a, b in zip(seen, seen[1:]))
    assert scene.choice.complete and scene.flow.dice_marks() == ("dim", "dim", "dim")


def test_the_hints_panel_writes_each_move_as_it_is_entered(screen):
    """The Garanguet hint showed w-s-p, and picking w then p was refused: now the panel writes
    w-p, and w then p plays it."""
    from game.computer.hint import Hint
    from game.rules import Move
    from game.view import widgets as ui
    app = start(screen, rules="garanguet", opponent="human")
    app.settings["end_move_after"] = "never"
    scene = table_at(app, screen, Position.parse("1*14,2/1*15/W"), (6, 4, 3))
    move = Move.parse("1-7 2-6 6-9")
    scene.flow.hints = (Hint(move, 0.6, None, 0.0),)
    with ui.recording() as (drawn, _unsaid):
        pump(app, screen)
    words = " ".join(str(text) for text, _rect, _box in drawn)
    assert "1.  x-r, w-p" in words and "w-s-p" not in words, words
    scene.pick(2)                                        # w, then p: by the sum of 4 and 3
    scene.drop(9)
    pump(app, screen, 0.5)
    first, second = scene.choice.played[-2:]
    assert first.origin == 2 and first.destination == second.origin and second.destination == 9
