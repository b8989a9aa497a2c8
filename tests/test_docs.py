"""The rulebooks in docs/ (rules.md in English, regles.md in French): both number the same rules,
every rule number the code and the tests cite is defined in both, the French follows French
typography, and no file of the repository points at reference texts it does not hold."""
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = {"English": ROOT / "docs" / "rules.md", "French": ROOT / "docs" / "regles.md"}
RULE = r"\b(?:C|TC|TB|TR|G)-\d+\b"
# A rulebook defines a rule by a heading that starts with its number ("#### TC-4 No passing...").
DEFINITION = re.compile(rf"^#{{2,6}} +({RULE})(?= )", re.M)
CITATION = re.compile(RULE)
TEXT_SUFFIXES = {".py", ".md", ".txt", ".toml", ".po", ".pot", ".cfg", ".ini", ".sh", ".json"}
# Where the code and the tests cite rules (the rulebooks themselves are checked apart).
CITING = ["game", "tests", "tools", "main.py", "README.md"]
# Pointers at reference material kept outside the repository: the folder beside the clone, its
# rules page, its folder of historical texts and their file names ("<game>_<book>_<lang>.txt").
# Written so that this file does not match them itself.
OUTSIDE = [re.compile(p) for p in (
    r"\.\./shared",
    r"shared[/\\]rules",
    r"\bsources[/\\]",
    r"\bRULES\.md\b",
    r"\b[\w-]+_[\w.-]+_(?:en|fr)\.txt\b",
)]


