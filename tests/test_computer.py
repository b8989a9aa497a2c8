"""The computer player: its solution checked against facts found independently of the solver
(hand-computed endgames, a brute force on a reduced board, the engine's own moves), its turn
tables against the engine, and its levels and hints."""
import random
from fractions import Fraction

import pytest

from game.computer import random_move
from game.computer.tourne_case import LEVEL_NAMES, LEVELS, Computer, hints
from game.computer import tables as tbl
from game.rules import BELL, CHARPENTIER, CHARPENTIER_REENTRY, Move, Position, Side, rules_by_name

TOURNE_CASE = [CHARPENTIER, CHARPENTIER_REENTRY, BELL]
ALL_DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def value(rules, text, kind="chance"):
    t = tbl.tables(rules.name)
    c, o = t.indices(Position.parse(text))
    return float(getattr(t, kind)[c, o])


def random_position(rules, rng):
    """A position reached by random play (so every kind of config turns up)."""
    position = rules.start(rng.choice(list(Side)))
    for _ in range(rng.randrange(60)):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        after = rules.apply(position, random_move(rules, position, dice, rng), dice)
        if rules.outcome(after):
            break
        position = after
    return position


# --- facts computed by hand ---------------------------------------------------------------------
@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_last_checkers_facing_home(rules):
    # Both sides need a 1 to bring the last checker home (a lower die of 1 in Charpentier, any
    # die showing 1 in Bell: 11 throws in 36 either way); otherwise the turn passes.
    # V = p + (1 - p)(1 - V), so V = 1 / (2 - p) = 36/61.
    assert value(rules, "11,12,12/11,12,12/W") == pytest.approx(36 / 61, abs=1e-11)


def test_bell_single_point_race_equity():
    # The loser has every checker entered: each win is 1 point. E = p - (1 - p) E = p / (2 - p).
    assert value(BELL, "11,12,12/11,12,12/B", "equity") == pytest.approx(11 / 61, abs=1e-11)


def test_a_step_onto_the_facing_checker_hits_it():
    # White on 10 against Black's last checker on 11: a lower die of 1 steps to 11 and hits
    # (TC-6), which is worth more to White than the race alone (by hand, without the hit:
    # x = (9/36 + 11/36 * 25/61) / (1 - 16/36 * 25/36) = 0.5427...).
    without_hit = (Fraction(9, 36) + Fraction(11, 36) * Fraction(25, 61)) / (
        1 - Fraction(16, 36) * Fraction(25, 36))
    assert value(CHARPENTIER, "10,12,12/11,12,12/W") > float(without_hit) + 0.1


@pytest.mark.parametrize("rules", [CHARPENTIER_REENTRY, BELL], ids=lambda r: r.name)
def test_a_side_that_can_never_re_enter_loses(rules):
    # Black's hit checker waits but its own checker on point 1 bars every entry (TC-3, TC-4), and
    # White, racing on, never lands on point 1 to free it: Black passes until White is home.
    assert value(rules, "9,12,12/b,1,12/W") == pytest.approx(1.0, abs=1e-11)
    assert value(rules, "b,1,12/9,12,12/W") == pytest.approx(0.0, abs=1e-11)
    if rules is BELL:   # ... and it is a 2-point win: Black has a checker on the bar (TB-4)
        assert value(rules, "9,12,12/b,1,12/W", "equity") == pytest.approx(2.0, abs=1e-11)


@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_colours_do_not_matter(rules):
    rng = random.Random(5)
    t = tbl.tables(rules.name)
    for _ in range(20):
        p = random_position(rules, rng)
        swapped = Position(p.black, p.white, p.to_move.other)
        assert t.indices(p) == t.indices(swapped)
        for dice in [(1, 2), (5, 5)]:
            a = [(str(h.move), h.win_probability) for h in hints(rules, p, dice)]
            b = [(str(h.move), h.win_probability) for h in hints(rules, swapped, dice)]
            assert a == b


