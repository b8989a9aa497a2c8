"""The play flow (game/play/flow.py) driven by intents alone, with no pygame: whole games of every rule
set, refusals with their rule numbers, take-backs, touch-move, passes and resuming a save."""
import random
import sys

import pytest

from game.play import events as ev
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.rules.refusals import MoveRefused
from game.play.players import SyncThinker, ThreadedThinker, random_thinker
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import RULE_SETS, Move, Position, Side, Step


@pytest.fixture(autouse=True)
def english():
    """These tests read the table's words in English, whatever the machine's language."""
    from game.base import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def new_session(rules="charpentier", opponent="human", seed=1, touch_move=False, length=1) -> Session:
    session = Session.new(MatchOptions(rules=rules, length=length, opponent=opponent, touch_move=touch_move),
                          seed=seed)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    return session


class Table:
    """A flow with its saves and every event it sent, as a screen would hold them."""

    def __init__(self, session, thinkers=None, advisor=None, touch_move=False):
        self.session = session
        self.saves = []
        self.events = []
        self.flow = GameFlow(session, lambda: self.saves.append(session.to_dict()), thinkers, advisor,
                             touch_move)

    def do(self, intent, *args, **kwargs):
        out = getattr(self.flow, intent)(*args, **kwargs)
        self.events += out
        return out

    def of(self, kind):
        return [e for e in self.events if isinstance(e, kind)]


def at(position: str, dice, rules="charpentier", **kwargs) -> Table:
    """A table whose game is at `position` with `dice` on the board, a person to move."""
    session = new_session(rules, **kwargs)
    session.phase, session.position, session.dice = Phase.MOVE, Position.parse(position), tuple(dice)
    session.record = {"first": "W", "turns": []}
    table = Table(session, touch_move=kwargs.get("touch_move", False))
    table.do("start")
    table.do("proceed")                  # the dice lie still
    return table


def random_person(table: Table, rng: random.Random) -> None:
    """One intent as a person who clicks only lit checkers and points (but sometimes changes
    their mind or takes a step back)."""
    flow = table.flow
    chooser = flow.chooser
    if chooser.selected is None:
        if chooser.played and rng.random() < 0.1:
            table.do("undo")
        else:
            table.do("pick", rng.choice(chooser.origins()))
    elif rng.random() < 0.1:
        table.do("drop", None)
    else:
        table.do("drop", rng.choice(chooser.destinations()))


def play_out(table: Table, rng: random.Random, turns=5000) -> None:
    flow = table.flow
    if not table.events:
        table.do("start")
    for _ in range(turns * 8):
        stage = flow.stage
        if stage is Stage.OVER:
            return
        if stage is Stage.THROW:
            table.do("proceed" if flow.session.is_computer(flow.to_move) else "throw")
        elif stage is Stage.CHOOSE:
            random_person(table, rng)
        elif stage is Stage.THINK:
            table.do("proceed")
            while flow.stage is Stage.THINK:
                table.do("poll")
        else:                            # ROLL, MOVING, PASS: the screen has shown it
            table.do("proceed")
    raise AssertionError("the game did not end")


def random_players(session, seed=0):
    return {side: random_thinker(session.rules, random.Random(seed + i))
            for i, side in enumerate(Side) if session.is_computer(side)}


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_a_whole_game_of_every_rule_set_through_intents_alone(rules):
    # Garanguet's turns are long to compose by hand: a person plays one side, a random legal
    # computer the other; Tourne Case is played by two people.
    opponent = "computer" if rules == "garanguet" else "human"
    session = new_session(rules, opponent, seed=5)
    table = Table(session, random_players(session))
    play_out(table, random.Random(3))
    assert session.phase is Phase.GAME_OVER
    over = table.of(ev.GameOver)
    assert len(over) == 1 and over[0].outcome == session.outcome
    assert over[0].rule == RULE_SETS[rules].scoring_rule
    turns = session.record["turns"]
    assert len(table.of(ev.TurnEnded)) == len(turns) >= 6
    assert len(table.saves) == 2 * len(turns)      # a save after every throw and every move
    assert Session.from_dict(table.saves[-1]).outcome == session.outcome
    by = {e.by for e in table.of(ev.StepPlayed)}
    assert "person" in by and (opponent == "human" or "opponent" in by)
    # Each turn's steps, as shown one by one, add up to the move the session recorded.
    for ended in table.of(ev.TurnEnded):
        assert str(ended.move) in [move for _, move in turns]


