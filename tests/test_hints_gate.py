"""Issue 30.6: between two people, hints (H) are given only if the match was set up with them
(MatchOptions.hints); against the computer they are always there."""
import pygame

import test_table as tt
from game.play.options import MatchOptions
from game.play.session import Session
from game.rules import Position, Side
from test_table import key, pump
from test_table import english, screen  # noqa: F401 (fixtures: English words, the screen)


def table(screen, opponent, hints):
    session = Session.new(MatchOptions(rules="charpentier", length=3, opponent=opponent, hints=hints), seed=7)
    app = tt.FakeApp(session)
    return app, tt.table_at(app, screen, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (4, 2))


def test_hints_are_refused_with_a_word_between_two_people_who_chose_none(screen):
    app, scene = table(screen, "human", hints=False)
    key(app, pygame.K_h)
    pump(app, screen, 0.1)
    assert scene.hints is None and "No hints in this match" in str(scene.note)
    assert "hint" not in scene.hud_state().enabled


def test_hints_are_given_between_two_people_who_chose_them_and_always_against_the_computer(screen):
    for opponent, hints in (("human", True), ("computer", False)):
        app, scene = table(screen, opponent, hints)
        assert "hint" in scene.hud_state().enabled
        tt.hints_shown(app, scene)
        assert scene.hints, opponent
