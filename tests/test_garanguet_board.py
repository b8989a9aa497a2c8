"""The Garanguet board: where its points, stacks and trays are, what a click hits, and that the
picture carries its letters, counts and glows at the smallest window and at 4K."""
import math
import time

import pygame
import pytest

from game.geometry import garanguet as gg
from game.geometry import tablier as g
from game.play.session import Phase
from game.rules import GARANGUET, Position, Side, Step
from game.view import assets, garanguet_board as gb
from game.view.layout import px, ui_scale


@pytest.fixture(autouse=True)
def english():
    """These tests read the table's words in English, whatever the machine's language."""
    from game.base import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")

W, B = Side.WHITE, Side.BLACK
SIDES = tuple(Side)
START = Position.parse("1*15/1*15/B")
MIDDLE = Position.parse("1*2,2*2,3,4,20*9/1*4,7*2,8*2,9,10,11,12,15*3/W")
BEAROFF = Position.parse("20*4,21*3,23*2,24*2,off*4/19*2,20*3,22*2,24*3,off*5/B")
OFF_ALL = (gg.OFF,) * 15


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()
    yield


def board_area(size):
    """The area the table scene leaves the board, between its bars (as the table's HUD lays it out)."""
    w, h = size
    s = ui_scale(size)
    return pygame.Rect(0, px(62, s), w, h - px(62, s) - px(70, s)).inflate(-px(16, s), -px(10, s))


def inside(rect, x, y, r=0.0):
    return rect.x <= x - r and x + r <= rect.x + rect.w and rect.y <= y - r and y + r <= rect.y + rect.h


# -- geometry -------------------------------------------------------------------------------
def test_paths_run_opposite_ways_over_the_same_points():
    """Black's point p is White's 25 - p (G-9's quadrants: Black s..x, White f..a)."""
    for p in range(1, 25):
        assert gg.letter(B, p) == gg.letter(W, 25 - p)
        for side in SIDES:
            assert gg.location(side, gg.letter(side, p)) == p
    assert [gg.LETTERS[gg.letter(B, p)] for p in (1, 12, 13, 19, 24)] == list("almsx")
    assert [gg.LETTERS[gg.letter(W, p)] for p in (1, 12, 13, 19, 24)] == list("xmlfa")
    assert [GARANGUET.point_name(W, p) for p in (1, 24, 25)] == ["x", "a", "off"]
    assert [GARANGUET.point_name(B, p) for p in (1, 24, 25)] == ["a", "x", "off"]


def test_a_faces_x_and_l_faces_m():
    for low, high in ((0, 23), (11, 12)):
        assert gg.point_x(low) == gg.point_x(high)
        assert not gg.is_top(low) and gg.is_top(high)


def test_every_point_centre_is_on_the_field_and_distinct():
    for side in SIDES:
        centres = [gg.checker_centre(side, p, 0) for p in range(1, 25)]
        assert len(set(centres)) == 24
        field = g.Rect(g.FIELD_LEFT, g.FIELD_TOP, g.FIELD_RIGHT - g.FIELD_LEFT, g.FIELD_BOTTOM - g.FIELD_TOP)
        for x, y in centres:
            assert inside(field, x, y, g.CHECKER_R)
            assert not g.BAR.contains(x, y)


def test_hit_testing_inverts_every_checker_place_for_both_sides():
    for side in SIDES:
        for p in range(1, 25):
            for count in (1, 6, 15):
                for index in range(count):
                    assert gg.location_at(side, *gg.checker_centre(side, p, index, count)) == p
            # anywhere on the point's column, its letter on the rail included
            area = gg.point_area(gg.letter(side, p))
            assert gg.location_at(side, area.x + 2, area.y + 2) == p
            assert gg.location_at(side, area.x + area.w - 2, area.y + area.h - 2) == p
            assert gg.location_at(side, *gg.letter_centre(gg.letter(side, p))) == p
        for index in range(15):
            assert gg.location_at(side, *gg.checker_centre(side, gg.OFF, index, 15)) == gg.OFF


def test_a_tray_belongs_to_its_side_only():
    for side in SIDES:
        other = side.other
        tray = gg.tray_rect(side)
        centre = (tray.x + tray.w / 2, tray.y + tray.h / 2)
        assert gg.tray_at(*centre) == side
        assert gg.location_at(side, *centre) == gg.OFF
        assert gg.location_at(other, *centre) is None


