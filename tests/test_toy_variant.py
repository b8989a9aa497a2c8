"""A game is one object: a tiny race game, defined here and nowhere else, is played whole -
priority throw, turns, take-backs, game over, match over - through the play flow, by the
computer's random level and by a person, with no change anywhere in the game's code (its computer, the random level, is registered here).
Its notation and its telling are its own too: registered here, a line each, Position.parse and
str(position) read and write its positions, and its turns are told in its own words.

The race: two checkers a side, each on its own path of eight points from 0 (not entered) to 9
(borne off: the number, or more, from point 3 or beyond); two dice, both played in any order.
"""
import json
import random
from dataclasses import replace

import pytest

from game.computer import player, random_player
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.play.players import computer_players
from game.play.priority import PriorityFlow, PriorityStage
from game.rules.refusals import MoveRefused
from game.base.i18n import verbatim
from game.rules import (GARANGUET, NOTATIONS, RULE_SETS, Illegal, Move, NotationError, Outcome, Position,
                        PositionNotation, Rules, RuleSet, Side, Step, Telling)
from game.rules.notation import write_runs
from game.rules.telling import history, tell_move

OFF = 9


class TinyRace(Rules):
    name = "tiny-race"
    title = "A tiny race"
    dice_count = 2
    checkers = 2
    last_point = OFF - 1
    numbers_rule = "R-1"
    play_all_rule = "R-2"

    def numbers(self, dice):
        return tuple(sorted(dice))

    def start(self, first: Side) -> Position:
        return Position((0, 0), (0, 0), first)

    def try_step(self, own, opp, origin, number):
        if origin not in own or origin == OFF:
            return Illegal("no checker of yours on point {point}", "R-1", {"point": origin})
        destination = origin + number
        if destination >= OFF and origin < 3:
            return Illegal("a checker bears off from point 3 or beyond", "R-3")
        destination = min(destination, OFF)
        rest = list(own)
        rest.remove(origin)
        return tuple(sorted(rest + [destination])), opp, Step(origin, destination)

    def outcome(self, position: Position):
        for side in Side:
            if all(x == OFF for x in position.checkers(side)):
                return Outcome(side, 1, "R-4")
        return None


TOY = RuleSet(TinyRace(), game="tiny-race", notation="WHITE/BLACK/SIDE, two locations a side: 0..9",
              max_points=1, scoring_rule="R-4")


class TinyRaceNotation(PositionNotation):
    """The race's positions: two checkers a side on 0..9, a run of one point counted ("0*2")."""

    checkers = 2

    def check(self, position, text):
        if any(not 0 <= x <= OFF for side in Side for x in position.checkers(side)):
            raise NotationError.of("{text}: the race's points are 0..9", text=repr(text))

    def write_side(self, locations):
        return write_runs(locations)


class TinyRaceTelling(Telling):
    """The race's turns in its own words: "runs 0-3 and 0-4" ("run" for you)."""

    def actions(self, rules, side, you, steps):
        verb = "run" if side is you else "runs"
        return verbatim(f"{verb} " + " and ".join(f"{s.origin}-{s.destination}" for s in steps))


@pytest.fixture(autouse=True)
def _the_random_player_plays_the_toy(monkeypatch):
    """The toy's computer: the random level, in the computer's own registry."""
    monkeypatch.setitem(player.COMPUTERS, TOY.name, lambda: random_player)


def priority(session: Session, saves: list) -> None:
    flow = PriorityFlow(session, lambda: saves.append(json.dumps(session.to_dict())))
    flow.throw()
    while flow.stage is not PriorityStage.DONE:
        flow.settled() if flow.stage is PriorityStage.ROLL else flow.proceed()


def play_game(session: Session, saves: list, person_rng: random.Random | None = None) -> list:
    """One game through the flow: the computer's sides by its random level, a person's by
    picking a legal step at random (each move once taken back and played again)."""
    thinkers, advisor = computer_players(session, thread=False)
    flow = GameFlow(session, lambda: saves.append(json.dumps(session.to_dict())), thinkers, advisor)
    events = flow.start()
    undone = False
    for _ in range(5000):
        if flow.stage is Stage.OVER:
            return events
        if flow.stage is Stage.THROW and flow.can_undo and not flow.takes_reply and not undone:
            events += flow.undo()         # the person's move, before the computer throws (not
                                          # with its reply at the person's next throw: once only)
            undone = True                 # played again (at random) and kept
        elif flow.stage is Stage.THROW and not flow.session.is_computer(flow.to_move):
            events += flow.throw()
            undone = False
        elif flow.stage is Stage.CHOOSE:
            choice = flow.choice
            step = person_rng.choice(choice.steps)
            events += flow.pick(step.origin)
            events += flow.drop(step.destination)
        else:
            undone = undone and flow.stage is not Stage.THINK
            events += flow.proceed()
    raise AssertionError("the game never ended")


