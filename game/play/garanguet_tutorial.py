"""Garanguet's tutorial: the first turns of a prepared game (a doublet played double, a triplet,
a block growing to six points), then, many turns later, the start of bearing off.
"""
from game.base.i18n import N_
from game.play.script import Page, Part, Script, Turn
from game.rules import GARANGUET, Side, rule_set

W, B = Side.WHITE, Side.BLACK

GARANGUET_FIRST_GAME = Script(
    game=rule_set(GARANGUET).game, rules=GARANGUET.name, title=N_("Tutorial: a first game of Garanguet"), you=W,
    opening=(Page(N_("Three dice, fifteen checkers"), N_(
        "Garanguet is a race for three dice and fifteen checkers a side (Lepeintre, 1818). You play "
        "White: your checkers start stacked on x and run from x to m, then from l to a, and are "
        "borne off beyond a. Black's start on a and run the other way. Checkers are never hit: a "
        "point holding even one opposing checker is closed (G-3). The dice follow a prepared "
        "game.")),),
    parts=(
        Part("1*15/1*15/W", (
            Turn(W, (5, 5, 2), "1-6 1-6 1-6 1-6 1-3", N_(
                "5, 5 and 2: \"Quines\". When two dice match and the third is lower, the doublet is "
                "played double: four 5s and the 2, five moves in all (G-5). Take four checkers from x "
                "to s, one 5 each, and one from x to v with the 2. Click a checker, then a lit "
                "point."), N_("four checkers from x to s, and one from x to v")),
            Turn(B, (6, 4, 1), "1-7 1-5 1-2", N_(
                "Black threw 6, 4 and 1, a simple throw: three moves, one for each die (G-2). Black "
                "takes checkers from a to g, to e and to b.")),
            Turn(W, (3, 3, 3), "1-4 1-4 1-4 4-7 3-6 6-9", N_(
                "Three 3s: a triplet. The number is played six times, by as many checkers as you like "
                "(G-6). Here: three checkers from x to u, one of them on to r, the checker on v to "
                "s, and one from s to p. Your points u, s, r and p are the start of a block."),
                N_("three checkers from x to u and one of them on to r, v to s, and s to p")),
            Turn(B, (2, 2, 5), "1-3 1-3 7-12", N_(
                "Black threw 2, 2 and 5. The doublet is under a higher die, so it is played as a "
                "simple throw, three moves (G-4): two checkers from a to c, and one from g to l.")),
            Turn(W, (4, 2, 1), "1-5 6-8 1-2", N_(
                "4, 2 and 1: fill the gaps. x to t with the 4 and s to q with the 2 give you six points "
                "in a row, from u to p: a six-point block. A Black checker behind it cannot pass, "
                "since no number is larger than 6 and it may not stop inside (G-8). Play the 1 from x "
                "to w. p to l is closed: Black's checker stands on l (G-3)."),
                N_("x to t, s to q, and x to w"), ("9-13",)),
            Turn(B, (6, 5, 4), "1-7 1-6 1-5", N_(
                "Black threw 6, 5 and 4. Its checker on l cannot move at all: every number would land "
                "in your block (G-3, G-8). Black plays others instead, from a to g, f and e. A block slows its "
                "builder too, but while it stands, Black's checkers wait behind it."),
                impossible=("12-16", "12-17", "12-18")),
        )),
        Part("18,19*4,20*3,21*3,22*2,23,24/13*2,14*2,15*2,16*2,17*2,18*2,19,20,21/W", (
            Turn(W, (6, 6, 1), "18-24 19-25 19-25 19-25 24-25", N_(
                "6, 6 and 1: \"Sonnés\", four 6s and a 1 (G-5). The first 6 takes the checker on g to "
                "a and brings the last one in. Bearing off may begin at once, in the same turn: each "
                "of the other 6s takes a checker from f exactly to the rim, and the 1 bears off the "
                "checker on a (G-9)."),
                N_("g to a, three checkers from f off the board, and one from a off the board")),
        ), before=(Page(N_("Many turns later"), N_(
            "A game of Garanguet runs for many turns. The tutorial leaves them out and takes the game "
            "up again as the race ends, as the books do with their examples. Continue to see the "
            "position.")),),
            after=(Page(N_("Bearing off"), N_(
                "Fourteen of your checkers are in your last quadrant, f to a; one is still on g. Once "
                "all fifteen are in, a number that takes a checker exactly to the rim, beyond a, bears "
                "it off (G-9). It is your turn to throw.")),)),
    ),
    closing=(Page(N_("Your first game of Garanguet"), N_(
        "You have seen a doublet played double, a triplet, a block growing to six points and the "
        "start of bearing off. The first to bear off all fifteen checkers wins: 2 points if the "
        "other side has borne off none (G-10). Continue to go back to the title.")),),
    throw_hint=N_("Throw the dice: press Space, click Throw, or fling them with the mouse. They "
                  "will fall on the tutorial's throw."),
    off_script=N_("A legal move, but not this lesson's. The tutorial follows a prepared game, and "
                  "here it plays: {play}."),
    hint=N_("The tutorial's game plays: {play}."),
    their_throw=N_("The computer throws the tutorial's dice for Black and plays its move. Watch the "
                   "board; then read why."),
)
