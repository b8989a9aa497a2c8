"""Tourne Case on the screens: its entry in the menus, its presets' notes and its option
(compulsory re-entry), and its rules pages (Charpentier 1699, with compulsory re-entry, Bell
1975): the board, the rules by number, and the small boards that show them at work
(game/scenes/learn/diagrams.py). Plain data: every word an English message marked with N_,
translated where it is drawn.
"""
from game.base.i18n import N_, verbatim
from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, Side, rule_set
from game.scenes.learn.diagrams import Diagram
from game.scenes.game_entry import Game, Option
from game.scenes.rulebook import COMMON, Page, Rule

# -- the menus ------------------------------------------------------------------------------------
#: Tourne Case in the menus.
GAME = Game(rule_set(CHARPENTIER).game, verbatim("Tourne Case"),
            N_("Three checkers each on two rows of twelve points, printed in Paris in 1699."),
            (("W", N_("White (top row)")), ("B", N_("Black (bottom row)"))),
            N_("Tutorial: Tourne Case"))

#: One line on each preset, where the form offers a choice of rule sets for a game.
PRESET_NOTES = {
    CHARPENTIER.name: N_("The rules printed in Paris in 1699: only the lower die is played; a hit "
                         "checker starts over."),
    BELL.name: N_("R. C. Bell's reading: both dice are played, hit checkers wait on the bar, wins "
                  "score 1 or 2."),
}

#: Charpentier's compulsory re-entry, the one option (the settings remember it as "reentry").
REENTRY = Option(CHARPENTIER.name, CHARPENTIER_REENTRY.name, N_("Hit checkers come back first"),
                 N_("Compulsory re-entry (TR-1): while a side has a hit checker off the board, its "
                    "move must bring that checker back if it can; if it cannot, the turn passes."),
                 N_("Charpentier 1699, re-entry"))

#: The options, by the preset they change.
OPTIONS = {REENTRY.preset: REENTRY}


# -- the rules pages ------------------------------------------------------------------------------

#: What a newcomer reads first, before the board and the rules by number: what to do, and how
#: the two sides' checkers meet (each on its own row, hitting across).
GOAL = (N_("The goal"), [
    N_("Be the first to bring all three of your checkers to your home point, point 12, at the "
       "end of your row."),
    N_("How checkers meet: each side moves along its own row, and the two rows face each other "
       "point for point, point k facing point k. A checker that lands facing an opposing "
       "checker, on points 1 to 11, hits it: the hit checker leaves the board and starts over."),
])

BOARD = (N_("The board"), [
    N_("Two rows of twelve points. Each player has three checkers and moves them only along "
       "their own row, from point 1 to point 12: White on the top row, Black on the bottom row. "
       "Point 12 is the home point, the “coin de repos”. Checkers start off the board, not yet "
       "entered."),
    N_("In the pictures, a gold arrow is a move played and a red arrow struck through a move "
       "the rules refuse; a checker ringed in red is hit, and the dice are the throw (a faded "
       "die is not played)."),
])

# -- the illustrations ------------------------------------------------------------------------
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
    GOAL,
    BOARD,
    (N_("Charpentier 1699 (also Fallavel 1715)"), [*LOWER, *MOVING, REENTRY_RULE, WIN]),
    COMMON,
]

CHARPENTIER_REENTRY_SECTIONS = [
    GOAL,
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
    GOAL,
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

CHARPENTIER_PAGE = Page(CHARPENTIER, CHARPENTIER_SECTIONS)
CHARPENTIER_REENTRY_PAGE = Page(CHARPENTIER_REENTRY, CHARPENTIER_REENTRY_SECTIONS, N_("Compulsory re-entry"))
BELL_PAGE = Page(BELL, BELL_SECTIONS, N_("Bell 1975"))

#: The pages, in the registry's order.
PAGES = (CHARPENTIER_PAGE, CHARPENTIER_REENTRY_PAGE, BELL_PAGE)
