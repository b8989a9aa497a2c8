"""The keeper is the one writer of match.json in an online match too (game/play/keeper.py): the
link never saves and never writes the session; what it queues goes out after the save that
holds it (at its next poll), so that a secret and its commitment are on disk before they are
on the wire
(docs/online.md); and what it takes in is saved with the flow's next step, at most one save a
frame, about four saves a throw."""
from types import SimpleNamespace

from game.online import dice
from game.online.link import Link
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.priority import PriorityFlow
from game.rules import Side
from online_helpers import (Player, code_of, folders, guest_player, host_player, keeper_in,
                            relay_process, run_until, saves_and_sends, shared_match)
from test_online_link import FakeClient
from test_online_match import assert_same_match


def watched(keeper, link) -> list:
    """Every save of the keeper's storage, as (what it saved, the messages sent before it)."""
    return saves_and_sends(SimpleNamespace(keeper=keeper, link=link))


def test_a_commitment_goes_out_only_after_the_save_that_holds_it_and_its_secret(tmp_path):
    keeper = keeper_in(tmp_path)
    options = MatchOptions(rules="bell", length=1, opponent="online", human_side=Side.WHITE)
    link = Link.host("ws://127.0.0.1:9", options, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    saves, sent = watched(keeper, link)
    keeper.start_online(link)
    session = keeper.session
    flow = PriorityFlow(session, keeper.save, dealer=link.dealer)
    assert flow.throw() == [] and flow.waiting and not link.unsaved
    link.poll()                            # the link's next frame: what was saved goes out
    commits = [m for m in sent if m["type"] == "commit"]
    assert len(commits) == 1
    data, sent_before = saves[-1]
    assert sent_before == sent.index(commits[0]), "saved before it went out"
    mine = data["online"]["throws"]["0:-1"]["mine"]
    assert dice.commitment(mine) == commits[0]["hash"] and commits[0] in data["online"]["outbox"]
    assert session.online == data["online"] and session.online is not link.state
    assert session.next_throw is None and session.phase is Phase.PRIORITY


def test_the_link_leaves_the_sessions_fields_to_the_keeper(tmp_path):
    keeper = keeper_in(tmp_path)
    options = MatchOptions(rules="charpentier", length=1, opponent="online", human_side=Side.BLACK)
    link = Link.host("ws://127.0.0.1:9", options, client_factory=FakeClient)
    keeper.start_online(link)
    saved = keeper.session.online
    link.state["code"] = "ACDEF9"          # the link's own state changes...
    assert keeper.session.online == saved and saved["code"] == ""     # ...the session's copy waits
    keeper.save()
    assert keeper.session.online["code"] == "ACDEF9"
    again = Link.resume(Session.from_dict(keeper.session.to_dict()), client_factory=FakeClient)
    assert again.state == link.state and again.state is not link.state


def test_an_online_throw_costs_about_four_saves_and_every_message_follows_its_save():
    """Read on the match of 3 points both games played through a relay (shared_match)."""
    match = shared_match()
    for kept_records, (saves, sent) in zip(match["records"], match["watched"]):
        kept = [r for r in kept_records if r["kind"] == "game"]
        turns = sum(len(r["turns"]) for r in kept)
        assert kept and turns
        # a game's throw: this side's commitment, the other's taken in (with this side's
        # reveal), the throw (with the other's reveal), the move; a priority throw: no move;
        # and the match's first save, and one for each next game (before: about 5.6 a throw).
        # The friend's move, when it comes before this game has thrown down the dice of its
        # turn, is taken in, saved, then played at the next frame (the other may be gone for
        # good): one save of its own, which holds that move not yet played. How often depends on
        # the pace of the two games' frames (a quick machine: most of the friend's moves).
        early = sum(1 for data, _ in saves if data["online"].get("moves"))
        assert len(saves) <= 4 * turns + 3 * len(kept) + 1 + len(kept) + early, \
            (len(saves), turns, early)
        for index, message in enumerate(sent):
            if "seq" not in message or message["type"] == "accept":
                continue                # a sync; the guest's accept, before any match to save
            before = [data["online"] for data, count in saves if count <= index]
            assert before, message
            assert any(message in o["outbox"] for o in before), message


def test_a_game_killed_while_it_shows_the_friends_move_finds_the_move_when_started_again():
    """The friend's move is taken from the link when its steps start to be shown, and played
    once they are: a save in between (a message came in meanwhile) must still hold it, or a
    game killed then comes back past the move's message without the move, and both wait for
    ever (before: one CI run in about forty)."""
    with relay_process() as relay, folders(2) as (a, b):
        host = host_player(a, relay.url, rules="bell", seed=5)
        guest = guest_player(b, relay.url, code_of(host), seed=6)
        again = None

        def showing_the_friends_move() -> bool:
            flow, s = guest.flow, guest.session
            return (isinstance(flow, GameFlow) and flow.stage is Stage.MOVING
                    and s.is_remote(s.to_move))
        try:
            run_until([host, guest], showing_the_friends_move, 60)
            guest.keeper.save()                 # as a frame saves when a message came in
            guest.link.client.close()           # killed: nothing more from this game
            saved = Session.from_dict(guest.keeper.session.to_dict())
            assert saved.online["moves"], "the move being shown is in the save"
            keeper = keeper_in(b, seed=7)
            link = Link.resume(keeper.session)
            keeper.resume_online(link)
            again = Player(keeper, link)
            run_until([host, again], lambda: host.over and again.over, 90)
        finally:
            host.link.close()
            guest.link.close()
            if again is not None:
                again.link.close()
        assert_same_match(a, b)
