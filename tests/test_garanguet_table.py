"""Garanguet played on the table: the flow's intents with both sides computer, what the flow says
by itself (a single play, numbers lost (G-7), bearing off begun (G-9), why a game scores 1 or 2
(G-10)), the double-click, the real table scene and app from the title, and resuming a save."""

import pygame
import pytest

from game.play import events as ev
from game.geometry import garanguet as gg
from game.app import App
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.play.players import computer_players
from game.play.sides import side_title, verb
from game.rules import GARANGUET, Move, Position, Side
from game.rules.turn import furthest_steps
from game.saves.storage import Storage
from game.view.garanguet_board import GaranguetBoardView
from test_flow import at

import test_table as tt
from waiting import play_frames


@pytest.fixture(autouse=True)
def english():
    """These tests read the table's words in English, whatever the machine's language."""
    from game.base import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")

# Found in seeded random games (and checked below against the engine itself)
SINGLE = ("21*2,23*3,24*7,off*3/22*2,23*3,24*7,off*3/W", (4, 6, 6))
LOST = ("21*4,22,23*3,24*6,off/16,21*5,22*3,23*2,24*4/B", (6, 6, 2))
PASS = ("3,4*3,6,7,10,12,13,19*2,23*3,24/10*2,11,16,17*6,20*5/B", (2, 2, 2))
HOME = Position.parse("24*15/19*3,20*3,21*3,22*3,23*3/B")      # Black all home, none off yet


def play_game(session: Session, flow: GameFlow, limit=20_000) -> list:
    """Drive one game through the flow's intents, as the screen would, to its end."""
    events = flow.start()
    for _ in range(limit):
        if flow.stage is Stage.OVER:
            return events
        events += flow.proceed() if flow.stage is not Stage.THINK else flow.proceed() + flow.poll()
    raise AssertionError("the game did not end")


def test_a_garanguet_match_runs_through_the_flow_with_both_sides_computer():
    session = Session.new(MatchOptions(rules="garanguet", length=3, level="novice", autoplay=True), seed=11)
    thinkers, _ = computer_players(session, thread=False)
    games = 0
    while session.phase is not Phase.MATCH_OVER:
        while session.phase is Phase.PRIORITY:
            session.throw_priority()
        flow = GameFlow(session, lambda: None, thinkers)
        events = play_game(session, flow)
        throws = [e for e in events if isinstance(e, ev.ThrowStarted)]
        assert throws and all(len(e.dice) == 3 for e in throws)
        said = [(e.kind, e.rule) for e in events if isinstance(e, ev.Announced)]
        doubled = [t.dice for t in throws if len(set(t.dice)) == 2 and sorted(t.dice)[1] == sorted(t.dice)[2]]
        triplets = [t.dice for t in throws if len(set(t.dice)) == 1]
        assert said.count(("doublet", "G-5")) == len(doubled)
        assert said.count(("triplet", "G-6")) == len(triplets)
        over = events[-1]
        assert isinstance(over, ev.GameOver) and over.rule == "G-10"
        loser_off = session.position.checkers(over.outcome.winner.other).count(gg.OFF)
        assert over.outcome.points == (1 if loser_off else 2)
        assert f"{over.outcome.points} point" in over.why and "G-10" in over.why
        assert [e for e in events if isinstance(e, ev.BearingOffBegun) and e.side is over.outcome.winner]
        games += 1
        session.next_game()
    assert sum(session.match.score.values()) >= 3 and games == len(session.match.games)
    assert Session.from_dict(session.to_dict()).to_dict() == session.to_dict()


def test_a_single_legal_play_is_played_by_itself_with_a_notice():
    position, dice = SINGLE
    assert len(GARANGUET.legal_moves(Position.parse(position), dice)) == 1
    table = at(position, dice, rules="garanguet")
    said = table.of(ev.PlayedForYou)
    assert said and said[0].side is Side.WHITE and not table.of(ev.ChoiceOffered)
    for _ in range(10):
        table.do("proceed")
    assert table.of(ev.TurnEnded)[0].move == said[0].move
    assert table.flow.stage is Stage.THROW and table.session.to_move is Side.BLACK


def test_numbers_that_cannot_be_played_are_said_and_the_rest_is_chosen():
    position, dice = LOST
    table = at(position, dice, rules="garanguet")
    lost = table.of(ev.NumbersLost)
    assert lost and lost[0].numbers == (6, 6, 6) and lost[0].rule == "G-7"
    assert table.flow.stage is Stage.CHOOSE                  # three plays remain: the person's


def test_no_play_passes_with_whose_turn_and_the_rule():
    position, dice = PASS
    table = at(position, dice, rules="garanguet")
    passed = table.of(ev.TurnPassed)
    assert passed and passed[0].side is Side.BLACK and passed[0].rule == GARANGUET.play_all_rule
    table.do("proceed")
    assert table.session.to_move is Side.WHITE


