"""The table and priority scenes driven headless with posted events (keys, clicks, drags) on a
real, seeded Session held by a real match keeper."""
import random
import time

import pygame
import pytest

from game.play import events as ev
from game.play import flow as f

from game.geometry import tablier as geometry
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import IllegalMoveError, Position, Side, Step
from game.scenes.base import SceneManager
from game.scenes.table.priority import PriorityScene
from game.scenes.table.scene import TableScene
from game.dice import DIE_SIZE
from waiting import play_frames


@pytest.fixture(autouse=True)
def english():
    """These tests read the table's words in English, whatever the machine's language."""
    from game.base import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")

SIZE = (960, 600)


class FakeSounds:
    def __init__(self):
        self.played = []

    def play(self, name, strength=1.0):
        self.played.append(name)


class FakeStorage:
    def __init__(self):
        self.saved, self.records = [], []

    def save_match(self, data):
        self.saved.append(data)

    def add_record(self, record):
        self.records.append(record)

    def clear_match(self):
        pass


class FakeApp:
    """The scenes' host (game/scenes/host.py), with the real match keeper on a fake disk."""

    def __init__(self, session, speed="instant"):
        self.keeper = MatchKeeper(FakeStorage(), lambda words: None, random.Random(0))
        self.keeper.adopt(session)
        self.settings = {"animation_speed": speed, "touch_move": False}
        self.scenes = SceneManager()
        self.sounds = FakeSounds()
        self.clock = time.monotonic
        self.paused = self.over = self.titles = 0

    @property
    def session(self):
        return self.keeper.session

    @property
    def saves(self):
        return self.keeper.storage.saved

    def show_match(self):
        phase = self.session.phase
        if phase is Phase.PRIORITY:
            self.scenes.clear_to(PriorityScene(self))
        elif phase in (Phase.THROW, Phase.MOVE):
            self.scenes.clear_to(TableScene(self))
        else:
            self.over += 1                         # the app shows the scoreboard

    def update_settings(self, changes):
        self.settings.update(changes)

    def pause(self):
        self.paused += 1

    def to_title(self):
        self.titles += 1


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    return pygame.Surface(SIZE)


def start(screen, rules="charpentier", opponent="computer", seed=7, speed="instant", touch_move=False,
          scene=TableScene):
    session = Session.new(MatchOptions(rules=rules, length=3, opponent=opponent, touch_move=touch_move),
                          seed=seed)
    app = FakeApp(session, speed)
    app.scenes.push(scene(app))
    app.scenes.apply_pending()
    pump(app, screen)
    return app


def pump(app, screen, seconds=0.0, dt=0.05, draw=True):
    """Run the scenes for `seconds` of game time, drawing the last frame (unless `draw` is
    False: a test that reads no picture while the computer thinks)."""
    elapsed = 0.0
    while True:
        app.scenes.update(dt)
        app.scenes.apply_pending()
        elapsed += dt
        if elapsed >= seconds:
            if draw:
                app.scenes.draw(screen)
            return


def key(app, k, mod=0):
    app.scenes.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.scenes.apply_pending()


def refusal(scene) -> str:
    """The refused move's card, as it reads in English ("" if none shows)."""
    from game.scenes.table.cards import refusal_words
    return str(refusal_words(scene.refused)) if scene.refused else ""


def click(app, pos):
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.scenes.apply_pending()


def click_checker(app, scene, location, side=Side.WHITE):
    """Click the top checker of `side` on `location`, where the board shows it."""
    index = scene.shown.checkers(side).count(location) - 1
    click(app, screen_pos(scene, scene.view.checker_centre(side, location, index)))


def click_point(app, scene, location, side=Side.WHITE):
    """Click where a checker of `side` would land on `location`."""
    click(app, screen_pos(scene, scene.view.landing_centre(scene.shown, side, location)))


def screen_pos(scene, board_xy):
    x, y = scene.view.to_screen(*board_xy)
    return round(x), round(y)


def table_at(app, screen, position: Position, dice=None) -> TableScene:
    """Put the session's game at `position` with `dice` thrown (None: its side to throw), and
    open a fresh table on it."""
    s = app.session
    s.phase, s.position = (Phase.MOVE if dice else Phase.THROW), position
    s.dice = tuple(dice) if dice else None
    s.record = {"first": "W", "turns": []}
    scene = TableScene(app)
    app.scenes.clear_to(scene)
    app.scenes.apply_pending()
    pump(app, screen)
    return scene


