"""Issue 30, item 3: Save and leave, a game killed, and Abandon read apart on the friend's
screen. A game that saves and leaves sends `away` ("saved") - numbered and saved like every
message, then sent - and the friend's link says FriendAway("saved"); a game killed says nothing
(FriendAway("")); Abandon sends `away` ("abandoned") before its `resign`. A game that saved and
left comes back and the match plays on to its end: the `away` counted in the sequence never
leaves a gap. Loopback only, every wait bounded."""
from game.online.events import FriendAway, FriendResigned
from game.online.link import Link
from game.scenes.online.playing import AWAY_WORDS
from online_helpers import (Player, code_of, folders, guest_player, host_player, keeper_in,
                            relay_process, run_until, turns_saved)


def away_of(player) -> list[str]:
    return [e.why for e in player.seen if isinstance(e, FriendAway)]


def save_and_leave(player) -> None:
    """What the game does on Save and leave: the `away`, saved, then on the wire as it closes."""
    assert player.link.leave("saved")
    player.keeper.save()
    player.link.close(wait=1)


def test_save_and_leave_is_said_apart_from_a_game_killed_and_the_match_goes_on():
    with relay_process() as relay, folders(2) as (a, b):
        host = host_player(a, relay.url)
        guest = guest_player(b, relay.url, code_of(host))
        players = [host, guest]
        try:
            run_until([host, guest], lambda: turns_saved(b) >= 4, 60)
            save_and_leave(guest)
            run_until([host], lambda: away_of(host), 20)
            assert away_of(host) == ["saved"]
            again = keeper_in(b, 5)                       # the guest's game started again
            link = Link.resume(again.session)
            again.resume_online(link)
            guest = Player(again, link)
            players.append(guest)
            run_until([host, guest], lambda: turns_saved(b) >= 8 or guest.over, 60)
            guest.link.close()                            # killed: nothing said
            run_until([host], lambda: len(away_of(host)) == 2, 20)
            assert away_of(host) == ["saved", ""]
            again = keeper_in(b, 6)
            link = Link.resume(again.session)
            again.resume_online(link)
            guest = Player(again, link)
            players.append(guest)
            run_until([host, guest], lambda: host.over and guest.over, 120)
            assert host.session.match.games == guest.session.match.games
        finally:
            for player in players:
                player.link.close()


def test_abandon_says_abandoned_then_resigns():
    with relay_process() as relay, folders(2) as (a, b):
        host = host_player(a, relay.url)
        guest = guest_player(b, relay.url, code_of(host))
        try:
            run_until([host, guest], lambda: turns_saved(b) >= 2, 60)
            guest.link.resign()
            run_until([host], lambda: host.over, 20)
            assert any(isinstance(e, FriendResigned) for e in host.seen)
            assert host.link._away_why == "abandoned"
            kinds = [m["type"] for m in guest.link.state["outbox"]]
            assert kinds[-2:] == ["away", "resign"]
        finally:
            host.link.close()
            guest.link.close()


def test_the_friends_table_says_saved_and_left_or_connection_lost():
    from game.scenes.online.playing import OnlinePlay

    class session:
        class options:
            opponent = "computer"

    play = OnlinePlay(None, session, banner=print, end=print)
    play._friend_away(FriendAway("saved"))
    assert "has saved and left; the match waits" in str(play.troubles["friend"])
    play._friend_away(FriendAway(""))
    assert "connection with your friend's game was lost" in str(play.troubles["friend"])
    assert set(AWAY_WORDS) == {"saved", "abandoned", ""}


def leave_online_saying_why(self) -> None:
    """App.leave_online as issue 30 asks of game/app.py (the lead's file): the `away` saved,
    then sent as the link closes; then the relay stops."""
    link, relay = self.keeper.online, self.relay
    if link is not None and link.leave("saved"):
        self.keeper.save()
    self.keeper.online, self.relay = None, None
    if link is not None:
        link.close(wait=0.5)
    if relay is not None:
        relay.stop()


def test_save_and_leave_from_either_game_is_said_so_on_the_others_table(tmp_path, monkeypatch):
    from game.app import App
    from test_online_screens import drawn, frames_until, host_and_join, play_out
    monkeypatch.setattr(App, "leave_online", leave_online_saying_why)
    for leaving in ("guest", "host"):
        a, b = host_and_join(tmp_path / leaving, monkeypatch)
        try:
            play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" and
                                            len(g.session.record["turns"]) >= 2 for g in (a, b)))
            gone, staying = (b, a) if leaving == "guest" else (a, b)
            table = staying.scenes.top
            gone.to_title()
            assert frames_until([staying], lambda: "friend" in table.online.troubles, limit=600)
            words = drawn(staying)
            assert any(w.startswith("Your friend has saved and left") for w in words), words
        finally:
            for g in (a, b):
                g.leave_online()
