"""Watching a room (game/online/watch.py): the watcher replays a match from the relay's log and
checks it as the players do. Here the log is recorded from a real match between two in-process
games through a loopback relay (every peer message each game put on the wire, in the order
they went), then shown to a watcher as the relay shows it (`watching`, then each as `seen`):
from the start, from the middle, seen twice after a reconnection, and with one side cheating
(how the watcher names it: every cheat is tried once on the match's referee, which the watcher
keeps, in tests/test_referee.py). Every wait is bounded."""
import json
import queue

import pytest

from game.online import dice
from game.online.watch import (Cheated, GameWon, MatchOver, Moved, PlayersPresent, PriorityThrown, Thrown, Watcher, Watching)
from game.online.protocol import read
from game.rules import Side
from online_helpers import WATCH_FROM, games, shared_match  # noqa: F401


@pytest.fixture(scope="module")
def relay_url():
    from game.online import relay
    running = relay.start_in_thread("127.0.0.1", 0)
    try:
        yield running.url
    finally:
        running.stop()


@pytest.fixture(scope="module")
def recorded():
    """One match of 3 points of Tourne Case (Charpentier), the host Black, recorded once for
    the test process (online_helpers.shared_match)."""
    return shared_match()


class FakeClient:
    """What the relay would send a watcher, put in its inbox by the test (as JSON text, read
    as the watcher's client reads it)."""

    def __init__(self, url, code):
        self.inbox = queue.Queue()
        self.closed = False

    def put(self, message: dict) -> None:
        self.inbox.put(("message", read(json.dumps(message))))

    def close(self, wait=0.0):
        self.closed = True


def watching(recorded, watchers=1, host=True, guest=True) -> dict:
    return {"type": "watching", "code": "ACDEF9", "rules": recorded["rules"],
            "options": recorded["options"], "watchers": watchers,
            "players": {"host": host, "guest": guest}}


def seen(seat, message) -> dict:
    return {"type": "seen", "seat": seat, "message": message}


def watcher_of() -> Watcher:
    return Watcher("ws://127.0.0.1:1", "acd-ef9", client_factory=FakeClient)


def watched_games(watcher) -> list:
    return [(r["first"], r["turns"], r["outcome"]["winner"], r["outcome"]["points"])
            for r in watcher.session.match.games]


def test_a_watcher_from_the_first_move_ends_with_the_players_turns(recorded):
    assert recorded["games"] == recorded["guest_games"] and len(recorded["games"]) >= 2
    watcher = watcher_of()
    watcher.client.put(watching(recorded))
    events = watcher.poll()
    assert isinstance(events[0], Watching) and events[0].options.length == 3
    for seat, message in recorded["log"]:      # live: one message at a time
        watcher.client.put(seen(seat, message))
        events += watcher.poll()
    assert watched_games(watcher) == recorded["games"]
    kinds = [type(e) for e in events]
    assert kinds.count(PriorityThrown) == len(recorded["games"])
    assert kinds.count(GameWon) == len(recorded["games"])
    moved = [e for e in events if isinstance(e, Moved)]
    assert len(moved) == sum(len(g[1]) for g in recorded["games"])
    assert kinds.count(Thrown) == len(moved)
    assert all(str(e.words) for e in events), "every event can be said"
    over = events[-1]
    assert isinstance(over, MatchOver) and not over.how
    winner = Side(recorded["games"][-1][2])
    assert over.winner is winner and over.score[winner] >= 3
    assert over.line.startswith(f"match over {winner} ")
    assert watcher.client.closed and watcher.done
    assert not any(isinstance(e, Cheated) for e in events)


def test_a_watcher_joining_mid_match_catches_up_then_goes_live(recorded):
    """The relay sends the log so far at once, then the rest as it happens; after a dropped
    connection, the whole log again: each message is used once."""
    log = recorded["log"]
    half = len(log) // 2
    watcher = watcher_of()
    watcher.client.put(watching(recorded))
    for seat, message in log[:half]:
        watcher.client.put(seen(seat, message))
    caught_up = watcher.poll()
    assert any(isinstance(e, Moved) for e in caught_up)
    watcher.client.inbox.put(("lost",))
    watcher.client.put(watching(recorded, watchers=2))
    for seat, message in log[:half + 5]:        # the log again, and a little more
        watcher.client.put(seen(seat, message))
    watcher.poll()
    for seat, message in log[half + 5:]:
        watcher.client.put(seen(seat, message))
        watcher.poll()
    assert watched_games(watcher) == recorded["games"]
    assert watcher.over is not None


