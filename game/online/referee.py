"""The referee of an online match: one match's throws, and each seat's messages judged one at a
time against the rules of play (docs/online.md, "Dice by commit and reveal" and "In order").
The link (game/online/link.py) keeps one for its friend's seat, the watcher
(game/online/watch.py) one for both seats: a player's game and a watcher judge a message alike.
No pygame, no connection.

    referee = Referee(session, state, sides={"host": Side.BLACK, "guest": Side.WHITE}, near="host")
    referee.take(seat, message)      Committed, Revealed, ToPlay, PassTaken, Resigns, Wait or Broken
    referee.dealt(key, dice_count)   a throw's faces and seed, once both secrets are in

The referee reads the session (its throw, its position, its dice, whose turn), never writes it:
the link's flows and the watcher play the moves it passes (`ToPlay`), then tell it (`played`).

Its state, JSON (the link saves it in its own, as match.json has always held it):
    throws {"g:t": {mine, mine_hash, revealed, theirs_hash, theirs}}: for each throw, the *near*
        seat's secret (the link's own, drawn before its commitment; for a watcher, whose near seat
        is the host, known once revealed), its commitment when only that is known (`mine_hash`:
        a player's is the hash of `mine`), whether it was revealed, and the *far* seat's
        commitment and secret;
    moves {"g:t": notation}: the moves judged and not yet played;
    passes ["g:t"]: the far seat's passes played without waiting for its `move ""`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.base.i18n import N_, Words, verbatim
from game.online import dice, protocol
from game.play.session import Dealt, Phase, Session
from game.rules import IllegalMoveError, Move, NotationError, Side

HEX64 = re.compile(protocol.HEX64)
MAX_AHEAD = 2          # throws a seat may commit to beyond the one being thrown
MAX_GAMES = 64         # a match of 21 points has at most 21 games... with room to spare
MAX_TURNS = 4096
MAX_MOVE = 200         # characters of a move's notation (docs/online.md)

#: Why a seat's game was caught breaking the rules of play: said to its friend (None) and to a
#: watcher (the side that broke them), each a whole sentence. "illegal-pass" is an
#: "illegal-move" whose move is a pass (an empty move when the rules have one to play).
BROKEN_WORDS = {
    "bad-reveal": {
        None: N_("Your friend's dice secret does not match the one they committed to: the match "
                 "is yours."),
        Side.WHITE: N_("White's dice secret does not match the one it committed to: the match "
                       "goes to Black."),
        Side.BLACK: N_("Black's dice secret does not match the one it committed to: the match "
                       "goes to White.")},
    "early-reveal": {
        None: N_("Your friend revealed a dice secret before both commitments were in: the match "
                 "is yours."),
        Side.WHITE: N_("White revealed a dice secret before both commitments were in: the match "
                       "goes to Black."),
        Side.BLACK: N_("Black revealed a dice secret before both commitments were in: the match "
                       "goes to White.")},
    "illegal-move": {
        None: N_("Your friend's game sent a move the rules refuse ({move}): the match is yours."),
        Side.WHITE: N_("White's game sent a move the rules refuse ({move}): the match goes to "
                       "Black."),
        Side.BLACK: N_("Black's game sent a move the rules refuse ({move}): the match goes to "
                       "White.")},
    "illegal-pass": {
        None: N_("Your friend's game passed its turn when the rules had a move for it: the match "
                 "is yours."),
        Side.WHITE: N_("White's game passed its turn when the rules had a move for it: the match "
                       "goes to Black."),
        Side.BLACK: N_("Black's game passed its turn when the rules had a move for it: the match "
                       "goes to White.")},
    "out-of-turn": {
        None: N_("Your friend's game sent a move out of turn: the match is yours."),
        Side.WHITE: N_("White's game sent a move out of turn: the match goes to Black."),
        Side.BLACK: N_("Black's game sent a move out of turn: the match goes to White.")},
    "bad-message": {
        None: N_("Your friend's game sent a message that breaks the rules of play: the match is "
                 "yours."),
        Side.WHITE: N_("White's game sent a message that breaks the rules of play: the match goes "
                       "to Black."),
        Side.BLACK: N_("Black's game sent a message that breaks the rules of play: the match goes "
                       "to White.")},
}


def broken_words(reason: str, side: Side | None = None, move: str = "") -> Words:
    """Why the match ended early, said to the friend of the game that broke the rules of play
    (`side` None) or to a watcher (`side`: the side whose game broke them)."""
    if reason == "illegal-move" and _a_pass(move):
        reason = "illegal-pass"
    return Words(BROKEN_WORDS.get(reason, BROKEN_WORDS["bad-message"])[side], move=verbatim(move))


def _a_pass(text: str) -> bool:
    """The move's notation says a pass: nothing, or "pass" (Move.parse)."""
    return text.replace(",", " ").split() in ([], ["pass"])


