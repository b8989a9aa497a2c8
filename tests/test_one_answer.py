"""Issue 39, item 2: one answer for one question. For the same Garanguet position, throw and
score, the engine's `move` and `moves`, `analyze`, the hints at the table and the review give
the same best move and the same figures, and every list is sorted by the figure it ranks by
(the match's chance in a match, else the equity) and shows it. Positions of both phases: contact
(the start, where the master's two-ply search decides, and a blocked middle game) and race (past
the exact table, and inside it)."""
import itertools
import json

import numpy as np
import pytest

import tests.test_analysis
from game.commands import engine
from game.computer import garanguet_bearoff as gb
from game.computer import garanguet_player as gp
from game.computer import garanguet_race as gr
from game.computer.review import rate_turn
from game.rules import GARANGUET, Position
from tests.test_analysis import _system_speaks_english  # noqa: F401  (an autouse fixture)

START = "1*15/1*15/W"
BLOCKED = "11*3,12*12/7,8*2,9,10,11*3,12*2,16*2,21,22,24/B"
LONG_RACE = "19*3,20*3,21*3,22*2,23*2,24*2/19*2,20*3,21*3,22*3,23*2,24*2/W"
SHORT_RACE = "20,21,22*2,24,off*10/19,21*2,23,24,off*10/B"     # 5 a side: the exact table

CASES = [
    (START, (6, 5, 4), None),          # the issue's example
    (START, (6, 5, 4), (5, 2, 3)),
    (BLOCKED, (1, 2, 4), (7, 3, 0)),
    (LONG_RACE, (5, 3, 2), (3, 1, 1)),
    (SHORT_RACE, (5, 5, 1), None),
    (SHORT_RACE, (4, 2, 1), (1, 0, 0)),
]


def engine_reply(position, dice, match):
    request = {"rules": "garanguet", "position": position, "dice": list(dice)}
    if match:
        request.update(match=match[0], score=[match[1], match[2]])
    reply = engine.answer(json.dumps(request))
    assert "error" not in reply, reply
    return reply


def analyze_json(capsys, position, dice, match):
    argv = ["--rules", "garanguet", "--position", position, "--dice", *map(str, dice)]
    if match:
        argv += ["--match", str(match[0]), "--score", f"{match[1]}-{match[2]}"]
    return tests.test_analysis.as_json(capsys, *argv)


@pytest.mark.slow(seconds=12)
@pytest.mark.parametrize("text, dice, match", CASES)
def test_engine_analyze_hints_and_review_agree(capsys, text, dice, match):
    position = Position.parse(text)
    hints = gp.hints(GARANGUET, position, dice, match)
    reply = engine_reply(text, dice, match)
    moves = analyze_json(capsys, text, dice, match)["moves"]
    rank = "match_win_probability" if match else "equity"
    assert len(hints) == len(moves) == len(GARANGUET.legal_moves(position, dice)) > 1

    # one best move: the master's, the engine's list's first, analyze's, the hints' first
    best = str(hints[0].move)
    assert reply["move"] == reply["moves"][0]["move"] == moves[0]["move"] == best
    # the same moves in the same order with the same figures
    assert [m["move"] for m in moves] == [str(h.move) for h in hints]
    assert [m["move"] for m in reply["moves"]] == [str(h.move) for h in hints[:engine.BEST_FEW]]
    for entry, shown, hint in zip(reply["moves"], moves, hints):
        assert entry["win"] == pytest.approx(shown[rank] if match else shown["win_probability"],
                                             abs=1e-6)
        assert entry["win2"] == pytest.approx(shown["win2_probability"], abs=1e-6)
        if match:       # ranked by the match's chance, "win": the equity is analyze's
            assert "equity" not in entry
        else:
            assert entry["equity"] == pytest.approx(shown["equity"], abs=1e-6)
        assert hint.equity == pytest.approx(shown["equity"], abs=1e-12)
        assert hint.loss == pytest.approx(hints[0].win_probability - hint.win_probability
                                          if match else hints[0].equity - hint.equity, abs=1e-12)
    # every list sorted by the figure it ranks by, which it shows
    ranked = [m[rank] for m in moves]
    assert ranked == sorted(ranked, reverse=True)
    engine_rank = [m["win" if match else "equity"] for m in reply["moves"]]
    assert engine_rank == sorted(engine_rank, reverse=True)
    assert [h.loss for h in hints] == sorted(h.loss for h in hints) and hints[0].loss == 0.0

    # the review holds a move to the same best move, with the same chances (a lone game is a
    # 1-point match there, as at the table)
    if match:
        played = hints[-1].move
        rated = rate_turn("garanguet", position, dice, played, match)
        assert str(rated.best) == best
        assert rated.best_chance == pytest.approx(moves[0][rank], abs=1e-12)
        assert rated.played_chance == pytest.approx(moves[-1][rank], abs=1e-12)
        assert rated.loss == pytest.approx(hints[-1].loss, abs=1e-12)


