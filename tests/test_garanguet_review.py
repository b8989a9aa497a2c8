"""Garanguet match review (issue 22): each of a person's moves weighed against the best play of
the same throw by the strongest evaluation the game has (game/computer/review.py over
game/computer/garanguet_analysis.py), and the review screen on Garanguet's board.

What a move lost is checked two ways that do not go through game/computer/review.py: in a small race, by
the slow exact method of tests/test_garanguet_race.py (the rules engine's turns, no table); on
seeded games, by the analysis command's figures for every play of the throw (its "moves")."""
import random

import pygame
import pytest

from game.base import i18n
from game.computer import garanguet_analysis as ga
from game.computer import garanguet_player as gp
from game.computer.random_player import random_move
from game.play.options import MatchOptions
from game.play.players import match_score
from game.play.session import Phase, Session
from game.computer.review import errors, rate_turn, review, review_match
from game.rules import GARANGUET, Move, Position, Side
from game.scenes.learn.review import ReviewScene
from game.view.garanguet_board import GaranguetBoardView
from tests import speaking
from tests.sessions import steps
from tests.test_garanguet_race import slow_win
from tests.test_menus import app, frames, press  # noqa: F401  (app is a fixture)
from tests.test_review import english, open_review, to_scoreboard  # noqa: F401  (english: autouse)


def test_a_race_blunder_loses_what_the_slow_exact_method_says():
    """Black, 4 checkers left against White's 5, throws 1, 2 and 3: bearing three off leaves
    78.2 %; moving up 21-23, 22-23, 23-off leaves 72.8 %."""
    position = Position.parse("22,24*4,off*10/21,22,23,24,off*11/B")
    dice = (1, 2, 3)
    chance = {}
    for move in GARANGUET.legal_moves(position, dice):
        after = GARANGUET.apply(position, move, dice)
        chance[str(move)] = 1.0 if GARANGUET.outcome(after) else 1 - slow_win(after)
    played = Move.parse("21-23 22-23 23-off")
    rated = rate_turn("garanguet", position, dice, played)
    assert rated.played_chance == pytest.approx(chance[str(played)], abs=1e-5)
    assert rated.best_chance == pytest.approx(max(chance.values()), abs=1e-5)
    assert rated.loss == pytest.approx(max(chance.values()) - chance[str(played)], abs=1e-5)
    assert rated.loss == pytest.approx(0.0543, abs=1e-4) and rated.of == "game"
    assert chance[str(rated.best)] == max(chance.values())
    best = rate_turn("garanguet", position, dice, rated.best)
    assert best.loss == 0.0 and best.best == rated.best and not best.is_error


def seeded_game(seed: int, length: int = 3, opponent: str = "computer",
                careless: float = 0.5) -> Session:
    """A game to its end: White (the person) plays any legal move half the time, else the
    master's; Black the master's, at the match's score as at the table (so that the review
    finds the master's own turns ranked already)."""
    s = Session.new(MatchOptions(rules="garanguet", length=length, opponent=opponent), seed=seed)
    rng = random.Random(seed)
    master = gp.Computer(GARANGUET, "master", rng)

    def choose(s, moves):
        if s.to_move is Side.WHITE and rng.random() < careless:
            return rng.choice(moves)
        return master.choose(s.position, s.dice, match_score(s))

    for s in steps(s, choose):
        if s.phase is Phase.GAME_OVER:
            return s


@pytest.fixture(scope="module")
def played() -> Session:
    """One seeded game of a 3-point match, played once for the module: its review is weighed by
    the first test that asks, and found ranked by the others (garanguet_player keeps the
    master's last rankings), where they weigh it at the same score."""
    return seeded_game(seed=24, length=3)


