"""The link: one online match between this game and a friend's, through a relay
(docs/online.md). No pygame; the scenes and `main.py --autoplay --online` drive it the same way.

How a game uses it:

    host:   link = Link.host(url, options)        RoomOpened(code, url), then FriendJoined
    guest:  link = Link.join(url, code)           Offered(options); link.accept(); FriendJoined
    again:  link = Link.resume(session)           a saved online match: Reconnected
    each frame: for event in link.poll(): ...     (game/online/events.py)
    on FriendJoined: keeper.start_online(link)    the session, from link.options; the keeper
                                                  attaches the link (link.attach) and holds it
    then the flows as ever, with the link as the dealer and the other side's thinker:
        PriorityFlow(session, keeper.save, dealer=link.dealer)
        GameFlow(session, keeper.save, {**computer_thinkers, other_side: link.thinker()},
                 advisor, touch_move, dealer=link.dealer)

The link never saves and never writes the session: the keeper is the one writer of match.json.
A message the link queues, or one it takes in, leaves it `unsaved`; the flows then save through
the keeper (once, with their own step), which writes the link's state (`kept()`) with the
session and tells the link (`saved()`): only then, at the next poll, do queued messages go
out (a move, as ever, at the frame after the one it was played in), so that a secret
and its commitment are on disk before they are on the wire, and what was taken in is never
asked for again of a friend who may have left for good. `deal` returns the throw dealt; the
flow hands it to the session.

The dice come from commit and reveal: for every throw, the priority throw included, each side
draws a secret, saves it, sends its hash (`commit`), and reveals it only once both hashes are in;
the faces come from both secrets (game/online/dice.py). Every message sent is numbered (`seq`)
and kept in the link's state - its *outbox*, saved with the match - and resent when
the other asks (`sync`, sent on every (re)connection and whenever the other comes back). What
the other side sends is judged by the match's referee (game/online/referee.py) against the
session: a reveal that does not match its hash, a reveal before both commitments are in, a move
the rules refuse or a move out of turn ends the match in this side's favour (Forfeit): the
keeper records it (`end_online`).

Leaving: `leave("saved")` (Save and leave) queues an `away` ("saved"), which goes out, like
every message, after the keeper's save, then `close()`; a resignation from the pause menu sends
`away` ("abandoned") before its `resign`; a game killed says nothing. The other side's FriendAway
carries what it said ("saved", "abandoned", or "" for a connection lost). The host hears its
friend arrive before they accept (FriendArrived), and both hear how many watch (Watchers). A
saved match taken up again keeps trying a relay that does not answer (the host's game may start
it later; ConnectionLost says so), where a new join gives up (Unreachable). A room answer's
`logged: k` (a relay restarted keeps a log for its watchers) makes the link resend its outbox
from seq k; a message before the outbox's first (taken in and acknowledged by the other) is no
longer there to resend.

The link's own state (JSON; the keeper saves a copy as the session's `online`):
    url, code, seat ("host" | "guest"), token, options (the room's, as on the wire),
    started (the guest accepted), sent (the next seq), outbox (messages not known received),
    have (how many of the other's messages were taken in), inbox (taken in, not yet used),
    ended (how the match ended early, or None), and the referee's: throws
    {"g:t": {mine, theirs_hash, theirs, revealed}}, moves {"g:t": notation} (the other's moves
    not yet played), passes (its passes played here before its `move ""` came).
"""
from __future__ import annotations

import copy
import dataclasses
import json
import time
from typing import Callable

from game.play.options import MatchOptions
from game.play.session import Dealt, Phase, Session, copied
from game.online import protocol
from game.online.client import Client
from game.online.events import (PHRASES, said_name, ConnectionLost, FriendArrived, FriendAway,
                                FriendBack, FriendJoined, FriendSaid, FriendResigned, RematchAgreed,
                                RematchDeclined, RematchOffered, Offered, Reconnected, Refused, RoomOpened, Unreachable,
                                Watchers, forfeit, refused_words, still_trying)
