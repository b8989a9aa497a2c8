"""Issue 38's edges at the table: a drop says why as a click does (12), keys typed while the
dice roll are kept (13), the controller's words from the first frame (14), one order for the
dice and plain take-back words (15)."""
import pygame
import pytest

from game.geometry import tablier as geometry
from game.play import flow as f
from game.rules import Position, Side

from test_table import click_point, key, pump, screen, start, table_at  # noqa: F401 (screen: a fixture)
from waiting import play_frames


def drag(app, scene, origin, target):
    """Press on the checker on `origin`, drag it to where a checker would land on `target`, let go."""
    at = scene.view.to_screen(*geometry.checker_centre(Side.WHITE, origin))
    to = scene.view.to_screen(*scene.view.landing_centre(scene.shown, Side.WHITE, target))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    app.scenes.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    app.scenes.apply_pending()


def test_a_checker_dropped_on_a_point_not_lit_says_why_as_a_click_there_does(screen):
    """Issue 38.12: the drop snapped the checker back and said nothing."""
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 2), (0, 0, 0), Side.WHITE), (5, 3))
    scene.pick(2)
    assert 4 not in scene.choice.destinations
    click_point(app, scene, 4)
    clicked = scene.refused
    assert clicked is not None and scene.choice.selected is None
    scene.refused = None
    drag(app, scene, 2, 4)
    assert scene.refused is not None, "the drop said nothing"
    assert (scene.refused.rule, str(scene.refused.reason)) == (clicked.rule, str(clicked.reason))
    assert scene.choice.selected is None and scene.stage is f.Stage.CHOOSE


def test_a_drag_let_go_on_its_own_point_keeps_it_picked_and_says_nothing(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 2), (0, 0, 0), Side.WHITE), (5, 3))
    drag(app, scene, 2, 2)
    assert scene.refused is None and scene.choice.selected == 2


def test_keys_typed_while_the_dice_roll_are_played_once_they_rest(screen):
    """Issue 38.13: Space, then 0 within 0.3 s: the 0 was lost."""
    app = start(screen, opponent="human", speed="normal")
    scene = table_at(app, screen, Position((0, 10, 11), (0, 0, 0), Side.WHITE))
    key(app, pygame.K_SPACE)
    assert scene.stage is f.Stage.ROLL
    key(app, pygame.K_0)                              # the checker not yet entered
    for _ in range(100):
        pump(app, screen, 0.1)
        if scene.stage is not f.Stage.ROLL:
            break
    assert scene.stage is f.Stage.CHOOSE
    assert scene.choice.selected == 0, "the 0 typed while the dice rolled was lost"


# --- 14: the controller's words from the first frame ---------------------------------------------
def drawn(app) -> list[str]:
    """Every text the App draws in its next frame."""
    from game.view import widgets as ui
    with ui.recording() as (shown, _unsaid):
        app.frame(1 / 30)
        return [str(words) for words, _rect, _box in shown]


def controller_app(tmp_path):
    from game.app import App
    from game.base import i18n
    from test_controller import FakeController
    i18n.set_language("en")
    app = App(seed=7, data_dir=tmp_path, size=(960, 600))
    app.update_settings({"language": "en", "animation_speed": "instant"})
    app.pads.opener = FakeController
    app.pads.last_used = True                       # the A that started the match
    return app


def test_the_priority_throw_names_the_controllers_buttons_from_its_first_frame(tmp_path):
    """Issue 38.14: right after A started the match, the line said "press Space" and the buttons
    "Throw Space", "Menu Esc"."""
    from game.play.options import MatchOptions
    from game.play.session import Phase, Session
    from game.scenes.table.priority import PriorityScene
    app = controller_app(tmp_path)
    try:
        session = Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=3)
        assert session.phase is Phase.PRIORITY
        app.keeper.adopt(session)
        app.scenes.clear_to(PriorityScene(app))
        words = drawn(app)
        assert not [w for w in words if "Space" in w or w == "Esc"], words
        assert any("Press A or click to throw" in w for w in words), words
        assert "Start" in words and "A" in words, words
        scene = app.scenes.top
        scene.throw()
        for _ in range(200):
            app.frame(1 / 30)
            if scene.stage.name == "RESULT":
                break
        assert scene.stage.name == "RESULT" and scene._asks_to_play()
        assert "press A to play" in scene.prompt(), scene.prompt()
    finally:
        pygame.display.quit()


