"""The board's pictures kept per size: a window dragged back and forth through a few sizes finds
each of them drawn (a board takes 20-60 ms to draw), and the kept pictures stay within a budget."""
from game.view import board_art
from game.view.board_art import render_board

SIZES = [(200 + 10 * i, 130 + 6 * i) for i in range(10)]      # small boards: quick to draw


def test_ten_sizes_visited_again_are_each_drawn_once():
    render_board.cache_clear()
    first = {size: render_board(*size) for size in SIZES}
    assert all(render_board(*size) is first[size] for size in SIZES)


def test_the_oldest_pictures_go_past_the_pixel_budget_and_the_newest_always_stays(monkeypatch):
    render_board.cache_clear()
    budget = sum(w * h for w, h in SIZES[-3:])
    monkeypatch.setattr(board_art, "KEEP_PIXELS", budget)
    first = {size: render_board(*size) for size in SIZES}
    assert [render_board(*size) is first[size] for size in SIZES[-3:]] == [True] * 3
    assert render_board(*SIZES[0]) is not first[SIZES[0]]
    monkeypatch.setattr(board_art, "KEEP_PIXELS", 1)
    newest = render_board(640, 400)
    assert render_board(640, 400) is newest
    render_board.cache_clear()
