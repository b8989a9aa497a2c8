"""Playing a friend on another computer, as the player meets it (game/scenes/online/lobby.py and the
table's online play): the title -> New match -> a friend -> Host shows a code and waits, Esc
cancels and loses nothing; Join says plainly why a room cannot be joined; the guest sees the
host's options before accepting; two games in one process play one match through a relay on
loopback; random clicks and keys never break an online screen.

Headless and bounded: a wait for the network or another thread has a deadline in wall time
(tools/online_screens.frames_until, `play_out`), whatever the machine's load; between two rounds
of frames the other threads have a moment, until a client's news or 5 ms at most
(tools/online_screens.between_frames). Nothing asserts on the clock.
"""
import collections
import random
import socket
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.app import MAX_DT, App
from game.online import relay as relay_module
from game.online.events import Offered, Refused, RoomOpened, refused_words
from game.play.options import MatchOptions
from game.scenes.online import lobby as online
from game.scenes.online.lobby import HostScene, relay_url
from game.scenes.online.join import JoinScene
from game.scenes.menus.new_match import NewMatchScene
from game.scenes.menus.title import TitleScene

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from online_screens import between_frames, frames_until  # noqa: E402  (the screenshots drive the games the same way)
from online_helpers import free_port, quick_retries  # noqa: E402,F401  (a fixture)

DT = 1 / 60
PLAY_DEADLINE = 120.0   # seconds a match of the two games may take, at most
#: The game time each frame of `play_out` moves on: the longest step the app itself takes after a
#: stall (game/app.py's MAX_DT), so that the table's pauses (a pass said, the friend's move shown)
#: take a third of the frames they take at 30 a second; every throw and move is played alike.
PLAY_DT = MAX_DT


# --- a stand-in for game.online.link.Link: what it says is what the test queues ------------------
class FakeLink:
    made: list = []

    def __init__(self, how, url, what, **given):
        self.how, self.url, self.what, self.given = how, url, what, given
        self.queue, self.closed, self.accepted = [], False, False
        self.friend_name = None
        FakeLink.made.append(self)

    @classmethod
    def host(cls, url, options, **given):
        link = cls("host", url, options, **given)
        link.queue.append(RoomOpened("ACD4EF", url))
        return link

    @classmethod
    def join(cls, url, code, **given):
        link = cls("join", url, code, **given)
        if code == "ACD4EF":
            link.queue.append(Offered({"rules": "charpentier", "length": 5, "touch_move": True,
                                       "host_side": "black"}))
        else:
            link.queue.append(Refused("no-such-room", refused_words("no-such-room")))
        return link

    def poll(self):
        out, self.queue = self.queue, []
        return out

    def accept(self):
        self.accepted = True

    def close(self):
        self.closed = True


class FakeRelay:
    url, port, stopped = "ws://127.0.0.1:8690", 8690, False

    def stop(self):
        self.stopped = True


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "instant"})
    pygame.event.clear()
    yield a
    a.leave_online()
    pygame.display.quit()


@pytest.fixture
def fake(monkeypatch):
    FakeLink.made = []
    relay = FakeRelay()
    monkeypatch.setattr(online, "link_class", lambda: FakeLink)
    monkeypatch.setattr(online, "start_relay", lambda: relay)
    monkeypatch.setattr(online, "addresses_to_give", lambda port: [f"ws://192.168.1.20:{port}"])
    monkeypatch.setattr(online, "announce", lambda port, name, addresses: None)
    return relay


def frames(app, n=3):
    for _ in range(n):
        app.frame(DT)


def key(app, k, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    frames(app, 2)


def type_text(app, text):
    for c in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(c.lower()) if c.isalnum() else 0,
                                             mod=0, unicode=c, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=c))
    frames(app, 2)


def drawn(app) -> list[str]:
    from game.view import widgets as ui
    with ui.recording() as (shown, _unsaid):
        app.frame(DT)
    return [words for words, _rect, _box in shown]


