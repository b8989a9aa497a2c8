"""Statistics from the record of finished games (game/saves/stats.py): shares, levels, rule sets,
streaks; pure, so the figures are checked without a window."""
from dataclasses import asdict

import pytest

from game.saves import stats
from game.rules import RULE_SETS
from game.saves.storage import Storage

LEVELS = ["novice", "journeyman", "master", "perfect"]


def record(kind="game", won=True, level="master", rules="charpentier", opponent="computer",
           side="W", **more):
    other = "B" if side == "W" else "W"
    return {"kind": kind, "winner": side if won else other, "level": level, "rules": rules,
            "opponent": opponent, "human_side": side, "autoplay": False, **more}


@pytest.mark.parametrize("won, played, shown", [
    (0, 0, "–"), (0, 3, "0%"), (3, 3, "100%"), (2, 3, "67%"), (1, 3, "33%"), (1, 8, "13%"),
    (1, 2, "50%"), (199, 200, "100%"), (1, 200, "1%"), (1, 201, "0%")])
def test_a_share_is_a_whole_percentage_rounded_half_up(won, played, shown):
    assert stats.percent(won, played) == shown


def test_counts_and_shares_by_level_and_by_rule_set():
    records = [record(won=True, level="novice", rules="bell"),
               record(won=False, level="novice", rules="bell"),
               record(won=True, level="perfect", rules="garanguet", side="B"),
               record(kind="match", won=True, level="novice", rules="bell"),
               record(won=True, opponent="human", level="master"),
               record(won=True, autoplay=True)]
    s = stats.compute(records, LEVELS)
    assert (s.total.games_played, s.total.games_won, s.total.games_share()) == (3, 2, "67%")
    assert (s.total.matches_played, s.total.matches_won, s.total.matches_share()) == (1, 1, "100%")
    levels = dict(s.by_level)
    assert list(levels) == ["novice", "perfect"], "levels played, weakest first"
    assert (levels["novice"].games_played, levels["novice"].games_won) == (2, 1)
    assert levels["novice"].games_share() == "50%" and levels["perfect"].games_share() == "100%"
    by_rules = dict(s.by_rules)
    assert list(by_rules) == list(RULE_SETS), "every rule set of the registry, Garanguet too"
    assert (by_rules["garanguet"].games_played, by_rules["garanguet"].games_won) == (1, 1)
    assert by_rules["charpentier"].games_played == 0 and by_rules["charpentier"].games_share() == "–"
    assert (by_rules["bell"].games_played, by_rules["bell"].matches_won) == (2, 1)
    assert s.two_players.games_played == 1 and s.two_players.games_won == 0


def test_an_unknown_level_or_rule_set_still_counts_after_the_known_ones():
    s = stats.compute([record(level="grandmaster", rules="tric-trac"), record(level="novice")],
                      LEVELS)
    assert [name for name, _ in s.by_level] == ["novice", "grandmaster"]
    assert [name for name, _ in s.by_rules][-1] == "tric-trac"


@pytest.mark.parametrize("results, best, current", [
    ("", 0, 0), ("L", 0, 0), ("W", 1, 1), ("WWLWWWL", 3, 0), ("WWLWWWLWW", 3, 2),
    ("LWWWWW", 5, 5)])
def test_winning_streaks_of_games_best_and_current(results, best, current):
    s = stats.compute([record(won=r == "W") for r in results])
    assert (s.game_streak.best, s.game_streak.current) == (best, current)


def test_match_streaks_apart_from_games_and_people_apart_from_the_computer():
    records = [record(kind="match", won=True), record(won=False), record(kind="match", won=True),
               record(opponent="human", won=False), record(won=True, autoplay=True)]
    s = stats.compute(records)
    assert (s.match_streak.best, s.match_streak.current) == (2, 2)
    assert (s.game_streak.best, s.game_streak.current) == (0, 0)


