"""Tourne Case: three checkers a side, each on its own row of twelve points (TC-*, TB-*, TR-*).

The presets differ only in data: which numbers a throw gives (the lower die, or both), whether
a hit checker waits apart ("b") and must re-enter first, and how a game is scored.
"""
from __future__ import annotations

from game.base.i18n import N_, Said, _
from game.rules.core import BAR, OUT, Illegal, Outcome, Position, Rules, Side, Step
from game.rules.notation import PositionNotation, side_error
from game.rules.phrases import Telling, in_turn, moves, point, victim

HOME = 12

#: Each rule's title (game/rules/titles.py), as docs/rules.md numbers them.
RULE_TITLES = {
    # Charpentier 1699
    "TC-1": N_("Only the lower die"),
    "TC-2": N_("One move a turn"),
    "TC-3": N_("One checker per point"),
    "TC-4": N_("No passing your own checkers"),
    "TC-5": N_("The exact number home"),
    "TC-6": N_("The hit"),
    "TC-7": N_("Play if you can"),
    "TC-8": N_("Re-entering after a hit"),
    "TC-9": N_("The win"),
    # the compulsory re-entry option
    "TR-1": N_("Compulsory re-entry: a hit checker comes back first"),
    # Bell 1975
    "TB-1": N_("Both dice are played"),
    "TB-2": N_("Play as many numbers as you can"),
    "TB-3": N_("The bar"),
    "TB-4": N_("Single and double wins"),
}


class TourneCase(Rules):
    """Charpentier 1699 (the default): only the lower die is played, a hit checker is simply
    not entered again and re-enters when its owner chooses (TC-8)."""

    name = "charpentier"
    title = N_("Charpentier 1699")
    numbers_rule = "TC-1"
    play_all_rule = "TC-7"
    #: hit checkers wait apart ("b") and must re-enter before anything else moves
    reentry_first = False
    reentry_rule = ""
    #: a hit checker goes to the bar (TB-3), not off the board
    hit_to_bar = False

    def numbers(self, dice):
        return (min(dice),)

    def start(self, first: Side) -> Position:
        return Position((OUT,) * 3, (OUT,) * 3, first)

    def try_step(self, own, opp, origin, number):
        if origin not in own:
            return _nobody(origin)
        if BAR in own and origin != BAR:
            return Illegal(N_("a hit checker must re-enter first"), self.reentry_rule)
        start = max(origin, OUT)
        if origin == HOME:
            return Illegal(N_("a checker on the home point has finished"), "TC-5")
        destination = start + number
        if destination > HOME:
            return Illegal(N_("point {point} is reached only by the exact number"), "TC-5",
                           {"point": HOME})
        if destination < HOME and destination in own:
            return Illegal(N_("point {point} is already occupied"), "TC-3", {"point": destination})
        passed = [p for p in own if start < p < destination]
        if passed:
            return Illegal(N_("it may not pass its own checker on point {point}"), "TC-4",
                           {"point": passed[0]})
        new_own = list(own)
        new_own.remove(origin)
        new_own.append(destination)
        hit = destination < HOME and destination in opp
        if hit:
            new_opp = list(opp)
            new_opp.remove(destination)
            new_opp.append(BAR if self.reentry_first else OUT)
            opp = tuple(sorted(new_opp))
        return tuple(sorted(new_own)), opp, Step(origin, destination, hit)

    def outcome(self, position: Position) -> Outcome | None:
        white, black = position.white, position.black     # asked often: no loop over Side
        if white.count(HOME) == len(white):
            return Outcome(Side.WHITE, self.points(black), self.score_rule)
        if black.count(HOME) == len(black):
            return Outcome(Side.BLACK, self.points(white), self.score_rule)
        return None

    score_rule = "TC-9"

    def points(self, loser: tuple[int, ...]) -> int:
        return 1


class CharpentierReentry(TourneCase):
    """Charpentier with compulsory re-entry (TR-1, after Littré): while a hit checker waits,
    the move must be its re-entry; if that is not legal, the turn passes."""

    name = "charpentier-reentry"
    title = N_("Charpentier 1699, compulsory re-entry")
    reentry_first = True
    reentry_rule = "TR-1"


