"""Words the table shows, kept in English until the moment they are shown (issue 12).

The play flow (game/flow.py) and the table keep what they have to say as `Words`: an English
message for the catalogue (marked with N_ where it is written) and its fields. Only when the
words are drawn does `said()` translate them, in the language spoken at that frame - so a change
of language in the settings, with the table open, shows at the next frame. Fields may be Words
themselves (a side's name inside a sentence), numbers, or notation (plain str: shown verbatim).

`str(words)` is the English, filled in: what logs and tests read.

No pygame here: the flow uses it.
"""
from __future__ import annotations

from game.i18n import Said, _, n_, verbatim


class Words:
    """An English message and its fields, said in the current language by `said()`."""

    __slots__ = ("message", "plural", "n", "fields")

    def __init__(self, message: str, plural: str | None = None, n: int | None = None, /, **fields):
        """Words(N_("Nothing to take back")); Words(N_("{side} wins"), side=...); a plural:
        Words("{n} point", "{n} points", n, n=n) - its two forms also written as an n_(...) call
        in `plurals` below, so that the catalogue holds them as one plural message."""
        self.message = message
        self.plural = plural
        self.n = n
        self.fields = fields

    def said(self) -> Said:
        """The words in the language spoken now, their fields filled in (and said) too."""
        values = {name: _field(value) for name, value in self.fields.items()}
        if self.plural is not None:     # the form for n, then its fields (a field may be called n)
            form = n_(self.message, self.plural, self.n)
            return Said(form.format(**values)) if values else form
        return _(self.message, **values)

    def english(self) -> str:
        values = {name: (v.english() if isinstance(v, Words) else v) for name, v in self.fields.items()}
        message = self.message if self.plural is None or self.n == 1 else self.plural
        return message.format(**values) if values else message

    def __str__(self) -> str:
        return self.english()

    def __repr__(self) -> str:
        return f"Words({self.english()!r})"

    def __contains__(self, part: str) -> bool:
        return part in self.english()

    def _key(self):
        return (self.message, self.plural, self.n, tuple(sorted((k, str(v)) for k, v in self.fields.items())))

    def __eq__(self, other) -> bool:
        if isinstance(other, Words):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __bool__(self) -> bool:
        return bool(self.message)


def _field(value):
    if isinstance(value, Words):
        return value.said()
    if isinstance(value, Said) or not isinstance(value, str):
        return value
    return verbatim(value)              # notation, a number written out: the same in every language


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