def test_the_history_panel_names_the_controllers_buttons(tmp_path):
    """Issue 38.14: the panel said "F2 or Esc closes - PageUp, PageDown scroll" to a controller."""
    from game.play.options import MatchOptions
    from game.play.session import Phase, Session
    from game.scenes.table.scene import TableScene
    app = controller_app(tmp_path)
    try:
        session = Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=3)
        session.phase, session.position = Phase.THROW, Position((0, 0, 3), (0, 0, 0), Side.WHITE)
        session.record = {"first": "W", "turns": []}
        app.keeper.adopt(session)
        scene = TableScene(app)
        app.scenes.clear_to(scene)
        app.frame(1 / 30)
        scene.toggle_history()
        words = " ".join(drawn(app))
        assert "Back or B closes - LB, RB scroll" in words, words
        assert "F2" not in words and "PageUp" not in words
    finally:
        pygame.display.quit()


# --- 15: one order for the dice, plain words ----------------------------------------------------
def test_the_readout_and_every_card_list_the_dice_in_one_order():
    """Issue 38.15: the readout showed 2, 3, 5 while the move card said "White - 3-5-2"."""
    from types import SimpleNamespace
    from game.scenes.table.cards import caption_words
    from game.scenes.table.draw import dice_order, dice_text
    from game.scenes.table.snapshot import Caption
    from game.play.options import MatchOptions
    from game.play.session import Session
    from game.rules import Move
    assert dice_text((3, 5, 2)) == "5-3-2" and dice_text((2, 4, 4)) == "4-4-2"
    assert [(3, 5, 2)[i] for i in dice_order((3, 5, 2))] == [5, 3, 2]
    session = Session.new(MatchOptions(rules="garanguet", opponent="computer"), seed=3)
    start = session.rules.start(Side.WHITE)
    move = session.rules.legal_moves(start, (3, 5, 2))[0]
    heading, _words = caption_words(session, Caption(Side.WHITE, start, (3, 5, 2), move, start))
    assert heading.startswith("White - 5-3-2:"), heading
    assert isinstance(move, Move) and SimpleNamespace


def test_the_readout_lists_the_dice_highest_first_with_their_marks(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 10, 11), (0, 0, 0), Side.WHITE), (2, 6))
    hud = scene.hud_state()
    assert hud.dice == (6, 2)
    marks = dict(zip(app.session.dice, scene.flow.dice_marks()))
    assert hud.marks == (marks[6], marks[2])


def test_a_one_step_move_taken_back_is_said_once():
    """Issue 38.15: "Taken back: 0-1, the last step of 0-1" for a move of one step."""
    from game.scenes.table.said import step_taken_back
    assert str(step_taken_back("0-1", "0-1")) == "Taken back: the move 0-1"
    assert str(step_taken_back("w-p", "x-r, w-p")) == "Taken back: w-p, the last step of x-r, w-p"


def test_after_the_priority_throw_the_throw_button_goes_on_as_the_line_says(screen):
    """Issue 38.15: the Throw button was greyed while the line said "press Space to play"."""
    from game.scenes.table.priority import PriorityScene
    from test_table import FakeApp
    from game.play.options import MatchOptions
    from game.play.session import Session
    session = Session.new(MatchOptions(rules="charpentier", length=3, opponent="human"), seed=7)
    app = FakeApp(session)
    app.show_match()
    app.scenes.apply_pending()
    scene = app.scenes.top
    assert isinstance(scene, PriorityScene)
    states = []
    scene.hud.draw = lambda surface, state: states.append(state)
    key(app, pygame.K_SPACE)
    for _ in range(100):
        pump(app, screen, 0.1)
        if scene.stage.name == "RESULT":
            break
    assert scene.stage.name == "RESULT" and "press Space to play" in scene.prompt()
    assert "throw" in states[-1].enabled


# --- 11: no notice covers another, nor the dice ------------------------------------------------
def notices(scene) -> dict:
    """Every notice drawn in the last frame, by name, with the dice."""
    drawn = {f"banner {i}": r for i, r in enumerate(scene.drawing.banner_rects)}
    drawn.update({f"card {name}": r for name, r in scene.cards.rects.items()})
    if scene.hints:
        drawn["hints"] = scene.drawing.hints_rect
    if scene.online.ribbon is not None:
        drawn["ribbon"] = scene.online.ribbon
    drawn.update({f"die {i}": r for i, r in enumerate(scene.drawing.dice_rects(scene.snapshot()))})
    return drawn