def through_priority(app, screen) -> TableScene:
    while isinstance(app.scenes.top, PriorityScene):
        key(app, pygame.K_SPACE)
        pump(app, screen, 0.3)
    assert isinstance(app.scenes.top, TableScene)
    return app.scenes.top


@pytest.mark.parametrize("rules", ["charpentier", "charpentier-reentry", "bell"])
def test_a_whole_game_is_played_by_keys_alone(screen, rules):
    app = start(screen, rules=rules)
    assert isinstance(app.scenes.top, PriorityScene)
    table = through_priority(app, screen)
    for _ in play_frames(3000, lambda: app.scenes.top):
        if app.session.phase is Phase.GAME_OVER:
            break
        table = app.scenes.top
        if table.stage == "throw" and not app.session.is_computer(app.session.to_move):
            key(app, pygame.K_SPACE)
        elif table.stage == "choose":
            key(app, pygame.K_RETURN)
        pump(app, screen, 0.1)
    s = app.session
    assert s.phase is Phase.GAME_OVER
    assert s.outcome.winner in (Side.WHITE, Side.BLACK)
    assert table.stage == "over"
    pump(app, screen, 3.0)
    assert app.over == 1                            # the app shows the scoreboard
    assert len(s.record["turns"]) >= 6
    assert "throw" in app.sounds.played and "checker" in app.sounds.played
    assert len(app.saves) >= 2 * len(s.record["turns"])   # a save after every throw and move


def test_a_click_anywhere_at_any_moment_never_crashes(screen):
    rng = random.Random(3)
    for rules in ("charpentier", "charpentier-reentry", "bell"):
        app = start(screen, rules=rules, opponent="human", speed="fast", seed=11)
        most_turns = 0
        for _ in range(300):
            pos = (rng.randrange(-20, SIZE[0] + 20), rng.randrange(-20, SIZE[1] + 20))
            kind = rng.random()
            if kind < 0.6:
                click(app, pos)
            elif kind < 0.8:            # a drag from here to somewhere else
                app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                to = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
                app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
                app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
                app.scenes.apply_pending()
            else:
                key(app, rng.choice([pygame.K_SPACE, pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN,
                                     pygame.K_RIGHT, pygame.K_u, pygame.K_h, pygame.K_1, pygame.K_BACKSPACE]))
            pump(app, screen, rng.choice([0.0, 0.05, 0.3]))
            most_turns = max(most_turns, len(app.session.record.get("turns", ())))
        assert most_turns >= 1, f"{rules}: clicking and keys played no turn at all"


def lit(app, scene: TableScene) -> dict:
    """Every checker the mover may pick (clicked), with the destinations lit once it is picked."""
    out = {}
    side = app.session.to_move
    for origin in scene.choice.origins:
        click_checker(app, scene, origin, side)
        assert scene.choice.selected == origin
        out[origin] = scene.choice.destinations
        key(app, pygame.K_BACKSPACE)
        assert scene.choice.selected is None
    return out


@pytest.mark.parametrize("rules", ["charpentier", "charpentier-reentry", "bell"])
def test_only_legal_destinations_light_up(screen, rules):
    app = start(screen, rules=rules, opponent="human")
    rng = random.Random(5)
    scene = through_priority(app, screen)
    checked = 0
    while app.session.phase is not Phase.GAME_OVER and checked < 80:
        if scene.stage == "throw":
            key(app, pygame.K_SPACE)
        elif scene.stage == "choose":
            s = app.session
            for origin, destinations in lit(app, scene).items():
                for destination in destinations:
                    played = scene.choice.played + (Step(origin, destination),)
                    assert leads_to_legal_turn(s.rules, s.position, s.dice, played), \
                        (str(s.position), s.dice, played)
                    checked += 1
            key(app, rng.choice([pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN]))
            key(app, pygame.K_RETURN)
        pump(app, screen, 0.1)
    assert checked >= 20


