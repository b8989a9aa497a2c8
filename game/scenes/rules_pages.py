"""The rules screen's pages (game/scenes/rules_screen.py): the rulebook summarised, one page per
rule set, each rule by its number with its summary, and the small boards that show the rules at
work (game/scenes/diagrams.py). Plain data: every word an English message marked with N_,
translated where it is drawn; the tests check every illustration against the rules engine.
"""
from dataclasses import dataclass

from game.base.i18n import N_
from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, GARANGUET, RULE_SETS, Rules, Side
from game.scenes.diagrams import Diagram


@dataclass(frozen=True)
class Rule:
    """A rule as the screen summarises it: its number (its name in words is the rulebook's,
    game.rules.rule_title) and the summary, an English message."""

    number: str
    text: str


# A page is a list of sections (heading, items); an item is a Rule, a Diagram showing the rule
# above it at work, or a plain paragraph (a str).
BOARD = (N_("The board"), [
    N_("Two rows of twelve points. Each player has three checkers and moves them only along "
       "their own row, from point 1 to point 12: White on the top row, Black on the bottom row. "
       "Point 12 is the home point, the “coin de repos”. Point k of one row faces point k of the "
       "other. Checkers start off the board, not yet entered."),
    N_("In the pictures, a gold arrow is a move played and a red arrow struck through a move "
       "the rules refuse; a checker ringed in red is hit, and the dice are the throw (a faded "
       "die is not played)."),
])

COMMON = (N_("Dice and matches, in both games"), [
    Rule("C-1", N_("Each player throws one die, a tie is thrown again. The higher thrower takes "
                   "up the dice and throws them for the first turn; the priority dice are not "
                   "played. Every game of a match starts this way.")),
    Rule("C-2", N_("A throw where a die rests off the board, on a rail or on the bar, or tilted "
                   "against a checker, a die or a rail, is taken again. A die lying flat on "
                   "checkers is good.")),
    Rule("C-3", N_("Every accepted throw shows each face with the same chance, 1 in 6.")),
    Rule("C-4", N_("Doublets are announced by their old names: double six “Sonnés”, five "
                   "“Quines”, four “Carmes”, three “Ternes”, two “Double deux”, one “Bezas”.")),
    Rule("C-5", N_("“Dame touchée, dame jouée”, an option in the settings: a checker picked up "
                   "that has a legal move must be played.")),
    Rule("C-6", N_("A match is played to N points (1, 3, 5, 7, 9, 11, 15 or 21): the first to "
                   "reach N wins it.")),
])

# -- Tourne Case's illustrations ----------------------------------------------------------------
LOWER_DIE = Diagram(
    CHARPENTIER, "0,0,0/0,0,0/W", (6, 2),
    N_("White throws 6 and 2: only the 2 is played, and a checker enters on point 2."),
    "TC-1", move="0-2")
BLOCKED = Diagram(
    CHARPENTIER, "0,3,5/0,2,10/W", (5, 3),
    N_("A blocked move. White throws 5 and 3 and plays a 3: the checker on 3 may not go to 6, "
       "past its own checker on 5, and a new checker may not enter on 3, which is taken. White "
       "plays 5 to 8."),
    "TC-4", move="5-8", refused="3-6")
HOME_POINT = Diagram(
    CHARPENTIER, "0,9,12/0,5,12/W", (5, 3),
    N_("The home point, the “coin de repos”. The checker on 9 goes home with the 3, the exact "
       "number; a 4, 5 or 6 could not move it. Point 12 holds any number of checkers, and "
       "there a checker can never be hit."),
    "TC-5", move="9-12", lit=((Side.WHITE, 12),))
HIT = Diagram(
    CHARPENTIER, "3,8,12/6,12,12/B", (4, 2),
    N_("Black throws 4 and 2 and plays the 2 from 6 to 8, facing White's checker: it leaves "
       "the board and starts over, not entered."),
    "TC-6", move="6-8")
PASS = Diagram(
    CHARPENTIER, "3,8,12/6,12,12/W", (5, 5),
    N_("“Quines”: White must play one 5, but 3 to 8 is taken and 8 to 13 would go past the "
       "home point. No move can be played: the turn passes."),
    "TC-7", refused="3-8", refused_by="TC-3", passes=True)

