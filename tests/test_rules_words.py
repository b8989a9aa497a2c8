"""The rules in words: each refusal carries its rule, a message for the catalogue and its fields
(game.rules.Illegal), and prints the same English as ever; each rule of docs/rules.md has a name
in words (game.rules.rule_title)."""
import re
from pathlib import Path

import pytest

from game.base import i18n
from game.rules import (BELL, CHARPENTIER, CHARPENTIER_REENTRY, DOUBLET_NAMES, GARANGUET,
                        RULE_SETS, RULE_TITLES, Illegal, IllegalMoveError, Move, Position,
                        rule_title)

ROOT = Path(__file__).resolve().parent.parent
P = Position.parse
G_START = "1*15/1*15/W"


def refusal(rules, position, move, dice=None) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        rules.apply(P(position), Move.parse(move), dice)
    return err.value


# (rules, position, move, dice, the English printed since before the catalogues, rule, fields)
REFUSALS = [
    (CHARPENTIER, "0,3,5/0,0,0/W", "3-5", (2, 6), "3-5: point 5 is already occupied (TC-3)",
     "TC-3", {"point": 5}),
    (CHARPENTIER, "0,3,4/0,0,0/W", "3-5", (2, 6),
     "3-5: it may not pass its own checker on point 4 (TC-4)", "TC-4", {"point": 4}),
    (CHARPENTIER, "0,0,3/0,0,0/W", "0-3", (3, 6), "0-3: point 3 is already occupied (TC-3)",
     "TC-3", {"point": 3}),
    (CHARPENTIER, "0,0,3/0,0,0/W", "0-5", (5, 6),
     "0-5: it may not pass its own checker on point 3 (TC-4)", "TC-4", {"point": 3}),
    (CHARPENTIER, "0,0,10/0,0,0/W", "10-13", (3, 6),
     "10-13: point 12 is reached only by the exact number (TC-5)", "TC-5", {"point": 12}),
    (CHARPENTIER, "0,0,12/0,0,0/W", "12-13", None,
     "12-13: a checker on the home point has finished (TC-5)", "TC-5", {}),
    (CHARPENTIER, "0,0,3/0,0,0/W", "5-7", (2, 6), "5-7: no checker on point 5 (TC-2)", "TC-2",
     {"point": 5}),
    (CHARPENTIER, "1,2,3/0,0,0/W", "0-4", (4, 6), "0-4: no checker waiting to enter (TC-2)",
     "TC-2", {}),
    (CHARPENTIER_REENTRY, "b,0,3/0,0,0/W", "3-5", (2, 6),
     "3-5: a hit checker must re-enter first (TR-1)", "TR-1", {}),
    (CHARPENTIER, "0,0,0/0,0,0/W", "0-4", (4, 3),
     "0-4: no number of this throw (3) moves that checker there (TC-1)", "TC-1",
     {"numbers": "3"}),
    (BELL, "0,0,5/0,0,0/W", "0-1", (1, 2),
     "0-1: 2 numbers can be played (this leaves 2); as many numbers as possible must be played "
     "(TB-2)", "TB-2", {"most": 2, "left": "2"}),
    (GARANGUET, G_START, "3-4", (1, 2, 4), "3-4: no checker on point 3 (G-2)", "G-2",
     {"point": 3}),
    (GARANGUET, "1*14,2/1*14,20/W", "1-5", (4, 2, 1),
     "1-5: point 5 holds an opposing checker (G-3)", "G-3", {"point": 5}),
    (GARANGUET, "18,19*14/1*15/W", "24-off", None,
     "24-off: no checker on point 24 (G-2)", "G-2", {"point": 24}),
    (GARANGUET, "18,19*14/1*15/W", "19-off", None,
     "19-off: bearing off starts once all 15 checkers are in the last quadrant (points 19-24); "
     "point 18 is not (G-9)", "G-9", {"first": 19, "point": 18}),
    (GARANGUET, "20,24*14/2*15/W", "24-off", (6, 6, 6),
     "24-off: a 6 passes the rim: it must be played inside the last quadrant or exactly to the "
     "rim, or else bear off the checker furthest from it (point 20) (G-9)", "G-9",
     {"number": 6, "point": 20}),
]


@pytest.mark.parametrize("rules, position, move, dice, english, rule, fields", REFUSALS)
def test_a_refusal_carries_its_rule_message_and_fields_and_prints_the_english_as_before(
        rules, position, move, dice, english, rule, fields):
    error = refusal(rules, position, move, dice)
    illegal = error.illegal
    assert isinstance(illegal, Illegal) and illegal.rule == rule == error.rule
    assert str(error) == english
    assert illegal.fields == fields
    # The message names its fields, never holds them filled in: the catalogue translates it once.
    assert all("{" + name + "}" in illegal.reason for name in fields)
    assert illegal.reason.format(**illegal.fields) == illegal.text
    assert str(error) == f"{error.what}: {illegal.text} ({illegal.rule})"
    assert error.what == english.split(":")[0]