def overlaps(drawn: dict) -> list:
    names = list(drawn)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if not (a.startswith("die") and b.startswith("die")) and drawn[a].colliderect(drawn[b])]


def thrown(screen, rules, dice):
    """The person (White) throws `dice` at normal speed and asks for the hints once they rest."""
    from game.play.session import Dealt
    app = start(screen, rules=rules, opponent="computer", speed="normal")
    scene = table_at(app, screen, app.session.rules.start(Side.WHITE))
    app.session.next_throw = Dealt(tuple(dice), 5)
    key(app, pygame.K_SPACE)
    for _ in range(100):
        pump(app, screen, 0.05)
        if scene.stage is f.Stage.CHOOSE:
            break
    assert scene.stage is f.Stage.CHOOSE and app.session.dice == tuple(dice)
    return app, scene


def test_the_hints_never_cover_the_doublets_banners(screen):
    """Issue 38.11: Charpentier 1-1 then H, Garanguet 4-4-2 then H: the hints box covered
    "Bezas: the old name for a double 1 ..." and "Carmes ..."."""
    for rules, dice in (("charpentier", (1, 1)), ("garanguet", (4, 4, 2))):
        app, scene = thrown(screen, rules, dice)
        key(app, pygame.K_h)
        pump(app, screen)
        assert scene.hints and len(scene.drawing.banner_rects) == 2, [str(b.text) for b in scene.banners]
        assert overlaps(notices(scene)) == [], (rules, notices(scene))


@pytest.mark.slow(seconds=3)
@pytest.mark.parametrize("seed", [7])
def test_two_computers_playing_garanguet_pile_no_notice_on_another_nor_on_the_dice(seed):
    """Issue 38.11: in attract mode "Carmes!", the move card and the rule card piled up over the
    dice. Two computers play Garanguet at normal speed: at every frame, every notice is clear of
    the others and of the dice, until a doublet's notices have come and gone."""
    from game.play.options import MatchOptions
    from game.play.session import Session
    from test_table import FakeApp, PriorityScene, through_priority
    surface = pygame.Surface((960, 600))
    session = Session.new(MatchOptions(rules="garanguet", length=1, opponent="computer", autoplay=True), seed=seed)
    app = FakeApp(session, "normal")
    app.show_match()
    app.scenes.apply_pending()
    if isinstance(app.scenes.top, PriorityScene):
        through_priority(app, surface)
    scene = app.scenes.top
    seen = 0
    for _ in play_frames(700, lambda: app.scenes.top):
        if scene.stage is f.Stage.OVER or app.scenes.top is not scene:
            break
        pump(app, surface, 0.05)
        drawn = notices(scene)
        assert overlaps(drawn) == [], ([str(b.text) for b in scene.banners], drawn)
        seen += len(scene.drawing.banner_rects) == 2
        if seen and not scene.drawing.banner_rects:
            break                              # a doublet's notices came and went
    assert seen > 0


class Relay:
    """A link to the friend's game whose relay does not answer (nothing arrives)."""
    waiting = False
    watchers = 0

    def poll(self):
        return []


def test_the_relays_notice_and_the_rule_card_keep_off_each_other(screen):
    """Issue 38.11: a resumed online game waiting for its relay: the rule card covered "No relay
    answers at that address yet ..." for about 3 s."""
    from game.online.events import ConnectionLost
    app, scene = thrown(screen, "garanguet", (4, 4, 2))
    scene.online.link = Relay()
    scene.online.handlers[ConnectionLost](ConnectionLost())
    for _ in range(20):
        pump(app, screen, 0.1)
        drawn = notices(scene)
        assert "ribbon" in drawn and overlaps(drawn) == [], drawn


def test_the_pips_are_said_in_french_on_the_board_and_in_the_hints(screen):
    """Issue 38.8: "pips" was left in English on the French board and in the hints."""
    from test_table import drawn_texts
    app, scene = thrown(screen, "garanguet", (4, 4, 2))
    key(app, pygame.K_h)
    pump(app, screen)
    english = " ".join(w for w, _rect in drawn_texts(app, screen, "en"))
    french = " ".join(w for w, _rect in drawn_texts(app, screen, "fr"))
    assert "pips" in english and "Pips:" in english
    assert "pips" not in french.lower(), french
    assert "à parcourir" in french and "À parcourir" in french