def repository_files() -> list[Path]:
    """The repository's files: git's list (tracked, and new files not ignored), or, outside a
    git checkout, a walk that leaves out git's folder and the usual build and cache folders."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
        files = [ROOT / name for name in listed.decode("utf-8").split("\0") if name]
    except (OSError, subprocess.SubprocessError):
        skip = {".git", ".venv", ".venv-game", "build", "dist", "__pycache__", ".hypothesis",
                ".pytest_cache", "screenshots"}
        files = [p for p in ROOT.rglob("*") if not skip.intersection(p.relative_to(ROOT).parts)]
    return sorted(p for p in files if p.is_file())


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (NUL bytes, or not UTF-8)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def defined(book: Path) -> list[str]:
    return DEFINITION.findall(book.read_text(encoding="utf-8"))


def number_key(rule: str) -> tuple[str, int]:
    family, rank = rule.split("-")
    return family, int(rank)


@pytest.mark.parametrize("language", RULEBOOKS)
def test_each_rulebook_defines_each_rule_once_with_no_gap(language):
    rules = defined(RULEBOOKS[language])
    assert len(rules) == len(set(rules)), f"defined twice: {sorted({r for r in rules if rules.count(r) > 1})}"
    families: dict[str, list[int]] = {}
    for rule in rules:
        family, rank = number_key(rule)
        families.setdefault(family, []).append(rank)
    assert set(families) == {"C", "TC", "TB", "TR", "G"}
    for family, ranks in families.items():
        assert sorted(ranks) == list(range(1, len(ranks) + 1)), f"{family}: ranks {sorted(ranks)}"
        assert ranks == sorted(ranks), f"{family}: rules out of order {ranks}"


def test_both_rulebooks_define_the_same_rules():
    english, french = (set(defined(book)) for book in RULEBOOKS.values())
    assert english == french, (f"only in English: {sorted(english - french, key=number_key)}; "
                               f"only in French: {sorted(french - english, key=number_key)}")


def test_every_rule_cited_by_the_code_and_the_tests_is_in_both_rulebooks():
    cited: dict[str, set[str]] = {}
    for path in repository_files():
        relative = path.relative_to(ROOT)
        if relative.parts[0] not in CITING or path.suffix not in TEXT_SUFFIXES:
            continue
        text = text_of(path)
        for rule in CITATION.findall(text or ""):
            cited.setdefault(rule, set()).add(str(relative))
    assert {"C-1", "TC-3", "TB-2", "TR-1", "G-9"} <= set(cited), "the search for citations found too little"
    for language, book in RULEBOOKS.items():
        missing = {rule: sorted(where) for rule, where in cited.items() if rule not in set(defined(book))}
        assert not missing, f"cited but not in the {language} rulebook: {missing}"


@pytest.mark.parametrize("language", RULEBOOKS)
def test_the_rulebooks_own_cross_references_exist(language):
    text = RULEBOOKS[language].read_text(encoding="utf-8")
    assert set(CITATION.findall(text)) <= set(defined(RULEBOOKS[language]))


def prose_of(markdown: str) -> str:
    """The text outside fenced code blocks and code spans."""
    markdown = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", markdown)


def test_the_french_rulebook_follows_french_typography():
    """A no-break space before : and inside « », a narrow one before ; ! ? (never a plain
    space, which lets the line break before the sign), and the guillemets paired."""
    prose = prose_of(RULEBOOKS["French"].read_text(encoding="utf-8"))
    assert not re.findall(r".{0,20} [:;!?]", prose), "a plain space before : ; ! or ?"
    assert not re.findall(r"[\w)][;!?](?=\s)", prose), "no space before ; ! or ?"
    assert not re.findall(r"«[^\u00a0\u202f]|[^\u00a0\u202f]»", prose), "« » without a no-break space"
    opened = 0
    for mark in re.findall("[«»]", prose):
        opened += 1 if mark == "«" else -1
        assert opened in (0, 1), "guillemets not paired"
    assert opened == 0, "a « left open"
    # The games' historical words stay in French.
    for word in ("coin de repos", "dame touchée, dame jouée", "Sonnés", "Quines", "Carmes",
                 "Ternes", "Double deux", "Bezas", "tablier"):
        assert word.lower() in prose.lower(), word


def outside_pointers() -> list[str]:
    hits = []
    for path in repository_files():
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(pattern.search(line) for pattern in OUTSIDE):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    return hits


def test_nothing_points_outside_the_repository():
    """A clone makes sense on its own: the rules are cited by number and docs/rules.md, never by a
    path to material the repository does not hold."""
    hits = outside_pointers()
    assert not hits, "\n".join(hits)


# The rulebooks' worked examples, as positions (see the README's notation), with what the engine
# must allow: each line pins one example of docs/rules.md and its twin in docs/regles.md.
def _tourne_case_examples():
    from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY
    return [
        ("TC-4", CHARPENTIER, "0,3,5/0,0,0/W", (2, 2), {"0-2", "5-7"}),
        ("TC-4", CHARPENTIER, "0,3,5/0,0,0/W", (3, 3), {"5-8"}),
        ("TC-6", CHARPENTIER, "0,0,8/0,0,6/B", (4, 2), {"6-8*", "0-2"}),
        ("TC-7", CHARPENTIER, "3,8,12/6,12,12/W", (5, 5), set()),
        ("TR-1", CHARPENTIER_REENTRY, "b,3,12/0,0,0/W", (5, 2), {"b-2"}),
        ("TR-1", CHARPENTIER_REENTRY, "b,3,12/0,0,0/W", (5, 4), set()),
        ("TB-1", BELL, "0,0,0/0,0,0/W", (5, 3), {"0-5 0-3", "0-5 5-8"}),
        ("TB-2", BELL, "9,12,12/0,0,0/W", (3, 1), {"9-10", "9-12"}),
        ("TB-2", BELL, "5,12,12/0,0,0/W", (4, 3), {"5-9 9-12"}),
        ("TB-3", BELL, "b,3,12/0,0,0/W", (5, 2), {"b-2 3-8"}),
        ("TB-3", BELL, "b,3,12/0,0,0/W", (5, 4), set()),
    ]


def test_the_tourne_case_examples_hold_in_the_engine():
    from game.rules import Position
    for rule, rules, position, dice, expected in _tourne_case_examples():
        found = {str(move) for move in rules.legal_moves(Position.parse(position), dice)}
        assert found == expected, (rule, position, dice, found)


def test_the_garanguet_and_scoring_examples_hold_in_the_engine():
    from game.rules import BELL, CHARPENTIER, GARANGUET, IllegalMoveError, Move, Position, Side

    def moves(position, dice):
        return {str(m) for m in GARANGUET.legal_moves(Position.parse(position), dice)}

    start = "1*15/1*15/B"
    assert {"1-7 7-11 11-12", "1-7 1-5 5-6", "1-2 1-5 1-7"} <= moves(start, (6, 4, 1))       # G-2
    assert moves("1*14,20/1*15/B", (6, 4, 2)) == {"1-7 7-11 11-13", "1-3 1-7 7-11", "1-7 1-3 3-7"}
    with pytest.raises(IllegalMoveError, match=r"\(G-3\)$"):                                  # G-3
        GARANGUET.apply(Position.parse("1*14,20/1*15/B"), Move.parse("1-5"), (6, 4, 2))
    assert "1-5 5-9 9-13 1-5 5-9 9-13" in moves(start, (4, 4, 4))                              # G-6
    assert moves("10*15/18,19*14/B", (6, 6, 1)) == {                                           # G-9
        "18-24 19-off 19-off 19-off 24-off", "18-24 19-off 19-off 19-off 19-20"}
    assert moves("3,10*14/20,24*14/B", (2, 2, 2)) == set()                                     # G-9
    for position, points in [("off*15/1*14,off/B", 1), ("off*15/19*15/B", 2)]:                # G-10
        assert GARANGUET.outcome(Position.parse(position)).points == points
    for position, points in [("3,5,12/12,12,12/W", 1), ("0,3,12/12,12,12/W", 2),               # TB-4
                             ("b,3,12/12,12,12/W", 2)]:
        outcome = BELL.outcome(Position.parse(position))
        assert (outcome.winner, outcome.points) == (Side.BLACK, points)
    with pytest.raises(IllegalMoveError, match=r"\(TC-5\)$"):                                  # TC-5
        CHARPENTIER.apply(Position.parse("0,0,9/0,0,0/W"), Move.parse("9-13"), (4, 4))