def test_a_double_click_plays_the_furthest_one_checker_can_go():
    table = at("1*15/1*15/B", (6, 4, 1), rules="garanguet")
    steps = furthest_steps(GARANGUET, table.flow.session.position, (6, 4, 1), (), 1)
    assert steps[-1].destination == 12 and all(a.destination == b.origin for a, b in zip(steps, steps[1:]))
    table.do("furthest", 1)
    for _ in range(6):
        table.do("proceed")
    ended = table.of(ev.TurnEnded)
    assert ended and sorted(s.destination for s in ended[0].move.steps)[-1] == 12
    assert table.session.position.checkers(Side.BLACK).count(12) == 1


def test_the_first_checker_borne_off_is_announced_once():
    table = at(str(HOME), (6, 5, 4), rules="garanguet")
    table.do("pick", 19)
    table.do("drop", gg.OFF)
    assert [e.side for e in table.of(ev.BearingOffBegun)] == [Side.BLACK]
    table.do("proceed")
    table.do("pick", 20)
    table.do("drop", gg.OFF)
    assert len(table.of(ev.BearingOffBegun)) == 1


def test_a_move_is_said_in_the_boards_letters():
    assert GARANGUET.say_move(Side.BLACK, Move.parse("1-7 7-11 11-12")) == "a-g-k-l"
    assert GARANGUET.say_move(Side.WHITE, Move.parse("1-7 20-25")) == "x-r, e-off"
    assert GARANGUET.say_move(Side.WHITE, Move.parse("1-7 1-7 1-7 20-25")) == "3 × x-r, e-off"


def test_the_players_are_named_alike_everywhere():
    session = Session.new(MatchOptions(rules="garanguet", opponent="computer", human_side=Side.BLACK), seed=1)
    assert side_title(session, Side.BLACK) == "You (Black)"
    assert verb(session, Side.WHITE, "win") == "The computer wins"
    friends = Session.new(MatchOptions(rules="garanguet", opponent="human"), seed=1)
    assert verb(friends, Side.WHITE, "win") == "White wins"


# --- the real table scene --------------------------------------------------------------------
@pytest.fixture
def screen():
    pygame.init()
    return pygame.Surface((960, 600))


def test_on_the_table_a_double_click_and_a_drag_play_checkers(screen):
    app = tt.start(screen, rules="garanguet", opponent="human")
    scene = tt.table_at(app, screen, Position.parse("1*15/1*15/B"), (6, 4, 1))
    assert isinstance(scene.view, GaranguetBoardView) and scene.stage == "choose"
    stack = tt.screen_pos(scene, gg.checker_centre(Side.BLACK, 1, 3, 15))
    tt.click(app, stack)
    tt.click(app, stack)                                     # the second click of a double-click
    tt.pump(app, screen, 1.5)                                # played, then ended by itself after 1 s
    assert app.session.position.checkers(Side.BLACK).count(12) == 1, app.session.position
    assert app.session.to_move is Side.WHITE
    scene = tt.table_at(app, screen, Position.parse("1*15/1*15/W"), (5, 3, 2))
    start = tt.screen_pos(scene, gg.checker_centre(Side.WHITE, 1, 14, 15))
    end = tt.screen_pos(scene, scene.view.landing_centre(scene.shown, Side.WHITE, 6))
    for kind, pos in ((pygame.MOUSEBUTTONDOWN, start), (pygame.MOUSEMOTION, end), (pygame.MOUSEBUTTONUP, end)):
        extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        app.scenes.handle_event(pygame.event.Event(kind, pos=pos, **extra))
    tt.pump(app, screen, 0.3)
    assert scene.choice.played and scene.choice.played[0].destination == 6


def test_from_the_title_a_garanguet_match_is_chosen_and_played(tmp_path):
    app = App(seed=3, data_dir=tmp_path, size=(960, 600))
    try:
        def press(k, then=0):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            for _ in range(1 + then):
                app.frame(1 / 60)
        press(pygame.K_RETURN)                               # New match
        form = app.scenes.top
        press(pygame.K_RIGHT)                                # Game -> Garanguet
        assert form.choices["game"].value == "garanguet"
        assert not form.choices["rules"].visible and not form.choices["reentry"].visible
        assert [v for v, _ in form.choices["level"].options] == ["novice", "journeyman", "master"]
        for _ in range(5):
            press(pygame.K_DOWN)                             # ... to Start the match
        press(pygame.K_RETURN, then=1)
        s = app.session
        assert s.options.rules == "garanguet" and s.options.level in ("novice", "journeyman", "master")
        assert Storage(tmp_path).load_settings()[0]["rules"] == "garanguet"
        app.update_settings({"animation_speed": "instant"})
        for _ in play_frames(600, lambda: app.scenes.top):    # the computer thinks on its thread
            if type(app.scenes.top).__name__ == "TableScene" and app.session.record.get("turns"):
                break
            press(pygame.K_SPACE, then=3)
        assert type(app.scenes.top).__name__ == "TableScene"
        assert isinstance(app.scenes.top.view, GaranguetBoardView)
        assert app.session.record["turns"], "no turn was played"
    finally:
        pygame.display.quit()


