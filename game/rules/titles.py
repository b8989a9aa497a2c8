"""Each rule's name in words, as the rulebook (docs/rules.md, docs/regles.md) numbers it.

    rule_title("TC-4")   -> "No passing your own checkers"   (English: a message for the catalogue)
    _(rule_title("TC-4")) -> the name in the player's language

The names are marked with N_ and translated where they are shown, so that a change of language
takes effect at once. A refusal on screen names its rule in words beside its number, e.g.
_("{number}: {title} - {reason}", number=..., title=_(rule_title(number)), reason=...).
"""
from __future__ import annotations

from game.base.i18n import N_

RULE_TITLES: dict[str, str] = {
    # Both games
    "C-1": N_("Who throws first"),
    "C-2": N_("A throw that does not count"),
    "C-3": N_("Fair dice"),
    "C-4": N_("The names of the doublets"),
    "C-5": N_("Touch-move"),
    "C-6": N_("Matches"),
    # Tourne Case, Charpentier 1699
    "TC-1": N_("Only the lower die"),
    "TC-2": N_("One move a turn"),
    "TC-3": N_("One checker per point"),
    "TC-4": N_("No passing your own checkers"),
    "TC-5": N_("The exact number home"),
    "TC-6": N_("The hit"),
    "TC-7": N_("Play if you can"),
    "TC-8": N_("Re-entering after a hit"),
    "TC-9": N_("The win"),
    # Tourne Case, the compulsory re-entry option
    "TR-1": N_("Compulsory re-entry: a hit checker comes back first"),
    # Tourne Case, Bell 1975
    "TB-1": N_("Both dice are played"),
    "TB-2": N_("Play as many numbers as you can"),
    "TB-3": N_("The bar"),
    "TB-4": N_("Single and double wins"),
    # Garanguet, Lepeintre 1818
    "G-1": N_("Three dice"),
    "G-2": N_("The simple throw"),
    "G-3": N_("Blocked points, and no hitting"),
    "G-4": N_("Doublet under a higher die"),
    "G-5": N_("Doublet over a lower die"),
    "G-6": N_("Triplet"),
    "G-7": N_("When not everything can be played"),
    "G-8": N_("The six-point block"),
    "G-9": N_("Bearing off"),
    "G-10": N_("The win"),
    "G-11": N_("Touch-move"),
}


def rule_title(number: str) -> str:
    """The rule's name in words, in English, for the catalogue: translate it with _() where it
    is shown. "" for an empty or unknown number (a refusal that no rule names): check before
    translating, since _("") is the catalogue's header."""
    return RULE_TITLES.get(number, "")