from game.online.referee import (Broken,
                                 Referee, Resigns, Revealed, Wait, new_state, other_seat,
                                 wire_key)
from game.rules import MATCH_LENGTHS, RULE_NAMES, Move, Side, rule_set

SIDES = {"white": Side.WHITE, "black": Side.BLACK}
AWAY_WHYS = ("saved", "abandoned")     # what a game says as it leaves (its `away` message)
SAY_PAUSE = 3.5                          # seconds between two `say` of one side (the relay's 3, and a margin)
LISTED_LANGUAGES = ("en", "fr")          # the host's language, as the relay's listing shows it


def wire_options(options: MatchOptions) -> dict:
    """The room's options as the host sends them (docs/online.md); `hints`: both may ask for
    them (a game from before it read them as off)."""
    return {"rules": options.rules, "length": options.length, "touch_move": options.touch_move,
            "host_side": "white" if options.human_side is Side.WHITE else "black",
            "hints": bool(options.hints)}


def options_from_wire(data, seat: str, autoplay: bool = False, level: str = "") -> MatchOptions | None:
    """The match's options as THIS game plays them (its own side as human_side, the opponent
    "online"), or None when the room's options are not a match this game can play."""
    if not isinstance(data, dict):
        return None
    rules, length = data.get("rules"), data.get("length")
    touch, side = data.get("touch_move"), SIDES.get(data.get("host_side"))
    if (rules not in RULE_NAMES or isinstance(length, bool) or length not in MATCH_LENGTHS
            or not isinstance(touch, bool) or side is None):
        return None
    return MatchOptions(rules=rules, length=length, opponent="online", level=level,
                        human_side=side if seat == "host" else side.other, touch_move=touch,
                        autoplay=autoplay, hints=data.get("hints") is True)


