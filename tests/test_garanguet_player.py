"""The Garanguet computer player: the bear-off table against brute force on the rules engine,
the race value, the match equity table, the shipped network, and the levels (always legal,
ordered by strength over seeded games)."""
import functools
import itertools
import random
import subprocess
import sys

import numpy as np
import pytest

from game.computer import garanguet_bearoff as gb
from game.computer import garanguet_net as gnet
from game.computer import garanguet_player as gp
from game.computer.random_player import random_move
from game.rules import Move, Position, Side
from game.rules.garanguet import GARANGUET

#: the opponent out of the way: all on its last point, behind every one of the mover's checkers
AWAY = (24,) * 15


@pytest.fixture(scope="module")
def table():
    return gb.table()


def dice_for(numbers):
    return next(d for d in itertools.product(range(1, 7), repeat=3) if gb.numbers(d) == numbers)


def engine_ends(own, opp=AWAY):
    """{numbers: the mover's checkers after each legal turn}, by the rules engine."""
    position = Position(own, opp, Side.WHITE)
    found = {}
    for numbers, _ in gb.throws():
        dice = dice_for(numbers)
        found[numbers] = {GARANGUET.apply(position, m, dice).white
                          for m in GARANGUET.legal_moves(position, dice)}
    return found


def side(points):
    return tuple(sorted(points)) + (25,) * (15 - len(points))


# --- the bear-off table -------------------------------------------------------------------
def test_throws_are_the_216_outcomes_of_three_dice():
    found = gb.throws()
    assert len(found) == 56
    assert sum(chance for _, chance in found) == pytest.approx(1.0)
    assert dict(found)[(2,) * 6] == pytest.approx(1 / 216)        # a triplet (G-6)
    assert dict(found)[(1, 4, 4, 4, 4)] == pytest.approx(3 / 216)  # a doublet over a lower third (G-5)


def test_one_sided_steps_agree_with_the_engine_on_a_sample():
    one = gb.OneSided()
    rng = random.Random(1818)
    for _ in range(100):
        own = side([rng.randint(19, 24) for _ in range(rng.choice([1, 2, 3, 5, 9, 15]))])
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        position = Position(own, AWAY, Side.WHITE)
        by_engine = {one.index(gb.spread(GARANGUET.apply(position, m, dice).white))
                     for m in GARANGUET.legal_moves(position, dice)}
        assert one.ends(one.index(gb.spread(own)), gb.numbers(dice)) == by_engine, (own, dice)


@functools.lru_cache(maxsize=None)
def brute(own):
    """(expected turns, distribution of turns) to bear `own` off, each throw played for the
    fewest turns on average, over the engine's own legal turns."""
    distribution = np.zeros(gb.TURNS + 1)
    if own[0] == 25:
        distribution[0] = 1.0
        return 0.0, distribution
    expected = 1.0
    for numbers, chance in gb.throws():
        best = min(engine_ends(own)[numbers], key=lambda end: brute(end)[0])
        e, d = brute(best)
        expected += chance * e
        distribution[1:] += chance * d[:-1]
    return expected, distribution


engine_ends = functools.lru_cache(maxsize=None)(engine_ends)


def test_table_matches_brute_force_for_one_to_three_checkers(table):
    checked = 0
    for k in (1, 2, 3):
        for points in itertools.combinations_with_replacement(range(19, 25), k):
            own = side(points)
            expected, distribution = brute(own)
            i = table.index([gb.spread(own)])[0]
            assert table.expected[i] == pytest.approx(expected, abs=1e-9)   # kept in float64
            np.testing.assert_allclose(table.turns[i], distribution, atol=1e-12)   # float64
            checked += 1
    assert checked == 6 + 21 + 56


def test_table_facts(table):
    every = table.turns.sum(axis=1)
    np.testing.assert_allclose(every, 1.0, atol=1e-5)
    # one checker on the last point: any number bears it off in one turn
    assert table.turns[table.index([(1, 0, 0, 0, 0, 0)])[0], 1] == pytest.approx(1.0)
    # fifteen on point 19 need at least 90 pips: never fewer than 4 turns (a throw gives at
    # most 36, a triplet of sixes)
    far = table.index([(0, 0, 0, 0, 0, 15)])[0]
    assert table.turns[far, :3].sum() == 0 and table.turns[far, 3] > 0
    # more checkers never bear off sooner
    assert table.expected[far] > table.expected[table.index([(0, 0, 0, 0, 0, 14)])[0]]
    # a side that has borne off has begun (G-10): its first checker came off at turn 0
    assert table.first[table.index([(0, 0, 0, 0, 0, 14)])[0], 0] == 1.0


