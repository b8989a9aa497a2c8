"""Moves in words (game/rules/telling.py, issue 12 "Explaining every moment"): each kind of step of
both games said exactly, in English and in French, from either side of the screen; a game's
history one entry per turn; and no sentence of a few whole random games left half made.

The French comes from the game's French catalogue (game/locale/fr/LC_MESSAGES/tournecase.po),
compiled here from the .po, so these tests read the translations as written;
test_the_game_catalogue_speaks_these_translations checks the compiled one agrees.
"""
import gettext
import io
import random
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game.base import i18n
from game.base.i18n import Said, set_language
from game.rules import (BELL, CHARPENTIER, CHARPENTIER_REENTRY, GARANGUET, RULE_SETS, Move,
                        Position, Side)
from game.rules.telling import Entry, history, tell_move, tell_pass, tell_throw, tell_turn
from tests.test_example_game import ENDING, ENDING_START, OPENING

PART = Path(__file__).resolve().parent.parent / "game" / "locale" / "fr" / "LC_MESSAGES" / "tournecase.po"
W, B = Side.WHITE, Side.BLACK


def _part():
    with open(PART, "rb") as handle:
        return read_po(handle, locale="fr")


@pytest.fixture(autouse=True)
def french_of_this_module(monkeypatch):
    """French spoken from this module's own translations (the rest of the game's behind them)."""
    out = io.BytesIO()
    write_mo(out, _part())
    out.seek(0)
    ours = gettext.GNUTranslations(out)
    try:
        ours.add_fallback(i18n.catalogue("fr"))
    except OSError:
        pass
    monkeypatch.setitem(i18n._catalogues, "fr", ours)
    set_language("en")
    yield
    set_language("en")


def said(*args, **kwargs) -> tuple[str, str]:
    """The turn in English, then in French (tell_move's arguments)."""
    out = []
    for code in ("en", "fr"):
        set_language(code)
        words = tell_move(*args, **kwargs)
        assert isinstance(words, Said)
        out.append(str(words))
    set_language("en")
    return tuple(out)


def told(rules, text, dice, move, you=None) -> tuple[str, str]:
    position = Position.parse(text)
    return said(rules, position, dice, Move.parse(move), position.to_move, you=you)


# --- the example game of 1699 (tests/test_example_game.py), told as the book tells it ----------

EXAMPLE_WORDS = [
    ("White enters on 3",
     "Les Blancs entrent sur la case 3"),
    ("Bezas! Black enters on 1",
     "Bezas ! Les Noirs entrent sur la case 1"),
    ("White enters on 1 and sends Black's checker off the board",
     "Les Blancs entrent sur la case 1 et renvoient la dame noire hors du tablier"),
    ("Sonnés! Black enters on 6",
     "Sonnés ! Les Noirs entrent sur la case 6"),
    ("White moves from 3 to 5",
     "Les Blancs jouent de 3 à 5"),
    ("Sonnés! Black moves from 6 to the home point (coin de repos)",
     "Sonnés ! Les Noirs jouent de 6 au coin de repos"),
    ("Quines! White cannot play: the turn passes",
     "Quines ! Les Blancs ne peuvent pas jouer : ils passent leur tour"),
    ("Black moves from 6 to 8 and sends White's checker off the board",
     "Les Noirs jouent de 6 à 8 et renvoient la dame blanche hors du tablier"),
    ("White enters on 2",
     "Les Blancs entrent sur la case 2"),
    ("Black moves from 8 to the home point (coin de repos), and wins the game",
     "Les Noirs jouent de 8 au coin de repos, et gagnent la partie"),
]

# The same game told to the person playing White (tutorial 1: the player makes White's moves).
EXAMPLE_TO_WHITE = [
    ("You enter on 3", "Vous entrez sur la case 3"),
    ("Bezas! Black enters on 1", "Bezas ! Les Noirs entrent sur la case 1"),
    ("You enter on 1 and send Black's checker off the board",
     "Vous entrez sur la case 1 et renvoyez la dame noire hors du tablier"),
    ("Sonnés! Black enters on 6", "Sonnés ! Les Noirs entrent sur la case 6"),
    ("You move from 3 to 5", "Vous jouez de 3 à 5"),
    ("Sonnés! Black moves from 6 to the home point (coin de repos)",
     "Sonnés ! Les Noirs jouent de 6 au coin de repos"),
    ("Quines! You cannot play: the turn passes",
     "Quines ! Vous ne pouvez pas jouer : vous passez votre tour"),
    ("Black moves from 6 to 8 and sends your checker off the board",
     "Les Noirs jouent de 6 à 8 et renvoient votre dame hors du tablier"),
    ("You enter on 2", "Vous entrez sur la case 2"),
    ("Black moves from 8 to the home point (coin de repos), and wins the game",
     "Les Noirs jouent de 8 au coin de repos, et gagnent la partie"),
]