def test_the_flow_never_imports_pygame():
    code = "import sys, game.play.flow, game.rules.turn, game.play.session; print('pygame' in sys.modules)"
    import subprocess
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_step_no_number_allows_is_refused_with_the_rule():
    table = at("0,0,0/0,0,0/W", (4, 2))            # Charpentier plays only the lower die (TC-1)
    assert table.flow.stage is Stage.CHOOSE
    table.do("pick", 0)
    out = table.do("drop", 4)
    refused = [e for e in out if isinstance(e, MoveRefused)]
    assert refused and refused[0].rule == "TC-1" and "0-4" in refused[0].text
    assert table.flow.chooser.selected is None and table.flow.stage is Stage.CHOOSE
    assert table.session.position.white == (0, 0, 0)


def test_passing_over_an_own_checker_is_refused_with_tc4():
    table = at("0,0,1/0,0,0/W", (2, 5))         # entering with the 2 would pass point 1
    assert table.flow.chooser.origins() == [1]
    refused = table.do("pick", 0)[0]
    assert isinstance(refused, MoveRefused) and refused.rule == "TC-4" and "0-2" in refused.text
    assert table.flow.chooser.selected is None


def test_a_checker_that_cannot_move_says_why():
    table = at("b,0,0/0,0,5/W", (3, 4), rules="bell")   # a checker on the bar enters first (TB-3)
    out = table.do("pick", 0)
    assert isinstance(out[0], MoveRefused) and out[0].rule == "TB-3"
    assert table.flow.chooser.selected is None


def test_a_bell_step_by_no_number_of_the_throw_is_refused_with_tb1():
    table = at("0,0,0/0,0,0/W", (6, 1), rules="bell")
    table.do("pick", 0)
    table.do("drop", 1)
    table.do("proceed")
    assert table.flow.stage is Stage.CHOOSE and table.flow.shown.white == (0, 0, 1)
    table.do("pick", 1)
    out = table.do("drop", 3)                       # no die is a 2
    assert isinstance(out[0], MoveRefused) and out[0].rule == "TB-1"


def test_take_back_a_step_then_a_whole_move_until_the_opponent_throws():
    table = at("0,0,0/0,0,0/W", (4, 2), rules="bell")
    flow = table.flow
    table.do("pick", 0)
    table.do("drop", 2)
    table.do("proceed")
    assert flow.can_undo
    assert isinstance(table.do("undo")[0], ev.StepTakenBack) and flow.shown.white == (0, 0, 0)
    table.do("pick", 0), table.do("drop", 2), table.do("proceed")
    table.do("pick", 2), table.do("drop", 6), table.do("proceed")
    s = table.session
    assert flow.stage is Stage.THROW and s.to_move is Side.BLACK and s.position.white == (0, 0, 6)
    saves = len(table.saves)
    out = table.do("undo")                          # the whole move, before Black throws
    assert isinstance(out[0], ev.MoveTakenBack) and str(out[0].move) == "0-2 2-6"
    assert s.phase is Phase.MOVE and s.to_move is Side.WHITE and s.dice == (4, 2)
    assert flow.stage is Stage.CHOOSE and flow.chooser.played == (Step(0, 2),)   # the last step undone
    assert len(table.saves) == saves + 1 and table.saves[-1]["phase"] == "move"
    table.do("pick", 2), table.do("drop", 6), table.do("proceed")
    table.do("throw")                               # Black throws: the move is handed over
    assert [type(e) for e in table.do("undo")] == [ev.Notice]
    assert s.position.white == (0, 0, 6)


def test_touch_move_holds_the_picked_checker_and_refuses_take_back():
    table = at("0,0,3/0,0,0/W", (2, 2), touch_move=True)
    flow = table.flow
    assert flow.chooser.origins() == [0, 3]
    table.do("pick", 3)
    for out in (table.do("pick", 0), table.do("drop", None)):
        assert isinstance(out[0], MoveRefused) and out[0].rule == "C-5"
    assert flow.chooser.selected == 3
    table.do("drop", 5)
    table.do("proceed")
    out = table.do("undo")
    assert isinstance(out[0], MoveRefused) and out[0].rule == "C-5"
    assert table.session.to_move is Side.BLACK and not flow.can_undo


def test_a_throw_with_no_move_passes_and_says_why():
    table = at("11,12,12/0,0,0/W", (2, 5))
    passed = table.of(ev.TurnPassed)
    assert table.flow.stage is Stage.PASS and passed[0].side is Side.WHITE and passed[0].rule == "TC-7"
    table.do("proceed")
    s = table.session
    assert s.to_move is Side.BLACK and s.record["turns"][-1] == [[2, 5], "pass"]
    assert isinstance(table.events[-1], ev.TurnBegan) and table.flow.stage is Stage.THROW


