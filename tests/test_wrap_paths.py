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


class CountingFont:
    """A font that measures every word 10 pixels a letter, and counts how often it is asked."""

    def __init__(self):
        self.asked = 0

    def size(self, words):
        self.asked += 1
        return 10 * len(words), 20


def test_the_same_words_are_wrapped_once_and_keep_their_kind():
    fnt = CountingFont()
    words = "the same words wrapped again at every frame they are drawn"
    first = ui.wrap(words, fnt, 120)
    asked = fnt.asked
    first.append("changed by its caller")
    again = ui.wrap(words, fnt, 120)
    assert fnt.asked == asked > 0                  # nothing measured the second time
    assert again == ui._wrap(words, fnt, 120) and "changed by its caller" not in again
    assert ui.wrap(words, fnt, 60) == ui._wrap(words, fnt, 60) != again       # per width
    said = ui.wrap(ui.Said(words), fnt, 120)        # translated words stay translated
    assert said == again and all(type(line) is ui.Said for line in said)
    assert all(type(line) is str for line in ui.wrap(words, fnt, 120))


def test_a_line_is_fitted_once_at_each_size_and_width(monkeypatch):
    asked = []

    class SizedFont:             # 10 pixels a letter at size 24, in proportion at other sizes
        def __init__(self, size):
            self.scale = size / 24

        def size(self, words):
            asked.append(words)
            return round(10 * self.scale * len(words)), 20

    monkeypatch.setattr(ui, "font", lambda size, kind="body": SizedFont(size))
    words = "Nouvelle partie contre l'ordinateur"        # 350 pixels at 24: shrunk to fit 320
    assert ui.fitting_size(words, 24, 320) == 24 * 0.9 and len(asked) == 2
    assert ui.fitting_size(words, 24, 320) == 24 * 0.9 and len(asked) == 2     # measured once
    assert ui.fitting_size(words, 24, 400) == 24 and len(asked) == 3           # per width
