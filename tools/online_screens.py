"""The online screens for tools/take_screens.py: two real games in this process and the relay
the host's game starts inside itself (game/online/relay.py), driven as
tests/test_online_screens.py drives them.

  online-host          the Host screen: the room's code, the address to give, waiting
  online-join          the Join screen: the address remembered, Join and Watch
  online-join-offer    the Join screen after the code: the host's options, to accept
  online-host-arrived  the Host screen while the friend reads the offer (one watching)
  online-priority-wait the host's priority throw, its die waiting for the friend's game
  online-priority-first the priority result on the screen of the side that plays first
  online-priority-other the same result on the other screen: it goes on by itself
  online-dice-wait     a table, its throw waiting for the friend's game
  online-friend-move   a table once the friend's move has landed, said in words
  online-friend-away   a table once the friend's game has saved and left (Save and leave)
  online-friend-lost   a table once the friend's game is gone without a word (killed)
  online-join-refused  the Join screen after a code no room has
  online-menu          Play online, from the title (issue 37)
  online-rooms         the open games on a relay (a stand-in relay's answer)
  online-settings-name Settings, a name refused with its reason
  online-host-open     the Host screen, anyone on this relay may join
"""
from __future__ import annotations

import time

from game.play.stage import Stage
from game.scenes.online.lobby import HostScene
from game.scenes.online.join import JoinScene
from game.scenes.menus.new_match import NewMatchScene


FRAME_PAUSE = 0.005     # seconds between two rounds of frames


def between_frames() -> None:
    """Leave the network's threads a moment between two rounds of frames. A fixed pause, not a
    wake on the relay's news: a frame is the costly part, and waking for each message draws
    more frames for the same match (in one measure under load, more CPU for the two-games
    test: the wall time gained only on an idle machine). Tried again in issue 36.10 (a wait
    for a client's news, 5 ms at most): the frames spent waiting for the dice doubled - the
    main thread took the interpreter back while the relay's thread still had the message."""
    time.sleep(FRAME_PAUSE)


#: Seconds a wait of frames_until lasts at most: a wait for another thread or a socket is
#: bounded in wall time, whatever the machine's load (CI's failed on a count of frames).
DEADLINE = 30.0


def frames_until(apps, done, limit: int = 3000, deadline: float = DEADLINE) -> bool:
    """Frames of every app until `done()`, leaving the network's threads a moment each round:
    False once `deadline` seconds have passed (or, as a backstop, 20 x `limit` rounds)."""
    ends = time.monotonic() + deadline
    for _ in range(20 * limit):
        if done():
            return True
        if time.monotonic() > ends:
            break
        for app in apps:
            app.frame(1 / 30)
        between_frames()
    return done()


def draw_frames(apps, count: int) -> None:
    """`count` rounds of frames (a picture settling: no wait for anything)."""
    for _ in range(count):
        for app in apps:
            app.frame(1 / 30)
        between_frames()


def hosting(shooter):
    """Game A at its Host screen, waiting with a room's code (Tourne Case, 3 points, Black)."""
    a = shooter.app()
    a.scenes.push(NewMatchScene(a))
    frames_until([a], lambda: isinstance(a.scenes.top, NewMatchScene))
    form = a.scenes.top
    opponent = form.choices["opponent"]
    opponent.index = [value for value, _ in opponent.options].index("online")
    form.choices["human_side"].index = 1
    form.changed("online")
    form.start_button.activate()
    frames_until([a], lambda: isinstance(a.scenes.top, HostScene) and a.scenes.top.code)
    return a, a.scenes.top


def watching(url: str, code: str):
    """A bare watcher in the room (docs/online.md, "watch"), so that the players see one
    watching; None if the relay does not take watchers."""
    import json
    from websockets.sync.client import connect
    from game.online.protocol import GAME_VERSION
    try:
        ws = connect(url, open_timeout=5, close_timeout=1)
        ws.send(json.dumps({"type": "watch", "protocol": 1, "version": GAME_VERSION, "room": code}))
        return ws
    except Exception:               # noqa: BLE001 - a picture without a watcher, then
        return None