def _example_turns():
    """(position before, dice, move) of each turn of the example game."""
    for start, turns in ((CHARPENTIER.start(W), OPENING), (Position.parse(ENDING_START), ENDING)):
        position = start
        for dice, move, after, _ in turns:
            yield position, dice, Move.parse(move)
            position = CHARPENTIER.apply(position, Move.parse(move), dice)
            assert str(position) == after


@pytest.mark.parametrize("you, expected", [(None, EXAMPLE_WORDS), (W, EXAMPLE_TO_WHITE)])
def test_the_example_game_of_1699_in_words(you, expected):
    got = [said("charpentier", position, dice, move, position.to_move, you=you)
           for position, dice, move in _example_turns()]
    assert got == expected


def test_black_hitting_the_player_says_your_checker():
    # The issue's own example: the computer (Black) enters on 3 onto the player's checker.
    assert told("charpentier", "0,0,3/0,0,0/B", (3, 5), "0-3*", you=W) == (
        "Black enters on 3 and sends your checker off the board",
        "Les Noirs entrent sur la case 3 et renvoient votre dame hors du tablier")
    # The hit is read from the board: a move written without its "*" still says it.
    assert told("charpentier", "0,0,3/0,0,0/B", (3, 5), "0-3", you=W)[0] == (
        "Black enters on 3 and sends your checker off the board")


# --- compulsory re-entry (TR-1) and Bell (TB-1..TB-3) -------------------------------------------

def test_compulsory_reentry_hit_and_reentering():
    assert told("charpentier-reentry", "0,1,3/0,0,0/B", (5, 1), "0-1*", you=W) == (
        "Black enters on 1 and sends your checker off the board, to re-enter before any other move",
        "Les Noirs entrent sur la case 1 et renvoient votre dame hors du tablier, d’où elle doit "
        "rentrer avant tout autre coup")
    assert told("charpentier-reentry", "b,3,12/0,0,5/W", (5, 2), "b-2", you=W) == (
        "You re-enter on 2", "Vous rentrez sur la case 2")
    position = Position.parse("b,3,12/0,0,5/W")
    assert CHARPENTIER_REENTRY.legal_moves(position, (5, 4)) == []
    set_language("fr")
    assert tell_pass("charpentier-reentry", position, (5, 4), W) == (
        "La dame battue des Blancs ne peut pas rentrer : ils passent leur tour")
    set_language("en")
    assert tell_pass("charpentier-reentry", position, (5, 4), W) == (
        "White's hit checker cannot re-enter: the turn passes")


