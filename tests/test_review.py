"""Match review (issue 12): each of a person's Tourne Case moves weighed against the best move of
the same throw, from the exact solution, and the screens that show it (the scoreboard's Review
button, the list of errors, one error on the board).

What a move lost is checked two ways that do not go through game/computer/review.py: a slow exact method
(value iteration over the rules engine's own moves, no tables, no solver) on a hand-made ending
where a known blunder loses a known amount, and the solver's values of the positions each legal
move leaves (read with the opponent to move) on seeded games of every rule set."""
import functools
import gc
import random
import threading
import time

import pygame
import pytest

from game.base import i18n
from game.computer import tables as tbl
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out
from game.computer.review import errors, rate_turn, review, review_match
from game.rules import TOURNE_CASE, Move, Position, Side, aways, rules_by_name
from game.scenes.learn.review import ErrorRow, ReviewScene
from game.scenes.learn.review_weighing import can_review, weigh_ahead
from game.scenes.table.scoreboard import ScoreboardScene
from tests import speaking
from tests.test_menus import app, frames, press  # noqa: F401  (app is a fixture)

THROWS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


@pytest.fixture(autouse=True)
def english():
    """Each test starts and ends in English, whatever the last one spoke."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# -- an independent, slow, exact method --------------------------------------------------------

@functools.lru_cache(maxsize=None)
def slow_chances(rules, start: Position, tol: float = 1e-13):
    """The chance the side to move wins, for every position reachable from `start`, by value
    iteration over the engine's legal moves and all 36 throws (no tables, no solver); and the
    mover's chance once its turn has left a position."""
    following, todo = {}, [start]
    while todo:
        p = todo.pop()
        if p in following or rules.outcome(p) is not None:
            continue
        following[p] = [[after for _, after in rules.plays(p, d)] or [p.passed()]
                        for d in THROWS]
        todo += [q for nexts in following[p] for q in nexts]
    over = {q for nexts in following.values() for n in nexts for q in n if q not in following}
    value = dict.fromkeys(following, 0.5)

    def after(q):
        return 1.0 if q in over or rules.outcome(q) is not None else 1 - value[q]

    # the same sweeps over the same positions in the same order, each position's following ones
    # looked up once rather than at every sweep: a throw that can end the game is worth 1 (the
    # best move wins), any other the best of 1 - the chance of the position a move leaves
    index = {p: i for i, p in enumerate(following)}
    table = []
    for per in following.values():
        ends = [[None if q in over or rules.outcome(q) is not None else index[q] for q in nexts]
                for nexts in per]
        table.append((sum(None in nexts for nexts in ends),
                      [list(dict.fromkeys(nexts)) for nexts in ends if None not in nexts]))
    values = [0.5] * len(table)
    get = values.__getitem__
    while True:
        change = 0.0
        for i, (won, per) in enumerate(table):
            v = (won + sum(1 - min(map(get, nexts)) for nexts in per)) / 36
            change, values[i] = max(change, abs(v - values[i])), v
        if change < tol:
            value.update(zip(following, values))
            return value, after


def test_a_known_blunder_loses_what_the_slow_exact_method_says():
    """White, with checkers on 9, 11 and home against Black's on 10, 11 and home, throws 2 and 1
    (only the 1 is played, TC-1): 11 to 12 leaves 77.3 % to win; hitting on 10 leaves 57.3 %.
    The hit is a blunder of 20.0 points of winning chance."""
    rules = rules_by_name("charpentier")
    position = Position.parse("9,11,12/10,11,12/W")
    value, after = slow_chances(rules, position)
    home, hit = Move.parse("11-12"), Move.parse("9-10*")
    chance = {m: after(rules.apply(position, m, (2, 1))) for m in (home, hit)}
    assert chance[home] == pytest.approx(0.773179, abs=1e-6)
    assert chance[hit] == pytest.approx(0.573055, abs=1e-6)

    blunder = rate_turn("charpentier", position, (2, 1), hit)
    assert blunder.best.same_play(home) and blunder.played == hit
    assert blunder.played_chance == pytest.approx(chance[hit], abs=1e-9)
    assert blunder.best_chance == pytest.approx(chance[home], abs=1e-9)
    assert blunder.loss == pytest.approx(chance[home] - chance[hit], abs=1e-9)
    assert blunder.loss == pytest.approx(0.200124, abs=1e-6) and blunder.is_error

    good = rate_turn("charpentier", position, (2, 1), home)
    assert good.loss == 0.0 and not good.is_error and good.best == home
    assert good.played_chance == pytest.approx(chance[home], abs=1e-9)


