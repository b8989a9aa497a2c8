"""The relay's open games (issue 37.2), the game's side: the listing's client checks what the
relay lists and asks again every 2 s; the open games' screen shows the rooms live (they come and
go without a key), keeps the focus on the room it was on, and joins or watches with one Enter.
The relay's listing is a stand-in here (the message shapes of docs/online.md, "Open games")."""
import queue

import pygame
import pytest

from game.app import App
from game.online import listing as listing_module
from game.online.events import Offered
from game.online.listing import ASK_EVERY, Listed, Listing, OpenRoom, listed, list_message
from game.scenes.online import lobby as online
from game.scenes.online import rooms as rooms_module
from game.scenes.online.join import JoinScene
from game.scenes.online.menu import PlayOnlineScene
from game.scenes.online.rooms import RoomRow, RoomsScene, room_words
from game.scenes.online.watch import WatchScene
from game.view import widgets as ui

DT = 1 / 60
ADA = {"code": "ACDEF9", "rules": "charpentier", "length": 5, "hints": True, "language": "fr",
       "name": "Ada", "waiting": 75}
BOB = {**ADA, "code": "HJKMN3", "rules": "garanguet", "length": 3, "hints": False, "language": "en",
       "name": None, "waiting": 12}
PLAYED = {"code": "QRTWX4", "rules": "garanguet", "length": 1,
          "names": {"host": "Cy", "guest": None}, "watchers": 2}


class FakeClient:
    """The listing's connection: what the relay sends, put by the test; what is sent, kept."""

    made: list = []

    def __init__(self, url, hello):
        self.url, self.hello, self.sent, self.closed = url, hello, [], False
        self.inbox = queue.Queue()
        FakeClient.made.append(self)

    def send(self, message):
        self.sent.append(message)

    def close(self, wait=0.0):
        self.closed = True

    def rooms(self, open_=(), playing=(), page=0, more=False):
        self.inbox.put(("message", {"type": "rooms", "open": list(open_), "playing": list(playing),
                                    "page": page, "more": more}))


def rooms_named(first: int, count: int) -> list:
    """`count` open rooms with codes of their own, numbered from `first`."""
    letters = "ACDEFGHJKMNPQRTWXY"
    return [{**ADA, "code": "AC" + "".join(letters[(n // 18 ** k) % 18] for k in range(4)),
             "name": f"Room {n}"} for n in range(first, first + count)]


def test_the_listing_asks_first_and_again_every_two_seconds():
    listing = Listing("ws://127.0.0.1:1", client_factory=FakeClient)
    client = listing.client
    assert client.hello == list_message(None) == {"type": "list", "protocol": 1, "game": None, "page": 0}
    for _ in range(int(ASK_EVERY / 0.1) - 1):
        listing.poll(0.1)
    assert client.sent == []
    listing.poll(0.1 + 1e-9)
    assert client.sent == [client.hello]
    client.rooms([ADA], [PLAYED])
    events = listing.poll(0.1)
    assert isinstance(events[0], Listed) and [r.code for r in listing.open] == ["ACDEF9"]
    assert listing.playing[0].names == ("Cy", None) and listing.playing[0].watchers == 2


def test_the_listing_leaves_out_what_is_not_a_room_and_names_that_are_not_names():
    bad_name = {**ADA, "name": "Eve\u202e"}
    news = listed({"type": "rooms", "open": [ADA, {**ADA, "code": "nope"}, {**ADA, "length": 4},
                                             {**ADA, "waiting": -1}, "x", bad_name],
                   "playing": [{**PLAYED, "watchers": 99}, PLAYED]})
    assert [r.code for r in news.open] == ["ACDEF9", "ACDEF9"]
    assert news.open[0].name == "Ada" and news.open[1].name is None     # an override is no name
    assert [r.code for r in news.playing] == ["QRTWX4"]
    assert listed({"type": "rooms", "open": "x"}) == Listed((), ())


def test_a_refusal_or_no_relay_ends_the_listing():
    listing = Listing("ws://127.0.0.1:1", client_factory=FakeClient)
    listing.client.inbox.put(("unreachable",))
    assert listing.poll(0.1)[0].words and listing.done
    listing.poll(ASK_EVERY)
    assert listing.client.sent == []          # done: no more asking


def test_a_row_says_the_room_in_both_languages():
    from game.base import i18n
    room = listing_module.open_room(ADA)
    i18n.set_language("en")
    assert room_words("open", room) == ("Join  ·  Ada  ·  Tourne Case, Charpentier 1699  ·  5 points"
                                        "  ·  hints  ·  FR  ·  waiting 1 min")
    played = listing_module.playing_room(PLAYED)
    assert room_words("playing", played).startswith("Watch  ·  Cy - no name  ·  Garanguet")
    i18n.set_language("fr")
    try:
        assert "Rejoindre" in room_words("open", room) and "1 min" in room_words("open", room)
    finally:
        i18n.set_language("en")


# --- the screen ---------------------------------------------------------------------------------

class StubNearby:
    """The home network's games, as the test says (nearby.Nearby's interface)."""
    found: list = []
    problem = None

    def games(self):
        return list(StubNearby.found)

    def close(self):
        pass


@pytest.fixture
def app(tmp_path, monkeypatch):
    FakeClient.made = []
    StubNearby.found, StubNearby.problem = [], None
    monkeypatch.setattr(rooms_module, "listing_class",
                        lambda: lambda url: Listing(url, client_factory=FakeClient))
    monkeypatch.setattr(rooms_module, "nearby_class", lambda: StubNearby)
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "instant",
                       "join_address": "192.168.1.20"})
    pygame.event.clear()
    yield a
    pygame.display.quit()


def frames(app, n=3):
    for _ in range(n):
        app.frame(DT)


def enter(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                         scancode=0))
    frames(app, 2)