def wire_key(value) -> tuple[int, int] | None:
    """A [game, turn] from the wire, or None when it is not one."""
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < MAX_GAMES and -1 <= value[1] < MAX_TURNS):
        return value[0], value[1]
    return None


def throw_name(key) -> str:
    """A throw's key as the state names it: "g:t"."""
    return f"{key[0]}:{key[1]}"


def other_seat(seat: str) -> str:
    """The seat across the table."""
    return "guest" if seat == "host" else "host"


def throws_ahead(now, key) -> int:
    """How many throws at least `key` comes after `now` (negative: before it). A game takes at
    least two throws (its priority throw and one turn), and may end at any turn."""
    if tuple(key) < tuple(now):
        return -1
    if key[0] == now[0]:
        return key[1] - now[1]
    return 2 * (key[0] - now[0]) + key[1]


# --- the verdicts ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Committed:
    """A seat's commitment to a throw, kept."""
    seat: str
    key: tuple


@dataclass(frozen=True)
class Revealed:
    """A seat's secret, matching its commitment, kept: the throw is dealt once both are in."""
    seat: str
    key: tuple


@dataclass(frozen=True)
class ToPlay:
    """A seat's move at its turn, checked against the position and the dice: to play."""
    seat: str
    key: tuple
    move: str


@dataclass(frozen=True)
class PassTaken:
    """A seat's `move ""` for a pass played already, without waiting for it."""
    seat: str
    key: tuple


@dataclass(frozen=True)
class Resigns:
    """A seat gives up the match."""
    seat: str


@dataclass(frozen=True)
class Wait:
    """Not its turn yet: a move whose throw is not dealt here yet (the seat's later messages
    wait behind it)."""
    seat: str


@dataclass(frozen=True)
class Broken:
    """A seat's game broke the rules of play: the match is the other's. `reason`: "bad-reveal",
    "early-reveal", "illegal-move", "out-of-turn" or "bad-message"."""
    seat: str
    reason: str
    move: str = ""