def leads_to_legal_turn(rules, position, dice, played) -> bool:
    """Steps played so far can be finished into one of the throw's legal turns (checked on the
    board step by step, against the end positions of `legal_moves`)."""
    finals = {rules.apply(position, m, dice) for m in rules.legal_moves(position, dice)}
    try:
        reached = rules.play_steps(position, played)
    except IllegalMoveError:
        return False
    if reached.passed() in finals:
        return True
    left = list(rules.numbers(dice))
    for step in played:
        if rules.step_number(step) not in left:
            return False
        left.remove(rules.step_number(step))
    return any(leads_to_legal_turn(rules, position, dice, played + (Step(origin, max(origin, 0) + n),))
               for n in set(left) for origin in set(reached.checkers(position.to_move)))


def test_a_click_off_the_lit_points_does_not_move(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (3, 5))
    assert scene.stage == "choose"
    click_checker(app, scene, 0)
    assert scene.choice.selected == 0
    x, y = scene.view.to_screen(*geometry.checker_centre(Side.WHITE, 7))
    click(app, (round(x), round(y)))              # point 7 is not lit (the lower die is 3)
    assert scene.choice.played == () and app.session.phase is Phase.MOVE
    assert scene.choice.selected is None          # a click elsewhere puts the checker back
    assert "TC-1: Only the lower die" in refusal(scene)   # and says which rule forbids it, by name
    click_checker(app, scene, 0)
    click_point(app, scene, 3)
    key(app, pygame.K_SPACE)                      # the move, whole on the board, is ended
    pump(app, screen, 0.5)
    assert app.session.position.white == (0, 0, 3)


def test_take_back_a_step_and_a_whole_move_until_the_opponent_throws(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (4, 2))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    pump(app, screen, 0.3)
    assert scene.choice.complete and app.session.phase is Phase.MOVE    # whole on the board, not yet ended
    key(app, pygame.K_u)                           # its step taken back
    assert scene.choice.played == () and "Taken back: 0-2" in str(scene.note)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                      # and now ended
    pump(app, screen, 0.3)
    s = app.session
    assert s.phase is Phase.THROW and s.to_move is Side.BLACK and s.position.white == (0, 0, 2)
    key(app, pygame.K_u)
    pump(app, screen, 0.1)
    s = app.session
    assert s.phase is Phase.MOVE and s.to_move is Side.WHITE and s.dice == (4, 2)
    assert s.position.white == (0, 0, 0) and scene.stage == "choose"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    pump(app, screen, 1.1)                         # ended by itself after 1 s
    key(app, pygame.K_SPACE)                       # Black throws: the turn is handed over
    pump(app, screen, 0.3)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.position.white == (0, 0, 2)
    assert app.session.to_move is Side.BLACK and "Nothing to take back" in scene.note


def test_take_back_a_bell_step_shows_the_stop_then_undoes_it(screen):
    app = start(screen, rules="bell", opponent="human")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (4, 2))
    click_checker(app, scene, 0)
    assert scene.choice.destinations == (2, 4, 6)     # 6 by the sum (issue 31)
    click_point(app, scene, 2)
    pump(app, screen, 0.3)
    assert scene.stage == "choose" and scene.shown.white == (0, 0, 2)     # the intermediate stop
    assert app.session.phase is Phase.MOVE and app.session.position.white == (0, 0, 0)
    assert scene.flow.dice_marks() == ("played", "dim")     # the 2 is used, the 4 still counts
    key(app, pygame.K_u)
    assert scene.choice.played == () and scene.shown.white == (0, 0, 0)


def test_touch_move_refuses_take_back_and_holds_the_picked_checker(screen):
    app = start(screen, opponent="human", touch_move=True)
    scene = table_at(app, screen, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (2, 2))
    assert scene.choice.origins == (0, 3)
    key(app, pygame.K_RETURN)                      # picks the first checker that can move
    picked = scene.choice.selected
    click_checker(app, scene, 3 if picked == 0 else 0)
    assert scene.choice.selected == picked and "Touch-move" in refusal(scene)
    key(app, pygame.K_BACKSPACE)
    assert scene.choice.selected == picked and "Touch-move" in refusal(scene)
    key(app, pygame.K_RETURN)
    pump(app, screen, 0.3)
    key(app, pygame.K_u)
    assert app.session.to_move is Side.BLACK and "cannot be taken back" in refusal(scene)