REENTER = Diagram(
    CHARPENTIER_REENTRY, "b,3,12/0,6,12/W", (5, 2),
    N_("White's hit checker waits beside the board: with 5 and 2 its re-entry on 2 is the "
       "move White must play."),
    "TR-1", move="b-2")
REENTRY_BLOCKED = Diagram(
    CHARPENTIER_REENTRY, "b,3,12/0,6,12/W", (5, 4),
    N_("With 5 and 4, re-entering on 4 would pass the checker on 3, and 3 to 7 is refused "
       "while the hit checker waits: White passes."),
    "TR-1", refused="3-7", passes=True)

BOTH_DICE = Diagram(
    BELL, "0,0,0/0,0,0/W", (5, 3),
    N_("With 5 and 3 at the start, White enters one checker on 5 and another on 3 (in that "
       "order: the other way the second would pass the first), or takes one checker to 8, "
       "stopping on 3 or on 5."),
    "TB-1", move="0-5 0-3")
HIT_BETWEEN = Diagram(
    BELL, "0,0,2/0,5,12/W", (4, 3),
    N_("A checker that takes both numbers stops on the point between, and hits there: with 4 "
       "and 3, White goes from 2 to 5, hitting Black's checker, then on to 9."),
    "TB-1", move="2-5 5-9")
BAR = Diagram(
    BELL, "b,3,12/0,6,12/W", (5, 2),
    N_("White's hit checker must enter before any other moves: with 5 and 2 it enters on 2, "
       "then the 5 takes 3 to 8."),
    "TB-3", move="b-2 3-8")
BAR_BLOCKED = Diagram(
    BELL, "b,3,12/0,6,12/W", (5, 4),
    N_("With 5 and 4, the checker on the bar could enter only past the one on 3: the whole "
       "throw is lost, and 3 to 7 may not be played instead."),
    "TB-3", refused="3-7", passes=True)

# -- Garanguet's -------------------------------------------------------------------------------
SIMPLE = Diagram(
    GARANGUET, "1*15/1*15/B", (6, 4, 1),
    N_("6, 4 and 1 are three moves. Here one checker takes all three, from a to g, k and l, "
       "stopping on each."),
    "G-2", move="1-7 7-11 11-12")
BLOCKED_POINT = Diagram(
    GARANGUET, "1*14,20/1*15/B", (6, 4, 2),
    N_("A White checker stands on e. Black's checker from a may take the 2 and then the 4, "
       "stopping on c and on g, but not the 4 first: it would stop on e."),
    "G-3", move="1-3 3-7", refused="1-5")
DOUBLE = Diagram(
    GARANGUET, "1*15/1*15/B", (5, 5, 2),
    N_("“Quines”: 5, 5 and 2. The doublet over a lower die is played four times and the 2 "
       "once, five moves: here two checkers go from a to f and k, and a third to c."),
    "G-5", move="1-6 6-11 1-6 6-11 1-3")
TRIPLET = Diagram(
    GARANGUET, "1*15/1*15/B", (4, 4, 4),
    N_("Three 4s: six 4s to play. Here two checkers take three each, from a to m, stopping on "
       "e and on i."),
    "G-6", move="1-5 5-9 9-13 1-5 5-9 9-13")
BLOCK = Diagram(
    GARANGUET, "1*9,16,17,18,19,20,21/3,12*14/B", (6, 5, 3),
    N_("White holds the six points d to i. Black's checker on c cannot pass them: every number "
       "from 1 to 6 would stop it on one of the six, and no checker may stop on a point held "
       "by the other side."),
    "G-8", refused="3-9", refused_by="G-3", lit=tuple((Side.WHITE, p) for p in range(16, 22)))
BEAR_OFF = Diagram(
    GARANGUET, "20*15/19,20,22,23*4,24*8/B", (6, 5, 3),
    N_("All fifteen of Black's checkers are in the last quadrant, s to x, so the rim beyond x "
       "counts as one more point: 6, 5 and 3 take checkers from s, t and v exactly to the rim, "
       "and bear them off."),
    "G-9", move="19-25 20-25 22-25", lit=tuple((Side.BLACK, p) for p in range(19, 25)))
