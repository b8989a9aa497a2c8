"""The referee of an online match (game/online/referee.py): every cheat once, judged on a
session of its own with no connection - the link (for its friend's seat) and the watcher (for
both) keep this one referee, so a player's game and a watcher judge a message alike. The
secrets are fixed, so that every throw here is the same on every run."""
import hashlib
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.base.i18n import Words, verbatim
from game.online import dice
from game.online.events import forfeit
from game.online.referee import (BROKEN_WORDS, MAX_AHEAD, Broken, Committed, PassTaken, Referee,
                                 Resigns, Revealed, ToPlay, Wait, broken_words, new_state,
                                 throws_ahead)
from game.online.watch import Cheated
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import Move, Side

SIDES = {"host": Side.WHITE, "guest": Side.BLACK}


def fixed_secret(seat: str, key) -> str:
    return hashlib.sha256(f"{seat} {key[0]}:{key[1]}".encode()).hexdigest()


class Table:
    """A session and its referee, near the host's seat (as a watcher's, or the host's game's)."""

    def __init__(self, rules: str = "bell", state: dict | None = None):
        options = MatchOptions(rules=rules, length=1, opponent="human", human_side=Side.WHITE)
        self.session = Session.new(options, 0)
        self.referee = Referee(self.session, new_state() if state is None else state, SIDES,
                               near="host")

    @property
    def key(self):
        return self.session.throw_key

    def seat_to_move(self) -> str:
        return next(seat for seat, side in SIDES.items() if side is self.session.to_move)

    def commit(self, seat: str, key=None, secret=None):
        key = self.key if key is None else key
        secret = secret or fixed_secret(seat, key)
        return self.referee.take(seat, {"type": "commit", "throw": list(key),
                                        "hash": dice.commitment(secret)})

    def reveal(self, seat: str, key=None, secret=None):
        key = self.key if key is None else key
        return self.referee.take(seat, {"type": "reveal", "throw": list(key),
                                        "secret": secret or fixed_secret(seat, key)})

    def move(self, seat: str, text: str, key=None):
        key = self.key if key is None else key
        return self.referee.take(seat, {"type": "move", "turn": list(key), "move": text})

    def deal(self) -> None:
        """Both seats commit to the throw under way and reveal it; the session throws it."""
        s, key = self.session, self.key
        assert [self.commit(seat) for seat in SIDES] == [Committed(seat, key) for seat in SIDES]
        assert [self.reveal(seat) for seat in SIDES] == [Revealed(seat, key) for seat in SIDES]
        s.next_throw = self.referee.dealt(key, s.rules.dice_count)
        self.referee.forget_before(key)
        if s.phase is Phase.PRIORITY:
            while s.phase is Phase.PRIORITY:
                s.throw_priority()
        else:
            s.throw()

    def play_first(self) -> ToPlay:
        """The side to move plays its first legal move, as the referee passes it."""
        key, seat = self.key, self.seat_to_move()
        verdict = self.move(seat, str(self.session.legal_moves()[0]))
        assert verdict == ToPlay(seat, key, str(self.session.legal_moves()[0]))
        move = Move.parse(verdict.move)
        self.session.play(move)
        self.referee.played(key, move)
        return verdict


def at_first_turn(rules: str = "bell") -> Table:
    """The priority throw dealt and the first turn's dice thrown: a move is due."""
    table = Table(rules)
    table.deal()
    table.deal()
    assert table.session.phase is Phase.MOVE and table.key == (0, 0)
    return table


# Honest play ----------------------------------------------------------------------------------------

def test_both_secrets_deal_the_throw_as_the_players_games_do():
    table = Table()
    key = table.key
    assert table.referee.dealt(key, 2) is None
    table.commit("host"), table.commit("guest"), table.reveal("guest")
    assert table.referee.dealt(key, 2) is None, "the host's secret is not in yet"
    assert table.reveal("host") == Revealed("host", key)
    dealt = table.referee.dealt(key, 2)
    assert dealt == dice.dealt(fixed_secret("host", key), fixed_secret("guest", key), key, 2)


