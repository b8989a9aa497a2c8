"""Every word a player sees passes through here: gettext catalogues in English and French.

The messages are English in the code, marked for extraction (`python tools/catalogues.py`
extracts them with Babel into game/locale/tournecase.pot and compiles the catalogues):

    _("Black enters on {point}", point=3)     translated now, then formatted
    n_("{count} point", "{count} points", count, count=count)
                                               a plural, by the language's own rule
    p_("column", "Games")                      in a context, where the same English needs
                                               other words in another language
    N_("Settings")                             marked only: translated where it is shown
    verbatim(name)                             words that are not translated (a player's
                                               name, notation, a file's path)
    Words(N_("{side} wins"), side=...)         a message kept until it is shown: said()
                                               translates it then, str() is its English

Each returns `Said`, a str that remembers it passed through a catalogue; the renderer can
then tell (tests/test_i18n.py) that no text reaches the screen untranslated. Translate when
the words are shown, not when they are built, so that a change of language (`set_language`)
takes effect at once. The games' own words stay historical in French: "coin de repos",
"Sonnés", "dame touchée, dame jouée".

A new language is its catalogue (game/locale/<code>/LC_MESSAGES/, made by tools/catalogues.py)
and one line in LANGUAGES below: the settings, --language, the catalogue tool and the screenshots
all read that table (tests/test_languages.py adds a third language to a copy of the game so).

No pygame here: the rules engine, the command line and the screens all use it.
"""
from __future__ import annotations

import gettext
import locale
import os
from pathlib import Path
from typing import NamedTuple

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "tournecase"


class Language(NamedTuple):
    """What the game must know of a language besides the words its catalogue holds."""

    name: str               # its name in itself, as the settings offer it (never translated)
    english: str            # its name in English: Windows names a locale so ("French_France")
    decimal: str = "."      # between a number's units and its decimals
    percent: str = "%"      # after a percentage


#: The languages the game speaks, in the order the settings and --language offer them. The one
#: place a language is named: add its line here and its catalogue under game/locale/<code>/.
LANGUAGES: dict[str, Language] = {
    "en": Language("English", "English"),
    "fr": Language("Français", "French", decimal=",", percent="\u202f%"),   # "57,5 %"
}
#: The language of the messages in the code: its catalogue repeats them, and it is spoken when
#: the system's is none of LANGUAGES or a catalogue is missing.
SOURCE = "en"
# Each language's name in itself, as the settings offer it (never translated).
LANGUAGE_NAMES = {code: language.name for code, language in LANGUAGES.items()}


class Said(str):
    """Text that has passed through a catalogue, or is marked as never translated."""

    __slots__ = ()


_language = "en"
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_catalogues: dict[str, gettext.NullTranslations] = {}


