"""The wire protocol of docs/online.md: the room code, the seat token, and `read`, the one place
where every message a relay or a game receives is checked before anything uses it.

Only JSON is read (no pickle, no eval): a message is one JSON object of at most MAX_BYTES, with a
known "type" and the fields that type needs, each of the right type. Anything else raises
ProtocolError(reason, detail), whose reason is one of REASONS (the relay sends it back in its
`refused` answer). Only the standard library and the rule sets' registry (their names and
families, to read a hello) are used here: no move is checked on the wire.
"""
import functools
import hashlib
import json
import re
import secrets

from game.online.names import name_refusal, normal_name
from game.rules import RULE_NAMES, rule_set

#: The protocol's number: a relay or a game speaking another one is refused ("protocol").
PROTOCOL = 1
#: The game's version: two games of different versions are not paired ("version"), since both
#: must run the very same rules.
GAME_VERSION = "0.1.0"
#: The largest message, in bytes of UTF-8.
MAX_BYTES = 4096
#: The relay's port, unless told another.
DEFAULT_PORT = 8690

#: Why a relay refuses (docs/online.md, "Between a game and the relay").
REASONS = ("not-hello", "protocol", "version", "rules", "no-such-room", "room-full", "expired",
           "bad-token", "too-big", "not-json", "bad-message", "too-many", "watchers-full",
           "no-record", "bad-name")

#: Watchers a room takes at most (docs/online.md, "Watching a room"); the next is refused
#: "watchers-full".
WATCHERS = 8

#: The 23 characters of a room code that no one mistakes for another (no 0 O 1 I L 2 Z 5 S 8 B
#: U V), and its length: 23**6 = 148 million codes.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
CODE_LENGTH = 6

#: The messages passed from one game to the other through the relay, and the fields of each
#: that a watcher is shown (the relay's log keeps these and no others: a `seen` stays small).
PEER_TYPES = ("sync", "accept", "commit", "reveal", "move", "resign", "away", "say", "rematch")
PEER_FIELDS = {"sync": ("have",), "accept": ("seq",), "commit": ("seq", "throw", "hash"),
               "reveal": ("seq", "throw", "secret"), "move": ("seq", "turn", "move"),
               "resign": ("seq", "turn"), "away": ("seq", "turn", "why"),
               "say": ("seq", "phrase"), "rematch": ("seq", "answer", "swap")}
#: Why a game left a match it did not end (`away`): kept to be taken up, or given up.
AWAY_WHY = ("saved", "abandoned")
#: The few words a player may send the other (`say`): never free text, the screens translate.
PHRASES = ("hello", "good-luck", "well-played", "thanks", "one-moment")
#: A `rematch`'s answers: offered by one side, accepted or declined by the other.
REMATCH_ANSWERS = ("offer", "accept", "decline")
#: The messages added to protocol 1 after its first release (docs/online.md, "Features"): what
#: a relay passes on and a game takes in. A hello names its game's (`features`), the relay's
#: `room` answer its own, and a `peer` the friend's game's that the relay passes too; a field
#: missing means none (an older relay or game), and a game sends none of them then.
#: "history": a relay that takes a game's `vouch` and shows a room it opened again only once each
#: seat's history is vouched for by the other seat's game; a game that keeps its whole history
#: (every message it sent, and the digest of every one it took in) and resends it from seq 0.
FEATURES = ("say", "rematch", "history")
#: A `features` list: at most so many names, each like FEATURE (unknown ones are kept and
#: ignored, so that a newer side's list still reads).
MOST_FEATURES, FEATURE = 16, "[a-z0-9-]{1,24}"
#: The games' families, as a hello's `game` and a `list`'s filter name them.
GAMES = tuple(dict.fromkeys(rule_set(name).game for name in RULE_NAMES))
#: A listing's pages: the relay answers no page past this one (24 rooms a page: 2,400 rooms).
LAST_PAGE = 99
SIDES = ("white", "black")
SEATS = ("host", "guest")


class ProtocolError(ValueError):
    """A message refused: `reason` is one of REASONS, `detail` says what was wrong (English,
    for logs and the other side's relay answer; the screens say the reason in words)."""

    def __init__(self, reason: str, detail: str = "", **fields):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.detail, self.fields = reason, detail, fields