def new_match_form(app) -> NewMatchScene:
    app.scenes.push(NewMatchScene(app))
    frames(app)
    form = app.scenes.top
    assert isinstance(form, NewMatchScene)
    opponent = form.choices["opponent"]
    opponent.index = [v for v, _ in opponent.options].index("online")
    form.changed("online")
    frames(app)
    return form


# --- the form and the Host screen ------------------------------------------------------------------
def test_a_friend_elsewhere_shows_host_and_join_with_colour_and_touch_move_not_the_level(app, fake):
    form = new_match_form(app)
    c = form.choices
    assert c["human_side"].visible and c["touch_move"].visible and not c["level"].visible
    assert form.join_button.visible and form.start_button.label == "Host the match"
    assert c["touch_move"].rect == c["level"].rect or not c["level"].visible
    shown = [w.rect for w in form.menu.widgets if w.visible]
    assert all(a.bottom <= b.top for a, b in zip(shown, shown[1:])), "rows overlap"
    assert shown[-1].bottom <= app.size[1]


def test_host_shows_the_code_and_waits_and_esc_cancels_losing_nothing(app, fake):
    before = app.storage.load_match()[0]
    form = new_match_form(app)
    form.choices["touch_move"].index = 1
    form.start_button.activate()
    frames(app)
    host = app.scenes.top
    assert isinstance(host, HostScene)
    assert host.options.opponent == "online" and host.options.touch_move is True
    link = FakeLink.made[-1]
    assert link.how == "host" and link.url == fake.url
    words = drawn(app)
    assert "ACD-4EF" in words, words
    assert "ws://192.168.1.20:8690" in words
    assert any(w.startswith("Waiting for your friend") for w in words)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, NewMatchScene)
    assert link.closed and fake.stopped
    assert app.session is None and app.storage.load_match()[0] == before


def test_host_on_a_relay_elsewhere_opens_the_room_there(app, fake):
    """Host -> "A relay on the Internet...": an address that is none is said; a good one opens
    the room there, and this game's own relay stops."""
    from game.scenes.online.lobby import RelayScene
    app.scenes.push(HostScene(app, MatchOptions(opponent="online")))
    frames(app)
    host = app.scenes.top
    assert FakeLink.made[-1].url == fake.url
    host.elsewhere.activate()
    frames(app)
    relay_screen = app.scenes.top
    first = FakeLink.made[-1]
    assert isinstance(relay_screen, RelayScene) and not first.closed and not fake.stopped
    key(app, pygame.K_ESCAPE)                  # back: the same room, the code already given
    frames(app)
    assert app.scenes.top is host and FakeLink.made[-1] is first and not first.closed
    host.elsewhere.activate()
    frames(app)
    relay_screen = app.scenes.top
    type_text(app, "http://x")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is relay_screen
    assert any("Type the relay's address" in w for w in drawn(app))
    relay_screen.address.clear()
    type_text(app, "wss://relay.example.org")
    key(app, pygame.K_RETURN)
    frames(app)
    assert app.scenes.top is host and first.closed and fake.stopped
    assert FakeLink.made[-1].url == "wss://relay.example.org" and not FakeLink.made[-1].closed
    assert "wss://relay.example.org" in drawn(app)


def test_host_says_why_when_the_room_cannot_open(app, monkeypatch):
    def refuse():
        raise OSError("address already in use")
    monkeypatch.setattr(online, "start_relay", refuse)
    app.scenes.push(HostScene(app, MatchOptions(opponent="online")))
    frames(app)
    words = drawn(app)
    assert any("could not be opened" in w and "address already in use" in w for w in words), words