def test_the_dice_and_their_physics_are_the_players(recorded):
    """Each throw's faces and seed, from both secrets, are the ones the players' games used."""
    watcher = watcher_of()
    watcher.client.put(watching(recorded))
    for seat, message in recorded["log"]:
        watcher.client.put(seen(seat, message))
    events = watcher.poll()
    thrown = [e.dice for e in events if isinstance(e, Thrown)]
    assert thrown == [tuple(d) for g in recorded["games"] for d, _move in g[1]]
    secrets = {}
    for seat, message in recorded["log"]:
        if message["type"] == "reveal":
            secrets[(seat, tuple(message["throw"]))] = message["secret"]
    first = next(e for e in events if isinstance(e, Thrown))
    assert first.seed == dice.physics_seed(secrets[("host", first.key)],
                                           secrets[("guest", first.key)], first.key)


def cheat_log(recorded, change):
    """The recorded log with one message changed by `change(seat, message)` (None: unchanged);
    the index and seat of the first one changed."""
    log, changed = [], None
    for seat, message in recorded["log"]:
        new = change(seat, message) if changed is None else None
        if new is not None:
            changed = (len(log), seat)
            message = new
        log.append((seat, message))
    return log, changed


def watch_log(recorded, log) -> list:
    watcher = watcher_of()
    watcher.client.put(watching(recorded))
    for seat, message in log:
        watcher.client.put(seen(seat, message))
    return watcher.poll()


def test_a_reveal_that_does_not_match_its_commitment_is_named(recorded):
    def bad_secret(seat, message):
        if seat == "guest" and message["type"] == "reveal" and message["throw"][1] >= 2:
            return {**message, "secret": dice.new_secret()}
    log, (index, seat) = cheat_log(recorded, bad_secret)
    events = watch_log(recorded, log)
    cheats = [e for e in events if isinstance(e, Cheated)]
    guest_side = Side.WHITE     # the host plays Black in the recorded match
    assert [(c.side, c.reason) for c in cheats] == [(guest_side, "bad-reveal")]
    assert "does not match" in cheats[0].words
    assert isinstance(events[-1], MatchOver) and events[-1].winner is Side.BLACK
    assert events[-1].how == "forfeit: bad-reveal"


def test_a_move_the_rules_refuse_is_named(recorded):
    def bad_move(seat, message):
        if seat == "host" and message["type"] == "move" and message["move"]:
            return {**message, "move": "9-12"}
    log, (index, seat) = cheat_log(recorded, bad_move)
    events = watch_log(recorded, log)
    cheats = [e for e in events if isinstance(e, Cheated)]
    assert [(c.side, c.reason, c.move) for c in cheats] == [(Side.BLACK, "illegal-move", "9-12")]
    assert "9-12" in cheats[0].words
    assert events[-1].winner is Side.WHITE


def test_players_coming_and_going_and_the_watchers_are_said(recorded):
    watcher = watcher_of()
    watcher.client.put(watching(recorded, watchers=3, guest=False))
    events = watcher.poll()
    assert isinstance(events[0], Watching) and events[0].watchers == 3
    assert isinstance(events[1], PlayersPresent) and events[1].changed == (Side.WHITE,)
    # issue 37.7: a side not come yet has not "left the room" (it would be said before it comes)
    assert "White's game is not in the room now" in events[1].words
    assert "left" not in events[1].words
    watcher.client.put({"type": "players", "host": True, "guest": True})
    watcher.client.put({"type": "watchers", "count": 4})
    events = watcher.poll()
    assert "White's game is in the room" in events[0].words
    assert events[1].count == 4 and "4 watching" in events[1].words


@pytest.mark.parametrize("reason, said", [("watchers-full", "as many watchers"),
                                          ("no-record", "from its start"),
                                          ("no-such-room", "no room with that code")])
def test_a_refusal_is_said_and_ends_the_watch(reason, said):
    watcher = watcher_of()
    watcher.client.put({"type": "refused", "reason": reason, "detail": ""})
    events = watcher.poll()
    assert events[0].reason == reason and said in events[0].words
    assert watcher.failed is events[0] and watcher.done


# Headless: `main.py --autoplay --online URL --watch CODE` (game/commands/autoplay.py: watch) --

