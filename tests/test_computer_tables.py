"""The shipped tables (game/computer/data/tables.npz, from tools/make_tables.py) are the game
solved afresh: regenerate them with the script whenever the rules or the solver change."""
import numpy as np
import pytest

from game.computer import tables as tbl


def check(name):
    shipped = tbl._shipped(name)
    assert shipped is not None, "run tools/make_tables.py"
    fresh = tbl.solve_rule_set(name)
    assert set(shipped) == set(fresh)
    for key, value in fresh.items():
        assert np.abs(shipped[key] - value).max() < 1e-9, key


def test_charpentier_table_is_a_fresh_solve():
    check("charpentier")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["charpentier-reentry", "bell"])
def test_other_tables_are_a_fresh_solve(name):
    check(name)


def test_shipped_tables_load():
    for name in tbl.TOURNE_CASE:
        t = tbl.Tables(name, tbl._shipped(name))
        assert t.chance.shape == (len(t.configs), len(t.configs))