def new_code() -> str:
    """A fresh room code, from `secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text) -> str | None:
    """The code as typed ("acd-ef9", " ACDEF9 ") in its one form ("ACDEF9"); None if it is
    not one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code):
        return code
    return None


def shown_code(code: str) -> str:
    """The code as shown and read aloud: two groups of three ("ACD-EF9")."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def new_token() -> str:
    """A seat token: 32 hex digits from `secrets`."""
    return secrets.token_hex(16)


#: The digest of no message: where a seat's history starts (`chained`).
NO_HISTORY = "0" * 64


def chained(digest: str, message: dict) -> str:
    """The digest of a seat's history after `message`: SHA-256 over the digest before it and the
    message's own fields (PEER_FIELDS, the relay's log keeps no others) in one canonical JSON
    text. The game that took the messages in and the relay that logged them make the same one
    (docs/online.md, "A room opened again is watched again")."""
    kind = message["type"]
    text = json.dumps({"type": kind, **{name: message.get(name) for name in PEER_FIELDS[kind]}},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256((digest + text).encode()).hexdigest()


def write(kind: str, **fields) -> str:
    """A message as sent: one compact JSON object."""
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))


def refusal(reason: str, detail: str = "", **fields) -> str:
    """A `refused` message; a refusal for `rules` names the room's rule set in `rules`, so that
    a guest who named none can say hello again with it (docs/online.md)."""
    return write("refused", reason=reason, detail=detail, **fields)


# Reading --------------------------------------------------------------------------------------

def _bad(detail: str):
    raise ProtocolError("bad-message", detail)


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def _integer(value, name, low=0, high=10**9) -> int:
    if type(value) is not int or not low <= value <= high:
        _bad(f"{name} must be a whole number from {low} to {high}")
    return value


@functools.cache
def _pattern(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _text(value, name, pattern=None) -> str:
    if type(value) is not str or (pattern and not _pattern(pattern).fullmatch(value)):
        _bad(f"{name} must be {'text' if pattern is None else 'like ' + pattern}")
    return value


def _place(value, name, first_turn) -> list:
    """A throw or a turn: [game in the match, turn in its record]."""
    if type(value) is not list or len(value) != 2:
        _bad(f"{name} must be [game, turn]")
    return [_integer(value[0], f"{name}'s game", 0, 1000),
            _integer(value[1], f"{name}'s turn", first_turn, 100_000)]


def _options(value, rules) -> dict:
    if type(value) is not dict:
        _bad("options must be an object")
    if value.get("rules") != rules:
        _bad("options' rules must be the hello's")
    _integer(value.get("length"), "length", 1, 99)
    if type(value.get("touch_move")) is not bool:
        _bad("touch_move must be true or false")
    if value.get("host_side") not in SIDES:
        _bad("host_side must be white or black")
    return value


HEX64 = "[0-9a-f]{64}"
TOKEN = "[0-9a-f]{32}"


def _hello(message: dict) -> dict:
    _protocol_and_version(message)
    rules, game = message.get("rules"), message.get("game")
    if rules not in RULE_NAMES or game != rule_set(rules).game:
        raise ProtocolError("rules", f"unknown game and rules {str(game)[:40]!r} "
                                     f"{str(rules)[:40]!r}")
    room = message.get("room")
    if room == "new":
        _options(message.get("options"), rules)
    else:
        message["room"] = normal_code(room) or _bad("room must be \"new\" or a room code")
    if "token" in message:
        _text(message["token"], "token", TOKEN)
    if "seat" in message and (message["seat"] not in SEATS or "token" not in message):
        _bad("seat must be host or guest, with the seat's token")
    if room != "new" and "options" in message:      # a seat coming back to a relay restarted
        if "token" not in message:
            _bad("options come with a seat's token or a new room")
        _options(message["options"], rules)
    if type(message.get("open", False)) is not bool:
        _bad("open must be true or false")
    if message.get("language") is not None:
        _text(message["language"], "language", "[a-z]{2,3}")
    _features(message)
    return _named(message)


def _features(message: dict) -> None:
    """A message's `features`, if any: a list of names (FEATURES)."""
    if "features" not in message:
        return
    value = message["features"]
    if type(value) is not list or len(value) > MOST_FEATURES:
        _bad(f"features must be a list of at most {MOST_FEATURES} names")
    for name in value:
        _text(name, "a feature", FEATURE)