def test_the_headless_watch_says_the_match_and_records_it_watched(recorded, monkeypatch, tmp_path):
    """`watching CODE` first, the words of each throw and move, `match over` last as the
    players print it; the watched games in the records with the players' turns, marked watched,
    and no statistics from them."""
    from game.commands import autoplay
    from game.online import watch
    from game.saves import stats
    from game.saves.storage import Storage
    from online_helpers import records

    class Replayed(FakeClient):
        def __init__(self, url, code):
            super().__init__(url, code)
            self.put(watching(recorded))
            for seat, message in recorded["log"]:
                self.put(seen(seat, message))
    monkeypatch.setattr(watch, "WatchClient", Replayed)
    lines = []
    assert autoplay.watch(tmp_path, "ws://127.0.0.1:1", "acd-ef9", quit_after=60,
                          say=lines.append) == 0
    assert lines[0] == "watching ACD-EF9"
    winner = recorded["games"][-1][2]
    assert lines[-1].startswith(f"match over {winner} ") and lines.count(lines[-1]) == 1
    assert any(line.startswith("White throws") for line in lines)
    assert any("wins the game" in line for line in lines)
    kept = records(tmp_path)
    assert [(r["first"], r["turns"], r["winner"], r["points"]) for r in kept
            if r["kind"] == "game"] == recorded["games"]
    assert [r["kind"] for r in kept].count("match") == 1
    assert all(r["watched"] is True and r["opponent"] == "online" for r in kept)
    figures = stats.compute(Storage(tmp_path).records()[0])
    assert (figures.online.games_played, figures.online.matches_played) == (0, 0)


def test_the_headless_watch_of_no_relay_or_no_code_is_one_line_and_status_3(tmp_path):
    import socket
    from game.commands import autoplay
    with socket.socket() as probe:          # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    lines = []
    assert autoplay.watch(tmp_path, f"ws://127.0.0.1:{port}", "ACDEF9", quit_after=30,
                          say=lines.append) == 3
    assert len(lines) == 1 and "No relay answers" in lines[0]
    lines = []
    assert autoplay.watch(tmp_path, f"ws://127.0.0.1:{port}", "not a code", say=lines.append) == 3
    assert len(lines) == 1 and "no room with that code" in lines[0]


def test_the_headless_watch_gives_up_on_a_relay_gone_for_good(recorded, monkeypatch, tmp_path):
    """Let in, then the relay gone and never back: after `lost_after` seconds one line and
    status 3, not a watch that waits for ever."""
    from game.commands import autoplay
    from game.online import watch

    class Dropped(FakeClient):
        def __init__(self, url, code):
            super().__init__(url, code)
            self.put(watching(recorded))
            self.inbox.put(("lost",))
    monkeypatch.setattr(watch, "WatchClient", Dropped)
    lines = []
    assert autoplay.watch(tmp_path, "ws://127.0.0.1:1", "ACDEF9", quit_after=30, say=lines.append,
                          lost_after=0.2) == 3
    assert lines[0] == "watching ACD-EF9"
    assert lines[-1].startswith("The relay has not answered for") and len(lines) == 3


# Live: a watcher on a real relay (in a thread, loopback) while two in-process games play ------

def relay_supports_watching() -> bool:
    from game.online import relay
    return hasattr(relay.Relay, "take_watch")


live = pytest.mark.skipif(not relay_supports_watching(), reason="the relay lacks watching")


@live
@pytest.mark.parametrize("join_after", sorted(WATCH_FROM, key=WATCH_FROM.get))
def test_a_live_watcher_ends_with_the_players_turns(recorded, join_after):
    """Joining before the first move, or once the match has gone some turns (caught up from the
    relay's log, then live): the watcher's games are the players' own, turn for turn (two
    watchers of the shared match, on its relay)."""
    watching_ = recorded["watchers"][join_after]
    watcher = watching_.watcher
    assert watcher.failed is None and watcher.over is not None
    assert isinstance(watching_.events[0], Watching)
    assert recorded["games"] == recorded["guest_games"] == watched_games(watcher)
    host_lines, guest_lines = recorded["lines"]
    assert watcher.over.line == host_lines[-1] == guest_lines[-1]
    assert not any(isinstance(e, Cheated) for e in watching_.events)


def watch_process(folder, url: str, code: str, *options: str):
    """`main.py --autoplay --online URL --watch CODE` as a process (stdout: lines of text)."""
    import subprocess
    import sys
    from online_helpers import ROOT, environment
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(folder), "--autoplay",
         "--online", url, "--watch", code, *options], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=environment())


def cli_watches() -> bool:
    from game.commands import cli
    with open(cli.__file__, encoding="utf-8") as source:
        return '"--watch"' in source.read()


