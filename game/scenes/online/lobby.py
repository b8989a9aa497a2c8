"""Playing a friend on another computer: the Host and Join screens (docs/online.md).

Host opens a room on a relay - by default the one the game starts inside itself, for a friend
on the same network, or one on the Internet (RelayScene) - and shows its code, large, the
address to give, and how others watch with the same code, while it waits for the friend, says
when the friend's game is in and reads the offer, and how many watch (Esc cancels: nothing was
started, nothing is lost); the host chooses who may join: friends with the code, or anyone on
the relay (listed there: rooms.py). Join (join.py) asks for the address and code. The link
itself (its connection, its messages) is game.online's; these screens only show what it says.
"""
from __future__ import annotations

from urllib.parse import urlsplit

import pygame

from game.base.dispatch import dispatch, ignoring
from game.base import i18n
from game.base.i18n import N_, Words, _, n_, shown, verbatim
from game.online.events import (ConnectionLost, Forfeit, FriendArrived, FriendAway, FriendBack,
                                FriendJoined, FriendResigned, FriendSaid, Offered, Reconnected, Refused,
                                RematchAgreed, RematchDeclined, RematchOffered, RoomOpened,
                                Unreachable, Watchers)
from game.play.options import MatchOptions
from game.rules import Side, rule_set
from game.saves.settings import HOST_OPEN
from game.scenes import games
from game.scenes.host import Host
from game.scenes.menus.base import MenuScene
from game.view import widgets as ui
from game.view.layout import px, ui_scale
from game.scenes.online.shared import (FACE_TIME, code_said, dots, draw_waiting,  # noqa: F401
                                       option_rows, relay_url, watching_words)
from game.view.held_keys import HeldKeys
from game.view.text_field import TextField

FAILURE = (236, 120, 96)  # what went wrong, said in a warm red on the walnut


# --- what the screens ask of game.online (tests hand them stand-ins) -----------------------------
def link_class():
    """The link between the two games (game/online/link.py), imported when first needed."""
    from game.online.link import Link
    return Link


#: Where this game's own relay listens: every address of the computer, so that a friend on the
#: network reaches it (the tests keep it to loopback: tests/conftest.py).
RELAY_HOST = "0.0.0.0"


def start_relay():
    """The relay inside this game, for a friend on the same network: on its usual port, or on
    any free one if that is taken (another game, or a relay already running here)."""
    from game.online import relay
    try:
        return relay.start_in_thread(RELAY_HOST, relay.DEFAULT_PORT)
    except OSError:
        return relay.start_in_thread(RELAY_HOST, 0)


def restart_relay(state: dict):
    """The relay a host's game ran for its saved match, started again on the same port (a
    friend's game keeps the address it was given); None for a guest, or a relay elsewhere. A
    port still held (by this game closed a moment ago, still ending) is tried again on a thread
    (relay.StartingAgain), said at the table while it is (`relay_held`)."""
    global restarting
    from game.online import relay
    parts = urlsplit(state.get("url", ""))
    if state.get("seat") != "host" or parts.hostname != "127.0.0.1" or not parts.port:
        return None
    try:
        return relay.start_in_thread(RELAY_HOST, parts.port)
    except OSError:
        restarting = relay.StartingAgain(RELAY_HOST, parts.port)
        return restarting


restarting = None       # the host's relay tried again (restart_relay), the last one


def relay_held():
    """The host's relay being tried again while its port is held: (port, given up), else None."""
    again = restarting
    return (again.port, again.given_up) if again is not None and again.held else None


def announce(port: int, name: str, addresses: list[str]):
    """This game's relay announced on the home network (game/online/nearby.py), by the player's
    name; its `close()` withdraws it. Without python-zeroconf or multicast, it does nothing."""
    from game.online.nearby import Announcer
    return Announcer(port, name, [urlsplit(a).hostname or "" for a in addresses])


def addresses_to_give(port: int) -> list[str]:
    """This computer's addresses on the network, best first, as a friend types them."""
    from game.online.relay import local_addresses
    return [f"ws://{address}:{port}" for address in local_addresses()]


