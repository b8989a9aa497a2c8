"""Whole online matches between two games through a real relay on loopback (the headless
`main.py --autoplay --online`, or in-process players): every rule set, a third player on a full
room, an unknown room, a dropped connection, the relay restarted and a game restarted
mid-match. Both data folders must then hold the same games: the same dice and the same moves.
The matches that need no relay of their own share one relay process (`shared`), each in its
own room, as players do; the relay restarted is the one a host's game runs on a thread, stopped
and started again on its port. Every wait is bounded; every process started here is killed in a
`finally`."""
import socket

import pytest

from game.commands import cli
from game.online import relay as relays
from game.online.events import ConnectionLost, FriendResigned, Reconnected
from game.rules import RULE_NAMES
from game.online.link import Link
from online_helpers import (Player, autoplay, code_of, end, finish, folders, games, guest_player,
                            host_player, keeper_in, records, relay_process, room_of, run_until,
                            turns_saved, wait_for)


@pytest.fixture(scope="module")
def shared():
    """One relay process for the matches of this module that need none of their own."""
    with relay_process() as process:
        yield process


def assert_same_match(a, b) -> None:
    """Both folders recorded one whole match, game for game: same dice, same moves, same
    winner; each side as the other's opponent, "online"."""
    ours, theirs = records(a), records(b)
    assert games(a) and games(a) == games(b)
    for kept in (ours, theirs):
        assert [r["kind"] for r in kept].count("match") == 1
        assert {r["opponent"] for r in kept} == {"online"}
    assert {r["human_side"] for r in ours[:1] + theirs[:1]} == {"W", "B"}


@pytest.mark.slow(seconds=11)
def test_every_rule_set_plays_whole_matches_through_a_real_relay(shared):
    with folders(2 * len(RULE_NAMES)) as places:
        processes = []
        try:
            for i, rules in enumerate(RULE_NAMES):
                host = autoplay(places[2 * i], shared.url, "new", "--rules", rules,
                                "--seed", str(i))
                processes.append(host)
                guest = autoplay(places[2 * i + 1], shared.url, room_of(host),
                                 "--seed", str(i + 50))
                processes.append(guest)
            for process in processes:
                status, out, err = finish(process, 180)
                assert status == 0 and out.splitlines()[-1].startswith("match over"), (out, err)
        finally:
            for process in processes:
                end(process)
        for i, rules in enumerate(RULE_NAMES):
            assert_same_match(places[2 * i], places[2 * i + 1])
            assert {r["rules"] for r in records(places[2 * i])} == {rules}


@pytest.mark.slow(seconds=5)
def test_a_third_player_finds_the_room_full_and_an_unknown_room_is_said_so(shared):
    with folders(4) as (a, b, c, d):
        host = autoplay(a, shared.url, "new", "--seed", "1")
        guest = third = unknown = None
        try:
            code = room_of(host)
            guest = autoplay(b, shared.url, code, "--seed", "2")
            assert room_of(guest) == code
            third = autoplay(c, shared.url, code)
            status, out, err = finish(third, 60)
            assert status == 3 and out == "That room is full: two players are in it already.\n", (out, err)
            unknown = autoplay(d, shared.url, "ACD-EF9" if code != "ACDEF9" else "ACD-EF7")
            status, out, err = finish(unknown, 60)
            assert status == 3 and out == "There is no room with that code: check it with your friend.\n"
            assert not records(c) and not records(d)
            for process in (host, guest):       # the match in the full room went on undisturbed
                status, out, err = finish(process, 120)
                assert status == 0, (out, err)
            assert_same_match(a, b)
        finally:
            for process in (host, guest, third, unknown):
                if process is not None:
                    end(process)


def test_a_dropped_connection_comes_back_with_its_token_and_the_match_goes_on(shared):
    with folders(2) as (a, b):
        host = host_player(a, shared.url, rules="charpentier")
        guest = guest_player(b, shared.url, code_of(host))
        try:
            run_until([host, guest], lambda: turns_saved(b) >= 6, 60)
            token = guest.link.state["token"]
            guest.link.client.drop()                   # as a network would
            run_until([host, guest], lambda: any(isinstance(e, Reconnected) for e in guest.seen), 30)
            assert any(isinstance(e, ConnectionLost) for e in guest.seen)
            assert guest.link.state["token"] == token  # the same seat
            run_until([host, guest], lambda: host.over and guest.over, 120)
            run_until([host, guest], lambda: host.link._done and guest.link._done, 30)
        finally:
            host.link.close(), guest.link.close()
        assert_same_match(a, b)


@pytest.mark.slow(seconds=6)
def test_the_relay_restarted_mid_match_and_both_games_come_back():
    """The relay a host's game runs on a thread, stopped mid-match (every connection cut) and
    started again on its port knowing no room, as when the host's game comes back: both
    games' processes reconnect with their tokens and finish the match."""
    running = relays.start_in_thread("127.0.0.1", 0, relays.Relay(limit=0))
    processes = []
    with folders(2) as (a, b):
        try:
            host = autoplay(a, running.url, "new", "--rules", "garanguet", "--seed", "3")
            processes.append(host)
            processes.append(autoplay(b, running.url, room_of(host), "--seed", "4"))
            wait_for(lambda: turns_saved(a) >= 8, 60, "the match under way")
            running.stop()
            running = relays.start_in_thread("127.0.0.1", running.port, relays.Relay(limit=0))
            for process in processes:
                status, out, err = finish(process, 120)
                assert status == 0 and "match over" in out, (out, err)
            assert_same_match(a, b)
        finally:
            for process in processes:
                end(process)
            running.stop()


