"""The board's blit (game/view/board_art.py, blit_board): where the board is drawn a pixel
smaller than the size asked (1088x697 at the default window: its shape is kept), only its
opaque picture is blitted, at its place, instead of blending the whole surface with its
transparent margins, every frame: the same pixels, in a quarter of the time."""
import numpy as np
import pygame

from game.view import board_art
from game.view.board_art import blit_board, render_board

SIZE = (300, 300)          # a square: wide transparent margins above and below the board


def test_the_board_blitted_alone_gives_the_pixels_of_the_whole_surface():
    board = render_board(*SIZE)
    assert board.get_flags() & pygame.SRCALPHA       # margins: a board smaller than its size
    kept, picture, at = board_art._opaque[SIZE]
    assert kept is board and not picture.get_flags() & pygame.SRCALPHA and at[1] > 0
    under = np.random.default_rng(5).integers(0, 256, (340, 330, 3), dtype=np.uint8)
    whole, alone = pygame.Surface((340, 330)), pygame.Surface((340, 330))
    for surface in (whole, alone):
        pygame.surfarray.blit_array(surface, under)
    whole.blit(board, (17, 11))
    blit_board(alone, board, pygame.Rect(17, 11, *SIZE))
    assert np.array_equal(pygame.surfarray.array3d(whole), pygame.surfarray.array3d(alone))


def test_a_board_of_its_size_or_forgotten_is_blitted_whole():
    square = render_board(*SIZE)
    board_art.forget_boards()
    assert SIZE not in board_art._opaque
    other = pygame.Surface((10, 10))
    other.fill((1, 2, 3))
    surface = pygame.Surface((20, 20))
    blit_board(surface, other, (5, 5))          # not a board it keeps: as a plain blit
    assert surface.get_at((5, 5))[:3] == (1, 2, 3) and surface.get_at((4, 4))[:3] == (0, 0, 0)
    assert render_board(*SIZE) is not square     # drawn again, kept again
    assert board_art._opaque[SIZE][0] is render_board(*SIZE)
