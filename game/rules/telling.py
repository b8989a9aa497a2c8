"""Moves in words: what a turn did, said in the player's language (issue 12, "Explaining every
moment").

    tell_move(rule_set, position, dice, move, side, you=None)
        "Black enters on 3 and sends your checker off the board"
    tell_pass(rule_set, position, dice, side, you=None)
        "Black cannot play: the turn passes"
    history(rule_set, record, you=None)
        every turn of a game record (game/play/match.py) as an Entry: side, dice, notation, words

`rule_set` is a rule set's RuleSet (game/rules), its name as the saves write it, or its
Rules. `position` is the position before the turn. `you` is the side of the person at the
screen: their checkers are "your checker", and they are "You"; None names both sides (two
people at one screen, a review). `side` and `you` are Sides, or "W" and "B" from a program
that writes them so (read once, as each function is called).

Points are named as the board shows them, by the rules (`Rules.point_name`): Tourne Case's
by number (1..12 on each side's own row, 12 the home point, the "coin de repos"),
Garanguet's by letter (a..x). The words follow docs/rules.md (English) and docs/regles.md
(French): a checker is a "dame", a point a "case", the sides "les Blancs" and "les Noirs".

Every sentence is built from whole messages with fields (game/base/i18n.py), so French can agree
its verbs: a side's name and "you" take separate messages ("Les Noirs entrent", "Vous
entrez"). Nothing is stored translated: an Entry says its words in the language spoken when
they are read. No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.base.i18n import N_, Said, Words, _, language, n_, verbatim
from game.rules import BAR, HOME, OFF, OUT, Move, Position, Rules, Side, rule_set as _registry
from game.rules.core import Illegal

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


def _lettered(rules: Rules) -> bool:
    """Whether the board names its points by letter (Garanguet): its turns are told as journeys."""
    return _registry(rules).lettered


def _point(rules: Rules, side: Side, location: int) -> Said:
    """A location as the board names it: "7" (Tourne Case) or "k" (Garanguet)."""
    return verbatim(rules.point_name(side, location))


def _join(items: list) -> Said:
    """Items as a list in the language: "a", "a and b", "a, b and c"."""
    if not items:
        return verbatim("")
    words = items[0]
    for i, item in enumerate(items[1:], start=2):
        if i == len(items):
            words = _("{items} and {item}", items=words, item=item)
        else:
            words = _("{items}, {item}", items=words, item=item)
    return Said(words)


def _in_turn(items: list) -> Said:
    """Clauses one after the other: "a, then b" (a Tourne Case turn of two moves, Bell)."""
    words = items[0]
    for item in items[1:]:
        words = _("{words}, then {item}", words=words, item=item)
    return Said(words)


def _count_word(n: int) -> Said:
    """A small count in words ("two"); larger ones as figures."""
    words = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}
    return _(words[n]) if n in words else verbatim(str(n))


def _frame(mover: Side, you: Side | None, actions: Said) -> Said:
    """The subject, then what it did: "White {actions}", "You {actions}"."""
    if mover is you:
        return _("You {actions}", actions=actions)
    if mover is Side.WHITE:
        return _("White {actions}", actions=actions)
    return _("Black {actions}", actions=actions)


def _victim(hit: Side, you: Side | None) -> Said:
    """The checker a hit sends back, named from the screen's point of view."""
    if hit is you:
        return _("your checker")
    if hit is Side.WHITE:
        return _("White's checker")
    return _("Black's checker")


# --- one clause each, in the third person (White, Black) or the second (You) -------------------

def _enter(second: bool, point) -> Said:
    if second:
        return _("enter on {point}", point=point)
    return _("enters on {point}", point=point)


def _reenter(second: bool, point) -> Said:
    if second:
        return _("re-enter on {point}", point=point)
    return _("re-enters on {point}", point=point)


def _move(second: bool, origin, point) -> Said:
    if second:
        return _("move from {origin} to {point}", origin=origin, point=point)
    return _("moves from {origin} to {point}", origin=origin, point=point)


def _move_home(second: bool, origin) -> Said:
    if second:
        return _("move from {origin} to the home point (coin de repos)", origin=origin)
    return _("moves from {origin} to the home point (coin de repos)", origin=origin)


def _then(second: bool, words, point) -> Said:
    if second:
        return _("{words}, then go on to {point}", words=words, point=point)
    return _("{words}, then goes on to {point}", words=words, point=point)


def _then_home(second: bool, words) -> Said:
    if second:
        return _("{words}, then go on to the home point (coin de repos)", words=words)
    return _("{words}, then goes on to the home point (coin de repos)", words=words)


def _hit(second: bool, rules: Rules, words, victim) -> Said:
    """A hit: the checker goes off the board (TC-6); to the bar in Bell (TB-3); off the board to
    re-enter before anything else with compulsory re-entry (TR-1)."""
    if getattr(rules, "hit_to_bar", False):
        if second:
            return _("{words} and send {victim} to the bar", words=words, victim=victim)
        return _("{words} and sends {victim} to the bar", words=words, victim=victim)
    if getattr(rules, "reentry_first", False):
        if second:
            return _("{words} and send {victim} off the board, to re-enter before any other move",
                     words=words, victim=victim)
        return _("{words} and sends {victim} off the board, to re-enter before any other move",
                 words=words, victim=victim)
    if second:
        return _("{words} and send {victim} off the board", words=words, victim=victim)
    return _("{words} and sends {victim} off the board", words=words, victim=victim)