def test_the_toy_is_one_object_the_options_and_the_session_take():
    options = MatchOptions(rules=TOY, length=3, autoplay=True)
    assert options.rules == "tiny-race" and options.rule_set is TOY
    session = Session.new(options, seed=1)
    assert session.rule_set is TOY and session.rules is TOY.rules
    assert str(session.position) == "0,0/0,0/W"


def test_whole_matches_of_the_toy_are_played_by_the_computers_random_level():
    for seed in range(3):
        session = Session.new(MatchOptions(rules=TOY, length=3, autoplay=True), seed=seed)
        saves = []
        while session.phase is not Phase.MATCH_OVER:
            priority(session, saves)
            events = play_game(session, saves)
            over = events[-1]
            assert type(over).__name__ == "GameOver" and over.rule == "R-4"
            assert str(over.why) == "1 point (R-4)"
            assert session.rules.outcome(session.position) == over.outcome
            session.next_game()
        assert session.match.winner is not None and max(session.match.score.values()) >= 3
        assert len(session.match.games) == sum(session.match.score.values())
        assert saves and json.loads(saves[-1])["options"]["rules"] == "tiny-race"


def test_a_person_plays_the_toy_against_the_computer_step_by_step_and_takes_moves_back():
    rng = random.Random(5)
    session = Session.new(MatchOptions(rules=TOY, length=1, opponent="computer", human_side=Side.BLACK), seed=4)
    saves = []
    priority(session, saves)
    events = play_game(session, saves, rng)
    names = {type(e).__name__ for e in events}
    assert {"ChoiceOffered", "Picked", "StepPlayed", "OpponentMoved", "TurnEnded", "GameOver"} <= names
    assert "MoveTakenBack" in names
    assert session.phase is Phase.GAME_OVER
    assert session.match.games[0]["outcome"]["winner"] in ("W", "B")


def test_a_step_the_toy_forbids_is_refused_with_its_own_rule():
    session = Session.new(MatchOptions(rules=TOY, length=1, opponent="human"), seed=2)
    priority(session, [])
    flow = GameFlow(session, lambda: None)
    flow.start()
    flow.throw()
    flow.proceed()
    assert flow.stage is Stage.CHOOSE
    flow.pick(0)
    refused = flow.drop(OFF)          # from 0 straight off: not from point 3 or beyond
    assert isinstance(refused[0], MoveRefused) and refused[0].rule in ("R-3", "R-1")


def test_the_toys_notation_registered_here_is_read_and_written_by_the_positions(monkeypatch):
    with pytest.raises(NotationError):          # no registered game has two checkers a side
        Position.parse("0*2/3,9/B")
    monkeypatch.setitem(NOTATIONS, TOY.game, TinyRaceNotation())       # the registration: one line
    position = Position.parse("0*2/3,9/B")
    assert position == Position((0, 0), (3, 9), Side.BLACK)
    assert str(position) == "0*2/3,9/B" and repr(position) == "Position.parse('0*2/3,9/B')"
    assert Position.parse("0,0/0,0/W") == TOY.rules.start(Side.WHITE)
    assert str(TOY.rules.start(Side.WHITE)) == "0*2/0*2/W"
    with pytest.raises(NotationError, match="the race's points are 0..9"):
        Position.parse("0,10/0,0/W")
    rng = random.Random(3)
    position = TOY.rules.start(Side.WHITE)
    while TOY.rules.outcome(position) is None:   # every position of a game reads back as written
        plays = TOY.rules.plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        position = rng.choice(plays)[1] if plays else position.passed()
        assert Position.parse(str(position)) == position
    # the other games read and write as before
    assert str(Position.parse("0,0,3/b,0,12/W")) == "0,0,3/b,0,12/W"
    assert str(GARANGUET.start(Side.WHITE)) == "1*15/1*15/W"
    with pytest.raises(NotationError, match="White's checkers are b, 0..12"):
        Position.parse("0*3/0,0,0/W")


def test_the_toys_turns_are_told_by_its_own_telling(monkeypatch):
    start, move = TOY.rules.start(Side.WHITE), Move.parse("0-3 0-4")
    assert str(tell_move(TOY, start, (3, 4), move, Side.WHITE)) == \
        "White moves from 0 to 3, then moves from 0 to 4"         # a game without its own telling
    told = replace(TOY, telling=TinyRaceTelling())
    assert str(tell_move(told, start, (3, 4), move, Side.WHITE)) == "White runs 0-3 and 0-4"
    assert str(tell_move(told, start, (3, 4), move, Side.BLACK, you=Side.BLACK)) == "You run 0-3 and 0-4"
    monkeypatch.setitem(RULE_SETS, told.name, told)       # registered, it is found by its name too
    entries = history(told.name, {"first": "W", "turns": [[[3, 4], "0-3 0-4"], [[1, 2], "0-1 0-2"]]})
    assert [str(e.words) for e in entries] == ["White runs 0-3 and 0-4", "Black runs 0-1 and 0-2"]