def test_a_throw_with_no_move_says_so_and_passes(screen):
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((11, 12, 12), (0, 0, 0), Side.WHITE), (2, 5))
    assert scene.stage == "pass"
    assert [str(b.text) for b in scene.banners] == ["White cannot play the throw 5-2 - the turn passes (TC-7)"]
    pump(app, screen, 3.0)
    s = app.session
    assert s.to_move is Side.BLACK and s.record["turns"][-1] == [[2, 5], "pass"]


def test_doublets_are_announced_by_their_old_names(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (5, 5))
    assert any(str(b.text) == "Quines!" for b in scene.banners)          # no French space in English
    from game.base import i18n
    i18n.set_language("fr")
    assert any(b.text.said() == "Quines\u00a0!" for b in scene.banners)   # French's, kept from a line break


def test_hints_list_every_move_best_first(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 2, 5), (0, 0, 4), Side.WHITE), (3, 6))
    for _ in range(600):                           # the adviser's tables load in the background
        key(app, pygame.K_h)
        if scene.hints is not None:
            break
        assert "preparing" in scene.note
        time.sleep(0.05)
    assert scene.hints is not None
    moves = [str(h.move) for h in scene.hints]
    assert sorted(moves) == sorted(str(m) for m in app.session.legal_moves())
    losses = [h.loss for h in scene.hints]
    assert losses == sorted(losses) and losses[0] == 0
    assert all(0 <= h.win_probability <= 1 for h in scene.hints)
    pump(app, screen)
    key(app, pygame.K_h)
    assert scene.hints is None


def test_the_computer_plays_its_turns_on_its_own(screen):
    app = start(screen, opponent="computer", speed="fast")
    table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.BLACK), (6, 1))
    pump(app, screen, 4.0)
    s = app.session
    assert s.position.black == (0, 0, 1) and s.to_move is Side.WHITE


def test_a_hit_checker_flies_back_off_the_board(screen):
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 4), Side.WHITE), (4, 6))
    click_checker(app, scene, 0)
    click_point(app, scene, 4)
    assert len(scene.flights) == 2
    mover, knocked = scene.flights
    assert knocked.side is Side.BLACK and knocked.arc > 0 and knocked.delay > 0 and knocked.slot[1] == 0
    pump(app, screen, 2.0)
    assert app.session.position.black == (0, 0, 0) and "hit" in app.sounds.played


def test_the_table_draws_crisp_at_many_sizes(screen):
    app = start(screen, opponent="human")
    table_at(app, screen, Position((0, 3, 12), (0, 5, 12), Side.WHITE), (2, 4))
    for size in [(960, 600), (1280, 800), (1920, 1080), (1000, 900)]:
        surface = pygame.Surface(size)
        app.scenes.draw(surface)
        scene = app.scenes.top
        assert scene.view.board_rect().width <= size[0] and scene.hud.bottom.bottom == size[1]


def test_a_mouse_fling_throws_the_dice_from_where_it_let_go(screen):
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (1, 2))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                      # White plays; Black is to throw
    key(app, pygame.K_RETURN)                      # once White ends the move
    pump(app, screen, 1.0)
    assert scene.stage == "throw" and app.session.to_move is Side.BLACK
    start_at, end_at = scene.view.to_screen(300, 450), scene.view.to_screen(420, 330)
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=end_at, rel=(0, 0), buttons=(1, 0, 0)))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_at, button=1))
    assert scene.stage == "roll" and "shake" in app.sounds.played
    first = scene.playback.attempts[0].states(0.0)
    assert all(abs(d.x - 420) < 3 * DIE_SIZE and abs(d.y - 330) < 3 * DIE_SIZE for d in first)


def test_the_computer_plays_at_a_pace_a_person_can_follow_unless_instant(screen):
    for speed, slowest in (("normal", 0.25), ("instant", 0.0)):
        app = start(screen, opponent="computer", speed=speed)
        scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 5), Side.WHITE), (1, 3))
        key(app, pygame.K_RETURN)
        key(app, pygame.K_RETURN)                  # White enters on 1; the computer's turn
        pump(app, screen, 0.3)                     # landed: the move waits to be ended
        assert scene.stage == "choose" and scene.choice.complete
        key(app, pygame.K_RETURN)
        pump(app, screen, 0.2)
        assert scene.stage in ("throw", "roll", "think", "moving", "choose")
        if speed == "normal":
            assert scene.stage == "throw"          # it waits before throwing
        glides = set()
        for _ in play_frames(400, lambda: app.scenes.top):
            if app.session.to_move is Side.WHITE and app.session.phase is not Phase.MOVE:
                break
            pump(app, screen, 0.02, dt=0.02)
            glides |= {f.duration for f in scene.flights if f.side is Side.BLACK}
        assert app.session.to_move is Side.WHITE and glides
        assert min(glides) >= slowest if speed == "normal" else glides == {0.0}