BEAR_OFF_BLOCKED = Diagram(
    GARANGUET, "3,20*14/20,24*14/B", (2, 2, 2),
    N_("Three 2s, with a White checker on v. The checker on t, furthest from the rim, would "
       "stop on v; the checkers on x would pass the rim, which only the furthest checker may "
       "do. Every 2 is lost and the turn passes."),
    "G-9", refused="20-22", refused_by="G-3", passes=True)

# -- the pages -----------------------------------------------------------------------------------
MOVING = [
    Rule("TC-2", N_("A move takes one checker forward by the number: a checker not entered goes "
                    "to the point of that number, a checker on point p goes to p + number.")),
    Rule("TC-3", N_("Points 1 to 11 hold at most one checker of a side. The home point holds "
                    "any number.")),
    Rule("TC-4", N_("A checker may not pass over a checker of its own side, and entering "
                    "counts: with an own checker on point 1, a 2 cannot enter. Checkers keep "
                    "their order of entry.")),
    BLOCKED,
    Rule("TC-5", N_("The home point is reached only by the exact number; a move past 12 is not "
                    "legal.")),
    HOME_POINT,
    Rule("TC-6", N_("Landing on point k (1 to 11) facing an opposing checker hits it. A checker "
                    "on the home point can never be hit, and a move to 12 hits nothing.")),
    HIT,
    Rule("TC-7", N_("If a legal move exists, one must be played (you choose which). If none "
                    "exists, the turn passes.")),
    PASS,
]

LOWER = [
    Rule("TC-1", N_("Throw two dice; only the lower die is played. A doublet plays that number "
                    "once. A 1 comes 11 times in 36, a 2 nine times, a 3 seven, a 4 five, a 5 "
                    "three, a 6 once.")),
    LOWER_DIE,
]
REENTRY_RULE = Rule("TC-8", N_("A hit checker is off the board, not entered, and starts over; "
                               "its owner re-enters it when it suits them."))
WIN = Rule("TC-9", N_("The first to bring all three checkers to the home point wins the game "
                      "and scores 1 point."))

CHARPENTIER_SECTIONS = [
    BOARD,
    (N_("Charpentier 1699 (also Fallavel 1715)"), [*LOWER, *MOVING, REENTRY_RULE, WIN]),
    COMMON,
]

CHARPENTIER_REENTRY_SECTIONS = [
    BOARD,
    (N_("Charpentier 1699, with compulsory re-entry"), [
        N_("The Charpentier rules, after Littré's dictionary for a hit checker: it must come "
           "back before anything else moves."),
        *LOWER, *MOVING,
        Rule("TR-1", N_("While a side has a hit checker off the board, its move must be that "
                        "checker's re-entry if that is legal; if it is not, the turn passes. "
                        "Checkers never entered are not concerned.")),
        REENTER,
        REENTRY_BLOCKED,
        WIN,
    ]),
    COMMON,
]

BELL_SECTIONS = [
    BOARD,
    (N_("Bell 1975"), [
        Rule("TB-1", N_("Both dice are played as two moves, in either order, by one checker or "
                        "two. One checker taking both numbers stops on the point between, which "
                        "must be a legal landing and hits there like any landing. A doublet is "
                        "played once.")),
        BOTH_DICE,
        HIT_BETWEEN,
        Rule("TB-2", N_("A number that cannot be played is lost. When only one of the two can "
                        "be played, you choose which.")),
        *[item for item in MOVING if not isinstance(item, Diagram)],
        Rule("TB-3", N_("A hit checker goes to the bar. While a side has a checker on the bar it "
                        "must enter that checker before moving any other; if it cannot, the rest "
                        "of the throw is lost.")),
        BAR,
        BAR_BLOCKED,
        Rule("TB-4", N_("The winner scores 1 point if the loser has entered all three checkers "
                        "and has none on the bar, otherwise 2 points.")),
    ]),
    COMMON,
]