class Link:
    """One online match's connection, its dice and its messages (see the module)."""

    def __init__(self, url: str, state: dict, options: MatchOptions | None = None,
                 client_factory=Client, clock=time.monotonic):
        self.url = url
        self.state = state
        self.options = options
        self.session: Session | None = None    # read, never written: the keeper's
        self.referee: Referee | None = None     # judges the other's messages, once attached
        self.end: Callable | None = None
        self.unsaved = False                    # messages wait for the keeper's next save
        self.autoplay = bool(options.autoplay) if options else False
        self.level = options.level if options else ""
        self._events: list = []
        self._flushed = state.get("sent", 0) - len(state.get("outbox", []))  # put on the wire
        # The keeper saved the messages before this seq: all of a match taken up from its save
        # (the outbox's too, which then go out again on the friend's `sync` or to a relay
        # restarted, rather than after this game's next save).
        self._saved = state.get("sent", 0)
        self._done = False                     # refused, unreachable, ended, closed
        self._asked = -1                        # the last gap a sync was sent for
        self._guessed = False                   # a guest that named no rule set
        self._present = None                    # the other game in the room (the relay's `peer`)
        self.watchers = 0                       # how many watch the room
        self._clock = clock
        self._said_at = -SAY_PAUSE              # when this side last said something
        self._client_factory = client_factory
        if state.get("token"):        # a saved match: tried until its relay listens again
            self.client = client_factory(url, self._hello(), keep_trying=True)
        else:
            self.client = client_factory(url, self._hello())

    # --- making one ------------------------------------------------------------------------
    @classmethod
    def host(cls, url: str, options: MatchOptions, client_factory=Client, *, open: bool = False,
             name: str | None = None, language: str = "") -> "Link":
        """Open a new room with these options (`human_side`: the side the host plays). `open`:
        anyone on the relay may join (the relay lists it), else only friends given the code;
        `name`: the host's (an unacceptable one is not sent); `language`: the one it speaks,
        for the listing."""
        state = cls._new_state(url, "host")
        state["options"] = wire_options(options)
        state["open"], state["name"] = bool(open), said_name(name)
        state["language"] = language if language in LISTED_LANGUAGES else ""
        state.update(history=[], heard=protocol.NO_HISTORY)
        return cls(url, state, dataclasses.replace(options, opponent="online"), client_factory)

    @classmethod
    def join(cls, url: str, code: str, rules: str | None = None, autoplay: bool = False,
             level: str = "", client_factory=Client, *, name: str | None = None) -> "Link":
        """Ask for the room `code` (as typed: protocol.normal_code reads it); Offered(options)
        comes back. `rules`: the rule set the guest expects; the relay refuses a room that
        plays another. Without it the hello names the first rule set, and the relay's refusal,
        which names the room's, is followed by a second hello naming that one."""
        state = cls._new_state(url, "guest")
        state["code"] = protocol.normal_code(code) or code
        state["rules"] = rules or RULE_NAMES[0]
        state["name"] = said_name(name)
        state.update(history=[], heard=protocol.NO_HISTORY)
        link = cls(url, state, None, client_factory)
        link.autoplay, link.level, link._guessed = autoplay, level, rules is None
        return link

    @classmethod
    def resume(cls, session: Session, client_factory=Client) -> "Link":
        """A saved online match: reconnect to its room with its seat token. Attach it to the
        session (the keeper's `resume_online`) before polling. The link's state starts as a
        copy of the one saved: the session's is the keeper's."""
        saved = copy.deepcopy(session.online)
        state = {**cls._new_state(saved["url"], saved["seat"]), **saved}
        return cls(state["url"], state, session.options, client_factory)

    @staticmethod
    def _new_state(url: str, seat: str) -> dict:
        return {"url": url, "code": "", "seat": seat, "token": "", "options": None,
                "started": False, "sent": 0, "outbox": [], "have": 0, "inbox": [],
                **new_state(), "acked": 0, "ended": None, "rules": ""}

    def _hello(self) -> dict:
        s = self.state
        rules = (s["options"] or {}).get("rules") or s.get("rules") or RULE_NAMES[0]
        hello = {"type": "hello", "protocol": protocol.PROTOCOL, "version": protocol.GAME_VERSION,
                 "game": rule_set(rules).game, "rules": rules, "room": s["code"] or "new",
                 "features": [f for f in protocol.FEATURES
                              if f != "history" or self.keeps_history]}
        if s["token"]:
            hello["token"] = s["token"]
            if s["seat"] in ("host", "guest"):      # a relay restarted then names it right
                hello["seat"] = s["seat"]
            if isinstance(s["options"], dict) and s["options"]:
                hello["options"] = s["options"]     # ...and gives a room it opens again these
        elif s["seat"] == "host":
            hello["options"] = s["options"]
            if s.get("open"):
                hello["open"] = True
            if s.get("language"):
                hello["language"] = s["language"]
        if s.get("name"):
            hello["name"] = s["name"]
        return hello

    # --- the shared API --------------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.state["code"]

    @property
    def name(self) -> str | None:
        """This side's name, as sent (None: none)."""
        return self.state.get("name")

    @property
    def friend_name(self) -> str | None:
        """The other side's name, as the relay passed it and checked again here (None: none)."""
        return self.state.get("friend_name")

    def names(self) -> dict:
        """{"W": name or None, "B": ...}: the sides' names in this match (as records keep them)."""
        if self.side is None:
            return {}
        return {str(self.side): self.name, str(self.side.other): self.friend_name}

    @property
    def keeps_history(self) -> bool:
        """This game holds the match's whole history: every message it sent (`history`, from
        seq 0) and the digest of every one it took in (`heard`); a match saved by an older
        game does not (docs/online.md, "A room opened again is watched again")."""
        s = self.state
        return (isinstance(s.get("history"), list) and len(s["history"]) == s["sent"]
                and isinstance(s.get("heard"), str))

    @property
    def seat(self) -> str:
        return self.state["seat"]

    @property
    def side(self) -> Side | None:
        """The side this game plays."""
        return self.options.human_side if self.options else None

    @property
    def dealer(self) -> "Link":
        """For GameFlow(..., dealer=) and PriorityFlow(..., dealer=): `deal` and `moved`."""
        return self

    @property
    def waiting(self) -> bool:
        """True while a throw waits for the other's commitment or secret."""
        s = self.session
        if s is None or self.referee is None or s.phase not in (Phase.PRIORITY, Phase.THROW):
            return False
        return self.referee.waiting(s.throw_key)

    @property
    def friend_threw_first(self) -> bool:
        """The priority throw: the friend has thrown its die, this side not yet."""
        s = self.session
        if s is None or self.referee is None or s.phase is not Phase.PRIORITY:
            return False
        return self.referee.far_first(s.throw_key)

    @property
    def ended(self) -> bool:
        return self.state["ended"] is not None

    @property
    def settled(self) -> bool:
        """The other game has said it took in every message this one sent: after the match,
        the link may close without leaving the other short of the last move."""
        return self.state["acked"] >= self.state["sent"]

    def match_over(self) -> None:
        """The match is over here: tell the other what was taken in (its last move), so that
        it can close once settled; call again after a while if it is not settled yet."""
        self._send_sync()

    def attach(self, session: Session, end: Callable | None = None) -> None:
        """Play `session` (made from `link.options`), which the keeper holds and saves with the
        link's state; `end(winner, how)` is told when the match ends early (the keeper's
        `end_online`)."""
        self.session, self.end = session, end
        self.options = session.options
        side = session.options.human_side
        self.referee = Referee(session, self.state, {self.seat: side, self._far: side.other},
                               near=self.seat)
        self._digest()               # what came with the friend's accept, before any throw here

    def poll(self) -> list:
        """Every frame: the connection's news and the other side's messages, taken in and
        checked; the events to show. A reveal it queues waits for the keeper's save."""
        while True:
            try:
                item = self.client.inbox.get_nowait()
            except Exception:      # queue.Empty
                break
            self._take(item)
        if self.session is not None and not self._done and not self.ended:
            self._digest()
            self._reveal_when_due()
        self._flush()
        events, self._events = self._events, []
        return events

    def kept(self) -> dict:
        """The link's state as the keeper saves it (the session's `online`): a copy."""
        return copied(self.state)

    def saved(self) -> None:
        """The keeper saved the state as it is now: what was queued goes out at the next poll."""
        self.unsaved = False
        self._saved = self.state["sent"]

    def accept(self) -> None:
        """Guest: accept the offered options; FriendJoined follows at the next poll."""
        if self.seat != "guest" or self.state["started"] or self.options is None:
            return
        self.state["started"] = True
        self._queue({"type": "accept"})
        self._saved = self.state["sent"]    # no match yet, nothing to save: it starts with this
        self._flush()                       # outbox
        self._events.append(FriendJoined())

    def thinker(self) -> "RemoteThinker":
        """The other side's moves, as a game/play/players.py Thinker, for GameFlow's thinkers."""
        return RemoteThinker(self)

    def resign(self) -> None:
        """This side gives up the match (saying it abandons, should it leave): the other is
        told; the keeper records it. Where the relay and the friend's game take a rematch, the
        room is kept, as after a match played to its end (`rematch_open`); else it is left."""
        if self._done or self.session is None or self.ended:
            return
        self._queue({"type": "away", "turn": list(self.session.throw_key), "why": "abandoned"})
        self._queue({"type": "resign", "turn": list(self.session.throw_key)})
        self._saved = self.state["sent"]    # the match is over, the keeper clears its save:
        self._flush()                       # on the wire before the connection closes
        self._finish(self.side.other, "resigned", stay=self.understood("rematch"))

    def leave(self, why: str = "saved") -> bool:
        """This game leaves a match under way (Save and leave): the friend is told why (`away`),
        and reads it apart from a game killed or cut off. Like every message it goes out once
        saved: True when there is one to save (the keeper's save, then `close`)."""
        s = self.session
        if self._done or s is None or not self.state["started"] or s.phase is Phase.MATCH_OVER:
            return False
        self._queue({"type": "away", "turn": list(s.throw_key), "why": why})
        return True

    def understood(self, feature: str) -> bool:
        """The relay and the friend's game take `feature` in (the last `peer` named it): a
        `say` or a `rematch` is never sent to an older one (it would refuse it, a gap in seq)."""
        return feature in self.state.get("friend_features", ())

    def say(self, phrase: str) -> bool:
        """Send one of the PHRASES to the friend (and the watchers): at most one each SAY_PAUSE
        seconds (the relay drops a sooner one), and only where it is understood. Like every
        message it goes out once saved: True when queued (the caller has the keeper save)."""
        now = self._clock()
        if (self._done or phrase not in PHRASES or not self.state["started"]
                or now - self._said_at < SAY_PAUSE or not self.understood("say")):
            return False
        self._said_at = now
        self._queue({"type": "say", "phrase": phrase})
        return True

    # --- a rematch in the same room (docs/online.md, "More peer messages") -------------------
    @property
    def rematch_open(self) -> bool:
        """The match is over here, the room still holds both, and the relay and the friend's
        game understand a rematch: one may be offered."""
        s = self.session
        return (not self._done and s is not None and s.phase is Phase.MATCH_OVER
                and self.understood("rematch"))

    def offer_rematch(self, swap: bool) -> bool:
        """Offer another match, the colours swapped or kept; True when queued (the caller has
        the keeper save: the keeper lets it go out). The friend answers (RematchAgreed, or
        RematchDeclined)."""
        if not self.rematch_open or (self.state.get("rematch") or {}).get("by") == "me":
            return False
        offered = self.state.get("rematch") or {}
        if offered.get("by") == "friend" and offered.get("swap") == swap:
            return self.answer_rematch(True)      # both offered the same: agreed
        self.state["rematch"] = {"by": "me", "swap": bool(swap)}
        self._queue({"type": "rematch", "answer": "offer", "swap": bool(swap)})
        return True

    def answer_rematch(self, accept: bool) -> bool:
        """Accept or decline the friend's offer; an accepted one starts the new match here
        (RematchAgreed at the next poll)."""
        offered = self.state.get("rematch") or {}
        if not self.rematch_open or offered.get("by") != "friend":
            return False
        swap = bool(offered.get("swap"))
        self._queue({"type": "rematch", "answer": "accept" if accept else "decline", "swap": swap})
        self.state["rematch"] = None
        if accept:
            self._new_match(swap)
        return True

    def _rematch(self, message: dict) -> None:
        """The friend's offer or answer (an answer to no offer of ours is left unsaid)."""
        answer, swap = message.get("answer"), message.get("swap") is True
        mine = (self.state.get("rematch") or {}).get("by") == "me"
        if answer == "offer" and self.rematch_open:
            self.state["rematch"] = {"by": "friend", "swap": swap}
            self._events.append(RematchOffered(swap, self.friend_name))
        elif answer == "accept" and mine and self.rematch_open:
            self.state["rematch"] = None
            self._new_match(swap)
        elif answer == "decline" and mine:
            self.state["rematch"] = None
            self._events.append(RematchDeclined())

    def _new_match(self, swap: bool) -> None:
        """The same room, the same options (the colours swapped if agreed), a new match: the
        referee's throws start afresh, `seq` goes on counting (the relay's log and the
        watchers follow)."""
        s = self.state
        if swap:
            wire = dict(s["options"])
            wire["host_side"] = "black" if wire.get("host_side") == "white" else "white"
            s["options"] = wire
        self.options = options_from_wire(s["options"], self.seat, self.autoplay, self.level)
        s.update(new_state())
        s["ended"] = s["winner"] = None
        self.session = self.referee = None      # until the keeper attaches the new match
        self._events.append(RematchAgreed(swap))

    def can_say(self) -> bool:
        return (not self._done and self.state["started"] and self.understood("say")
                and self._clock() - self._said_at >= SAY_PAUSE)

    def close(self, wait: float = 0.0) -> None:
        """Leave the room (what was sent and saved goes out first: waited for up to `wait`
        seconds); the save keeps the seat token."""
        self._flush()
        self._done = True
        self.client.close(wait) if wait else self.client.close()

    # --- the dealer (GameFlow and PriorityFlow call these) ----------------------------------
    def deal(self, session: Session) -> Dealt | None:
        """The session's next throw once both secrets are in (the flow hands it to the
        session); else commit to it, reveal when both commitments are in, and None while the
        other's secret is awaited. What it queues goes out after the flow's save."""
        if self._done:
            return None
        key = session.throw_key
        commit = self.referee.commit(key)
        if commit is not None:
            self._queue(commit)
        self._reveal_when_due()
        dealt = self.referee.dealt(key, session.rules.dice_count)
        if dealt is not None:
            self.referee.forget_before(key)
        return dealt

    def moved(self, session: Session, side: Side, move: Move, turn) -> None:
        """A move was handed to the session (saved next by the flow, then sent): this side's is
        queued; the other's is let go, played now; the other's pass, played here without
        waiting for it (nothing could be played), is noted so that its `move ""` is taken when
        it comes."""
        if self._done:
            return
        if not session.is_remote(side):
            self._queue({"type": "move", "turn": list(turn), "move": str(move) if move.steps else ""})
        else:
            self.referee.played(turn, move)

    # --- inside ----------------------------------------------------------------------------
    @property
    def _away_why(self) -> str:
        """What the other game said as it left (its `away`), kept in the state: a game that
        comes back first still knows the friend saved and left (not a connection lost)."""
        return self.state.get("away_why", "")

    @_away_why.setter
    def _away_why(self, why: str) -> None:
        self.state["away_why"] = why

    @property
    def _far(self) -> str:
        """The other game's seat."""
        return other_seat(self.seat)

    def _queue(self, message: dict) -> None:
        """Number a peer message and keep it in the outbox (sent by `_flush`, after a save)."""
        message = {**message, "seq": self.state["sent"]}
        self.state["sent"] += 1
        self.state["outbox"].append(message)
        if isinstance(self.state.get("history"), list):     # kept as text: a save copies it fast
            self.state["history"].append(json.dumps(message, separators=(",", ":")))
        self.unsaved = True

    def _flush(self) -> None:
        """Put on the wire what was queued and saved since."""
        for message in self.state["outbox"]:
            if self._flushed <= message["seq"] < self._saved:
                self.client.send(message)
        self._flushed = max(self._flushed, self._saved)

    def _resend(self, have: int) -> None:
        """The other asks again from `have`: what went out already (the rest waits its save)."""
        for message in self.state["outbox"]:
            if have <= message["seq"] < self._flushed:
                self.client.send(message)

    def _acknowledged(self, upto: int) -> None:
        """The other has taken in our messages before `upto`: no need to keep them."""
        self.state["acked"] = max(self.state["acked"], upto)
        self.state["outbox"] = [m for m in self.state["outbox"] if m["seq"] >= upto]

    def _take(self, item) -> None:
        """One item from the client."""
        kind = item[0]
        if self._done:
            return
        if kind == "lost":
            self._events.append(ConnectionLost())
            if self.watchers:       # counted by the relay that is lost: the next one tells again
                self.watchers = 0
                self._events.append(Watchers(0))
            if self._away_why and self._present:    # the friend said it leaves, and its relay
                self._present = False               # (the host's game's own) went with it
                self._events.append(FriendAway(self._away_why))
        elif kind == "unreachable" and self.state["token"]:
            self._events.append(still_trying())     # the client goes on trying
        elif kind == "unreachable":
            self._done = True
            self._events.append(Unreachable())
        elif kind == "message":
            self._from_relay(item[1])

    def _from_relay(self, message: dict) -> None:
        kind = message.get("type")
        s = self.state
        if kind == "room":
            return self._room(message)
        if kind == "refused":
            reason = str(message.get("reason", ""))[:40]
            if Client.inbox_has_room(message) and s["token"]:
                return                  # one message of ours refused: ours are all well formed
            if reason == "rules" and self._guessed and message.get("rules") in RULE_NAMES:
                self._guessed = False   # the room's rule set, named by the relay: ask again
                s["rules"] = message["rules"]
                self.client = self._client_factory(self.url, self._hello())
                return
            self._done = True
            self._events.append(Refused(reason, refused_words(reason)))
            self.client.close()
            return
        if kind == "peer":
            present = message.get("present")
            if present not in (True, False):
                return
            self._present = present
            s["friend_features"] = sorted(protocol.features(message))    # the last peer says
            if present and "name" in message:
                s["friend_name"] = said_name(message.get("name"))
            if present:
                self._send_sync()
                self._events.append(FriendBack() if s["started"] else FriendArrived(True))
            elif s["started"]:
                self._events.append(FriendAway(self._away_why))
            else:
                self._events.append(FriendArrived(False))
            return
        if kind == "watchers":
            count = message.get("count")
            if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
                self.watchers = count
                self._events.append(Watchers(count))
            return
        if kind == "sync":
            have = message.get("have")
            if isinstance(have, int) and not isinstance(have, bool) and 0 <= have <= s["sent"]:
                self._acknowledged(have)
                self._resend(have)
            return
        if kind not in protocol.PEER_TYPES:
            return                # the relay's own news we do not read
        seq = message.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            return
        if seq != s["have"]:
            if seq > s["have"] and self._asked != s["have"]:
                self._asked = s["have"]
                self._send_sync()       # one went missing: ask for it again
            return
        s["have"] += 1
        if isinstance(s.get("heard"), str):
            s["heard"] = protocol.chained(s["heard"], message)
        self.unsaved = True             # taken in, saved, then used: the other may be gone for good
        if kind == "accept":
            return self._accepted()
        if kind == "away":
            return self._away(message)
        if kind == "say":         # words, never judged by the referee
            if message.get("phrase") in PHRASES:
                self._events.append(FriendSaid(message["phrase"], self.friend_name))
            return
        if kind == "rematch":
            return self._rematch(message)
        if kind != "resign":
            self._away_why = ""         # it is playing: what it said as it left is past
        s["inbox"].append(message)

    def _room(self, message: dict) -> None:
        s = self.state
        first = not s["token"]
        code, token = message.get("code"), message.get("token")
        if not (isinstance(code, str) and isinstance(token, str)) or (first and message.get("seat") != s["seat"]):
            return
        s["code"], s["token"] = code, token      # a restarted relay may call the seat otherwise
        if first and s["seat"] == "guest":
            s["options"] = message.get("options")
            self.options = options_from_wire(s["options"], "guest", self.autoplay, self.level)
            if self.options is None:
                self._done = True
                self._events.append(Refused("bad-options", refused_words("bad-options")))
                self.client.close()
                return
        self.client.hello = self._hello()
        if first:
            self._events.append(RoomOpened(code, self.url) if s["seat"] == "host"
                                else Offered(dict(s["options"])))
        else:
            self._events.append(Reconnected())
        self._send_sync()
        logged = message.get("logged")
        if not (isinstance(logged, int) and not isinstance(logged, bool) and logged >= 0):
            return
        if "history" in protocol.features(message) and self.keeps_history:
            # A relay restarted shows watchers the match once both seats resent their history
            # and each vouched for the other's (docs/online.md): this game's, then its vouch.
            for text in s["history"][logged:self._flushed]:
                self.client.send(json.loads(text))
            if message.get("reopened") is True:
                self.client.send({"type": "vouch", "have": s["have"], "digest": s["heard"]})
        else:
            self._resend(logged)    # a relay restarted keeps a log for watchers: fill it again

    def _away(self, message: dict) -> None:
        """The other says why it leaves (it may come back: its seat is kept): said when it has
        left - now, if the relay held this for us while it was gone."""
        why = message.get("why")
        self._away_why = why if why in AWAY_WHYS else ""
        if self._present is False and self.state["started"]:
            self._events.append(FriendAway(self._away_why))

    def _accepted(self) -> None:
        if self.seat != "host" or self.state["started"]:
            if self.session is not None:
                self._forfeit(forfeit(self.side, "bad-message"))
            return
        self.state["started"] = True
        self._events.append(FriendJoined())
        return

    def _send_sync(self) -> None:
        self.client.send({"type": "sync", "have": self.state["have"]})

    def _digest(self) -> None:
        """Use the messages taken in, in order: each judged by the referee against the session
        (a move whose throw is not dealt here yet waits, and the later ones behind it)."""
        inbox = self.state["inbox"]
        while inbox and not self._done:
            verdict = self.referee.take(self._far, inbox[0])
            if isinstance(verdict, Wait):
                return
            inbox.pop(0)
            if isinstance(verdict, Broken):
                self._forfeit(forfeit(self.side, verdict.reason, move=verdict.move))
            elif isinstance(verdict, Revealed):
                self._acknowledged(self._seq_of_commit(verdict.key) + 1)
            elif isinstance(verdict, Resigns):
                self._resigned()

    def _seq_of_commit(self, key) -> int:
        for message in self.state["outbox"]:
            if message["type"] == "commit" and wire_key(message["throw"]) == key:
                return message["seq"]
        return -1

    def take_move(self, key) -> Move | None:
        """The other's move at turn `key`, checked when it came; None until it has. It stays in
        the state until the session has played it (`moved`): a save made while its steps are
        shown still holds it, so a game killed then finds it again when it is started again."""
        text = self.referee.move_at(key) if self.referee is not None else None
        return None if text is None else Move.parse(text)

    def _resigned(self) -> None:
        """The friend gave up: the room is kept for a rematch where both games take one."""
        self._finish(self.side, "resigned", stay=self.understood("rematch"))
        self._events.append(FriendResigned(self.side))

    def _forfeit(self, event) -> None:
        self._finish(event.winner, f"forfeit: {event.reason}")
        self._events.append(event)

    def _finish(self, winner: Side, how: str, stay: bool = False) -> None:
        """The match ended early (the keeper records it); the room is left unless `stay`."""
        self.state["ended"], self.state["winner"] = how, str(winner)
        self._done = not stay
        if self.end is not None:
            self.end(winner, how)
        if not stay:
            self.client.close()

    def _reveal_when_due(self) -> None:
        """Reveal our secret for the throw under way once both commitments are in."""
        if self.session is None or self._done:
            return
        reveal = self.referee.reveal(self.session.throw_key)
        if reveal is not None:
            self._queue(reveal)


class RemoteThinker:
    """The other side's move at the turn under way, as the link took it in (`take_move`)."""

    def __init__(self, link: Link):
        self.link = link
        self._key: tuple[int, int] | None = None

    def ready(self) -> bool:
        return True

    def start(self, position, dice_, match) -> None:
        self._key = self.link.session.throw_key if self.link.session else None

    def poll(self) -> Move | None:
        return None if self._key is None else self.link.take_move(self._key)

