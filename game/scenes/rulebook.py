"""What every rules page is made of (game/scenes/rules_pages.py): a rule by its number, a page of
sections, and the section every game shares (dice and matches). Each game's page is in its own
module (game/scenes/tourne_case.py, game/scenes/garanguet.py).
"""
from dataclasses import dataclass

from game.base.i18n import N_
from game.rules import Rules


@dataclass(frozen=True)
class Rule:
    """A rule as the screen summarises it: its number (its name in words is the rulebook's,
    game.rules.rule_title) and the summary, an English message."""

    number: str
    text: str


@dataclass(frozen=True)
class Page:
    """A rule set's page: its sections, and its tab's label where the rule set's title would not
    fit a tab."""

    rules: Rules
    sections: list
    tab: str = ""

    @property
    def label(self) -> str:
        return self.tab or self.rules.title


# A page is a list of sections (heading, items); an item is a Rule, a Diagram showing the rule
# above it at work, or a plain paragraph (a str).
COMMON = (N_("Dice and matches, in both games"), [
    Rule("C-1", N_("Each player throws one die, a tie is thrown again. The higher thrower takes "
                   "up the dice and throws them for the first turn; the priority dice are not "
                   "played. Every game of a match starts this way.")),
    Rule("C-2", N_("A throw where a die rests off the board, on a rail or on the bar, or tilted "
                   "against a checker, a die or a rail, is taken again. A die lying flat on "
                   "checkers is good.")),
    Rule("C-3", N_("Every accepted throw shows each face with the same chance, 1 in 6.")),
    Rule("C-4", N_("Doublets are announced by their old names: double six “Sonnés”, five "
                   "“Quines”, four “Carmes”, three “Ternes”, two “Double deux”, one “Bezas”.")),
    Rule("C-5", N_("“Dame touchée, dame jouée”, an option in the settings: a checker picked up "
                   "that has a legal move must be played.")),
    Rule("C-6", N_("A match is played to N points (1, 3, 5, 7, 9, 11, 15 or 21): the first to "
                   "reach N wins it.")),
])
