"""The rules screen: every rule named in words with its number, pages from the registry, each
page readable in both languages at the smallest window, and every illustration true to the
rules engine (the position legal, the move shown legal or refused as its caption says)."""
import re
from pathlib import Path

import pygame
import pytest

from game.base import i18n
from game.rules import BAR, RULE_SETS, Move, Position, Side, rule_set, rule_title
from game.rules.core import Illegal
from game.scenes import games, garanguet, rules_pages, tourne_case
from game.scenes.learn import rules_screen
from game.scenes.rulebook import Rule
from game.scenes.rules_pages import PAGES
from game.scenes.learn.rules_screen import RulesScene
from game.scenes.learn import diagrams
from game.scenes.learn.diagrams import Diagram
from tests import speaking
from tests.test_menus import NUMBER, app, frames, press  # noqa: F401  (app is a fixture)

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
NUMBERS = set(re.findall(r"^#### ((?:C|TC|TR|TB|G)-\d+)", RULEBOOK, re.M))
ALL_DIAGRAMS = list(dict.fromkeys(d for page in PAGES for d in rules_pages.items(page, Diagram)))


@pytest.fixture(autouse=True)
def english():
    """Each test starts and ends in English, whatever the last one spoke."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_every_rule_on_the_rules_screen_has_a_name_in_words_and_its_number_from_the_rulebook():
    shown = set()
    for page in PAGES:
        for rule in rules_pages.items(page, Rule):
            name = rule_title(rule.number)
            assert rule.text and rule.number in NUMBERS, rule
            assert re.search(r"[a-z]{3,}", name) and not re.search(NUMBER, name), (rule.number, name)
            shown.add(rule.number)
    assert shown == NUMBERS, f"missing from the screen: {NUMBERS - shown}"
    assert {f"G-{i}" for i in range(1, 12)} <= {r.number for r in rules_pages.items("garanguet", Rule)}
    # each page holds its own rule set's rules: re-entry TR-*, Bell TB-*, and only those
    families = {page: {r.number.split("-")[0] for r in rules_pages.items(page, Rule)} for page in PAGES}
    assert families == {"charpentier": {"TC", "C"}, "charpentier-reentry": {"TC", "TR", "C"},
                        "bell": {"TC", "TB", "C"}, "garanguet": {"G", "C"}}
    assert rules_screen.rule_name("TR-1").lower().startswith("compulsory re-entry")
    assert rules_screen.rule_name("TR-1").endswith("(TR-1)")
    i18n.set_language("fr")
    assert rules_screen.rule_name("TC-6") == "La dame battue (TC-6)"


def test_the_rules_screen_names_rules_through_the_rules_engine_only():
    for name in ("learn/rules_screen.py", "rules_pages.py", "rulebook.py", "tourne_case.py",
                 "garanguet.py"):
        source = (ROOT / "game" / "scenes" / name).read_text(encoding="utf-8")
        assert 'N_("Only the lower die")' not in source and 'N_("The hit")' not in source
    assert "rule_title" in (ROOT / "game" / "scenes" / "learn" / "rules_screen.py").read_text(encoding="utf-8")


def test_the_rules_screen_cites_the_rulebook_in_the_repository():
    doc = rules_screen.__doc__
    cited = re.findall(r"[\w./-]+\.md", doc)
    assert "docs/rules.md" in cited and set(cited) <= {"docs/rules.md", "docs/regles.md"}, cited


def test_the_rules_tabs_come_from_the_registry_garanguet_included(app):
    assert [key for key, _ in rules_screen.tabs()] == list(RULE_SETS) == [key for key, _ in rules_pages.TABS]
    for (key, label), name in zip(rules_screen.tabs(), RULE_SETS):
        assert label in (RULE_SETS[name].title, rules_pages.BY_NAME[name].tab)
    for rules_name, page, preset in [("garanguet", "garanguet", "garanguet"),
                                     ("charpentier-reentry", "charpentier-reentry", "charpentier"),
                                     ("bell", "bell", "bell"), ("nonsense", "charpentier", "charpentier")]:
        screen = RulesScene(app, rules_name)
        assert (screen.page, screen.preset) == (page, preset)
    screen = RulesScene(app, "bell")
    app.scenes.push(screen)
    frames(app)
    press(app, pygame.K_RIGHT)
    assert screen.page == "garanguet"
    rows = screen.lines(600, 1.0)
    assert ("rule", "G-9", "Bearing off") in rows
    assert any(style == "diagram" and line.diagram is garanguet.BEAR_OFF for style, _, line in rows)
    click = screen.tabs[0].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=click, button=1))
    frames(app)
    assert screen.page == "charpentier"
    press(app, pygame.K_RIGHT)
    assert screen.page == "charpentier-reentry" and screen.preset == "charpentier"


def test_each_rule_set_finds_its_page_where_the_registry_says():
    for name, entry in RULE_SETS.items():
        assert rules_screen.page_for(entry) is rules_pages.BY_NAME[name], name
        assert rules_pages.BY_NAME[name].rules is entry.rules, name


def test_the_reentry_note_is_about_reentry():
    assert "TR-1" in games.REENTRY.note and "re-entry" in games.REENTRY.note.lower()


# -- both languages, at the smallest window, scrolled to the end ---------------------------------

@pytest.mark.parametrize("page", list(PAGES))
def test_each_page_speaks_both_languages_inside_its_boxes_from_top_to_end(app, page):
    """In each language, page by page from the top down to the end: nothing untranslated,
    nothing out of its box, and every illustration of the page drawn on the way."""
    screen = RulesScene(app, page)
    app.scenes.push(screen)
    frames(app)
    for code in i18n.LANGUAGES:
        app.update_settings({"language": code})
        screen.scroll = screen.target = 0.0
        frames(app)
        seen = set()
        stops = 0
        while True:
            found = speaking.problems(app, languages=(code,))
            assert found == [], (page, code, screen.scroll, found[:5])
            card, step, most = screen.geometry(app.size)
            rows = screen.lines(card.w - round(60 * 0.75), 0.75)
            y = 0.0
            for row in rows:                          # the diagrams in view are drawn
                h = screen.row_height(row, step)
                if row[0] == "diagram" and screen.scroll - h < y < screen.scroll + card.h:
                    seen.add(row[2].diagram)
                y += h
            if screen.scroll >= most:
                break
            press(app, pygame.K_PAGEDOWN)
            screen.scroll = screen.target             # no easing: each page of text once
            stops += 1
            assert stops < 60
        assert stops >= 3 and screen.scroll == most > 0, (code, stops)
        assert seen == set(rules_pages.items(page, Diagram)), code


def test_the_words_change_with_the_language_while_the_screen_is_open(app):
    screen = RulesScene(app, "garanguet")
    app.scenes.push(screen)
    frames(app)
    english = screen.lines(600, 1.0)
    app.update_settings({"language": "fr"})
    frames(app)
    french = screen.lines(600, 1.0)
    title = i18n.catalogue("fr").gettext(rule_title("G-9"))
    assert title.startswith("La sortie") and ("rule", "G-9", title) in french and english != french
    assert any("coin de repos" in line for _, _, line in RulesScene(app, "charpentier").lines(600, 1.0)
               if isinstance(line, str))


# -- the illustrations, checked with the rules engine --------------------------------------------

def states(diagram: Diagram):
    """The rules, the position shown, and the mover's (own, opponent's) checkers there."""
    rules = diagram.rules
    position = Position.parse(diagram.position)
    side = position.to_move
    return rules, position, position.checkers(side), position.checkers(side.other)


def test_the_illustrations_show_each_rule_the_issue_asks_for():
    rules = {d.rule for d in ALL_DIAGRAMS}
    # a hit, a blocked move, the home point, a doublet played double, a six-point block, bearing off
    assert {"TC-6", "TC-4", "TC-5", "G-5", "G-8", "G-9"} <= rules
    for page in PAGES:
        assert rules_pages.items(page, Diagram), page
        numbers = [r.number for r in rules_pages.items(page, Rule)]
        for d in rules_pages.items(page, Diagram):
            assert d.rule in numbers, (page, d.rule)         # shown on the page of its rule
            assert rule_set(d.rules.name).game == rule_set(page).game
            assert d.caption and re.search(r"[a-z]{4,}", d.caption)


@pytest.mark.parametrize("diagram", ALL_DIAGRAMS, ids=lambda d: f"{d.rule}:{d.position}:{d.dice}")
def test_each_illustration_is_legal_and_its_move_is_what_its_caption_says(diagram):
    rules, position, own, opp = states(diagram)
    # the position is one of its rule set's: the right number of checkers, the bar only where
    # hit checkers wait apart, the dice the game's
    assert len(position.white) == len(position.black) == rules.checkers
    assert str(Position.parse(str(position))) == str(position)
    if BAR in position.white + position.black:
        assert rules.reentry_first
    rules.check_dice(diagram.dice)
    assert diagram.move or diagram.refused, "an illustration shows a move"
    if diagram.move:
        played = Move.parse(diagram.move)
        after = rules.play_steps(position, played.steps)          # each step legal on the board
        assert after != position
        # ... and part of a legal turn of this throw: the whole turn, or one that goes on
        assert (rules.is_turn_complete(position, diagram.dice, played.steps)
                or rules.next_steps(position, diagram.dice, played.steps)), diagram.move
    if diagram.refused:
        for step in Move.parse(diagram.refused).steps:
            number = rules.step_number(step)
            assert number in rules.numbers(diagram.dice) or diagram.passes
            refusal = rules.try_step(own, opp, step.origin, number)
            assert isinstance(refusal, Illegal) and refusal.rule == diagram.refusing_rule, (step, refusal)
    legal = rules.legal_moves(position, diagram.dice)
    assert (legal == []) == diagram.passes
    hits = [step for _, step in diagram.played() if step.hit]
    assert bool(hits) == (diagram.rule in ("TC-6",) or diagram is tourne_case.HIT_BETWEEN)


def test_the_captions_particular_claims_hold_in_the_engine():
    s = tourne_case
    # TC-1: 6 and 2 play only the 2
    assert rule_set("charpentier").rules.numbers(s.LOWER_DIE.dice) == (2,)
    # TC-5: the checker on 9 goes home with the 3, never with a 4, 5 or 6
    rules, _, own, opp = states(s.HOME_POINT)
    assert rules.try_step(own, opp, 9, 3)[2].destination == 12
    assert all(isinstance(rules.try_step(own, opp, 9, n), Illegal) and rules.try_step(own, opp, 9, n).rule == "TC-5"
               for n in (4, 5, 6))
    # TC-6: Black's 6 to 8 sends White's checker there off the board, not entered
    rules, position, _, _ = states(s.HIT)
    after = rules.apply(position, Move.parse(s.HIT.move), s.HIT.dice)
    assert 8 not in after.white and after.white.count(0) == 1
    # TC-4: the new checker may not enter on 3 either (TC-3), and White has one legal move, 5-8
    rules, position, own, opp = states(s.BLOCKED)
    assert rules.try_step(own, opp, 0, 3).rule == "TC-3"
    assert [str(m) for m in rules.legal_moves(position, s.BLOCKED.dice)] == ["5-8"]
    # TR-1: with 5 and 2 the re-entry is the only legal move
    rules, position, _, _ = states(s.REENTER)
    assert [str(m) for m in rules.legal_moves(position, s.REENTER.dice)] == ["b-2"]
    # TB-1: both orders of the two entries are not alike: 3 first, then 5 passes it (TC-4)
    rules, position, _, _ = states(s.BOTH_DICE)
    with pytest.raises(ValueError, match=r"TC-4"):
        rules.apply(position, Move.parse("0-3 0-5"), s.BOTH_DICE.dice)
    assert rules.is_turn_complete(position, s.BOTH_DICE.dice, Move.parse("0-3 3-8").steps)
    # TB-1, TB-3: the hit between sends Black's checker to the bar; the bar's turn is whole
    rules, position, _, _ = states(s.HIT_BETWEEN)
    assert BAR in rules.apply(position, Move.parse(s.HIT_BETWEEN.move), s.HIT_BETWEEN.dice).black
    rules, position, _, _ = states(s.BAR)
    assert rules.is_turn_complete(position, s.BAR.dice, Move.parse(s.BAR.move).steps)
    s = garanguet
    # G-2, G-5, G-6: three, five and six moves, each whole
    for d, count in ((s.SIMPLE, 3), (s.DOUBLE, 5), (s.TRIPLET, 6)):
        rules, position, _, _ = states(d)
        assert len(rules.numbers(d.dice)) == count == len(Move.parse(d.move).steps)
        assert rules.is_turn_complete(position, d.dice, Move.parse(d.move).steps)
    # G-3: the 4 first would stop on e, where White stands
    rules, _, own, opp = states(s.BLOCKED_POINT)
    assert 25 - 5 in opp
    # G-8: six points in a row, and every number from c is refused
    rules, _, own, opp = states(s.BLOCK)
    block = sorted(25 - loc for side, loc in s.BLOCK.lit if side is Side.WHITE)
    assert block == list(range(4, 10)) and all(25 - b in opp for b in block)
    assert all(rules.try_step(own, opp, 3, n).rule == "G-3" for n in range(1, 7))
    # G-9: all fifteen in the last quadrant, and the turn bears off three checkers
    rules, position, _, _ = states(s.BEAR_OFF)
    assert min(position.black) >= 19 and 25 not in position.black
    after = rules.apply(position, Move.parse(s.BEAR_OFF.move), s.BEAR_OFF.dice)
    assert after.black.count(25) == 3
    # G-9: the checkers on x are not borne off in the blocked one's place
    rules, _, own, opp = states(s.BEAR_OFF_BLOCKED)
    assert rules.try_step(own, opp, 24, 2).rule == "G-9"


def test_each_illustration_is_drawn_by_the_board_renderer_with_its_arrows(app):
    for d in ALL_DIAGRAMS:
        picture = diagrams.picture(d, 320)
        assert picture.get_size() == (320, diagrams.board_height(320))
        colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 320, 3)
                   for y in range(0, picture.get_height(), 3)}
        if d.refused:
            assert any(c[0] > 180 and c[1] < 70 and c[2] < 60 for c in colours), d.rule   # red arrow
        if d.move:
            assert diagrams.GOLD in colours, d.rule                                      # gold arrow


def test_every_word_of_the_rules_screen_has_its_french_in_the_catalogue():
    """The messages of every page (headings, summaries, captions, the rules' names, the tabs)
    are in the French catalogue, in other words than the English: only names stay alike."""
    french = i18n.catalogue("fr")
    messages = {games.REENTRY.note, *games.PRESET_NOTES.values(),
                *(label for _, label in rules_pages.TABS)}
    for page in PAGES:
        for heading, section in PAGES[page]:
            messages.add(heading)
            for item in section:
                if isinstance(item, Rule):
                    messages |= {item.text, rule_title(item.number)}
                elif isinstance(item, Diagram):
                    messages |= {item.caption, rule_title(item.rule)}
                else:
                    messages.add(item)
    names = {"Bell 1975", "Charpentier 1699", "Garanguet"}
    alike = sorted(m for m in messages if french.gettext(m) == m and m not in names)
    assert alike == [], alike
    assert french.gettext("Bell 1975") == "Bell 1975"


def test_a_page_is_wrapped_once_for_every_rules_screen(app, monkeypatch):
    """Opening the rules again (or paging back) lays out nothing again: a page's rows are kept
    per width, scale and language for every screen; another language is laid out anew."""
    first = RulesScene(app, "bell").lines(640, 1.0)
    wrapped = []
    monkeypatch.setattr(rules_screen.ui, "wrap", lambda *a: wrapped.append(a) or ["x"])
    assert RulesScene(app, "bell").lines(640, 1.0) == first and wrapped == []
    i18n.set_language("fr")
    RulesScene(app, "bell").lines(640, 1.0)
    assert wrapped