def test_nothing_is_hit_off_the_points():
    for spot in ((g.BOARD_W / 2, 100), (g.BOARD_W / 2, 500), (g.RAIL / 2, 300), (g.BOARD_W + 40, 300),
                 (g.FIELD_RIGHT + 10, 100), (-200, 300)):
        assert gg.point_at(*spot) is None
        for side in SIDES:
            assert gg.location_at(side, *spot) is None


def test_fifteen_stack_stays_inside_its_point_and_apart_from_the_facing_stack():
    for side in SIDES:
        for p in range(1, 25):
            point = gg.letter(side, p)
            area = gg.point_area(point)
            for index in range(15):
                x, y = gg.checker_centre(side, p, index, 15)
                assert inside(area, x, y, g.CHECKER_R)
                assert g.FIELD_TOP <= y - g.CHECKER_R and y + g.CHECKER_R <= g.FIELD_BOTTOM
            facing = gg.location(side, 23 - point)        # the point across the board
            gap = math.dist(gg.checker_centre(side, facing, 14, 15), gg.checker_centre(side, p, 14, 15))
            assert gap >= 2 * g.CHECKER_R


def test_stacks_overlap_only_when_tall():
    """Up to FULL checkers keep Tourne Case's spacing (each one's face mostly showing); taller
    stacks close up evenly."""
    assert gg.FULL >= 5
    full = [gg.checker_centre(B, 1, i, gg.FULL) for i in range(gg.FULL)]
    assert gg.STEP >= g.CHECKER_R
    assert all(math.dist(a, b) == pytest.approx(gg.STEP) for a, b in zip(full, full[1:]))
    tall = [gg.checker_centre(B, 1, i, 15) for i in range(15)]
    gaps = [math.dist(a, b) for a, b in zip(tall, tall[1:])]
    assert 8 < min(gaps) == pytest.approx(max(gaps)) and max(gaps) < gg.STEP


def test_fifteen_borne_off_fit_in_the_tray_clear_of_its_caption():
    for side in SIDES:
        tray = gg.tray_rect(side)
        assert tray.x + tray.w < 0                      # outside the frame, where no die rolls
        for index in range(15):
            x, y = gg.checker_centre(side, gg.OFF, index, 15)
            assert inside(tray, x, y, g.CHECKER_R)
            caption_y = tray.y + tray.h - gg.TRAY_CAPTION if side is B else tray.y + gg.TRAY_CAPTION
            assert (y + g.CHECKER_R <= caption_y) if side is B else (y - g.CHECKER_R >= caption_y)
    assert gg.tray_rect(B).y + gg.tray_rect(B).h < gg.tray_rect(W).y


def test_pips():
    assert gg.pips(START.white) == gg.pips(START.black) == 360
    assert gg.pips(BEAROFF.black) == 2 * 6 + 3 * 5 + 2 * 3 + 3 * 1
    assert gg.pips((gg.OFF,) * 15) == 0


def test_bad_locations_are_refused_with_a_message():
    with pytest.raises(ValueError, match="1..24"):
        gg.letter(B, 25)
    with pytest.raises(ValueError, match="side"):
        gg.letter("X", 3)


# -- landing and flight ---------------------------------------------------------------------
def test_a_landing_checker_goes_on_top_of_the_stack():
    for side in SIDES:
        own = START.checkers(side)
        spot = gb.landing_centre(START, side, 1)
        assert spot == gg.checker_centre(side, 1, len(own), len(own) + 1)
        assert gg.location_at(side, *spot) is None or gg.location_at(side, *spot) == 1
        assert gb.landing_centre(BEAROFF, side, gg.OFF) == gg.checker_centre(
            side, gg.OFF, BEAROFF.checkers(side).count(gg.OFF), BEAROFF.checkers(side).count(gg.OFF) + 1)


def test_a_flight_passes_each_point_round_the_end_of_the_board():
    path = gb.along_points(B, 10, 15, (0, 0), (1, 1))
    assert [gg.location_at(B, *spot) for spot in path[1:-1]] == [11, 12, 13, 14]
    off = gb.along_points(W, 22, gg.OFF, (0, 0), (1, 1))
    assert [gg.location_at(W, *spot) for spot in off[1:-1]] == [23, 24]


def test_slots_place_every_checker_once():
    found = gb.slots(MIDDLE)
    assert len(found) == 30
    assert len({(s, loc, i) for s, loc, i, _ in found}) == 30
    for side, loc, index, centre in found:
        assert gg.location_at(side, *centre) == loc


