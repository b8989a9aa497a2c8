"""The open games on a relay (docs/online.md, "Open games"): the rooms waiting for anyone on it
and the matches being played there, live - the relay is asked again every 2 s while this screen
shows (game/online/listing.py), so rooms come and go without a key - each joined or watched
with one click, one Enter or one controller button. A room joined from here is knocked at at
once, and its offer accepted at once when it is the match listed (the Join screen,
game/scenes/online/join.py); a match is watched on the watch screen. A private room (friends
with the code) is never listed: the relay keeps it out.
"""
from __future__ import annotations

import pygame

from game.base.i18n import N_, Words, _, n_, shown, verbatim
from game.scenes import games
from game.scenes.host import Host
from game.scenes.menus.base import rules_title
from game.scenes.online.lobby import FAILURE, OnlineScene, dots, relay_url
from game.view import widgets as ui
from game.view.layout import px, ui_scale
from game.view.text_field import TextField

ROWS = 6                 # rows of rooms shown at once (the newest first)


def listing_class():
    """The relay's listing (game/online/listing.py), imported when first needed; tests give a
    stand-in."""
    from game.online.listing import Listing
    return Listing


def nearby_class():
    """The games on the home network (game/online/nearby.py), imported when first needed;
    tests give a stand-in."""
    from game.online.nearby import Nearby
    return Nearby


#: Why the home network cannot be searched (nearby.Nearby.problem), said once under the form.
NEARBY_PROBLEMS = {
    "no-library": N_("Games on this network cannot be searched for here (python-zeroconf is "
                     "not installed): type the host's address."),
    "no-multicast": N_("Games on this network cannot be searched for here (multicast does not "
                       "reach this network): type the host's address."),
}


