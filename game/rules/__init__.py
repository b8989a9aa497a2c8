"""The rules engine shared by every game: pure values in, values out; the dice are arguments.
It imports nothing above game/base, and nothing here knows which game it serves but each game's
own module and the registry below.

    from game.rules import CHARPENTIER, Position
    p = CHARPENTIER.start(Side.WHITE)              # 0,0,0/0,0,0/W
    moves = CHARPENTIER.legal_moves(p, (4, 3))     # only the lower die: [Move.parse('0-3')]
    p = CHARPENTIER.apply(p, moves[0], (4, 3))     # 0,0,3/0,0,0/B

Here: the shared values (values.py) and refusals (errors.py); steps, moves and positions with
their notation (notation.py); whole legal turns (core.py, which names all of these too); each
game in its own module (tourne_case.py, garanguet.py: its rules, its notation, its telling, its
rule titles); a turn composed step by step (turn.py); refusals (refusals.py), turns (telling.py,
phrases.py) and rules (titles.py) in words.

The registry below is the one place that says which rule sets exist, what each is called, how
its positions are written (NOTATIONS, which Position.parse and str(position) ask) and told
(RuleSet.telling), and what a game scores; the command line, the saves, the screens and the
computer all read it. A game defined elsewhere registers its RuleSet in RULE_SETS and its
PositionNotation in NOTATIONS, a line each. What lives above the rules keeps its own registry
keyed by the rule set's name: its board (game/scenes/boards.py), its computer player
(game/computer/player.py), its rules page (game/scenes/rules_pages.py), its tutorial
(game/play/tutorial.py).
"""
from dataclasses import dataclass, field

from game.base.i18n import N_, Words
from game.rules.core import (BAR, DOUBLET_NAMES, OUT, Announcement, Illegal, IllegalMoveError, Move,
                   NotationError, Outcome, Position, Rules, Side, Step)
from game.rules import garanguet, tourne_case
from game.rules.garanguet import GARANGUET, LAST_QUADRANT, OFF
from game.rules.notation import NOTATIONS, PositionNotation
from game.rules.phrases import Telling
from game.rules.titles import RULE_TITLES, rule_title
from game.rules.tourne_case import BELL, CHARPENTIER, CHARPENTIER_REENTRY, HOME

#: The lengths a match may be played to (C-6).
MATCH_LENGTHS = (1, 3, 5, 7, 9, 11, 15, 21)

TOURNE_CASE_NOTATION = "WHITE/BLACK/SIDE, three locations a side: b, 0, 1..11, 12 (home)"
GARANGUET_NOTATION = "WHITE/BLACK/SIDE, fifteen locations a side: 1..24, off; a run as loc*count"

#: Why a won game scores 1 or 2 points, by (points, the loser), with {rule}.
TOURNE_CASE_POINTS = {
    (2, Side.WHITE): N_("White had not entered all three checkers, or had one on the bar: 2 points ({rule})"),
    (2, Side.BLACK): N_("Black had not entered all three checkers, or had one on the bar: 2 points ({rule})"),
    (1, Side.WHITE): N_("White had entered all three checkers: 1 point ({rule})"),
    (1, Side.BLACK): N_("Black had entered all three checkers: 1 point ({rule})"),
}
GARANGUET_POINTS = {
    (2, Side.WHITE): N_("White had borne off no checker: 2 points ({rule})"),
    (2, Side.BLACK): N_("Black had borne off no checker: 2 points ({rule})"),
    (1, Side.WHITE): N_("White had begun bearing off: 1 point ({rule})"),
    (1, Side.BLACK): N_("Black had begun bearing off: 1 point ({rule})"),
}