def test_the_slow_method_agrees_with_the_review_on_every_throw_of_the_ending():
    """Every throw of the same ending, every legal move: the review's chances are the slow
    method's, to 1e-9, and each loss is the best chance minus the played one."""
    rules = rules_by_name("charpentier")
    position = Position.parse("9,11,12/10,11,12/W")
    _value, after = slow_chances(rules, position)
    for dice in THROWS:
        plays = rules.plays(position, dice)
        moves = [m for m, _ in plays]
        chances = {str(m): after(reached) for m, reached in plays}
        for move in moves:
            rated = rate_turn("charpentier", position, dice, move)
            if len(set(chances.values())) < 2 and len(moves) < 2:
                assert rated is None, "a forced move or a pass is not rated"
                continue
            assert rated.played_chance == pytest.approx(chances[str(move)], abs=1e-9)
            assert rated.best_chance == pytest.approx(max(chances.values()), abs=1e-9)
            assert rated.loss == pytest.approx(max(chances.values()) - chances[str(move)], abs=1e-9)


# -- seeded games of every rule set ----------------------------------------------------------------

def seeded_session(rules: str, seed: int, length: int = 1, games: int = 1,
                   careless: float = 0.7, opponent: str = "computer") -> Session:
    """A match against the computer (the person at White): White plays any legal move most of
    the time and otherwise the best (read independently of game/computer/review.py), Black always the
    best; between two people both sides play so. To the end of `games` games."""
    tbl.tables(rules)
    s = Session.new(MatchOptions(rules=rules, length=length, opponent=opponent), seed=seed)
    rng = random.Random(seed)
    t = tbl.tables(rules)

    def choose(s, moves):
        if (opponent == "human" or s.to_move is Side.WHITE) and rng.random() < careless:
            return rng.choice(moves)
        score = (length, s.match.score[Side.WHITE], s.match.score[Side.BLACK])
        return max(moves, key=lambda m: independent_chance(t, s.position, s.dice, m, score))

    return play_out(s, choose, lambda s: s.phase is Phase.GAME_OVER
                    and (len(s.match.games) >= games or s.match.winner is not None))


def independent_chance(t, position, dice, move, match) -> float:
    """The mover's chance once `move` is played, read from the solution with the opponent to
    move (not as game/computer/review.py reads it): the game's chance for Charpentier, the match's for Bell."""
    rules, side = t.rules, position.to_move
    after = rules.apply(position, move, tuple(dice))
    outcome = rules.outcome(after)
    if t.equity is None:
        return 1.0 if outcome else 1 - t.win.position(*t.indices(after))
    away, away_other = aways(side, match)
    if outcome:
        return t.match_win(away - outcome.points, away_other)
    theirs = t.match_objective(away_other, away, wait=True)
    return 1 - theirs.position(*t.indices(after))


