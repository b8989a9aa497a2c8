"""Moves in words: what a turn did, said in the player's language (issue 12, "Explaining every
moment").

    tell_move(rule_set, position, dice, move, side, you=None)
        "Black enters on 3 and sends your checker off the board"
    tell_pass(rule_set, position, dice, side, you=None)
        "Black cannot play: the turn passes"
    history(rule_set, record, you=None)
        every turn of a game record (game/play/session.py) as an Entry: side, dice, notation, words

`rule_set` is a rule set's RuleSet (game/rules), its name as the saves write it, or its
Rules. `position` is the position before the turn. `you` is the side of the person at the
screen: their checkers are "your checker", and they are "You"; None names both sides (two
people at one screen, a review). `side` and `you` are Sides, or "W" and "B" from a program
that writes them so (read once, as each function is called).

What a turn's steps did is each game's to say: its RuleSet's `telling` (game/rules/phrases.py,
with the pieces of a sentence every game shares), which names the points as the board shows
them (`Rules.point_name`); here the subject, the win, the numbers lost and the throw's
announcement are added. The words follow docs/rules.md (English) and docs/regles.md (French):
a checker is a "dame", a point a "case", the sides "les Blancs" and "les Noirs".

Every sentence is built from whole messages with fields (game/base/i18n.py), so French can agree
its verbs: a side's name and "you" take separate messages ("Les Noirs entrent", "Vous
entrez"). Nothing is stored translated: an Entry says its words in the language spoken when
they are read. No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.base.i18n import N_, Said, Words, _, language, n_, verbatim
from game.rules import BAR, Move, Position, Rules, Side, rule_set as _registry
from game.rules.core import Illegal
from game.rules.phrases import count_word, join

__all__ = ["Entry", "history", "meaning_of", "tell_move", "tell_pass", "tell_throw", "tell_turn"]


# --- the pieces of a sentence ------------------------------------------------------------------

def _rules(rule_set) -> Rules:
    """The Rules for a rule set's name, its RuleSet, or the Rules themselves."""
    if isinstance(rule_set, Rules):
        return rule_set
    return _registry(rule_set).rules


def _side(side) -> Side | None:
    """The public functions take a side as a Side or as "W"/"B" (this is a library other
    programs call): read here, once, at their entry."""
    return None if side is None else Side(side)


def _frame(mover: Side, you: Side | None, actions: Said) -> Said:
    """The subject, then what it did: "White {actions}", "You {actions}"."""
    if mover is you:
        return _("You {actions}", actions=actions)
    if mover is Side.WHITE:
        return _("White {actions}", actions=actions)
    return _("Black {actions}", actions=actions)


def _wins(second: bool, words, points: int | None = None) -> Said:
    """The win (TC-9); with the points it scores where a game can score two (TB-4, G-10)."""
    if points is None:
        if second:
            return _("{words}, and win the game", words=words)
        return _("{words}, and wins the game", words=words)
    if second:
        return n_("{words}, and win the game: {points} point",
                  "{words}, and win the game: {points} points", points, words=words, points=points)
    return n_("{words}, and wins the game: {points} point",
              "{words}, and wins the game: {points} points", points, words=words, points=points)


def _lost(words, left: tuple[int, ...]) -> Said:
    """The numbers of the throw that could not be played (TB-2, TB-3, G-7, G-9)."""
    counts: dict[int, int] = {}
    for number in sorted(left, reverse=True):
        counts[number] = counts.get(number, 0) + 1
    parts = [_("the {number}", number=number) if c == 1
             else _("{count} {number}s", count=count_word(c), number=number)
             for number, c in counts.items()]
    return n_("{words}; {lost} is lost", "{words}; {lost} are lost", len(left),
              words=words, lost=join(parts))


def _announced(rules: Rules, dice, words, played: bool = True) -> Said:
    """A throw is announced as its rules say (`Rules.announcement`): a doublet by its name
    (C-4), or, where the game announces them, a doublet played double and a triplet. A
    throw that cannot be played (`played` False) is announced without saying how it is played."""
    said = rules.announcement(tuple(sorted(dice))) if dice is not None else None
    if said is None:
        return words
    if said.kind == "triplet":
        if not played:
            return _("A triplet of {number}s! {words}", number=said.number, words=words)
        return _("A triplet of {number}s, played six times! {words}", number=said.number, words=words)
    if said.played_double and played:
        return _("{name}, a doublet played double! {words}", name=said.name, words=words)
    return _("{name}! {words}", name=said.name, words=words)


# --- what a turn did ------------------------------------------------------------------------

def _played(rules: Rules, position: Position, dice, move: Move, side: Side):
    """The steps as the board plays them (hits marked from the board, not the notation), and
    the numbers of the throw left unplayed; None for the numbers when they are not known (no
    dice, or steps the throw cannot play)."""
    own, opp = position.checkers(side), position.checkers(side.other)
    if dice is None:
        return list(move.steps), None
    try:
        numbers = rules.numbers(tuple(dice))
    except (ValueError, TypeError):
        return list(move.steps), None
    states = [(own, opp, numbers, ())]
    for step in move.steps:
        following = {}
        for state_own, state_opp, left, steps in states:
            for i, number in enumerate(left):
                if i and left[i - 1] == number:
                    continue
                result = rules.try_step(state_own, state_opp, step.origin, number)
                if isinstance(result, Illegal) or result[2].destination != step.destination:
                    continue
                key = (result[0], result[1], left[:i] + left[i + 1:])
                following.setdefault(key, steps + (result[2],))
        if not following:
            return list(move.steps), None
        states = [(*key, steps) for key, steps in following.items()]
    # Where a step could take either of two numbers (bearing off), the higher is said played (G-7).
    own, opp, left, steps = min(states, key=lambda s: sum(s[2]))
    return list(steps), left


