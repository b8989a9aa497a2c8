"""The review's chart (issue 40): its figures are the review list's (the same chances, the same
errors), the luck of a throw is the chance after it against the chance before it, its summary
says its figures, and a click, a key or a row of the list moves it in step."""
import pygame
import pytest

from game.computer.review import Rated, errors, review_match
from game.play.review_chart import chart_points, for_white, game_starts, summary
from game.rules import Move, Side, rules_by_name
from game.scenes.learn.review import ErrorRow
from tests import speaking
from tests.test_menus import app, frames, press  # noqa: F401  (app is a fixture)
from tests.test_review import click, english, open_review, seeded_session, to_scoreboard  # noqa: F401


def rated(game, turn, side, played, best, loss=None) -> Rated:
    """A made-up weighed turn: only the figures the chart reads matter."""
    position = rules_by_name("charpentier").start(side)
    loss = best - played if loss is None else loss
    return Rated(game, turn, side, position, (3, 1), Move(()), Move(()), played, best, loss, 2,
                 "game")


def test_the_chart_has_the_lists_chances_and_errors_on_a_seeded_match():
    session = seeded_session("charpentier", seed=17, length=3, games=2)
    games = session.match.games
    mine = review_match("charpentier", games, Side.WHITE, 3, ordered=False)
    theirs = review_match("charpentier", games, Side.BLACK, 3, ordered=False)
    listed = errors(mine)
    points = chart_points(mine + theirs, games, listed)
    assert len(points) == len(mine) + len(theirs) > 40
    # the same errors as the list, the same losses; nothing else marked
    assert sorted((p.game, p.turn, p.loss) for p in points if p.error) == \
        sorted((r.game, r.turn, r.loss) for r in listed)
    # each point is the review's own chance after the move, as White's
    by_turn = {(r.game, r.turn): r for r in mine + theirs}
    for p in points:
        r = by_turn[(p.game, p.turn)]
        assert p.white == pytest.approx(r.played_chance if r.side is Side.WHITE else 1 - r.played_chance)
    # in the order played, each game after the one before
    assert [p.x for p in points] == sorted(p.x for p in points)
    starts = game_starts(games)
    assert all(p.x == starts[p.game - 1] + p.turn for p in points)
    # the luck: the best chance of the throw against what the move before left
    lucky = [(a, b) for a, b in zip(points, points[1:]) if b.luck is not None]
    assert lucky
    for before, after in lucky:
        assert (before.game, before.turn + 1) == (after.game, after.turn)
        assert after.luck == pytest.approx(for_white(after.rated.side, after.rated.best_chance)
                                           - before.white)


def test_luck_is_known_only_where_the_turn_before_was_weighed():
    points = chart_points([rated(1, 1, Side.WHITE, 0.6, 0.6), rated(1, 2, Side.BLACK, 0.3, 0.5),
                           rated(1, 4, Side.BLACK, 0.5, 0.5), rated(2, 1, Side.WHITE, 0.5, 0.5)],
                          [{"turns": [0] * 5}, {"turns": [0] * 3}])
    assert [p.x for p in points] == [1, 2, 4, 6]
    assert points[0].luck is None and points[2].luck is None and points[3].luck is None
    # before Black's throw Black had 1 - 0.6 = 0.4; the throw's best gave 0.5: +0.1 for Black
    assert points[1].luck == pytest.approx(-0.1)
    assert points[1].white == pytest.approx(0.7)