def waited(seconds: int) -> str:
    """ "waiting 40 s", "waiting 3 min": how long an open room has waited, in lining figures."""
    if seconds < 60:
        return _("waiting {n} s", n=seconds)
    return _("waiting {n} min", n=seconds // 60)


def room_words(kind: str, entry) -> str:
    """One row of the listing, in the language spoken now: an open room ("Join · Ada · Tourne
    Case, Charpentier 1699 · 5 points · hints · FR · waiting 1 min") or a match in play ("Watch ·
    Ada - Bob · Garanguet · 3 points · 2 watching")."""
    if kind == "nearby":
        name, url = entry
        return _("On this network: {name}  ·  {url}", name=verbatim(name), url=verbatim(url))
    game = _(games.game_of(entry.rules).title)
    if len(games.presets(games.game_of(entry.rules))) > 1:
        game = _("{game}, {rules}", game=game, rules=rules_title(entry.rules, short=True))
    length = n_("{count} point", "{count} points", entry.length, count=entry.length)
    if kind == "open":
        parts = [_("Join"), verbatim(entry.name) if entry.name else _("no name"), game, length]
        if entry.hints:
            parts.append(_("hints"))
        if entry.language:
            parts.append(verbatim(entry.language.upper()))
        parts.append(waited(entry.waiting))
    else:
        host, guest = (verbatim(name) if name else _("no name") for name in entry.names)
        parts = [_("Watch"), _("{host} - {guest}", host=host, guest=guest), game, length]
        if entry.watchers:
            parts.append(n_("{n} watching", "{n} watching", entry.watchers, n=entry.watchers))
    return verbatim("  ·  ".join(parts))


class RoomRow(ui.Button):
    """One room of the listing (or none: hidden); activated, it joins or watches that room."""

    def __init__(self, scene: "RoomsScene"):
        self.kind, self.entry = "", None
        super().__init__(lambda: room_words(self.kind, self.entry), lambda: scene.chosen(self),
                         size=21)

    def show(self, kind: str, entry) -> None:
        self.kind, self.entry = kind, entry
        self.visible = entry is not None

    @property
    def code(self) -> str | None:
        """What the row stands for, to keep the focus on it: a room's code, a game's address."""
        return None if self.entry is None else self.entry[1] if self.kind == "nearby" else self.entry.code


class RoomsScene(OnlineScene):
    """The relay's address, then its open rooms and its matches in play, live."""

    heading = N_("Open games")
    width = 860
    row_height = 40
    gap = 6

    def __init__(self, app: Host, url: str = ""):
        self.listing = None
        self.nearby = None         # the home network's games (nearby.Nearby), while shown
        self.found: list = []      # [(name, url)] found there, shown first
        self.news = None           # the relay's last listing (Listed)
        self.nearby_problem = None  # why the home network cannot be searched (nearby.py), if so
        self.url = None            # the relay listed (its address made whole)
        self.more = 0              # rooms listed below the rows
        self.first = 0             # the first room shown (the player scrolls down the listing)
        self.entries: list = []    # [(kind, entry)]: the home network's, the relay's pages
        super().__init__(app)
        typed = url or str(self.app.settings.get("join_address", "") or "")
        self.address.type(typed)

    def build(self):
        self.address = TextField(N_("Relay"), placeholder=verbatim("wss://relay.example.org"),
                                 limit=120, on_change=self.typed)
        self.show_button = ui.Button(N_("Show its open games"), self.show)
        self.rows = [RoomRow(self) for _ in range(ROWS)]
        for row in self.rows:
            row.visible = False
        return [self.address, self.show_button, *self.rows, ui.Button(N_("Back"), self.back)]

    def typed(self, _value) -> None:
        if self.listing is None:
            self.say("", failed=False)

    # --- the listing ---------------------------------------------------------------------------
    def enter(self):
        """The listing starts (again: back from a room joined or watched, the list goes on) - at
        once with the address remembered."""
        super().enter()
        if self.nearby is None and not self.leaving:
            try:
                self.nearby = nearby_class()()
                self.nearby_problem = self.nearby.problem
            except Exception:        # never a traceback for an optional search
                self.nearby, self.nearby_problem = None, "no-multicast"
        if self.leaving or self.listing is not None:
            return
        if self.url is not None:
            self.start()
        elif relay_url(self.address.value) is not None:
            self.show()

    def leave(self) -> None:
        super().leave()
        self.stop()
        if self.nearby is not None:
            self.nearby.close()
            self.nearby = None

    def show(self) -> None:
        """List the relay typed (remembered, as the Join screen's address)."""
        url = relay_url(self.address.value)
        if url is None:
            self.say(Words(N_("Type the relay's address, such as wss://relay.example.org or "
                              "203.0.113.5:8690.")), failed=True)
            self.menu.focus_on(self.address)
            return
        if self.app.settings.get("join_address") != self.address.value.strip():
            self.app.update_settings({"join_address": self.address.value.strip()})
        self.stop()
        self.url = url
        self.listed(None)           # another relay: none of the last one's rooms
        self.start()

    def start(self) -> None:
        self.say(Words(N_("Asking the relay for its open games...")), failed=False)
        try:
            self.listing = listing_class()(self.url)
        except Exception as exc:      # never a traceback: said, and Show tries again
            self.listing = None
            self.say(Words(N_("The relay could not be asked ({problem})."),
                           problem=verbatim(f"{type(exc).__name__}: {exc}")), failed=True)

    def stop(self) -> None:
        if self.listing is not None:
            self.listing.close()
            self.listing = None

    def update(self, dt: float) -> None:
        super().update(dt)
        found = self.nearby.games() if self.nearby is not None else []
        if found != self.found:
            self.found = found
            self.listed(self.news)
        if self.listing is None:
            return
        from game.online.events import ConnectionLost, Refused, Unreachable
        from game.online.listing import Listed
        for event in self.listing.poll(dt):
            if isinstance(event, Listed):
                self.listed(event)
            elif isinstance(event, (Refused, Unreachable)):
                self.stop()
                self.listed(None)
                self.say(event.words, failed=True)
            elif isinstance(event, ConnectionLost):
                self.say(event.words, failed=False)

    def listed(self, news) -> None:
        """The rows show what the relay listed now; the focus stays on the room it was on."""
        self.news = news
        focused = self.menu.focused
        code = focused.code if isinstance(focused, RoomRow) else None
        entries = [("nearby", game) for game in self.found if game[1] != self.url]
        if news is not None:
            entries += [("open", e) for e in news.open] + [("playing", e) for e in news.playing]
        self.entries = entries
        self.first = max(0, min(self.first, len(entries) - ROWS))
        self.show_rows()
        if news is not None:
            self.say(Words(N_("No open game on this relay now: host one for anyone on it, or "
                              "wait here.")) if not news.open and not news.playing else "",
                     failed=False)
        again = next((row for row in self.rows if row.visible and row.code == code), None)
        if again is not None:
            self.menu.focus_on(again)

    def show_rows(self) -> None:
        shown = self.entries[self.first:self.first + ROWS]
        for row, (kind, entry) in zip(self.rows, shown + [("", None)] * ROWS):
            row.show(kind, entry)
        self.more = max(0, len(self.entries) - self.first - ROWS)

    def scroll(self, step: int) -> bool:
        """The rows move `step` rooms down the listing (up if negative); past the last room the
        relay sent, its next page is asked for (it shows when it comes). True if they moved."""
        first = max(0, min(self.first + step, len(self.entries) - ROWS))
        asked = (first + ROWS >= len(self.entries) and step > 0 and self.listing is not None
                 and self.listing.next_page())
        if first == self.first:
            return asked
        self.first = first
        self.show_rows()
        return True

    def _scrolled_by_key(self, event) -> bool:
        """Down on the last row shown (Up on the first) scrolls the listing instead of leaving it."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_DOWN, pygame.K_UP):
            return False
        shown = [row for row in self.rows if row.visible]
        if not shown:
            return False
        if event.key == pygame.K_DOWN and self.menu.focused is shown[-1]:
            return self.scroll(1)
        if event.key == pygame.K_UP and self.menu.focused is shown[0]:
            return self.scroll(-1)
        return False

    def chosen(self, row: RoomRow) -> None:
        """Join that room (its offer accepted at once if it is as listed), or watch that match."""
        if row.entry is None or self.leaving:
            return
        if row.kind == "nearby":          # a game on this network: its relay's open games
            self.address.clear()
            self.address.type(row.entry[1])
            self.show()
            return
        if self.url is None:
            return
        if row.kind == "open":
            from game.scenes.online.join import JoinScene
            self.app.scenes.push(JoinScene(self.app, url=self.url, listed=row.entry))
        else:
            from game.scenes.online.watch import WatchScene
            self.app.scenes.push(WatchScene(self.app, self.url, row.entry.code))

    # --- keys and drawing ----------------------------------------------------------------------
    def handle_event(self, event):
        if self.held.stale(event):
            return
        if self.menu.focused is self.address and not self.leaving and self.address.take(event):
            return
        if event.type == pygame.MOUSEWHEEL and not self.leaving:
            self.scroll(-event.y)
            return
        if not self.leaving and self._scrolled_by_key(event):
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.menu.focused is self.address):
            self.show()
            return
        super().handle_event(event)

    def layout(self, size):
        scale = ui_scale(size)
        top = round(size[1] * 0.2)
        width = px(self.width, scale)
        y = ui.column([self.address, self.show_button], size[0] // 2, top, width,
                      px(46, scale), px(self.gap, scale))
        half = (width - px(self.gap, scale)) // 3
        self.address.rect.w -= half + px(self.gap, scale)          # the button beside the field
        self.show_button.rect = pygame.Rect(self.address.rect.right + px(self.gap, scale),
                                            self.address.rect.y, half, self.address.rect.h)
        y = self.address.rect.bottom + px(40, scale)
        ui.column([*self.rows, self.menu.widgets[-1]], size[0] // 2, y, width,
                  px(self.row_height, scale), px(self.gap, scale), keep_places=True)

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        y = self.address.rect.bottom + px(8, scale)
        if self.status:
            colour = FAILURE if self.failed else ui.IVORY
            line = shown(self.status)
            if self.listing is not None and not self.listing.answered and not self.failed:
                line = verbatim(line + dots(self.time))
            ui.blit_fitted(surface, line, 21 * scale, pygame.Rect(0, y, surface.get_width(),
                           px(28, scale)), colour, margin=px(40, scale))
        elif self.listing is not None:
            note = _("Live: the relay is asked again every 2 s. Enter or a click joins or watches.")
            if self.more or self.listing.more:
                note = _("{note} ({n} more below: Down or the wheel shows them)", note=note,
                         n=f"{self.more}+" if self.listing.more else self.more)
            ui.blit_fitted(surface, note, 19 * scale, pygame.Rect(0, y, surface.get_width(),
                           px(28, scale)), ui.IVORY_SHADE, margin=px(40, scale))
        if self.nearby_problem in NEARBY_PROBLEMS:    # said once, at the foot: an address works
            self.draw_footnote(surface, NEARBY_PROBLEMS[self.nearby_problem], 19,
                               self.menu.widgets[-1].rect.bottom + px(12, scale), px(820, scale),
                               2, ui.IVORY_SHADE)
