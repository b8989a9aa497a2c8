"""A third game, defined here and nowhere else, with its own rules, its own board and its own
words, registered with one line in each registry (and unregistered after each test): played to
its end at the table of the real App (its review then opened from the scoreboard, on its own
board), answered by the engine protocol and reviewed, with no edit of game/ for it.

The game, Lanes: four checkers a side, each side racing along its own straight lane of eight
points, from 0 (not entered) to 9 (borne off, from point 5 or beyond); two dice, each played as
a step; whoever bears off all four first wins one point (L-4). Its positions are written in its
own notation (four locations a side, "0,0,3,9/0,0,0,0/W"), its moves told in its own words
("White races 0-3 and 0-4"). Its board is two lanes across a green cloth, no tablier. Its
computer is this module (LEVELS, Computer, hints, weigh): it races by the pips each side still
needs.
"""
import math
import random
import sys

import pygame
import pytest

from game.app import App
from game.commands import engine
from game.computer import player, review
from game.computer.hint import Hint
from game.geometry import tablier as g
from game.play.session import Phase
from game.base.i18n import verbatim
from game.rules import (NOTATIONS, RULE_SETS, Illegal, Move, NotationError, Outcome, Position,
                        PositionNotation, Rules, RuleSet, Side, Step, Telling)
from game.rules.telling import history
from game.scenes import boards
from game.view.board_view import BoardView

LANE, OFF = 8, 9
HOME_STRETCH = 5                    # a checker bears off from point 5 or beyond (L-3)


class Lanes(Rules):
    name = "lanes"
    title = "Lanes"
    dice_count = 2
    checkers = 4
    last_point = LANE
    numbers_rule = "L-1"
    play_all_rule = "L-2"

    def numbers(self, dice):
        return tuple(sorted(dice))

    def start(self, first: Side) -> Position:
        return Position((0, 0, 0, 0), (0, 0, 0, 0), first)

    def try_step(self, own, opp, origin, number):
        if origin not in own or origin == OFF:
            return Illegal("no checker of yours in lane {point}", "L-1", {"point": origin})
        destination = origin + number
        if destination > LANE and origin < HOME_STRETCH:
            return Illegal("a checker leaves its lane only from point 5 or beyond", "L-3")
        rest = list(own)
        rest.remove(origin)
        return tuple(sorted(rest + [min(destination, OFF)])), opp, Step(origin, min(destination, OFF))

    def outcome(self, position: Position):
        for side in Side:
            if all(x == OFF for x in position.checkers(side)):
                return Outcome(side, 1, "L-4")
        return None

    def announcement(self, dice):
        return None                 # no doublet has a name in Lanes


class LanesNotation(PositionNotation):
    """Lanes' positions: four locations a side, 0 (not entered) to 9 (off), one after another."""

    checkers = 4

    def check(self, position, text):
        if any(not 0 <= x <= OFF for side in Side for x in position.checkers(side)):
            raise NotationError.of("{text}: a lane's points are 0..9", text=repr(text))


class LanesTelling(Telling):
    """Lanes' turns in its own words: "White races 0-3 and 0-4" ("You race" for you)."""

    def actions(self, rules, side, you, steps):
        verb = "race" if side is you else "races"
        return verbatim(f"{verb} " + " and ".join(f"{s.origin}-{s.destination}" for s in steps))


LANES = RuleSet(Lanes(), game="lanes", notation="WHITE/BLACK/SIDE, four locations a side: 0..9",
                max_points=1, scoring_rule="L-4", telling=LanesTelling())


# --- its board: two straight lanes across a green cloth -----------------------------------------

CLOTH, LANE_COLOUR, RIM = (30, 70, 44), (196, 170, 120), (60, 36, 20)
LANE_Y = {Side.WHITE: 200.0, Side.BLACK: 440.0}


def spot_x(location: int) -> float:
    """0 waits left of the lane, 1..8 along it, 9 (off) past its end."""
    return 60.0 + 105.0 * location