def _journey(second: bool, n: int, origin, point) -> Said:
    """Garanguet: n checkers taken from one point to another."""
    count = _count_word(n)
    if second:
        return n_("move a checker from {origin} to {point}",
                  "move {count} checkers from {origin} to {point}", n,
                  count=count, origin=origin, point=point)
    return n_("moves a checker from {origin} to {point}",
              "moves {count} checkers from {origin} to {point}", n,
              count=count, origin=origin, point=point)


def _bear_off(second: bool, n: int, origin) -> Said:
    """Garanguet: n checkers borne off from one point (G-9)."""
    count = _count_word(n)
    if second:
        return n_("bear off a checker from {origin}", "bear off {count} checkers from {origin}", n,
                  count=count, origin=origin)
    return n_("bears off a checker from {origin}", "bears off {count} checkers from {origin}", n,
              count=count, origin=origin)


def _more(n: int, origin, point=None) -> Said:
    """Garanguet: the same kind of move again, without its verb: "one from a to k", "two from t"."""
    count = _count_word(n)
    if point is None:
        return n_("one from {origin}", "{count} from {origin}", n, count=count, origin=origin)
    return n_("one from {origin} to {point}", "{count} from {origin} to {point}", n,
              count=count, origin=origin, point=point)


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
             else _("{count} {number}s", count=_count_word(c), number=number)
             for number, c in counts.items()]
    return n_("{words}; {lost} is lost", "{words}; {lost} are lost", len(left),
              words=words, lost=_join(parts))


def _announced(rules: Rules, dice, words, played: bool = True) -> Said:
    """A throw is announced as its rules say (`Rules.announcement`): a doublet by its name
    (C-4), in Garanguet only one played double (G-5), and a triplet, played six times (G-6). A
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


def _tourne_case_clauses(rules, side, second, you, steps) -> list[Said]:
    """A clause for each checker's move; a checker that takes both numbers (Bell) goes on."""
    clauses: list[Said] = []
    last = None
    for step in steps:
        point = _point(rules, side, step.destination)
        if last is not None and step.origin == last.destination and step.origin > OUT:
            words = clauses.pop()
            words = (_then_home(second, words) if step.destination == HOME
                     else _then(second, words, point))
        elif step.origin == BAR:
            words = _reenter(second, point)
        elif step.origin == OUT:
            words = _enter(second, point)
        elif step.destination == HOME:
            words = _move_home(second, _point(rules, side, step.origin))
        else:
            words = _move(second, _point(rules, side, step.origin), point)
        if step.hit:
            words = _hit(second, rules, words, _victim(side.other, you))
        clauses.append(words)
        last = step
    return clauses


def _garanguet_clauses(rules, side, second, steps) -> list[Said]:
    """A clause for each journey: a checker's steps run together (its stops said "via"), the
    same journey made by several checkers counted; a journey like the one before it is said
    without its verb ("moves a checker from a to b and one from a to k")."""
    chains: list[list[int]] = []
    for step in steps:
        for chain in reversed(chains):
            if chain[-1] == step.origin and step.origin != OFF:
                chain.append(step.destination)
                break
        else:
            chains.append([step.origin, step.destination])
    journeys: dict[tuple[int, ...], int] = {}
    for chain in chains:
        journeys[tuple(chain)] = journeys.get(tuple(chain), 0) + 1
    clauses = []
    kind = None
    for points, n in journeys.items():
        origin = _point(rules, side, points[0])
        if points[-1] == OFF:
            words = _more(n, origin) if kind == OFF else _bear_off(second, n, origin)
            kind = OFF
        else:
            point = _point(rules, side, points[-1])
            words = _more(n, origin, point) if kind == "move" else _journey(second, n, origin, point)
            kind = "move"
        stops = [_point(rules, side, p) for p in points[1:-1]]
        if stops:
            words = _("{words} via {stops}", words=words, stops=_join(stops))
        clauses.append(words)
    return clauses


def tell_move(rule_set, position: Position, dice, move, side, you=None) -> Said:
    """The turn `move` played by `side` from `position` with `dice`, in words; a move without
    steps is a pass (tell_pass)."""
    rules = _rules(rule_set)
    side, you = _side(side), _side(you)
    if isinstance(move, str):
        move = Move.parse(move)
    if move is None or not move.steps:
        return tell_pass(rules, position, dice, side, you)
    second = side is you
    steps, left = _played(rules, position, dice, move, side)
    if _lettered(rules):
        clauses = _garanguet_clauses(rules, side, second, steps)
    else:
        clauses = _tourne_case_clauses(rules, side, second, you, steps)
    actions = _join(clauses) if _lettered(rules) else _in_turn(clauses)
    won, points = False, None
    if left is not None:        # the steps are the throw's: did they win? (TC-9, TB-4, G-10)
        mover = Position(position.white, position.black, side)
        try:
            after = rules.play_steps(mover, move.steps)
        except ValueError:
            after = None
        outcome = rules.outcome(after) if after is not None else None
        won = outcome is not None and outcome.winner is side
        if won and _registry(rules).max_points > 1:
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
    numbers = _join([verbatim(str(d)) for d in dice])
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
    """Every turn of a game record ({"first": side, "turns": [(dice, move)]}, game/play/match.py),
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