def test_a_players_game_commits_reveals_once_both_are_in_and_deals_from_both():
    """Near its own seat (the link's): it draws its secret, reveals only once its friend has
    committed, and deals the throw from the host's secret and the guest's, in that order."""
    for near in ("host", "guest"):
        session = Session.new(MatchOptions(rules="bell", length=1, opponent="online",
                                           human_side=Side.WHITE), 0)
        far = "guest" if near == "host" else "host"
        referee = Referee(session, new_state(), {near: Side.WHITE, far: Side.BLACK}, near)
        key = session.throw_key
        commit = referee.commit(key)
        assert commit["type"] == "commit" and referee.commit(key) is None, "one secret a throw"
        assert referee.reveal(key) is None and referee.waiting(key)
        theirs = fixed_secret(far, key)
        assert referee.take(far, {"type": "commit", "throw": list(key),
                                  "hash": dice.commitment(theirs)}) == Committed(far, key)
        reveal = referee.reveal(key)
        assert dice.matches(reveal["secret"], commit["hash"]) and referee.reveal(key) is None
        assert referee.take(far, {"type": "reveal", "throw": list(key), "secret": theirs}) \
            == Revealed(far, key)
        assert not referee.waiting(key)
        host, guest = (reveal["secret"], theirs) if near == "host" else (theirs, reveal["secret"])
        assert referee.dealt(key, 2) == dice.dealt(host, guest, key, 2)


def test_an_old_saved_state_is_judged_as_ever():
    """The link's state as match.json has always held it (`mine`, `theirs_hash`, `theirs`,
    `revealed` under "g:t"): the referee reads it as it is."""
    mine = fixed_secret("host", (0, -1))
    state = {"throws": {"0:-1": {"mine": mine, "theirs_hash": dice.commitment(fixed_secret("guest", (0, -1)))}},
             "moves": {}, "passes": []}
    table = Table(state=state)
    assert table.referee.reveal((0, -1))["secret"] == mine
    assert table.reveal("guest") == Revealed("guest", (0, -1))
    assert table.referee.dealt((0, -1), 2) is not None
    assert set(state["throws"]["0:-1"]) == {"mine", "theirs_hash", "theirs", "revealed"}


def test_a_move_is_passed_to_play_once_and_a_pass_played_early_is_taken_when_it_comes():
    table = at_first_turn()
    verdict = table.play_first()
    assert table.referee.move_at(verdict.key) is None, "played: forgotten"
    table.deal()
    key, seat = table.key, table.seat_to_move()
    table.referee.played(key, Move(()))           # its pass, played here without waiting for it
    assert table.move(seat, "") == PassTaken(seat, key)
    assert table.referee.state["passes"] == []


def test_a_move_waits_for_its_throw_and_is_then_judged():
    """A move whose throw is not dealt here yet waits (a watcher may see it before the other
    seat's reveal); once the throw is dealt, the same message is a move to play."""
    table = at_first_turn()
    table.play_first()
    key, seat = table.key, table.seat_to_move()
    assert table.move(seat, "1-4", key=(0, 2)) == Wait(seat), "a throw ahead"
    table.commit("host"), table.commit("guest"), table.reveal("host")
    assert table.move(seat, "1-4") == Wait(seat), "the other's secret is not in"
    table.reveal("guest")
    dealt = table.referee.dealt(key, 2)
    moves = table.session.rules.legal_moves(table.session.position, dealt.faces)
    verdict = table.move(seat, str(moves[0]))
    assert verdict == ToPlay(seat, key, str(moves[0])), "judged with the dice of the secrets"
    assert table.referee.move_at(key) == str(moves[0])


def test_a_resignation_is_passed_on():
    assert Table().referee.take("guest", {"type": "resign", "turn": [0, -1]}) == Resigns("guest")


