"""Issue 31.3: typing 0 for a checker not yet entered picks it, as the notation writes it
("0-3"); where there is none, the words say so, and the prompt says that 0 picks one."""
import pygame

from game.play.session import Phase
from game.rules import Position, Side
from test_table import key, pump, start, table_at
from test_table import english, screen  # noqa: F401 (fixtures: English words, the screen)


def test_zero_picks_a_checker_not_yet_entered_and_its_point_enters_it(screen):
    app = start(screen, opponent="human")
    app.settings["end_move_after"] = "never"
    scene = table_at(app, screen, Position((0, 0, 5), (0, 0, 0), Side.WHITE), (4, 2))
    assert "0 for one not yet entered" in str(scene.drawing.prompt(scene.snapshot()))
    key(app, pygame.K_0)
    assert scene.choice.selected == 0, str(scene.note)
    key(app, pygame.K_2)
    pump(app, screen, 0.3)
    key(app, pygame.K_RETURN)
    pump(app, screen, 0.1)
    assert app.session.record["turns"][-1][1] == "0-2" and app.session.phase is Phase.THROW


def test_zero_with_every_checker_entered_says_what_zero_is_for(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((3, 5, 7), (0, 0, 0), Side.WHITE), (4, 2))
    key(app, pygame.K_KP0)
    assert scene.choice.selected is None
    said = str(scene.note)
    assert "No point is called" not in said and "not yet entered" in said, said
    assert "0 for one not yet entered" not in str(scene.drawing.prompt(scene.snapshot()))


def test_zero_in_garanguet_names_no_point(screen):
    app = start(screen, rules="garanguet", opponent="human")
    scene = table_at(app, screen, Position.parse("1*15/1*15/W"), (5, 3, 2))
    key(app, pygame.K_0)
    assert "No point is called '0'" in str(scene.note)