def test_the_title_offers_play_online_and_its_four_ways(app):
    title = app.scenes.top
    labels = [str(w.label) for w in title.menu.widgets]
    assert labels.index("Play online") == labels.index("New match") + 1
    title.menu.widgets[labels.index("Play online")].activate()
    frames(app)
    menu = app.scenes.top
    assert isinstance(menu, PlayOnlineScene)
    assert [str(w.label) for w in menu.menu.widgets] == [
        "Host a match", "Join by code", "Open games on a relay", "Watch a match", "Back"]
    menu.menu.widgets[3].activate()
    frames(app)
    assert isinstance(app.scenes.top, JoinScene) and app.scenes.top.watching
    assert not app.scenes.top.join_button.visible and app.scenes.top.watch_button.visible


def test_rooms_come_and_go_live_and_the_focus_stays_on_its_room(app):
    scene = RoomsScene(app)
    app.scenes.push(scene)
    frames(app)
    client = FakeClient.made[-1]
    assert client.url == "ws://192.168.1.20:8690"      # the remembered address, at once
    client.rooms([ADA], [PLAYED])
    frames(app)
    shown = [(row.kind, row.entry.code) for row in scene.rows if row.visible]
    assert shown == [("open", "ACDEF9"), ("playing", "QRTWX4")]
    scene.menu.focus_on(scene.rows[0])
    client.rooms([BOB, ADA], [PLAYED])                  # a newer room comes on top
    frames(app)
    assert scene.menu.focused.entry.code == "ACDEF9"    # Enter still joins the room looked at
    client.rooms([BOB], [])                             # Ada's room is taken: it goes
    frames(app)
    assert [row.entry.code for row in scene.rows if row.visible] == ["HJKMN3"]
    assert not any(isinstance(w, RoomRow) and w.entry and w.entry.code == "ACDEF9"
                   for w in scene.menu.usable())
    asked = len(client.sent)
    frames(app, int(2.5 / DT))
    assert len(client.sent) > asked                    # asked again while shown, with no key


def test_one_enter_joins_a_listed_room_and_accepts_the_match_it_showed(app, monkeypatch):
    made = []

    class Link:
        friend_name = "Ada"

        @classmethod
        def join(cls, url, code, **given):
            link = cls()
            link.url, link.code, link.accepted, link.closed = url, code, False, False
            link.queue = [Offered({"rules": "charpentier", "length": 5, "touch_move": False,
                                   "host_side": "white", "hints": True})]
            made.append(link)
            return link

        def poll(self):
            out, self.queue = self.queue, []
            return out

        def accept(self):
            self.accepted = True

        def close(self):
            self.closed = True

    monkeypatch.setattr(online, "link_class", lambda: Link)
    scene = RoomsScene(app)
    app.scenes.push(scene)
    frames(app)
    FakeClient.made[-1].rooms([ADA], [])
    frames(app)
    scene.menu.focus_on(scene.rows[0])
    enter(app)
    assert isinstance(app.scenes.top, JoinScene)
    frames(app)
    assert made[0].code == "ACDEF9" and made[0].url == "ws://192.168.1.20:8690"
    assert made[0].accepted                             # as listed: no second question
    assert FakeClient.made[0].closed                    # the listing rests while covered


def test_a_listed_room_whose_offer_differs_is_shown_to_accept(app, monkeypatch):
    from game.scenes.online.join import as_listed
    room = listing_module.open_room(ADA)
    assert as_listed({"rules": "charpentier", "length": 5, "hints": True}, room)
    assert not as_listed({"rules": "charpentier", "length": 7, "hints": True}, room)
    assert not as_listed({"rules": "charpentier", "length": 5, "hints": False}, room)


def test_one_enter_watches_a_match_in_play(app, monkeypatch):
    scene = RoomsScene(app)
    app.scenes.push(scene)
    frames(app)
    FakeClient.made[-1].rooms([], [PLAYED])
    frames(app)
    scene.menu.focus_on(scene.rows[0])
    enter(app)
    watch = app.scenes.top
    assert isinstance(watch, WatchScene) and watch.code == "QRTWX4"
    watch.watcher.close()