def test_a_checker_dragged_onto_a_lit_point_is_played_there(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 2), (0, 0, 0), Side.WHITE), (5, 3))
    origin = scene.view.to_screen(*geometry.checker_centre(Side.WHITE, 2))
    target = scene.view.to_screen(*geometry.checker_centre(Side.WHITE, 5))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=origin, button=1))
    assert scene.choice.selected == 2
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    pump(app, screen)                              # drawn under the mouse
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    pump(app, screen, 1.1)                         # the move ends by itself after 1 s (the setting's default)
    assert app.session.position.white == (0, 0, 5) and app.session.to_move is Side.BLACK


def test_take_back_against_the_computer_before_it_throws(screen):
    app = start(screen, opponent="computer", speed="normal")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (4, 2))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                      # ended
    pump(app, screen, 0.45)                        # landed and ended; the computer has not thrown yet
    assert scene.stage == "throw" and app.session.to_move is Side.BLACK
    key(app, pygame.K_u)
    pump(app, screen, 2.0)                         # and it does not throw after all
    s = app.session
    assert s.to_move is Side.WHITE and s.phase is Phase.MOVE and s.position.white == (0, 0, 0)
    assert scene.stage == "choose"


def test_a_new_doublet_name_replaces_one_still_fading(screen):
    """Seen at instant speed: "Double deux !" and "Carmes !" stacked on the board at once."""
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (2, 2))
    assert [str(b.text) for b in scene.banners if b.size == "large"] == ["Double deux!"]
    scene.react([ev.Announced("doublet", 4, "Carmes", "C-4")])
    assert [str(b.text) for b in scene.banners if b.size == "large"] == ["Carmes!"]


def test_notices_never_stack_and_never_cover_a_result(screen):
    """Issue 13: one notice at a time, and nothing said after a result is drawn over it."""
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((11, 12, 12), (0, 0, 0), Side.WHITE), (1, 2))
    scene.react([ev.ThrowTakenAgain("on the rail"), ev.Notice("first"), ev.ThrowTakenAgain("tilted")])
    notes = [b for b in scene.banners if b.size != "large"]
    assert [str(b.text) for b in notes] == ["Tilted - thrown again (throw 2)"]
    scene.pick(11)
    scene.drop(12)
    for _ in range(40):
        if scene.stage is f.Stage.OVER:
            break
        pump(app, screen, 0.1)
    assert scene.stage is f.Stage.OVER
    result = [str(b.text) for b in scene.banners]
    assert result[0] == "White wins" and len(result) == 2
    scene.react([ev.TurnPassed(Side.BLACK, "no move", "TC-7"), ev.ThrowTakenAgain("off the board")])
    assert [str(b.text) for b in scene.banners] == result


def test_number_keys_pick_the_point_with_that_number_not_the_nth_option(screen):
    app = start(screen, rules="bell", opponent="human")
    scene = table_at(app, screen, Position((2, 5, 9), (0, 0, 0), Side.WHITE), (3, 1))
    assert scene.choice.origins == (2, 5, 9)
    key(app, pygame.K_5)                         # the 2nd option, but point 5
    assert scene.choice.selected == 5
    key(app, pygame.K_8)                         # point 8: 5 + 3
    pump(app, screen, 0.5)
    assert scene.choice.played == (Step(5, 8),)
    key(app, pygame.K_2)                         # 2 -> 3 with the 1
    pump(app, screen, 0.5)
    assert scene.choice.selected == 2
    key(app, pygame.K_7)                         # not lit: said why, nothing moves
    assert scene.choice.played == (Step(5, 8),) and (scene.note or scene.refused)
    assert "type its point's number" in scene.drawing.prompt(scene.snapshot())


