"""What the online tests share: a real relay process on loopback (ended in a `finally`), the
headless online game (`main.py --autoplay --online`) as a process, in-process players, and a
scripted raw client for the other seat. Every wait is bounded."""
import contextlib
import json
import os
import queue
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from websockets.sync.client import connect

from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Dealt, Phase, Session, copied
from game.online import dice
from game.commands.autoplay import OnlinePlayer
from game.online.link import Link
from game.rules import IllegalMoveError, Move, Side, rule_set
from game.saves.storage import Storage

ROOT = Path(__file__).resolve().parent.parent
WAIT = 10.0            # seconds for any one answer
LIMIT = "100000"       # the relay's hellos a minute from one address: the tests reconnect a lot


def free_port() -> int:
    """A loopback port just freed: nothing listens there now (a relay that is not there)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def quick_retries(monkeypatch):
    """A client tries again at once, and never waits more than a tenth of a second between two
    tries (game/online/client.py's pauses, for a player; here a relay restarted on loopback is
    back within a moment): the tries and what they lead to are the same, sooner."""
    from game.online import client
    monkeypatch.setattr(client, "FIRST_PAUSE", 0.01)
    monkeypatch.setattr(client, "LONGEST_PAUSE", 0.1)
    monkeypatch.setattr(client, "AGAIN_PAUSE", 0.5)


def environment():
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    return env


def first_line(process, timeout: float = 30.0) -> str:
    """The process's first line on stdout, waited for at most `timeout` seconds."""
    box = []
    reader = threading.Thread(target=lambda: box.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return box[0].strip() if box else ""


def start_relay(port: int = 0):
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "relay", "--host", "127.0.0.1", "--port",
         str(port), "--limit", LIMIT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL, text=True, env=environment())
    line = first_line(process)
    if not line.startswith("relay listening on ws://127.0.0.1:"):
        end(process)
        raise AssertionError(f"the relay did not start: {line!r}, {process.poll()}")
    process.url = line.split()[-1]
    process.port = int(process.url.rsplit(":", 1)[1])
    return process


def end(process) -> None:
    if process.poll() is None:
        process.kill()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        pass
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@contextlib.contextmanager
def relay_process():
    """`main.py relay` on a free loopback port, while the block runs; killed afterwards."""
    process = start_relay()
    try:
        yield process
    finally:
        end(process)


@contextlib.contextmanager
def folders(count: int):
    """Data folders in memory where there is some (saves fsync after every move)."""
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    top = Path(tempfile.mkdtemp(prefix="online-", dir=base))
    try:
        yield [top / f"game{i}" for i in range(count)]
    finally:
        shutil.rmtree(top, ignore_errors=True)