def test_by_level_and_rules_from_the_record_file(tmp_path):
    """Games, won and played, by level and by rule set, through the record file: people at one
    screen counted apart (nobody wins against the computer there), a demonstration nobody's, a
    damaged line counted as unreadable."""
    storage = Storage(tmp_path)
    for more in ({}, {"won": False}, {"kind": "match"}, {"level": "master", "rules": "bell"},
                 {"opponent": "human"}, {"autoplay": True}):
        storage.add_record(record(**{"level": "beginner", **more}))
    with open(tmp_path / "records.jsonl", "a") as f:
        f.write("not json\n")
    records, skipped = storage.records()
    s = stats.compute(records, unreadable=skipped)
    assert asdict(s.total) == {"games_played": 3, "games_won": 2,
                               "matches_played": 1, "matches_won": 1}
    levels, by_rules = dict(s.by_level), dict(s.by_rules)
    assert asdict(levels["beginner"]) == {"games_played": 2, "games_won": 1,
                                          "matches_played": 1, "matches_won": 1}
    assert levels["master"].games_won == 1
    assert asdict(s.two_players) == {"games_played": 1, "games_won": 0,
                                     "matches_played": 0, "matches_won": 0}
    assert by_rules["charpentier"].games_played == 2      # not the two-player one
    assert by_rules["bell"].games_played == 1
    assert s.unreadable == 1


def test_no_records_gives_zero_statistics(tmp_path):
    assert asdict(stats.compute(Storage(tmp_path).records()[0]).total) == {
        "games_played": 0, "games_won": 0, "matches_played": 0, "matches_won": 0}


def test_the_figures_from_a_real_record_file(tmp_path):
    """Through Storage's public API, as the statistics screen reads them."""
    storage = Storage(tmp_path)
    for won in (True, True, False, True):
        assert storage.add_record(record(won=won, rules="garanguet", level="novice")) is None
    with open(tmp_path / "records.jsonl", "a") as f:
        f.write("not json\n")
    records, skipped = storage.records()
    s = stats.compute(records, LEVELS, skipped)
    assert s.unreadable == 1
    assert dict(s.by_rules)["garanguet"].games_share() == "75%"
    assert (s.game_streak.best, s.game_streak.current) == (2, 1)


def test_an_abandoned_match_is_kept_but_never_counted(tmp_path):
    """A match replaced by a new one is recorded (kind "abandoned", with its score): it is a
    readable record, never an unreadable line, and counts as no game or match played."""
    storage = Storage(tmp_path)
    storage.add_record(record(kind="match", won=True))
    storage.add_record({"kind": "abandoned", "score": {"W": 2, "B": 1}, "games": 3,
                        "level": "master", "rules": "charpentier", "opponent": "computer",
                        "human_side": "W", "autoplay": False})
    storage.add_record(record(kind="match", won=True))
    assert storage.check_records() == []
    records, skipped = storage.records()
    assert skipped == 0 and [r["kind"] for r in records] == ["match", "abandoned", "match"]
    s = stats.compute(records, LEVELS, skipped)
    assert (s.total.matches_played, s.total.games_played) == (2, 0)
    assert (s.match_streak.best, s.match_streak.current) == (2, 2)


def test_a_watched_match_is_recorded_but_never_counted(tmp_path):
    """Games watched in someone else's room (`--watch`) are in the records with their turns,
    marked watched, and count in no figure: neither online, nor against the computer."""
    storage = Storage(tmp_path)
    storage.add_record(record(opponent="online", won=True))
    for kind in ("game", "game", "match"):
        storage.add_record({"kind": kind, "winner": "W", "points": 1, "first": "W", "turns": [],
                            "rules": "charpentier", "length": 3, "opponent": "online",
                            "level": "", "human_side": "", "autoplay": False, "watched": True})
    records, skipped = storage.records()
    assert skipped == 0 and sum(r.get("watched") is True for r in records) == 3
    s = stats.compute(records, LEVELS, skipped)
    assert (s.online.games_played, s.online.matches_played, s.total.games_played) == (1, 0, 0)
    assert not stats.counted(records[1]) and stats.counted(records[0])


# -- issue 40: by game and level, and progress over time --------------------------------------------

def test_levels_are_counted_by_game_so_a_master_row_says_which_game():
    records = [record(level="master", rules="charpentier"), record(level="master", rules="bell"),
               record(level="master", rules="garanguet", won=False),
               record(level="novice", rules="garanguet"),
               record(level="master", rules="bell", opponent="human"),
               record(level="master", rules="bell", autoplay=True),
               record(level="master", rules="bell", watched=True)]
    rows = stats.by_game_and_level(records, LEVELS)
    assert [key for key, _t in rows] == [("tourne-case", "master"), ("garanguet", "novice"),
                                         ("garanguet", "master")]
    tallies = dict(rows)
    assert (tallies[("tourne-case", "master")].games_played,
            tallies[("tourne-case", "master")].games_won) == (2, 2)
    assert tallies[("garanguet", "master")].games_won == 0