def test_a_one_then_a_two_picks_point_twelve(screen):
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((1, 9, 11), (0, 0, 0), Side.WHITE), (1, 3))
    key(app, pygame.K_1)
    assert scene.choice.selected is None        # 1, or 11? waits for a second digit
    key(app, pygame.K_1)
    assert scene.choice.selected == 11
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    key(app, pygame.K_SPACE)
    pump(app, screen, 0.5)
    assert app.session.record["turns"][-1][1] == "11-12"


def hints_shown(app, scene):
    for _ in range(600):                           # the adviser's tables load in the background
        key(app, pygame.K_h)
        if scene.hints is not None:
            return
        time.sleep(0.05)
    raise AssertionError("no hints")


@pytest.mark.parametrize("rules, said", [("charpentier", "Hints: chances for the game"),
                                         ("bell", "Hints: chances for the match to 3 (White 0, Black 0)")])
def test_hints_say_game_or_match_and_their_panel_covers_no_die(screen, rules, said):
    """Issue 13: the hints panel covered a dimmed die, and did not say what its chances are of."""
    app = start(screen, rules=rules, opponent="human")
    for seed in range(24):                         # the dice fall elsewhere on every throw
        app.session.throw_seed = seed
        scene = table_at(app, screen, Position((0, 2, 5), (0, 0, 4), Side.WHITE), (3, 6))
        hints_shown(app, scene)
        pump(app, screen)
        dice = scene.drawing.dice_rects(scene.snapshot())
        assert len(dice) == 2 and all(scene.view.board_rect().colliderect(d) for d in dice)
        assert scene.drawing.hints_rect.collidelist(dice) < 0, (seed, scene.drawing.hints_rect, dice)
    from game.scenes.table.draw import chances_for
    assert "Hints: chances for " + str(chances_for(app.session)) == said


def test_a_throw_that_cannot_be_played_is_shown_faster_with_the_sessions_faces(screen):
    """Issue 13: forced passes dragged on. Their throw is played back FORCED_THROW_RATE times
    faster; the faces are the session's all the same (C-3)."""
    from game.scenes.table.scene import FORCED_THROW_RATE
    app = start(screen, opponent="human", speed="normal")
    seen = set()
    for _ in range(12):
        s = app.session
        scene = table_at(app, screen, Position((11, 12, 12), (0, 0, 0), Side.WHITE))
        key(app, pygame.K_SPACE)
        forced = not s.legal_moves()                # only a 1 plays 11-12 (TC-5)
        assert scene.playback.rate == (FORCED_THROW_RATE if forced else 1.0)
        assert tuple(scene.playback.attempts[-1].values) == s.dice
        seen.add(forced)
    assert seen == {True, False}


def test_after_a_forced_pass_the_computer_throws_sooner():
    from game.scenes.table.scene import AFTER_PASS_THROW_DELAY, COMPUTER_THROW_DELAY
    surface = pygame.Surface(SIZE)
    app = start(surface, opponent="computer", speed="normal")
    scene = table_at(app, surface, Position((11, 12, 12), (0, 0, 0), Side.WHITE), (2, 5))
    scene._after_pass = False
    scene.react([ev.TurnBegan(Side.BLACK, True)])
    assert scene._timer[0] == pytest.approx(COMPUTER_THROW_DELAY)
    scene._after_pass = True                       # set by a forced ThrowStarted
    scene.react([ev.TurnBegan(Side.BLACK, True)])
    assert scene._timer[0] == pytest.approx(AFTER_PASS_THROW_DELAY)
    scene.react([ev.ThrowStarted(Side.BLACK, (6, 6), 1, forced=False)])
    assert scene._after_pass is False


@pytest.mark.parametrize("seed", [7, 11])
def test_no_card_is_drawn_over_a_notice_or_another_card(seed):
    """Issue 24: the computer's move box hid "White cannot play the throw 6-4 - the turn passes
    (TC-7)"; at times three layers stacked (--autoplay --seed 7). Two computers play at normal
    speed; at every frame the notices, the refusal and the caption are each in clear."""
    surface = pygame.Surface(SIZE)
    session = Session.new(MatchOptions(rules="charpentier", length=1, opponent="computer", autoplay=True),
                          seed=seed)
    app = FakeApp(session, "normal")
    app.show_match()
    app.scenes.apply_pending()
    if isinstance(app.scenes.top, PriorityScene):
        through_priority(app, surface)
    scene = app.scenes.top
    seen = 0
    for _ in play_frames(3000, lambda: app.scenes.top):
        if scene.stage is f.Stage.OVER or app.scenes.top is not scene:
            break
        pump(app, surface, 0.05)
        drawn = list(scene.drawing.banner_rects) + list(scene.cards.rects.values())
        for i, a in enumerate(drawn):
            for b in drawn[i + 1:]:
                assert not a.colliderect(b), ([str(x.text) for x in scene.banners], scene.cards.rects)
        seen += bool(scene.drawing.banner_rects) and "caption" in scene.cards.rects
    assert seen > 0