def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of one language (loaded once)."""
    if code not in _catalogues:
        _catalogues[code] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    return _catalogues[code]


def set_language(code: str | None) -> str:
    """Speak `code` (one of LANGUAGES; None or anything else: the system's language) from now on."""
    global _language, _catalogue
    if code not in LANGUAGES:
        code = system_language()
    try:
        _catalogue = catalogue(code)
    except OSError:          # a catalogue missing from a damaged install: speak the source English
        code, _catalogue = SOURCE, gettext.NullTranslations()
    _language = code
    return code


def language() -> str:
    """The language spoken now: one of LANGUAGES ("en", "fr")."""
    return _language


def system_language(environ=os.environ) -> str:
    """The system locale's language when the game speaks it (French on a French system), else
    English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value and value not in ("C", "POSIX"):
            return _known(value)
    try:
        value = locale.getlocale()[0] or ""
    except ValueError:
        value = ""
    return _known(value)


def _known(value: str) -> str:
    """ "fr_CA.UTF-8" -> "fr"; "French_France" (Windows) -> "fr"; anything else -> "en". A locale
    is a language's when it starts with its code or its English name."""
    first = value.split(":")[0].lower()
    for code, spoken in LANGUAGES.items():
        if code != SOURCE and first.startswith((code, spoken.english.lower())):
            return code
    return SOURCE


def _(message: str, **fields) -> Said:
    """`message` in the current language, with {fields} filled in."""
    words = _catalogue.gettext(message)
    return Said(words.format(**fields) if fields else words)


def n_(singular: str, plural: str, count: int, /, **fields) -> Said:
    """The singular or plural form for `count`, by the current language's rule."""
    words = _catalogue.ngettext(singular, plural, count)
    return Said(words.format(**fields) if fields else words)


def p_(context: str, message: str, /, **fields) -> Said:
    """`message` as said in `context`, where the same English needs other words in another
    language (a column "Games" is "Parties", a rule "Matches" is "Les matchs")."""
    words = _catalogue.pgettext(context, message)
    return Said(words.format(**fields) if fields else words)


class Words:
    """An English message and its fields, kept so until shown: `said()` gives them in the
    language spoken at that moment, `str()` in English (for logs and tests). Fields may be Words
    themselves (a side's name inside a sentence) or anything with `said()`, numbers, or plain
    str (notation, a file's name: shown as they are)."""

    __slots__ = ("message", "plural", "n", "fields")

    def __init__(self, message: str, plural: str | None = None, n: int | None = None, /, **fields):
        """Words(N_("Nothing to take back")); Words(N_("{side} wins"), side=...); a plural:
        Words("{n} point", "{n} points", n, n=n) - its two forms also written in an n_(...) call
        that is never run (e.g. `plurals` below), so that the catalogue holds
        them as one plural message."""
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


class Problem(str):
    """A sentence about the player's files or saves (game/saves/storage.py, game/play/session.py). As a str it is the English; `said()` gives it in
    the language spoken now (fields that are Problems are said too, the rest shown as they are:
    file names, numbers, the system's own error text)."""

    def __new__(cls, message: str, **fields):
        self = super().__new__(cls, message.format(**fields) if fields else message)
        self.message, self.fields, self.forms = message, fields, None
        return self

    @classmethod
    def plural(cls, singular: str, plural: str, count: int, **fields) -> "Problem":
        """A sentence with a plural form chosen by `count` (the field {n} is the count)."""
        self = cls(singular if count == 1 else plural, n=count, **fields)
        self.forms = (singular, plural, count)
        return self

    def __reduce__(self):
        return str, (str(self),)

    def said(self) -> Said:
        return Words(*(self.forms or (self.message,)), **self.fields).said()


def _field(value):
    if callable(getattr(value, "said", None)):      # Words, or a storage Problem
        return value.said()
    if isinstance(value, Said) or not isinstance(value, str):
        return value
    return verbatim(value)              # notation, a number written out: the same in every language


def N_(message: str) -> str:
    """Mark a message for the catalogue without translating it yet (translate it when shown)."""
    return message


def verbatim(words: str) -> Said:
    """Words shown as they are, in every language: a name, notation, a path, a number."""
    return Said(words)


def decimal(value: float, digits: int = 1, sign: bool = False) -> Said:
    """A number with `digits` decimals as the language spoken writes it: a point in English, a
    comma in French. What rounds to zero is 0, never -0.0; `sign` (a loss) writes a minus before
    its size."""
    text = f"{abs(value) if sign else value:.{digits}f}"
    if float(text) == 0:
        text = f"{0:.{digits}f}"
    elif sign:
        text = "-" + text
    return Said(text.replace(".", _spoken().decimal))


def percent(chance: float, digits: int = 1, sign: bool = False) -> Said:
    """A chance (0..1) as a percentage: "57.5%" in English, "57,5 %" in French (a narrow
    no-break space before %). The hints and the review both write their chances so."""
    return Said(decimal(100 * chance, digits, sign) + _spoken().percent)


def _spoken() -> Language:
    """The table's line for the language spoken now."""
    return LANGUAGES.get(_language) or LANGUAGES[SOURCE]


def said(words) -> bool:
    """Whether words may be shown: they passed through a catalogue, or hold no letters at all."""
    return isinstance(words, Said) or not any(c.isalpha() for c in str(words))


def shown(words):
    """What to draw for `words`: Words said now (the language of this frame); anything else as
    it is (a test then tells whether it came from a catalogue)."""
    if isinstance(words, Words):
        return words.said()
    if callable(words):
        return shown(words())
    return words


def plurals() -> None:
    """Never called: marks for the catalogue the plural messages the table builds as Words."""
    n_("{n} point", "{n} points", 1)
    n_("{n} off", "{n} off", 1)             # a Garanguet tray: French "0 sortie", "2 sorties"
    n_("match to {n} point", "match to {n} points", 1)
    n_("{numbers} ({lost} cannot be played)", "{numbers} ({lost} cannot be played)", 1)
