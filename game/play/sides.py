"""How a side is named on screen and in the words (no pygame): "You" and "The computer" in a
match against the computer, "You" and "Your friend" in a match against a friend on another
computer, else its colour, and what it does, conjugated for each kind of subject. The
computer's threads are game/play/players.py's.
"""
from __future__ import annotations

from game.base.i18n import N_, Said, Words, verbatim
from game.play.session import Session
from game.rules import Side


# A side with the colour alongside, as the plates and the scoreboard show it.
TITLES = {("you", Side.WHITE): N_("You (White)"), ("you", Side.BLACK): N_("You (Black)"),
          ("computer", Side.WHITE): N_("The computer (White)"),
          ("computer", Side.BLACK): N_("The computer (Black)"),
          ("friend", Side.WHITE): N_("Your friend (White)"),
          ("friend", Side.BLACK): N_("Your friend (Black)")}
NAMES = {"you": N_("You"), "computer": N_("The computer"), "friend": N_("Your friend")}

# What a side does, said for each kind of subject (French conjugates each its own way): the
# person at the screen ("you"), the computer, or a colour ({side}: "White", "Les Blancs").
VERBS = {
    "win": (N_("You win"), N_("The computer wins"), N_("{side} wins")),
    "play": (N_("You play{rest}"), N_("The computer plays{rest}"), N_("{side} plays{rest}")),
    "play these": (N_("You play {numbers}"), N_("The computer plays {numbers}"), N_("{side} plays {numbers}")),
    "play first": (N_("You play first"), N_("The computer plays first"), N_("{side} plays first")),
    "throw": (N_("You throw{rest}"), N_("The computer throws{rest}"), N_("{side} throws{rest}")),
    "move": (N_("You move"), N_("The computer moves"), N_("{side} moves")),
    "begin bearing off": (N_("You begin bearing off (G-9)"), N_("The computer begins bearing off (G-9)"),
                          N_("{side} begins bearing off (G-9)")),
    "think": (N_("You are thinking..."), N_("The computer is thinking..."), N_("{side} is thinking...")),
    "about to throw": (N_("You are about to throw"), N_("The computer is about to throw"),
                       N_("{side} is about to throw")),
    "to throw": (N_("Your throw: Space, the Throw button, or fling the dice"),
                 N_("The computer's throw"),
                 N_("{side} to throw: Space, the Throw button, or fling the dice")),
    "to throw or undo": (N_("Your throw: Space, the Throw button, or fling the dice - or U to take back your move"),
                         N_("The computer's throw"),
                         N_("{side} to throw: Space, the Throw button, or fling the dice - "
                            "or U to take back your move")),
    "won": (N_("You win: the game is over"), N_("The computer wins: the game is over"),
            N_("{side} wins: the game is over")),
    "pass": (N_("You cannot play the throw {dice} - the turn passes ({rule})"),
             N_("The computer cannot play the throw {dice} - the turn passes ({rule})"),
             N_("{side} cannot play the throw {dice} - the turn passes ({rule})")),
}

# The same for the friend on another computer: what the other game plays arrives and is said so.
FRIEND_VERBS = {
    "win": N_("Your friend wins"), "play": N_("Your friend plays{rest}"),
    "play these": N_("Your friend plays {numbers}"), "play first": N_("Your friend plays first"),
    "throw": N_("Your friend throws{rest}"), "move": N_("Your friend moves"),
    "begin bearing off": N_("Your friend begins bearing off (G-9)"),
    "think": N_("Your friend is thinking..."), "about to throw": N_("Your friend is about to throw"),
    "to throw": N_("Your friend's throw"), "to throw or undo": N_("Your friend's throw"),
    "won": N_("Your friend wins: the game is over"),
    "pass": N_("Your friend cannot play the throw {dice} - the turn passes ({rule})"),
}


def who(session: Session, side: Side) -> str:
    """How a side is named: "you" and "computer" in a match against the computer, "you" and
    "friend" against a friend on another computer, else "colour"."""
    if session.options.opponent == "online":
        return "friend" if session.is_remote(side) else "you"
    if session.is_computer(side) == session.is_computer(side.other):
        return "colour"
    return "computer" if session.is_computer(side) else "you"


def colour_words(side: Side) -> Words:
    """ "White" / "Black" ("Les Blancs" / "Les Noirs"), said when shown."""
    return Words(side.title)


def name_words(session: Session, side: Side) -> Words:
    kind = who(session, side)
    return colour_words(side) if kind == "colour" else Words(NAMES[kind])


def title_words(session: Session, side: Side) -> Words:
    """The name with the colour alongside where the name is not the colour: "You (White)"."""
    kind = who(session, side)
    return colour_words(side) if kind == "colour" else Words(TITLES[(kind, side)])


def verb_words(session: Session, side: Side, verb_: str, **fields) -> Words:
    """A side and what it does (a key of VERBS), said when shown: "You win", "The computer
    wins", "White wins" ("Les Blancs gagnent")."""
    you, computer, colour = VERBS[verb_]
    kind = who(session, side)
    fields.setdefault("rest", "")
    if kind == "friend":
        return Words(FRIEND_VERBS[verb_], **fields)
    if kind == "colour":
        return Words(colour, side=colour_words(side), **fields)
    return Words(you if kind == "you" else computer, **fields)


def side_name(session: Session, side: Side) -> Said:
    """What the table and the scoreboard call a side, in the language spoken now: "You" and
    "The computer" in a match against the computer, else its colour ("White", "Black")."""
    return name_words(session, side).said()


def side_title(session: Session, side: Side) -> Said:
    """The name with the colour alongside where the name is not the colour: "You (White)"."""
    return title_words(session, side).said()


def verb(session: Session, side: Side, verb_: str, rest: str = "") -> Said:
    """A side and what it does, in the language spoken now: "You win", "The computer wins",
    "White wins". `verb_` is a key of VERBS, or a verb and `rest` one of its known endings
    ("play", " first"); a `rest` without letters follows the verb ("You throw 5")."""
    key = verb_ + rest if rest and (verb_ + rest).strip() in VERBS else verb_
    if key != verb_:
        return verb_words(session, side, key.strip()).said()
    return verb_words(session, side, verb_, rest=verbatim(rest)).said()