def autoplay(folder, url: str, room: str, *options: str):
    """`main.py --autoplay --online` as a process (its stdout a pipe, lines of text)."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(folder), "--autoplay",
         "--online", url, "--room", room, "--level", "novice", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        env=environment())


def room_of(process) -> str:
    line = first_line(process)
    assert line.startswith("room "), (line, process.poll(), process.poll() is not None
                                      and process.stderr.read())
    return line.split()[1]


def finish(process, timeout: float = 120.0) -> tuple[int, str, str]:
    """Wait for the process (killed past `timeout`): its status, stdout and stderr."""
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"still playing after {timeout} s: {out[-2000:]} {err[-2000:]}")
    return process.returncode, out, err


def records(folder) -> list[dict]:
    path = Path(folder) / "records.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def games(folder) -> list[tuple]:
    """The finished games of a data folder: who threw first, every (dice, move), the winner."""
    return [(r["first"], r["turns"], r["winner"], r["points"]) for r in records(folder)
            if r["kind"] == "game"]


# In-process players ---------------------------------------------------------------------------

def keeper_in(folder, seed: int = 0) -> MatchKeeper:
    storage = Storage(folder, validate_match=Session.from_dict, demo=True)
    storage.load_settings()
    keeper = MatchKeeper(storage, lambda text: None, random.Random(seed))
    keeper.load()
    return keeper


class Player(OnlinePlayer):
    """An in-process online player that keeps every event it saw."""

    def __init__(self, keeper, link):
        self.seen = []
        self.lines = []
        super().__init__(keeper, link, self.lines.append)
        poll = link.poll

        def kept():
            got = poll()
            self.seen.extend(got)
            return got
        link.poll = kept


def host_player(folder, url, rules="charpentier", length=1, side=Side.WHITE, seed=0) -> Player:
    options = MatchOptions(rules=rules, length=length, opponent="online", level="novice",
                           human_side=side, autoplay=True)
    return Player(keeper_in(folder, seed), Link.host(url, options))


def guest_player(folder, url, code, rules=None, seed=1) -> Player:
    return Player(keeper_in(folder, seed), Link.join(url, code, rules, autoplay=True, level="novice"))


class _News:
    """Set by `wake()` when a client thread brings a message (game/base/wake.py): a loop with
    nothing to do waits for it instead of sleeping a fixed while."""

    def __init__(self):
        self.event = threading.Event()

    @contextlib.contextmanager
    def hooked(self):
        from game.base import wake
        before = wake._hook

        def hook():
            self.event.set()
            if before is not None:
                before()
        wake.set_waker(hook)
        try:
            yield self.event
        finally:
            wake.set_waker(before)


NEWS = _News()
IDLE_WAIT = 0.02       # seconds a loop with nothing to do waits at most for a client's news


def mark(player) -> tuple:
    """What changes when a player did something this frame: its events, its flow's stage, what
    its link sent and took in (a frame that changes none of them waits for news)."""
    link = getattr(player, "link", None)
    state = getattr(link, "state", None) or {}
    flow = getattr(player, "flow", None)
    keeper = getattr(player, "keeper", None)
    session = getattr(keeper, "session", None)
    return (len(getattr(player, "seen", ())), len(getattr(player, "events", ())),
            id(flow), getattr(flow, "stage", None), getattr(session, "phase", None),
            state.get("sent"), state.get("have"), getattr(link, "_flushed", None),
            getattr(link, "unsaved", None), getattr(player, "over", None))


def run_until(players, done, timeout: float = 60.0, pause: float = IDLE_WAIT) -> None:
    """Frames for every player, in turn, until `done()` (AssertionError past `timeout`). A
    round of frames in which no player did anything waits for a client's news (at most
    `pause` seconds) instead of sleeping blindly."""
    ends = time.monotonic() + timeout
    running = list(players)
    with NEWS.hooked() as news:
        while not done():
            assert time.monotonic() < ends, f"not done after {timeout} s"
            news.clear()
            before = [mark(p) for p in running]
            for player in list(running):
                if not player.frame():
                    running.remove(player)
            if [mark(p) for p in running] == before[:len(running)] and len(running) == len(before):
                news.wait(pause)
            else:
                time.sleep(0)          # the client threads' turn for the interpreter


def code_of(player, timeout: float = WAIT) -> str:
    run_until([player], lambda: player.link.code, timeout)
    return player.link.code


# One recorded match, shared ----------------------------------------------------------------------

LOGGED = ("accept", "commit", "reveal", "move", "resign", "away")


def recording(seat: str, log: list):
    """A client factory whose clients note every peer message they send, once per seq."""
    from game.online.client import Client
    noted = set()                        # the seqs noted already (a message resent is not)

    def factory(url, hello, **options):
        client = Client(url, hello, **options)
        send = client.send

        def sent(message):
            if message.get("type") in LOGGED and message["seq"] not in noted:
                noted.add(message["seq"])
                log.append((seat, dict(message)))
            send(message)
        client.send = sent
        return client
    return factory


def saves_and_sends(player) -> tuple[list, list]:
    """Every save of the player's storage, as (what it saved, how many messages had gone out
    before it), and every message its link put on the wire."""
    keeper, link = player.keeper, player.link
    saves, sent = [], []
    send = link.client.send
    link.client.send = lambda message: sent.append(message) or send(message)
    save = keeper.storage.save_match

    def save_match(data):
        saves.append((copied(data), len(sent)))      # as it was then: the save shares the session's lists
        return save(data)
    keeper.storage.save_match = save_match
    return saves, sent


class WatchingPlayer:
    """A watcher as one more player of run_until: polled each frame, its events kept."""

    def __init__(self, url, code):
        from game.online.watch import Watcher
        self.watcher = Watcher(url, code)
        self.events = []

    def frame(self) -> bool:
        self.events += self.watcher.poll()
        return True


def turns_played(player) -> int:
    s = player.session
    return 0 if s is None else (sum(len(g["turns"]) for g in s.match.games)
                                + len(s.record.get("turns", ())))


WATCH_FROM = {"before-the-first-move": 0, "mid-match": 12}    # turns played when each comes
_SHARED: dict = {}


def shared_match() -> dict:
    """One match of 3 points of Tourne Case (Charpentier), the host Black, played once per test
    process through a loopback relay and read by the watcher's, the watch screen's, the
    rematch's and the saves' tests (none changes it): the peer messages in the order they went
    (`log`), the room's `options`, each side's finished `games` and `records`, each side's saves
    and messages on the wire (`watched`: host's, guest's), each side's printed `lines`, and two
    live watchers on the relay (`watchers`, by WATCH_FROM's names: one from before the first
    move, one from the middle of the match)."""
    if _SHARED:
        return _SHARED
    from game.online import relay
    from game.online.link import wire_options
    running = relay.start_in_thread("127.0.0.1", 0)
    log = []
    options = MatchOptions(rules="charpentier", length=3, opponent="online", level="novice",
                           human_side=Side.BLACK, autoplay=True)
    try:
        with folders(2) as (a, b):
            host = Player(keeper_in(a, 0), Link.host(running.url, options,
                                                       client_factory=recording("host", log)))
            host.watched = saves_and_sends(host)
            run_until([host], lambda: host.link.code, 10)
            code = host.link.code
            guest = Player(keeper_in(b, 1),
                           Link.join(running.url, code, "charpentier", autoplay=True,
                                     level="novice", client_factory=recording("guest", log)))
            guest.watched = saves_and_sends(guest)
            first = WatchingPlayer(running.url, code)
            players = [host, guest, first]
            run_until(players, lambda: turns_played(host) >= WATCH_FROM["mid-match"], 60)
            middle = WatchingPlayer(running.url, code)
            players.append(middle)
            run_until(players, lambda: host.over and guest.over and all(
                w.watcher.over or w.watcher.failed for w in (first, middle)), 120)
            for player in (host, guest):
                player.link.close()
            _SHARED.update(log=log, options=wire_options(options), games=games(a),
                           guest_games=games(b), records=(records(a), records(b)),
                           watched=(host.watched, guest.watched), rules="charpentier",
                           lines=(host.lines, guest.lines),
                           watchers={"before-the-first-move": first, "mid-match": middle})
    finally:
        running.stop()
    return _SHARED


# A scripted raw client for the other seat -------------------------------------------------------

class RawGuest:
    """The guest's seat played by hand over a raw WebSocket: honest by default (it commits,
    reveals and moves as docs/online.md says, keeping its own session), with hooks a test
    overrides to cheat."""

    def __init__(self, url: str, code: str, rules: str = "charpentier"):
        self._connection = contextlib.ExitStack()
        self.ws = self._connection.enter_context(connect(url, open_timeout=WAIT, close_timeout=1))
        self.seq = 0
        self.have = 0
        self.session: Session | None = None
        self.secrets: dict = {}
        self.theirs: dict = {}
        self.incoming: queue.Queue = queue.Queue()
        self.send_raw({"type": "hello", "protocol": 1, "version": _version(),
                       "game": rule_set(rules).game, "rules": rules, "room": code})
        room = self.receive("room")
        options = room["options"]
        self.side = Side.WHITE if options["host_side"] == "black" else Side.BLACK
        self.session = Session.new(MatchOptions(rules=options["rules"], length=options["length"],
                                                opponent="online", human_side=self.side,
                                                touch_move=options["touch_move"]), 0)

    def accept(self) -> None:
        self.send({"type": "accept"})

    def send_raw(self, message: dict) -> None:
        self.ws.send(json.dumps(message))

    def send(self, message: dict) -> None:
        self.send_raw({**message, "seq": self.seq})
        self.seq += 1

    def receive(self, *kinds, timeout: float = WAIT) -> dict:
        ends = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(ends - time.monotonic(), 0.01)))
            if message["type"] in kinds:
                return message

    def close(self) -> None:
        self._connection.close()

    # the honest moves, which a test overrides to cheat ---------------------------------------
    def secret(self, key) -> str:
        return self.secrets.setdefault(key, dice.new_secret())

    def reveal(self, key) -> str:
        return self.secret(key)

    def choose(self, key, moves) -> tuple:
        """(turn, move text) to send at our turn `key`."""
        return list(key), str(moves[0]) if moves and moves[0].steps else ""

    def play(self, until, timeout: float = 30.0) -> None:
        """Play on (answering the host's commitments, reveals and moves) until `until()`."""
        ends = time.monotonic() + timeout
        while not until():
            assert time.monotonic() < ends, "the scripted guest played too long"
            try:
                message = self.receive("commit", "reveal", "move", "resign", "sync",
                                       timeout=0.2)
            except TimeoutError:
                continue
            except Exception:             # the host closed: the test looks at why
                return
            self.take(message)

    def take(self, message: dict) -> None:
        kind = message["type"]
        if kind == "sync":
            return
        self.have += 1
        s = self.session
        if kind == "commit":
            key = tuple(message["throw"])
            self.send({"type": "commit", "throw": list(key),
                       "hash": dice.commitment(self.secret(key))})
        elif kind == "reveal":
            key = tuple(message["throw"])
            self.theirs[key] = message["secret"]
            self.send({"type": "reveal", "throw": list(key), "secret": self.reveal(key)})
            self.deal(key)
        elif kind == "move":
            s.play(Move.parse(message["move"]))
            self.after_move()

    def deal(self, key) -> None:
        s = self.session
        host, guest = self.theirs[key], self.secrets[key]
        seed = dice.physics_seed(host, guest, key)
        if key[1] < 0:
            s.next_throw = Dealt(tuple(dice.priority_rounds(host, guest, key)), seed)
            while s.phase is Phase.PRIORITY:
                s.throw_priority()
            return
        s.next_throw = Dealt(tuple(dice.faces(host, guest, key, s.rules.dice_count)), seed)
        s.throw()
        if s.to_move is self.side:
            turn, text = self.choose(key, s.legal_moves())
            self.send({"type": "move", "turn": turn, "move": text})
            try:
                s.play(Move.parse(text))      # a move the rules refuse stays unplayed here
            except IllegalMoveError:
                return
            self.after_move()

    def after_move(self) -> None:
        if self.session.phase is Phase.GAME_OVER:
            self.session.next_game()


def illegal_move(session: Session) -> str:
    """A move the rules refuse with the session's dice, though it is one for other dice."""
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                other = (a, b, c)[:session.rules.dice_count]
                for move in session.rules.legal_moves(session.position, other):
                    try:
                        session.rules.apply(session.position, move, session.dice)
                    except IllegalMoveError:
                        return str(move)
    raise AssertionError("no illegal move found")


def _version() -> str:
    from game.online import protocol
    return protocol.GAME_VERSION


def turns_saved(folder) -> int:
    """How far the match saved in `folder` has gone: turns played in all its games (0 when
    there is no save, or it is being written)."""
    try:
        data = json.loads((Path(folder) / "match.json").read_text())["data"]
        return sum(len(g["turns"]) for g in data["games"]) + len(data["record"].get("turns", ()))
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def wait_for(check, timeout: float = 60.0, what: str = "") -> None:
    ends = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < ends, f"waited {timeout} s for {what or check}"
        time.sleep(0.05)