def test_the_issues_example_is_one_answer(capsys):
    """At the start with 6-5-4 the engine played 1-5 1-6 1-7 (win 0.643487) while analyze ranked
    1-6 1-7 7-11 first (0.573564), and the engine's list was not in the order of its figure."""
    reply = engine_reply(START, (6, 5, 4), None)
    moves = analyze_json(capsys, START, (6, 5, 4), None)["moves"]
    assert reply["move"] == moves[0]["move"]
    assert reply["moves"][0]["win"] == pytest.approx(moves[0]["win_probability"], abs=1e-6)
    equities = [m["equity"] for m in reply["moves"]]
    assert equities == sorted(equities, reverse=True)


def test_analyze_table_shows_the_2_point_loss_that_ranks_a_row_below(capsys):
    """A row below the best may show a higher "win" and "2-point win": the 2-point loss column
    and the equity, which the rows are sorted by, say why."""
    status, out, _ = tests.test_analysis.run(capsys, "--rules", "garanguet", "--position",
                                             BLOCKED, "--dice", "1", "2", "4", "--all")
    assert status == 0
    head = out.splitlines()[1]
    assert "2-point loss" in head and head.index("2-point loss") < head.index("equity")
    rows = [line.split() for line in out.splitlines()[3:]]
    equities = [float(row[-1]) for row in rows if len(row) > 2 and "/" in row[-5]]
    assert len(equities) > 10 and equities == sorted(equities, reverse=True)


@pytest.mark.parametrize("text, match", [(BLOCKED, (7, 3, 0)), (START, None)])
def test_the_chances_before_the_throw_look_as_far_ahead_as_the_moves(capsys, text, match):
    """analyze's row "before the throw" was the network's one-ply figure while each move's row
    looks a turn further (the opponent's every throw and best reply): now it too looks a turn
    ahead, each of the mover's throws played as the network likes best at one ply, by the
    engine's own legal plays."""
    position = Position.parse(text)
    side = position.to_move
    score = gp.aways(side, match)
    expected = np.zeros(3)
    for numbers, chance in gb.throws():
        dice = next(d for d in itertools.product(range(1, 7), repeat=3) if gb.numbers(d) == numbers)
        ends = [after.checkers(side) for _, after in GARANGUET.plays(position, dice)]
        values = gp.chances(position, ends or [position.checkers(side)], gp.net(), gr.races())
        expected += chance * values[int(np.argmax(gp.worth(values, score)))]
    argv = ["--rules", "garanguet", "--position", text]
    if match:
        argv += ["--match", str(match[0]), "--score", f"{match[1]}-{match[2]}"]
    shown = tests.test_analysis.as_json(capsys, *argv)
    assert [shown[k] for k in ("win_probability", "win2_probability", "lose2_probability")] == \
        pytest.approx(list(expected), abs=1e-9)