def test_a_key_pressed_before_the_host_screen_showed_does_not_change_who_may_join(app, fake, monkeypatch):
    """One Return on "Host the match" (played by hand, issue 37): the room opens while the frame is
    held up, pygame's key repeat pushes a second Return before the key-up is read, and a key held
    on keeps repeating. Neither changes "Who may join" on the Host screen; a Return pressed there
    does. (pygame's state of the keys is SDL's, which posted events do not change: it is said here
    as SDL says it while the key is down.)"""
    form = new_match_form(app)
    down = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: collections.defaultdict(
        bool, dict.fromkeys(down, True)))

    def start_held_up():            # the relay starting while pygame's repeat timer runs
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        return fake
    monkeypatch.setattr(online, "start_relay", start_held_up)
    form.menu.focus_on(form.start_button)
    key(app, pygame.K_RETURN)
    host = app.scenes.top
    assert isinstance(host, HostScene) and host.menu.focused is host.who
    assert host.who.value is not True and len(FakeLink.made) == 1, "the repeat changed the choice"
    key(app, pygame.K_RETURN)                 # still held: repeated on this screen
    assert host.who.value is not True and len(FakeLink.made) == 1, "a held key changed the choice"
    down.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, scancode=0))
    key(app, pygame.K_RETURN)                 # pressed on this screen: it acts
    frames(app)                               # its repeat while the room opened again: nothing
    assert host.who.value is True and FakeLink.made[-1].given["open"] is True
    assert app.settings["host_open"] is True and len(FakeLink.made) == 2


# --- the Join screen -------------------------------------------------------------------------------
def join_screen(app) -> JoinScene:
    new_match_form(app).join_button.activate()
    frames(app)
    scene = app.scenes.top
    assert isinstance(scene, JoinScene)
    return scene


def test_join_types_the_address_and_code_and_asks_what_is_wrong_first(app, fake):
    scene = join_screen(app)
    assert scene.menu.focused is scene.address
    type_text(app, "wasd")               # typed, not the menu's keys
    assert scene.address.value == "wasd" and scene.menu.focused is scene.address
    key(app, pygame.K_BACKSPACE)         # erases, does not go back
    assert scene.address.value == "was" and app.scenes.top is scene
    key(app, pygame.K_DELETE)
    type_text(app, "192.168.1.20")
    key(app, pygame.K_RETURN)            # on to the code
    assert scene.menu.focused is scene.code
    type_text(app, "acd-4e")
    assert scene.code.value == "ACD-4E"
    key(app, pygame.K_RETURN)            # joins: a code too short is said, no link made
    assert not FakeLink.made
    assert any("six letters and figures" in w for w in drawn(app))


def test_ctrl_v_pastes_into_the_field_with_the_focus(app, fake, monkeypatch):
    from game.view import text_field
    monkeypatch.setattr(text_field, "pasted", lambda: " acd-ef9\n")
    scene = join_screen(app)
    scene.menu.focus_on(scene.code)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert scene.code.value == "ACD-EF9" and scene.address.value == ""


def test_join_refused_says_so_and_an_offer_shows_the_hosts_options(app, fake):
    scene = join_screen(app)
    scene.address.clear()
    scene.address.type("192.168.1.20")
    scene.code.type("ACD-4EG")
    scene.join()
    frames(app)
    assert FakeLink.made[-1].url == "ws://192.168.1.20:8690" and FakeLink.made[-1].closed
    assert any("no room with that code" in w for w in drawn(app))
    scene.code.clear()
    scene.code.type("acd4ef")
    scene.join()
    frames(app)
    assert scene.offered is not None
    words = drawn(app)
    for expected in ("Your friend offers this match:", "Tourne Case", "Charpentier 1699",
                     "5 points", "On", "White"):
        assert expected in words, (expected, words)
    link = FakeLink.made[-1]
    key(app, pygame.K_ESCAPE)            # declines: back to the form, the link closed
    assert link.closed and scene.offered is None and app.scenes.top is scene


@pytest.mark.parametrize("reason, said", [
    ("no-such-room", "There is no room with that code"), ("room-full", "That room is full"),
    ("expired", "That room has expired"), ("version", "another version")])
def test_join_says_each_refusal_in_words(app, fake, monkeypatch, reason, said):
    scene = join_screen(app)
    monkeypatch.setattr(FakeLink, "join", classmethod(lambda cls, url, code, **given: cls("join", url, code)))
    scene.address.clear()
    scene.address.type("192.168.1.20")
    scene.code.type("ACD4EF")
    scene.join()
    FakeLink.made[-1].queue.append(Refused(reason, refused_words(reason)))
    frames(app)
    assert scene.failed and any(said in w for w in drawn(app)), drawn(app)