def test_the_pass_refusal_names_a_move_that_exists():
    error = refusal(BELL, "0,0,0/0,0,0/W", "pass", (1, 2))
    assert error.what == "pass" and error.rule == "TB-2"
    assert error.illegal.reason == "a move exists ({example}), one must be played"
    assert str(error) == f"pass: a move exists ({error.illegal.fields['example']}), one must be played (TB-2)"
    assert BELL.apply(P("0,0,0/0,0,0/W"), Move.parse(error.illegal.fields["example"]), (1, 2))


def test_a_step_past_home_quotes_the_exact_number_rule_without_dice():
    error = refusal(CHARPENTIER, "0,0,0/0,0,0/W", "0-14")
    assert str(error) == "0-14: point 12 is reached only by the exact number (TC-5)"
    assert error.illegal.fields == {"point": 12}


def test_plain_text_errors_still_work():
    error = IllegalMoveError("not now")
    assert str(error) == "not now" and error.illegal is None and error.rule == ""


def test_illegal_compares_and_hashes_by_its_reason_rule_and_fields():
    a = Illegal("point {point} is already occupied", "TC-3", {"point": 5})
    assert a == Illegal("point {point} is already occupied", "TC-3", {"point": 5})
    assert a != Illegal("point {point} is already occupied", "TC-3", {"point": 6})
    assert len({a, Illegal("point {point} is already occupied", "TC-3", {"point": 5})}) == 1
    assert Illegal("that checker is already borne off", "G-9").fields == {}
    assert a.text == "point 5 is already occupied"


def docs_rule_numbers(name: str) -> list[str]:
    return re.findall(r"^#### ([A-Z]+-\d+) ", (ROOT / "docs" / name).read_text(encoding="utf-8"),
                      re.MULTILINE)


def test_every_rule_of_the_rulebook_has_a_title_and_no_other_number_has():
    numbers = docs_rule_numbers("rules.md")
    assert len(numbers) >= 30 and set(numbers) == set(docs_rule_numbers("regles.md"))
    for prefix in ("C-", "TC-", "TR-", "TB-", "G-"):
        assert any(n.startswith(prefix) for n in numbers)
    for number in numbers:
        title = rule_title(number)
        assert title and title[0].isupper() and number not in title, number
    assert set(RULE_TITLES) == set(numbers)
    assert rule_title("X-1") == "" and rule_title("TC") == "" and rule_title("") == ""