def features(message: dict) -> frozenset:
    """What the other side understands of FEATURES, as its `room` or `peer` message says
    (none when it does not say: an older relay or game)."""
    return frozenset(message.get("features", ())) & frozenset(FEATURES)


def _named(message: dict) -> dict:
    """A hello's or a watch's `name`, if any, trimmed; a bad one is refused "bad-name"."""
    if message.get("name") is not None:
        why = name_refusal(message["name"])
        if why is not None:
            raise ProtocolError("bad-name", why)
        message["name"] = normal_name(message["name"])
    return message


def _names(value, field="names") -> dict:
    """{"host": name or null, "guest": name or null}, each name checked as the relay does: one
    that is not acceptable is read as no name (a relay never sends one; a game reading one from
    a relay it cannot trust shows none, and still follows the match)."""
    if type(value) is not dict:
        _bad(f"{field} must be an object")
    for seat in SEATS:
        name = value.get(seat)
        if name is not None and (type(name) is not str or name_refusal(name) is not None):
            value[seat] = None
    return value


def _protocol_and_version(message: dict) -> None:
    protocol = message.get("protocol")
    if type(protocol) is not int:
        _bad("protocol must be a whole number")
    if protocol != PROTOCOL:
        raise ProtocolError("protocol", f"this relay speaks protocol {PROTOCOL}, not {protocol}")
    _text(message.get("version"), "version", r"[0-9A-Za-z.+_-]{1,40}")


def _watch(message: dict) -> dict:
    _protocol_and_version(message)
    message["room"] = normal_code(message.get("room")) or _bad("room must be a room code")
    return _named(message)


def _list(message: dict) -> dict:
    protocol = message.get("protocol")
    if type(protocol) is not int:
        _bad("protocol must be a whole number")
    if protocol != PROTOCOL:
        raise ProtocolError("protocol", f"this relay speaks protocol {PROTOCOL}, not {protocol}")
    if message.get("game") is not None and message["game"] not in GAMES:
        _bad("game must be one of " + ", ".join(GAMES) + " or null")
    _integer(message.setdefault("page", 0), "page", 0, LAST_PAGE)
    return message


def _rooms(message: dict) -> dict:
    """The relay's listing, read by a game: every entry checked (a name is shown as text)."""
    for field, keys in (("open", ("code", "rules", "length", "waiting")),
                        ("playing", ("code", "rules", "length", "watchers"))):
        entries = message.get(field)
        if type(entries) is not list:
            _bad(f"{field} must be a list")
        for entry in entries:
            if type(entry) is not dict:
                _bad(f"{field} holds objects")
            entry["code"] = normal_code(entry.get("code")) or _bad("code must be a room code")
            if entry.get("rules") not in RULE_NAMES:
                _bad("rules must be one of " + ", ".join(RULE_NAMES))
            _integer(entry.get("length"), "length", 1, 99)
            _integer(entry.get(keys[3]), keys[3])
            if field == "open":
                if type(entry.get("hints", False)) is not bool:
                    _bad("hints must be true or false")
                if entry.get("name") is not None and name_refusal(entry["name"]) is not None:
                    _bad("name must be a name or null")
                if entry.get("language") is not None:
                    _text(entry["language"], "language", "[a-z]{2,3}")
            else:
                _names(entry.get("names"))
    _integer(message.get("page"), "page", 0, LAST_PAGE)
    if type(message.get("more")) is not bool:
        _bad("more must be true or false")
    return message


def _players(message: dict) -> dict:
    for seat in SEATS:
        if type(message.get(seat)) is not bool:
            _bad(f"{seat} must be true or false")
    if "names" in message:
        _names(message["names"])
    return message


def _watching(message: dict) -> dict:
    message["code"] = normal_code(message.get("code")) or _bad("code must be a room code")
    if message.get("rules") not in RULE_NAMES:
        _bad("rules must be one of " + ", ".join(RULE_NAMES))
    if type(message.get("options")) is not dict:
        _bad("options must be an object")
    _integer(message.get("watchers"), "watchers", 0, WATCHERS)
    if type(message.get("reopened", False)) is not bool:
        _bad("reopened must be true or false")
    players = message.get("players")
    if type(players) is not dict:
        _bad("players must be an object")
    _players(players)
    if "names" in message:
        _names(message["names"])
    return message


