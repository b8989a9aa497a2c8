"""Issue 37.7, the first branch: the host's game, which runs the relay, saves, leaves and comes
back; its relay starts afresh and knows nothing of the match. The players' games give the room
its match back (each its whole history from seq 0, each vouching for the other's: docs/online.md,
"A room opened again is watched again"), so that a watcher that was following catches up and
sees the next move, and a new watch of the room is let in and sees the match from its start.
The counts of watchers come back right on both sides (issue 37, "1 watching" kept). In one
process: the relay on a thread (stopped and started again on the same port), two players and
two watchers polled in turn; every wait bounded in wall time."""
from game.online import relay, watch
from game.online.events import Reconnected, Watchers
from game.online.link import Link
from game.online.watch import (CannotFollow, Cheated, Moved, PriorityThrown, Watching,
                               WatchersCount)
from online_helpers import (Player, WatchingPlayer, code_of, folders, guest_player, host_player,
                            keeper_in, quick_retries, run_until, turns_played)  # noqa: F401


def resumed(folder, seed: int) -> Player:
    """The host's game started again on its folder, taking its saved match up."""
    keeper = keeper_in(folder, seed)
    link = Link.resume(keeper.session)
    keeper.resume_online(link)
    return Player(keeper, link)


def moves(viewer) -> list:
    return [e for e in viewer.events if isinstance(e, Moved)]


def test_a_watcher_catches_up_after_the_hosts_relay_restarted_and_a_new_watch_is_let_in(
        quick_retries, monkeypatch):
    monkeypatch.setattr(watch, "ASK_AGAIN", 0.2)
    running = relay.start_in_thread("127.0.0.1", 0)
    port, url = running.port, running.url
    players, viewers = [], []
    with folders(2) as (a, b):
        try:
            host = host_player(a, url, length=3)
            guest = guest_player(b, url, code_of(host))
            players += [host, guest]
            first = WatchingPlayer(url, code_of(host))
            viewers.append(first)
            run_until([host, guest, first], lambda: len(moves(first)) >= 3
                      and guest.link.watchers == first.watcher.watchers == 1, 60)
            host.keeper.save()                      # the host saves and leaves: its relay ends
            host.link.leave("saved")
            host.keeper.save()
            host.link.close(wait=1)
            running.stop()
            seen_before = len(moves(first))
            run_until([guest, first], lambda: Watchers(0) in guest.seen
                      and WatchersCount(0) in first.events, 20)
            assert guest.link.watchers == 0 and first.watcher.watchers == 0

            running = relay.start_in_thread("127.0.0.1", port)      # the host's game is back
            host = resumed(a, 3)
            players.append(host)
            run_until([host, guest, first],
                      lambda: len(moves(first)) > seen_before + 1
                      and guest.link.watchers == first.watcher.watchers == 1, 60)
            assert any(isinstance(e, Reconnected) for e in first.events)
            assert not any(isinstance(e, CannotFollow) for e in first.events)

            second = WatchingPlayer(url, host.link.code)        # a new watch of the room
            viewers.append(second)
            run_until([host, guest, first, second],
                      lambda: len(moves(second)) >= len(moves(first)) > seen_before + 1, 60)
            assert isinstance(second.events[0], Watching)
            assert [e for e in second.events if isinstance(e, PriorityThrown)][0].game == 0
            seen = [[(e.side, e.move) for e in moves(w)] for w in (first, second)]
            both = min(map(len, seen))      # either may have heard the latest move first
            assert seen[1][:both] == seen[0][:both]
            assert turns_played(guest) >= len(moves(first))
            assert not [e for e in first.events + second.events if isinstance(e, Cheated)]
            run_until([host, guest, first, second],
                      lambda: second.watcher.watchers == first.watcher.watchers
                      == guest.link.watchers == host.link.watchers == 2, 20)
        finally:
            for player in players:
                player.link.close()
            for viewer in viewers:
                viewer.watcher.close()
            running.stop()
