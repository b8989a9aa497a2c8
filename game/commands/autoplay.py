"""`main.py --data-dir D --autoplay --online ws://HOST:PORT --room new|CODE`: an online match
played headless, with no pygame - for the tests and for checking a relay by hand.

The computer plays this game's side through the real flows (PriorityFlow, GameFlow) with the
link as the dealer and the other side's thinker, exactly as the table does; the keeper saves
after every throw and move and records the finished games (opponent "online"). Restarted with
the same data folder, it takes the saved match up again and reconnects with its seat token.

The computer's level is the match's: the strongest by default (the options' level ""), or the
one `level` names (the tests use the fastest, "novice").

What it prints, one line each, flushed (the first is read by scripts and tests):
    room ACD-EF9                   as soon as the relay gave a room (host and guest), its code as
                                   the window shows it
    then, as they happen, the events' words (connection lost, friend away...), and at the end
    match over W|B SCORE-SCORE     or the words of a refusal (then exit status 3)

`main.py --data-dir D --autoplay --online URL --watch CODE` watches a room instead (`watch`):
    watching ACD-EF9               once the relay let it in
    then every throw and move in words, the players coming and going, the watchers, each game's
    result, and at the end
    match over W|B SCORE-SCORE     as the players print it (or the words of a refusal, exit 3)
Its games go to D's records.jsonl as the players' do, with the same turns, marked "watched":
the statistics never count them.

`--room new --open` lists the new room to anyone on the relay (its open games); `--name NAME`
is this side's name in the room, a watcher's too. `main.py --online URL --list` prints the
relay's open rooms instead, one a line, its code first (`list_open`).
"""
from __future__ import annotations

import random
import sys
import time

from game.play.flow import GameFlow
from game.play.stage import Stage
from game.base.dispatch import dispatch, ignoring
from game.base import i18n, streams
from game.base.i18n import _
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.online.events import (ConnectionLost, Forfeit, FriendArrived, FriendAway, FriendBack,
                                FriendJoined, FriendResigned, Offered, Reconnected, Refused, RoomOpened,
                                Unreachable, Watchers)
from game.online.link import Link
from game.online import events, protocol, watch as watching
from game.play.players import computer_players
from game.play.priority import PriorityFlow, PriorityStage
from game.rules import RULE_NAMES, Side
from game.saves.files import os_words
from game.saves.storage import Storage, said

FRAME = 0.002          # seconds between two frames (the client's thread runs meanwhile)
SETTLE = 20.0          # seconds a finished match waits for the other to have its last move
REFUSED = 3            # exit status: the relay refused, or no relay answered
LOST_WATCH = 300.0     # seconds a watcher waits for a relay that dropped it, then gives up


def _present(module, *names: str) -> tuple[type, ...]:
    """The event types among `names` that `module` has: the online game's newer events (the
    players' phrases, a rematch, a watch that cannot follow, issue 37) are handled where they
    exist, and this file still runs with a link that has none of them."""
    return tuple(getattr(module, name) for name in names if hasattr(module, name))