def test_relay_addresses_are_made_whole_and_nonsense_refused():
    assert relay_url("192.168.1.20") == "ws://192.168.1.20:8690"
    assert relay_url(" 10.0.0.2:9000 ") == "ws://10.0.0.2:9000"
    assert relay_url("wss://relay.example.org/tc") == "wss://relay.example.org/tc"
    for bad in ("", "   ", "http://x", "ws://", "a b", "ws://host:99999"):
        assert relay_url(bad) is None, bad


# --- every online screen survives random clicks and keys -------------------------------------------
def test_the_online_screens_survive_random_clicks_and_keys(app, fake):
    from monkey_events import Monkey
    monkey = Monkey(random.Random(21))
    from game.scenes.online.lobby import RelayScene
    for make in (lambda: HostScene(app, MatchOptions(opponent="online")), lambda: JoinScene(app),
                 lambda: RelayScene(app, lambda url: None)):
        app.scenes.clear_to(TitleScene(app))
        app.scenes.push(make())
        frames(app)
        for _ in range(250):
            for event in monkey.action(app):
                pygame.event.post(event)
            app.frame(DT)
            if not app.running:
                app.running = True
        assert app.status == 0
        assert not (app.storage.dir / "errors.log").exists()


# --- through a real relay on loopback (game/online/relay.py) ---------------------------------------
@pytest.fixture
def relay():
    from game.online.relay import start_in_thread
    running = start_in_thread("127.0.0.1", 0)
    yield running
    running.stop()


def status_of(scene) -> str:
    from game.base.i18n import shown
    return str(shown(scene.status)) if scene.status else ""


def test_join_through_a_real_relay_says_no_such_room(app, relay):
    scene = JoinScene(app)
    app.scenes.push(scene)
    frames(app)
    scene.address.clear()
    scene.address.type(relay.url)
    scene.code.type("ACD-4EF")
    scene.join()
    assert frames_until([app], lambda: scene.failed)
    assert "no room with that code" in status_of(scene), status_of(scene)
    assert scene.link is None and app.scenes.top is scene


def test_join_an_address_where_no_relay_listens_says_it_is_unreachable(app, quick_retries):
    port = free_port()                      # nothing listens there now
    scene = JoinScene(app)
    app.scenes.push(scene)
    frames(app)
    scene.address.clear()
    scene.address.type(f"127.0.0.1:{port}")
    scene.code.type("ACD4EF")
    scene.join()
    assert frames_until([app], lambda: scene.failed)
    assert "No relay answers at that address" in status_of(scene), status_of(scene)


# --- two games, one match ----------------------------------------------------------------------------
def host_and_join(tmp_path, monkeypatch, length=1):
    """Game A hosts (its relay on loopback), game B joins and accepts: both at the priority throw."""
    from game.online.relay import start_in_thread
    monkeypatch.setattr(online, "start_relay", lambda: start_in_thread("127.0.0.1", 0))
    a = App(seed=1, data_dir=tmp_path / "a", size=(960, 600))
    b = App(seed=2, data_dir=tmp_path / "b", size=(960, 600))
    for game in (a, b):
        game.update_settings({"language": "en", "animation_speed": "instant"})
    form = new_match_form(a)
    form.choices["length"].index = [n for n, _ in form.choices["length"].options].index(length)
    form.start_button.activate()
    frames(a)
    host = a.scenes.top
    assert isinstance(host, HostScene)
    assert frames_until([a], lambda: host.code)
    join = JoinScene(b)
    b.scenes.push(join)
    frames(b)
    join.address.clear()
    join.address.type(host.relay.url)
    join.code.type(host.code.lower())
    join.join()
    assert frames_until([a, b], lambda: join.offered is not None)
    assert join.offered["length"] == length
    join.accept()
    playing = ("PriorityScene", "TableScene")
    assert frames_until([a, b], lambda: all(type(g.scenes.top).__name__ in playing for g in (a, b)))
    return a, b