def test_each_loss_is_the_best_chance_less_the_played_one_on_a_seeded_game(played):
    s = played
    record = s.match.games[0]
    match = (3, 0, 0)
    rated = {r.turn: r for r in review("garanguet", record, Side.WHITE, match)}
    position = GARANGUET.start(Side(record["first"]))
    weighed = 0
    for number, (dice, text) in enumerate(record["turns"], start=1):
        move = Move.parse(text)
        after = GARANGUET.apply(position, move, tuple(dice))
        if position.to_move is Side.WHITE:
            plays = ga.plays(position, tuple(dice), match)      # analyze's "moves"
            if len({p["position_after"] for p in plays}) < 2:
                assert number not in rated, "a forced move or a pass is not rated"
            else:
                r = rated[number]
                by_after = {p["position_after"]: p["match_win_probability"] for p in plays}
                played, best = by_after[str(after)], max(by_after.values())
                assert r.played_chance == pytest.approx(played, abs=1e-12)
                assert r.best_chance == pytest.approx(best, abs=1e-12)
                assert r.loss == pytest.approx(max(best - played, 0.0), abs=1e-9)
                assert r.of == "match" and r.side is Side.WHITE
                weighed += 1
        else:
            assert number not in rated, "only the person's moves"
        position = after
    assert weighed == len(rated) > 5
    assert any(r.is_error for r in rated.values())


def test_the_biggest_errors_come_first_across_a_match(played):
    found = review_match("garanguet", played.match.games, Side.WHITE, 1)   # as a 1-point match
    losses = [r.loss for r in found]
    assert losses == sorted(losses, reverse=True)
    assert all(r.of == "game" for r in found)         # a 1-point match: the game's chance
    assert errors(found) == [r for r in found if r.is_error]


def test_the_review_opens_from_the_scoreboard_on_the_garanguet_board(app, played):
    board = to_scoreboard(app, played)
    assert [w.label for w in board.menu.widgets] == ["Next game", "Review", "Save and leave"]
    scene = open_review(app, board)
    # the master's two-ply search weighs each turn: seconds of CPU where the turns are not found
    # ranked, more than open_review's minute on a machine loaded 20 deep
    assert scene.weighing.wait(600) and scene.poll()
    frames(app, 3)
    assert isinstance(scene, ReviewScene) and isinstance(scene.board, GaranguetBoardView)
    assert "as the master reckons them" in scene.of_words()
    assert scene.errors
    rated = scene.errors[0]
    assert set(scene.cells(rated)["played"]) <= set("abcdefghijklmnopqrstuvwx-, ×0123456789off")
    press(app, pygame.K_RETURN)
    assert scene.shown == 0
    frames(app, 2)
    assert sorted(loc for s, loc, _, _ in scene.board.slots(rated.position) if s is Side.WHITE) == \
        sorted(rated.position.checkers(Side.WHITE))
    assert speaking.problems(app) == []
    i18n.set_language("fr")
    frames(app, 2)
    assert "selon le maître" in scene.of_words()
    assert speaking.problems(app) == []


def test_a_review_stops_where_it_is_asked_to():
    """A player who leaves the review screen does not wait for seconds of weighing: `stop`,
    asked before each of the person's turns, ends the review there with the turns weighed."""
    rng = random.Random(7)
    position = GARANGUET.start(Side.WHITE)
    turns = []
    while GARANGUET.outcome(position) is None:
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        move = random_move(GARANGUET, position, dice, rng)
        turns.append((list(dice), str(move)))
        position = GARANGUET.apply(position, move, dice) if move.steps else position.passed()
    record = {"first": "W", "turns": turns}
    asked = []

    def stop():
        asked.append(len(asked))
        return len(asked) > 1

    rated = review("garanguet", record, Side.WHITE, None, ordered=False, stop=stop)
    assert len(asked) == 2 and len(turns) > 8          # White's first turn weighed, no more
    assert rated == [rate_turn("garanguet", GARANGUET.start(Side.WHITE), turns[0][0],
                               Move.parse(turns[0][1]), None, 1, 1)]
    assert review_match("garanguet", [record], Side.WHITE, 1, stop=lambda: True) == []