@pytest.mark.parametrize("text, dice, move, you, expected", [
    # TB-1: two checkers enter, or one takes both numbers and stops between
    ("0,0,0/0,0,0/W", (5, 3), "0-5 0-3", None,
     ("White enters on 5, then enters on 3",
      "Les Blancs entrent sur la case 5, puis entrent sur la case 3")),
    ("0,0,0/0,0,0/W", (5, 3), "0-3 3-8", W,
     ("You enter on 3, then go on to 8",
      "Vous entrez sur la case 3, puis continuez jusqu’à 8")),
    ("0,0,8/0,0,0/W", (4, 3), "0-3 8-12", None,
     ("White enters on 3, then moves from 8 to the home point (coin de repos)",
      "Les Blancs entrent sur la case 3, puis jouent de 8 au coin de repos")),
    ("0,0,5/0,0,0/W", (4, 3), "5-8 8-12", W,
     ("You move from 5 to 8, then go on to the home point (coin de repos)",
      "Vous jouez de 5 à 8, puis continuez jusqu’au coin de repos")),
    # TB-3: a hit checker goes to the bar, and re-enters first
    ("0,0,5/0,3,12/W", (5, 3), "0-3* 5-10", B,
     ("White enters on 3 and sends your checker to the bar, then moves from 5 to 10",
      "Les Blancs entrent sur la case 3 et envoient votre dame sur la barre, puis jouent de 5 à 10")),
    ("b,3,12/0,0,0/W", (5, 2), "b-2 3-8", None,
     ("White re-enters on 2, then moves from 3 to 8",
      "Les Blancs rentrent sur la case 2, puis jouent de 3 à 8")),
    # TB-2 / TB-3: a number that cannot be played is lost
    ("9,12,12/0,0,0/W", (3, 1), "9-10", None,
     ("White moves from 9 to 10; the 3 is lost",
      "Les Blancs jouent de 9 à 10 ; le 3 est perdu")),
    ("b,2,7/0,0,0/W", (6, 1), "b-1", W,
     ("You re-enter on 1; the 6 is lost",
      "Vous rentrez sur la case 1 ; le 6 est perdu")),
    # TB-2's example: the 3 wins at once
    ("9,12,12/3,5,12/W", (3, 1), "9-12", W,
     ("You move from 9 to the home point (coin de repos), and win the game: 1 point",
      "Vous jouez de 9 au coin de repos, et gagnez la partie : 1 point")),
    # TB-4: 2 points while the loser still has a checker to enter
    ("9,12,12/0,3,5/W", (3, 1), "9-12", None,
     ("White moves from 9 to the home point (coin de repos), and wins the game: 2 points",
      "Les Blancs jouent de 9 au coin de repos, et gagnent la partie : 2 points")),
    # a doublet is played once, and announced (TB-1, C-4)
    ("0,4,8/0,0,0/W", (4, 4), "8-12", None,
     ("Carmes! White moves from 8 to the home point (coin de repos)",
      "Carmes ! Les Blancs jouent de 8 au coin de repos")),
])
def test_bell_in_words(text, dice, move, you, expected):
    position = Position.parse(text)
    BELL.apply(position, Move.parse(move), dice)            # a legal turn of that throw
    assert told("bell", text, dice, move, you=you) == expected


def test_bell_bar_pass():
    position = Position.parse("b,3,12/0,0,0/W")
    assert BELL.legal_moves(position, (5, 4)) == []
    assert said("bell", position, (5, 4), Move(()), W, you=W) == (
        "Your hit checker cannot re-enter: the turn passes",
        "Votre dame battue ne peut pas rentrer : vous passez votre tour")


# --- Garanguet: letters, journeys, doublets played double, triplets, bearing off --------------

@pytest.mark.parametrize("text, dice, move, you, expected", [
    # G-2 at the start: one checker takes all three numbers, stopping on each point between
    ("1*15/1*15/B", (6, 4, 1), "1-7 7-11 11-12", None,
     ("Black moves a checker from a to l via g and k",
      "Les Noirs jouent une dame de a à l par g et k")),
    ("1*15/1*15/B", (6, 4, 1), "1-2 1-7 7-11", B,
     ("You move a checker from a to b and one from a to k via g",
      "Vous jouez une dame de a à b et une de a à k par g")),
    # White's path runs from x: its own point 6 is s
    ("1*15/1*15/W", (6, 4, 1), "1-7 1-5 1-2", None,
     ("White moves a checker from x to r, one from x to t and one from x to w",
      "Les Blancs jouent une dame de x à r, une de x à t et une de x à w")),
    # G-5: a doublet over a lower die, played double and announced
    ("1*15/1*15/W", (5, 5, 2), "1-6 6-11 11-16 16-21 21-23", W,
     ("Quines, a doublet played double! You move a checker from x to b via s, n, i and d",
      "Quines, doublet joué doublé ! Vous jouez une dame de x à b par s, n, i et d")),
    # G-6: a triplet, six times; the same journey by two checkers is counted
    ("1*15/1*15/B", (4, 4, 4), "1-5 5-9 9-13 1-5 5-9 9-13", None,
     ("A triplet of 4s, played six times! Black moves two checkers from a to m via e and i",
      "Triplet de 4, joué six fois ! Les Noirs jouent deux dames de a à m par e et i")),
    # G-9: bearing off, the last checker brought in within the turn
    ("13*15/18,19*14/B", (6, 6, 1), "18-24 19-25 19-25 19-25 24-25", B,
     ("Sonnés, a doublet played double! You bear off a checker from r via x and three from s",
      "Sonnés, doublet joué doublé ! Vous sortez une dame de r par x et trois de s")),
    ("13*15/19*13,22,23/B", (6, 5, 1), "19-25 19-24 23-24", W,
     ("Black bears off a checker from s, moves a checker from s to x and one from w to x",
      "Les Noirs sortent une dame de s, jouent une dame de s à x et une de w à x")),
    # G-7: numbers that cannot be played are lost
    ("1*6,7*2,15,16,18*2,19*2,20/1*8,2,19,20,21*2,22,23/B", (5, 4, 5), "19-23", None,
     ("Quines, a doublet played double! Black moves a checker from s to w; four 5s are lost",
      "Quines, doublet joué doublé ! Les Noirs jouent une dame de s à w ; quatre 5 sont perdus")),
    ("1*6,11,13,15,16,18*2,19,20,21/1*8,2,20,21*2,22,23*2/B", (4, 6, 2), "2-8 20-22", None,
     ("Black moves a checker from b to h and one from t to v; the 4 is lost",
      "Les Noirs jouent une dame de b à h et une de t à v ; le 4 est perdu")),
    # G-10: the last checker borne off wins
    ("24*5,off*10/24*2,off*13/B", (5, 4, 6), "24-off 24-off", B,
     ("You bear off two checkers from x, and win the game: 1 point",
      "Vous sortez deux dames de x, et gagnez la partie : 1 point")),
    ("13*15/24,off*14/B", (3, 2, 1), "24-off", W,
     ("Black bears off a checker from x, and wins the game: 2 points",
      "Les Noirs sortent une dame de x, et gagnent la partie : 2 points")),
])
def test_garanguet_in_words(text, dice, move, you, expected):
    position = Position.parse(text)
    GARANGUET.apply(position, Move.parse(move), dice)       # a legal turn of that throw
    assert told("garanguet", text, dice, move, you=you) == expected


