"""Garanguet's answers stay what they were when tools/make_garanguet_answers.py recorded them
(main of 2026-11-28, before the move generation was made faster): every throw's whole turns with
the steps that first reach each end, in the order found, and the master's ranking and figures,
on seeded positions of both phases (contact and race)."""
import json
import pathlib
import sys

import pytest

from game.rules import GARANGUET, Position

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))

import make_garanguet_answers as answers  # noqa: E402

PARTS = 8        # the positions of the turns' test, in parts of under half a second
RECORDED = json.loads((HERE / "data" / "garanguet_answers.json").read_text())


def test_the_recorded_positions_are_the_seeded_ones_and_cover_both_phases():
    assert [entry["position"] for entry in RECORDED["turns"]] == list(map(str, answers.turn_positions()))
    phases = {answers.phase(Position.parse(entry["position"])) for entry in RECORDED["turns"]}
    assert phases == {"contact", "race"}
    assert {entry["phase"] for entry in RECORDED["master"]} == {"contact", "race"}


@pytest.mark.parametrize("part", range(PARTS))
def test_every_throw_finds_the_same_turns_by_the_same_steps_in_the_same_order(part):
    for entry in RECORDED["turns"][part::PARTS]:
        position = Position.parse(entry["position"])
        found = [list(answers.turns_digest(position, dice)) for dice in answers.THROWS]
        assert found == entry["throws"], entry["position"]


@pytest.mark.parametrize("entry", RECORDED["master"], ids=lambda entry: f"{entry['phase']}-{entry['position']}")
def test_the_master_ranks_and_values_as_recorded(entry):
    position = Position.parse(entry["position"])
    match = tuple(entry["match"]) if entry["match"] else None
    found = answers.ranking(position, tuple(entry["dice"]), match)
    assert (found["plays"], found["order"]) == (entry["ranking"]["plays"], entry["ranking"]["order"])
    for row, recorded in zip(found["best"], entry["ranking"]["best"], strict=True):
        assert row[0] == recorded[0] and row[5] == recorded[5], row[0]
        assert row[1:5] == pytest.approx(recorded[1:5], abs=1e-12), row[0]


def test_the_same_turns_in_another_order_or_by_other_steps_are_told(monkeypatch):
    """The check can fail: one throw's turns, reversed or reached by other steps, no longer match."""
    entry = RECORDED["turns"][0]
    position = Position.parse(entry["position"])
    k = next(k for k, (count, _) in enumerate(entry["throws"]) if count > 1)
    assert list(answers.turns_digest(position, answers.THROWS[k])) == entry["throws"][k]
    found = GARANGUET._terminals

    def reversed_turns(own, opp, numbers):
        return dict(reversed(found(own, opp, numbers).items()))

    def other_steps(own, opp, numbers):
        ends = dict(found(own, opp, numbers))
        first, second = list(ends)[:2]
        ends[first], ends[second] = ends[second], ends[first]
        return ends

    for changed in (reversed_turns, other_steps):
        monkeypatch.setattr(GARANGUET, "_terminals", changed)
        assert list(answers.turns_digest(position, answers.THROWS[k])) != entry["throws"][k]
