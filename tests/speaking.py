"""What a screen says, in each language: shared by the tests of every scene (issue 12).

`problems(app)` draws the app's current scene a few frames in English and then in French, at
whatever size the app has (the tests use the smallest window, 960x600), and lists:
  - text that reached the screen without passing through a catalogue (game/base/i18n.py);
  - text that spills out of the box it was drawn in (a button, a card, a panel, or the window);
  - a line that begins with punctuation belonging to the line before ("; une dame ...").
"""
import re

from game.base import i18n
from game.view import widgets as ui

DT = 1 / 60
LEFT_BEHIND = re.compile(r"[;:!?»,.)]\s")      # a line begun by what ends the one before


def drawn(app, code: str, frames: int = 3) -> tuple[list, list]:
    """(drawn, unsaid) over a few frames of the current scene in language `code`."""
    app.update_settings({"language": code})
    with ui.recording() as (shown, unsaid):
        for _ in range(frames):
            app.frame(DT)
        return list(shown), list(unsaid)


def spills(words, rect, box) -> bool:
    """Whether a line of text leaves its box: 2 px of grace across, a quarter of its height up
    and down (a font's line box is taller than its letters)."""
    grace = box.inflate(4, rect.h // 2)
    return not grace.contains(rect)


def problems(app, languages=i18n.LANGUAGES, frames: int = 3) -> list[str]:
    """Everything wrong with what the current scene says, in each language."""
    found = []
    spoken = app.settings.get("language", "")
    try:
        for code in languages:
            shown, unsaid = drawn(app, code, frames)
            found += [f"{code}: not from a catalogue: {words!r}" for words in sorted(set(unsaid))]
            found += sorted({f"{code}: {words!r} at {tuple(rect)} leaves its box {tuple(box)}"
                             for words, rect, box in shown if spills(words, rect, box)})
            found += sorted({f"{code}: {words!r} begins with the line before's punctuation"
                             for words, _rect, _box in shown if LEFT_BEHIND.match(str(words))})
    finally:
        app.update_settings({"language": spoken})    # the next test finds the language it had
    return found