@pytest.mark.parametrize("rules, dice, said", [
    ("charpentier", (5, 5), ("doublet", 5, "Quines", "C-4")),
    ("bell", (3, 4), None),
    ("garanguet", (2, 5, 5), ("doublet", 5, "Quines", "G-5")),
    ("garanguet", (5, 5, 6), None),                  # G-4: a doublet under a higher third
    ("garanguet", (4, 4, 4), ("triplet", 4, "", "G-6")),
])
def test_doublets_and_triplets_are_announced(rules, dice, said):
    start = "1*15/1*15/W" if rules == "garanguet" else "0,0,0/0,0,0/W"
    table = at(start, dice, rules=rules)
    announced = [(a.kind, a.number, a.name, a.rule) for a in table.of(ev.Announced)]
    assert announced == ([said] if said else [])


def test_the_computer_thinks_then_its_steps_come_one_by_one():
    session = new_session("bell", "computer", seed=2)
    session.phase, session.position, session.dice = Phase.MOVE, Position.parse("0,0,0/0,0,0/B"), (4, 2)
    session.record = {"first": "B", "turns": []}
    session.options = MatchOptions(rules="bell", length=1, opponent="computer", human_side=Side.WHITE)
    calls = []

    def choose(position, dice, match):
        calls.append((str(position), dice, match))
        return Move((Step(0, 2), Step(2, 6)))
    table = Table(session, {Side.BLACK: SyncThinker(choose)})
    table.do("start")
    table.do("proceed")
    assert table.flow.stage is Stage.THINK and calls == [("0,0,0/0,0,0/B", (4, 2), (1, 0, 0))]
    assert table.do("poll") == []                   # it waits for the screen to let it "look"
    moved, *first = table.do("proceed")
    assert isinstance(moved, ev.OpponentMoved) and moved.move == Move((Step(0, 2), Step(2, 6)))
    assert moved.before.black == (0, 0, 0) and moved.after.black == (0, 0, 6) and moved.dice == (4, 2)
    assert [(type(e), e.by, e.last) for e in first] == [(ev.StepPlayed, "opponent", False)]
    assert first[0].after.black == (0, 0, 2) and session.position.black == (0, 0, 0)
    second = table.do("proceed")
    assert second[0].last and second[0].after.black == (0, 0, 6)
    done = table.do("proceed")
    assert isinstance(done[0], ev.TurnEnded) and session.position.black == (0, 0, 6)
    assert isinstance(done[1], ev.TurnBegan) and not done[1].opponent


def test_a_threaded_thinker_answers_through_poll():
    thinker = ThreadedThinker(lambda p, d, m: Move((Step(0, 1),)))
    thinker.start(Position.parse("0,0,0/0,0,0/W"), (1, 3), (1, 0, 0))
    for _ in range(1000):
        move = thinker.poll()
        if move is not None:
            break
        thinker._thread.join(0.01)
    assert move == Move((Step(0, 1),)) and thinker.poll() is None


def test_the_collector_is_off_while_the_computer_thinks_and_back_on_after_even_unpolled():
    """A thought never polled (its table left for the title) must not leave the garbage
    collector off for the rest of the game: settle(), called every frame, turns it back on."""
    import gc
    import threading
    from game.play.players import settle
    go = threading.Event()
    thinker = ThreadedThinker(lambda p, d, m: go.wait(10) and Move((Step(0, 1),)))
    thinker.start(Position.parse("0,0,0/0,0,0/W"), (1, 3), (1, 0, 0))
    try:
        settle()
        assert not gc.isenabled(), "the collector runs while the thinking thread works"
    finally:
        go.set()
    thinker._thread.join(10)
    assert not gc.isenabled(), "nothing polled yet"
    settle()
    assert gc.isenabled()


def test_a_person_cannot_throw_for_the_computer():
    session = new_session("charpentier", "computer", seed=4)
    if not session.is_computer(session.to_move):
        session.position = session.position.passed()
        session.record["first"] = str(session.to_move)
    table = Table(session, random_players(session))
    table.do("start")
    assert [type(e) for e in table.do("throw")] == [ev.Notice]
    assert session.phase is Phase.THROW
    assert isinstance(table.do("proceed")[0], ev.ThrowStarted)