# --- the race --------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def race_win(mover, other):
    """The mover's exact chance to win a race of small sides, each playing the engine's turn
    that the table says needs the fewest turns."""
    if other[0] == 25:
        return 0.0
    total = 0.0
    t = gb.table()
    for numbers, chance in gb.throws():
        ends = engine_ends(mover)[numbers]
        best = min(ends, key=lambda end: t.expected[t.index([gb.spread(end)])[0]])
        total += chance * (1.0 if best[0] == 25 else 1.0 - race_win(other, best))
    return total


@pytest.mark.parametrize("mover, other", [((24,), (19,)), ((19, 20), (23, 24)),
                                          ((19, 19, 21), (20, 22)), ((22, 23, 24), (19, 19, 19))])
def test_race_value_matches_a_two_sided_recursion(table, mover, other):
    mover, other = side(mover), side(other)
    win, win2, lose2 = table.race(gb.spread(mover), gb.spread(other))[0]
    assert win == pytest.approx(race_win(mover, other), abs=1e-12)   # stored in float64
    assert win2 == 0.0 and lose2 == 0.0        # both have begun bearing off (G-10)


def test_race_value_for_sides_not_begun(table):
    both = (0, 0, 3, 4, 4, 4)
    win, win2, lose2 = table.race(both, both)[0]
    assert 0.5 < win < 1.0                       # throwing first is worth something
    near, far = (13, 2, 0, 0, 0, 0), (0, 0, 0, 0, 0, 15)
    win, win2, lose2 = table.race(near, far)[0]
    assert 0.0 < win2 < win and lose2 == 0.0
    # the same race seen by the other side, now to move: its 2-point loss is the other's win
    # a turn later, so a little less likely than with the near side throwing first
    win, win2, lose2 = table.race(far, near)[0]
    assert win2 == 0.0 and 0.0 < lose2 < table.race(near, far)[0][1]
    # against a side that has begun, no 2-point win
    assert table.race(near, (0, 0, 0, 0, 0, 14))[0][1] == 0.0


def test_pure_race_is_told_by_the_rearmost_checkers():
    # Black's point 7 is White's 18: White's rearmost (19) has passed it
    assert gb.pure_race(side([19, 20]), side([7, 24]))
    # Black's point 6 is White's 19, ahead of White's checker on 18
    assert not gb.pure_race(side([18, 20]), side([6, 24]))


def test_chances_use_the_table_in_a_race(table):
    position = Position(side([19, 20, 21]), side([22, 23]), Side.WHITE)
    dice = (1, 2, 4)
    ends = [e for e, _ in gnet.turn_ends(GARANGUET, position.white, position.black, dice)]
    exact = gp.chances(position, ends, gp.net(), table)
    for end, value in zip(ends, exact):
        after = gnet.flip(table.race(gb.spread(position.black), gb.spread(end)))[0]
        assert value[0] == pytest.approx(after[0])


# --- match equity ---------------------------------------------------------------------------
def test_match_equity_table_is_symmetric_and_monotone():
    met = gp.MET
    for a in range(1, 22):
        for b in range(1, 22):
            assert met[a, b] + met[b, a] == pytest.approx(1.0)
            if a > 1:
                assert met[a, b] < met[a - 1, b]
            if b > 1:
                assert met[a, b] > met[a, b - 1]
    assert met[1, 1] == 0.5 and met[7, 7] == pytest.approx(0.5)
    # 1-away against 2-away: the leader wins the next game (1/2), or loses it by 1 point and
    # plays one more game at 1-away each (1/2 again)
    assert met[1, 2] == pytest.approx(0.5 + 0.25 * (1 - gp.WIN2_RATE))
    assert met[2, 3] > 0.5


def test_a_two_point_win_counts_only_when_the_score_needs_it():
    values = np.array([[0.6, 0.3, 0.0], [0.6, 0.0, 0.0]])
    # at 1-away the 2-point win is worth no more than a 1-point win
    equal = gp.worth(values, (1, 3))
    assert equal[0] == pytest.approx(equal[1])
    # at 2-away it wins the match at once
    assert gp.worth(values, (2, 3))[0] > gp.worth(values, (2, 3))[1]
    # outside a match: expected points
    np.testing.assert_allclose(gp.worth(values), [0.2 + 0.3, 0.2])


# --- the network --------------------------------------------------------------------------
def test_shipped_weights_load_and_evaluate():
    net = gnet.Net.load(gnet.DATA / "garanguet_net.npz")
    assert net.games > 0
    start = GARANGUET.start(Side.WHITE)
    x = net.features(gnet.counts([start.white]), gnet.counts([start.black]))
    assert x.shape == (1, gnet.INPUTS[net.inputs])
    value = net.evaluate(x)[0]
    assert np.all((0 <= value) & (value <= 1))
    # the side to move at the start throws first: at least even
    assert value[0] > 0.5