@pytest.mark.parametrize("rules", TOURNE_CASE)
def test_each_loss_is_the_best_chance_less_the_played_one_on_a_seeded_game(rules):
    length = 3 if rules == "bell" else 1
    s = seeded_session(rules, seed=17, length=length)
    record = s.match.games[0]
    match = (length, 0, 0)
    rated = review(rules, record, Side.WHITE, match)
    t = tbl.tables(rules)
    engine = t.rules
    position = engine.start(Side(record["first"]))
    choices = 0
    by_turn = {r.turn: r for r in rated}
    for number, (dice, text) in enumerate(record["turns"], start=1):
        move = Move.parse(text)
        if position.to_move is Side.WHITE:
            moves = engine.legal_moves(position, tuple(dice))
            chances = [independent_chance(t, position, dice, m, match) for m in moves]
            results = {str(engine.apply(position, m, tuple(dice))) for m in moves}
            if len(results) < 2:
                assert number not in by_turn, "forced moves and passes are not rated"
            else:
                choices += 1
                r = by_turn[number]
                played = independent_chance(t, position, dice, move, match)
                assert r.played_chance == pytest.approx(played, abs=1e-9)
                assert r.best_chance == pytest.approx(max(chances), abs=1e-9)
                assert r.loss == pytest.approx(max(chances) - played, abs=1e-9)
                assert independent_chance(t, position, dice, r.best, match) == pytest.approx(
                    max(chances), abs=1e-9), "the best move leaves the best chance"
                assert r.position == position and tuple(r.dice) == tuple(dice) and r.side is Side.WHITE
        else:
            assert number not in by_turn, "only the person's moves are weighed"
        position = engine.apply(position, move, tuple(dice))
    assert len(rated) == choices > 3
    assert [r.loss for r in rated] == sorted((r.loss for r in rated), reverse=True), "biggest first"
    assert errors(rated) and all(r.loss > 0 for r in errors(rated))
    assert rated[0].of == ("match" if rules == "bell" else "game")


def test_the_best_move_loses_nothing_and_a_forced_move_or_a_pass_is_not_listed():
    rules = rules_by_name("charpentier")
    # White starts with 4 and 3: only the 3 enters (TC-1), a forced move; Black passes
    # nothing here, White then plays every best move the hints give.
    start = rules.start(Side.WHITE)
    assert len(rules.legal_moves(start, (4, 3))) == 1
    assert rate_turn("charpentier", start, (4, 3), Move.parse("0-3")) is None
    stuck = Position.parse("3,8,12/6,12,12/W")          # "Quines": the turn passes (TC-7)
    assert rules.legal_moves(stuck, (5, 5)) == []
    assert rate_turn("charpentier", stuck, (5, 5), Move(())) is None
    record = {"first": "W", "turns": [[[4, 3], "0-3"]]}
    assert review("charpentier", record, Side.WHITE) == []
    # the best move, played, loses nothing
    position = Position.parse("9,11,12/10,11,12/W")
    best = rate_turn("charpentier", position, (1, 1), Move.parse("9-10*")).best
    again = rate_turn("charpentier", position, (1, 1), best)
    assert again.loss == 0.0 and again.best == best and not again.is_error


def test_a_match_is_weighed_game_by_game_at_each_score():
    s = seeded_session("charpentier", seed=3, length=3, games=3)
    games = s.match.games
    assert len(games) >= 2
    rated = review_match("charpentier", games, Side.WHITE, length=3, ordered=False)
    assert {r.game for r in rated} == set(range(1, len(games) + 1))
    first = games[0]["outcome"]
    second = [r for r in rated if r.game == 2][0]
    assert second.match == (3, *(first["points"] if first["winner"] == str(side) else 0
                                 for side in (Side.WHITE, Side.BLACK)))
    singles = [r for n, g in enumerate(games, 1) for r in review("charpentier", g, Side.WHITE, game=n,
                                                                   ordered=False)]
    assert [(r.game, r.turn, r.loss) for r in rated] == [(r.game, r.turn, r.loss) for r in singles]


# -- the screens ---------------------------------------------------------------------------------

def to_scoreboard(app, session) -> ScoreboardScene:
    app.keeper.adopt(session)
    app.show_match()
    frames(app, 40)               # past the first half second, when a match's end hears nothing
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene)
    return board


def open_review(app, board) -> ReviewScene:
    labels = [w.label for w in board.menu.widgets]
    assert "Review" in labels
    while board.menu.focused.label != "Review":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    scene.wait(60)
    frames(app, 3)
    return scene


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    frames(app, 2)