class OnlinePlayer:
    """One game's side of an online match, frame by frame (`frame()`), with no screen: the
    keeper, the link, and the flow of the moment."""

    def __init__(self, keeper: MatchKeeper, link: Link, say=print):
        self.keeper, self.link, self.say = keeper, link, say
        self.flow = None
        self.over = False           # the match ended (its score, a resignation or a forfeit)
        self.failed: Refused | Unreachable | None = None
        self._closing_since = None
        self._in_room = False
        self._friend_gone = False   # the other game left after the match: no one to wait for
        self.handlers = self.link_handlers()

    @property
    def session(self) -> Session | None:
        return self.keeper.session

    def frame(self) -> bool:
        """One frame: the link's news, then the flow one step on. False once all is done."""
        for event in self.link.poll():
            dispatch(self.handlers, event, self)
        if self.link.ended and not self.over:       # ended as the match was taken up
            for event in self.link.poll():
                dispatch(self.handlers, event, self)
        if self.failed is not None:
            return False
        if self.over:
            return self._closing()
        if self.keeper.online is None:
            return True              # no match yet: the friend is awaited
        self._step()
        return True

    def link_handlers(self) -> dict:
        """Every event of the link (game/online/events.py), by type: what this player does."""
        return {
            RoomOpened: self._room, Offered: self._offered, Reconnected: self._reconnected,
            FriendJoined: lambda event: self.keeper.start_online(self.link),
            Refused: self._failed, Unreachable: self._failed,
            Forfeit: self._forfeit, FriendResigned: self._friend_resigned,
            FriendAway: self._friend_away,
            ConnectionLost: lambda event: self.say(event.words.said()),
            **dict.fromkeys(_present(events, "FriendSaid"),       # the friend's preset phrase
                            lambda event: self.say(event.words.said())),
            # A rematch offered is not taken up: the headless match ends with its score.
            **ignoring(FriendArrived, FriendBack, Watchers,
                       *_present(events, "RematchOffered", "RematchAgreed", "RematchDeclined")),
        }

    def _room(self, event=None) -> bool:
        """In the room: its code said, once (a saved match's too, once back in its room);
        False if it was said already."""
        if self._in_room:
            return False
        self._in_room = True
        self.say(f"room {protocol.shown_code(self.link.code)}")
        return True

    def _offered(self, event: Offered) -> None:
        self._room()
        self.link.accept()

    def _reconnected(self, event: Reconnected) -> None:
        if not self._room():
            self.say(_("Connected again."))

    def _failed(self, event: Refused | Unreachable) -> None:
        self.failed = event
        self.say(event.words.said())

    def _forfeit(self, event: Forfeit) -> None:
        self.over = True
        self.say(event.words.said())

    def _friend_resigned(self, event: FriendResigned) -> None:
        self.over = True
        self.say(_("Your friend resigned: the match is yours."))

    def _friend_away(self, event: FriendAway) -> None:
        self._friend_gone = self.over

    def _step(self) -> None:
        s = self.session
        if s.phase is Phase.MATCH_OVER or s.match.winner is not None and s.phase is Phase.GAME_OVER:
            self.keeper.finish()
            self.over = True
            self.say(f"match over {s.match.winner} {s.match.score[Side.WHITE]}-{s.match.score[Side.BLACK]}")
            return
        if s.phase is Phase.GAME_OVER:
            self.keeper.next_game()
            self.flow = None
            return
        if s.phase is Phase.PRIORITY:
            if not isinstance(self.flow, PriorityFlow):
                self.flow = PriorityFlow(s, self.keeper.save, dealer=self.link.dealer)
                self.flow.start()
            self._priority()
            return
        if not isinstance(self.flow, GameFlow):
            thinkers, _advisor = computer_players(s, thread=False)
            thinkers[self.link.side.other] = self.link.thinker()
            self.flow = GameFlow(s, self.keeper.save, thinkers, None, s.options.touch_move,
                                 dealer=self.link.dealer)
            self.flow.start()
        self._game()

    def _priority(self) -> None:
        flow = self.flow
        if flow.stage is PriorityStage.WAIT:
            flow.throw()                            # again, while the dealer waits
        elif flow.stage is PriorityStage.ROLL:     # no screen: the dice lie still at once
            flow.settled()
        elif flow.stage in (PriorityStage.TIE, PriorityStage.RESULT):
            flow.proceed()
        if flow.stage is PriorityStage.DONE:
            self.flow = None

    def _game(self) -> None:
        if self.flow.stage is Stage.OVER:
            self.flow = None          # the session is at GAME_OVER: the next frame goes on
        else:
            self.flow.proceed()       # throws (again, while the dealer waits), dice down,
                                      # thinks (or polls the thought), steps, passes

    def _closing(self) -> bool:
        """After the match: stay until the other has taken in our last message (or a while)."""
        now = time.monotonic()
        if self._closing_since is None:
            self._closing_since = now
            self.link.match_over()
        if self.link.settled or self.link.ended or self._friend_gone or now - self._closing_since > SETTLE:
            self.link.close()
            return False
        return True


def open_link(keeper: MatchKeeper, url: str, room: str, rules: str | None, level: str,
              seed: int | None, length: int = 1, open_room: bool = False,
              name: str | None = None) -> Link:
    """The saved online match's link (reconnecting with its token), or a new room (`open_room`:
    listed to anyone on the relay) or a join; `name`: this side's, shown in the room."""
    s = keeper.session
    if s is not None and s.online is not None and s.phase is not Phase.MATCH_OVER:
        link = Link.resume(s)
        keeper.resume_online(link)
        return link
    named = {"name": name} if name else {}          # only then: the link's hello as before
    if room == "new":
        options = MatchOptions(rules=rules or RULE_NAMES[0], length=length, opponent="online",
                               level=level, human_side=random.Random(seed).choice(list(Side)),
                               autoplay=True)
        if open_room:
            named.update(open=True, language=i18n.language())
        return Link.host(url, options, **named)
    return Link.join(url, room, rules, autoplay=True, level=level, **named)


def list_open(url: str, rules: str | None = None) -> int:
    """`--online URL --list`: the relay's open rooms (of the game `rules` is, if given), one a
    line on stdout, its code first (client.room_line); the exit status: 0, or 3 when no relay
    answers or it refuses, said in one line on stderr."""
    from game.online.client import list_rooms, room_line
    from game.online.events import refused_words
    from game.online.protocol import ProtocolError
    from game.rules import rule_set
    try:
        answer = list_rooms(url, game=rule_set(rules).game if rules else None)
    except ProtocolError as error:
        streams.tell(refused_words(error.reason).said())
        return REFUSED
    except OSError as error:
        streams.tell(_("No relay answers at {url} ({problem}).", url=url,
                       problem=os_words(error).said()))
        return REFUSED
    for entry in answer["open"]:
        print(room_line(entry), flush=True)
    return 0


