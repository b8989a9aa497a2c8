"""Tourne Case's tutorial: the whole example game of Charpentier's 1699 rules (docs/rules.md,
"The example game of 1699"): the player makes White's moves, the computer Black's, with the
book's own dice. Between its opening and its ending the book says "and so on until the end of
the game": the tutorial says so too, then sets out the book's ending position.
"""
from game.base.i18n import N_
from game.play.script import Page, Part, Script, Turn
from game.rules import CHARPENTIER, Side, rule_set

W, B = Side.WHITE, Side.BLACK

EXAMPLE_GAME_1699 = Script(
    game=rule_set(CHARPENTIER).game, rules=CHARPENTIER.name, title=N_("Tutorial: the example game of 1699"), you=W,
    opening=(Page(N_("Charpentier's book, 1699"), N_(
        "In 1699 the rules of Tourne Case printed by Charpentier in Paris taught the game through "
        "one game, played move by move. Replay it here: you play White, the computer plays Black, "
        "and the dice fall on the book's throws. Each player has three checkers, all off the board "
        "at the start, and takes them along his own row from point 1 to point 12, the home point. "
        "The first with all three at home wins.")),),
    parts=(
        Part("0,0,0/0,0,0/W", (
            Turn(W, (4, 3), "0-3", N_(
                "You threw 4 and 3. In Tourne Case only the lower die is played, the higher one is "
                "ignored (TC-1): you play a 3, not the 4. A checker not yet entered goes to the point "
                "of its number (TC-2): enter one on point 3. Click a white checker beside the board, "
                "then point 3."), N_("enter a checker on point 3"), ("0-4",)),
            Turn(B, (1, 1), "0-1", N_(
                "Black threw \"Bezas\", two aces. A doublet gives its number once, and nobody throws "
                "again (TC-1): Black plays a single 1 and enters a checker on point 1."),
                impossible=("0-1 1-2",)),
            Turn(W, (5, 1), "0-1*", N_(
                "5 and 1: you play the 1 (TC-1). The book enters a second checker on point 1. It lands "
                "facing Black's checker on Black's point 1: that checker is hit and goes back off the "
                "board, to enter again later (TC-6). Moving 3 to 4 would be legal too, but the book "
                "plays the hit."), N_("enter a checker on point 1, hitting Black's checker"), ("0-5",)),
            Turn(B, (6, 6), "0-6", N_(
                "Black threw \"Sonnés\", double six. A 6 is played only with this throw, once in 36 "
                "throws: small numbers come far more often than large ones, and that is the whole "
                "charm of the game. Black enters on point 6.")),
            Turn(W, (3, 2), "3-5", N_(
                "3 and 2: you play a 2, and only one move is possible. A new checker cannot enter on "
                "2: it would pass your checker on 1, and a checker never passes one of its own "
                "(TC-4). 1 to 3 lands on your own checker, and a point holds only one (TC-3). So play "
                "3 to 5 - but first try one of the others, and see the game refuse it."),
                N_("move the checker on 3 to point 5"), ("0-2", "1-3")),
            Turn(B, (6, 6), "6-12", N_(
                "\"Sonnés\" again. Black cannot enter on 6, where its own checker stands (TC-3), so it "
                "plays 6 to 12: the home point, the \"coin de repos\", reached by the exact number "
                "(TC-5). There the checker is safe: it can never be hit (TC-6)."),
                impossible=("0-6",)),
        )),
        Part("3,8,12/6,12,12/W", (
            Turn(W, (5, 5), "pass", N_(
                "\"Quines\": you play one 5. 3 to 8 lands on your own checker (TC-3), and 8 to 13 "
                "would go past the home point, which is reached only by the exact number (TC-5). No "
                "move can be played, so the turn passes (TC-7)."), impossible=("3-8", "8-13")),
            Turn(B, (4, 2), "6-8*", N_(
                "Black threw 4 and 2 and plays the 2: 6 to 8, facing your checker on 8. Your checker "
                "is hit and leaves the board: it will have to enter again from the start (TC-6).")),
            Turn(W, (5, 2), "0-2", N_(
                "5 and 2: you play a 2. A hit checker comes back like a new one, when its owner "
                "chooses (TC-8): the book enters it on point 2. Moving 3 to 5 would be legal as "
                "well."), N_("enter the hit checker on point 2")),
            Turn(B, (5, 4), "8-12", N_(
                "Black threw 5 and 4 and plays the 4: 8 to 12, home by the exact number. All three of "
                "Black's checkers are home: Black wins the game and scores 1 point (TC-9).")),
        ), before=(Page(N_("And so on..."), N_(
            "\"And so on until the end of the game\", says the book: it leaves out the middle of the "
            "game and takes it up again near the end. The tutorial does the same. Continue to see "
            "the position the book gives.")),),
            after=(Page(N_("Near the end"), N_(
                "The book's position: your checkers are on 3, 8 and at home; Black has one on 6 and "
                "two at home. It is your turn to throw.")),)),
    ),
    closing=(Page(N_("The end of the game of 1699"), N_(
        "That was the whole example game. You have met the lower die, one checker to a point, no "
        "passing your own checkers, the exact number home, the hit and the forced pass. The rules "
        "screen has them all, with pictures. Continue to go back to the title.")),),
    throw_hint=N_("Throw the dice: press Space, click Throw, or fling them with the mouse. They "
                  "will fall on the book's throw."),
    off_script=N_("A legal move, but not the book's. The tutorial replays the game of 1699, and "
                  "here the book plays: {play}."),
    hint=N_("The book plays: {play}."),
    their_throw=N_("The computer throws the book's dice for Black and plays the book's move. Watch "
                   "the board; then read why."),
    source={"opening": "tests/test_example_game.py OPENING", "ending": "ENDING"},
)