def online_host(shooter) -> None:
    a, host = hosting(shooter)
    shooter.shoot(a, "online-host", settle=20)
    b = shooter.app()
    b.update_settings({"join_address": host.relay.url})
    join = JoinScene(b)
    b.scenes.push(join)
    shooter.shoot(b, "online-join", settle=6)
    join, b = offered(shooter, host, b)
    shooter.shoot(b, "online-join-offer", settle=6)
    watcher = watching(host.relay.url, host.code)
    frames_until([a, b], lambda: host.watchers > 0, 200)
    shooter.shoot(a, "online-host-arrived", settle=6)
    join.accept()
    if not frames_until([a, b], lambda: all(type(g.scenes.top).__name__ == "PriorityScene"
                                            for g in (a, b))):
        raise RuntimeError("the match did not begin on both games")
    priority = a.scenes.top
    priority.throw()
    draw_frames([a], 10)
    if not priority.dice_wait:
        raise RuntimeError("the priority throw did not wait for the friend's game")
    shooter.shoot(a, "online-priority-wait", settle=10)
    b.scenes.top.throw()
    scenes = [a.scenes.top, b.scenes.top]
    if not frames_until([a, b], lambda: all(s.stage.value != "wait" for s in scenes)):
        raise RuntimeError("the priority dice were not dealt")
    frames_until([a, b], lambda: any(s.stage.value in ("result", "done") for s in scenes), 300)
    first = next(g for g in (a, b) if g.session.is_person(g.session.to_move))
    other = b if first is a else a
    shooter.shoot(other, "online-priority-other", settle=1)
    shooter.shoot(first, "online-priority-first", settle=4)
    to_the_table(a, b)
    host_table = a.scenes.top
    if not frames_until([a, b], lambda: person_to_throw(host_table) or person_to_throw(b.scenes.top)):
        raise RuntimeError("no throw for a person")
    thrower, other = (a, b) if person_to_throw(host_table) else (b, a)
    thrower.scenes.top.throw()
    if not frames_until([thrower], lambda: thrower.scenes.top.dice_wait, 200):
        raise RuntimeError("the throw did not wait for the friend's game")
    shooter.shoot(thrower, "online-dice-wait", settle=12)
    other_table = other.scenes.top
    friend_moved = lambda: other_table.caption is not None and other_table.caption["left"] is not None  # noqa: E731
    play(a, b, friend_moved)
    shooter.shoot(other, "online-friend-move", settle=2)
    if thrower.keeper.online.leave("saved"):   # Save and leave, as game/app.py is to do it
        thrower.keeper.save()
    thrower.to_title()                    # the other game says so
    if not frames_until([a, b], lambda: "friend" in other_table.online.troubles):
        raise RuntimeError("the friend's leaving was not said")
    shooter.shoot(other, "online-friend-away", settle=6)
    for game in (a, b):
        game.leave_online()
    if watcher is not None:
        watcher.close()


def online_friend_lost(shooter) -> None:
    """The guest's game goes without a word (as if killed): the host's table says the
    connection with it was lost."""
    a, host = hosting(shooter)
    join, b = offered(shooter, host)
    join.accept()
    if not frames_until([a, b], lambda: all(type(g.scenes.top).__name__ == "PriorityScene"
                                            for g in (a, b))):
        raise RuntimeError("the match did not begin on both games")
    to_the_table(a, b)
    table = a.scenes.top
    b.keeper.online.client.close()         # no `away`: as a game killed
    if not frames_until([a, b], lambda: "friend" in table.online.troubles):
        raise RuntimeError("the friend's leaving was not said")
    shooter.shoot(a, "online-friend-lost", settle=6)
    for game in (a, b):
        game.leave_online()


def online_join_refused(shooter) -> None:
    from game.online.relay import start_in_thread
    relay = start_in_thread("127.0.0.1", 0)
    try:
        b = shooter.app()
        join = JoinScene(b)
        b.scenes.push(join)
        join.address.clear()
        join.address.type(relay.url)
        join.code.type("ACD-EF9")
        join.join()
        if not frames_until([b], lambda: join.failed):
            raise RuntimeError("no answer from the relay")
        shooter.shoot(b, "online-join-refused", settle=4)
    finally:
        relay.stop()


def offered(shooter, host, b=None):
    if b is None:
        b = shooter.app()
        join = JoinScene(b)
        b.scenes.push(join)
    else:
        join = b.scenes.top
    join.address.clear()
    join.address.type(host.relay.url)
    join.code.type(host.code)
    join.join()
    if not frames_until([host.app, b], lambda: join.offered is not None):
        raise RuntimeError("no offer came back")
    return join, b


def person_to_throw(scene) -> bool:
    return (type(scene).__name__ == "TableScene" and scene.stage is Stage.THROW
            and scene.human_turn() and not scene.dice_wait)


def to_the_table(a, b) -> None:
    """Both throw for priority and go on to the table."""
    for _ in range(3000):
        scenes = [g.scenes.top for g in (a, b)]
        if all(type(s).__name__ == "TableScene" for s in scenes):
            return
        for s in scenes:
            if type(s).__name__ == "PriorityScene":
                if s.stage.value == "wait" and not s.dice_wait:
                    s.throw()
                elif s.stage.value == "result":
                    s._to_table()
        draw_frames([a, b], 1)
    raise RuntimeError("the priority throw did not end")