@live
@pytest.mark.skipif(not cli_watches(), reason="the command line lacks --watch")
def test_main_py_watch_prints_the_match_and_records_the_players_turns():
    """Two headless games play through a relay process; a third watches: `watching CODE` first
    (flushed), `match over` last, the same line as the players'; its records hold the players'
    turns, marked watched. Then a code with no room: one line, status 3."""
    from online_helpers import (autoplay, finish, first_line, folders, records,
                                relay_process, room_of)
    with relay_process() as relay, folders(4) as (a, b, c, d):
        processes = []
        try:
            host = autoplay(a, relay.url, "new", "--seed", "4")
            processes.append(host)
            code = room_of(host)
            watcher = watch_process(c, relay.url, code)
            processes.append(watcher)
            assert first_line(watcher) == f"watching {code}"
            guest = autoplay(b, relay.url, code, "--seed", "5")
            processes.append(guest)
            results = [finish(p) for p in (host, guest, watcher)]
        finally:
            from online_helpers import end
            for process in processes:
                end(process)
        (h, h_out, _), (g, g_out, _), (w, w_out, w_err) = results
        assert (h, g, w) == (0, 0, 0), w_err
        last = w_out.strip().splitlines()[-1]
        assert last.startswith("match over ") and last == h_out.strip().splitlines()[-1]
        assert games(a) == games(b) == games(c)
        assert all(r["watched"] is True for r in records(c))
        nobody = watch_process(d, relay.url, "ACD-EF9")
        status, out, _err = finish(nobody, 30)
        assert status == 3 and len(out.strip().splitlines()) == 1 and "no room" in out


def test_a_game_gone_with_save_and_leave_is_said(recorded):
    """Its `away` ("saved") is said; the match goes on when it comes back."""
    log = list(recorded["log"])
    index = next(i for i, (s, m) in enumerate(log) if s == "guest" and m["type"] == "move")
    seq = log[index][1]["seq"]
    away = ("guest", {"type": "away", "turn": log[index][1]["turn"], "why": "saved", "seq": seq + 1})
    later = [(s, {**m, "seq": m["seq"] + 1} if s == "guest" and m["seq"] > seq else m)
             for s, m in log[index + 1:]]
    events = watch_log(recorded, log[:index + 1] + [away] + later)
    said = [e for e in events if type(e).__name__ == "LeftSaved"]
    assert len(said) == 1 and said[0].side is Side.WHITE and "to take it up later" in said[0].words
    assert isinstance(events[-1], MatchOver) and not any(isinstance(e, Cheated) for e in events)


def test_a_game_gone_again_and_again_before_it_plays_is_said_once(recorded):
    """A room opened again resends each game's history, every `away` in it (played by hand: five
    "White's game left" in the history); a side's leaving is said once until it plays again."""
    log = list(recorded["log"])
    moves = [i for i, (s, m) in enumerate(log) if s == "guest" and m["type"] == "move"]
    inserts = {moves[0]: 3, moves[1]: 1}       # three aways, a move, one away
    out, last = [], None
    for i, (seat, message) in enumerate(log):
        if seat == "guest":
            last = {**message, "seq": len([1 for s, _ in out if s == "guest"])}
            out.append((seat, last))
        else:
            out.append((seat, message))
        for _ in range(inserts.get(i, 0)):
            out.append(("guest", {"type": "away", "turn": last["turn"], "why": "saved",
                                  "seq": len([1 for s, _ in out if s == "guest"])}))
    events = watch_log(recorded, out)
    said = [e for e in events if type(e).__name__ == "LeftSaved"]
    assert len(said) == 2 and all(e.side is Side.WHITE for e in said), said
    assert isinstance(events[-1], MatchOver) and not any(isinstance(e, Cheated) for e in events)


def test_after_a_move_the_watcher_names_the_side_to_throw_next(recorded):
    """Issue 37.7: the watcher's top bar said "Black - to play" after Black had moved, until the
    next throw; each move now says who throws next - the side of the throw that follows."""
    watcher = watcher_of()
    watcher.client.put(watching(recorded))
    for seat, message in recorded["log"]:
        watcher.client.put(seen(seat, message))
    events = watcher.poll()
    moved = [i for i, e in enumerate(events) if isinstance(e, Moved)]
    assert moved
    for i in moved:
        following = next((e for e in events[i + 1:] if isinstance(e, (Thrown, GameWon))), None)
        if isinstance(following, Thrown):
            assert events[i].next is following.side
        else:
            assert events[i].next is None          # the game is over: nobody throws in it


def test_the_watcher_reads_the_players_names_and_checks_them_again(recorded):
    watcher = watcher_of()
    watcher.client.put({**watching(recorded), "names": {"host": "Ada", "guest": "Eve\u202e"}})
    watcher.poll()
    host = watcher.sides["host"]
    assert watcher.name_of(host) == "Ada" and watcher.name_of(host.other) is None
    watcher.client.put({"type": "players", "host": True, "guest": True,
                        "names": {"host": "Ada", "guest": "Bob"}})
    watcher.poll()
    assert watcher.name_of(host.other) == "Bob"