class Referee:
    """One match's throws and moves to play, for the seats' messages (see the module)."""

    def __init__(self, session: Session, state: dict, sides: dict, near: str,
                 in_order: bool = True):
        self.session = session          # read, never written
        self.state = state
        self.sides = dict(sides)        # seat -> the side it plays
        self.near = near                # the seat whose secret is `mine`
        #: The two seats' messages come in the order they were played (as the relay passed
        #: them). False for a watcher of a room a relay opened again: its log holds each seat's
        #: history resent one after the other, so a reveal before the other's commitment, or a
        #: message more than MAX_AHEAD throws ahead, waits for the other seat's messages
        #: instead of breaking the rules (each seat's own order is still judged).
        self.in_order = in_order
        for name, empty in new_state().items():
            state.setdefault(name, empty)

    # --- the near seat's own dice (a player's game) ---------------------------------------------
    def commit(self, key) -> dict | None:
        """Draw and keep the near seat's secret for throw `key`: its `commit` message, or None
        when it has one already."""
        throw = self.state["throws"].setdefault(throw_name(key), {})
        if "mine" in throw:
            return None
        throw["mine"] = dice.new_secret()
        return {"type": "commit", "throw": list(key), "hash": dice.commitment(throw["mine"])}

    def reveal(self, key) -> dict | None:
        """The near seat's `reveal` for throw `key`, once both commitments are in; None before,
        and once it was revealed."""
        throw = self.state["throws"].get(throw_name(key), {})
        if "mine" in throw and "theirs_hash" in throw and not throw.get("revealed"):
            throw["revealed"] = True
            return {"type": "reveal", "throw": list(key), "secret": throw["mine"]}
        return None

    def far_first(self, key) -> bool:
        """The far seat has committed to throw `key` and the near one not yet (the friend threw
        its priority die first)."""
        throw = self.state["throws"].get(throw_name(key), {})
        return "theirs_hash" in throw and "mine" not in throw

    def waiting(self, key) -> bool:
        """The near seat has its secret for `key`, the far seat's is awaited."""
        throw = self.state["throws"].get(throw_name(key), {})
        return "mine" in throw and "theirs" not in throw

    def dealt(self, key, dice_count: int) -> Dealt | None:
        """Throw `key`'s faces and physics seed from both secrets (the host's first), or None
        while one is missing."""
        throw = self.state["throws"].get(throw_name(key), {})
        if "mine" not in throw or "theirs" not in throw:
            return None
        mine, theirs = throw["mine"], throw["theirs"]
        host, guest = (mine, theirs) if self.near == "host" else (theirs, mine)
        return dice.dealt(host, guest, key, dice_count)

    def forget_before(self, key) -> None:
        """The throws before `key` are dealt: their secrets are no longer needed."""
        throws = self.state["throws"]
        for name in [n for n in throws if tuple(map(int, n.split(":"))) < tuple(key)]:
            del throws[name]

    def move_at(self, key) -> str | None:
        """The move judged at turn `key` and not yet played."""
        return self.state["moves"].get(throw_name(key))

    def played(self, key, move: Move) -> None:
        """The session played the move at turn `key`: forgotten here. A far seat's pass played
        before its `move ""` came is noted, to take that message when it comes."""
        if self.state["moves"].pop(throw_name(key), None) is None and not move.steps:
            self.state["passes"].append(throw_name(key))

    # --- the seats' messages ----------------------------------------------------------------------
    def take(self, seat: str, message: dict):
        """Judge one of `seat`'s messages, in its order: the verdict (see the module)."""
        judge = {"commit": self._commit, "reveal": self._reveal, "move": self._move,
                 "resign": lambda seat, message: Resigns(seat)}.get(message.get("type"))
        return Broken(seat, "bad-message") if judge is None else judge(seat, message)

    def _hash(self, seat: str, throw: dict) -> str | None:
        if seat != self.near:
            return throw.get("theirs_hash")
        if "mine_hash" in throw:
            return throw["mine_hash"]
        return dice.commitment(throw["mine"]) if "mine" in throw else None

    def _revealed(self, seat: str, throw: dict) -> bool:
        return bool(throw.get("revealed")) if seat == self.near else "theirs" in throw

    def _commit(self, seat: str, message: dict):
        """A commitment: for the throw under way or one of the next MAX_AHEAD, once a throw."""
        key, digest = wire_key(message.get("throw")), message.get("hash")
        if key is None or not isinstance(digest, str) or not HEX64.fullmatch(digest):
            return Broken(seat, "bad-message")
        throw = self.state["throws"].get(throw_name(key), {})
        ahead = throws_ahead(self.session.throw_key, key)
        if ahead > MAX_AHEAD and not self.in_order:
            return Wait(seat)
        if not 0 <= ahead <= MAX_AHEAD or self._hash(seat, throw):
            return Broken(seat, "bad-message")
        field = "mine_hash" if seat == self.near else "theirs_hash"
        self.state["throws"].setdefault(throw_name(key), {})[field] = digest
        return Committed(seat, key)

    def _reveal(self, seat: str, message: dict):
        """A secret: once both commitments are in, once a throw, and the one committed to."""
        key, secret = wire_key(message.get("throw")), message.get("secret")
        if key is None or not isinstance(secret, str) or not HEX64.fullmatch(secret):
            return Broken(seat, "bad-message")
        throw = self.state["throws"].get(throw_name(key), {})
        committed = self._hash(seat, throw)
        if committed is not None and self._hash(other_seat(seat), throw) is None \
                and not self.in_order:
            return Wait(seat)
        if committed is None or self._hash(other_seat(seat), throw) is None:
            return Broken(seat, "early-reveal")
        if self._revealed(seat, throw):
            return Broken(seat, "bad-message")
        if not dice.matches(secret, committed):
            return Broken(seat, "bad-reveal")
        if seat == self.near:
            throw.update(mine=secret, revealed=True)
        else:
            throw["theirs"] = secret
        return Revealed(seat, key)

    def _move(self, seat: str, message: dict):
        """A move: at its side's turn, once a turn, and one the rules take with the position and
        the dice of that turn (its throw may not be shown here yet: the faces come from the
        secrets then)."""
        key, text = wire_key(message.get("turn")), message.get("move")
        s = self.session
        if key is None or not isinstance(text, str) or len(text) > MAX_MOVE:
            return Broken(seat, "bad-message")
        if text == "" and throw_name(key) in self.state["passes"]:
            self.state["passes"].remove(throw_name(key))
            return PassTaken(seat, key)
        ahead = throws_ahead(s.throw_key, key)
        if ahead > MAX_AHEAD and not self.in_order and key[1] >= 0:
            return Wait(seat)
        if (key[1] < 0 or s.phase is Phase.MATCH_OVER or not 0 <= ahead <= MAX_AHEAD
                or throw_name(key) in self.state["moves"]):
            return Broken(seat, "out-of-turn")
        if ahead > 0:
            return Wait(seat)
        if self.sides[seat] is not s.to_move:
            return Broken(seat, "out-of-turn")
        if s.phase is Phase.MOVE:
            faces = s.dice
        else:
            dealt = self.dealt(key, s.rules.dice_count)
            if dealt is None:
                return Wait(seat)
            faces = dealt.faces
        try:
            s.rules.apply(s.position, Move.parse(text), tuple(faces))
        except (IllegalMoveError, NotationError, ValueError):
            return Broken(seat, "illegal-move", text[:40])
        self.state["moves"][throw_name(key)] = text
        return ToPlay(seat, key, text)


def new_state() -> dict:
    """A referee's state before the match's first message."""
    return {"throws": {}, "moves": {}, "passes": []}