def test_the_controllers_buttons_keep_their_printed_names_in_french(tmp_path):
    """The History button said "Retour" (the French of "Back") for the controller's Back button,
    which the history panel calls "Back"."""
    from game.base import i18n
    from game.play.options import MatchOptions
    from game.play.session import Phase, Session
    from game.scenes.table.scene import TableScene
    app = controller_app(tmp_path)
    try:
        app.update_settings({"language": "fr"})
        i18n.set_language("fr")
        session = Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=3)
        session.phase, session.position = Phase.THROW, Position((0, 0, 3), (0, 0, 0), Side.WHITE)
        session.record = {"first": "W", "turns": []}
        app.keeper.adopt(session)
        app.scenes.clear_to(TableScene(app))
        words = drawn(app)
        assert "Back" in words and "Start" in words and "Retour" not in words, words
    finally:
        i18n.set_language("en")
        pygame.display.quit()


def test_the_friend_elsewhere_is_named_on_their_plate_when_their_game_gave_a_name(screen):
    """Issue 37.3 (online's request): the link's names() ({"W": ..., "B": ...}) name the friend."""
    from game.play.options import MatchOptions
    from game.play.session import Session
    from game.scenes.table.draw import seat_words
    from types import SimpleNamespace
    session = Session.new(MatchOptions(rules="charpentier", opponent="online", human_side=Side.WHITE), seed=3)
    link = SimpleNamespace(names=lambda: {"W": "Me", "B": "Ada"})
    host = SimpleNamespace(keeper=SimpleNamespace(online=link))
    assert str(seat_words(host, session, Side.BLACK)) == "Ada (Black)"
    assert str(seat_words(host, session, Side.WHITE)) == "You (White)"
    link.names = lambda: {"W": "Me", "B": None}
    assert str(seat_words(host, session, Side.BLACK)) == "Your friend (Black)"
    offline = Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=3)
    assert str(seat_words(host, offline, Side.BLACK)) == "The computer (Black)"


def tall_stacks(rng) -> "Position":
    """A Garanguet position with two stacks of ten facing each other across the middle, or
    beside each other by the bar, and the other checkers in fives elsewhere."""
    from game.geometry import garanguet as gg
    from game.rules import Position

    def write(stacks):
        return ",".join(f"{loc}*{n}" for loc, n in sorted(stacks.items()))
    column = rng.randrange(12)                 # a..l below, x..m above: the same column
    below, above = column, 23 - column
    white = {gg.location(Side.WHITE, rng.choice((below, above))): 10}
    black = {gg.location(Side.BLACK, above if gg.letter(Side.WHITE, next(iter(white))) == below else below): 10}
    for stacks, side in ((white, Side.WHITE), (black, Side.BLACK)):
        taken = {gg.letter(s, loc) for s, d in ((Side.WHITE, white), (Side.BLACK, black)) for loc in d}
        point = rng.choice([p for p in range(24) if p not in taken])
        stacks[gg.location(side, point)] = 5
    return Position.parse(f"{write(white)}/{write(black)}/W")


def test_a_banner_with_no_room_beside_tall_stacks_still_covers_no_checker():
    """Issue 38.11, left: tall stacks facing each other across the middle, a doublet's name and
    its note: at full size every place covered a checker. A smaller form, in the strip between
    the rows that no stack reaches, always exists."""
    import random
    from game.scenes.table.places import checker_rects, field_of
    from game.view.animation import Banner
    from game.view.board_view import draw_banners
    from game.view.garanguet_board import GaranguetBoardView
    from game.view.layout import ui_scale
    surface = pygame.Surface((960, 600))
    view = GaranguetBoardView()
    view.fit(pygame.Rect(8, 52, 944, 484))
    rng = random.Random(38)
    for _ in range(12):
        position = tall_stacks(rng)
        banners = [Banner("Carmes", hold=3, size="large"),
                   Banner("Carmes: the old name for a double 4, played twice", hold=3, size="medium", pop=False)]
        for banner in banners:
            banner.result = False
            banner.update(1.0)
        checkers = checker_rects(view, position)
        drawn = draw_banners(surface, view, ui_scale((960, 600)), banners, shun=checkers, within=field_of(view))
        assert len(drawn) == 2 and not drawn[0].colliderect(drawn[1])
        assert [r for r in drawn if r.collidelist(checkers) >= 0] == [], (str(position), drawn)
        assert all(field_of(view).contains(r) for r in drawn)
