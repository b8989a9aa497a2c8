"""Tourne Case's rules pages lead with what a newcomer needs first: the goal, and how the two
sides' checkers meet, hitting across the rows (issue 38, item 17: the goal came near the end and
"point k faces point k" deep inside the board's description)."""
import pytest

from game.base import i18n
from game.scenes.tourne_case import PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.rules.name)
def test_each_tourne_case_page_opens_with_the_goal_and_how_checkers_meet(page):
    heading, (goal, meeting, *rest) = page.sections[0]
    assert heading == "The goal" and rest == []
    assert "first to bring all three of your checkers to your home point, point 12" in goal
    assert "point k facing point k" in meeting and "hits it" in meeting
    later = " ".join(item for _heading, items in page.sections[1:] for item in items
                     if isinstance(item, str))
    assert "faces point k" not in later, "said once, first"


def test_the_goal_and_the_meeting_are_said_in_french():
    heading, (goal, meeting) = PAGES[0].sections[0]
    i18n.set_language("fr")
    try:
        words = [i18n._(heading), i18n._(goal), i18n._(meeting)]
    finally:
        i18n.set_language("en")
    assert words[0] == "Le but"
    assert "la case 12" in words[1] and "la case k face à la case k" in words[2]
