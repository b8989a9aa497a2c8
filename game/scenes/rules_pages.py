"""The rules screen's pages (game/scenes/learn/rules_screen.py): the rulebook summarised, one page per
rule set, each rule by its number with its summary, and the small boards that show the rules at
work (game/scenes/learn/diagrams.py). Each game's pages are its own module; `BY_NAME` below is the
registry that finds them by the rule set's name; the tests check every illustration against
the rules engine.
"""
from game.rules import RULE_SETS
from game.scenes import garanguet, tourne_case

#: Every rule set's page, by the rule set's name.
#: Another game adds its own (`BY_NAME[name] = Page(...)`).
BY_NAME = {page.rules.name: page for page in (*tourne_case.PAGES, garanguet.GARANGUET_PAGE)}
PAGES = {name: page.sections for name, page in BY_NAME.items()}

#: The tabs, (page, label), one per rule set of the registry that has a page, in its order.
TABS = [(name, BY_NAME[name].label) for name in RULE_SETS if name in BY_NAME]


def items(page: str, kind=object) -> list:
    """Every item of a page of a kind (Rule, Diagram, str), in order."""
    return [item for _, section in PAGES[page] for item in section if isinstance(item, kind)]