def test_the_review_opens_from_the_scoreboard_lists_errors_and_a_click_shows_one(app):
    session = seeded_session("charpentier", seed=17, length=3, games=1)
    board = to_scoreboard(app, session)
    assert [w.label for w in board.menu.widgets] == ["Next game", "Review", "Save and leave"]
    assert speaking.problems(app) == []
    scene = open_review(app, board)
    rows = [w for w in scene.menu.widgets if isinstance(w, ErrorRow)]
    expected = errors(review_match("charpentier", session.match.games, Side.WHITE, 3))
    assert len(rows) == len(scene.errors) == len(expected) > 0
    assert [(r.game, r.turn) for r in scene.errors] == [(r.game, r.turn) for r in expected]
    assert speaking.problems(app) == []

    shown = [w for w in rows if w.visible][min(1, len(rows) - 1)]
    click(app, shown.rect.center)
    assert scene.shown == shown.index
    assert speaking.problems(app) == []
    press(app, pygame.K_RIGHT)
    assert scene.shown == (shown.index + 1) % len(rows)
    press(app, pygame.K_ESCAPE)
    assert scene.shown is None and app.scenes.top is scene
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.scenes.top is board and board.session.phase is Phase.GAME_OVER


def test_the_keyboard_alone_goes_through_the_list_and_shows_an_error(app):
    session = seeded_session("charpentier-reentry", seed=18, length=1)
    scene = open_review(app, to_scoreboard(app, session))
    assert scene.errors
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    expected = 1 if len(scene.errors) > 1 else 0
    assert scene.shown == expected
    rated = scene.errors[expected]
    assert scene.board.scale > 0 and scene.board.rect.w > 300, "the board is drawn"
    # the board shows the position before the move: each checker where the position has it
    assert sorted(loc for s, loc, _, _ in scene.board.slots(rated.position) if s is Side.WHITE) == \
        sorted(rated.position.checkers(Side.WHITE))


def test_a_long_list_scrolls_and_every_state_speaks_both_languages(app):
    session = seeded_session("charpentier", seed=21, length=5, games=5, careless=0.9)
    scene = open_review(app, to_scoreboard(app, session))
    assert len(scene.errors) > scene.room, "enough errors to scroll"
    for _ in range(scene.room):            # from the first row to the one past the view
        press(app, pygame.K_DOWN)
    assert scene.list_menu.focus == scene.room and scene.first == 1
    assert scene.list_menu.focused.visible
    assert speaking.problems(app) == []
    press(app, pygame.K_RETURN)
    assert scene.shown == scene.room
    assert speaking.problems(app) == []


def test_a_bell_match_is_weighed_by_the_match_and_says_so(app):
    session = seeded_session("bell", seed=2, length=3)
    board = to_scoreboard(app, session)
    button = next(w for w in board.menu.widgets if w.label == "Review")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    click(app, button.rect.center)                   # the mouse opens it too
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    scene.wait(60)
    frames(app, 3)
    assert scene.rated and all(r.of == "match" for r in scene.rated)
    assert "match to 3" in scene.of_words()
    if scene.errors:
        scene.show(0)
        frames(app, 2)
    assert speaking.problems(app) == []


def test_no_review_for_a_demo(app):
    for options in (MatchOptions(rules="charpentier", autoplay=True, length=3),
                    MatchOptions(rules="garanguet", autoplay=True, length=3)):
        s = Session.new(options, seed=4)
        rng = random.Random(4)
        play_out(s, lambda s, moves: rng.choice(moves), lambda s: s.phase is Phase.GAME_OVER)
        assert s.match.games and not can_review(s), options
    assert can_review(seeded_session("bell", seed=1, length=1))
    assert can_review(two_people_session("charpentier", seed=1)), "two people at one screen"


def test_the_scoreboard_speaks_both_languages_at_a_match_end(app):
    session = seeded_session("bell", seed=9, length=1)
    board = to_scoreboard(app, session)
    assert board.match_over
    assert [w.label for w in board.menu.widgets] == ["Rematch", "Review", "Title"]
    assert speaking.problems(app) == []
    app.update_settings({"language": "fr"})
    big, small = board.headline()
    assert "le match" in big and ("Vous" in big or "ordinateur" in big), big
    assert (" à " in small and ("Les Blancs" in small or "Les Noirs" in small)), small
    app.update_settings({"language": "en"})
    assert "the match" in board.headline()[0]