def tell_move(rule_set, position: Position, dice, move, side, you=None) -> Said:
    """The turn `move` played by `side` from `position` with `dice`, in words; a move without
    steps is a pass (tell_pass)."""
    rules = _rules(rule_set)
    side, you = _side(side), _side(you)
    if isinstance(move, str):
        move = Move.parse(move)
    if move is None or not move.steps:
        return tell_pass(rules, position, dice, side, you)
    game = _registry(rule_set)
    second = side is you
    steps, left = _played(rules, position, dice, move, side)
    actions = game.telling.actions(rules, side, you, steps)
    won, points = False, None
    if left is not None:        # the steps are the throw's: did they win? (TC-9, TB-4, G-10)
        mover = Position(position.white, position.black, side)
        try:
            after = rules.play_steps(mover, move.steps)
        except ValueError:
            after = None
        outcome = rules.outcome(after) if after is not None else None
        won = outcome is not None and outcome.winner is side
        if won and game.max_points > 1:
            points = outcome.points
    if won:
        actions = _wins(second, actions, points)
    words = _frame(side, you, actions)
    if left and not won:
        words = _lost(words, left)
    return _announced(rules, dice, words)


def tell_pass(rule_set, position: Position, dice, side, you=None) -> Said:
    """A turn that cannot be played (TC-7, TR-1, TB-3, G-7, G-9): "Black cannot play: the turn
    passes"; with a hit checker waiting to re-enter, that it cannot."""
    rules = _rules(rule_set)
    side, you = _side(side), _side(you)
    waiting = position is not None and BAR in position.checkers(side)
    if side is you:
        words = (_("Your hit checker cannot re-enter: the turn passes") if waiting
                 else _("You cannot play: the turn passes"))
    elif side is Side.WHITE:
        words = (_("White's hit checker cannot re-enter: the turn passes") if waiting
                 else _("White cannot play: the turn passes"))
    else:
        words = (_("Black's hit checker cannot re-enter: the turn passes") if waiting
                 else _("Black cannot play: the turn passes"))
    return _announced(rules, dice, words, played=False)


def tell_turn(rule_set, position: Position, dice, move, side, you=None) -> Said:
    """A turn in words, whether it moved or passed (`move` None or without steps)."""
    return tell_move(rule_set, position, dice, move, side, you)


def tell_throw(rule_set, dice) -> Said:
    """A throw in words: "4 and 3", "6, 4 and 1"; a doublet by its name as well (C-4)."""
    rules = _rules(rule_set)
    numbers = join([verbatim(str(d)) for d in dice])
    said = rules.announcement(tuple(sorted(dice)))
    if said is not None and said.name:
        return _("{name} ({dice})", name=said.name, dice=numbers)
    return numbers


def meaning_of(said) -> Words:
    """What a throw's announced name means, in a few words for a newcomer (docs/rules.md: C-4 and
    TC-1/TB-1, G-5, G-6): said the first time the name shows in a match (issue 32). `said` is
    the rules' Announcement; Words, said when shown."""
    if said.kind == "triplet":
        return Words(N_("A triplet: three dice alike - the {n} is played six times, by one to six checkers ({rule})"),
                     n=said.number, rule=said.rule)
    if said.played_double:
        return Words(N_("{name}: the old name for a double {n} - over a lower third die, the {n} is played "
                        "four times and the third die once ({rule})"), name=said.name, n=said.number, rule=said.rule)
    return Words(N_("{name}: the old name for a double {n} ({rule}) - a doublet is played once, as one {n}"),
                 name=said.name, n=said.number, rule=said.rule)


# --- a game's history ---------------------------------------------------------------------

@dataclass
class Entry:
    """One turn of a game: who played, the dice, the move in the engine's notation, and the
    turn in words (said in the language spoken when `words` is read)."""

    side: Side
    dice: tuple[int, ...]
    notation: Said
    move: Move
    before: Position
    number: int
    rules: Rules = field(repr=False)
    you: Side | None = field(default=None, repr=False)
    _said: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def words(self) -> Said:
        code = language()
        if code not in self._said:
            self._said[code] = tell_move(self.rules, self.before, self.dice, self.move,
                                         self.side, self.you)
        return self._said[code]

    @property
    def throw(self) -> Said:
        """The dice in words ("4 and 3", "Bezas (1 and 1)")."""
        return tell_throw(self.rules, self.dice)


def history(rule_set, record: dict, you=None) -> list[Entry]:
    """Every turn of a game record ({"first": side, "turns": [(dice, move)]}, game/play/session.py),
    in order. A turn that does not replay ends the list there."""
    rules = _rules(rule_set)
    you = _side(you)
    position = rules.start(Side(record["first"]))
    entries = []
    for number, (dice, text) in enumerate(record.get("turns", ()), start=1):
        dice = tuple(dice)
        move = Move.parse(text)
        entries.append(Entry(position.to_move, dice, verbatim(str(move)), move, position, number,
                             rules, you))
        try:
            position = rules.apply(position, move, dice)
        except ValueError:
            break
    return entries