def drawn_texts(app, screen, code):
    """(words, rect) of every text the table draws in one frame in language `code`."""
    from game.base import i18n
    from game.view import widgets as ui
    i18n.set_language(code)
    try:
        with ui.recording() as (shown, _unsaid):
            app.scenes.draw(screen)
            return [(str(w), rect) for w, rect, _box in shown]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("rules", ["charpentier", "bell"])
def test_hint_figures_are_written_as_each_language_writes_numbers_and_read_at_the_smallest_size(screen, rules):
    """Issue 24: the hints wrote "57.5 %" in French (review "1,2 %"), "-0.0 %" for a loss that
    rounds to nothing, and their figures were about 9 px high at 960x600."""
    import re
    app = start(screen, rules=rules, opponent="human")
    scene = table_at(app, screen, Position((0, 2, 5), (0, 0, 4), Side.WHITE), (3, 6))
    hints_shown(app, scene)
    english = [(w, r) for w, r in drawn_texts(app, screen, "en") if "%" in w or " pt" in w]
    french = [(w, r) for w, r in drawn_texts(app, screen, "fr") if "%" in w or " pt" in w]
    assert english and french
    for words, rect in english:
        assert not re.search(r"\d,\d| %|-0\.0+\b", words), words
        assert rect.h >= 18, (words, rect)
    for words, rect in french:
        assert not re.search(r"\d\.\d|[^\u202f]%|-0,0+\b", words), words
        assert rect.h >= 18, (words, rect)


def test_a_loss_that_rounds_to_nothing_is_zero_not_minus_zero():
    from types import SimpleNamespace
    from game.base import i18n
    from game.scenes.table.draw import loss_text
    best = SimpleNamespace(win_probability=0.6, equity=None, loss=0.0)
    tiny = SimpleNamespace(win_probability=0.59998, equity=None, loss=0.00002)
    assert str(loss_text(tiny, best)) == "0.0%"
    assert str(loss_text(SimpleNamespace(win_probability=0.588, equity=None, loss=0.012), best)) == "-1.2%"
    i18n.set_language("fr")
    assert str(loss_text(SimpleNamespace(win_probability=0.588, equity=None, loss=0.012), best)) == "-1,2\u202f%"


def test_keys_typed_while_a_checker_moves_are_kept_and_played_in_order(screen):
    """Issue 24: typing quickly played only the first step; the keys typed while its checker
    moved were lost (then "No checker of yours on point j")."""
    app = start(screen, rules="bell", opponent="human", speed="normal")
    scene = table_at(app, screen, Position((2, 5, 9), (0, 0, 0), Side.WHITE), (3, 1))
    for k in (pygame.K_5, pygame.K_8, pygame.K_2, pygame.K_3):      # 5-8 moves; 2-3 typed meanwhile
        key(app, k)
    assert scene.stage is f.Stage.MOVING
    for _ in range(60):
        pump(app, screen, 0.1)
    played = app.session.record["turns"][-1][1] if app.session.record["turns"] else str(scene.choice.played)
    assert "5-8" in played and "2-3" in played, played



def test_h_while_the_dice_roll_shows_the_hints_once_they_land(screen):
    """Issue 24: H while the dice rolled said "Hints are given when it is your move", and that
    replaced the move's instructions for the rest of the turn."""
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((0, 2, 5), (0, 0, 4), Side.WHITE))
    key(app, pygame.K_SPACE)
    assert scene.stage is f.Stage.ROLL
    key(app, pygame.K_h)
    assert "when it is your move" not in str(scene.note)
    for _ in range(100):
        pump(app, screen, 0.1)
        if scene.stage is not f.Stage.ROLL:
            break
    if scene.stage is not f.Stage.CHOOSE:
        pytest.skip("this throw could not be played")
    assert "when it is your move" not in str(scene.note)
    assert scene.hints is not None or "hint" in str(scene.note).lower(), scene.note   # the H was heard