def _seen(message: dict) -> dict:
    if message.get("seat") not in SEATS:
        _bad("seat must be host or guest")
    inner = message.get("message")
    if type(inner) is not dict or inner.get("type") not in PEER_TYPES or inner["type"] == "sync":
        _bad("message must be a peer message other than sync")
    READERS[inner["type"]](inner)
    return message


def _room(message: dict) -> dict:
    message["code"] = normal_code(message.get("code")) or _bad("code must be a room code")
    if message.get("seat") not in SEATS:
        _bad("seat must be host or guest")
    _text(message.get("token"), "token", TOKEN)
    if type(message.get("options")) is not dict:
        _bad("options must be an object")
    if "logged" in message:
        _integer(message["logged"], "logged")
    _features(message)
    return message


def _refused(message: dict) -> dict:
    if message.get("reason") not in REASONS:
        _bad("reason must be one of " + ", ".join(REASONS))
    _text(message.get("detail", ""), "detail")
    if "rules" in message and message["rules"] not in RULE_NAMES:
        _bad("rules must be one of " + ", ".join(RULE_NAMES))
    if type(message.get("final", False)) is not bool:
        _bad("final must be true or false")
    return message


def _peer(message: dict) -> dict:
    if type(message.get("present")) is not bool:
        _bad("present must be true or false")
    if message.get("name") is not None and name_refusal(message["name"]) is not None:
        _bad("name must be a name")
    _features(message)
    return message


def _sync(message: dict) -> dict:
    _integer(message.get("have"), "have")
    return message


def _vouch(message: dict) -> dict:
    _integer(message.get("have"), "have")
    _text(message.get("digest"), "digest", HEX64)
    return message


def _counted(check):
    """A peer message with its sender's count `seq`, then its own fields."""
    def read_it(message: dict) -> dict:
        _integer(message.get("seq"), "seq")
        check(message)
        return message
    return read_it


READERS = {
    "hello": _hello, "room": _room, "refused": _refused, "peer": _peer, "sync": _sync,
    "vouch": _vouch,
    "accept": _counted(lambda m: None),
    "commit": _counted(lambda m: (_place(m.get("throw"), "throw", -1),
                                  _text(m.get("hash"), "hash", HEX64))),
    "reveal": _counted(lambda m: (_place(m.get("throw"), "throw", -1),
                                  _text(m.get("secret"), "secret", HEX64))),
    "move": _counted(lambda m: (_place(m.get("turn"), "turn", 0),
                                _text(m.get("move"), "move", r"[ -~]{0,200}"))),
    "resign": _counted(lambda m: _place(m.get("turn"), "turn", -1)),
    "away": _counted(lambda m: (_place(m.get("turn"), "turn", -1),
                                m.get("why") in AWAY_WHY or _bad("why must be saved or abandoned"))),
    "say": _counted(lambda m: m.get("phrase") in PHRASES
                    or _bad("phrase must be one of " + ", ".join(PHRASES))),
    "rematch": _counted(lambda m: (m.get("answer") in REMATCH_ANSWERS
                                   or _bad("answer must be offer, accept or decline"),
                                   type(m.get("swap")) is bool
                                   or _bad("swap must be true or false"))),
    "list": _list, "rooms": _rooms,
    "watch": _watch, "watching": _watching, "seen": _seen, "players": _players,
    "watchers": lambda m: (_integer(m.get("count"), "count", 0, WATCHERS), m)[1],
}


#: One decoder for every message (json.loads with an argument makes a new one each call).
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def read(text) -> dict:
    """The message `text` carries (a WebSocket frame: str), checked; ProtocolError if it is
    too big, not JSON, not an object, of an unknown type or with a missing or ill-typed field."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise ProtocolError("not-json", "a binary frame; messages are JSON text")
    if not isinstance(text, str):
        raise ProtocolError("not-json", "not text")
    if len(text) > MAX_BYTES // 4 and (len(text) > MAX_BYTES or      # 4 bytes a character
                                       len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES):
        raise ProtocolError("too-big", f"a message has at most {MAX_BYTES} bytes")
    try:
        message = _DECODER.decode(text)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("not-json", str(error)[:100]) from None
    if type(message) is not dict:
        _bad("a message is a JSON object")
    reader = READERS.get(message.get("type")) if type(message.get("type")) is str else None
    if reader is None:
        _bad(f"unknown type {str(message.get('type'))[:40]!r}")
    return reader(message)

