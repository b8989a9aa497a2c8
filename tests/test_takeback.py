"""Issue 31.1: take back until the turn ends. A move whole on the board waits for the player to
end it (Space, Enter, a click on the dice) or ends by itself after the pause chosen in Settings;
until then U takes it back. Against the computer, U at the player's next throw takes back their
last move with the computer's reply, and the computer's dice come again the same."""

import pygame
import pytest

import test_table as tt
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import Position, Side
from test_table import key, pump, start, table_at
from test_table import english, screen  # noqa: F401 (fixtures: English words, the screen)
from waiting import play_frames


def a_whole_move(screen, end_after: str):
    """Two people; White's 4-2 at the start, both checkers entered (Enter, Enter): a move whole
    on the board, with "End my move" set to `end_after`."""
    app = start(screen, opponent="human")
    app.settings["end_move_after"] = end_after
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (4, 2))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    return app, scene


def test_a_move_whole_on_the_board_waits_to_be_ended_and_is_taken_back_until_then(screen):
    app, scene = a_whole_move(screen, "never")
    pump(app, screen, 3.0)
    s = app.session
    assert scene.choice.complete and s.phase is Phase.MOVE and s.to_move is Side.WHITE   # never ends by itself
    prompt = str(scene.drawing.prompt(scene.snapshot()))
    assert "the move is complete" in prompt and "Space, Enter or a click on the dice ends it" in prompt
    assert "U takes it back" in prompt
    key(app, pygame.K_u)
    assert scene.choice.played == () and str(scene.note) == "Taken back: 0-2"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    pump(app, screen, 0.3)
    key(app, pygame.K_SPACE)                       # Space ends it
    pump(app, screen, 0.1)
    assert s.phase is Phase.THROW and s.to_move is Side.BLACK and s.position.white == (0, 0, 2)


@pytest.mark.parametrize("after, early, late", [("1", 0.8, 1.3), ("2", 1.8, 2.3)])
def test_a_move_ends_by_itself_after_the_pause_chosen(screen, after, early, late):
    app, _scene = a_whole_move(screen, after)
    pump(app, screen, early)
    assert app.session.phase is Phase.MOVE
    pump(app, screen, late - early)
    assert app.session.phase is Phase.THROW and app.session.to_move is Side.BLACK


def test_a_click_on_the_dice_ends_the_move(screen):
    app, scene = a_whole_move(screen, "never")
    pump(app, screen, 0.3)
    die = scene.drawing.dice_rects(scene.snapshot())[0]
    tt.click(app, die.center)
    pump(app, screen, 0.1)
    assert app.session.phase is Phase.THROW and app.session.to_move is Side.BLACK


def play_until_white_throws(app, screen):
    for _ in play_frames(800, lambda: app.scenes.top):     # the computer thinks on its own thread
        s = app.session
        if s.to_move is Side.WHITE and s.phase is Phase.THROW:
            return
        pump(app, screen, 0.05)
    raise AssertionError("the computer never handed the throw back")


def test_at_the_next_throw_u_takes_back_the_move_and_the_computers_reply_with_the_same_dice(screen):
    app = start(screen, opponent="computer", speed="instant", seed=5)
    app.settings["end_move_after"] = "never"
    scene = table_at(app, screen, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (4, 2))
    key(app, pygame.K_RETURN)                      # the checker not entered...
    key(app, pygame.K_RETURN)                      # ...enters on 2
    pump(app, screen, 0.2)
    key(app, pygame.K_RETURN)                      # ended
    play_until_white_throws(app, screen)
    s = app.session
    replied = list(s.record["turns"])
    assert [t[1] for t in replied[:1]] == ["0-2"] and len(replied) == 2
    reply_dice = replied[1][0]
    assert scene.flow.can_undo and "the computer's reply" in str(scene.drawing.prompt(scene.snapshot()))
    key(app, pygame.K_u)
    pump(app, screen, 0.1)
    assert s.phase is Phase.MOVE and s.to_move is Side.WHITE and s.dice == (4, 2)
    assert s.position == Position((0, 0, 3), (0, 0, 0), Side.WHITE) and scene.stage == "choose"
    assert scene.choice.played == () and len(s.record["turns"]) == 0
    said = str(scene.note)
    assert said.startswith("Taken back: your move 0-2 and the computer's"), said
    key(app, pygame.K_RIGHT)                       # the other checker this time: 3 to 5
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    pump(app, screen, 0.2)
    key(app, pygame.K_RETURN)
    play_until_white_throws(app, screen)
    assert s.record["turns"][0][1] == "3-5"
    assert s.record["turns"][1][0] == reply_dice   # the computer's dice came again the same
    key(app, pygame.K_SPACE)                       # White throws: the take-back is gone
    pump(app, screen, 0.5)
    assert not scene.flow.takes_reply