def test_no_room_is_said_and_a_bad_address_is_said(app):
    scene = RoomsScene(app)
    app.scenes.push(scene)
    frames(app)
    FakeClient.made[-1].rooms([], [])
    frames(app)
    assert "No open game" in ui.say(scene.status.said() if hasattr(scene.status, "said") else scene.status)
    scene.address.clear()
    scene.address.type("ftp://relay")
    scene.show()
    assert scene.failed and "Type the relay's address" in scene.status.said()


def test_games_on_this_network_come_first_and_one_enter_lists_its_relay(app):
    scene = RoomsScene(app)
    app.scenes.push(scene)
    frames(app)
    StubNearby.found = [("Ada", "ws://192.168.1.33:8690")]
    frames(app)
    row = scene.rows[0]
    assert row.visible and row.kind == "nearby"
    assert "On this network: Ada" in ui.say(row.label)
    scene.menu.focus_on(row)
    enter(app)
    assert scene.url == "ws://192.168.1.33:8690" and FakeClient.made[-1].url == scene.url
    assert not any(r.visible and r.kind == "nearby" for r in scene.rows), "listed now, not twice"


@pytest.mark.parametrize("problem, said", [("no-library", "python-zeroconf is not installed"),
                                           ("no-multicast", "multicast does not reach")])
def test_a_network_that_cannot_be_searched_is_said_once(app, problem, said):
    from game.scenes.online.rooms import NEARBY_PROBLEMS
    StubNearby.problem = problem
    scene = RoomsScene(app)
    app.scenes.push(scene)
    with ui.recording() as (drawn, _unsaid):
        frames(app, 2)
    lines = [words for words, _rect, _box in drawn if "cannot be searched" in words]
    assert lines and said in " ".join(lines) and scene.nearby_problem == problem
    assert said in NEARBY_PROBLEMS[problem]


def test_the_next_page_is_asked_for_past_the_rooms_got_and_pages_are_shown_in_turn():
    """Issue 37, left: the relay answers a page and whether it has more; the listing asks the
    next page only when the screen scrolls past what it has, asks every page wanted again every
    ASK_EVERY, and shows each room once (one moved to the next page between two answers)."""
    listing = Listing("ws://127.0.0.1:1", client_factory=FakeClient)
    client = listing.client
    assert not listing.next_page(), "nothing more before the relay says so"
    client.rooms(rooms_named(0, 24), more=True)
    listing.poll(0.1)
    assert len(listing.open) == 24 and listing.more
    assert listing.next_page() and client.sent[-1]["page"] == 1
    assert not listing.next_page(), "page 1 is awaited: asked once"
    client.rooms(rooms_named(23, 10), page=1)          # room 23 moved down meanwhile
    [news] = listing.poll(0.1)
    assert [r.name for r in news.open] == [f"Room {n}" for n in range(33)] and not news.more
    sent = len(client.sent)
    listing.poll(ASK_EVERY)
    assert [m["page"] for m in client.sent[sent:]] == [0, 1]     # both asked again
    client.rooms(rooms_named(0, 5))                    # fewer now: page 1 is gone
    listing.poll(0.1)
    assert len(listing.open) == 5 and listing.wanted == 1 and not listing.more
    client.rooms(rooms_named(40, 3), page=1)           # a late answer to a page not wanted now
    assert listing.poll(0.1) == [] and len(listing.open) == 5


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 2)


def drawn(app) -> list[str]:
    with ui.recording() as (shown, _unsaid):
        app.frame(DT)
    return [str(words) for words, _rect, _box in shown]


def test_the_screen_scrolls_down_the_listing_and_asks_the_next_page_at_its_end(app):
    scene = RoomsScene(app)
    app.scenes.push(scene)
    frames(app)
    client = FakeClient.made[-1]
    client.rooms(rooms_named(0, 8), more=True)
    frames(app)
    last = [row for row in scene.rows if row.visible][-1]
    assert last.entry.name == "Room 5" and scene.more == 2
    assert any("2+ more below" in w for w in drawn(app))
    scene.menu.focus_on(last)
    key(app, pygame.K_DOWN)                      # Down on the last row: the rows move down
    assert scene.menu.focused is last and last.entry.name == "Room 6"
    assert not any(m.get("page") == 1 for m in client.sent)
    key(app, pygame.K_DOWN)                      # the last room got: the next page is asked for
    assert last.entry.name == "Room 7" and client.sent[-1]["page"] == 1
    client.rooms(rooms_named(8, 4), page=1)
    frames(app)
    key(app, pygame.K_DOWN)
    assert last.entry.name == "Room 8" and scene.menu.focused is last
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False,
                                         precise_x=0.0, precise_y=3.0, which=0))
    frames(app)
    assert scene.first == 0 and scene.rows[0].entry.name == "Room 0"
