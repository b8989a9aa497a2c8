"""Issue 38, online: during the priority throw the side that has thrown reads that its friend is
throwing (not that "the dice wait for your friend's game", which sounds like a fault), the side
that has not is told once that the friend already has; "1 watching" is never drawn over
Garanguet's direction arrows (drawn beside its board)."""
import pygame

from game.online.referee import Referee, new_state
from game.play.options import MatchOptions
from game.play.session import Session
from game.rules import Side
from game.scenes.boards import board_for
from game.scenes.online.playing import OnlinePlay
from game.view.table_hud import TableHud


class FakeLink:
    watchers, waiting, friend_threw_first = 0, False, False

    def poll(self):
        return []


def session():
    return Session.new(MatchOptions(rules="garanguet", length=1, opponent="online"), seed=2)


def test_the_referee_knows_the_friend_threw_first():
    s = session()
    referee = Referee(s, new_state(), {"host": Side.WHITE, "guest": Side.BLACK}, near="host")
    key = s.throw_key
    assert not referee.far_first(key)
    referee.state["throws"]["0:-1"] = {"theirs_hash": "0" * 64}
    assert referee.far_first(key) == (key == (0, -1))
    referee.commit(key)
    assert not referee.far_first(key)


def test_the_side_yet_to_throw_is_told_once_that_its_friend_has():
    said = []
    link = FakeLink()
    play = OnlinePlay(link, session(), None, banner=lambda words, *a: said.append(words.said()),
                      end=lambda words: None)
    play.poll()
    assert said == []
    link.friend_threw_first = True
    play.poll()
    play.poll()
    assert said == ["Your friend has thrown: your turn to throw"]


def test_the_side_that_threw_reads_that_its_friend_is_throwing():
    link = FakeLink()
    link.waiting = True
    play = OnlinePlay(link, session(), None, banner=lambda *a: None, end=lambda words: None)
    assert play.waiting_words().said() == "Priority: you have thrown - your friend is throwing"


def test_watching_is_not_drawn_over_garanguets_arrows():
    pygame.display.init()
    surface = pygame.Surface((960, 600))
    view = board_for("garanguet")
    hud = TableHud((("menu", "Menu", "Esc"),))
    hud.layout((960, 600))
    view.fit(hud.board_area)
    link = FakeLink()
    link.watchers = 1
    play = OnlinePlay(link, session(), view, banner=lambda *a: None, end=lambda words: None)
    play.draw_watchers(surface, view.board_rect(), hud.scale)
    board, drawn = view.board_rect(), view.view_rect()
    arrows = pygame.Rect(board.right, board.y + board.h // 5, drawn.right - board.right, board.h * 3 // 5)
    assert arrows.w > 0
    touched = [(x, y) for x in range(arrows.left, arrows.right) for y in range(arrows.top, arrows.bottom, 3)
               if surface.get_at((x, y))[:3] != (0, 0, 0)]
    assert touched == []
    assert any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(960) for y in range(0, 600, 2)), \
        "drawn somewhere"