# -- labels ---------------------------------------------------------------------------------
def test_counts_on_tall_stacks_trays_and_pips():
    def texts(position, skip=frozenset()):
        return {(lab.what, str(lab.side), str(lab.text)) for lab in gb.labels(position, skip)}
    assert texts(START) == {("count", "W", "15"), ("count", "B", "15"), ("tray", "W", "0 off"),
                            ("tray", "B", "0 off"), ("pips", "W", "360"), ("pips", "B", "360"),
                            ("caption", "W", "pips"), ("caption", "B", "pips")}
    middle = texts(MIDDLE)
    assert ("count", "W", "9") in middle
    assert not any(what == "count" and side == "B" for what, side, _ in middle)   # none of six or more
    bearoff = texts(BEAROFF)
    assert {("tray", "W", "4 off"), ("tray", "B", "5 off"), ("pips", "B", "36"), ("pips", "W", "38")} <= bearoff
    from game.base import i18n
    from game.base.i18n import shown
    i18n.set_language("fr")       # French counts 0 and 1 in the singular: "0 sortie", "4 sorties"
    try:
        trays = {str(shown(lab.text)) for position in (START, BEAROFF)
                 for lab in gb.labels(position) if lab.what == "tray"}
    finally:
        i18n.set_language("en")
    assert trays == {"0 sortie", "4 sorties", "5 sorties"}
    # a checker in flight is not counted where it is not drawn
    assert ("count", "W", "14") in texts(START, {(W, 1, 14)})


# -- the picture ----------------------------------------------------------------------------
SIZES = [(960, 600), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES)
def test_the_view_fits_the_area_and_click_inverts_drawing(size):
    view = gb.GaranguetBoardView()
    area = board_area(size)
    view.fit(area)
    assert area.contains(view.view_rect())
    assert view.board_rect().w > 0.75 * view.view_rect().w
    for side in SIDES:
        for loc in [*range(1, 25), gg.OFF]:
            x, y = view.to_screen(*gg.checker_centre(side, loc, 3, 8))
            assert gg.location_at(side, *view.to_board(x, y)) == loc


@pytest.mark.parametrize("size", SIZES)
def test_letters_are_stamped_and_readable(size):
    view = gb.GaranguetBoardView()
    view.fit(board_area(size))
    surface = pygame.Surface(size)
    view.draw_board(surface)
    font_px = gb.letter_size(view.scale)
    tallest = 0
    for point, name in enumerate(gg.LETTERS):
        x, y = view.to_screen(*gg.letter_centre(point))
        half = view.length(g.POINT_W * 0.3)
        gilt = 0
        for dx in range(-half, half):
            for dy in range(-view.length(g.RAIL / 2), view.length(g.RAIL / 2)):
                r, gr, b, *_ = surface.get_at((round(x) + dx, round(y) + dy))
                gilt += r > 200 and gr > 170 and b > 110 and r - b > 50
        assert gilt > font_px, f"no letter {name!r} on the rail"
        glyph = assets.font(font_px, "sans").render(name, True, (255, 255, 255)).get_bounding_rect()
        tallest = max(tallest, glyph.h)
        assert glyph.h >= 0.45 * g.RAIL * view.scale         # even an x-high letter fills half the rail
    if size == (960, 600):
        assert tallest >= 14 and min(
            assets.font(font_px, "sans").render(c, True, (255, 255, 255)).get_bounding_rect().h
            for c in "acemnorsuvwxz" if c in gg.LETTERS) >= 13


