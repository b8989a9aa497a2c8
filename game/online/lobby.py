"""The relay's listing of its open rooms and of the matches played in them (docs/online.md,
"The listing"): kept in the order they were opened, so that a page of the newest is read off
the end without sorting, and each entry's JSON made once and kept until it changes, so that a
listing among 2,000 open rooms costs well under a millisecond (tests/bench_relay_load.py).

Only rooms opened "open" are ever here: a private room's code is never listed. The relay
(game/online/relay.py) adds and removes them; a room is shown only while it is what its list
says (an open room whose host is connected; a match with a seat connected that a watcher can be
caught up on), which is asked of the room at the moment of listing.
"""
import collections
import json

from game.online.protocol import MAX_BYTES

__all__ = ["Lobby", "PAGE", "BUDGET", "OPEN_ROOMS"]

#: Entries of each list in a page at most.
PAGE = 24
#: Bytes of each list's entries in a page at most: the two lists and the message's own fields
#: (under 100 bytes) stay within MAX_BYTES.
BUDGET = (MAX_BYTES - 128) // 2
#: Rooms one address may have listed for it (docs/online.md, "Keeping a relay"): open rooms
#: waiting for a guest, and matches it opened again with `open` on a relay restarted. One
#: address cannot fill the listing: a new open room beyond is refused "too-many", a match
#: opened again beyond is played but not listed.
OPEN_ROOMS = 8


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"))


class Lobby:
    """The open rooms and the matches in play in them, oldest first (dicts keep their order)."""

    def __init__(self):
        self.open: dict = {}            # code -> room, waiting for a guest
        self.playing: dict = {}         # code -> room, its match in play
        #: Per address, the rooms listed for it: open rooms waiting, matches opened again.
        self.by_address = collections.Counter()
        self._counted: dict = {}        # code -> the address a listed room is counted against

    def full(self, address: str) -> bool:
        """This address has all the listed rooms it may have (OPEN_ROOMS)."""
        return self.by_address[address] >= OPEN_ROOMS

    def add_open(self, room) -> None:
        self.open[room.code] = room
        self._count(room, room.address)

    def joined(self, room) -> None:
        """Its guest came: from the open rooms to the matches in play (no longer counted: its
        guest, not its host, now keeps it there)."""
        self.open.pop(room.code, None)
        self._uncount(room)
        self.playing[room.code] = room

    def add_reopened(self, room, address: str) -> bool:
        """A match opened again with `open` (a relay restarted) from `address`: listed, and
        counted against that address like an open room, if the address has room for it."""
        if self.full(address):
            return False
        self.playing[room.code] = room
        self._count(room, address)
        return True

    def remove(self, room) -> None:
        self.open.pop(room.code, None)
        self.playing.pop(room.code, None)
        self._uncount(room)

    def _count(self, room, address: str) -> None:
        self._counted[room.code] = address
        self.by_address[address] += 1

    def _uncount(self, room) -> None:
        address = self._counted.pop(room.code, None)
        if address is not None:
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]

    # The listing --------------------------------------------------------------------------------

    def rooms(self, game: str | None, page: int, now: float) -> str:
        """The `rooms` message for this game's family (None: all) and page, as sent."""
        waiting, more_open = _page((_open_entry(room, now)
                                    for room in reversed(self.open.values())
                                    if (game is None or room.game == game) and room.listed()),
                                   page)
        playing, more_playing = _page((_playing_entry(room)
                                       for room in reversed(self.playing.values())
                                       if (game is None or room.game == game) and room.listed()),
                                      page)
        return (f'{{"type":"rooms","open":[{",".join(waiting)}],'
                f'"playing":[{",".join(playing)}],"page":{page},'
                f'"more":{"true" if more_open or more_playing else "false"}}}')


def _open_entry(room, now: float) -> str:
    """An open room's entry: all but its waiting time made once (the room's `entry`)."""
    if room.entry is None:
        room.entry = _json({"code": room.code, "rules": room.rules,
                            "length": room.options.get("length"),
                            "hints": room.options.get("hints") is True,
                            "language": room.language, "name": room.names["host"]})[:-1]
    return f'{room.entry},"waiting":{max(0, int(now - room.created))}}}'


def _playing_entry(room) -> str:
    """A match's entry (the room's `shown`), made again only when its names or its watchers
    change."""
    key = (room.names["host"], room.names["guest"], len(room.watchers))
    if room.shown is None or room.shown[0] != key:
        room.shown = key, _json({"code": room.code, "rules": room.rules,
                                 "length": room.options.get("length"),
                                 "names": dict(room.names), "watchers": len(room.watchers)})
    return room.shown[1]


def _page(entries, page: int) -> tuple[list, bool]:
    """The entries of page `page` (pages of at most PAGE entries and BUDGET bytes, commas
    counted), and whether any come after it."""
    number, kept, size = 0, [], 0
    for text in entries:
        if len(kept) == PAGE or (kept and size + len(text) + 1 > BUDGET):
            if number == page:
                return kept, True
            number, kept, size = number + 1, [], 0
        kept.append(text)
        size += len(text) + 1
    return (kept, False) if number == page else ([], False)
