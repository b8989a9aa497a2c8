"""Garanguet on the screens: its entry in the menus and its rules page (Lepeintre 1818): its
board, the rules by number, and the small boards that show them at work
(game/scenes/learn/diagrams.py). Plain data: every word an English message marked with N_,
translated where it is drawn.
"""
from game.base.i18n import N_, verbatim
from game.rules import GARANGUET, Side, rule_set
from game.scenes.learn.diagrams import Diagram
from game.scenes.game_entry import Game
from game.scenes.rulebook import COMMON, Page, Rule

# -- the menus ------------------------------------------------------------------------------------
#: Garanguet in the menus.
GAME = Game(rule_set(GARANGUET).game, verbatim("Garanguet"),
            N_("Fifteen checkers each, three dice, no hitting: block the way and bear off first "
               "(Lepeintre, 1818)."),
            (("W", N_("White (starts on x)")), ("B", N_("Black (starts on a)"))),
            N_("Tutorial: Garanguet"))


# -- the illustrations ------------------------------------------------------------------------
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


# -- the page ------------------------------------------------------------------------------------
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


GARANGUET_PAGE = Page(GARANGUET, GARANGUET_SECTIONS)
