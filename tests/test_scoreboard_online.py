"""The scoreboard of an online match over (issue 37.5, 37.6): a rematch is offered from it, the
friend's offer and words arrive there without an error."""
import pygame
import pytest

from game.app import App
from game.online.link import Link
from game.rules import Side
from game.scenes.table.scoreboard import ScoreboardScene
from test_online_rematch import OPTIONS, FakeClient
from test_online_words import friend_here


@pytest.fixture
def app(tmp_path):
    a = App(seed=7, data_dir=tmp_path, size=(960, 600))
    a.update_settings({"language": "en", "animation_speed": "instant"})
    yield a
    pygame.display.quit()


def over(app):
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    app.keeper.start_online(link)
    friend_here(link)
    app.keeper.end_online(Side.WHITE, "")
    app.keeper.session.match.score[Side.WHITE] = OPTIONS.length      # won to its end
    board = ScoreboardScene(app)
    app.scenes.clear_to(board)
    app.frame(1 / 30)
    return link, board


def test_an_online_match_over_offers_a_rematch_and_hears_the_friends(app):
    from game.scenes.online.rematch import RematchScene
    link, board = over(app)
    labels = [w.label for w in board.menu.widgets]
    assert "Rematch..." in labels, labels
    told = []
    app.notify = told.append
    link.client.inbox.put(("message", {"type": "say", "phrase": "thanks", "seq": link.state["have"]}))
    app.frame(1 / 30)
    assert told and app.scenes.top is board
    link.client.inbox.put(("message", {"type": "rematch", "answer": "offer", "swap": False,
                                       "seq": link.state["have"]}))
    for _ in range(3):
        app.frame(1 / 30)
    assert isinstance(app.scenes.top, RematchScene) and app.scenes.top.offered is not None


def test_a_relay_that_does_not_take_a_rematch_in_is_said_and_nothing_is_offered(app):
    """The friend's `peer` named no features (an older relay): the Rematch card says why and
    its offers are off; a click on them sends nothing."""
    from game.scenes.online.rematch import RematchScene
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    app.keeper.start_online(link)
    friend_here(link, None)
    app.keeper.end_online(Side.WHITE, "")
    card = RematchScene(app)
    app.scenes.push(card)
    app.frame(1 / 30)
    assert not card.swapped.enabled and not card.kept.enabled
    assert any("older version" in str(note()) for note in card.notes), card.notes
    card.offer(True)
    assert not [m for m in link.state["outbox"] if m["type"] == "rematch"] and not card.waiting