def against_the_computer(rules, position: str, dice, seed: int, level: str = "") -> GameFlow:
    """A flow at `position` with `dice` thrown for White, the computer playing Black."""
    from game.play.players import computer_players
    session = Session.new(MatchOptions(rules=rules, opponent="computer", level=level), seed=seed)
    session.phase, session.position = Phase.MOVE, Position.parse(position)
    session.dice, session.record = tuple(dice), {"first": "W", "turns": []}
    thinkers, advisor = computer_players(session, thread=False)
    flow = GameFlow(session, lambda: None, thinkers, advisor, player_ends=True)
    flow.start()
    return flow


def play_and_take_back(flow: GameFlow, steps) -> list:
    """White plays `steps` and ends the move, the computer replies, and at White's next throw U
    takes both back. The reply's record: [dice, move]."""
    session = flow.session
    for _ in range(20):
        if flow.stage is Stage.CHOOSE:
            break
        flow.proceed()
    for origin, destination in steps:
        flow.pick(origin)
        flow.drop(destination)
        for _ in range(20):
            if flow.stage is not Stage.MOVING:
                break
            flow.proceed()
    assert flow.move_complete
    flow.end_move()
    for _ in range(80):
        if flow.stage is Stage.THROW and session.to_move is Side.WHITE:
            break
        flow.proceed()
        flow.poll()
    reply = session.record["turns"][1]
    assert flow.takes_reply
    flow.undo()
    return reply


def test_the_take_back_with_the_reply_never_fishes_for_other_dice():
    """However often the player takes back, the computer's reply comes with the same dice."""
    flow = against_the_computer("charpentier", "0,0,3/0,0,0/W", (5, 2), seed=2)
    seen = {tuple(play_and_take_back(flow, [(origin, origin + 2)])[0]) for origin in (0, 3, 0, 3)}
    assert len(seen) == 1


@pytest.mark.parametrize("rules, level, position, dice, steps", [
    ("charpentier", "novice", "0,0,3/0,0,0/W", (5, 2), ((3, 5),)),
    ("garanguet", "novice", "1*15/1*15/W", (5, 2, 1), ((1, 6), (1, 3), (1, 2))),
])
def test_the_same_move_played_again_gets_the_same_reply_from_a_careless_level(rules, level, position,
                                                                             dice, steps):
    """A careless level's slips are drawn afresh for each turn from the session: take back the
    move with its reply, play the very same move, and the reply comes again the same (no fishing
    for a kinder reply either)."""
    flow = against_the_computer(rules, position, dice, seed=3, level=level)
    replies = [repr(play_and_take_back(flow, steps)) for _ in range(6)]
    assert len(set(replies)) == 1, replies


def test_the_tutorial_and_online_flows_end_moves_as_before(tmp_path):
    """Online (a dealer) and in the tutorial, the last step still ends the turn at once."""
    from game.app import App
    from game.play.tutorial import SCRIPTS
    from game.scenes.learn.tutorial import TutorialScene
    assert not GameFlow(Session.new(MatchOptions(), seed=1), lambda: None).player_ends
    app = App(seed=3, data_dir=tmp_path, size=(960, 600))
    try:
        scene = TutorialScene(app, next(iter(SCRIPTS)))
        assert not scene.flow.player_ends
    finally:
        pygame.display.quit()


def test_a_sum_taken_back_at_the_others_throw_is_said_as_it_was_entered(screen):
    """Two people, Garanguet: White plays x-r, then w-p by the sum (4 + 3), and ends the move;
    at Black's throw U takes back the last pick whole and says it as entered: "w-p", not the
    stop "s-p" of it."""
    from game.rules import GARANGUET
    app = start(screen, rules="garanguet", opponent="human")
    app.settings["end_move_after"] = "never"
    scene = table_at(app, screen, Position.parse("1*14,2/1*15/W"), (6, 4, 3))
    w, p = GARANGUET.point_at(Side.WHITE, "w"), GARANGUET.point_at(Side.WHITE, "p")
    for origin, destination in ((1, 7), (w, p)):
        scene.react(scene.flow.pick(origin))
        scene.react(scene.flow.drop(destination))
        pump(app, screen, 1.0)
    key(app, pygame.K_SPACE)                       # ended: Black to throw
    pump(app, screen, 0.2)
    assert app.session.phase is Phase.THROW and app.session.to_move is Side.BLACK
    key(app, pygame.K_u)
    said = str(scene.note)
    assert said == "Taken back: w-p, the last step of x-r, w-p", said
    assert w in scene.flow.shown.white and p not in scene.flow.shown.white
