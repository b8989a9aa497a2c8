"""What the link (game/online/link.py) tells the game each frame, from `Link.poll()`: the news of
the connection and of the other game. Each is a frozen dataclass; where a player must read
something it carries `words` (game.base.i18n Words, said in the language spoken when shown). No
pygame: the scenes show them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.base.i18n import N_, Words
from game.online.names import name_refusal
from game.online.referee import broken_words
from game.rules import Side

#: Why the relay said no (docs/online.md, "refused"), as a player reads it; any other reason is
#: said with REFUSED_OTHER.
REFUSED_WORDS = {
    "no-such-room": N_("There is no room with that code: check it with your friend."),
    "room-full": N_("That room is full: two players are in it already."),
    "expired": N_("That room has expired: ask your friend for a new code."),
    "version": N_("Your friend's game is another version: both need the same version."),
    "protocol": N_("Your friend's game is another version: both need the same version."),
    "rules": N_("Your friend plays another rule set in that room."),
    "bad-token": N_("The relay no longer knows your seat in that match."),
    "too-many": N_("Too many attempts from this computer: wait a minute and try again."),
}
REFUSED_OTHER = N_("The relay refused the connection ({reason}).")

#: The few words the players may send each other (`say`, docs/online.md): no free text, so
#: nothing needs moderating; each shown in the language of the screen that shows it.
PHRASES = {
    "hello": N_("Hello!"),
    "good-luck": N_("Good luck!"),
    "well-played": N_("Well played!"),
    "thanks": N_("Thanks!"),
    "one-moment": N_("One moment, please."),
}

def said_name(text) -> str | None:
    """A name as this game sends and shows it (trimmed), or None when there is none or it is
    not acceptable (game/online/names.py): what comes from the other side is checked again."""
    if not isinstance(text, str) or name_refusal(text) is not None:
        return None
    return text.strip()


def refused_words(reason: str) -> Words:
    """The relay's refusal as a player reads it."""
    if reason in REFUSED_WORDS:
        return Words(REFUSED_WORDS[reason])
    return Words(REFUSED_OTHER, reason=str(reason)[:40])


@dataclass(frozen=True)
class RoomOpened:
    """Host: the room exists; show shown_code(code) and the address to give."""
    code: str
    url: str


@dataclass(frozen=True)
class Offered:
    """Guest: the host's options (rules, length, touch_move, host_side) to see and accept."""
    options: dict


@dataclass(frozen=True)
class FriendJoined:
    """The guest is in and has accepted the options: the match begins (both sides)."""


@dataclass(frozen=True)
class Refused:
    """The relay said no (no such room, full, expired, another version...); the link is done."""
    reason: str
    words: Words


@dataclass(frozen=True)
class Unreachable:
    """No relay answered at that address, after the bounded retries; the link is done."""
    words: Words = field(default_factory=lambda: Words(N_(
        "No relay answers at that address: check it, and that the host's game is waiting.")))


@dataclass(frozen=True)
class ConnectionLost:
    """The connection dropped: the link retries by itself (with a growing pause)."""
    words: Words = field(default_factory=lambda: Words(N_(
        "The connection to the relay was lost: trying again...")))


def still_trying() -> ConnectionLost:
    """A saved match taken up again whose relay does not answer (yet): the link keeps trying, and
    is in again by itself once it listens (the host's game started after this one)."""
    return ConnectionLost(Words(N_("No relay answers at that address yet: trying again by itself - "
                                   "your friend's game may not have started yet.")))


@dataclass(frozen=True)
class Reconnected:
    """Back in the room after a drop (or a restart of the game or of the relay)."""


@dataclass(frozen=True)
class FriendArrived:
    """Host: the friend's game is in the room and reads the offer (it has not accepted yet);
    `present` False: it left again before accepting."""
    present: bool = True


@dataclass(frozen=True)
class FriendAway:
    """The other game left the room (it may come back: its seat is kept). `why`: what it said
    as it left (its `away` message) - "saved" (Save and leave: the match waits for it),
    "abandoned" - or "" when it said nothing (killed, or its connection lost)."""
    why: str = ""


@dataclass(frozen=True)
class FriendBack:
    """The other game is back in the room."""


@dataclass(frozen=True)
class Watchers:
    """How many are watching this room (the relay's `watchers` news, docs/online.md)."""
    count: int = 0


@dataclass(frozen=True)
class FriendSaid:
    """The friend sent one of the PHRASES; `name`: the friend's, if given."""
    phrase: str
    name: str | None = None

    @property
    def words(self) -> Words:
        phrase = Words(PHRASES[self.phrase])
        if self.name:
            return Words(N_("{name}: {phrase}"), name=self.name, phrase=phrase)
        return Words(N_("Your friend: {phrase}"), phrase=phrase)


@dataclass(frozen=True)
class RematchOffered:
    """The match is over and the friend offers another in the same room (`swap`: the colours
    change sides); accept or decline with `link.answer_rematch`."""
    swap: bool
    name: str | None = None

    @property
    def words(self) -> Words:
        offer = (N_("{who} offers a rematch, the colours swapped.") if self.swap
                 else N_("{who} offers a rematch, the colours kept."))
        return Words(offer, who=self.name or Words(N_("Your friend")))


@dataclass(frozen=True)
class RematchAgreed:
    """Both agreed: a new match in the same room, with the same options (`swap`: the colours
    changed sides); the keeper starts it (`start_online`), the records keep both."""
    swap: bool


@dataclass(frozen=True)
class RematchDeclined:
    """The friend declined the rematch offered."""
    words: Words = field(default_factory=lambda: Words(N_("Your friend declined the rematch.")))


@dataclass(frozen=True)
class FriendResigned:
    """The other side gave up the match: it is ours (recorded by the keeper)."""
    winner: Side | None = None


@dataclass(frozen=True)
class Forfeit:
    """The other side broke the rules of play (a bad or early reveal, an illegal move, a move
    out of turn): the match is ended in the honest side's favour; `words` say why."""
    winner: Side
    words: Words
    reason: str = ""


def forfeit(winner: Side, reason: str, move: str = "") -> Forfeit:
    """The match ended in `winner`'s favour: the friend broke the rules of play (`move`: the
    move the rules refused, as it came)."""
    return Forfeit(winner, broken_words(reason, None, move), reason)