@pytest.mark.slow(seconds=7)
def test_a_game_killed_mid_match_and_started_again_resumes_and_finishes(shared):
    with folders(2) as (a, b):
        processes = []
        try:
            host = autoplay(a, shared.url, "new", "--rules", "bell", "--seed", "5")
            processes.append(host)
            code = room_of(host)
            guest = autoplay(b, shared.url, code, "--seed", "6")
            processes.append(guest)
            # a Bell game can be over in 8 turns (its save then gone): killed well before
            wait_for(lambda: turns_saved(b) >= 3, 60, "the match under way")
            guest.kill()                               # no time to save anything more
            guest.wait(10)
            saved = turns_saved(b)
            again = autoplay(b, shared.url, code, "--seed", "7")
            processes.append(again)
            assert room_of(again) == code
            for process in (host, again):
                status, out, err = finish(process, 120)
                assert status == 0 and "match over" in out, (out, err)
            assert_same_match(a, b)
            assert sum(len(g[1]) for g in games(b)) >= saved
        finally:
            for process in processes:
                end(process)


@pytest.mark.slow(seconds=25)
def test_twenty_rooms_at_once_play_their_whole_matches_and_nothing_crosses_rooms(shared):
    """Twenty matches on one relay at once, each its own pair of in-process games: every match
    finishes, and each pair holds the same games as each other, and no game of another pair."""
    with folders(40) as places:
        hosts = [host_player(places[2 * i], shared.url, rules=RULE_NAMES[i % len(RULE_NAMES)],
                             seed=2 * i) for i in range(20)]
        run_until(hosts, lambda: all(h.link.code for h in hosts), 30)
        guests = [guest_player(places[2 * i + 1], shared.url, h.link.code, seed=2 * i + 1)
                  for i, h in enumerate(hosts)]
        players = hosts + guests
        try:
            run_until(players, lambda: all(p.over for p in players), 240)
            run_until(players, lambda: all(p.link._done for p in players), 30)
        finally:
            for player in players:
                player.link.close()
        assert len({h.link.code for h in hosts}) == 20
        seen = []
        for i in range(20):
            assert_same_match(places[2 * i], places[2 * i + 1])
            assert {r["rules"] for r in records(places[2 * i])} == {RULE_NAMES[i % len(RULE_NAMES)]}
            seen.append(games(places[2 * i]))
        assert all(seen[i] != seen[j] for i in range(20) for j in range(i))


def test_a_side_that_resigns_tells_the_other_and_both_record_the_match_for_the_other(shared):
    with folders(2) as (a, b):
        host = host_player(a, shared.url, rules="charpentier", length=3)
        guest = guest_player(b, shared.url, code_of(host))
        try:
            run_until([host, guest], lambda: turns_saved(b) >= 4, 60)
            guest.link.resign()
            run_until([host], lambda: host.over, 30)
        finally:
            host.link.close(), guest.link.close()
        assert any(isinstance(e, FriendResigned) for e in host.seen)
        for folder in (a, b):
            match = [r for r in records(folder) if r["kind"] == "match"]
            assert len(match) == 1 and match[0]["ended"] == "resigned"
            assert match[0]["winner"] == str(host.link.side)
            assert not (folder / "match.json").exists()


def test_no_relay_at_the_address_is_said_in_one_line():
    with folders(1) as (a,), socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))                  # a free port, where nothing listens
        url = f"ws://127.0.0.1:{probe.getsockname()[1]}"
        status, out, err = finish(autoplay(a, url, "new"), 60)
        assert status == 3 and out == ("No relay answers at that address: check it, and that "
                                       "the host's game is waiting.\n"), (out, err)
        assert not records(a)


@pytest.mark.parametrize("words", [
    ["--online", "http://127.0.0.1:8690", "--room", "new"],
    ["--online", "ws://127.0.0.1:99999", "--room", "new"],
    ["--online", "ws://127.0.0.1:8690", "--room", "ABC"],
    ["--online", "ws://127.0.0.1:8690"],
])
def test_a_bad_address_or_room_code_is_one_line_and_status_2(words, capsys, monkeypatch):
    """Answered by the command line's parsing, which `main.py` runs before anything else, in
    the system's language (its status 2 as a process: tests/test_cli.py)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    with pytest.raises(SystemExit) as done:
        cli.parse_args(["--autoplay", *words])
    out, err = capsys.readouterr()
    assert done.value.code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "(see --help)" in err, err


def test_a_resignation_made_while_the_friend_was_away_reaches_it_when_it_comes_back(shared):
    """The host's game leaves (its match saved); the guest gives up and leaves for good; the host
    started again takes its match up, and the relay gives it the resignation it held."""
    from game.online.events import FriendAway
    with folders(2) as (a, b):
        host = host_player(a, shared.url, rules="charpentier", length=3)
        guest = guest_player(b, shared.url, code_of(host))
        try:
            run_until([host, guest], lambda: turns_saved(b) >= 4, 60)
            host.link.close(wait=2.0)
            run_until([guest], lambda: any(isinstance(e, FriendAway) for e in guest.seen), 30)
            guest.link.resign()
            guest.link.close(wait=2.0)
            keeper = keeper_in(a)
            back = Player(keeper, Link.resume(keeper.session))
            keeper.resume_online(back.link)
            run_until([back], lambda: back.over, 30)
        finally:
            host.link.close(), guest.link.close()
        assert any(isinstance(e, FriendResigned) for e in back.seen)
        match = [r for r in records(a) if r["kind"] == "match"]
        assert len(match) == 1 and match[0]["ended"] == "resigned"
        assert match[0]["winner"] == str(host.link.side)
