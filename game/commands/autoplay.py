"""`main.py --data-dir D --autoplay --online ws://HOST:PORT --room new|CODE`: an online match
played headless, with no pygame - for the tests and for checking a relay by hand.

The computer plays this game's side through the real flows (PriorityFlow, GameFlow) with the
link as the dealer and the other side's thinker, exactly as the table does; the keeper saves
after every throw and move and records the finished games (opponent "online"). Restarted with
the same data folder, it takes the saved match up again and reconnects with its seat token.

The computer's level is the match's: the strongest by default (the options' level ""), or the
one `level` names (the tests use the fastest, "novice").

What it prints, one line each, flushed (the first is read by scripts and tests):
    room CODE                      as soon as the relay gave a room (host and guest)
    then, as they happen, the events' words (connection lost, friend away...), and at the end
    match over W|B SCORE-SCORE     or the words of a refusal (then exit status 3)

`main.py --data-dir D --autoplay --online URL --watch CODE` watches a room instead (`watch`):
    watching CODE                  once the relay let it in
    then every throw and move in words, the players coming and going, the watchers, each game's
    result, and at the end
    match over W|B SCORE-SCORE     as the players print it (or the words of a refusal, exit 3)
Its games go to D's records.jsonl as the players' do, with the same turns, marked "watched":
the statistics never count them.
"""
from __future__ import annotations

import random
import sys
import time

from game.play.flow import GameFlow, Stage
from game.base.i18n import _
from game.play.keeper import MatchKeeper
from game.play.match import MatchOptions, Phase, Session
from game.online import events as ev
from game.online.link import Link
from game.online import protocol, watch as watching
from game.play.players import computer_players
from game.play.priority import PriorityFlow, PriorityStage
from game.rules import RULE_NAMES, Side
from game.saves.storage import Storage, said

FRAME = 0.002          # seconds between two frames (the client's thread runs meanwhile)
SETTLE = 20.0          # seconds a finished match waits for the other to have its last move
REFUSED = 3            # exit status: the relay refused, or no relay answered
LOST_WATCH = 300.0     # seconds a watcher waits for a relay that dropped it, then gives up


class OnlinePlayer:
    """One game's side of an online match, frame by frame (`frame()`), with no screen: the
    keeper, the link, and the flow of the moment."""

    def __init__(self, keeper: MatchKeeper, link: Link, say=print):
        self.keeper, self.link, self.say = keeper, link, say
        self.flow = None
        self.over = False           # the match ended (its score, a resignation or a forfeit)
        self.failed: ev.Refused | ev.Unreachable | None = None
        self._closing_since = None
        self._in_room = False
        self._friend_gone = False   # the other game left after the match: no one to wait for

    @property
    def session(self) -> Session | None:
        return self.keeper.session

    def frame(self) -> bool:
        """One frame: the link's news, then the flow one step on. False once all is done."""
        for event in self.link.poll():
            self._event(event)
        if self.link.ended and not self.over:       # ended as the match was taken up
            for event in self.link.poll():
                self._event(event)
        if self.failed is not None:
            return False
        if self.over:
            return self._closing()
        if self.keeper.online is None:
            return True              # no match yet: the friend is awaited
        self._step()
        return True

    def _event(self, event) -> None:
        if isinstance(event, (ev.RoomOpened, ev.Offered, ev.Reconnected)) and not self._in_room:
            self._in_room = True
            self.say(f"room {self.link.code}")      # a saved match's too, once back in its room
            if isinstance(event, ev.Reconnected):
                return
        if isinstance(event, ev.Offered):
            self.link.accept()
        elif isinstance(event, ev.FriendJoined):
            self.keeper.start_online(self.link)
        elif isinstance(event, (ev.Refused, ev.Unreachable)):
            self.failed = event
            self.say(event.words.said())
        elif isinstance(event, (ev.Forfeit, ev.FriendResigned)):
            self.over = True
            self.say(event.words.said() if isinstance(event, ev.Forfeit)
                     else _("Your friend resigned: the match is yours."))
        elif isinstance(event, ev.FriendAway):
            self._friend_gone = self.over
        elif isinstance(event, ev.ConnectionLost):
            self.say(event.words.said())
        elif isinstance(event, ev.Reconnected):
            self.say(_("Connected again."))

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
              seed: int | None, length: int = 1) -> Link:
    """The saved online match's link (reconnecting with its token), or a new room or join."""
    s = keeper.session
    if s is not None and s.online is not None and s.phase is not Phase.MATCH_OVER:
        link = Link.resume(s)
        keeper.resume_online(link)
        return link
    if room == "new":
        options = MatchOptions(rules=rules or RULE_NAMES[0], length=length, opponent="online",
                               level=level, human_side=random.Random(seed).choice(list(Side)),
                               autoplay=True)
        return Link.host(url, options)
    return Link.join(url, room, rules, autoplay=True, level=level)


def run(data_dir, url: str, room: str, rules: str | None = None, seed: int | None = None,
        quit_after: float | None = None, level: str = "novice", length: int = 1) -> int:
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
    link = open_link(keeper, url, room, rules, level, seed, length)
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
          lost_after: float = LOST_WATCH) -> int:
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
    watcher = watching.Watcher(url, room)
    ends = None if quit_after is None else time.monotonic() + quit_after
    lost = None                 # since when the relay is gone (the client retries meanwhile)
    try:
        while not watcher.done:
            for event in watcher.poll():
                if isinstance(event, ev.ConnectionLost):
                    lost = lost or time.monotonic()
                elif isinstance(event, (ev.Reconnected, watching.Watching)):
                    lost = None
                _watched(event, watcher, storage, say)
            if ends is not None and time.monotonic() > ends:
                break
            if lost is not None and time.monotonic() - lost > lost_after:
                say(_("The relay has not answered for {minutes} minutes: the watch ends.",
                      minutes=round(lost_after / 60)))
                return REFUSED
            time.sleep(FRAME)
        for event in watcher.poll():        # what came with the last word
            _watched(event, watcher, storage, say)
    finally:
        watcher.close()
    return REFUSED if watcher.failed is not None else 0


def _watched(event, watcher, storage: Storage, say) -> None:
    """One event of a watched room: said, and a finished game or match recorded."""
    if isinstance(event, watching.Watching):
        say(f"watching {event.code}")
        return
    if isinstance(event, ev.Reconnected):
        say(_("Connected again."))
        return
    words = event.words
    text = words.said() if hasattr(words, "said") else str(words)
    if isinstance(event, watching.GameWon):
        _record(storage, watcher, {"kind": "game", "winner": str(event.winner),
                                   "points": event.points, "first": event.record["first"],
                                   "turns": event.record["turns"]})
    if isinstance(event, watching.MatchOver):
        record = {"kind": "match", "winner": str(event.winner),
                  "score": {str(side): n for side, n in event.score.items()}}
        _record(storage, watcher, {**record, "ended": event.how} if event.how else record)
        say(event.line)
        return
    if text:
        say(text)


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