# Every cheat once -------------------------------------------------------------------------------

def test_a_reveal_that_does_not_match_its_commitment():
    table = Table()
    table.commit("host"), table.commit("guest")
    assert table.reveal("guest", secret=dice.new_secret()) == Broken("guest", "bad-reveal")


def test_a_reveal_before_both_commitments_are_in():
    table = Table()
    assert table.reveal("host") == Broken("host", "early-reveal"), "before its own"
    table.commit("host")
    assert table.reveal("host") == Broken("host", "early-reveal"), "before the other's"
    assert str(Cheated(Side.WHITE, "early-reveal").words) == (
        "White revealed a dice secret before both commitments were in: the match goes to Black.")


def test_a_second_commitment_or_reveal_and_a_commitment_for_a_throw_past():
    table = Table()
    table.commit("host")
    assert table.commit("host") == Broken("host", "bad-message")
    table.commit("guest"), table.reveal("guest")
    assert table.reveal("guest") == Broken("guest", "bad-message")
    table = at_first_turn()
    assert table.commit("guest", key=(0, -1)) == Broken("guest", "bad-message")


def test_a_commitment_more_than_two_throws_ahead_is_refused():
    """docs/online.md: a commitment for the throw under way or one of the next two, no further
    (a game commits to a throw only when its flow asks for it). Once, one for throw [0, 11]
    sent at throw [0, 1] was taken, and used later."""
    assert MAX_AHEAD == 2
    table = at_first_turn()
    table.play_first()
    assert table.key == (0, 1)
    assert table.commit("guest", key=(0, 11)) == Broken("guest", "bad-message")
    for key in ((0, 1), (0, 2), (0, 3), (1, -1), (1, 0)):       # a game may end at any turn
        assert table.commit("guest", key=key) == Committed("guest", key)
    for key in ((0, 4), (1, 1), (2, -1)):
        assert table.commit("host", key=key) == Broken("host", "bad-message"), key
    assert throws_ahead((0, 1), (0, 0)) < 0 and throws_ahead((3, 5), (4, -1)) == 1


def test_a_move_the_rules_refuse():
    table = at_first_turn()
    seat = table.seat_to_move()
    verdict = table.move(seat, "9-12")
    assert verdict == Broken(seat, "illegal-move", "9-12")
    assert "9-12" in str(broken_words(verdict.reason, None, verdict.move))
    assert table.move(seat, "not a move") == Broken(seat, "illegal-move", "not a move")


@pytest.mark.parametrize("text", ["", "pass"])
def test_a_pass_the_rules_refuse_is_told_as_a_pass(text):
    """An empty move when the rules have one to play: said as a pass, not as a move "()"."""
    table = at_first_turn()
    seat = table.seat_to_move()
    assert table.session.legal_moves()[0].steps
    verdict = table.move(seat, text)
    assert verdict == Broken(seat, "illegal-move", text)
    said = str(forfeit(Side.WHITE, verdict.reason, verdict.move).words)
    assert said == ("Your friend's game passed its turn when the rules had a move for it: the "
                    "match is yours.")
    watched = str(Cheated(SIDES[seat], verdict.reason, verdict.move).words)
    cheat, winner = ("White", "Black") if SIDES[seat] is Side.WHITE else ("Black", "White")
    assert watched == (f"{cheat}'s game passed its turn when the rules had a move for it: the "
                       f"match goes to {winner}.")
    assert "()" not in said and "()" not in watched


