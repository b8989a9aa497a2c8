"""What the table says of the flow's events, in words: the texts of its notices and banners,
made from the event and the match. When and for how long they show is the scene's (its pauses)."""
from game.base.i18n import N_, Words
from game.play.sides import title_words, verb_words
from game.rules.turn import say_as_entered
from game.scenes.table.draw import dice_text, numbers_said

#: Why a throw is taken again (game/dice.py's causes).
CAUSE_TEXT = {"on the rail": N_("On the rail"), "off the board": N_("Off the board"), "tilted": N_("Tilted")}


def thrown_again(cause: str, attempt: int) -> Words:
    """ "On the rail - thrown again (throw 2)"."""
    cause = Words(CAUSE_TEXT[cause]) if cause in CAUSE_TEXT else cause
    return Words(N_("{cause} - thrown again (throw {n})"), cause=cause, n=attempt)


def announced(event) -> Words:
    """A doublet's old name (the same in every language), or a triplet."""
    if event.name:
        return Words(N_("{name}!"), name=event.name)
    return Words(N_("Triplet of {n}s!"), n=event.number)


def passed(session, event) -> Words:
    """A forced pass in one short notice: whose pass, and why ("You cannot play 2-5 - the turn
    passes", with the rule)."""
    dice = dice_text(session.dice or ())
    return verb_words(session, event.side, "pass", dice=dice, rule=event.rule)


def numbers_lost(session, event) -> Words:
    return Words(N_("{side}: {numbers} cannot be played ({rule})"), side=title_words(session, event.side),
                 numbers=numbers_said(event.numbers), rule=event.rule)


def played_for_you(session, event) -> Words:
    return Words(N_("{side}: only one play, {move} - played by itself"), side=title_words(session, event.side),
                 move=session.rules.say_move(event.side, event.move))


def thinking(event) -> Words | str:
    """Until its tables are loaded the computer plays by feel (always a legal move): said so."""
    return "" if event.ready else Words(N_("The computer is still studying the game: it plays by feel for now"))


def game_over(session, event) -> tuple:
    """(who won, and why or for how many points)."""
    outcome = event.outcome
    why = event.why or Words("{n} point", "{n} points", outcome.points, n=outcome.points)
    return verb_words(session, outcome.winner, "win"), why


def said_move(session, move, side=None) -> str:
    """A move as the board names its points ("0-3 3-5", "x-s-p")."""
    return session.rules.say_move(side or session.to_move, move)


def move_taken_back(session, event) -> tuple:
    """(the move as entered, the words said now): the move with the computer's reply, or the
    move whole; no words (None) when its last pick-and-drop follows and says it."""
    move = say_as_entered(session.rules, session.position, session.dice, event.move)  # as before the move
    if event.reply is not None:
        if event.reply.steps:
            return move, Words(N_("Taken back: your move {move} and the computer's reply {reply}"), move=move,
                               reply=said_move(session, event.reply, event.side.other))
        return move, Words(N_("Taken back: your move {move} and the computer's pass"), move=move)
    if event.whole:
        return move, Words(N_("Taken back: the move {move}"), move=move)
    return move, None


def step_taken_back(step: str, taken_from) -> Words:
    """A step taken back; with `taken_from`, the last step of a move already ended (a move of
    one step is that step: it is said as the move taken back)."""
    if taken_from is not None and taken_from == step:
        return Words(N_("Taken back: the move {move}"), move=taken_from)
    if taken_from is not None:
        return Words(N_("Taken back: {step}, the last step of {move}"), move=taken_from, step=step)
    return Words(N_("Taken back: {step}"), step=step)
