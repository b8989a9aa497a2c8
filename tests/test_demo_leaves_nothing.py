"""A demo (`main.py --autoplay`: the computer on both sides) leaves the player nothing: no match
to continue at the title, no game in the statistics (issue 38, item 1)."""
import pygame
import pytest

from game.app import App
from game.saves import stats
from game.saves.storage import MATCH_FILE, Storage
from game.scenes.games import resumable_session
from waiting import frames_until


@pytest.mark.slow(seconds=3)      # the demo plays a whole game (about 350 frames)
def test_after_a_demo_the_title_offers_no_match_to_continue_and_counts_no_game(tmp_path):
    demo = App(seed=3, data_dir=tmp_path, autoplay=True)
    frames_until(demo, lambda: demo.session.match.games, seconds=120)
    assert demo.session.match.games, "the demo finished a game"
    demo.keeper.record_finished_games()        # as the match's end records them
    demo.storage.save_match(demo.session.to_dict())
    pygame.display.quit()
    assert (tmp_path / MATCH_FILE).exists(), "the demo keeps its match for the next demo"
    player = App(seed=4, data_dir=tmp_path)
    assert not player.can_continue(), "a computer-against-computer match is no player's"
    records, unreadable = player.storage.records()
    assert any(r["kind"] == "game" for r in records)
    counted = stats.compute(records, unreadable=unreadable)
    tallies = [counted.total, counted.two_players, counted.online,
               *(tally for _name, tally in counted.by_level + counted.by_rules)]
    assert all(t.games_played == t.matches_played == 0 for t in tallies)
    pygame.display.quit()
    again = Storage(tmp_path, validate_match=resumable_session, demo=True)
    assert again.resume_match()[0] is not None, "the next demo goes on with it"
