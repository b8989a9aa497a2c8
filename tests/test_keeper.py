"""The match keeper (game/play/keeper.py): a match under way is never replaced without a trace, and
a saved match is taken up as storage built it."""
import random

from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase, Session, play_out
from game.saves.storage import Storage


def keeper_on(folder) -> MatchKeeper:
    return MatchKeeper(Storage(folder, validate_match=Session.from_dict), lambda words: None,
                       random.Random(1))


def one_game_played(keeper: MatchKeeper) -> None:
    """Random legal moves to the end of the current game, then the next game's priority (or,
    the match won, its end as the scoreboard makes it)."""
    s, rng = keeper.session, random.Random(2)
    play_out(s, lambda s, moves: rng.choice(moves), lambda s: s.phase is Phase.GAME_OVER)
    keeper.record_finished_games()
    if s.match.winner is None:
        keeper.next_game()
    else:
        keeper.finish()


def test_a_new_match_over_one_under_way_records_it_as_abandoned(tmp_path):
    keeper = keeper_on(tmp_path)
    keeper.start(MatchOptions(rules="garanguet", length=5, level="novice"))
    one_game_played(keeper)
    score = {str(side): n for side, n in keeper.session.match.score.items()}
    keeper.start(MatchOptions(length=3))
    records, unreadable = keeper.storage.records()
    assert unreadable == 0 and [r["kind"] for r in records] == ["game", "abandoned"]
    assert records[1]["score"] == score and records[1]["games"] == 1
    assert records[1]["rules"] == "garanguet" and records[1]["length"] == 5
    assert keeper.session.options.length == 3


def test_a_rematch_after_a_finished_match_records_no_abandon(tmp_path):
    keeper = keeper_on(tmp_path)
    keeper.start(MatchOptions(length=1, opponent="human"))
    one_game_played(keeper)            # a 1-point match: over after its first game
    assert keeper.session.phase is Phase.MATCH_OVER
    assert keeper.rematch()
    assert [r["kind"] for r in keeper.storage.records()[0]] == ["game", "match"]


def test_loading_takes_up_the_session_storage_built(tmp_path):
    keeper = keeper_on(tmp_path)
    keeper.start(MatchOptions(length=3))
    one_game_played(keeper)
    saved = keeper.session.to_dict()
    again = keeper_on(tmp_path)
    builds = []
    build = Session.from_dict
    again.storage._validators["match"] = lambda data: builds.append(build(data)) or builds[-1]
    assert again.load() == []
    assert again.session is builds[0] and again.session.to_dict() == saved
    assert again._recorded_games == 1, "its finished game is already in the records"
