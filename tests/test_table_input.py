"""The step-by-step turn composer behind the table's mouse and keyboard input (no window)."""
from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, RULES, Position, Side, Step
from game.rules.turn import Chooser

def test_charpentier_offers_only_the_lower_die():
    chooser = Chooser(CHARPENTIER, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (6, 2))
    assert chooser.origins() == [0, 3]
    assert chooser.destinations() == []          # nothing picked yet
    assert chooser.pick(3) and chooser.destinations() == [5]
    assert chooser.step_to(7) is None             # the 6 does not count (TC-1)
    assert chooser.step_to(5) == Step(3, 5)
    assert chooser.complete and chooser.shown().white == (0, 0, 5)


def test_a_checker_with_no_legal_move_cannot_be_picked():
    chooser = Chooser(CHARPENTIER, Position((0, 1, 3), (0, 0, 0), Side.WHITE), (2, 2))
    assert 0 not in chooser.origins()             # would pass its own checker on 1 (TC-4)
    assert not chooser.pick(0) and chooser.selected is None


def test_compulsory_reentry_offers_only_the_waiting_checker():
    chooser = Chooser(CHARPENTIER_REENTRY, Position((-1, 4, 7), (0, 0, 0), Side.WHITE), (3, 5))
    assert chooser.origins() == [-1]
    assert chooser.pick(-1) and chooser.destinations() == [3]


def test_bell_plays_two_steps_with_the_stop_shown_and_taken_back():
    chooser = Chooser(BELL, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (4, 2))
    chooser.pick(0)
    assert chooser.destinations() == [2, 4, 6]   # 6 by the sum, through 2 or 4 (issue 31)
    chooser.step_to(2)
    assert not chooser.complete and chooser.shown().white == (0, 0, 2)
    assert chooser.shown().to_move is Side.WHITE
    assert Step(2, 6) in chooser.steps()          # the same checker may take the other number
    assert chooser.take_back() == Step(0, 2)
    assert chooser.played == () and chooser.shown().white == (0, 0, 0)


def test_touch_move_holds_the_picked_checker_and_refuses_take_back():
    chooser = Chooser(CHARPENTIER, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (2, 2), touch_move=True)
    assert chooser.pick(0)
    assert not chooser.pick(3) and not chooser.drop() and chooser.selected == 0
    chooser.step_to(2)
    assert chooser.take_back() is None and chooser.played == (Step(0, 2),)


def test_the_keyboard_cycles_and_activates_options():
    chooser = Chooser(CHARPENTIER, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (6, 2))
    chooser.move_cursor(1)
    assert chooser.options()[chooser.cursor] == 3
    chooser.move_cursor(1)
    assert chooser.options()[chooser.cursor] == 0  # wraps round
    assert chooser.activate(1) is None and chooser.selected == 3
    assert chooser.activate() == Step(3, 5)
    assert chooser.activate(5) is None             # out of range: nothing happens


# --- keys that name a point (issue 13: the point with that number, not the Nth option) ---------
from game.geometry import garanguet as gg  # noqa: E402
from game.rules.core import BAR  # noqa: E402
from game.scenes.table.keys import SECOND_DIGIT, PointKeys, typed_name  # noqa: E402

W = Side.WHITE


def point_name(rules_name: str, side: Side, location: int) -> str | None:
    """What is typed for a location: the rule set's name of it, where it names a point."""
    return typed_name(RULES[rules_name], side, location)


def location_named(rules_name: str, side: Side, name: str) -> int | None:
    """The location the rule set reads a name as (Rules.point_at)."""
    return RULES[rules_name].point_at(side, name)


def test_tourne_case_points_are_typed_by_their_numbers():
    for side in Side:
        for location in range(1, 13):
            assert point_name("charpentier", side, location) == str(location)
            assert location_named("charpentier", side, str(location)) == location
        assert location_named("bell", side, "b") == BAR and point_name("bell", side, BAR) == "b"
        assert point_name("charpentier", side, 0) is None        # not entered: no point
    for nothing in ("0", "13", "01", "x", ""):
        assert location_named("charpentier", W, nothing) is None


def test_garanguet_points_are_typed_by_the_boards_own_letters():
    for side in Side:
        for location in range(1, 25):
            name = point_name("garanguet", side, location)
            assert name == gg.LETTERS[gg.letter(side, location)]   # what the rails are stamped with
            assert location_named("garanguet", side, name) == location
        assert point_name("garanguet", side, gg.OFF) is None
    assert location_named("garanguet", Side.BLACK, "a") == 1 and location_named("garanguet", W, "a") == 24
    assert location_named("garanguet", W, "y") is None and location_named("garanguet", W, "3") is None


def test_a_one_waits_for_a_second_digit_only_when_ten_to_twelve_could_be_meant():
    keys = PointKeys(RULES["charpentier"])
    assert keys.type("1", W, [1, 3, 5]) == 1                  # nothing longer wanted: at once
    assert keys.type("1", W, [1, 11]) is None and keys.typed == "1"
    assert keys.type("1", W, [1, 11]) == 11
    assert keys.type("1", W, [1, 12]) is None
    assert keys.tick(SECOND_DIGIT / 2, W) is None
    assert keys.tick(SECOND_DIGIT, W) == 1 and keys.typed == ""
    assert keys.type("7", W, [1, 12]) == 7