class LanesBoard(BoardView):
    """The Lanes board: each side's lane a straight row, its checkers stacked across the lane."""

    def checker_centre(self, side: Side, location: int, index: int = 0):
        lift = (index - 1) * 2.1 * g.CHECKER_R * 0.5
        return spot_x(location), LANE_Y[side] + (lift if side is Side.WHITE else -lift)

    def slots(self, position):
        out = []
        for side in Side:
            seen: dict[int, int] = {}
            for loc in position.checkers(side):
                index = seen[loc] = seen.get(loc, -1) + 1
                out.append((side, loc, index, self.checker_centre(side, loc, index)))
        return out

    def landing_centre(self, position, side: Side, location: int):
        return self.checker_centre(side, location, position.checkers(side).count(location))

    def path(self, side, origin, destination, start, end):
        return [tuple(start), tuple(end)]

    def away_from(self, location: int) -> float:
        return spot_x(2) if location > 4 else spot_x(7)

    def area_at(self, position, side, x, y, lit=()):
        for dest in lit:
            if abs(x - spot_x(dest)) <= 50 and abs(y - LANE_Y[side]) <= 110:
                return "point", dest
        for s, loc, _, (cx, cy) in reversed(self.slots(position)):
            if s is side and math.dist((x, y), (cx, cy)) <= g.CHECKER_R * 1.1:
                return "checker", loc
        return None

    def draw_board(self, surface) -> None:
        surface.fill(CLOTH, self.board_rect())
        for side in Side:
            left, top = self.to_screen(spot_x(1) - 50, LANE_Y[side] - 100)
            lane = pygame.Rect(round(left), round(top), self.length(105 * LANE), self.length(200))
            pygame.draw.rect(surface, LANE_COLOUR, lane)
            pygame.draw.rect(surface, RIM, lane, max(1, self.length(4)))

    def point_glow(self, surface, side, location, colour=(255, 214, 102), alpha=70) -> None:
        self.disc(surface, *self.checker_centre(side, location, 1), colour, alpha, 50)

    def is_on_field(self, location: int) -> bool:
        return 1 <= location <= LANE


# --- its computer: this module, as game/computer/player.py describes a game's computer ----------

LEVELS = [("racer", "Races: the move that leaves it furthest ahead.")]
LEVEL_NAMES = ["racer"]
EXACT = False


def _needs(checkers) -> int:
    """The pips still to go, and two more for each checker not yet in its lane."""
    return sum(OFF - c + 2 * (c == 0) for c in checkers)


def _ends(rules, position: Position, dice):
    """Each different end of the throw, by its first move: {checkers after: move}."""
    ends = {}
    for move, after in rules.plays(position, tuple(dice)):
        ends.setdefault(after.checkers(position.to_move), move)
    return ends


def _chance(own, other) -> float:
    """The mover's chance once it has moved, by the pips each side still needs."""
    return 1 / (1 + math.exp((_needs(own) - _needs(other) + 4) / 6))


class Computer:
    def __init__(self, rules, level_name="racer", rng=None):
        self.rules, self.level, self.rng = rules, level_name, rng or random.Random(0)

    def prepare(self, match=None) -> None:
        pass

    def ready(self) -> bool:
        return True

    def choose(self, position: Position, dice, match=None) -> Move:
        found = hints(self.rules, position, dice, match)
        return found[0].move if found else Move(())


def hints(rules, position: Position, dice, match=None) -> list:
    other = position.checkers(position.to_move.other)
    ranked = sorted(((_chance(end, other), move) for end, move in _ends(rules, position, dice).items()),
                    key=lambda pair: -pair[0])
    return [Hint(move, win, None, ranked[0][0] - win) for win, move in ranked]


def weigh(rules, position: Position, dice, played: Move, match=None):
    ends = _ends(rules, position, dice)
    if len(ends) < 2:
        return None
    other = position.checkers(position.to_move.other)
    mine = rules.apply(position, played, tuple(dice)).checkers(position.to_move)
    return list(ends.values()), [_chance(end, other) for end in ends], list(ends).index(mine)


# --- registered: one line in each registry, undone after each test ----------------------------

@pytest.fixture(autouse=True)
def lanes_registered(monkeypatch):
    monkeypatch.setitem(RULE_SETS, LANES.name, LANES)                          # the rules
    monkeypatch.setitem(NOTATIONS, LANES.game, LanesNotation())                # its notation
    monkeypatch.setitem(player.COMPUTERS, LANES.name, lambda: sys.modules[__name__])   # its computer
    monkeypatch.setitem(boards.BOARDS, LANES.name, LanesBoard)                 # its board


