"""The relay's listing, as the Join screen reads it (docs/online.md, "Open games"): the rooms open
to anyone on the relay and the matches in play that may be watched.

A listing is a connection of its own whose first message is `list` (never a hello): the relay
answers `rooms`, and is asked again every ASK_EVERY seconds while the screen shows it (the
client sends the `list` again by itself after a dropped connection). What the relay sends is
checked here again, entry by entry: an entry that is not what docs/online.md says is left out,
a name that is not acceptable is shown as none (game/online/names.py). No pygame.

    listing = Listing(url, game=None)          every frame: listing.poll(dt) -> events
    listing.open, listing.playing              the last good answers (OpenRoom, PlayingRoom)
    listing.next_page()                        the screen scrolled past them: one page more

A page holds the relay's newest rooms after the pages before it (docs/online.md, "The
listing"); `more` says the relay has more. The pages the screen wants are asked for again
together every ASK_EVERY seconds, and shown one after the other, a room listed twice (it
moved from one page to the next between two answers) shown once.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.online import protocol
from game.online.client import Client
from game.online.events import ConnectionLost, Refused, Unreachable, refused_words, said_name
from game.rules import MATCH_LENGTHS, RULE_NAMES

ASK_EVERY = 2.0            # seconds between two `list` while the screen shows the listing
SHOWN_AT_MOST = 24         # entries of each kind kept of one page (the relay's page)
MOST_PAGES = 100           # pages 0..99 (the relay's limit)


@dataclass(frozen=True)
class OpenRoom:
    """A room waiting for anyone on the relay: its host's options and name, how long it waited."""
    code: str
    rules: str
    length: int
    hints: bool
    language: str
    name: str | None
    waiting: int


@dataclass(frozen=True)
class PlayingRoom:
    """A match in play that may be watched: its options, the players' names, how many watch."""
    code: str
    rules: str
    length: int
    names: tuple            # (host's name or None, guest's name or None)
    watchers: int


@dataclass(frozen=True)
class Listed:
    """The relay answered: what is open and what is played now (the screen shows it), and
    whether it has more beyond the pages asked for."""
    open: tuple
    playing: tuple
    more: bool = False


def list_message(game: str | None = None, page: int = 0) -> dict:
    return {"type": "list", "protocol": protocol.PROTOCOL, "game": game, "page": page}


def _count(value, high: int = 10**7) -> int | None:
    return value if type(value) is int and 0 <= value <= high else None


def _room_basics(entry) -> tuple | None:
    if not isinstance(entry, dict):
        return None
    code = protocol.normal_code(entry.get("code"))
    rules, length = entry.get("rules"), entry.get("length")
    if code is None or rules not in RULE_NAMES or type(length) is not int or length not in MATCH_LENGTHS:
        return None
    return code, rules, length


def open_room(entry) -> OpenRoom | None:
    basics = _room_basics(entry)
    waiting = _count(entry.get("waiting")) if basics else None
    if basics is None or waiting is None:
        return None
    language = entry.get("language") if entry.get("language") in ("en", "fr") else ""
    return OpenRoom(*basics, hints=entry.get("hints") is True, language=language,
                    name=said_name(entry.get("name")), waiting=waiting)


def playing_room(entry) -> PlayingRoom | None:
    basics = _room_basics(entry)
    watchers = _count(entry.get("watchers"), protocol.WATCHERS) if basics else None
    if basics is None or watchers is None:
        return None
    names = entry.get("names") if isinstance(entry.get("names"), dict) else {}
    return PlayingRoom(*basics, names=(said_name(names.get("host")), said_name(names.get("guest"))),
                       watchers=watchers)


def listed(message: dict) -> Listed:
    """The relay's `rooms`, entry by entry checked; the bad ones left out."""
    def entries(key, read):
        raw = message.get(key)
        found = [read(entry) for entry in raw[:SHOWN_AT_MOST]] if isinstance(raw, list) else []
        return tuple(entry for entry in found if entry is not None)
    return Listed(entries("open", open_room), entries("playing", playing_room),
                  message.get("more") is True)


def page_of(message: dict) -> int:
    page = message.get("page", 0)
    return page if type(page) is int and 0 <= page < MOST_PAGES else -1


def joined(pages: list) -> Listed:
    """Pages one after the other, each room once (where it was first listed)."""
    seen, found = set(), {"open": [], "playing": []}
    for page in pages:
        for kind in found:
            for entry in getattr(page, kind):
                if entry.code not in seen:
                    seen.add(entry.code)
                    found[kind].append(entry)
    return Listed(tuple(found["open"]), tuple(found["playing"]), bool(pages) and pages[-1].more)


class Listing:
    """One relay's listing, asked again every ASK_EVERY seconds (see the module)."""

    def __init__(self, url: str, game: str | None = None, client_factory=Client):
        self.url = url
        self.game = game
        self.message = list_message(game)
        self.client = client_factory(url, self.message)
        self.open: tuple = ()
        self.playing: tuple = ()
        self.more = False              # the relay has more beyond the pages got
        self.answered = False          # the relay has answered once
        self.done = False              # refused or unreachable: nothing more comes
        self.pages: list = []          # the answers, page by page (Listed), from page 0
        self.wanted = 1                # pages the screen wants
        self._since = 0.0

    def next_page(self) -> bool:
        """The screen scrolled past the rooms it has: ask for the next page now (True), unless
        the relay said there is none or it is still awaited."""
        if self.done or not self.more or len(self.pages) < self.wanted or \
                self.wanted >= MOST_PAGES:
            return False
        self.wanted += 1
        self.client.send(list_message(self.game, self.wanted - 1))
        return True

    def poll(self, dt: float) -> list:
        """The news since the last frame (Listed, ConnectionLost, Refused, Unreachable); asks again when ASK_EVERY seconds have passed."""
        events = []
        while True:
            try:
                item = self.client.inbox.get_nowait()
            except Exception:      # queue.Empty
                break
            event = self._take(item)
            if event is not None:
                events.append(event)
        self._since += dt
        if not self.done and self._since >= ASK_EVERY:
            self._since = 0.0
            for page in range(self.wanted):
                self.client.send(list_message(self.game, page))
        return events

    def _take(self, item):
        if self.done:
            return None
        if item[0] == "lost":
            return ConnectionLost()
        if item[0] == "unreachable":
            self.done = True
            return Unreachable()
        message = item[1] if item[0] == "message" else {}
        kind = message.get("type")
        if kind == "rooms":
            page = page_of(message)
            if not 0 <= page <= len(self.pages) or page >= self.wanted:
                return None                 # not a page asked for, or one past a gap
            self.pages[page:page + 1] = [listed(message)]
            if not self.pages[page].more:   # the last there is: the pages after it are gone
                del self.pages[page + 1:]
                self.wanted = min(self.wanted, page + 1)
            self.answered = True
            news = joined(self.pages)
            self.open, self.playing, self.more = news.open, news.playing, news.more
            return news
        if kind == "refused":
            reason = str(message.get("reason", ""))[:40]
            if Client.inbox_has_room(message):
                return None
            self.done = True
            return Refused(reason, refused_words(reason))
        return None

    def close(self) -> None:
        self.done = True
        self.client.close()