def test_a_refusal_names_the_numbers_left_not_those_played():
    """Issue 24: a refusal listed dice already played: "(1, 3, 4)" after the 4 was played."""
    from game.rules.refusals import why_not
    rules = Session.new(MatchOptions(rules="bell"), seed=1).rules
    position = Position((2, 5, 9), (0, 0, 0), Side.WHITE)
    refused = why_not(rules, position, (3, 1), (Step(5, 8),), Step(2, 6))
    assert refused is not None and refused.reason.fields.get("numbers") == "1", refused


@pytest.mark.parametrize("rules", ["charpentier", "garanguet"])
def test_a_click_on_the_other_sides_checker_says_whose_it_is(screen, rules):
    """Issue 24: clicking an opponent's checker did nothing and said nothing."""
    app = start(screen, rules=rules, opponent="human")
    scene = table_at(app, screen, app.session.rules.start(Side.WHITE), (3, 1) if rules != "garanguet" else (4, 2, 1))
    black = next(loc for loc in scene.shown.checkers(Side.BLACK))
    index = scene.shown.checkers(Side.BLACK).count(black) - 1
    click(app, screen_pos(scene, scene.view.checker_centre(Side.BLACK, black, index)))
    assert "That checker is Black's: White is to move" == str(scene.note)
    assert scene.choice.selected is None and scene.refused is None


def test_a_lone_checker_is_picked_by_a_click_anywhere_on_its_point(screen):
    """Issue 24: a lone checker was picked only by a click on the checker itself."""
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((2, 5, 9), (0, 0, 0), Side.WHITE), (3, 1))
    x, y = scene.view.checker_centre(Side.WHITE, 5, 0)
    far = (x, y + 3 * geometry.CHECKER_R if y < geometry.BOARD_H / 2 else y - 3 * geometry.CHECKER_R)
    assert scene.view.area_at(scene.shown, Side.WHITE, *far, ()) == ("point", 5)
    click(app, screen_pos(scene, far))
    assert scene.choice.selected == 5


@pytest.mark.parametrize("rules", ["charpentier", "bell"])
def test_the_hints_panel_stays_on_the_board_and_off_the_stack_it_recommends(screen, rules):
    """Issue 24: the hints panel covered the stack it recommends moving (and left the board in
    French). Positions of random games: the panel lies inside the board and covers none of the
    checkers on the best move's first point, nor the point it goes to."""
    from sessions import at_random, steps
    from game.base import i18n
    app = start(screen, rules=rules, opponent="human")
    s = Session.new(MatchOptions(rules=rules, length=1, opponent="human"), seed=2)
    rng = random.Random(2)
    turns = [(x.position, x.dice) for x, _ in zip(steps(s, at_random(rng)), range(160))
             if x.phase is Phase.MOVE and x.legal_moves() and x.to_move is Side.WHITE][::6][:14]
    r = geometry.CHECKER_R
    for position, dice in turns:
        scene = table_at(app, screen, position, dice)
        hints_shown(app, scene)
        for code in ("en", "fr"):
            i18n.set_language(code)
            pump(app, screen)
            step = scene.hints[0].move.steps[0]
            view, board = scene.view, scene.view.board_rect()
            stack = [view.checker_centre(Side.WHITE, step.origin, i)
                     for i in range(scene.drawing.top_index(scene.snapshot(), step.origin) + 1)] \
                if step.origin in scene.shown.checkers(Side.WHITE) else []
            spots = stack + [view.landing_centre(scene.shown, Side.WHITE, step.destination)]
            covered = [xy for xy in spots if scene.drawing.hints_rect.colliderect(
                pygame.Rect(*(round(c - view.length(r)) for c in view.to_screen(*xy)), 2 * view.length(r),
                            2 * view.length(r)))]
            assert board.contains(scene.drawing.hints_rect), (code, position, dice, scene.drawing.hints_rect, board)
            assert not covered, (code, position, dice, step, scene.drawing.hints_rect)
        i18n.set_language("en")