def test_resume_a_save_in_the_middle_of_a_turn():
    session = new_session("bell", "human", seed=9)
    table = Table(session)
    table.do("start")
    rng = random.Random(1)
    while len(session.record["turns"]) < 5:         # a few turns, then stop with dice thrown
        play_out_one(table, rng)
    table.do("throw")
    saved = table.saves[-1]
    assert saved["phase"] == "move"
    dice = session.dice
    again = Table(Session.from_dict(saved))
    out = again.do("start")
    assert isinstance(out[0], ev.ThrowStarted) and out[0].resumed and out[0].dice == dice
    assert out[0].seed == session.throw_seed        # the physics lays the dice where they fell
    again.do("proceed")
    # Both go on identically from here: the same moves give the same saves.
    for t in (table, again):
        t.do("proceed")
    rng_a, rng_b = random.Random(7), random.Random(7)
    for _ in range(3):
        play_out_one(table, rng_a)
        play_out_one(again, rng_b)
    assert table.saves[-1] == again.saves[-1]


def play_out_one(table: Table, rng) -> None:
    """Play until the next turn begins."""
    flow = table.flow
    turns = len(table.session.record["turns"])
    for _ in range(200):
        if len(table.session.record["turns"]) > turns or flow.stage is Stage.OVER:
            return
        if flow.stage is Stage.THROW:
            table.do("throw")
        elif flow.stage is Stage.CHOOSE:
            chooser = flow.chooser
            if chooser.selected is None:
                table.do("pick", rng.choice(chooser.origins()))
            else:
                table.do("drop", rng.choice(chooser.destinations()))
        else:
            table.do("proceed")
    raise AssertionError("the turn did not end")


def test_hints_come_from_the_advisor_only_when_it_is_a_persons_move():
    class Advisor:
        ready = False

        def hints(self, position, dice, match):
            return ["best", "second"] if self.ready else None
    advisor = Advisor()
    session = new_session()
    table = Table(session, advisor=advisor)
    table.do("start")
    assert isinstance(table.do("hint")[0], ev.Notice)          # not while throwing
    table.do("throw"), table.do("proceed")
    if table.flow.stage is not Stage.CHOOSE:
        pytest.skip("this seed's first throw passes")
    assert "preparing" in table.do("hint")[0].words
    advisor.ready = True
    assert table.do("hint") == [ev.HintsShown(("best", "second"))]
    assert table.do("hint") == [ev.HintsHidden()] and table.flow.hints is None


def test_resign_ends_the_game_without_a_score():
    table = at("0,0,0/0,0,0/W", (1, 2))
    out = table.do("resign")
    assert out == [ev.Resigned(Side.WHITE)] and table.flow.stage is Stage.OVER
    assert table.session.phase is Phase.MOVE and table.session.match.score == {Side.WHITE: 0, Side.BLACK: 0}
    assert table.do("pick", 0) == [] and table.do("throw") == []


def test_intents_out_of_turn_change_nothing():
    table = at("0,0,0/0,0,0/W", (1, 2))
    before = table.session.to_dict()
    for intent, args in [("throw", ()), ("drop", (3,)), ("rethrown", ("tilted",)), ("poll", ())]:
        assert table.do(intent, *args) == []
    assert table.session.to_dict() == before and table.flow.stage is Stage.CHOOSE


def test_dice_marks_dim_the_die_that_does_not_count_and_the_one_played():
    table = at("0,0,0/0,0,0/W", (4, 2))
    assert table.flow.dice_marks() == ("dim", "played")     # TC-1: only the lower die
    bell = at("0,0,0/0,0,0/W", (4, 2), rules="bell")
    bell.do("pick", 0), bell.do("drop", 2)
    assert bell.flow.dice_marks() == ("played", "dim")      # the 2 is used, the 4 still counts


@pytest.mark.parametrize("rules", ["charpentier", "garanguet"])
def test_a_throw_that_will_pass_is_marked_forced_and_its_faces_are_the_sessions(rules):
    """The screen may hurry a forced throw's animation (issue 13), so the flow says which throws
    cannot be played; the faces stay those the session's seeded generator drew (C-3)."""
    table = Table(new_session(rules, seed=5))
    play_out(table, random.Random(3))
    throws = [e for e in table.events if isinstance(e, (ev.ThrowStarted, ev.TurnPassed, ev.ChoiceOffered,
                                                         ev.PlayedForYou))]
    forced = [(a, b) for a, b in zip(throws, throws[1:]) if isinstance(a, ev.ThrowStarted)]
    assert forced and any(a.forced for a, _ in forced)
    for thrown, then in forced:
        assert thrown.forced == isinstance(then, ev.TurnPassed)
    again = new_session(rules, seed=5)
    faces = [e.dice for e in table.events if isinstance(e, ev.ThrowStarted)]
    assert faces[0] == again.throw()
