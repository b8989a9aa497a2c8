"""Saves the game wrote before the rooms were reshaped (issue 36; commit a513989) load as they
did: a Tourne Case match against the computer, and both seats of a Garanguet match between two
games through a relay, each stopped mid-game (tests/data/saves_before_issue_36/, made by that
commit's `main.py --autoplay --quit-after`). Each is taken up by the keeper as the app does, an
online one's link takes its state up through the referee, and saved again it writes the data it
read: match.json keeps its format.
"""
import json
import random
import shutil
from pathlib import Path

import pytest

from game.online.link import Link
from game.play.keeper import MatchKeeper
from game.play.session import Phase
from game.saves.storage import Storage
from game.scenes.games import resumable_session

SAVES = Path(__file__).parent / "data" / "saves_before_issue_36"


def taken_up(name: str, tmp_path: Path):
    folder = tmp_path / name
    shutil.copytree(SAVES / name, folder)
    keeper = MatchKeeper(Storage(folder, validate_match=resumable_session, demo=True), lambda words: None,
                         random.Random(0))
    assert keeper.load() == [] and keeper.can_continue()
    return keeper, json.loads((SAVES / name / "match.json").read_text(encoding="utf-8"))["data"]


def test_a_match_against_the_computer_saved_before_is_taken_up_and_saved_alike(tmp_path):
    keeper, saved = taken_up("local", tmp_path)
    s = keeper.session
    assert s.options.opponent == "computer" and s.options.rules == saved["options"]["rules"]
    assert str(s.position) == saved["position"] and s.phase is Phase(saved["phase"])
    keeper.save()
    again = json.loads((tmp_path / "local" / "match.json").read_text(encoding="utf-8"))["data"]
    assert again == saved


@pytest.mark.parametrize("seat", ["host", "guest"])
def test_an_online_match_saved_before_is_taken_up_by_its_link_and_saved_alike(tmp_path, seat):
    keeper, saved = taken_up(seat, tmp_path)
    s = keeper.session
    assert s.options.opponent == "online" and s.options.rules == "garanguet"
    link = Link.resume(s, client_factory=lambda *args, **kwargs: None)
    keeper.resume_online(link)                 # as Continue does: the referee takes the state up
    state = link.state
    assert state["seat"] == seat and state["code"] == saved["online"]["code"]
    assert state["throws"] == saved["online"]["throws"]        # every commitment and secret kept
    # The referee deals, from the saved secrets, every throw both games had revealed.
    dealt = [tuple(map(int, key.split(":"))) for key, throw in state["throws"].items()
             if "mine" in throw and "theirs" in throw]
    faces = {key: link.referee.dealt(key, 3).faces for key in dealt}
    assert faces and all(len(f) == 3 and all(1 <= d <= 6 for d in f) for f in faces.values())
    if s.dice and s.throw_key in faces:                 # the throw on the table is the one dealt
        assert sorted(faces[s.throw_key]) == sorted(s.dice)
    again = json.loads((tmp_path / seat / "match.json").read_text(encoding="utf-8"))["data"]
    assert again == saved
