"""Each game owns its differences in the rules: nothing in game/rules/ outside a game's own
modules and the registry names a game, so that what differs between games is found through
the game (its Rules, its RuleSet, the registries keyed by it), never by its name."""
import re
from pathlib import Path

from game.rules import NOTATIONS, RULE_SETS, RULE_TITLES, Position, Side

RULES_DIR = Path(__file__).resolve().parent.parent / "game" / "rules"
#: The games' own modules and the registry: the only rules files that may name a game.
OWNERS = {"__init__.py", "tourne_case.py", "garanguet.py"}
#: Names of the games that no registry spells: the rulebooks' authors.
AUTHORS = ("Lepeintre", "Littré", "Charpentier", "Bell")


def game_names() -> set[str]:
    """Every name the registry gives a game - each rule set's name and family, its rules'
    class and that class's parents below Rules - and the rulebooks' authors."""
    names = set(AUTHORS)
    for rule_set in RULE_SETS.values():
        names |= {rule_set.name, rule_set.game}
        names |= {cls.__name__ for cls in type(rule_set.rules).__mro__[:-2]}
    return names


def spelled(name: str) -> str:
    """A name in any of the ways code and prose spell it ("tourne-case": tourne_case,
    TOURNE_CASE, Tourne Case, TourneCase, TourneCaseNotation), not inside another word (Bell:
    not "bellows", nor "doorbell")."""
    words = re.findall(r"[A-Z]?[a-z\u00e9]+|[A-Z]+(?![a-z])", name)
    return r"(?<![a-z])(?i:" + r"[-_ ]?".join(map(re.escape, words)) + r")(?![a-z])"


NAMES = re.compile("|".join(map(spelled, sorted(game_names()))))


def test_the_check_finds_the_games_names_however_spelled():
    for text in ("a Tourne Case turn", "TOURNE_CASE", "TourneCaseNotation", "tourne-case",
                 "_garanguet_side", "Bell's bar", "BELL", "charpentier-reentry", "CharpentierReentry",
                 "as Lepeintre letters them"):
        assert NAMES.search(text), text
    for text in ("the bellows", "a doorbell", "a tourney's case", "garden"):
        assert not NAMES.search(text), text
    for rule_set in RULE_SETS.values():           # every title names its game
        assert NAMES.search(rule_set.title), rule_set.title
    for own in OWNERS - {"__init__.py"}:
        assert NAMES.search((RULES_DIR / own).read_text(encoding="utf-8")), own


def test_no_rules_file_but_the_games_and_the_registry_names_a_game():
    shared = sorted(p for p in RULES_DIR.glob("*.py") if p.name not in OWNERS)
    assert {p.name for p in shared} >= {"core.py", "notation.py", "telling.py", "turn.py", "phrases.py"}
    found = [f"{p.name}:{n}: {line.strip()}" for p in shared
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if NAMES.search(line)]
    assert found == []


def test_each_game_registers_its_notation_and_its_rule_titles():
    assert set(NOTATIONS) == {s.game for s in RULE_SETS.values()}
    assert {"C-4", "TC-3", "TR-1", "TB-4", "G-3", "G-11"} <= set(RULE_TITLES)
    for rule_set in RULE_SETS.values():
        start = rule_set.rules.start(Side.WHITE)
        assert [game for game, notation in NOTATIONS.items() if notation.owns(start)] == [rule_set.game]
        assert Position.parse(str(start)) == start
