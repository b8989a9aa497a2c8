"""Issue 30, item 1: never stuck. Both games saved and left; the guest's game takes the match up
first, while no relay listens at the saved address (the host's game runs it and has not started
again): it says so and keeps trying, and is back by itself once a relay listens there; the match
then plays to its end. A new join, by contrast, gives up and says so (the Join screen's Join
tries again). Loopback only, every wait bounded."""

from game.online.client import Client
from game.online.events import ConnectionLost, Reconnected, Unreachable
from game.online.link import Link
from online_helpers import (Player, code_of, end, folders, free_port, guest_player, host_player,  # noqa: F401
                            keeper_in, quick_retries, run_until, start_relay, turns_saved)


def resumed(folder, seed: int) -> Player:
    """A game started again on its folder, taking its saved online match up (as autoplay and
    the title's Continue do)."""
    keeper = keeper_in(folder, seed)
    link = Link.resume(keeper.session)
    keeper.resume_online(link)
    return Player(keeper, link)


def test_a_guest_that_continues_before_the_host_comes_back_once_the_relay_listens(quick_retries):
    relay = start_relay()
    port = relay.port
    players = []
    with folders(2) as (a, b):
        try:
            host = host_player(a, relay.url)
            guest = guest_player(b, relay.url, code_of(host))
            players += [host, guest]
            run_until([host, guest], lambda: turns_saved(b) >= 4, 60)
            for player in (host, guest):
                player.keeper.save()
                player.link.close(wait=1)
            end(relay)                                   # the host's game (and relay) gone
            guest = resumed(b, 2)                        # the guest's game comes back first
            players.append(guest)
            said = lambda: [e for e in guest.seen if isinstance(e, ConnectionLost)]  # noqa: E731
            run_until([guest], lambda: said(), 30)
            assert "No relay answers at that address yet" in str(said()[0].words)
            assert not guest.failed and not guest.link._done     # still trying
            assert not any(isinstance(e, Unreachable) for e in guest.seen)
            relay = start_relay(port)                    # the host's game starts it again
            host = resumed(a, 3)
            players.append(host)
            run_until([host, guest], lambda: any(isinstance(e, Reconnected) for e in guest.seen), 30)
            run_until([host, guest], lambda: host.over and guest.over, 120)
            assert host.session.match.games == guest.session.match.games
        finally:
            for player in players:
                player.link.close()
            end(relay)


def test_a_new_join_where_no_relay_listens_gives_up_and_says_so(quick_retries):
    port = free_port()                      # nothing listens there now
    with folders(1) as (folder,):
        guest = guest_player(folder, f"ws://127.0.0.1:{port}", "ACDEF9")
        try:
            run_until([guest], lambda: guest.failed is not None, 30)
            assert isinstance(guest.failed, Unreachable)
        finally:
            guest.link.close()


def test_the_client_keeps_trying_only_when_told_to():
    port = free_port()
    hello = {"type": "hello"}
    giving_up = Client(f"ws://127.0.0.1:{port}", hello, first_tries=2)
    trying = Client(f"ws://127.0.0.1:{port}", hello, first_tries=2, keep_trying=True)
    try:
        assert giving_up.inbox.get(timeout=10) == ("unreachable",)
        assert trying.inbox.get(timeout=10) == ("unreachable",)
        giving_up._thread.join(5)
        assert not giving_up.alive() and trying.alive()
    finally:
        giving_up.close()
        trying.close()