class OnlineScene(MenuScene):
    """What the Host and Join screens share: a link polled every frame, a status line (a
    failure in red), the walnut card; Esc or Back closes the link, nothing else changes."""

    width = 560
    row_height = 50

    def __init__(self, app: Host):
        self.link = None
        self.status: Words | str = ""
        self.failed = False
        self.held = HeldKeys()      # keys pressed before the screen showed (game/view/held_keys.py)
        super().__init__(app)
        self.handlers = self.link_handlers()

    def enter(self) -> None:
        """The screen comes (`arrive`); a key pressed before it showed does not act on it."""
        super().enter()
        self.arrive()
        self.held.came()

    def arrive(self) -> None:
        """What the screen does as it comes (the Host screen opens its room)."""

    def handle_event(self, event) -> None:
        if not self.held.stale(event):
            super().handle_event(event)

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None

    def back(self) -> None:
        self.close()
        super().back()

    def leave(self) -> None:
        """Gone from the screen (Esc, or the title): the room is left, nothing started."""
        self.close()

    def link_handlers(self) -> dict:
        """Every event of the link (game/online/events.py), by type: what this screen does with
        it. Before the match, most of the link's news has nothing to show here."""
        return {
            Refused: self.fail, Unreachable: self.fail,
            FriendJoined: self.begin,
            ConnectionLost: self.tell, Forfeit: self.tell,
            **ignoring(RoomOpened, Offered, Reconnected, FriendArrived, FriendAway, FriendBack,
                       Watchers, FriendResigned, FriendSaid, RematchOffered, RematchAgreed,
                       RematchDeclined),
        }

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.link is not None:
            for event in self.link.poll():
                dispatch(self.handlers, event, self)

    def say(self, words, failed: bool) -> None:
        self.status, self.failed = words, failed

    def tell(self, event) -> None:
        """News with words for the player (a dropped connection...): said, not as a failure."""
        self.say(event.words, failed=False)

    def fail(self, event) -> None:
        """The relay said no, or cannot be reached: the reason, and the link closed."""
        self.close()
        self.say(event.words, failed=True)

    def begin(self, event) -> None:
        """The friend is in and has accepted: the match is the app's (and the keeper's) from
        now on, with the relay this game runs, if any."""
        link, relay, self.link = self.link, self.relay, None
        self.relay = None
        self.leaving = True
        self.app.play_online(link, relay)

    relay = None

    def card(self, surface, scale) -> pygame.Rect:
        w, h = surface.get_size()
        card = pygame.Rect(0, 0, min(px(820, scale), w - px(60, scale)), px(360, scale))
        card.midtop = (w // 2, round(h * 0.17))
        ui.panel(surface, card, scale)
        return card

    def draw_status(self, surface, scale, y: int) -> None:
        if self.status:
            colour = FAILURE if self.failed else ui.IVORY
            self.draw_footnote(surface, shown(self.status), 24, y, px(820, scale), 2, colour)


class HostScene(OnlineScene):
    """The room's code and the address to give, while it waits for the friend."""

    heading = N_("Host a match")

    def __init__(self, app: Host, options: MatchOptions, url: str | None = None):
        self.options = options
        self.url = url               # a relay elsewhere (RelayScene), or None: this game's own
        self.relay = None
        self.code = ""
        self.addresses: list[str] = []
        self.arrived = False         # the friend's game is in the room, reading the offer
        self.watchers = 0
        super().__init__(app)

    def build(self):
        self.elsewhere = ui.Button(N_("A relay on the Internet..."), self.elsewhere_chosen)
        self.who = ui.Choice(HOST_OPEN.label, HOST_OPEN.options(),
                             self.app.settings.get(HOST_OPEN.key) is True, self.who_changed)
        return [self.who, self.elsewhere, ui.Button(N_("Cancel"), self.back)]

    def elsewhere_chosen(self) -> None:
        self.app.scenes.push(RelayScene(self.app, self.chosen))

    def who_changed(self, value: bool) -> None:
        """Friends with the code, or anyone on the relay (listed there): the room opens again
        so (a new code), and the choice is offered next time."""
        self.app.update_settings({HOST_OPEN.key: value})
        if self.link is not None and not self.arrived:
            self.close()
            self.open()
            self.held.came()    # the key's repeat pushed while the room opened again: not another change

    def chosen(self, url: str) -> None:
        """Host on that relay instead (the room opens again when this screen shows)."""
        self.close()
        self.url = url

    def leave(self) -> None:
        """Gone from the screen: the room closes - but not while the relay's screen only covers
        this one (a stray Enter there must not cost the friend the code already given)."""
        if self not in self.app.scenes.stack:
            super().leave()

    def layout(self, size):
        scale = ui_scale(size)
        rows = len(self.menu.widgets)
        ui.column(self.menu.widgets, size[0] // 2, size[1] - px(30, scale) - rows * px(
            self.row_height + self.gap, scale), px(440, scale), px(self.row_height, scale),
            px(self.gap, scale))

    def arrive(self):
        """Open the room - again, back from choosing a relay elsewhere (leaving closed it)."""
        if self.link is None and not self.leaving:
            self.open()

    def open(self) -> None:
        self.code, self.addresses, self.arrived = "", [], False
        self.say(Words(N_("Opening the room...")), failed=False)
        try:
            if self.url is None:
                self.relay = start_relay()
                self.addresses = addresses_to_give(self.relay.port) or [self.relay.url]
                self.announced = announce(self.relay.port, str(self.app.settings.get(
                    "player_name") or "Tourne Case & Garanguet"), self.addresses)
            else:
                self.addresses = [self.url]
            self.link = link_class().host(
                self.relay.url if self.relay else self.url, self.options, open=self.who.value is True,
                name=self.app.settings.get("player_name") or None, language=i18n.language())
        except Exception as exc:     # the port refused, the network down: said, nothing lost
            self.close()
            self.say(Words(N_("The room could not be opened ({problem})."),
                           problem=verbatim(f"{type(exc).__name__}: {exc}")), failed=True)

    announced = None          # the home network's announcement of this game's relay

    def stop_relay(self) -> None:
        if self.announced is not None:
            self.announced.close()
            self.announced = None
        if self.relay is not None:
            self.relay.stop()
            self.relay = None

    def close(self) -> None:
        super().close()
        self.stop_relay()

    def link_handlers(self) -> dict:
        """The room's news while the friend is awaited: its code, the friend reading the offer,
        the watchers; a dropped connection is said as a failure until it is back."""
        return {**super().link_handlers(), RoomOpened: self._room_opened,
                FriendArrived: self._friend_arrived, Watchers: self._watchers,
                ConnectionLost: self._connection_lost, Reconnected: self._reconnected}

    def _room_opened(self, event: RoomOpened) -> None:
        self.code = event.code
        self.say("", failed=False)

    def _friend_arrived(self, event: FriendArrived) -> None:
        self.arrived = event.present

    def _watchers(self, event: Watchers) -> None:
        self.watchers = event.count

    def _connection_lost(self, event: ConnectionLost) -> None:
        self.say(event.words, failed=True)

    def _reconnected(self, event: Reconnected) -> None:
        self.say("", failed=False)

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        card = self.card(surface, scale)
        y = card.y + px(14, scale)
        if self.code:
            ui.blit_text(surface, _("The room's code"), 24 * scale, (card.centerx, y), ui.WALNUT,
                         anchor="midtop", box=card)
            code = ui.blit_text(surface, code_said(self.code), 104 * scale,
                                (card.centerx, y + px(22, scale)), ui.INK, "title", "midtop", card)
            y = code.bottom + px(2, scale)
            ui.blit_text(surface, _("and the address to give your friend"), 24 * scale,
                         (card.centerx, y), ui.WALNUT, anchor="midtop", box=card)
            y += px(30, scale)
            main, *others = self.addresses
            shown_ = ui.blit_fitted(surface, verbatim(main), 42 * scale, pygame.Rect(
                card.x, y, card.w, px(48, scale)), ui.INK, "title", "midtop", px(20, scale))
            y = shown_.bottom + px(2, scale)
            if others:
                ui.blit_fitted(surface, _("or {addresses}", addresses=verbatim(", ".join(others[:2]))),
                               21 * scale, pygame.Rect(card.x, y, card.w, px(28, scale)),
                               ui.WALNUT, anchor="midtop", margin=px(20, scale))
                y += px(26, scale)
            ui.blit_fitted(surface, _("To only watch: Join, then Watch, with the same address and code"),
                           21 * scale, pygame.Rect(card.x, y, card.w, px(28, scale)),
                           ui.WALNUT, anchor="midtop", margin=px(20, scale))
        self.draw_options(surface, card, scale)
        below = card.bottom + px(34, scale)
        friend = getattr(self.link, "friend_name", None)
        if self.code and not self.failed:
            waiting = (_("{name} is here, reading your offer{dots}", name=verbatim(friend),
                         dots=verbatim(dots(self.time))) if self.arrived and friend else
                       _("Your friend is here, reading your offer{dots}", dots=verbatim(dots(self.time)))
                       if self.arrived else
                       _("Waiting for your friend{dots}", dots=verbatim(dots(self.time))))
            draw_waiting(surface, (surface.get_width() / 2, below), waiting, self.time, scale)
            note = (N_("The match begins when your friend accepts it. Esc cancels.") if self.arrived
                    else N_("Anyone on this relay sees your room in its open games, or joins with "
                            "the code. Esc cancels.") if self.who.value is True
                    else N_("Your friend chooses Join and types the address and the code. Esc cancels."))
            watching = watching_words(self.watchers)
            if watching is not None:
                note = _("{note} ({watching})", note=_(note), watching=watching.said())
            self.draw_footnote(surface, note, 21, below + px(30, scale), px(820, scale), 2,
                               ui.IVORY_SHADE)
        else:
            self.draw_status(surface, scale, below - px(14, scale))

    def next_frame(self) -> float:
        """The next step of the waiting die and dots (the link's news is taken in then too,
        or at once when the link wakes the game)."""
        if self.menu.easing():
            return 0.0
        return FACE_TIME - self.time % FACE_TIME

    def draw_options(self, surface, card, scale) -> None:
        """The match offered, along the card's foot: "Game: Tourne Case · Rules: ..."."""
        rows = [_("{label}: {value}", label=label, value=value) for label, value in
                option_rows(self.options.rules, self.options.length, self.options.touch_move,
                            self.options.human_side, self.options.hints)]
        lines = [rows[:-3], rows[-3:]]
        step = px(28, scale)
        y = card.bottom - px(14, scale) - step * len(lines)
        pygame.draw.line(surface, ui.IVORY_SHADE, (card.x + px(40, scale), y - px(6, scale)),
                         (card.right - px(40, scale), y - px(6, scale)), max(1, px(2, scale)))
        for line in lines:
            ui.blit_fitted(surface, verbatim("  ·  ".join(line)), 22 * scale,
                           pygame.Rect(card.x, y, card.w, step), ui.WALNUT, margin=px(20, scale))
            y += step


