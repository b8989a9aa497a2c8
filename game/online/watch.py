"""Watching a room: a friend who is not playing follows a match live through the relay, and
checks it as the players do (docs/online.md, "Watching a room"). No pygame: the watch screen
(game/scenes/online/watch.py) and `main.py --autoplay --online URL --watch CODE` drive it alike.

    watcher = Watcher(url, code)
    each frame: for event in watcher.poll(): ...     (the events below, each with `words`)

The watcher's first message is a `watch` (not a hello). The relay answers `watching` (the
room's rules and options, who is in, how many watch), then the room's log so far, oldest first,
and then, live, every peer message one seat passes to the other, each as a `seen` with its
seat; `players` and `watchers` when those change. Anything a watcher sends is dropped by the
relay: a watcher cannot play.

The watcher replays the match with its own rules, exactly as the players do: each seat's
messages are taken in by `seq` (a message seen again after a reconnection is skipped), then
judged by the match's referee (game/online/referee.py), the one the players' games keep for
their friend's seat: each reveal is checked against its commitment, the dice come from both
secrets as the players' come (game/online/dice.py), and each move is checked against the
position and the dice of its turn before it is played on the watcher's own Session. A side
that breaks the rules of play - a reveal that does not match its commitment, a reveal before
the commitments, a second commitment, a move the rules refuse or a move out of turn - is named
(`Cheated`), and the match ends there in the other side's favour, as the honest player's game
ends it.

A message the relay shows before its turn (a move whose dice are not yet both revealed) waits
for it; the seat's later messages wait behind it, so each seat's messages are used in order.
"""
from __future__ import annotations

import collections
import dataclasses
import time
from dataclasses import dataclass, field

from game.base.i18n import N_, Words
from game.online import protocol
from game.online.client import Client
from game.online.events import (PHRASES, ConnectionLost, Reconnected, Refused, Unreachable,
                                refused_words, said_name)
from game.online.link import options_from_wire
from game.online.referee import (Broken, Referee, Resigns,
                                 ToPlay, Wait, broken_words, new_state)
from game.play.session import Phase, Session
from game.rules import Move, Position, Side
from game.rules.telling import tell_throw, tell_turn

#: Out-of-order messages a seat may have waiting for an earlier one, and messages waiting for
#: their turn: a room's whole log is bounded by the relay, these by the watcher as well.
MAX_WAITING = 512
#: The same for a room a relay opened again: one seat's whole history may wait for the other's
#: (its log holds them one after the other); the relay's log bound (4 MiB) holds fewer.
MAX_CAUGHT_UP = 65_536

#: Why the relay does not let a watcher in, for the reasons only a watcher meets.
WATCH_REFUSED = {
    "no-such-room": N_("There is no room with that code: check it with the players."),
    "watchers-full": N_("That room already has as many watchers as it takes."),
    "no-record": N_("The relay cannot show that match from its start: it cannot be watched."),
    "bad-options": N_("That room's match is not one this game can show."),
}

def watch_message(code: str, name: str | None = None) -> dict:
    """A watcher's first message (instead of a hello), with the watcher's name if it gave one."""
    message = {"type": "watch", "protocol": protocol.PROTOCOL, "version": protocol.GAME_VERSION,
               "room": protocol.normal_code(code) or code,
               "features": list(protocol.FEATURES)}
    if said_name(name):
        message["name"] = said_name(name)
    return message


def watch_refused_words(reason: str) -> Words:
    """A refusal as a watcher reads it."""
    return Words(WATCH_REFUSED[reason]) if reason in WATCH_REFUSED else refused_words(reason)


def WatchClient(url: str, code: str, name: str | None = None) -> Client:
    """The game's client (game/online/client.py: its thread, its retries, protocol.read) with
    the `watch` message as its first, sent again on each reconnection."""
    return Client(url, watch_message(code, name))


#: A room followed that a relay no longer shows (restarted): asked for again every ASK_AGAIN
#: seconds, for FOLLOW_FOR seconds at most; then the watcher says it cannot follow any more.
LOST_ROOM = ("no-record", "no-such-room")
ASK_AGAIN = 3.0
FOLLOW_FOR = 120.0
#: A relay that counts too many tries from this address ("too-many": a relay restarted, tried
#: every few seconds by the players' games and the watchers of one home) is asked again after
#: this many seconds, within FOLLOW_FOR too.
BUSY_AGAIN = 20.0

