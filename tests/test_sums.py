"""A checker moved by the sum (issue 31, item 2): picking a checker and then a point it reaches
with two or more numbers of the throw plays it through the intermediate points, each step as
the rules allow it (G-3, TB-1, TC-3, TC-4); a point no sum reaches, or one whose stops are
closed, is refused in the rules' own words; the hints write each move as it is entered."""
import random

import pytest

from game.base import i18n
from game.computer.hint import hints_as_entered
from game.computer.player import hints_for
from game.play.events import StepPlayed
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import BELL, CHARPENTIER, GARANGUET, Move, Position, Side, Step
from game.rules.refusals import MoveRefused, why_not
from game.rules.turn import Chooser, as_entered, say_as_entered


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def flow_at(rules: str, position: str, dice) -> GameFlow:
    """A play flow whose game is at `position` with `dice` thrown, a person to choose."""
    session = Session.new(MatchOptions(rules=rules, length=1, opponent="human"), seed=1)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    session.phase, session.position, session.dice = Phase.MOVE, Position.parse(position), tuple(dice)
    session.record = {"first": "W", "turns": []}
    flow = GameFlow(session, lambda: None)
    flow.start()
    flow.proceed()                                     # the dice lie still: the person chooses
    assert flow.stage is Stage.CHOOSE
    return flow


def landed(flow: GameFlow) -> list:
    events = []
    while flow.stage is Stage.MOVING:
        events += flow.proceed()
    return events


def path(events) -> list:
    """The points a person's checker was shown going through, step by step."""
    steps = [e.step for e in events if isinstance(e, StepPlayed)]
    assert all(a.destination == b.origin for a, b in zip(steps, steps[1:])), steps
    return [steps[0].origin] + [s.destination for s in steps]


# --- Garanguet --------------------------------------------------------------------------------------
def test_garanguet_w_then_p_plays_the_checker_through_its_stop():
    """The issue's case: 3 and 4 left, White picks w and then p (7 points on)."""
    flow = flow_at("garanguet", "1*14,2/1*15/W", (6, 4, 3))
    flow.pick(1)
    flow.drop(7)                                       # x to r with the 6
    landed(flow)
    w, p = GARANGUET.point_at(Side.WHITE, "w"), GARANGUET.point_at(Side.WHITE, "p")
    assert flow.pick(w) and p in flow.chooser.destinations()
    events = flow.drop(p)
    assert not any(isinstance(e, MoveRefused) for e in events), events
    assert len(flow.chooser.played) == 3 and flow.chooser.played[0] == Step(1, 7)
    assert flow.chooser.played[1].origin == w and flow.chooser.played[2].destination == p
    events += landed(flow)
    assert path(events)[0] == w and path(events)[-1] == p and len(path(events)) in (2, 3)
    assert flow.session.position.white.count(p) == 1 and w not in flow.session.position.white


def test_between_two_people_u_at_the_others_throw_takes_back_the_whole_sum():
    """The move ended, the other player to throw: U takes back the last pick-and-drop whole,
    a sum's stops with it - the checker goes back to w, it is not left on its stop."""
    flow = flow_at("garanguet", "1*14,2/1*15/W", (6, 4, 3))
    w, p = GARANGUET.point_at(Side.WHITE, "w"), GARANGUET.point_at(Side.WHITE, "p")
    flow.pick(1)
    flow.drop(7)
    landed(flow)
    flow.pick(w)
    flow.drop(p)
    landed(flow)
    assert flow.stage is Stage.THROW and flow.to_move is Side.BLACK
    flow.undo()
    assert flow.stage is Stage.CHOOSE and flow.to_move is Side.WHITE
    assert flow.chooser.played == (Step(1, 7),)
    assert w in flow.shown.white and p not in flow.shown.white


def test_garanguet_sum_through_closed_stops_is_refused_naming_the_stop():
    # Black holds White's s and t: w to p by 3 + 4 would stop on one of them (G-3)
    flow = flow_at("garanguet", "1*14,2/1*13,19,20/W", (6, 4, 3))
    w, p = 2, 9
    flow.pick(w)
    assert p not in flow.chooser.destinations()
    refused = [e for e in flow.drop(p) if isinstance(e, MoveRefused)]
    assert len(refused) == 1 and refused[0].rule == "G-3" and refused[0].what == "2-9"
    assert refused[0].reason.fields["point"] in (5, 6)            # t or s, the stop
    assert flow.chooser.played == ()
    flow.pick(w)
    unreachable = [e for e in flow.drop(10) if isinstance(e, MoveRefused)]   # 8: no sum of 6, 4, 3
    assert unreachable[0].rule == "G-2" and unreachable[0].what == "2-10"
    assert "no number of this throw (3, 4, 6), nor a sum of them, moves that checker there" in str(unreachable[0])