# --- the solution obeys the game's equations, with the engine's own moves ---------------------
def expected_after_throw(rules, t, position, objective):
    """Sum over the 36 throws of the best legal move's worth (a pass gives the turn away)."""
    total = 0.0
    side = position.to_move
    for dice in ALL_DICE:
        moves = rules.legal_moves(position, dice)
        if not moves:
            worths = [objective.K - objective.theirs[t.index[position.checkers(side.other)]][
                t.index[position.checkers(side)]]]
        else:
            worths = []
            for move in moves:
                after = rules.play_steps(position, move.steps)
                worths.append(objective.after(t.index[after.checkers(side)],
                                              t.index[after.checkers(side.other)], t.home))
        total += max(worths) / 36
    return total


@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_values_satisfy_the_game_equations(rules):
    t = tbl.tables(rules.name)
    objective = t.win if t.equity is None else t.most_points
    rng = random.Random(17)
    for _ in range(60):
        position = random_position(rules, rng)
        c, o = t.indices(position)
        assert objective.position(c, o) == pytest.approx(
            expected_after_throw(rules, t, position, objective), abs=1e-10)


@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_no_choice_positions(rules):
    # Where every throw allows at most one move, the value is a plain average over the throws.
    t = tbl.tables(rules.name)
    objective = t.win if t.equity is None else t.most_points
    rng = random.Random(3)
    found = 0
    for _ in range(400):
        position = random_position(rules, rng)
        if all(len(rules.legal_moves(position, d)) <= 1 for d in ALL_DICE):
            found += 1
            c, o = t.indices(position)
            assert objective.position(c, o) == pytest.approx(
                expected_after_throw(rules, t, position, objective), abs=1e-10)
    assert found >= 3


# --- a brute force on a reduced board ----------------------------------------------------------
def brute_force(rules, points):
    """Plain value iteration with dictionaries on the endgame where each side has one checker
    left to bring home (two already on point 12), moves straight from the engine."""
    places = ([-1] if rules.name != "charpentier" else []) + list(range(0, 12))
    configs = [tuple(sorted((x, 12, 12))) for x in places]
    states = [Position(a, b, Side.WHITE) for a in configs for b in configs]
    follow = {}       # per state, each throw's (own, opponent's) checkers after each turn
    for p in states:
        throws = follow[p.white, p.black] = []
        for dice in ALL_DICE:
            afters = [after for _, after in rules.plays(p, dice)]
            throws.append([(a.white, a.black) for a in afters] or None)
    V = {(p.white, p.black): 0.0 for p in states}
    while True:
        change = 0.0
        for (mine, theirs) in V:
            total = 0.0
            for options in follow[mine, theirs]:
                if options is None:
                    total -= V[theirs, mine] / 36
                    continue
                worths = [points(b) if a == (12, 12, 12) else -V[b, a] for a, b in options]
                total += max(worths) / 36
            change = max(change, abs(total - V[mine, theirs]))
            V[mine, theirs] = total
        if change < 1e-13:
            return V


@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_brute_force_on_the_last_checkers(rules):
    # Played for points (2 * chance - 1 when every win is 1 point), solved here without the
    # solver's tables: values agree everywhere on this reduced board.
    t = tbl.tables(rules.name)
    bell = rules is BELL
    V = brute_force(rules, lambda loser: (2 if any(x <= 0 for x in loser) else 1) if bell else 1)
    for (mine, theirs), v in V.items():
        c, o = t.index[mine], t.index[theirs]
        mine_value = t.equity[c, o] if bell else 2 * t.chance[c, o] - 1
        assert mine_value == pytest.approx(v, abs=1e-9), (mine, theirs)