def where(*games) -> str:
    """Each game's scenes (the top last) and its link's rematch state: what a wait that ran out
    says, to tell a message never sent from one never read."""
    said = []
    for name, game in zip("ab", games):
        link = game.keeper.online
        state = "no link" if link is None else (
            f"rematch={link.state.get('rematch')} open={link.rematch_open} "
            f"outbox={[(m['seq'], m['type']) for m in link.state['outbox']]} "
            f"sent={link.state['sent']} have={link.state['have']}")
        said.append(f"{name}: {[type(scene).__name__ for scene in game.scenes.stack]} {state}")
    return "; ".join(said)


def play_out(a, b, rounds=None, done=None, deadline=PLAY_DEADLINE) -> None:
    """Each game's person throws and plays their first legal move whenever it is theirs, until
    both games are over, or `done()`: at most `deadline` seconds (the other game answers from
    its threads: a wait in wall time, whatever the load), or `rounds` rounds of frames."""
    from game.play.stage import Stage
    ends = time.monotonic() + deadline
    for _ in range(rounds or 100_000):
        if done is not None and done():
            return
        assert time.monotonic() < ends, f"not over after {deadline} s"
        for g in (a, b):
            scene = g.scenes.top
            if type(scene).__name__ == "PriorityScene":
                if scene.stage.value == "wait" and not scene.dice_wait:
                    scene.throw()
                elif scene.stage.value == "result":
                    scene._to_table()
            elif type(scene).__name__ == "TableScene" and scene.human_turn():
                if scene.stage is Stage.THROW and not scene.dice_wait:
                    scene.throw()
                elif scene.stage is Stage.CHOOSE:
                    move = scene.session.legal_moves()[0]
                    step = move.steps[len(scene.choice.played)]
                    scene.pick(step.origin)
                    scene.drop(step.destination)
            g.frame(PLAY_DT)
        between_frames()
        if done is None and all(g.session is None or g.session.phase.value in ("game-over", "match-over")
                                for g in (a, b)):
            return


def records(game) -> list[dict]:
    """The games a data folder's records hold: who threw first and every turn."""
    found, _unreadable = game.storage.records()
    return [{"first": r["first"], "turns": r["turns"], "opponent": r["opponent"]}
            for r in found if r["kind"] == "game"]


def test_two_games_play_one_match_through_a_relay(tmp_path, monkeypatch):
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        third = JoinScene(b)                  # a third player with the same code: the room is full
        b.scenes.push(third)
        frames(b)
        third.address.clear()
        third.address.type(a.relay.url)
        third.code.type(a.keeper.online.code)
        third.join()
        assert frames_until([a, b], lambda: third.failed)
        assert "That room is full" in status_of(third), status_of(third)
        third.back()
        frames(b)
        sa, sb = a.session, b.session
        assert sa.options.opponent == sb.options.opponent == "online"
        assert sa.options.human_side is sb.options.human_side.other
        play_out(a, b)
        assert sa.position == sb.position and sa.priority == sb.priority
        assert sa.match.games and sa.match.games == sb.match.games     # the game is over on both
        assert len(sa.match.games[0]["turns"]) >= 4
        assert frames_until([a, b], lambda: all(type(g.scenes.top).__name__ == "ScoreboardScene"
                                                for g in (a, b)))
        assert records(a) == records(b) and records(a)[0]["opponent"] == "online"
        winner = sa.match.winner
        assert winner is not None and winner is sb.match.winner
    finally:
        for g in (a, b):
            g.leave_online()


def started_again(folder):
    """A game started again on its data folder, as after a restart (on its title)."""
    game = App(seed=3, data_dir=folder, size=(960, 600))
    game.update_settings({"language": "en", "animation_speed": "instant"})
    return game


def played_to_the_end(a, b) -> None:
    """Both play on to the game's end, and agree on it."""
    play_out(a, b)
    sa, sb = a.session, b.session
    assert sa.position == sb.position and sa.match.games and sa.match.games == sb.match.games