def test_a_sum_that_would_leave_the_rest_unplayable_says_so():
    """Legal on the board, but the turn could not then play every number it must (G-7)."""
    rules = GARANGUET
    position = Position.parse("1*14,2/1*14,19/W")
    chooser = Chooser(rules, position, (6, 4, 3))
    assert chooser.pick(2) and 9 in chooser.destinations()       # 2-5 5-9: open
    said = why_not(rules, position, (6, 4, 3), (), Step(2, 9))
    assert said.rule == "G-2" and "2-5 5-9" in str(said)          # the engine's own notation


# --- Tourne Case ------------------------------------------------------------------------------------
def test_bell_sums_through_a_legal_stop_only():
    chooser = Chooser(BELL, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (4, 2))
    assert chooser.pick(3) and chooser.destinations() == [5, 7, 9]
    assert chooser.step_to(9) == Step(3, 9) and chooser.complete
    assert [(s.origin, s.destination) for s in chooser.played] in ([(3, 5), (5, 9)], [(3, 7), (7, 9)])
    assert chooser.take_back() == Step(3, 9) and chooser.played == ()     # taken back as entered
    # own checkers on 5 and 7: each stop is taken (TC-3), so 9 is not lit, and says why
    flow = flow_at("bell", "0,5,7/0,0,0/W", (4, 2))
    flow.pick(7)
    assert flow.chooser.destinations() == [9, 11]
    flow.drop(None)
    flow.pick(0)
    assert 6 not in flow.chooser.destinations()
    refused = [e for e in flow.drop(6) if isinstance(e, MoveRefused)]
    assert refused and refused[0].rule in ("TC-3", "TC-4") and refused[0].what == "0-6"


def test_bell_sum_plays_the_hit_on_the_way_the_hints_play():
    position, dice = Position.parse("0,1,8/2,5,10/W"), (3, 1)
    plain = Chooser(BELL, position, dice)
    plain.pick(1)
    assert plain.route(5) == (Step(1, 2, True), Step(2, 5, True))   # without hints: the most hits
    hints = hints_for(BELL, position, dice)
    hinted = Chooser(BELL, position, dice, prefer=lambda: [h.move for h in hints])
    hinted.pick(1)
    route = hinted.route(5)
    rank = [BELL.play_steps(position, h.move.steps) for h in hints]
    best = min(rank.index(BELL.play_steps(position, r)) for r in
               ((Step(1, 2, True), Step(2, 5, True)), (Step(1, 4), Step(4, 5, True))))
    assert rank.index(BELL.play_steps(position, route)) == best


def test_charpentier_plays_one_number_so_no_sum():
    chooser = Chooser(CHARPENTIER, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (4, 2))
    assert chooser.pick(3) and chooser.destinations() == [5]


# --- the hints, as entered --------------------------------------------------------------------------
def enter(rules, position, dice, entered: Move, prefer=()):
    """Play `entered` pick by drop as the table does; the board it leaves."""
    chooser = Chooser(rules, position, dice, prefer=prefer)
    for step in entered.steps:
        assert chooser.pick(step.origin), (str(position), dice, str(entered), step)
        assert chooser.step_to(step.destination) is not None, (str(position), dice, str(entered), step)
    assert chooser.complete
    return rules.play_steps(position, chooser.played)


def test_the_hint_is_written_as_it_is_entered():
    position, dice = Position.parse("1*14,2/1*15/W"), (6, 4, 3)
    move = Move.parse("1-7 2-6 6-9")
    assert GARANGUET.say_move(Side.WHITE, move) == "x-r, w-s-p"          # the steps
    assert say_as_entered(GARANGUET, position, dice, move) == "x-r, w-p"  # what the player enters
    hint = type("H", (), {"move": move})()
    assert hints_as_entered(GARANGUET, position, dice, [hint]) == ["x-r, w-p"]


BEARING_OFF = "18,19*4,20*3,21*3,22*2,23,24/13*2,14*2,15*2,16*2,17*2,18*2,19,20,21/W"   # the tutorial's


@pytest.mark.parametrize("rules, start", [(GARANGUET, None), (GARANGUET, BEARING_OFF), (BELL, None)],
                         ids=["garanguet", "garanguet-bearing-off", "bell"])
def test_every_hint_entered_as_written_plays_the_hinted_move(rules, start):
    rng = random.Random(31)
    checked = joined = 0
    first = Position.parse(start) if start else rules.start(Side.WHITE)
    position = first
    for _ in range(60 if rules is GARANGUET else 120):
        dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
        plays = rules.plays(position, dice)
        if not plays:
            position = position.passed()
            continue
        sample = plays if len(plays) <= 12 else rng.sample(plays, 12)
        prefer = tuple(m for m, _ in sample)
        for move, after in sample:
            entered = as_entered(rules, position, dice, move, prefer)
            joined += len(entered.steps) < len(move.steps)
            assert enter(rules, position, dice, entered, prefer) == after.passed(), (str(position), dice, str(move))
            checked += 1
        position = rng.choice(plays)[1]
        if rules.outcome(position):
            position = first
    assert checked > 100 and joined > 10