# --- what the watcher tells ----------------------------------------------------------------------

@dataclass(frozen=True)
class SideSaid:
    """A player sent one of the preset phrases (docs/online.md, `say`)."""
    side: Side
    phrase: str
    name: str | None = None

    @property
    def words(self) -> Words:
        who = self.name or Words(N_("White") if self.side is Side.WHITE else N_("Black"))
        return Words(N_("{name}: {phrase}"), name=who, phrase=Words(PHRASES[self.phrase]))


@dataclass(frozen=True)
class Rematched:
    """The players agreed a rematch: a new match in the room, followed from its start."""
    options: object
    swap: bool

    @property
    def words(self) -> Words:
        return Words(N_("A rematch, the colours swapped") if self.swap
                     else N_("A rematch, the colours kept"))


@dataclass(frozen=True)
class CannotFollow:
    """The watcher lost the room for FOLLOW_FOR seconds (the relay restarted and never got the
    match back, or cannot be reached): said once; the watch is done, Esc leaves."""
    words: Words = field(default_factory=lambda: Words(N_(
        "This match cannot be followed any more: the relay no longer shows it. Esc leaves.")))


@dataclass(frozen=True)
class Watching:
    """The relay let the watcher in: the room's rule set and options, who is in, how many
    watch (this one too)."""
    code: str
    options: object              # MatchOptions, as a watcher plays them (sides by colour)
    watchers: int
    players: dict                # {"host": bool, "guest": bool}

    @property
    def words(self) -> Words:
        return Words(N_("Watching room {code}"), code=protocol.shown_code(self.code))


@dataclass(frozen=True)
class PriorityThrown:
    """A game's priority throw (C-1): its rounds (White's die, Black's die), ties first."""
    game: int
    rounds: tuple
    first: Side
    seed: int

    @property
    def words(self) -> Words:
        white, black = self.rounds[-1]
        key = (N_("Game {game}: White throws {white}, Black throws {black}: White plays first")
               if self.first is Side.WHITE else
               N_("Game {game}: White throws {white}, Black throws {black}: Black plays first"))
        return Words(key, game=self.game + 1, white=white, black=black)


@dataclass(frozen=True)
class Thrown:
    """The side to move threw: the faces and the seed of their physics, from both secrets."""
    side: Side
    dice: tuple
    seed: int
    key: tuple
    rules: str = ""

    @property
    def words(self) -> Words:
        key = N_("White throws {dice}") if self.side is Side.WHITE else N_("Black throws {dice}")
        return Words(key, dice=_Told(lambda: tell_throw(self.rules, self.dice)))


@dataclass(frozen=True)
class Moved:
    """A side played its turn (a pass is a move without steps), checked by the rules."""
    side: Side
    before: Position
    after: Position
    dice: tuple
    move: Move
    key: tuple
    rules: str = ""
    next: Side | None = None     # the side to throw next, as the players' screens say (None: the game is over)

    @property
    def words(self) -> Words:
        return _Told(lambda: tell_turn(self.rules, self.before, self.dice, self.move, self.side))


@dataclass(frozen=True)
class GameWon:
    """A game is over: its winner, its points, the match's score after it, its record."""
    winner: Side
    points: int
    score: dict
    record: dict = field(repr=False)

    @property
    def words(self) -> Words:
        key = ("{n} point: White wins the game; White {white}, Black {black}",
               "{n} points: White wins the game; White {white}, Black {black}") \
            if self.winner is Side.WHITE else \
            ("{n} point: Black wins the game; White {white}, Black {black}",
             "{n} points: Black wins the game; White {white}, Black {black}")
        return Words(*key, self.points, n=self.points, white=self.score[Side.WHITE],
                     black=self.score[Side.BLACK])


@dataclass(frozen=True)
class SideResigned:
    """A side gave up the match."""
    side: Side

    @property
    def words(self) -> Words:
        return Words(N_("White resigns the match") if self.side is Side.WHITE
                     else N_("Black resigns the match"))


