"""Numbers on screen use lining figures: the UI fonts' 1 reaches cap height like an I but is
not an I, and 0 stands taller than o (EB Garamond's own digits are old-style; see
tools/make_fonts.py). Checked on rendered pixels, so it holds whatever the font file says."""
import numpy as np
import pygame
import pytest

from game.view import assets

SAMPLE = "1 11 0 I l o"
SIZE = 80


def ink(font, text):
    """(x, y) boolean array of the pixels `text` inks when rendered by `font`."""
    surface = font.render(text, True, (255, 255, 255), (0, 0, 0))
    return pygame.surfarray.array3d(surface)[..., 0] > 96


def token_boxes(font, text=SAMPLE) -> dict:
    """Each space-separated word of `text`, rendered in one line: its ink (x, y) mask, cut at the
    word's place in the line, and the top and bottom rows of that ink."""
    line = ink(font, text)
    boxes, start = {}, 0
    for word in text.split(" "):
        left = font.size(text[:start])[0]
        right = font.size(text[:start + len(word)])[0]
        start += len(word) + 1
        mask = line[left:right]
        rows = np.flatnonzero(mask.any(axis=0))
        boxes[word] = (rows[0], rows[-1] + 1, mask[:, rows[0]:rows[-1] + 1])
    return boxes


def top_lean(mask) -> float:
    """How far the ink in the top fifth sits left (negative) or right of the ink at mid-height,
    in glyph heights: a 1's flag leans left of its stem, an I's serifs sit evenly."""
    height = mask.shape[1]
    top = np.nonzero(mask[:, :max(1, height // 5)])[0].mean()
    middle = np.nonzero(mask[:, int(0.4 * height):int(0.6 * height)])[0].mean()
    return (top - middle) / height


def lining_faults(font) -> list[str]:
    """What, in this font's rendering of SAMPLE, shows old-style rather than lining figures."""
    box = token_boxes(font)
    cap_top, baseline = box["I"][0], box["I"][1]
    cap = baseline - cap_top
    faults = []
    for word in ("1", "11"):
        if abs(box[word][0] - cap_top) > 0.08 * cap:
            faults.append(f"{word!r} top at row {box[word][0]}, cap height at row {cap_top}")
        if abs(box[word][1] - baseline) > 0.05 * cap:
            faults.append(f"{word!r} does not stand on the baseline")
    height_0, height_o = box["0"][1] - box["0"][0], box["o"][1] - box["o"][0]
    if height_0 < height_o + 0.25 * cap:
        faults.append(f"'0' is {height_0} px tall, 'o' {height_o} px: 0 reads as o")
    if top_lean(box["1"][2]) - top_lean(box["I"][2]) > -0.025:
        faults.append("'1' has no flag leaning off its stem: it reads as I")
    return faults


@pytest.mark.parametrize("kind", ("title", "body", "italic"))
def test_numbers_use_lining_figures(kind):
    assert lining_faults(assets.font(SIZE, kind)) == []


def test_the_check_catches_old_style_figures():
    """EB Garamond as published, with its old-style digits, fails the same check."""
    original = pygame.font.Font(str(assets.ASSETS / "fonts" / "EBGaramond12-Regular.otf"), SIZE)
    faults = lining_faults(original)
    assert any("'1' top" in fault for fault in faults)
    assert any("reads as o" in fault for fault in faults)


@pytest.mark.parametrize("kind", ("title", "body"))
def test_figures_are_tabular_so_scores_line_up(kind):
    font = assets.font(40, kind)
    widths = {font.size(digit * 3)[0] for digit in "0123456789"}
    assert len(widths) == 1, widths


@pytest.mark.parametrize("size", (12, 18, 30))
def test_small_sizes_keep_one_apart_from_i(size):
    """At the sizes the scoreboard uses, a 1 is still as tall as an I (not x-height)."""
    font = assets.font(size, "body")
    box = token_boxes(font, "1 I o")
    top_1, top_i, top_o = box["1"][0], box["I"][0], box["o"][0]
    assert abs(top_1 - top_i) <= 1 < top_o - top_1


def test_the_fonts_licence_and_new_name_ship_beside_them():
    folder = assets.ASSETS / "fonts"
    licence = (folder / "TourneCaseGaramond-OFL.txt").read_text(encoding="utf-8")
    assert "Modified Version of EB Garamond" in licence
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    for name in set(assets.FONT_FILES.values()):
        data = (folder / name).read_bytes()
        assert name.startswith("TourneCaseGaramond-")
        assert "Tourne Case Garamond".encode("utf-16-be") in data      # the name table