def test_glow_lights_the_point_or_the_tray_and_nothing_else():
    size = (960, 600)
    view = gb.GaranguetBoardView()
    view.fit(board_area(size))
    plain = pygame.Surface(size)
    view.draw_board(plain)
    for side, loc in ((B, 6), (W, 6), (B, gg.OFF), (W, gg.OFF)):
        lit = plain.copy()
        view.point_glow(lit, side, loc, alpha=120)
        if loc == gg.OFF:
            tray = gg.tray_rect(side)
            spot = (tray.x + tray.w / 2, tray.y + tray.h / 2)
        else:
            spot = gg.checker_centre(side, loc, 1)
        elsewhere = gg.checker_centre(side.other, 6, 1)
        at = [round(c) for c in view.to_screen(*spot)]
        away = [round(c) for c in view.to_screen(*elsewhere)]
        assert lit.get_at(at) != plain.get_at(at)
        assert lit.get_at(away) == plain.get_at(away)


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_position_draws_its_checkers_and_counts(size):
    view = gb.GaranguetBoardView()
    view.fit(board_area(size))
    board = pygame.Surface(size)
    view.draw_board(board)
    drawn = board.copy()
    view.draw_position(drawn, BEAROFF)
    for side, loc, _, centre in gb.slots(BEAROFF):
        at = [round(c) for c in view.to_screen(*centre)]
        assert drawn.get_at(at) != board.get_at(at)
    for label in gb.labels(BEAROFF):
        if label.what != "count":
            at = view.to_screen(label.x, label.y)
            box = pygame.Rect(0, 0, view.length(label.size) * 2, view.length(label.size)).move(
                round(at[0]) - view.length(label.size), round(at[1]) - view.length(label.size) // 2)
            assert any(drawn.get_at((x, y)) != board.get_at((x, y))
                       for x in range(box.left, box.right) for y in range(box.top, box.bottom, 2))


def test_the_table_can_find_legal_destinations_on_the_picture():
    """Every legal first step of a bearing-off throw lands where a click on it comes back to it."""
    side = BEAROFF.to_move
    steps = GARANGUET.next_steps(BEAROFF, (6, 5, 1))
    assert gg.OFF in {s.destination for s in steps}
    for step in steps:
        assert gg.location_at(side, *gb.landing_centre(BEAROFF, side, step.destination)) == step.destination


def test_the_lettered_rails_follow_a_big_board_sharpened_after_its_preview():
    """At 4K the shared board first comes as a preview and is sharpened in place: the rails
    drawn over it are made again from the sharp board, so no blurred strip stays on top."""
    from game.view.board_art import render_board, wait_for_boards
    size = (3840, 2160)
    wait_for_boards()
    render_board.cache_clear()                          # a board drawn afresh: a preview first
    view = gb.GaranguetBoardView()
    view.fit(board_area(size))
    surface = pygame.Surface(size)
    view.draw_board(surface)
    wait_for_boards()
    view.draw_board(surface)
    rect = view.board_rect()
    board = render_board(rect.w, rect.h)
    for column in (1, 4, 9, 12):                        # between two letters: rail untouched
        x = g.point_x(column) - g.POINT_W / 2 + 1
        for y in (g.RAIL * 0.3, g.RAIL * 0.7, g.BOARD_H - g.RAIL * 0.5):
            sx, sy = (round(c) for c in view.to_screen(x, y))
            assert surface.get_at((sx, sy)) == board.get_at((sx - rect.x, sy - rect.y))


# -- the table's board interface --------------------------------------------------------------
def test_a_click_means_a_checker_to_pick_or_a_point_to_play_to():
    view = gb.GaranguetBoardView()
    for index in (0, 7, 14):
        assert view.area_at(START, B, *gg.checker_centre(B, 1, index, 15)) == ("checker", 1)
        assert view.area_at(START, W, *gg.checker_centre(W, 1, index, 15)) == ("checker", 1)
    d = gg.point_area(gg.LETTERS.index("d"))
    assert view.area_at(START, B, d.x + d.w / 2, d.y + d.h / 2, lit=(4,)) == ("point", 4)
    assert view.area_at(START, B, *gg.checker_centre(W, 1, 0)) == ("point", 24)   # White's x
    assert view.area_at(START, B, *gg.checker_centre(B, 1, 0), lit=(1,)) == ("point", 1)
    black_tray, white_tray = gg.tray_rect(B), gg.tray_rect(W)
    assert view.area_at(BEAROFF, B, black_tray.x + 5, black_tray.y + 5, lit=(25,)) == ("point", 25)
    assert view.area_at(BEAROFF, B, white_tray.x + 5, white_tray.y + 5, lit=(25,)) is None
    assert view.area_at(START, W, g.BOARD_W / 2, g.BOARD_H / 2) is None


def test_the_top_checker_is_found_without_a_count():
    """The table asks for the top checker of a stack (index = count - 1) or its base."""
    view = gb.GaranguetBoardView()
    for count in (1, 5, 9, 15):
        assert view.checker_centre(W, 7, count - 1) == gg.checker_centre(W, 7, count - 1, count)
    assert view.checker_centre(B, 3, 0) == gg.checker_centre(B, 3, 0, 15)


def test_a_panel_goes_to_the_half_away_from_a_location():
    view = gb.GaranguetBoardView()
    for side in SIDES:
        for loc in range(1, 25):
            x = gg.point_x(gg.letter(side, loc))
            assert (view.away_from(loc) > g.BAR_RIGHT) == (x < g.BAR_LEFT)
    assert view.away_from(gg.OFF) > g.BAR_RIGHT                 # the trays are on the left
    assert g.BAR.contains(*view.centre())


def test_a_checker_flying_to_the_tray_is_counted_once_it_lands():
    off = BEAROFF.black.count(gg.OFF)
    landing = (B, gg.OFF, off - 1)
    captions = {str(lab.side): str(lab.text) for lab in gb.labels(BEAROFF, {landing}) if lab.what == "tray"}
    assert captions == {"B": f"{off - 1} off", "W": f"{BEAROFF.white.count(gg.OFF)} off"}


@pytest.mark.parametrize("area", [(0, 0, 1, 1), (0, 0, 60, 40), (5, 5, 3000, 300)])
def test_a_squeezed_or_odd_window_still_draws(area):
    view = gb.GaranguetBoardView()
    view.fit(pygame.Rect(area))
    surface = pygame.Surface((400, 400))
    view.draw_board(surface)
    view.draw_position(surface, MIDDLE)
    view.point_glow(surface, B, gg.OFF)
    assert pygame.Rect(area).contains(view.view_rect()) or view.view_rect().w <= 1 + area[2]


# -- on the table ---------------------------------------------------------------------------
def test_the_board_has_every_member_of_the_tables_board_interface():
    import inspect

    from game.view import board_view
    members = [n for n in vars(board_view.Board) if not n.startswith("_")]
    assert {"fit", "slots", "area_at", "point_glow"} <= set(members)
    view = gb.GaranguetBoardView()
    for name in members:
        assert hasattr(view, name), name
        wanted = getattr(board_view.Board, name)
        if callable(wanted):
            asked = list(inspect.signature(wanted).parameters)[1:]
            given = inspect.signature(getattr(view, name)).parameters
            assert list(given)[:len(asked)] == asked, name
            assert all(p.default is not p.empty for p in list(given.values())[len(asked):]), name


@pytest.fixture
def table():
    """The real table scene with Garanguet on this board (helpers from the table's own tests)."""
    import test_table

    screen = pygame.Surface((960, 600))
    return test_table, screen


def test_on_the_table_a_click_picks_a_stack_and_a_click_on_the_tray_bears_off(table):
    tt, screen = table
    app = tt.start(screen, rules="garanguet", opponent="human")
    scene = tt.table_at(app, screen, BEAROFF, (6, 5, 1))
    assert isinstance(scene.view, gb.GaranguetBoardView) and scene.stage == "choose"
    bottom = gg.checker_centre(B, 19, 0, 2)                 # any checker of the stack picks it
    tt.click(app, tt.screen_pos(scene, bottom))
    assert scene.choice.selected == 19
    assert gg.OFF in scene.choice.destinations
    tray = gg.tray_rect(B)
    tt.click(app, tt.screen_pos(scene, (tray.x + tray.w / 2, tray.y + tray.h / 2)))
    tt.pump(app, screen, 0.3)
    assert scene.choice.played[:1] == (Step(19, gg.OFF),)
    assert scene.shown.black.count(gg.OFF) == BEAROFF.black.count(gg.OFF) + 1


def test_on_the_table_a_whole_game_is_played_to_its_end(table):
    tt, screen = table
    app = tt.start(screen, rules="garanguet")
    tt.through_priority(app, screen)
    for _ in range(3000):
        if app.session.phase is Phase.GAME_OVER:
            break
        scene = app.scenes.top
        if scene.stage == "throw" and not app.session.is_computer(app.session.to_move):
            tt.key(app, pygame.K_SPACE)
        elif scene.stage == "choose":
            tt.key(app, pygame.K_RETURN)
        elif scene.stage == "think":   # the computer's thread thinks while the table waits:
            deadline = time.monotonic() + 120       # nothing new to draw until its move comes
            while scene.stage == "think" and time.monotonic() < deadline:
                time.sleep(0.005)
                tt.pump(app, screen, 0.1, draw=False)
        tt.pump(app, screen, 0.1)
    assert app.session.phase is Phase.GAME_OVER
    assert OFF_ALL in (app.session.position.white, app.session.position.black)