@dataclass(frozen=True)
class LeftSaved:
    """A side's game left with Save and leave: the match waits for it to come back."""
    side: Side

    @property
    def words(self) -> Words:
        return Words(N_("White's game left, keeping the match to take it up later")
                     if self.side is Side.WHITE else
                     N_("Black's game left, keeping the match to take it up later"))


@dataclass(frozen=True)
class Cheated:
    """A side's game broke the rules of play; the match goes to the other side."""
    side: Side
    reason: str
    move: str = ""

    @property
    def words(self) -> Words:
        return broken_words(self.reason, self.side, self.move)


@dataclass(frozen=True)
class MatchOver:
    """The match is over: by its score, or early (`how`: "resigned", "forfeit: <reason>")."""
    winner: Side
    score: dict
    how: str = ""

    @property
    def words(self) -> Words:
        return Words(N_("White wins the match") if self.winner is Side.WHITE
                     else N_("Black wins the match"))

    @property
    def line(self) -> str:
        """As the players' headless games print it: `match over W 1-0`."""
        return f"match over {self.winner} {self.score[Side.WHITE]}-{self.score[Side.BLACK]}"


@dataclass(frozen=True)
class PlayersPresent:
    """Which sides' games are in the room now (a seat came or went)."""
    present: dict                # {Side: bool}
    changed: tuple = ()          # the sides whose presence changed
    first: bool = False          # as the watcher came in: a side absent has not come yet (or is away)

    @property
    def words(self) -> Words | str:
        said = []
        for side in self.changed:
            if self.first and not self.present[side]:
                said.append(Words(N_("White's game is not in the room now") if side is Side.WHITE
                                  else N_("Black's game is not in the room now")))
            elif self.present[side]:
                said.append(Words(N_("White's game is in the room") if side is Side.WHITE
                                  else N_("Black's game is in the room")))
            else:
                said.append(Words(N_("White's game has left the room") if side is Side.WHITE
                                  else N_("Black's game has left the room")))
        if not said:
            return ""
        return said[0] if len(said) == 1 else Words(N_("{one}; {other}"), one=said[0], other=said[1])


@dataclass(frozen=True)
class WatchersCount:
    """How many watch the room (this watcher too); 0 while the relay that counts them is lost,
    said as nothing."""
    count: int

    @property
    def words(self) -> Words | str:
        if not self.count:
            return ""
        return Words("{n} watching", "{n} watching", self.count, n=self.count)


class _Told(Words):
    """Words the rules' telling makes (game/rules/telling.py), said when shown like Words."""

    __slots__ = ("tell",)

    def __init__(self, tell):
        super().__init__("")
        self.tell = tell

    def said(self):
        return self.tell()

    def english(self) -> str:
        return str(self.tell())

    def _key(self):
        return (id(self),)

    def __bool__(self) -> bool:
        return True


def _plurals(n_) -> None:     # never called: the plural messages built as Words, for the catalogue
    n_("{n} watching", "{n} watching", 1)
    n_("{n} point: White wins the game; White {white}, Black {black}",
       "{n} points: White wins the game; White {white}, Black {black}", 1)
    n_("{n} point: Black wins the game; White {white}, Black {black}",
       "{n} points: Black wins the game; White {white}, Black {black}", 1)


# --- the watcher ---------------------------------------------------------------------------------