def run(data_dir, url: str, room: str, rules: str | None = None, seed: int | None = None,
        quit_after: float | None = None, level: str = "novice", length: int = 1,
        open_room: bool = False, name: str | None = None) -> int:
    """Play one online match to its end (see the module); the exit status."""
    storage = Storage(data_dir, validate_match=Session.from_dict, demo=True)
    _settings, problems = storage.load_settings()
    for problem in problems:
        print(said(problem), file=sys.stderr, flush=True)
    keeper = MatchKeeper(storage, lambda text: print(text, file=sys.stderr, flush=True),
                         random.Random(seed))
    keeper.load()
    if keeper.session is not None and keeper.session.options.opponent != "online":
        keeper.adopt(None)        # a demo match here is not ours to play online
    link = open_link(keeper, url, room, rules, level, seed, length, open_room, name)
    player = OnlinePlayer(keeper, link, lambda text: print(text, flush=True))
    ends = None if quit_after is None else time.monotonic() + quit_after
    try:
        while player.frame():
            if ends is not None and time.monotonic() > ends:
                break
            time.sleep(FRAME)
    finally:
        link.close(wait=2.0)      # what was sent last goes out before the process ends
    return REFUSED if player.failed is not None else 0


def watch(data_dir, url: str, code: str, quit_after: float | None = None, say=None,
          lost_after: float = LOST_WATCH, name: str | None = None) -> int:
    """Watch the room `code` to its match's end (see the module); the exit status: 0 when the
    match was seen to its end (a side caught cheating is said, and the match is over too), 3
    when the relay refused the watcher or none answered (at first, or for `lost_after` seconds
    once it had), or the code is not one. A room both players left ends at the relay
    (`expired`, after 30 minutes), which ends the watch."""
    say = say or (lambda text: print(text, flush=True))
    storage = Storage(data_dir, demo=True)
    _settings, problems = storage.load_settings()
    for problem in problems:
        print(said(problem), file=sys.stderr, flush=True)
    room = protocol.normal_code(code)
    if room is None:
        say(watching.watch_refused_words("no-such-room").said())
        return REFUSED
    watcher = watching.Watcher(url, room, **({"name": name} if name else {}))
    report = WatchReport(watcher, storage, say)
    ends = None if quit_after is None else time.monotonic() + quit_after
    try:
        while not watcher.done:
            for event in watcher.poll():
                dispatch(report.handlers, event, report)
            if ends is not None and time.monotonic() > ends:
                break
            if report.lost is not None and time.monotonic() - report.lost > lost_after:
                say(_("The relay has not answered for {minutes} minutes: the watch ends.",
                      minutes=round(lost_after / 60)))
                return REFUSED
            time.sleep(FRAME)
        for event in watcher.poll():        # what came with the last word
            dispatch(report.handlers, event, report)
    finally:
        watcher.close()
    return REFUSED if watcher.failed is not None else 0


class WatchReport:
    """A watched room's events, reported a line each, a finished game or match recorded, and
    since when the relay is gone (`lost`: the client retries meanwhile)."""

    def __init__(self, watcher: watching.Watcher, storage: Storage, say):
        self.watcher, self.storage, self.say = watcher, storage, say
        self.lost: float | None = None
        self.handlers = {
            watching.Watching: self._watching, Reconnected: self._reconnected,
            ConnectionLost: self._lost, watching.GameWon: self._game_won,
            watching.MatchOver: self._match_over,
            **dict.fromkeys((watching.PriorityThrown, watching.Thrown, watching.Moved,
                             watching.SideResigned, watching.LeftSaved, watching.Cheated,
                             watching.PlayersPresent, watching.WatchersCount, Refused,
                             Unreachable,
                             *_present(watching, "SideSaid", "Rematched", "CannotFollow")),
                            self._tell),
        }

    def _tell(self, event) -> None:
        """An event said by its words (none said when they are empty)."""
        words = event.words
        text = words.said() if hasattr(words, "said") else str(words)
        if text:
            self.say(text)

    def _watching(self, event: watching.Watching) -> None:
        self.lost = None
        self.say(f"watching {protocol.shown_code(event.code)}")

    def _reconnected(self, event: Reconnected) -> None:
        self.lost = None
        self.say(_("Connected again."))

    def _lost(self, event: ConnectionLost) -> None:
        self.lost = self.lost or time.monotonic()
        self._tell(event)

    def _game_won(self, event: watching.GameWon) -> None:
        _record(self.storage, self.watcher, {"kind": "game", "winner": str(event.winner),
                                             "points": event.points, "first": event.record["first"],
                                             "turns": event.record["turns"]})
        self._tell(event)

    def _match_over(self, event: watching.MatchOver) -> None:
        record = {"kind": "match", "winner": str(event.winner),
                  "score": {str(side): n for side, n in event.score.items()}}
        _record(self.storage, self.watcher, {**record, "ended": event.how} if event.how else record)
        self.say(event.line)


def _record(storage: Storage, watcher, record: dict) -> None:
    """A watched game or match in the records, as the players record theirs, marked watched
    (no side is this game's: `human_side` is none)."""
    o = watcher.session.options
    trouble = storage.add_record({**record, "rules": o.rules, "length": o.length,
                                  "opponent": "online", "level": "", "human_side": "",
                                  "autoplay": False, "watched": True, "room": watcher.code})
    if trouble:
        print(_("The record could not be written: {problem}.", problem=said(trouble)),
              file=sys.stderr, flush=True)
