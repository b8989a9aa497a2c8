"""Games found on the home network (issue 37.4): a hosting game's relay announced by DNS-SD over
multicast DNS and found by name, on loopback only; without the library, or without multicast,
nothing is announced and the reason is known at once. Every wait is bounded."""
import time

import pytest

from game.online import nearby
from game.online.nearby import NO_LIBRARY, Announcer, Nearby, service_name
from online_helpers import free_port

LOOPBACK = ["127.0.0.1"]


def wait_for(check, limit: float = 8.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return check()


@pytest.mark.skipif(nearby.LIBRARY is None, reason="python-zeroconf is not installed")
@pytest.mark.slow(seconds=4)
def test_a_hosting_game_is_found_by_its_name_and_goes_when_it_stops():
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    # Only this test's game: another test's Host screen may be announcing on loopback too.
    ours = lambda: [game for game in found.games() if game[1] == url]  # noqa: E731
    found = Nearby(interfaces=LOOPBACK)
    announced = Announcer(port, "Ada", ["127.0.0.1"], interfaces=LOOPBACK)
    try:
        assert found.problem is None
        assert wait_for(lambda: ours() == [("Ada", url)]), found.games()
        assert announced.problem is None
    finally:
        announced.close()
    assert wait_for(lambda: ours() == []), "withdrawn when the room closes"
    found.close()


def test_without_the_library_nothing_is_searched_and_it_is_said(monkeypatch):
    monkeypatch.setattr(nearby, "LIBRARY", None)
    found, announced = Nearby(), Announcer(8690, "Ada", ["127.0.0.1"])
    assert found.problem == NO_LIBRARY and found.games() == []
    assert announced.problem == NO_LIBRARY and announced.ready.is_set()
    found.close()
    announced.close()


def test_where_multicast_cannot_start_it_is_said(monkeypatch):
    if nearby.LIBRARY is None:
        pytest.skip("python-zeroconf is not installed")

    def refuses(**_options):
        raise OSError("no multicast here")
    monkeypatch.setattr(nearby.LIBRARY, "Zeroconf", refuses)
    found = Nearby()
    assert found.problem == nearby.NO_MULTICAST and found.games() == []
    announced = Announcer(8690, "Ada", ["127.0.0.1"])
    assert announced.ready.wait(5) and announced.problem == nearby.NO_MULTICAST


def test_a_name_is_made_safe_for_dns_sd():
    assert service_name("Ada") == "Ada._tournecase._tcp.local."
    assert service_name("a.b\x07") == "a b._tournecase._tcp.local." and service_name("").startswith("Tourne Case")
