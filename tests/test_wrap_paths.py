"""A notice that names a long path (the errors' log in a deep data folder) stays in its box: the
path breaks after its slashes, never inside a name, and no space is put into it."""
import pygame

from game.view import widgets as ui

PATH = "/dev/shm/pytest-of-someone/pytest-1234/popen-gw1/test_an_error_is_reported_in_t0/errors.log."


def test_a_long_path_breaks_after_its_slashes_and_each_line_fits():
    fnt = ui.font(18)
    width = fnt.size(PATH)[0] // 2
    lines = ui.wrap(f"The details are in {PATH} Thank you.", fnt, width)
    assert all(fnt.size(line)[0] <= width for line in lines), lines
    joined = "".join(line for line in lines if "/" in line or "errors.log" in line)
    assert PATH in joined.replace("errors.log. Thank you.", "errors.log.")


def test_words_without_a_slash_keep_wrapping_as_before():
    fnt = ui.font(18)
    word = "Anticonstitutionnellement" * 3
    assert ui.wrap(f"a {word} b", fnt, 50) == ["a", word, "b"]
    assert ui.wrap("one two three", fnt, 10_000) == ["one two three"]