def test_the_scoreboard_says_why_a_bell_game_scores_what_it_does_in_both_languages(app):
    session = seeded_session("bell", seed=9, length=3)
    board = to_scoreboard(app, session)
    assert not board.match_over
    points = session.outcome.points
    big, small = board.headline()
    assert small.endswith(f"{points} point{'s' if points > 1 else ''} (TB-4)"), small
    assert speaking.problems(app) == []
    app.update_settings({"language": "fr"})
    big, small = board.headline()
    assert "gagne" in big and "dames" in small and small.endswith("(TB-4)"), (big, small)


def test_while_the_moves_are_weighed_the_screen_says_so_and_a_perfect_game_has_no_errors(app, monkeypatch):
    import threading

    from game.computer import review as weighed
    release = threading.Event()
    real = weighed.rate_turn

    def slow(*args, **kwargs):
        release.wait(30)
        return real(*args, **kwargs)

    weighed.forget()                   # no turn found weighed by a test before
    monkeypatch.setattr(weighed, "rate_turn", slow)
    session = seeded_session("charpentier", seed=17, length=3, careless=0.0)   # White plays the best
    board = to_scoreboard(app, session)
    while board.menu.focused.label != "Review":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene) and scene.rated is None
    assert speaking.problems(app) == []
    release.set()
    scene.wait(30)
    frames(app, 2)
    assert scene.rated and scene.errors == [], "the best move every time: no errors"
    assert [type(w).__name__ for w in scene.menu.widgets] == ["Button", "ChanceChart"]
    assert speaking.problems(app) == []
    press(app, pygame.K_RETURN)                     # Back
    frames(app, 2)
    assert app.scenes.top is board


# -- two people at one screen: both sides weighed, each error named by its side ----------------

def two_people_session(rules: str, seed: int, length: int = 1, games: int = 1,
                       careless: float = 0.6) -> Session:
    """A match between two people at one screen, each side careless as seeded_session's White."""
    return seeded_session(rules, seed, length, games, careless, opponent="human")


@pytest.mark.parametrize("rules, seed", [("charpentier", 23), ("bell", 34)])
def test_two_people_have_both_sides_weighed_each_from_its_own_view(rules, seed):
    """Every turn of either side with a choice is rated, from the view of the side that moved;
    each loss is that side's best chance less its played one (read independently)."""
    length = 3 if rules == "bell" else 1
    s = two_people_session(rules, seed=seed, length=length)
    record = s.match.games[0]
    match = (length, 0, 0)
    rated = review(rules, record, None, match)
    by_turn = {r.turn: r for r in rated}
    t = tbl.tables(rules)
    engine = t.rules
    position = engine.start(Side(record["first"]))
    choices = {Side.WHITE: 0, Side.BLACK: 0}
    for number, (dice, text) in enumerate(record["turns"], start=1):
        move = Move.parse(text)
        moves = engine.legal_moves(position, tuple(dice))
        results = {str(engine.apply(position, m, tuple(dice))) for m in moves}
        if len(results) < 2:
            assert number not in by_turn, "forced moves and passes are not rated"
        else:
            side = position.to_move
            choices[side] += 1
            r = by_turn[number]
            chances = [independent_chance(t, position, dice, m, match) for m in moves]
            played = independent_chance(t, position, dice, move, match)
            assert r.side is side and r.position == position
            assert r.played_chance == pytest.approx(played, abs=1e-9)
            assert r.best_chance == pytest.approx(max(chances), abs=1e-9)
            assert r.loss == pytest.approx(r.best_chance - r.played_chance, abs=1e-12)
            assert r.loss == pytest.approx(max(chances) - played, abs=1e-9)
        position = engine.apply(position, move, tuple(dice))
    assert len(rated) == sum(choices.values()) and min(choices.values()) > 2
    wrong = errors(rated)
    assert {r.side for r in wrong} == {Side.WHITE, Side.BLACK}, "both sides' errors are listed"
    # one side's review is the other's turns left out, nothing else changed
    for side in Side:
        alone = review(rules, record, side, match, ordered=False)
        assert [(r.turn, r.loss) for r in alone] == \
            [(r.turn, r.loss) for r in review(rules, record, None, match, ordered=False) if r.side is side]