class RelayScene(OnlineScene):
    """A relay somewhere both players reach (`python3 main.py relay` on a server): its address,
    for the Host screen to open the room there."""

    heading = N_("A relay on the Internet")

    def __init__(self, app: Host, on_chosen):
        self.on_chosen = on_chosen
        super().__init__(app)

    def build(self):
        self.address = TextField(N_("Address"), placeholder=verbatim("wss://relay.example.org"),
                                 limit=120, on_change=lambda _value: self.say("", failed=False))
        self.open_button = ui.Button(N_("Open the room there"), self.open)
        return [self.address, self.open_button, ui.Button(N_("Back"), self.back)]

    def layout(self, size):
        scale = ui_scale(size)
        ui.column(self.menu.widgets, size[0] // 2, round(size[1] * 0.3), px(self.width + 140, scale),
                  px(self.row_height, scale), px(self.gap, scale))

    def handle_event(self, event):
        if self.held.stale(event):
            return
        if self.menu.focused is self.address and not self.leaving and self.address.take(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.menu.focused is self.address:
            self.open()
            return
        super().handle_event(event)

    def open(self) -> None:
        url = relay_url(self.address.value)
        if url is None:
            self.say(Words(N_("Type the relay's address, such as wss://relay.example.org or "
                              "203.0.113.5:8690.")), failed=True)
        elif not self.leaving:
            self.on_chosen(url)
            self.back()

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        y = self.menu.widgets[-1].rect.bottom + px(20, scale)
        if self.status:
            self.draw_status(surface, scale, y)
        else:
            self.draw_footnote(surface, N_("Anyone can run one on a server: python3 main.py relay "
                                           "(see the README). Your friend joins with the same "
                                           "address."), 21, y, px(760, scale), 3, ui.IVORY_SHADE)