GARANGUET_SECTIONS = [
    (N_("The board and the paths"), [
        N_("Twenty-four points, lettered a to x: a faces x, and l faces m. Each player has "
           "fifteen checkers, all stacked at the start on the first point of their path: "
           "Black's on a, White's on x. Black goes from a to l, then from m to x; White from x "
           "to m, then from l to a. Each side counts its own path from 1 to 24 and gathers its "
           "checkers, to bear them off, in the last quadrant: the one where the opponent's "
           "stack began (s to x for Black, f to a for White)."),
        N_("In the pictures, a gold arrow is a move played (×2: by two checkers) and a red arrow "
           "struck through a move the rules refuse; the dice are the throw."),
    ]),
    (N_("Garanguet (Lepeintre 1818)"), [
        Rule("G-1", N_("Garanguet is played with three dice. The winner of the priority throw "
                       "(C-1) takes up that die and throws it with the two others for the first "
                       "turn.")),
        Rule("G-2", N_("Three different numbers give three moves, one per die, by one, two or "
                       "three checkers. A checker that takes several numbers stops on each point "
                       "between.")),
        SIMPLE,
        Rule("G-3", N_("A checker may neither stop nor pause on a point that holds any opposing "
                       "checker, even a single one. There is no hitting. A point holds any "
                       "number of checkers of its own side.")),
        BLOCKED_POINT,
        Rule("G-4", N_("Two matching dice and a higher third one are played as a simple throw: "
                       "three moves. 3, 3 and 5 give a 3, a 3 and a 5.")),
        Rule("G-5", N_("Two matching dice and a lower third one: the doublet's number is played "
                       "four times and the third die once, five moves, and the doublet is "
                       "announced by its name (C-4). 5, 5 and 2 are “Quines”: four 5s and one "
                       "2.")),
        DOUBLE,
        Rule("G-6", N_("Three matching dice: the number is played six times, by one to six "
                       "checkers.")),
        TRIPLET,
        Rule("G-7", N_("Play as many of the moves as you can and, among those choices, the "
                       "highest dice. For a doublet played four times or a triplet, play as "
                       "many points as you can, a whole multiple of the die.")),
        Rule("G-8", N_("Six checkers of one side on six adjacent points stop every opposing "
                       "checker behind them: no number is larger than 6, so it would have to "
                       "stop on one of the six, which blocked points forbid (G-3). Not a rule "
                       "of its own, but the heart of the game.")),
        BLOCK,
        Rule("G-9", N_("Once all fifteen checkers of a side are in the last quadrant of its "
                       "path, even in the middle of a turn, the rim beyond the last point "
                       "counts as one more point: a number that takes a checker exactly to the "
                       "rim bears it off. Each number must be played inside the last quadrant, "
                       "or exactly to the rim, if any checker can do so; otherwise it bears off "
                       "the checker furthest from the rim. If that checker cannot take the "
                       "number, because it would stop on a point held by the opponent, the "
                       "number is lost.")),
        BEAR_OFF,
        BEAR_OFF_BLOCKED,
        Rule("G-10", N_("The first to bear off all fifteen checkers wins: 1 point if the "
                        "opponent had borne off at least one checker, 2 points if not.")),
        Rule("G-11", N_("As in C-5, an option in the settings: a checker picked up that has a "
                        "legal move must be played.")),
    ]),
    COMMON,
]


@dataclass(frozen=True)
class Page:
    """A rule set's page: its sections, and its tab's label where the rule set's title would not
    fit a tab."""

    rules: Rules
    sections: list
    tab: str = ""

    @property
    def label(self) -> str:
        return self.tab or self.rules.title


CHARPENTIER_PAGE = Page(CHARPENTIER, CHARPENTIER_SECTIONS)
CHARPENTIER_REENTRY_PAGE = Page(CHARPENTIER_REENTRY, CHARPENTIER_REENTRY_SECTIONS, N_("Compulsory re-entry"))
BELL_PAGE = Page(BELL, BELL_SECTIONS, N_("Bell 1975"))
GARANGUET_PAGE = Page(GARANGUET, GARANGUET_SECTIONS)

#: Every rule set's page, by the rule set's name.
BY_NAME = {page.rules.name: page for page in (CHARPENTIER_PAGE, CHARPENTIER_REENTRY_PAGE, BELL_PAGE,
                                              GARANGUET_PAGE)}
PAGES = {name: page.sections for name, page in BY_NAME.items()}

#: The tabs, (page, label), one per rule set of the registry that has a page, in its order.
TABS = [(name, BY_NAME[name].label) for name in RULE_SETS if name in BY_NAME]


def items(page: str, kind=object) -> list:
    """Every item of a page of a kind (Rule, Diagram, str), in order."""
    return [item for _, section in PAGES[page] for item in section if isinstance(item, kind)]