def said_on_screen(app, frames_=2) -> list[str]:
    """The words the current scene draws, in the language spoken."""
    from game.view import widgets as ui
    with ui.recording() as (shown, _unsaid):
        frames(app, frames_)
        return [str(words) for words, _rect, _box in shown]


def test_two_people_review_names_the_side_of_each_error_in_both_languages(app):
    session = two_people_session("charpentier", seed=23, length=3, games=2)
    board = to_scoreboard(app, session)
    labels = [w.label for w in board.menu.widgets]
    assert "Review" in labels and labels[-1] in ("Title", "Save and leave")
    assert speaking.problems(app) == []
    scene = open_review(app, board)
    assert scene.both and scene.human is None
    expected = errors(review_match("charpentier", session.match.games, None, 3))
    assert [(r.game, r.turn, r.side) for r in scene.errors] == \
        [(r.game, r.turn, r.side) for r in expected]
    assert {r.side for r in scene.errors} == {Side.WHITE, Side.BLACK}
    assert [key for key, _words, _w in scene.columns()][:2] == ["game", "side"]

    words = said_on_screen(app)
    assert "Side" in words and "the side that moved" in scene.of_words()
    visible = [scene.errors[w.index] for w in scene.menu.widgets
               if isinstance(w, ErrorRow) and w.visible]
    for side, name in ((Side.WHITE, "White"), (Side.BLACK, "Black")):
        if any(r.side is side for r in visible):
            assert name in words, f"the list names {name}'s errors"
    whites = sum(r.side is Side.WHITE for r in scene.errors)
    assert f"(White {whites}, Black {len(scene.errors) - whites})" in scene.summary()
    assert speaking.problems(app) == []

    app.update_settings({"language": "fr"})
    words = said_on_screen(app)
    assert "Camp" in words and "le camp qui a joué" in scene.of_words()
    assert any(w in ("Les Blancs", "Les Noirs") for w in words)
    app.update_settings({"language": "en"})

    # each side's first error, shown: whose move it was, and the chances are that side's
    for side, name, french in ((Side.WHITE, "White", "les Blancs"), (Side.BLACK, "Black", "les Noirs")):
        index = next(i for i, r in enumerate(scene.errors) if r.side is side)
        scene.show(index)
        rated = scene.errors[index]
        words = said_on_screen(app)
        assert f"Game {rated.game}, move {rated.turn}, played by {name}" in words, words
        assert any(w.startswith(f"leaves {name} ") and w.endswith("to win the game") for w in words)
        assert speaking.problems(app) == []
        app.update_settings({"language": "fr"})
        words = said_on_screen(app)
        assert f"Partie {rated.game}, coup {rated.turn}, joué par {french}" in words, words
        app.update_settings({"language": "en"})
        press(app, pygame.K_ESCAPE)
        assert scene.shown is None


def test_a_person_against_the_computer_still_sees_only_their_own_moves_and_no_side_column(app):
    session = seeded_session("charpentier", seed=17, length=1)
    scene = open_review(app, to_scoreboard(app, session))
    assert not scene.both and all(r.side is Side.WHITE for r in scene.rated)
    assert "side" not in [key for key, _words, _w in scene.columns()]
    assert "the side that moved" not in scene.of_words()


def test_two_people_while_weighed_and_when_both_played_the_best(app, monkeypatch):
    import threading

    from game.computer import review as weighed
    release = threading.Event()
    real = weighed.rate_turn

    def slow(*args, **kwargs):
        release.wait(30)
        return real(*args, **kwargs)

    weighed.forget()                   # no turn found weighed by a test before
    monkeypatch.setattr(weighed, "rate_turn", slow)
    session = two_people_session("charpentier", seed=23, length=1, careless=0.0)   # both the best
    board = to_scoreboard(app, session)
    assert [w.label for w in board.menu.widgets] == ["Rematch", "Review", "Title"]
    while board.menu.focused.label != "Review":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene) and scene.rated is None
    assert "Weighing the moves..." in said_on_screen(app)
    assert speaking.problems(app) == []
    release.set()
    scene.wait(30)
    frames(app, 2)
    assert scene.rated and scene.errors == [] and {r.side for r in scene.rated} == set(Side)
    assert scene.summary() == f"Each of the {len(scene.rated)} moves with a choice was the best one."
    assert speaking.problems(app) == []