def test_rule_titles_follow_the_rulebook_headings():
    """Each title is the heading of docs/rules.md, or says more (TR-1 names its option)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for number, heading in re.findall(r"^#### ([A-Z]+-\d+) (.+)$", text, re.MULTILINE):
        heading = heading.split(":")[0].strip()
        assert heading.lower() in rule_title(number).lower(), (number, heading)


def test_every_rule_a_refusal_quotes_has_a_title():
    quoted = {rules.numbers_rule for rules in (BELL, CHARPENTIER, CHARPENTIER_REENTRY, GARANGUET)}
    quoted |= {rules.play_all_rule for rules in (BELL, CHARPENTIER, GARANGUET)}
    quoted |= {rs.scoring_rule for rs in RULE_SETS.values()}
    quoted |= {rule for *_, rule, _ in REFUSALS}
    assert all(rule_title(rule) for rule in quoted), quoted


def test_doublet_names_are_historical_in_every_language():
    assert DOUBLET_NAMES[6] == "Sonnés" and DOUBLET_NAMES[5] == "Quines"
    for name in DOUBLET_NAMES.values():
        assert i18n.said(name)          # shown as they are: verbatim, in English and French


def test_rule_set_titles_are_catalogue_messages():
    assert [rs.title for rs in RULE_SETS.values()] == [
        "Charpentier 1699", "Charpentier 1699, compulsory re-entry", "Bell", "Garanguet"]


# -- in French -------------------------------------------------------------------------------

def every_refusal():
    """Refusals met by trying wrong moves in many positions of every rule set (seeded)."""
    import random
    from game.rules import Side, Step
    rng = random.Random(12)
    found = {}
    for rs in RULE_SETS.values():
        rules = rs.rules
        for _ in range(8):
            position = rules.start(Side.WHITE)
            for _ in range(60):
                dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
                own = position.checkers(position.to_move)
                for _ in range(4):
                    steps = []
                    for _ in range(rng.randint(0, 3)):
                        origin = rng.choice(own + (rng.randint(-1, 26),))
                        steps.append(Step(origin, max(origin, 0) + rng.randint(1, 7)))
                    for throw in (dice, None):
                        try:
                            rules.apply(position, Move(tuple(steps)), throw)
                        except IllegalMoveError as error:
                            found.setdefault(error.illegal.reason, error)
                moves = rules.legal_moves(position, dice)
                position = rules.apply(position, rng.choice(moves), dice) if moves else position.passed()
                if rules.outcome(position):
                    break
    return found


def test_every_refusal_has_its_french_and_keeps_its_fields():
    from game.base import i18n
    found = every_refusal()
    assert len(found) >= 15, sorted(found)
    for reason, error in found.items():
        illegal = error.illegal
        english = i18n._(illegal.reason, **illegal.fields)
        assert english == illegal.text
        i18n.set_language("fr")
        french = i18n._(illegal.reason, **illegal.fields)
        i18n.set_language("en")
        assert french != english, reason
        for value in illegal.fields.values():
            assert str(value) in french, (reason, french)


def test_the_rulebooks_example_refusal_reads_as_regles_md_says():
    from game.base import i18n
    error = refusal(CHARPENTIER, "0,3,5/0,0,0/W", "3-5", (2, 6))
    i18n.set_language("fr")
    said = i18n._("{what}: {reason} ({rule})", what=error.what,
                  reason=i18n._(error.illegal.reason, **error.illegal.fields), rule=error.rule)
    assert "la case 5 est déjà occupée" in said
    regles = (ROOT / "docs" / "regles.md").read_text(encoding="utf-8")
    assert "3-5\u00a0: la case 5 est déjà occupée (TC-3)" in regles


def test_rule_titles_rule_sets_and_levels_have_their_french():
    from game.base import i18n
    from game.computer.garanguet_player import LEVELS as GARANGUET_LEVELS
    from game.computer.player import LEVEL_TITLES
    from game.computer.tourne_case import LEVELS
    french = i18n.catalogue("fr")
    words = list(RULE_TITLES.values()) + [rs.title for rs in RULE_SETS.values()]
    words += list(LEVEL_TITLES.values()) + [d for _, d in LEVELS + GARANGUET_LEVELS]
    # Some read the same in French ("Novice", "Bell"): each must still be in the catalogue.
    untranslated = [w for w in words if w not in french._catalog or not french.gettext(w)]
    assert untranslated == []
    assert french.gettext("No passing your own checkers") != "No passing your own checkers"
    assert {name for name, _ in LEVELS + GARANGUET_LEVELS} <= set(LEVEL_TITLES)


@pytest.mark.parametrize("text, english, french", [
    ("0,3,3/0,0,0/W", "'0,3,3/0,0,0/W': White has two checkers on one point (TC-3)",
     "'0,3,3/0,0,0/W'\u00a0: les Blancs ont deux dames sur une même case (TC-3)"),
    ("0,0,0/0,0,0/X", "'0,0,0/0,0,0/X': the side to move is W or B, not 'X'",
     "'0,0,0/0,0,0/X'\u00a0: le camp qui joue est W ou B, et non 'X'"),
    ("0,0,0/0,x,0/W", "Black: 'x' is not a point (b, 0..12)",
     "Noirs\u00a0: 'x' n’est pas une case (b, 0..12)"),
    ("0,x/0,0/W", "White: 'x' is not a point (a number, 'b' or 'off')",
     "Blancs\u00a0: 'x' n’est pas une case (un nombre, 'b' ou 'off')"),
    ("1*15/1*14,24/W", "'1*15/1*14,24/W': a point holds checkers of both sides (G-3)",
     "'1*15/1*14,24/W'\u00a0: une case porte des dames des deux camps (G-3)"),
    ("0,0,\u00b2/0,0,0/W", "'0,0,\u00b2/0,0,0/W': the position notation is ASCII, not '\u00b2'",
     "'0,0,\u00b2/0,0,0/W'\u00a0: la notation d’une position est en ASCII, sans '\u00b2'"),
])
def test_a_notation_error_keeps_its_english_and_says_it_in_french(text, english, french):
    from game.base import i18n
    from game.rules import NotationError
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    error = caught.value
    assert error.reason.format(**error.fields) == str(error)
    if english is not None:
        assert str(error) == english
    i18n.set_language("fr")
    said = i18n._(error.reason, **error.fields)
    assert said != str(error)
    if french is not None:
        assert said == french


@pytest.mark.parametrize("text, says", [
    ("13,0,0/0,0,0/W", "'13,0,0/0,0,0/W': White's checkers are b, 0..12"),
    ("0,0,0/0,13,0/B", "'0,0,0/0,13,0/B': Black's checkers are b, 0..12"),
    ("0,0,x/0,0,0/W", "White: 'x' is not a point (b, 0..12)"),
    ("3,0,0/0,0,0/W", "White: checkers are written in ascending order ('b' and 0 first)"),
    ("1*14,25/1*15/W", "'1*14,25/1*15/W': White's checkers are on 1..24 or off"),
    ("1*15/1*14,030/B", "'1*15/1*14,030/B': Black's checkers are on 1..24 or off"),
    ("1*14,x/1*15/W", "White: 'x' is not a point (1..24, or off)"),
    ("2,1*14/1*15/W", "White: checkers are written in ascending order (off last)"),
])
def test_a_position_error_is_the_games_own(text, says):
    """Issue 38, item 5: a point past 12 was called out of order, Tourne Case was offered
    'off', and Garanguet read 25 as off without a word."""
    from game.rules import NotationError
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    assert str(caught.value) == says


def test_garanguets_off_is_still_read():
    assert str(Position.parse("1*14,off/1*15/W")) == "1*14,off/1*15/W"
