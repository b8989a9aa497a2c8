"""Words the table shows, kept in English until the moment they are shown (issue 12).

The play flow (game/flow.py) and the table keep what they have to say as `Words` (game/i18n.py):
an English message and its fields, said in the language spoken at the frame that draws them - so
a change of language in the settings, with the table open, shows at the next frame. Here: what
to draw for them, their English, and the plurals the table builds, marked for the catalogue.

No pygame here: the flow uses it.
"""
from __future__ import annotations

from game.i18n import Words, n_


def shown(words):
    """What to draw for `words`: Words said now; anything else as it is (a test then tells
    whether it came from a catalogue)."""
    if isinstance(words, Words):
        return words.said()
    if callable(words):
        return shown(words())
    return words


def english(words) -> str:
    """The English of Words (or of anything: its str)."""
    return words.english() if isinstance(words, Words) else str(words)


def plurals() -> None:
    """Never called: marks for the catalogue the plural messages the table builds as Words."""
    n_("{n} point", "{n} points", 1)
    n_("{n} off", "{n} off", 1)             # a Garanguet tray: French "0 sortie", "2 sorties"
    n_("match to {n} point", "match to {n} points", 1)
    n_("{numbers} ({lost} cannot be played)", "{numbers} ({lost} cannot be played)", 1)