def app_says_away() -> bool:
    """The app's Save and leave tells the friend (Link.leave, saved, then close): until the app
    does, the friend reads it as a connection lost."""
    import inspect
    return ".leave(" in inspect.getsource(App.leave_online)


def test_a_friend_who_leaves_is_said_and_comes_back_to_the_same_match(tmp_path, monkeypatch, quick_retries):
    """Game B saves and leaves mid-game: A says so and waits; B is closed and started again,
    and Continue on its title takes it back to its seat (the saved token): A says the friend is
    back, and the match plays on to its end with both games agreeing."""
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" and
                                        len(g.session.record["turns"]) >= 3 for g in (a, b)))
        table = a.scenes.top
        b.to_title()                          # Save and leave: the match stays saved
        assert frames_until([a, b], lambda: "friend" in table.online.troubles)
        said = ("Your friend has saved and left" if app_says_away()     # issue 30: `away`
                else "The connection with your friend's game was lost")
        assert any(w.startswith(said) for w in drawn(a)), drawn(a)
        b.leave_online()
        b = started_again(tmp_path / "b")
        assert b.keeper.can_continue() and b.session.options.opponent == "online"
        b.continue_match()
        assert frames_until([a, b], lambda: "friend" not in table.online.troubles)
        assert type(b.scenes.top).__name__ in ("TableScene", "PriorityScene")
        played_to_the_end(a, b)
    finally:
        for g in (a, b):
            g.leave_online()


def test_the_throw_waits_visibly_for_the_friends_game(tmp_path, monkeypatch):
    """A person's throw waits while the friend's game has not sent its commitment: the table
    says so, and the Throw button is off meanwhile."""
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" for g in (a, b)))
        from game.play.stage import Stage
        thrower = next(g for g in (a, b) if g.scenes.top.human_turn())
        scene = thrower.scenes.top
        assert frames_until([thrower], lambda: scene.stage is Stage.THROW)
        scene.throw()
        for _ in range(5):                    # only this game runs: the other cannot answer
            thrower.frame(1 / 30)
        assert scene.dice_wait and scene.stage is Stage.THROW
        words = drawn(thrower)
        assert any(w.startswith("The dice wait for your friend's game") for w in words), words
        assert "throw" not in scene.hud_state().enabled
        assert frames_until([a, b], lambda: scene.stage is not Stage.THROW)   # both run: dealt
    finally:
        for g in (a, b):
            g.leave_online()


def test_a_friend_who_gives_up_ends_the_match_on_the_scoreboard_and_a_rematch_follows(tmp_path, monkeypatch):
    """B abandons the match from its pause menu: its game shows the match lost on the
    scoreboard; A's game is told, says why over its scoreboard, and keeps the match won in its
    records. The room is kept (issue 37): A offers a rematch, B accepts, and both play the new
    match from its priority throw; both records keep the first."""
    from game.scenes.menus.overlays import PauseScene
    from game.scenes.online.rematch import RematchScene
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" for g in (a, b)))
        b.pause()
        frames(b)
        pause = b.scenes.top
        assert isinstance(pause, PauseScene)
        pause.abandon()
        frames(b)
        on_scoreboard = lambda: all(type(g.scenes.top).__name__ == "ScoreboardScene" for g in (a, b))
        assert frames_until([a, b], on_scoreboard)
        assert a.toast.words == "Your friend gave up the match: you win it."   # said over it
        headlines = [g.scenes.top.headline() for g in (a, b)]
        assert all(g.scenes.top.match_over for g in (a, b)), "over: no next game is offered"
        assert [big for big, _under in headlines] == ["You win the match!", "Your friend wins the match!"]
        assert all(under.startswith(f"{b.session.options.human_side.name.title()} resigned, at ")
                   for _big, under in headlines), headlines
        for game in (a, b):
            assert not game.keeper.can_continue() and game.keeper.online.rematch_open
            found, _unreadable = game.storage.records()
            won = [r for r in found if r["kind"] == "match"]
            assert len(won) == 1 and won[0]["ended"] == "resigned" and won[0]["opponent"] == "online"
            assert won[0]["winner"] == str(a.session.options.human_side), won
        a.scenes.push(RematchScene(a))
        frames(a)
        a.scenes.top.offer(True)
        assert frames_until([a, b], lambda: type(b.scenes.top).__name__ == "RematchScene"
                            and b.scenes.top.offered is not None), where(a, b)
        b.scenes.top.answer(True)
        assert frames_until([a, b], lambda: all(type(g.scenes.top).__name__ == "PriorityScene"
                                                for g in (a, b))), where(a, b)
        assert a.session.options.human_side is b.session.options.human_side.other
        for game in (a, b):
            found, _unreadable = game.storage.records()
            assert [r["ended"] for r in found if r["kind"] == "match"] == ["resigned"]
    finally:
        for g in (a, b):
            g.leave_online()