def play(a, b, done, limit: int = 3000) -> None:
    """Each person throws and plays their first legal move when it is theirs, until `done()`."""
    for _ in range(limit):
        if done():
            return
        for g in (a, b):
            scene = g.scenes.top
            if type(scene).__name__ != "TableScene" or not scene.human_turn():
                continue
            if person_to_throw(scene):
                scene.throw()
            elif scene.stage is Stage.CHOOSE:
                step = scene.session.legal_moves()[0].steps[len(scene.choice.played)]
                scene.pick(step.origin)
                scene.drop(step.destination)
        draw_frames([a, b], 1)
    raise RuntimeError("the friend's move was never said")


# --- issue 37: play online from the title, the open games, names -------------------------------

class ListedClient:
    """The listing's connection for the screenshots: the relay's answer, a stand-in."""

    def __init__(self, url, hello):
        import queue
        self.inbox = queue.Queue()
        self.inbox.put(("message", {"type": "rooms", "page": 0, "more": False, "open": [
            {"code": "ACDEF9", "rules": "charpentier", "length": 5, "hints": True,
             "language": "fr", "name": "Éloïse", "waiting": 75},
            {"code": "HJKMN3", "rules": "garanguet", "length": 3, "hints": False,
             "language": "en", "name": "Ada", "waiting": 12},
            {"code": "TWX4QR", "rules": "charpentier-reentry", "length": 1, "hints": False,
             "language": None, "name": None, "waiting": 400}], "playing": [
            {"code": "QRTWX4", "rules": "garanguet", "length": 7,
             "names": {"host": "Cyrano", "guest": None}, "watchers": 2}]}))

    def send(self, message):
        pass

    def close(self, wait=0.0):
        pass


def online_menu(shooter) -> None:
    """The title's Play online: host, join by code, open games, watch (with a name given)."""
    from game.scenes.online.menu import PlayOnlineScene
    a = shooter.app()
    a.update_settings({"player_name": "Éloïse"})
    a.scenes.push(PlayOnlineScene(a))
    draw_frames([a], 20)
    shooter.shoot(a, "online-menu")


def online_rooms(shooter) -> None:
    """The open games on a relay, three waiting and one played (a stand-in relay's answer)."""
    from game.online.listing import Listing
    from game.scenes.online import rooms
    made = rooms.listing_class
    rooms.listing_class = lambda: lambda url: Listing(url, client_factory=ListedClient)
    try:
        a = shooter.app()
        a.update_settings({"join_address": "relay.example.org"})
        a.scenes.push(rooms.RoomsScene(a))
        draw_frames([a], 20)
        shooter.shoot(a, "online-rooms")
    finally:
        rooms.listing_class = made


def online_settings_name(shooter) -> None:
    """Settings with the name field focused, and a name refused with its reason."""
    from game.scenes.menus.settings import SettingsScene
    a = shooter.app()
    scene = SettingsScene(a)
    a.scenes.push(scene)
    scene.menu.focus_on(scene.name)
    scene.name.type("Ada<3")
    draw_frames([a], 10)
    shooter.shoot(a, "online-settings-name")


def online_host_open(shooter) -> None:
    """The Host screen with "Anyone on this relay" chosen."""
    a = shooter.app()
    a.update_settings({"host_open": True, "player_name": "Ada"})
    a.scenes.push(NewMatchScene(a))
    frames_until([a], lambda: isinstance(a.scenes.top, NewMatchScene))
    form = a.scenes.top
    opponent = form.choices["opponent"]
    opponent.index = [value for value, _ in opponent.options].index("online")
    form.changed("online")
    form.start_button.activate()
    frames_until([a], lambda: isinstance(a.scenes.top, HostScene) and a.scenes.top.code)
    draw_frames([a], 10)
    shooter.shoot(a, "online-host-open")
    a.scenes.top.back()
    draw_frames([a], 3)


def online_rematch(shooter) -> None:
    """The rematch card, the friend's offer to answer (over the title: the card alone)."""
    from game.online.events import RematchOffered
    from game.scenes.online.rematch import RematchScene
    a = shooter.app()
    a.scenes.push(RematchScene(a, RematchOffered(True, "Ada")))
    draw_frames([a], 20)
    shooter.shoot(a, "online-rematch")


def online_phrases(shooter) -> None:
    """The preset phrases' card."""
    from game.scenes.online.rematch import PhrasesScene
    a = shooter.app()
    a.scenes.push(PhrasesScene(a))
    draw_frames([a], 20)
    shooter.shoot(a, "online-phrases")


SCREENS = [online_host, online_friend_lost, online_join_refused, online_menu, online_rooms,
           online_settings_name, online_host_open, online_rematch, online_phrases]