def test_garanguet_pass_every_number_lost():
    # G-9's second example: the furthest checker is blocked, the others may not pass the rim
    position = Position.parse("3,13*14/20,24*14/B")
    assert GARANGUET.legal_moves(position, (2, 2, 2)) == []
    assert said("garanguet", position, (2, 2, 2), Move(()), B) == (
        "A triplet of 2s! Black cannot play: the turn passes",
        "Triplet de 2 ! Les Noirs ne peuvent pas jouer : ils passent leur tour")


def test_tell_turn_and_strings():
    position = CHARPENTIER.start(W)
    assert tell_turn("charpentier", position, (4, 3), "0-3", W) == "White enters on 3"
    assert tell_turn(RULE_SETS["charpentier"], position, (4, 3), None, "W", you="W") == (
        "You cannot play: the turn passes")


@pytest.mark.parametrize("rules, dice, english, french", [
    ("charpentier", (4, 3), "4 and 3", "4 et 3"),
    ("charpentier", (1, 1), "Bezas (1 and 1)", "Bezas (1 et 1)"),
    ("garanguet", (6, 4, 1), "6, 4 and 1", "6, 4 et 1"),
    ("garanguet", (5, 5, 2), "Quines (5, 5 and 2)", "Quines (5, 5 et 2)"),
    ("garanguet", (3, 3, 5), "3, 3 and 5", "3, 3 et 5"),
])
def test_throws_in_words(rules, dice, english, french):
    assert tell_throw(rules, dice) == english
    set_language("fr")
    assert tell_throw(rules, dice) == french


# --- a game's history --------------------------------------------------------------------------

def random_game(name: str, seed: int, turns: int | None = None) -> dict:
    """A game record played with random legal moves from a seeded generator."""
    rules = RULE_SETS[name].rules
    rng = random.Random(seed)
    first = rng.choice([W, B])
    position = rules.start(first)
    record = {"first": str(first), "turns": []}
    while rules.outcome(position) is None and (turns is None or len(record["turns"]) < turns):
        dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
        legal = rules.legal_moves(position, dice)
        move = rng.choice(legal) if legal else Move(())
        record["turns"].append([list(dice), str(move)])
        position = rules.apply(position, move, dice)
    return record


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_history_has_an_entry_per_turn(name):
    record = random_game(name, seed=12, turns=None if name != "garanguet" else 60)
    rules = RULE_SETS[name].rules
    entries = history(name, record, you=W)
    assert len(entries) == len(record["turns"]) > 5
    position = rules.start(Side(record["first"]))
    for number, (entry, (dice, text)) in enumerate(zip(entries, record["turns"]), start=1):
        assert isinstance(entry, Entry) and entry.number == number
        assert entry.side is position.to_move
        assert entry.dice == tuple(dice)
        assert isinstance(entry.notation, Said) and isinstance(entry.words, Said)
        assert Move.parse(entry.notation) == Move.parse(text) == entry.move
        assert entry.before == position
        assert entry.words == tell_move(name, position, dice, Move.parse(text), position.to_move, you=W)
        position = rules.apply(position, Move.parse(text), tuple(dice))


