"""The prompt under the board (issue 32's "every screen finished"): a prompt that does not fit
on one line at 90 % goes on two lines at 90 %, rather than on one line smaller than every
two-line prompt."""
import pygame

from game.view import table_hud
from game.view.widgets import font


def sizes_drawn(monkeypatch, words: str, box: pygame.Rect) -> list:
    drawn = []
    monkeypatch.setattr(table_hud, "blit_text",
                        lambda surface, text, size, *rest, **kw: drawn.append((text, size)))
    table_hud.blit_prompt(pygame.Surface(box.size), words, 24, box, (255, 255, 255))
    return drawn


def test_a_prompt_too_long_at_ninety_percent_takes_two_lines_not_a_smaller_one(monkeypatch):
    pygame.font.init()
    words = "0 picks a checker not yet entered, and none of yours is waiting to enter"
    at_80, at_90 = font(24 * 0.8).size(words)[0], font(24 * 0.9).size(words)[0]
    box = pygame.Rect(0, 0, (at_80 + at_90) // 2, 60)     # fits at 80 %, not at 90 %
    drawn = sizes_drawn(monkeypatch, words, box)
    assert len(drawn) == 2 and all(size >= 24 * 0.9 - 1e-9 for _, size in drawn), drawn
    short = sizes_drawn(monkeypatch, "Your throw", box)
    assert short == [("Your throw", 24)]