def test_the_summary_is_the_peak_the_biggest_error_and_the_luck_of_the_side():
    turns = [rated(1, 1, Side.WHITE, 0.55, 0.60), rated(1, 2, Side.BLACK, 0.20, 0.30),
             rated(1, 3, Side.WHITE, 0.70, 0.71)]
    listed = errors([turns[0], turns[2]])
    points = chart_points(turns, [{"turns": [0] * 3}], listed)
    white = summary(points, Side.WHITE)
    assert white.peak.turn == 2 and white.peak_chance() == pytest.approx(0.8)
    assert white.worst.turn == 1 and white.worst.loss == pytest.approx(0.05)
    # Black's throw: 0.45 before, 0.30 at best (+0.15 for White); White's: 0.80, then 0.71
    assert white.luck == pytest.approx(0.15 - 0.09)
    black = summary(points, Side.BLACK)
    assert black.peak.turn == 1 and black.peak_chance() == pytest.approx(0.45)
    assert black.luck == pytest.approx(-white.luck)


def test_a_click_on_the_chart_shows_that_error_and_the_keys_move_in_step_with_the_list(app):
    session = seeded_session("charpentier", seed=17, length=3, games=1)
    scene = open_review(app, to_scoreboard(app, session))
    chart = scene.chart
    assert chart.points and scene.others is not None
    assert sorted((p.game, p.turn) for p in chart.points if p.error) == \
        sorted((r.game, r.turn) for r in scene.errors)
    # a row focused puts the chart's cursor on its turn
    rows = [w for w in scene.menu.widgets if isinstance(w, ErrorRow)]
    scene.menu.focus_on(rows[1])
    frames(app, 1)
    assert chart.points[chart.cursor].rated is scene.errors[1]
    # a click on an error's point shows it, as its row would
    worst = scene.errors[0]
    index = chart.index_of(worst)
    plot = chart.plot_rect(chart.scale)
    x = round(chart.x_scale(plot)(chart.points[index].x))
    click(app, (x, plot.centery))
    assert scene.showing[scene.shown] is worst
    press(app, pygame.K_ESCAPE)
    assert scene.shown is None and scene.menu.focused is chart and chart.cursor == index
    # Down goes to the list, Up from the first row back to the chart; Right moves its cursor;
    # Enter shows that turn, and Right then steps along the chart
    press(app, pygame.K_DOWN)
    assert scene.menu.focused is rows[0]
    press(app, pygame.K_UP)
    assert scene.menu.focused is chart
    at = chart.cursor = 0
    press(app, pygame.K_RIGHT)
    assert chart.cursor == at + 1
    press(app, pygame.K_RETURN)
    assert scene.shown is not None and scene.showing[scene.shown] is chart.points[at + 1].rated
    press(app, pygame.K_RIGHT)
    assert scene.showing[scene.shown] is chart.points[(at + 2) % len(chart.points)].rated
    press(app, pygame.K_ESCAPE)
    assert scene.shown is None and scene.menu.focused is chart
    assert speaking.problems(app) == []


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_chart_and_its_words_are_drawn_in_both_languages(size):
    """Every word of the chart passes through the catalogue and stays inside it, in English
    and French, at both sizes; its summary names the biggest error's move and loss."""
    from game.app import App
    from game.base import i18n
    from game.scenes.learn.review import ReviewScene
    from game.scenes.learn.review_board import percent
    from game.view import widgets as ui
    import tempfile
    app = App(seed=5, data_dir=tempfile.mkdtemp(), size=size)
    try:
        session = seeded_session("charpentier", seed=17, length=3, games=2)
        scene = ReviewScene(app, session.options, session.match.games)
        app.scenes.push(scene)
        scene.wait(60)
        frames(app, 2)
        for code in ("en", "fr"):
            app.update_settings({"language": code})
            frames(app, 1)
            with ui.recording() as (drawn, unsaid):
                scene.draw(app.screen)
            assert unsaid == [], (code, unsaid)
            inside = [(str(w), rect) for w, rect, box in drawn
                      if scene.chart.rect.contains(rect) or not box.contains(rect)]
            assert all(scene.chart.rect.contains(rect) for _w, rect in inside), (code, inside)
            words = scene.chart.summary_words()
            assert str(percent(scene.errors[0].loss)) in words
            assert any(words == w for w, _rect in inside), "the summary is drawn under the chart"
    finally:
        i18n.set_language("en")
        pygame.display.quit()