@pytest.fixture(autouse=True)
def english():
    from game.base import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_lanes_is_played_to_its_end_at_the_table_of_the_real_app(tmp_path, monkeypatch):
    app = App(seed=3, data_dir=tmp_path, size=(960, 600))
    monkeypatch.setattr(app, "recover", lambda exc: (_ for _ in ()).throw(exc))   # no error hidden
    try:
        app.update_settings({"animation_speed": "instant"})
        app.new_match({"rules": LANES.name, "length": 1, "opponent": "computer", "level": "racer",
                       "human_side": "W", "hints": True})
        app.frame(1 / 30)                          # the priority throw's scene comes in

        def press(k):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            for _ in range(4):
                app.frame(1 / 30)

        for _ in range(200):
            if type(app.scenes.top).__name__ == "TableScene":
                break
            press(pygame.K_SPACE)
        table = app.scenes.top
        assert type(table).__name__ == "TableScene" and isinstance(table.view, LanesBoard)
        for _ in range(3000):
            if app.session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                break
            top = app.scenes.top
            stage = getattr(top, "stage", None)
            press(pygame.K_RETURN if stage == "choose" else pygame.K_SPACE)
        s = app.session
        assert s.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        assert s.outcome.rule == "L-4" and s.outcome.points == 1
        assert all(c == OFF for c in s.position.checkers(s.outcome.winner))
        turns = s.match.games[-1]["turns"] if s.match.games else s.record["turns"]
        assert len(turns) >= 4
        said = [str(e.words) for e in history(LANES.name, s.match.games[-1] if s.match.games else s.record)]
        assert said and all(" races " in w or w.startswith("You race ") or "pass" in w.lower() for w in said), said
        for _ in range(120):
            if type(app.scenes.top).__name__ == "ScoreboardScene":
                break
            app.frame(1 / 30)
        board = app.scenes.top                 # the scoreboard, then the review on Lanes' board
        assert type(board).__name__ == "ScoreboardScene"
        for _ in range(40):
            app.frame(1 / 30)                  # past the half second when a match's end hears nothing
        while board.menu.focused.label != "Review":
            press(pygame.K_DOWN)
        press(pygame.K_RETURN)
        shown = app.scenes.top
        assert type(shown).__name__ == "ReviewScene" and isinstance(shown.board, LanesBoard)
        shown.wait(60)
        press(pygame.K_RETURN)                 # the first error shown on the board, if any
        assert shown.rated is not None and all(r.side is Side.WHITE for r in shown.rated)
    finally:
        pygame.display.quit()


def test_lanes_is_answered_by_the_engine_protocol():
    reply = engine.answer('{"id": 1, "rules": "lanes", "position": "0,0,0,0/0,0,0,0/W", "dice": [6, 1]}')
    assert reply["id"] == 1 and "error" not in reply, reply
    assert reply["move"] == reply["moves"][0]["move"]
    assert Move.parse(reply["move"]) in LANES.rules.legal_moves(Position.parse("0,0,0,0/0,0,0,0/W"), (6, 1))
    assert [m["win"] for m in reply["moves"]] == sorted((m["win"] for m in reply["moves"]), reverse=True)
    position = Position.parse("0,3,5,9/0,0,0,1/B")            # read and written by its own notation
    assert position.checkers(Side.WHITE) == (0, 3, 5, 9) and str(position) == "0,3,5,9/0,0,0,1/B"
    with pytest.raises(NotationError, match="a lane's points are 0..9"):
        Position.parse("0,3,5,12/0,0,0,0/W")
    refused = engine.answer('{"rules": "lanes", "position": "0,0,0,0/0,0,0,0/W", "dice": [6, 1, 2]}')
    assert "error" in refused and "Lanes throws 2 dice" in refused["error"]


def test_lanes_is_reviewed_in_this_process():
    rules = LANES.rules
    position, rng, turns = rules.start(Side.WHITE), random.Random(4), []
    while rules.outcome(position) is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        moves = rules.legal_moves(position, dice)
        move = moves[-1] if position.to_move is Side.WHITE else hints(rules, position, dice)[0].move
        move = move if moves else Move(())
        turns.append((list(dice), str(move)))
        position = rules.apply(position, move, dice)
    assert review.reviewable(LANES.name) and not review.exact(LANES.name)
    rated = review.review(LANES.name, {"first": "W", "turns": turns}, Side.WHITE)
    assert rated and all(r.side is Side.WHITE and r.of == "game" for r in rated)
    assert [r.loss for r in rated] == sorted((r.loss for r in rated), reverse=True)
    worst = rated[0]
    assert worst.is_error and worst.best_chance > worst.played_chance
    assert worst.best in rules.legal_moves(worst.position, worst.dice)