def test_a_garanguet_match_saved_with_its_dice_thrown_resumes_exactly(tmp_path):
    session = Session.new(MatchOptions(rules="garanguet", opponent="computer", level="journeyman"), seed=5)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    for _ in range(7):                                      # a few turns in, then the dice thrown
        session.throw()
        moves = session.legal_moves()
        session.play(moves[len(moves) // 2] if moves else Move(()))
    session.throw()
    saved = session.to_dict()
    Storage(tmp_path).save_match(saved)
    app = App(seed=1, data_dir=tmp_path, size=(960, 600))
    try:
        assert app.can_continue()
        assert app.session.to_dict() == Session.from_dict(saved).to_dict()
        app.continue_match()
        for _ in range(30):
            app.frame(1 / 30)
        s = app.session
        assert (str(s.position), s.dice) == (str(session.position), session.dice)
        assert s.rng.getstate() == session.rng.getstate()
        table = app.scenes.top
        assert type(table).__name__ == "TableScene" and table.stage in ("choose", "think", "moving", "throw")
    finally:
        pygame.display.quit()


def test_a_move_is_taken_back_until_the_opponent_throws_but_never_under_touch_move():
    table = at("1*15/1*15/W", (6, 4, 1), rules="garanguet")
    for origin, destination in ((1, 7), (7, 11), (11, 12)):
        table.do("pick", origin)
        table.do("drop", destination)
        table.do("proceed")
    assert table.flow.stage is Stage.THROW and table.flow.can_undo
    table.do("undo")
    assert table.of(ev.MoveTakenBack) and table.flow.stage is Stage.CHOOSE
    assert table.session.position == Position.parse("1*15/1*15/W")
    strict = at("1*15/1*15/W", (6, 4, 1), rules="garanguet", touch_move=True)
    strict.do("pick", 1)
    strict.do("drop", 7)
    strict.do("proceed")
    assert [e.text for e in strict.do("undo")] == ["touch-move is on: a move cannot be taken back (G-11)"]
    strict.do("pick", 7)
    assert strict.do("pick", 1)[0].rule == "G-11"            # the picked checker must be played


def test_the_dice_stay_lit_while_their_numbers_are_left_bearing_off_included():
    from game.rules.turn import numbers_left
    table = at("20*4,21*3,23*2,24*2,off*4/7*5,8*5,9*5/W", (6, 5, 1), rules="garanguet")
    assert table.flow.dice_marks() == ("played", "played", "played")   # the 6 bears off from e
    table.do("pick", 20)
    table.do("drop", gg.OFF)                                 # the exact 5 is taken first
    table.do("proceed")
    assert numbers_left(GARANGUET, (6, 5, 1), table.flow.choice.played) == [1, 6]
    assert table.flow.dice_marks() == ("played", "dim", "played")
    table.do("pick", 20)
    table.do("drop", gg.OFF)                                 # then the 6, from short of the rim
    table.do("proceed")
    assert numbers_left(GARANGUET, (6, 5, 1), table.flow.choice.played) == [1]
    assert table.flow.dice_marks() == ("dim", "dim", "played")
    doublet = at("1*15/1*15/W", (5, 2, 5), rules="garanguet")    # four 5s and the 2 (G-5)
    doublet.do("pick", 1)
    doublet.do("drop", 6)
    doublet.do("proceed")
    assert doublet.flow.dice_marks() == ("played", "played", "played")  # three 5s still to play


def test_letter_keys_pick_the_lettered_point_and_h_u_keep_their_meaning(screen):
    app = tt.start(screen, rules="garanguet", opponent="human")
    scene = tt.table_at(app, screen, Position.parse("1*15/1*15/B"), (6, 4, 1))
    tt.key(app, pygame.K_a)                                  # Black's stack is on a
    assert scene.choice.selected == gg.location(Side.BLACK, gg.LETTERS.index("a"))
    target = GARANGUET.point_name(Side.BLACK, 1 + 4)         # four points on: e
    tt.key(app, getattr(pygame, f"K_{target}"))
    tt.pump(app, screen, 0.5)
    assert scene.choice.played and scene.choice.played[0].destination == 5
    assert scene.hud_state().keys == {}                     # H and U, as in Tourne Case
    assert "type its point's letter" in scene.drawing.prompt(scene.snapshot())
    tt.key(app, pygame.K_h)                                  # H shows the hints, as everywhere
    assert scene.hints is not None
    tt.key(app, pygame.K_h)
    assert scene.hints is None


def test_shift_types_the_points_h_and_u(screen):
    """h and u are Garanguet points as well as the hint and take-back keys: with Shift they
    pick the point."""
    app = tt.start(screen, rules="garanguet", opponent="human")
    scene = tt.table_at(app, screen, Position.parse("1*15/1*14,8/B"), (6, 4, 1))
    assert GARANGUET.point_name(Side.BLACK, 8) == "h"
    assert "Shift for h and u" in scene.drawing.prompt(scene.snapshot())
    tt.key(app, pygame.K_h, pygame.KMOD_SHIFT)
    assert scene.choice.selected == 8 and scene.hints is None