# --- the turn tables the solver uses are the engine's -------------------------------------------
@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_turn_tables_match_the_engine(rules):
    model = tbl._model(rules.name)
    rng = random.Random(11)
    for _ in range(300):
        position = random_position(rules, rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        side = position.to_move
        engine = {(rules.apply(position, m, dice).checkers(side),
                   rules.apply(position, m, dice).checkers(side.other))
                  for m in rules.legal_moves(position, dice)}
        c, o = model.index[position.checkers(side)], model.index[position.checkers(side.other)]
        t = next(i for i, th in enumerate(model.throws) if rules.numbers(th) == rules.numbers(dice))
        start, count = model.turn_start[c, t], model.turn_count[c, t]
        tables = {(model.configs[model.turn_next[i]],
                   model.configs[model.hit_opp[model.turn_mask[i], o]])
                  for i in range(start, start + count)}
        assert tables == engine, (str(position), dice)


# --- match equity ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["charpentier", "bell"])
def test_match_equity_is_a_fair_chance(name):
    M = tbl.tables(name).match_equity
    for a in range(1, tbl.MATCH_MAX + 1):
        assert M[a, a] == pytest.approx(0.5, abs=1e-12)
        for b in range(1, tbl.MATCH_MAX + 1):
            assert M[a, b] + M[b, a] == pytest.approx(1.0, abs=1e-12)
            if b > 1:   # the further the opponent is from winning, the better
                assert M[a, b] >= M[a, b - 1] - 1e-12


def test_charpentier_match_of_one_game_is_the_first_movers_chance():
    t = tbl.tables("charpentier")
    first = value(CHARPENTIER, "0,0,0/0,0,0/W")
    assert t.match_equity[1, 1] == pytest.approx(0.5)
    # Needing 1 against 2: win this game, or lose it and win the deciding one.
    expected = (first + (1 - first) * 0.5 + (1 - first) + first * 0.5) / 2
    assert t.match_equity[1, 2] == pytest.approx(expected, abs=1e-12)


# --- levels and hints ----------------------------------------------------------------------------
def test_levels_are_named_and_described():
    # The names settings and saves store: renaming one would strand them (a save names its level).
    assert LEVEL_NAMES == ["novice", "journeyman", "master", "perfect"]
    assert [name for name, _ in LEVELS] == LEVEL_NAMES
    assert LEVEL_NAMES[-1] == "perfect"
    assert all(len(text) > 20 for _, text in LEVELS)
    with pytest.raises(ValueError):
        Computer(CHARPENTIER, "grandmaster", random.Random(1))


@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_plays_legal_moves(rules, level):
    computer = Computer(rules, level, random.Random(2))
    rng = random.Random(9)
    for _ in range(30):
        position = random_position(rules, rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        move = computer.choose(position, dice)
        legal = rules.legal_moves(position, dice)
        if legal:
            assert any(move.same_play(m) for m in legal)
        else:
            assert move == Move(())


@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_perfect_plays_the_first_hint_and_hints_are_ranked(rules):
    computer = Computer(rules, "perfect", random.Random(2))
    rng = random.Random(4)
    for _ in range(40):
        position = random_position(rules, rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        shown = hints(rules, position, dice)
        assert len(shown) == len(rules.legal_moves(position, dice))
        if not shown:
            continue
        assert shown[0].loss == 0.0
        assert all(a.loss <= b.loss for a, b in zip(shown, shown[1:]))
        assert all(0.0 <= h.win_probability <= 1.0 for h in shown)
        assert all((h.equity is None) == (rules is not BELL) for h in shown)
        best = computer.choose(position, dice)
        assert shown[0].loss == min(h.loss for h in shown if h.move.same_play(best))


def test_hint_for_a_winning_move():
    shown = hints(CHARPENTIER, Position.parse("11,12,12/0,0,0/W"), (1, 4))
    assert [str(h.move) for h in shown] == ["11-12"] and shown[0].win_probability == 1.0
    shown = hints(BELL, Position.parse("11,12,12/0,0,5/W"), (1, 4))
    assert str(shown[0].move) == "11-12" and shown[0].equity == 2.0   # Black has checkers to enter


@pytest.mark.slow
def test_bell_match_plays_for_the_match():
    # A match to 2 at 1-0: White needs 1 point (any win), Black 2 (a 2-point win, or two games).
    t = tbl.tables("bell")
    computer = Computer(BELL, "perfect", random.Random(1))
    match = (2, 1, 0)
    start = Position.parse("0,0,0/0,0,0/B")
    computer.prepare(match=match)
    move = computer.choose(start, (5, 3), match=match)    # legal even while the score is solved
    assert any(move.same_play(m) for m in BELL.legal_moves(start, (5, 3)))
    black = t.match_objective(2, 1, wait=True)
    white = t.match_objective(1, 2, wait=True)
    assert computer.ready()
    # What a win pays: White's any win takes the match; Black's 1-point win leaves 1-away each.
    assert set(white.wins[:-1]) == {1.0}
    assert set(black.wins[:-1]) == {0.5, 1.0}
    # The values obey the game's equations with the engine's moves, for both sides to move.
    rng = random.Random(8)
    for _ in range(25):
        position = random_position(BELL, rng)
        goal = white if position.to_move is Side.WHITE else black
        c, o = t.indices(position)
        assert goal.position(c, o) == pytest.approx(
            expected_after_throw(BELL, t, position, goal), abs=1e-10)
    # Hints rank by the match-winning chance.
    shown = hints(BELL, start, (5, 3), match=match)
    assert [h.win_probability for h in shown] == sorted((h.win_probability for h in shown),
                                                        reverse=True)
    assert shown[0].win_probability == pytest.approx(
        black.after(*_after(t, start, shown[0].move), t.home), abs=1e-12)


def _after(t, position, move):
    after = BELL.play_steps(position, move.steps)
    side = position.to_move
    return t.index[after.checkers(side)], t.index[after.checkers(side.other)]


def test_computer_is_ready_once_prepared():
    computer = Computer(CHARPENTIER, "perfect", random.Random(1))
    computer.prepare()
    computer.choose(CHARPENTIER.start(Side.WHITE), (3, 4))   # waits for nothing: loads if needed
    assert tbl.is_loaded("charpentier")
    assert computer.ready()


def test_only_tourne_case():
    with pytest.raises(ValueError):
        Computer(rules_by_name("garanguet"), "perfect", random.Random(1))


# --- any rule set's computer (player.levels_for, computer_for, hints_for) ------------------------
@pytest.mark.parametrize("rules", TOURNE_CASE, ids=lambda r: r.name)
def test_dispatch_to_the_tourne_case_computer(rules):
    from game.computer.player import computer_for, hints_for, levels_for
    assert levels_for(rules.name) == LEVELS
    computer = computer_for(rules, "novice", random.Random(3))
    assert isinstance(computer, Computer) and computer.level == "novice"
    position, dice = Position.parse("0,0,3/0,0,0/B"), (5, 2)
    assert hints_for(rules, position, dice) == hints(rules, position, dice)


def test_dispatch_to_the_garanguet_computer():
    from game.computer import garanguet_player as gp
    from game.computer.player import computer_for, hints_for, levels_for
    rules = rules_by_name("garanguet")
    assert levels_for("garanguet") == gp.LEVELS != LEVELS
    computer = computer_for(rules, gp.LEVEL_NAMES[-1], random.Random(3))
    assert isinstance(computer, gp.Computer)
    position, dice = rules.start(Side.WHITE), (5, 3, 1)
    shown = hints_for(rules, position, dice)
    assert shown and [str(h.move) for h in shown] == [
        str(h.move) for h in gp.hints(rules, position, dice)]
    move = computer.choose(position, dice)
    assert any(move.same_play(m) for m in rules.legal_moves(position, dice))


def test_dispatch_refuses_unknown_rules_and_levels():
    from game.computer.player import computer_for, levels_for
    with pytest.raises(ValueError):
        levels_for("chess")
    with pytest.raises(ValueError):
        computer_for(CHARPENTIER, "grandmaster", random.Random(1))
