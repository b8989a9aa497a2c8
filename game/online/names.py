"""A player's name, as shown to the friend, the watchers and the open rooms' listing
(docs/online.md, "Names"): checked by the game where it is typed and again by the relay, which
never trusts the other side.

A name is 1 to MAX_NAME characters once trimmed: letters and digits of any script (with their
combining marks), single spaces, and ordinary punctuation. Nothing that could hide or reorder
text on another screen: no control character, no bidirectional override or isolate, no
zero-width character, no symbol or emoji.
"""
import unicodedata

from game.base.i18n import N_

__all__ = ["MAX_NAME", "name_refusal", "normal_name"]

MAX_NAME = 20

#: Punctuation a name may hold (Unicode's punctuation classes, and these few symbols).
_SYMBOLS = set("+&@#*")
_PUNCTUATION = ("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po")
#: The bidirectional controls and the zero-width characters are category Cf: refused with
#: every other control (Cc, Cf, Cs, Co, Cn) and every separator but the plain space.


def normal_name(text) -> str | None:
    """The name as kept and sent: trimmed of spaces at both ends (None if not text)."""
    return text.strip(" ") if isinstance(text, str) else None


def name_refusal(text) -> str | None:
    """None when `text` (trimmed) is an acceptable name; else why not, an English sentence
    marked for translation (the caller translates it where it shows it)."""
    name = normal_name(text)
    if name is None:
        return N_("A name is text.")
    if not name:
        return N_("A name has at least one letter or digit.")
    if len(name) > MAX_NAME:
        return N_("A name has at most 20 characters.")
    if "  " in name:
        return N_("A name has no two spaces in a row.")
    for index, char in enumerate(name):
        category = unicodedata.category(char)
        if char == " " or category[0] in "LN" or category in _PUNCTUATION or char in _SYMBOLS:
            continue
        if category == "Mn" or category == "Mc":
            if index and unicodedata.category(name[index - 1])[0] in "LM":
                continue            # an accent on a letter (a name typed decomposed)
        if category[0] in "CZ":
            return N_("A name has no invisible or control characters.")
        return N_("A name has only letters, digits, spaces and ordinary punctuation.")
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        return N_("A name has at least one letter or digit.")
    return None