def test_batched_features_match_one_at_a_time():
    rng = random.Random(5)
    position = GARANGUET.start(Side.WHITE)
    for _ in range(30):
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        position = GARANGUET.apply(position, random_move(GARANGUET, position, dice, rng), dice)
    ends = [e for e, _ in gnet.turn_ends(GARANGUET, position.checkers(position.to_move),
                                          position.checkers(position.to_move.other), (2, 3, 5))]
    opp = position.checkers(position.to_move.other)
    for inputs in gnet.INPUTS:
        together = gnet.features(gnet.counts([opp]), gnet.counts(ends), inputs)
        for i, end in enumerate(ends[:10]):
            alone = gnet.features(gnet.counts([opp]), gnet.counts([end]), inputs)[0]
            np.testing.assert_allclose(together[i], alone)


def test_no_pygame_in_the_computer_player():
    code = ("import sys; import game.computer.garanguet_player, game.computer.garanguet_bearoff;"
            " sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# --- two plies ------------------------------------------------------------------------------
def capped(values):
    """Chances as the player states them: a 2-point win no likelier than a win, a 2-point loss
    no likelier than a loss."""
    win = values[..., 0]
    return np.stack([win, np.minimum(values[..., 1], win), np.minimum(values[..., 2], 1 - win)], axis=-1)


def slow_two_ply(after, value_net, their_score):
    """The mover's chances in `after` (its turn played, the opponent to throw), by definition:
    each of the 216 throws of three dice, the opponent playing the legal move (the engine's
    legal_moves and apply) that it values best at one ply by its worth at its score, or passing;
    each position valued one row at a time."""
    mover, other = after.to_move.other, after.to_move

    def theirs(position):          # the opponent's chances in a position with the mover on turn
        x = value_net.features(gnet.counts([position.checkers(mover)]),
                               gnet.counts([position.checkers(other)]))
        return capped(gnet.flip(value_net.evaluate(x)[0]))

    total = np.zeros(3)
    for dice in itertools.product(range(1, 7), repeat=3):
        moves = GARANGUET.legal_moves(after, dice)
        if not moves:
            total += gnet.flip(theirs(after)) / 216
            continue
        options = np.array([theirs(GARANGUET.apply(after, move, dice)) for move in moves])
        total += gnet.flip(options[int(np.argmax(gp.worth(options, their_score)))]) / 216
    return total


#: White, heavily blocked, passes on 35 of Black's 56 next throws after Black's (1, 2, 4)
BLOCKED = "11*3,12*12/7,8*2,9,10,11*3,12*2,16*2,21,22,24/B"


@pytest.mark.parametrize("their_score", [None, (2, 5)])
def test_two_ply_value_matches_the_definition(their_score):
    position = Position.parse(BLOCKED)
    dice = (1, 2, 4)
    value_net = gp.net()
    moves = GARANGUET.legal_moves(position, dice)[:3]
    afters = [GARANGUET.apply(position, move, dice) for move in moves]
    fast = gp.two_ply(GARANGUET, [a.black for a in afters], position.white, value_net,
                      their_score=their_score)
    for after, value in zip(afters, fast):
        np.testing.assert_allclose(value, slow_two_ply(after, value_net, their_score), atol=1e-9)


def test_turn_ends_are_the_engines_plays_in_its_order():
    """turn_ends reads the engine's whole turns without building a Move and a Position for each:
    the same ends and steps as `plays`, in its order, on positions of every phase (blocked,
    bearing off, passing) and throws of every kind (simple, doublets, triplets)."""
    positions = list(random_positions(12, 31)) + [
        Position.parse(BLOCKED), Position.parse("20,22,24,off*12/19,21*2,23,off*11/B"),
        Position.parse("1*15/18,19,20,21,22,23,off*9/W")]
    for position in positions:
        own, opp = position.checkers(position.to_move), position.checkers(position.to_move.other)
        mover = Position(own, opp, Side.WHITE)
        for dice in [(6, 5, 4), (3, 3, 1), (1, 5, 5), (2, 2, 2), (6, 6, 6), (1, 2, 4)]:
            expected = [(after.white, move.steps) for move, after in GARANGUET.plays(mover, dice)]
            assert gnet.turn_ends(GARANGUET, own, opp, dice) == expected, (position, dice)


def test_values_against_a_few_sides_match_the_features():
    value_net = gp.net()
    position = random_positions(1, 9)[0]
    own, opp = position.checkers(position.to_move), position.checkers(position.to_move.other)
    ends = [e for e, _ in gnet.turn_ends(GARANGUET, own, opp, (1, 3, 6))]
    few = gnet.counts([opp, own])
    which = np.arange(len(ends)) % 2
    expected = gnet.flip(value_net.evaluate(value_net.features(few[which], gnet.counts(ends))))
    np.testing.assert_allclose(gnet.values_against(value_net, few, which, gnet.counts(ends)),
                               expected, atol=1e-12)


def test_master_plays_the_first_hint_and_searches_the_best_few():
    computer = gp.Computer(GARANGUET, "master", random.Random(1))
    for position in random_positions(6, 21):
        dice = (2, 3, 5)
        found = gp.hints(GARANGUET, position, dice, match=(7, 2, 4))
        ends, values, ranked, plies = gp.best_plays(GARANGUET, position, dice, match=(7, 2, 4))
        assert len(found) == len(ends) == len(GARANGUET.legal_moves(position, dice))
        if not found:
            continue
        assert computer.choose(position, dice, match=(7, 2, 4)).same_play(found[0].move)
        assert plies.max() <= 2 and (plies == 2).sum() <= gp.SEARCH_WIDTH + gp.SEARCH_MORE
        assert list(ranked) == sorted(ranked, reverse=True)   # one order: by the figure shown
        assert [h.loss for h in found] == list(ranked[0] - ranked)
        settled = gp.settled([ends[0][0]], position.checkers(position.to_move.other))[0]
        # the first is looked at deepest, unless the search spent all its rounds (the first
        # round, then SEARCH_MORE more of one play each) and a play left at one ply still leads
        spent = (plies == 2).sum() >= 1 + gp.SEARCH_MORE
        assert plies[0] == 2 or settled or len(ends) == 1 or spent


# --- levels -------------------------------------------------------------------------------
def test_levels_are_listed_weakest_first():
    assert gp.LEVEL_NAMES == [name for name, _ in gp.LEVELS]
    assert gp.LEVEL_NAMES[0] == "novice" and gp.LEVEL_NAMES[-1] == "master"
    with pytest.raises(ValueError):
        gp.Computer(GARANGUET, "grandmaster", random.Random(1))


@functools.lru_cache(maxsize=None)
def random_positions(count, seed):
    """Positions of games the heuristic player plays with noise (the same for every test that
    asks: a tuple, made once)."""
    return tuple(_random_positions(count, seed))


def _random_positions(count, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = GARANGUET.start(rng.choice(list(Side)))
        for _ in range(rng.randrange(80)):
            dice = tuple(rng.randint(1, 6) for _ in range(3))
            after = GARANGUET.apply(position, gp.heuristic_move(GARANGUET, position, dice, rng, 2.0), dice)
            if GARANGUET.outcome(after):
                break
            position = after
        found.append(position)
    return found


@pytest.mark.parametrize("level", gp.LEVEL_NAMES)
def test_every_level_plays_a_legal_move(level):
    computer = gp.Computer(GARANGUET, level, random.Random(3))
    computer.prepare()
    assert computer.ready()
    rng = random.Random(11)
    positions = random_positions(15, 7)
    for position in positions:
        for dice in [tuple(rng.randint(1, 6) for _ in range(3)), (2, 2, 2), (1, 5, 5)]:
            move = computer.choose(position, dice, match=(7, 3, 5))
            legal = GARANGUET.legal_moves(position, dice)
            if legal:
                assert any(move.same_play(m) for m in legal), (position, dice, move)
            else:
                assert move == Move(())


def test_hints_rank_every_legal_move():
    position = random_positions(1, 3)[0]
    dice = (4, 4, 4)
    found = gp.hints(GARANGUET, position, dice, match=(5, 2, 3))
    assert len(found) == len(GARANGUET.legal_moves(position, dice))
    assert found[0].loss == 0.0 and all(h.loss >= 0 for h in found)
    assert all(0 <= h.win2 <= 1 and h.equity is not None for h in found)


def share(a, b, games, seed):
    """Player a's share of points against b (each a function (position, dice) -> Move)."""
    sys.path.insert(0, "tools")
    import train_garanguet
    return train_garanguet.share(a, b, games, seed)


def level_player(level, seed):
    computer = gp.Computer(GARANGUET, level, random.Random(seed), width=0)
    return lambda position, dice: computer.choose(position, dice)


#: games played in pairs (the same dice, colours swapped); the margins are far below what
#: tests/bench_garanguet.py measures over 400 games. The master looks one ply ahead here, to keep
#: the test short (its two-ply search is measured by the benchmark's duels)
@pytest.mark.parametrize("stronger, weaker, games, least", [
    ("novice", "random", 30, 0.75),
    ("journeyman", "novice", 30, 0.7),
    ("master", "journeyman", 60, 0.55),
])
def test_levels_are_ordered_by_strength(stronger, weaker, games, least):
    rng = random.Random(2)
    weak = (level_player(weaker, 2) if weaker != "random"
            else lambda p, d: random_move(GARANGUET, p, d, rng))
    assert share(level_player(stronger, 1), weak, games, seed=42) > least
