"""A player's name, as a game sends it and a relay takes it (docs/online.md, "Names").

A name is optional; when given it is 1 to MAX_NAME characters, trimmed, of letters, digits,
spaces and ordinary punctuation: no control character, no bidirectional override or isolate,
no zero-width character (a name must read as it looks, in every list and on every board).
`name_refusal` says why one is refused, in words a player reads (an English message marked N_,
translated where it is shown); the game checks before it sends, the relay again (never trust
the other side). Standard library only.
"""
from __future__ import annotations

import unicodedata

from game.base.i18n import N_

MAX_NAME = 20

#: Marks that turn text around or hide in it, refused by name (their categories Cf and Cc are
#: refused whole below; these are said apart for the tests' sake).
BIDI_MARKS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e")
#: Punctuation a name may hold beyond letters, digits and the space.
PUNCTUATION = frozenset(" .,'’-_!?&()+:;@#*/\"")


def name_refusal(text) -> str | None:
    """None if `text` (trimmed) is an acceptable name; else the English sentence (N_) that says
    why not."""
    if not isinstance(text, str):
        return N_("A name is text.")
    name = text.strip()
    if not name:
        return N_("A name has at least one letter or figure.")
    if len(name) > MAX_NAME:
        return N_("A name has at most 20 characters.")
    for c in name:
        if c in BIDI_MARKS or c in ZERO_WIDTH:
            return N_("A name cannot hold invisible characters that turn or hide text.")
        category = unicodedata.category(c)
        if category[0] == "C" or category in ("Zl", "Zp"):
            return N_("A name cannot hold control characters.")
        if category[0] in "LNM" or c in PUNCTUATION:
            continue
        return N_("A name holds letters, figures, spaces and ordinary punctuation only.")
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        return N_("A name has at least one letter or figure.")
    return None


def clean_name(text) -> str | None:
    """The name as sent and shown (trimmed), or None when there is none or it is refused: what
    comes from the other side is checked again before it is shown."""
    if text is None or name_refusal(text) is not None:
        return None
    return text.strip()