def test_the_host_restarted_starts_its_relay_again_and_the_friend_reconnects(tmp_path, monkeypatch, quick_retries):
    """The host's game leaves (its relay stops with it): the friend's table says the connection
    is lost; the host's game started again takes the match up with Continue while the port is
    still held (the old game still ending, played by hand): it says so and tries again, and once
    the port is let go its relay starts on it, and the friend's game is back by itself: the match
    plays on to its end."""
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" and
                                        len(g.session.record["turns"]) >= 2 for g in (a, b)))
        table = b.scenes.top
        port = a.relay.port
        a.to_title()
        assert a.relay is None
        assert frames_until([b], lambda: "connection" in table.online.troubles)
        assert any("connection to the relay was lost" in w for w in drawn(b))
        monkeypatch.setattr(relay_module, "AGAIN_EVERY", 0.05)
        with socket.socket() as holder:            # the old game, still ending, holds the port
            holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as the relay's own
            holder.bind((online.RELAY_HOST, port))
            holder.listen()
            a = started_again(tmp_path / "a")
            a.continue_match()
            assert a.relay is not None and a.relay.port == port
            frames_until([a], lambda: a.relay.tries >= 2)
            assert any(f"port {port} is still held" in w and "trying again" in w
                       for w in drawn(a)), "the host's game does not say why it has no relay"
        # both sides back: the friend's table, and the host's (it hears the friend a little later)
        assert frames_until([a, b], lambda: not table.online.troubles
                            and not a.scenes.top.online.troubles, limit=4000)
        assert a.relay.running is not None
        played_to_the_end(a, b)
    finally:
        for g in (a, b):
            g.leave_online()


def test_an_online_match_survives_random_clicks_and_keys(tmp_path, monkeypatch):
    """Random input on one game's screens during a match (the other game plays its turns):
    nothing fails, and both games still agree on the match."""
    from monkey_events import Monkey
    a, b = host_and_join(tmp_path, monkeypatch)
    monkey = Monkey(random.Random(7))
    try:
        for _ in range(300):
            for event in monkey.action(a):
                pygame.event.post(event)
            a.running = True
            play_out(a, b, rounds=1, done=lambda: False)
        assert not (tmp_path / "a" / "errors.log").exists()
        assert not (tmp_path / "b" / "errors.log").exists()
        if a.keeper.online is not None and b.keeper.online is not None:
            assert frames_until([a, b], lambda: a.session.match.games == b.session.match.games)
    finally:
        for g in (a, b):
            g.leave_online()


def test_taking_up_a_match_whose_relay_is_gone_says_so_and_keeps_it(tmp_path, monkeypatch, quick_retries):
    """Both games left; the guest's game, started again, finds no relay at the saved address:
    its table says so, and the match stays saved for another try."""
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" for g in (a, b)))
        a.to_title()                          # the host's relay stops with it
        b.to_title()
        b = started_again(tmp_path / "b")
        b.continue_match()
        frames(b)
        table = b.scenes.top
        assert frames_until([b], lambda: "connection" in table.online.troubles)
        assert frames_until([b], lambda: any("No relay answers" in w for w in drawn(b)), limit=400)
        assert b.storage.load_match()[0] is not None and b.keeper.can_continue()
    finally:
        for g in (a, b):
            g.leave_online()