def test_a_move_out_of_turn():
    table = at_first_turn()
    seat = table.seat_to_move()
    other = "guest" if seat == "host" else "host"
    assert table.move(other, "1-4") == Broken(other, "out-of-turn"), "the other side's turn"
    assert table.move(seat, "1-4", key=(0, -1)) == Broken(seat, "out-of-turn"), "a priority throw"
    assert table.move(seat, "1-4", key=(0, 5)) == Broken(seat, "out-of-turn"), "far ahead"
    first = str(table.session.legal_moves()[0])
    assert table.move(seat, first) == ToPlay(seat, (0, 0), first)
    assert table.move(seat, first) == Broken(seat, "out-of-turn"), "twice, before it is played"
    table.session.play(Move.parse(first))
    table.referee.played((0, 0), Move.parse(first))
    assert table.move(seat, first, key=(0, 0)) == Broken(seat, "out-of-turn"), "a turn past"
    table.session.phase = Phase.MATCH_OVER
    assert table.move(other, "1-4", key=(0, 1)) == Broken(other, "out-of-turn"), "the match over"


def test_a_message_that_breaks_the_rules_of_play():
    table = Table()
    bad = [{"type": "accept"}, {"type": "away", "why": "saved"}, {"type": "hello"},
           {"type": "commit", "throw": [0, -1], "hash": "XYZ"},
           {"type": "commit", "throw": [0], "hash": "0" * 64},
           {"type": "reveal", "throw": [0, -1], "secret": 5},
           {"type": "move", "turn": [0, 0], "move": None},
           {"type": "move", "turn": [0, 0], "move": "1-4 " * 60},
           {"type": "move", "turn": [True, 0], "move": ""}]
    for message in bad:
        assert table.referee.take("guest", message) == Broken("guest", "bad-message"), message


# The words of a cheat: one table, whole sentences ---------------------------------------------

def test_every_reason_is_said_to_the_friend_and_to_a_watcher_of_either_side():
    for reason, said in BROKEN_WORDS.items():
        assert set(said) == {None, Side.WHITE, Side.BLACK}, reason
        assert said[None].endswith("the match is yours.")
        assert said[Side.WHITE].startswith("White") and said[Side.WHITE].endswith("goes to Black.")
        assert said[Side.BLACK].startswith("Black") and said[Side.BLACK].endswith("goes to White.")
        assert str(forfeit(Side.WHITE, reason, "9-12").words) == str(Words(said[None], move=verbatim("9-12")))
        for side in Side:                          # what a watcher reads of either side
            assert str(Cheated(side, reason, "9-12").words) == str(Words(said[side], move=verbatim("9-12")))
    assert str(broken_words("no such reason")) == BROKEN_WORDS["bad-message"][None]
    assert str(broken_words("illegal-move", Side.BLACK, "9-12")) == (
        "Black's game sent a move the rules refuse (9-12): the match goes to White.")


# Anything a seat sends ----------------------------------------------------------------------------

KEYS = st.lists(st.integers(-2, 5), min_size=0, max_size=3) | st.just([0, 0]) | st.just([0, 1])
FIELDS = st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.text(max_size=8), KEYS,
                   st.sampled_from(["", "pass", "1-4", "9-12", fixed_secret("host", (0, 1)),
                                    dice.commitment(fixed_secret("guest", (0, 1)))]))
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(["commit", "reveal", "move", "resign", "accept", "sync", "other"])},
    optional={"throw": FIELDS, "turn": FIELDS, "hash": FIELDS, "secret": FIELDS, "move": FIELDS})
VERDICTS = (Committed, Revealed, ToPlay, PassTaken, Resigns, Wait, Broken)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=st.lists(st.tuples(st.sampled_from(list(SIDES)), MESSAGES), max_size=10))
def test_anything_a_seat_sends_is_judged_and_never_changes_the_session(messages):
    """The referee reads the session and never writes it: whatever comes, a verdict, and a state
    that still saves as JSON."""
    table = at_first_turn()
    before = (table.session.phase, str(table.session.position), table.session.dice)
    for seat, message in messages:
        verdict = table.referee.take(seat, message)
        assert isinstance(verdict, VERDICTS) and verdict.seat == seat
    assert (table.session.phase, str(table.session.position), table.session.dice) == before
    json.loads(json.dumps(table.referee.state))