class Bell(TourneCase):
    """Bell 1975: both dice are played (TB-1, TB-2), hit checkers go to the bar (TB-3), and a
    win scores 2 points while the loser still has a checker to enter (TB-4)."""

    name = "bell"
    title = N_("Bell")
    numbers_rule = "TB-1"
    play_all_rule = "TB-2"
    reentry_first = True
    reentry_rule = "TB-3"
    hit_to_bar = True
    score_rule = "TB-4"

    def numbers(self, dice):
        return tuple(sorted(set(dice)))

    def points(self, loser: tuple[int, ...]) -> int:
        return 1 if all(x > OUT for x in loser) else 2


def _nobody(origin: int) -> Illegal:
    """No checker of the mover's where a step starts (TC-2)."""
    if origin == BAR:
        return Illegal(N_("no checker waiting to re-enter"), "TC-2")
    if origin == OUT:
        return Illegal(N_("no checker waiting to enter"), "TC-2")
    return Illegal(N_("no checker on point {point}"), "TC-2", {"point": origin})


class TourneCaseNotation(PositionNotation):
    """Three checkers a side, each written alone: b, 0..12 (no runs), never two on a point
    (TC-3): "0,0,3/0,0,0/W"."""

    checkers = 3
    point_words = (N_("White: {token} is not a point (b, 0..12)"),
                   N_("Black: {token} is not a point (b, 0..12)"))
    order_words = (N_("White: checkers are written in ascending order ('b' and 0 first)"),
                   N_("Black: checkers are written in ascending order ('b' and 0 first)"))

    def check(self, position, text):
        for side in Side:
            locs = position.checkers(side)
            if "*" in text or any(not BAR <= x <= HOME for x in locs):
                raise side_error(side, (N_("{text}: White's checkers are b, 0..12"),
                                        N_("{text}: Black's checkers are b, 0..12")), text=repr(text))
            on_points = [x for x in locs if OUT < x < HOME]
            if len(on_points) != len(set(on_points)):
                raise side_error(side, (N_("{text}: White has two checkers on one point (TC-3)"),
                                        N_("{text}: Black has two checkers on one point (TC-3)")),
                                 text=repr(text))


# --- a turn in words (game/rules/telling.py): one clause each, in the third person or the second


def _enter(second: bool, point) -> Said:
    if second:
        return _("enter on {point}", point=point)
    return _("enters on {point}", point=point)


def _reenter(second: bool, point) -> Said:
    if second:
        return _("re-enter on {point}", point=point)
    return _("re-enters on {point}", point=point)


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


def _hit(second: bool, rules: TourneCase, words, victim) -> Said:
    """A hit: the checker goes off the board (TC-6); to the bar in Bell (TB-3); off the board to
    re-enter before anything else with compulsory re-entry (TR-1)."""
    if rules.hit_to_bar:
        if second:
            return _("{words} and send {victim} to the bar", words=words, victim=victim)
        return _("{words} and sends {victim} to the bar", words=words, victim=victim)
    if rules.reentry_first:
        if second:
            return _("{words} and send {victim} off the board, to re-enter before any other move",
                     words=words, victim=victim)
        return _("{words} and sends {victim} off the board, to re-enter before any other move",
                 words=words, victim=victim)
    if second:
        return _("{words} and send {victim} off the board", words=words, victim=victim)
    return _("{words} and sends {victim} off the board", words=words, victim=victim)


class TourneCaseTelling(Telling):
    """A clause for each checker's move, one after the other ("enters on 3, then ..."); a
    checker that takes both numbers (Bell) goes on; the home point is the "coin de repos"."""

    def actions(self, rules, side, you, steps):
        second = side is you
        clauses: list[Said] = []
        last = None
        for step in steps:
            to = point(rules, side, step.destination)
            if last is not None and step.origin == last.destination and step.origin > OUT:
                words = clauses.pop()
                words = _then_home(second, words) if step.destination == HOME else _then(second, words, to)
            elif step.origin == BAR:
                words = _reenter(second, to)
            elif step.origin == OUT:
                words = _enter(second, to)
            elif step.destination == HOME:
                words = _move_home(second, point(rules, side, step.origin))
            else:
                words = moves(second, point(rules, side, step.origin), to)
            if step.hit:
                words = _hit(second, rules, words, victim(side.other, you))
            clauses.append(words)
            last = step
        return in_turn(clauses)


CHARPENTIER = TourneCase()
CHARPENTIER_REENTRY = CharpentierReentry()
BELL = Bell()

#: How Tourne Case writes its positions and says its turns (the registry, game/rules/__init__.py,
#: gives them to the notation and to each preset's RuleSet).
NOTATION = TourneCaseNotation()
TELLING = TourneCaseTelling()