def dated(day, won=True, level="master", rules="charpentier", **more):
    return record(kind="match", won=won, level=level, rules=rules, at=f"{day}T10:00:00Z", **more)


def reviewed(day, match, moves, lost, level="master", rules="charpentier", **more):
    return {"at": f"{day}T11:00:00Z", "match": match, "rules": rules, "level": level,
            "opponent": "computer", "moves": moves, "lost": lost, **more}


def test_progress_counts_matches_by_week_and_the_chance_lost_per_move_from_the_reviews():
    records = [dated("2026-11-02", won=True), dated("2026-11-04", won=False),   # Mon, Wed
               dated("2026-11-10", won=True), dated("2026-11-11", won=True),
               dated("2026-11-12", won=True, level="novice"),                  # another level
               dated("2026-11-12", won=True, rules="garanguet"),               # another game
               dated("2026-11-12", won=True, watched=True),                    # watched: never
               dated("2026-11-12", won=True, autoplay=True),                   # a demo: never
               record(kind="match", won=True),                                 # no date: left out
               record(kind="game", won=True, at="2026-11-03T10:00:00Z")]       # a game, not a match
    reviews = [reviewed("2026-11-02", "a", 20, 0.4), reviewed("2026-11-04", "b", 30, 0.2),
               reviewed("2026-11-10", "c", 10, 0.9), reviewed("2026-11-11", "c", 10, 0.3),
               reviewed("2026-11-11", "d", 10, 0.5, level="novice"),
               {"at": "2026-11-11", "match": "e", "rules": "charpentier", "level": "master",
                "opponent": "computer", "moves": "many", "lost": 1}]           # damaged: skipped
    by, periods = stats.progress(records, reviews, "tourne-case", "master")
    assert by == "week"
    assert [(p.start, p.won, p.lost) for p in periods] == [("2026-11-02", 1, 1), ("2026-11-09", 2, 0)]
    assert periods[0].average_loss == pytest.approx(0.6 / 50)
    assert periods[1].average_loss == pytest.approx(0.3 / 10), "a match reviewed again counts once"


def test_progress_goes_by_month_over_a_longer_time_and_is_empty_without_dates():
    records = [dated("2026-01-15"), dated("2026-05-02", won=False), dated("2026-05-30")]
    by, periods = stats.progress(records, [], "tourne-case", "master")
    assert by == "month"
    assert [(p.start, p.won, p.lost, p.average_loss) for p in periods] == [
        ("2026-01-01", 1, 0, None), ("2026-05-01", 1, 1, None)]
    assert stats.progress([record(kind="match")], [], "tourne-case", "master")[1] == []
    assert stats.progress([dated("2026-13-40")], [], "tourne-case", "master")[1] == []


def test_a_review_keeps_its_line_and_a_damaged_file_loses_nothing_else(tmp_path):
    from game.saves.reviews import REVIEWS_FILE, add_review, match_key, read_reviews
    assert read_reviews(tmp_path) == []
    games = [{"first": "W", "turns": [[[3, 1], "0-3"]]}]
    assert add_review(tmp_path, {"match": match_key(games), "moves": 3, "lost": 0.1}) is None
    with open(tmp_path / REVIEWS_FILE, "ab") as f:
        f.write(b"{not json\n[1, 2]\n")
    assert add_review(tmp_path, {"match": match_key(games), "moves": 3, "lost": 0.2}) is None
    lines = read_reviews(tmp_path)
    assert [line["lost"] for line in lines] == [0.1, 0.2]
    assert lines[0]["match"] == lines[1]["match"] != match_key([{"first": "B", "turns": []}])
    assert lines[0]["at"].endswith("Z") and stats.day_of(lines[0]) is not None
    (tmp_path / "file").write_text("")
    assert add_review(tmp_path / "file", {"moves": 1}) is not None, "a failed write is said"
