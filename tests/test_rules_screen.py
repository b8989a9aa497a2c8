"""The rules screen: every rule named in words with its number, pages from the registry."""
import re
from pathlib import Path

import pygame

from game.rules import RULE_SETS
from game.scenes import rules_screen
from game.scenes.rules_screen import RulesScene
from tests.test_menus import NUMBER, app, frames, press  # noqa: F401  (app is a fixture)

ROOT = Path(__file__).resolve().parent.parent


def test_every_rule_on_the_rules_screen_has_a_name_in_words_and_its_number_from_the_rulebook():
    rulebook = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    numbers = set(re.findall(r"^#### ((?:C|TC|TR|TB|G)-\d+)", rulebook, re.M))
    shown = set()
    for page in rules_screen.PAGES.values():
        for _, rules in page:
            for number, name, words in rules:
                assert words
                if number:
                    assert number in numbers and re.search(r"[a-z]{3,}", name), (number, name)
                    assert not re.search(NUMBER, name), name
                    shown.add(number)
    assert shown == numbers, f"missing from the screen: {numbers - shown}"
    assert {f"G-{i}" for i in range(1, 12)} <= {n for _, rules in rules_screen.GARANGUET
                                                 for n, _, _ in rules}
    assert rules_screen.rule_name("TR-1").lower().startswith("compulsory re-entry")
    assert rules_screen.rule_name("TR-1").endswith("(TR-1)")


def test_the_rules_screen_cites_the_rulebook_in_the_repository():
    doc = rules_screen.__doc__
    cited = re.findall(r"[\w./-]+\.md", doc)
    assert "docs/rules.md" in cited and set(cited) <= {"docs/rules.md", "docs/regles.md"}, cited


def test_the_rules_tabs_come_from_the_registry_garanguet_included(app):
    titles = [title for _, title in rules_screen.TABS]
    assert titles == [RULE_SETS[name].title for name in ("charpentier", "bell", "garanguet")]
    for rules_name, page in [("garanguet", "garanguet"), ("charpentier-reentry", "charpentier"),
                             ("bell", "bell")]:
        assert RulesScene(app, rules_name).preset == page
    screen = RulesScene(app, "bell")
    app.scenes.push(screen)
    frames(app)
    press(app, pygame.K_RIGHT)
    assert screen.preset == "garanguet"
    rows = screen.lines(600, 1.0)
    assert ("rule", "G-9", "Bearing off") in rows
    click = screen.tabs[0].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=click, button=1))
    frames(app)
    assert screen.preset == "charpentier"


def test_the_reentry_note_is_about_reentry():
    assert "TR-1" in rules_screen.REENTRY_NOTE and "re-entry" in rules_screen.REENTRY_NOTE.lower()