class Watcher:
    """One room watched: its messages in, checked and replayed; events out (see the module)."""

    def __init__(self, url: str, code: str, client_factory=None, name: str | None = None,
                 clock=time.monotonic, follow_rematch: bool = False):
        self.url = url
        self.code = protocol.normal_code(code) or str(code)
        self._connect = ((lambda: WatchClient(url, self.code, name)) if name
                         else (lambda: (client_factory or WatchClient)(url, self.code)))
        self.client = self._connect()
        self._clock = clock
        self._lost_since: float | None = None       # when the room was last followed, if lost
        self._again_at: float | None = None         # when to ask the relay to let us in again
        self.session: Session | None = None
        self.sides: dict[str, Side] = {}           # seat -> the side it plays
        self.watchers = 0
        self.players = {"host": False, "guest": False}
        self.names = {"host": None, "guest": None}  # each seat's name, as the relay passed it
        self.follow_rematch = follow_rematch        # after a match over, follow the next one
        self._offered: dict[str, bool] = {}         # seat -> swap: a rematch offered
        self.let_in = False
        self.over: MatchOver | None = None
        self.failed = None                          # Refused or Unreachable: the watch is done
        self._done = False
        self._next = {"host": 0, "guest": 0}        # each seat's next seq to take in
        self._early = {"host": {}, "guest": {}}     # seq -> message, come before an earlier one
        #: Per seat, what was taken in and not yet used, in order, each with its number of
        #: arrival (the first usable one of all is used first).
        self._waiting = {"host": collections.deque(), "guest": collections.deque()}
        self._arrived = 0
        self._in_order = True       # False in a room a relay opened again (referee.py)
        self._gone: set[str] = set()  # seats said gone (Save and leave) and not seen playing since:
        #                               a room opened again resends each history, every away in it
        self.referee: Referee | None = None         # judges both seats' messages, once let in
        self._events: list = []

    @property
    def done(self) -> bool:
        return self._done

    def poll(self) -> list:
        """Every frame: what the relay sent, checked and replayed; the events to show. A room
        lost is asked for again every ASK_AGAIN seconds (a relay restarted refuses it until the
        players' games have given it the match again); after FOLLOW_FOR seconds without it, the
        watcher says once that it cannot follow the match any more, and is done."""
        while not self._done:
            try:
                item = self.client.inbox.get_nowait()
            except Exception:      # queue.Empty
                break
            self._take(item)
        now = self._clock()
        if not self._done and self._lost_since is not None:
            if now - self._lost_since >= FOLLOW_FOR:
                self._fail(CannotFollow())
            elif self._again_at is not None and now >= self._again_at:
                self._again_at = None
                self.client = self._connect()
        events, self._events = self._events, []
        return events

    def close(self) -> None:
        self._done = True
        self.client.close()

    # --- the relay's messages ----------------------------------------------------------------
    def _take(self, item) -> None:
        kind = item[0]
        if kind == "lost":
            self._lost()
            self._events.append(ConnectionLost())
            self._uncounted()
        elif kind == "unreachable":
            self._fail(Unreachable())
        elif kind == "message":
            message = item[1]
            handle = {"refused": self._refused, "watching": self._watching, "seen": self._seen,
                      "players": self._players, "watchers": self._watchers_count}.get(message["type"])
            if handle is not None:
                handle(message)

    def _fail(self, event) -> None:
        self.failed = event
        self._events.append(event)
        self.close()

    def _lost(self) -> None:
        if self.let_in and self._lost_since is None:
            self._lost_since = self._clock()

    def _uncounted(self) -> None:
        """The relay that counted the watchers is lost: none are said until it tells again."""
        if self.watchers:
            self._watchers_count({"count": 0})

    def _refused(self, message) -> None:
        """A refusal ends the watch - but for a room followed already that the relay has lost
        (restarted), or a relay that counts too many tries: asked for again until the players'
        games have given it back, FOLLOW_FOR at most."""
        reason = str(message["reason"])[:40]
        if self.let_in and reason in LOST_ROOM and self.over is None and message.get("final"):
            self._fail(CannotFollow())      # the relay knows it will never show it again
            return
        if self.let_in and reason in (*LOST_ROOM, "too-many") and self.over is None:
            if self._lost_since is None:
                self._lost()
                self._events.append(ConnectionLost(Words(N_(
                    "The relay has lost this match for now: asking it again..."))))
                self._uncounted()
            self.client.close()
            self._again_at = self._clock() + (BUSY_AGAIN if reason == "too-many" else ASK_AGAIN)
            return
        self._fail(Refused(reason, watch_refused_words(reason)))

    def _names(self, message) -> None:
        """The seats' names (`names` in `watching` and `players`), checked again (names.py)."""
        names = message.get("names")
        if isinstance(names, dict):
            self.names = {seat: said_name(names.get(seat)) for seat in protocol.SEATS}

    def name_of(self, side: Side) -> str | None:
        """The name of the player of `side`, or None."""
        return next((self.names.get(seat) for seat, s in self.sides.items() if s is side), None)

    def _watching(self, message) -> None:
        self._names(message)
        watchers = message.get("watchers", 0) if type(message.get("watchers")) is int else 0
        if message.get("reopened") is True and self._in_order:
            self._in_order = False      # each seat's history resent whole: see referee.py
            if self.referee is not None:
                self.referee.in_order = False
        if self.let_in:                 # again, after a dropped connection: the log follows again
            self._lost_since = self._again_at = None
            self._events.append(Reconnected())
            self._watchers_count({"count": watchers})
            self._players({"type": "players", **message["players"], "names": message.get("names")})
            return
        self.watchers = watchers
        options = options_from_wire(message["options"], "host")
        if options is None or options.rules != message["rules"]:
            self._fail(Refused("bad-options", watch_refused_words("bad-options")))
            return
        self.let_in = True
        # Sides by colour (neither is "you"): a match between two people, as far as words go.
        options = dataclasses.replace(options, opponent="human", level="", autoplay=False)
        self.session = Session.new(options, 0)      # every throw is dealt: the seed deals none
        host = options.human_side
        self.sides = {"host": host, "guest": host.other}
        self.referee = Referee(self.session, new_state(), self.sides, near="host",
                               in_order=self._in_order)
        self.players = dict(message["players"])
        self._events.append(Watching(self.code, options, self.watchers, dict(self.players)))
        absent = tuple(self.sides[seat] for seat in protocol.SEATS if not self.players[seat])
        if absent:
            self._events.append(PlayersPresent(self._present(), absent, first=True))

    def _present(self) -> dict:
        return {self.sides[seat]: self.players[seat] for seat in protocol.SEATS}

    def _players(self, message) -> None:
        self._names(message)
        if not self.let_in:
            return
        changed = tuple(self.sides[seat] for seat in protocol.SEATS
                        if message[seat] != self.players[seat])
        self.players = {seat: message[seat] for seat in protocol.SEATS}
        if changed:
            self._events.append(PlayersPresent(self._present(), changed))

    def _watchers_count(self, message) -> None:
        if message["count"] != self.watchers:
            self.watchers = message["count"]
            self._events.append(WatchersCount(self.watchers))

    def _seen(self, message) -> None:
        """One seat's peer message, taken in by its seq (once), then used in order."""
        if not self.let_in or self._done:
            return
        seat, peer = message["seat"], message["message"]
        seq = peer.get("seq")
        if peer["type"] == "sync" or type(seq) is not int or seq < self._next[seat]:
            return                      # never logged, or seen already (the log again after a drop)
        early = self._early[seat]
        if seq > self._next[seat]:
            if len(early) < MAX_WAITING:
                early[seq] = peer
            return
        waiting = self._waiting[seat]
        waiting.append((self._arrived, peer))
        self._next[seat] += 1
        while self._next[seat] in early:
            waiting.append((self._arrived, early.pop(self._next[seat])))
            self._next[seat] += 1
        self._arrived += 1
        most = MAX_WAITING if self._in_order else MAX_CAUGHT_UP
        if sum(map(len, self._waiting.values())) > most:
            self._cheated(Broken(seat, "bad-message"))
        else:
            self._digest()

    # --- the replay ----------------------------------------------------------------------------
    def _digest(self) -> None:
        """Use the messages waiting, each seat's in order, while one can be used."""
        while True:
            if self.over is None:
                self._deal_when_due()
            heads = sorted((waiting[0][0], seat) for seat, waiting in self._waiting.items()
                           if waiting)
            for _, seat in heads:
                if self._use(seat, self._waiting[seat][0][1]):
                    self._waiting[seat].popleft()
                    break
            else:
                return

    def _use(self, seat: str, message: dict) -> bool:
        """Use one message, as the referee judges it; False while it must wait for its turn."""
        kind = message["type"]
        if kind == "accept":
            return True
        if kind == "say":       # words between the players, shown; never judged
            if message.get("phrase") in PHRASES:
                self._events.append(SideSaid(self.sides[seat], message["phrase"], self.names.get(seat)))
            return True
        if kind == "rematch":
            self._rematch(seat, message)
            return True
        if self.over is not None:
            return False        # the next match's, once a rematch is agreed
        if kind == "away":      # a game saying why it left changes nothing in the match
            if message.get("why") == "saved" and seat not in self._gone:
                self._gone.add(seat)
                self._events.append(LeftSaved(self.sides[seat]))
            return True
        verdict = self.referee.take(seat, message)
        if isinstance(verdict, Wait):
            return False
        self._gone.discard(seat)      # it plays: its next leaving is said again
        if isinstance(verdict, Broken):
            self._cheated(verdict)
        elif isinstance(verdict, Resigns):
            side = self.sides[seat]
            self._events.append(SideResigned(side))
            self._end(side.other, "resigned")
        elif isinstance(verdict, ToPlay):
            self._play(verdict)
        return True

    def _play(self, verdict: ToPlay) -> None:
        """A move the referee passed, played on the watcher's session."""
        s = self.session
        before, faces, side = s.position, s.dice, s.to_move
        move = Move.parse(verdict.move)
        s.play(move)
        self.referee.played(verdict.key, move)
        over = s.phase is Phase.GAME_OVER
        self._events.append(Moved(side, before, s.position, faces, move, verdict.key, s.options.rules,
                                  None if over else s.to_move))
        if s.phase is Phase.GAME_OVER:
            outcome = s.outcome
            self._events.append(GameWon(outcome.winner, outcome.points, dict(s.match.score), s.record))
            s.next_game()
            if s.phase is Phase.MATCH_OVER:
                self._end(s.match.winner, "")

    def _deal_when_due(self) -> None:
        """The throw under way, once both secrets are in (and each matched its commitment)."""
        s = self.session
        while s.phase in (Phase.PRIORITY, Phase.THROW):
            key = s.throw_key
            dealt = self.referee.dealt(key, s.rules.dice_count)
            if dealt is None:
                return
            s.next_throw = dealt
            self.referee.forget_before(key)
            if s.phase is Phase.PRIORITY:
                seed = s.next_throw.seed
                rounds = []
                while s.phase is Phase.PRIORITY:
                    rounds.append(s.throw_priority())
                self._events.append(PriorityThrown(key[0], tuple(rounds), s.to_move, seed))
            else:
                side = s.to_move
                faces = s.throw()
                self._events.append(Thrown(side, tuple(faces), s.throw_seed, key, s.options.rules))

    def _cheated(self, broken: Broken) -> None:
        side = self.sides[broken.seat]
        self._events.append(Cheated(side, broken.reason, broken.move))
        self._end(side.other, f"forfeit: {broken.reason}")

    def _end(self, winner: Side, how: str) -> None:
        """The match is over: the watch ends - unless it follows a rematch (`follow_rematch`)
        after a match played to its end (a side caught cheating ends the room's watch)."""
        s = self.session
        s.phase = Phase.MATCH_OVER
        self.over = MatchOver(winner, dict(s.match.score), how)
        self._events.append(self.over)
        if not (self.follow_rematch and how in ("", "resigned")):
            self.close()

    def _rematch(self, seat: str, message: dict) -> None:
        """An offer and its answer: once one accepts the other's, a new match in the room,
        the same options (colours swapped if agreed), followed from its priority throw."""
        answer, swap = message.get("answer"), message.get("swap") is True
        if answer == "offer":
            self._offered[seat] = swap
            return
        offered = self._offered.pop(protocol.SEATS[1 - protocol.SEATS.index(seat)], None)
        if answer != "accept" or offered is None or self.over is None:
            return
        self._offered = {}
        options = self.session.options
        if swap:
            options = dataclasses.replace(options, human_side=options.human_side.other)
            self.sides = {seat_: side.other for seat_, side in self.sides.items()}
        self.session = Session.new(options, 0)
        self.referee = Referee(self.session, new_state(), self.sides, near="host",
                               in_order=self._in_order)
        self.over = None
        self._events.append(Rematched(options, swap))