@dataclass(frozen=True)
class RuleSet:
    """One playable rule set: the engine and everything else that makes it its own game, as
    data and small hooks, so that the flow, the words, the screens, the saves and the computer
    ask it rather than its name. The rules import nothing above them: each layer above keys
    its own part of a rule set (board, computer, page, tutorial) by `name`."""

    rules: Rules
    game: str               # the family ("tourne-case", "garanguet"): records, menus, tutorials
    notation: str           # how a position is written (README, "Position notation")
    max_points: int         # what a game can score: 1, or 2 for a win the loser was far from
    scoring_rule: str       # the rule that scores a game
    touch_rule: str = "C-5"            # the touch-move rule quoted (C-5; Garanguet's G-11)
    plays_single: bool = False         # a person's only legal play is played by itself
    lettered: bool = False             # the board names its points by letter, not number
    bearing_off: bool = False          # the first checker borne off is announced (G-9)
    lost_numbers_rule: str = ""        # numbers no play can use are said, with this rule (G-7)
    dice_shares: bool = False          # a die stands for a share of up to six numbers (G-5, G-6)
    points_reasons: dict = field(default_factory=dict, compare=False)   # (points, loser) -> why
    telling: Telling = field(default_factory=Telling, compare=False)    # its turns in words

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        """The rule set's name, in English for the catalogue: show it as _(rule_set.title)."""
        return self.rules.title

    def __str__(self) -> str:
        return self.name

    def announcement(self, dice) -> Announcement | None:
        """What a throw announces when the dice lie still (C-4, G-5, G-6), or None."""
        return self.rules.announcement(dice)

    def say_point(self, side, location: int) -> str:
        """A location of `side`'s path as the board names it: "7", "k". Other programs may give
        the side as "W" or "B", so it is read here, once; inside, `Rules.point_name` takes a Side."""
        return self.rules.point_name(Side(side), location)

    def points_words(self, outcome: Outcome) -> Words:
        """Why a won game scores what it does, in words said when shown, with its rule."""
        if self.max_points == 1:
            return Words(N_("1 point ({rule})"), rule=self.scoring_rule)
        return Words(self.points_reasons[(outcome.points, outcome.winner.other)], rule=self.scoring_rule)

    def begins_bearing_off(self, step: Step, before: Position) -> bool:
        """Whether `step` bears off the mover's first checker, where that is announced (G-9)."""
        last = self.rules.last_point
        return (self.bearing_off and step.destination > last
                and not any(c > last for c in before.checkers(before.to_move)))


_TOURNE_CASE = dict(game="tourne-case", notation=TOURNE_CASE_NOTATION, points_reasons=TOURNE_CASE_POINTS,
                    telling=tourne_case.TELLING)
RULE_SETS: dict[str, RuleSet] = {s.name: s for s in (
    RuleSet(CHARPENTIER, max_points=1, scoring_rule="TC-9", **_TOURNE_CASE),
    RuleSet(CHARPENTIER_REENTRY, max_points=1, scoring_rule="TC-9", **_TOURNE_CASE),
    RuleSet(BELL, max_points=2, scoring_rule="TB-4", **_TOURNE_CASE),
    RuleSet(GARANGUET, "garanguet", GARANGUET_NOTATION, 2, "G-10", touch_rule="G-11",
            plays_single=True, lettered=True, bearing_off=True, lost_numbers_rule="G-7",
            dice_shares=True, points_reasons=GARANGUET_POINTS, telling=garanguet.TELLING),
)}
#: Each game's position notation, by its family's name (RuleSet.game), asked in this order.
NOTATIONS.update({"tourne-case": tourne_case.NOTATION, "garanguet": garanguet.NOTATION})
RULE_TITLES.update({**tourne_case.RULE_TITLES, **garanguet.RULE_TITLES})
NOTATIONS.miscounted = N_("{text}: each side has 3 checkers (Tourne Case) or 15 (Garanguet)")
RULES: dict[str, Rules] = {name: s.rules for name, s in RULE_SETS.items()}
RULE_NAMES = tuple(RULE_SETS)
TOURNE_CASE = tuple(name for name, s in RULE_SETS.items() if s.game == "tourne-case")


def aways(side: Side, match) -> tuple[int, int] | None:
    """The points `side` and its opponent still need in a match given as (length, white's
    score, black's score) (C-6); None outside a match, or once it is won."""
    if match is None:
        return None
    length, white, black = match
    mine, theirs = (white, black) if side is Side.WHITE else (black, white)
    if length - mine <= 0 or length - theirs <= 0:
        return None
    return length - mine, length - theirs


def rules_by_name(name: str) -> Rules:
    """The rules for a name ("charpentier", "charpentier-reentry", "bell", "garanguet")."""
    return rule_set(name).rules


def rule_set(name) -> RuleSet:
    """The registry's entry for a name - where a name comes in as text (the command line, the
    settings, a save, the engine's requests) - or the RuleSet of a RuleSet or of its Rules;
    ValueError naming the choices for any other."""
    if isinstance(name, RuleSet):
        return name
    if isinstance(name, Rules):
        return next((s for s in RULE_SETS.values() if s.rules is name), None) or rule_set(name.name)
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(RULE_SETS)}") from None


__all__ = ["BAR", "OUT", "OFF", "HOME", "LAST_QUADRANT", "Announcement", "Illegal", "IllegalMoveError", "Move", "NotationError", "Outcome",
           "Position", "Rules", "Side", "Step", "CHARPENTIER", "CHARPENTIER_REENTRY", "BELL",
           "GARANGUET", "RULES", "RULE_SETS", "RULE_NAMES", "RuleSet", "TOURNE_CASE",
           "MATCH_LENGTHS", "DOUBLET_NAMES", "RULE_TITLES", "aways", "rule_title", "rules_by_name",
           "rule_set", "NOTATIONS", "PositionNotation", "Telling"]
