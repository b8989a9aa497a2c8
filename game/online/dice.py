"""Dice neither side can bias (docs/online.md, "Dice by commit and reveal").

Each side draws a secret, sends its commitment (the SHA-256 of the secret), and reveals the
secret only once both commitments are in: neither can then choose its secret to suit the
other's. The faces come from both secrets together, through HMAC-SHA256; a byte of 252 or more
is skipped, so that each of the six faces is equally likely (252 = 6 x 42).

Secrets travel and are saved as 64 hex digits; every function here takes them so (or as bytes).
"""
import hashlib
import hmac
import secrets

from game.play.session import Dealt

SECRET_BYTES = 32
#: Bytes from this one up are skipped: below it, `byte % 6` is uniform.
FAIR_BELOW = 252


def new_secret() -> str:
    """A fresh secret for one throw: 64 hex digits from `secrets`."""
    return secrets.token_hex(SECRET_BYTES)


def _raw(secret) -> bytes:
    raw = bytes.fromhex(secret) if isinstance(secret, str) else bytes(secret)
    if len(raw) != SECRET_BYTES:
        raise ValueError(f"a secret has {SECRET_BYTES} bytes")
    return raw


def commitment(secret) -> str:
    """What a side sends before it reveals: the SHA-256 of the secret's bytes, in hex."""
    return hashlib.sha256(_raw(secret)).hexdigest()


def matches(secret, hash_hex: str) -> bool:
    """The revealed secret is the one committed to."""
    try:
        return hmac.compare_digest(commitment(secret), hash_hex)
    except (ValueError, TypeError):
        return False


def _throw(throw) -> bytes:
    game, turn = throw
    return f"{game}:{turn}".encode("ascii")


def _stream(host_secret, guest_secret, throw):
    """The throw's fair faces, one by one, for ever."""
    key, message = _raw(host_secret), _raw(guest_secret) + _throw(throw)
    counter = 0
    while True:
        block = hmac.new(key, message + counter.to_bytes(4, "big"), hashlib.sha256).digest()
        for byte in block:
            if byte < FAIR_BELOW:
                yield byte % 6 + 1
        counter += 1


def faces(host_secret, guest_secret, throw, count: int = 2) -> list[int]:
    """The first `count` faces of throw `throw` ([game, turn]), in the order a throw takes
    its dice."""
    stream = _stream(host_secret, guest_secret, throw)
    return [next(stream) for _ in range(count)]


def priority_rounds(host_secret, guest_secret, throw) -> list[tuple[int, int]]:
    """The priority throw: pairs (White's die, Black's die), the ties then the first pair that
    differs (whose higher die has the first turn)."""
    stream = _stream(host_secret, guest_secret, throw)
    rounds = []
    while not rounds or rounds[-1][0] == rounds[-1][1]:
        rounds.append((next(stream), next(stream)))
    return rounds


def physics_seed(host_secret, guest_secret, throw) -> int:
    """The seed of the throw's tumbling dice, the same on both screens: 8 bytes of HMAC."""
    digest = hmac.new(_raw(host_secret), _raw(guest_secret) + _throw(throw) + b":physics",
                      hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def dealt(host_secret: str, guest_secret: str, key, dice_count: int) -> Dealt:
    """A throw's faces and physics seed from both secrets, as both players' games deal it
    (docs/online.md, "Dice by commit and reveal")."""
    seed = physics_seed(host_secret, guest_secret, key)
    if key[1] < 0:
        return Dealt(tuple(tuple(pair) for pair in priority_rounds(host_secret, guest_secret, key)),
                     seed)
    return Dealt(tuple(faces(host_secret, guest_secret, key, dice_count)), seed)
