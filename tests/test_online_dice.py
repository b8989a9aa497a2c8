"""The online dice (docs/online.md, "Dice by commit and reveal"): fixed secrets give fixed faces
(the answers below were worked out from the document's recipe with hmac and hashlib directly,
not with game.online.dice), every face is equally likely, and a reveal must match its hash."""
import itertools
import random

import pytest

from game.online import dice

HOST = bytes(range(32)).hex()
GUEST = bytes(range(32, 64)).hex()

CHI2_5_DF_1PC = 15.086      # chi-square critical values at alpha = 0.01
CHI2_35_DF_1PC = 57.342


def test_known_answers():
    # HMAC-SHA256(HOST, GUEST + "0:3" + counter) starts 124 12 230 173 205 36 67 253 187 88:
    # the 253 is skipped.
    assert dice.faces(HOST, GUEST, (0, 3), 10) == [5, 1, 3, 6, 2, 1, 2, 2, 5, 1]
    assert dice.faces(HOST, GUEST, [0, 3], 2) == [5, 1]       # a list, as the messages carry it
    assert dice.faces(bytes.fromhex(HOST), bytes.fromhex(GUEST), (0, 3), 3) == [5, 1, 3]
    assert dice.priority_rounds(HOST, GUEST, (0, -1)) == [(1, 2)]
    assert dice.priority_rounds(HOST, GUEST, (3, -1)) == [(3, 3), (6, 6), (6, 4)]
    assert dice.physics_seed(HOST, GUEST, (0, 3)) == 4536851880186921712
    assert dice.commitment(HOST) == \
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_both_secrets_and_the_throw_count():
    base = dice.faces(HOST, GUEST, (0, 3), 20)
    assert dice.faces(GUEST, HOST, (0, 3), 20) != base       # the host's is the key
    assert dice.faces(HOST, GUEST, (0, 4), 20) != base
    assert dice.faces(HOST, GUEST, (1, 3), 20) != base
    other = bytearray.fromhex(GUEST)
    other[0] ^= 1
    assert dice.faces(HOST, bytes(other), (0, 3), 20) != base
    assert dice.physics_seed(HOST, GUEST, (0, 4)) != dice.physics_seed(HOST, GUEST, (0, 3))


def test_a_reveal_matches_only_its_commitment():
    secret = dice.new_secret()
    assert len(secret) == 64 and int(secret, 16) >= 0
    assert dice.new_secret() != secret
    assert dice.matches(secret, dice.commitment(secret))
    assert not dice.matches(dice.new_secret(), dice.commitment(secret))
    assert not dice.matches("not hex", dice.commitment(secret))
    assert not dice.matches(secret[:-2], dice.commitment(secret))
    with pytest.raises(ValueError):
        dice.faces("ab", GUEST, (0, 0))


def _chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def test_faces_are_fair():
    """30,000 throws of two dice from seeded secrets: the faces and the pairs pass chi-square,
    and so do priority throws' deciding pairs (never a tie, each of the 30 equally likely)."""
    rng = random.Random(2126)
    throws = [tuple(dice.faces(rng.randbytes(32), rng.randbytes(32), (0, n % 50), 2))
              for n in range(30_000)]
    faces = [f for t in throws for f in t]
    assert _chi2([faces.count(v) for v in range(1, 7)], len(faces) / 6) < CHI2_5_DF_1PC
    pairs = dict.fromkeys(itertools.product(range(1, 7), repeat=2), 0)
    for t in throws:
        pairs[t] += 1
    assert _chi2(pairs.values(), len(throws) / 36) < CHI2_35_DF_1PC
    deciding = [dice.priority_rounds(rng.randbytes(32), rng.randbytes(32), (0, -1))[-1]
                for _ in range(3_000)]
    assert all(white != black for white, black in deciding)
    assert {white > black for white, black in deciding} == {True, False}


def test_the_chi_square_has_teeth():
    """Without skipping bytes of 252 and more, faces 1 to 4 come up 43 times in 256, not 42:
    over a million faces the chi-square sees it."""
    rng = random.Random(5)
    data = rng.randbytes(1_000_000)
    counts = [0] * 6
    for byte in data:
        counts[byte % 6] += 1
    assert _chi2(counts, len(data) / 6) > CHI2_5_DF_1PC