def test_history_speaks_the_language_of_the_moment():
    record = {"first": "W", "turns": [[[4, 3], "0-3"], [[1, 1], "0-1"], [[5, 1], "0-1*"]]}
    entries = history("charpentier", record, you=B)
    assert [e.words for e in entries] == [
        "White enters on 3", "Bezas! You enter on 1",
        "White enters on 1 and sends your checker off the board"]
    set_language("fr")
    assert [e.words for e in entries] == [
        "Les Blancs entrent sur la case 3", "Bezas ! Vous entrez sur la case 1",
        "Les Blancs entrent sur la case 1 et renvoient votre dame hors du tablier"]
    assert [e.notation for e in entries] == ["0-3", "0-1", "0-1*"]
    assert [e.side for e in entries] == [W, B, W]


# --- every sentence of a few whole games, in both languages -----------------------------------

ENGLISH_MARKERS = ("White", "Black", "You ", "checker", " move", " enter", " the ", " and ",
                   " via ", " lost", "cannot", "played", "wins", "bear off")
FRENCH_MARKERS = ("Blancs", "Noirs", "dame", " jouent", " entrent", " et ", " par ", "perdu",
                  "tour", "partie", " la ", "Vous")


@pytest.mark.parametrize("name, seed", [(name, seed) for name in sorted(RULE_SETS) for seed in (1, 2)])
def test_every_sentence_is_whole_in_both_languages(name, seed):
    record = random_game(name, seed, turns=None if name != "garanguet" else 80)
    kinds = set()
    for you in (None, W, B):
        entries = history(name, record, you=you)
        for code, theirs, ours in (("en", FRENCH_MARKERS, ENGLISH_MARKERS),
                                   ("fr", ENGLISH_MARKERS, FRENCH_MARKERS)):
            set_language(code)
            for entry in entries:
                words = entry.words
                assert isinstance(words, Said), words
                assert "{" not in words and "}" not in words, words
                assert not any(marker in words for marker in theirs), (code, words)
                assert any(marker in words for marker in ours), (code, words)
                kinds.add((code, words.split(" ")[0]))
            set_language("en")
    assert len(kinds) >= 4          # the sentences vary: not one fixed text


def test_every_message_here_is_translated():
    """Every message this module says has its French, with the same {fields} (as every message of
    the French catalogue)."""
    source = (Path(__file__).resolve().parent.parent / "game" / "rules" / "telling.py").read_text()
    from babel.messages.extract import extract_python
    found = {m[2] if isinstance(m[2], str) else m[2][0]
             for m in extract_python(io.BytesIO(source.encode()), {"_": None, "n_": (1, 2), "N_": None},
                                     [], {})
             if m[2] and (isinstance(m[2], str) or m[2][0])}
    french = {(m.id if isinstance(m.id, str) else m.id[0]): m.string for m in _part() if m.id}
    assert found and found <= set(french), sorted(found - set(french))
    for message in _part():
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings), message.id
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            fields = {f for text in ids for f in _fields(text)}
            assert all(_fields(s) == fields or (len(strings) > 1 and _fields(s) <= fields)
                       for s in strings), message.id


def _fields(text: str) -> set[str]:
    import string
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_game_catalogue_speaks_these_translations():
    """The compiled French catalogue (tools/catalogues.py) says what its .po file says."""
    compiled = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=["fr"])
    wrong = []
    for message in _part():
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            got = (compiled.ngettext(*message.id, 1), compiled.ngettext(*message.id, 2))
        elif message.context:
            got = compiled.pgettext(message.context, message.id)
        else:
            got = compiled.gettext(message.id)
        if got != message.string:
            wrong.append((message.id, got))
    assert wrong == []


def test_telling_needs_no_pygame():
    """The engine's side of the game (the review, the command line) may say moves without a screen."""
    import subprocess
    import sys
    root = Path(__file__).resolve().parent.parent
    code = "import sys, game.rules.telling; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=root, timeout=60).returncode == 0
