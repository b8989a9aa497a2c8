"""Each rule's name in words, as the rulebook (docs/rules.md, docs/regles.md) numbers it.

    rule_title("TC-4")   -> "No passing your own checkers"   (English: a message for the catalogue)
    _(rule_title("TC-4")) -> the name in the player's language

The names are marked with N_ and translated where they are shown, so that a change of language
takes effect at once. A refusal on screen names its rule in words beside its number, e.g.
_("{number}: {title} - {reason}", number=..., title=_(rule_title(number)), reason=...).
"""
from __future__ import annotations

from game.base.i18n import N_

#: Every rule's title by its number: the rules every game shares here, each game's own added
#: by the registry (game/rules/__init__.py) from the game's module.
RULE_TITLES: dict[str, str] = {
    # Every game
    "C-1": N_("Who throws first"),
    "C-2": N_("A throw that does not count"),
    "C-3": N_("Fair dice"),
    "C-4": N_("The names of the doublets"),
    "C-5": N_("Touch-move"),
    "C-6": N_("Matches"),
}


def rule_title(number: str) -> str:
    """The rule's name in words, in English, for the catalogue: translate it with _() where it
    is shown. "" for an empty or unknown number (a refusal that no rule names): check before
    translating, since _("") is the catalogue's header."""
    return RULE_TITLES.get(number, "")