# -- weighed in the background, shown as weighed (issue 40: the review opens at once) ---------

def frames_until(app, done, seconds=30.0) -> bool:
    """Frames until `done()`: the weighing goes on its own thread, in wall time. Bounded in
    frames and in seconds."""
    deadline = time.monotonic() + seconds
    for _ in range(int(seconds * 200)):
        if done() or time.monotonic() > deadline:
            break
        frames(app, 1)
        time.sleep(0.005)
    return done()


class Gate:
    """rate_turn let through one turn at a time: what the test lets through, no more."""

    def __init__(self, monkeypatch):
        from game.computer import review as weighed
        self.real, self.passes = weighed.rate_turn, threading.Semaphore(0)
        weighed.forget()                       # no turn found weighed by a test before
        monkeypatch.setattr(weighed, "rate_turn", self)

    def __call__(self, *args, **kwargs):
        assert self.passes.acquire(timeout=30), "the test let no turn through"
        return self.real(*args, **kwargs)

    def let(self, count: int = 1) -> None:
        self.passes.release(count)


def test_a_weighing_goes_turn_by_turn_stops_and_goes_on_and_keeps_what_it_weighed(monkeypatch):
    from game.computer.review import Weighing
    session = seeded_session("charpentier", seed=3, length=3, games=2)
    games = session.match.games
    mine = review_match("charpentier", games, Side.WHITE, 3, ordered=False)
    theirs = review_match("charpentier", games, Side.BLACK, 3, ordered=False)
    gate = Gate(monkeypatch)
    weighing = Weighing("charpentier", games, Side.WHITE, 3)
    count = weighing.progress()[1]
    assert count >= len(mine) > 3 and weighing.start() is not None
    gate.let(3)
    deadline = time.monotonic() + 30
    while weighing.progress()[0] < 3 and time.monotonic() < deadline:
        time.sleep(0.002)
    weighing.stop()               # at its next turn: the one under way ends
    gate.let(1)
    weighing.wait(30)
    assert not weighing.running() and weighing.progress() == (4, count) and not weighing.mine_done
    assert weighing.mine == mine[:len(weighing.mine)] and weighing.mine
    assert weighing.start() is not None, "it goes on where it stopped"
    gate.let(10_000)
    assert weighing.wait(30) and weighing.done and not weighing.running()
    assert weighing.mine == mine and weighing.others == theirs and weighing.problem is None
    assert weighing.progress() == (count, count)
    # a review opened again (or the next game's scoreboard) finds every turn weighed
    monkeypatch.setattr("game.computer.review.rate_turn", lambda *a, **k: pytest.fail("weighed again"))
    again = Weighing("charpentier", games, Side.WHITE, 3)
    again.start()
    assert again.wait(30) and again.mine == mine and again.others == theirs


def test_the_scoreboard_weighs_at_once_and_the_review_fills_in_then_sorts(app, monkeypatch):
    session = seeded_session("charpentier", seed=21, length=5, games=2, careless=0.9)
    mine = review_match("charpentier", session.match.games, Side.WHITE, 5, ordered=False)
    gate = Gate(monkeypatch)
    board = to_scoreboard(app, session)
    weighing = board.weighing
    assert frames_until(app, weighing.running), "weighed from the scoreboard, before Review"
    frames(app, 2)
    assert not gc.isenabled(), "the collector held off while it weighs, frames or not"
    gate.let(4)
    assert frames_until(app, lambda: weighing.progress()[0] >= 4)
    while board.menu.focused.label != "Review":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene) and scene.weighing is weighing, "taken up, not begun again"
    done, count = weighing.progress()
    assert scene.rated is None and not scene.listed
    assert f"Weighing your moves: {done} of {count}; the errors so far, in the order played" in \
        said_on_screen(app)
    # the rows come in the order played, the chart with them; the focus stays on its row
    gate.let(30)
    assert frames_until(app, lambda: len(scene.errors) >= 2)
    so_far = [r for r in mine[:len(weighing.mine)] if r.is_error]
    assert scene.errors == so_far[:len(scene.errors)]
    assert [(r.game, r.turn) for r in scene.errors] == sorted((r.game, r.turn) for r in scene.errors)
    assert {(p.game, p.turn) for p in scene.chart.points} >= {(r.game, r.turn) for r in scene.errors}
    assert scene.chart.summary_words() == "The chart fills in once the moves are weighed.", \
        "no peak nor largest error told before the match is weighed"
    press(app, pygame.K_DOWN)
    focused = scene.errors[scene.menu.focused.index]
    assert speaking.problems(app) == []
    gate.let(10_000)
    assert frames_until(app, lambda: weighing.done)
    frames(app, 2)                 # the scene takes up the last turns weighed
    assert scene.listed and scene.rated == mine and scene.errors == errors(mine)
    assert scene.errors[scene.menu.focused.index] == focused, "the focus kept its error"
    assert scene.summary() in said_on_screen(app)
    assert len(scene.chart.points) == len(mine) + len(scene.others)
    assert scene.chart.summary_words().startswith("Your chance peaked at ")
    assert gc.isenabled(), "and back on once it is done"
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is board


def test_a_new_match_or_the_title_stops_the_weighing(app, monkeypatch):
    gate = Gate(monkeypatch)
    session = seeded_session("charpentier", seed=21, length=5, games=1, careless=0.9)
    board = to_scoreboard(app, session)
    weighing = board.weighing
    assert frames_until(app, weighing.running)
    board.next_game()
    frames(app, 2)
    assert app.scenes.top is not board
    gate.let(1)                   # the turn under way ends; no other is begun
    deadline = time.monotonic() + 30
    while weighing.running() and time.monotonic() < deadline:
        time.sleep(0.002)
    assert not weighing.running() and weighing.progress()[0] == 1 and not weighing.done


def test_a_weighing_begun_as_the_game_ends_is_taken_up_by_its_scoreboard_alone(app, monkeypatch):
    gate = Gate(monkeypatch)
    other = seeded_session("charpentier", seed=3, length=1)
    stale = weigh_ahead(other)                       # a game whose scoreboard never showed
    session = seeded_session("charpentier", seed=21, length=5, games=1, careless=0.9)
    ahead = weigh_ahead(session)                     # the table's pause on the last move
    assert ahead is not None and ahead.running() and stale is not ahead
    gate.let(2)
    board = to_scoreboard(app, session)
    assert board.weighing is ahead, "the scoreboard goes on with it: nothing weighed twice"
    deadline = time.monotonic() + 30
    while stale.running() and time.monotonic() < deadline:
        gate.let(1)
        time.sleep(0.01)
    assert not stale.running() and not stale.done, "the other game's stopped when this one began"
    assert weigh_ahead(Session.new(MatchOptions(rules="charpentier", autoplay=True), seed=1)) is None
    unwanted = weigh_ahead(other, wanted=lambda: False)        # the player went elsewhere
    unwanted.wait(30)
    assert unwanted.progress()[0] == 0 and not unwanted.running()
    gate.let(10_000)
    assert ahead.wait(30) and ahead.mine == review_match("charpentier", session.match.games,
                                                         Side.WHITE, 5, ordered=False)


def test_a_match_whose_games_do_not_play_again_from_their_starts_offers_no_review():
    """A game begun from a position set by hand does not replay from the start: no review is
    offered for it (the scoreboard's button) and none is weighed ahead (the table's pause)."""
    session = seeded_session("charpentier", seed=21, length=5, games=1, careless=0.9)
    assert can_review(session)
    record = session.match.games[0]
    dice, first = record["turns"][0]
    position = rules_by_name("charpentier").start(Side(record["first"]))
    refused = next(f"{a}-{b}" for a in range(12) for b in range(12)
                   if not _legal(position, dice, f"{a}-{b}"))
    record["turns"][0] = (dice, refused)          # as if the game had begun elsewhere
    assert not can_review(session)
    assert weigh_ahead(session) is None


def _legal(position, dice, text) -> bool:
    try:
        rules_by_name("charpentier").apply(position, Move.parse(text), tuple(dice))
    except ValueError:
        return False
    return True
