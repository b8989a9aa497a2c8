"""Storage: versioned JSON written atomically, the previous good save kept, bad files kept aside
and never fatal, settings checked key by key, records (their figures: tests/test_stats.py)."""
import json
import os
import re
import tempfile
import time
from dataclasses import asdict
from unittest import mock
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.base.i18n import Problem
from game.saves import stats, storage
from game.saves import files as saves_files
from game.saves import records as saves_records
from game.saves.files import MAX_BYTES
from game.saves.settings import DEFAULT_SETTINGS, SETTING_CHECKS
from game.saves.storage import Storage

GOOD = {"turn": 1, "position": "0,0,3/0,0,0/B"}
NEWER = {"turn": 2, "position": "0,3,5/0,0,0/W"}


def check_turn(data):
    """A stand-in for Session.from_dict: raises on a match it cannot resume."""
    if type(data.get("turn")) is not int or not isinstance(data.get("position"), str):
        raise ValueError("no turn or no position")


def envelope(data, kind="match", version=1, format=saves_files.FORMAT):
    return json.dumps({"format": format, "version": version, "kind": kind, "data": data})


def bad_files(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.bad-*"))


@pytest.fixture
def store(tmp_path):
    return Storage(tmp_path / "data", validate_match=check_turn)


# -- saving ------------------------------------------------------------------------------------

def test_nothing_saved_gives_defaults_and_creates_nothing(store):
    assert store.load_settings() == (DEFAULT_SETTINGS, [])
    assert store.load_match() == (None, [])
    assert not store.dir.exists()


def test_a_save_is_versioned_json_and_comes_back(store):
    assert store.save_match(GOOD) is None
    content = json.loads((store.dir / "match.json").read_text())
    assert content["format"] == "tourne-case-save"
    assert content["version"] == 1
    assert content["data"] == GOOD
    assert store.load_match() == (GOOD, [])


def test_a_save_has_a_line_for_each_field_and_each_is_compact_json(store):
    """The match is saved after every throw and move: each field is written on its own line by
    json's C encoder (an indented file takes the pure-Python one, several times slower); the
    file still reads as the same data, and a player can still find a setting in it."""
    match = {**GOOD, "games": [{"turns": [[[3, 5], "0-5 0-3"]] * 40, "né": 1.5}], 7: None}
    assert store.save_match(match) is None and store.save_settings(DEFAULT_SETTINGS) is None
    for name, data in (("match.json", match), ("settings.json", DEFAULT_SETTINGS)):
        text = (store.dir / name).read_text(encoding="ascii")
        lines = [line.rstrip(",") for line in text.splitlines()]
        assert json.loads(text)["data"] == json.loads(json.dumps(data))
        assert len(lines) == 5 + len(data) + 3, lines      # the envelope's 5, the data's, braces
        for key, value in json.loads(json.dumps(data)).items():
            assert f"  {json.dumps(key)}: {json.dumps(value)}" in lines


def test_a_file_saved_indented_by_an_older_game_loads_as_before(store):
    """Saves of the games before the line-per-field files were indented JSON: they load as before."""
    store.dir.mkdir(parents=True)
    for name, data in (("match.json", GOOD), ("settings.json", GOOD_SETTINGS)):
        (store.dir / name).write_text(json.dumps(
            {"format": "tourne-case-save", "version": 1, "kind": name[:-5],
             "saved_at": "2026-11-20T10:00:00+0100", "data": data}, indent=1))
    assert store.load_match() == (GOOD, [])
    assert store.load_settings() == (GOOD_SETTINGS, [])


def test_the_previous_save_is_kept_as_prev(store):
    store.save_match(GOOD)
    store.save_match(NEWER)
    assert store.load_match() == (NEWER, [])
    prev = json.loads((store.dir / "match.json.prev").read_text())
    assert prev["data"] == GOOD


def test_the_file_is_flushed_to_disk_before_it_replaces_the_old_one(store, monkeypatch):
    store.save_match(GOOD)
    steps = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: steps.append("fsync") or real_fsync(fd))
    monkeypatch.setattr(os, "replace",
                        lambda a, b: steps.append(("replace", Path(b).name)) or real_replace(a, b))
    store.save_match(NEWER)
    assert steps.index("fsync") < steps.index(("replace", "match.json"))


def test_a_crash_before_the_rename_leaves_the_old_save_whole(store, monkeypatch):
    store.save_match(GOOD)

    def power_cut(source, target):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", power_cut)
    trouble = store.save_match(NEWER)
    assert "could not save the match" in trouble
    monkeypatch.undo()
    assert store.load_match() == (GOOD, [])
    assert not list(store.dir.glob("*.tmp"))      # no half-written file left behind


def test_a_crash_between_the_two_renames_falls_back_on_prev(store):
    store.save_match(GOOD)
    store.save_match(NEWER)
    (store.dir / "match.json").unlink()           # the moment after match.json became .prev
    assert store.load_match() == (GOOD, [])


def test_saving_where_it_cannot_write_says_why_and_does_not_raise(tmp_path):
    (tmp_path / "a-file").write_text("")
    store = Storage(tmp_path / "a-file" / "data")
    assert "could not save the settings" in store.save_settings(DEFAULT_SETTINGS)
    assert store.load_settings() == (DEFAULT_SETTINGS, [])


def test_clear_match_leaves_nothing_to_continue(store):
    store.save_match(GOOD)
    store.save_match(NEWER)
    store.clear_match()
    assert store.load_match() == (None, [])
    store.clear_match()                           # twice is fine


def test_the_default_folder_is_the_players_data_folder(monkeypatch, tmp_path):
    import platformdirs
    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda name, appauthor: str(tmp_path / f"{name}-{appauthor}"))
    assert Storage().dir == tmp_path / "TourneCase-False"


# -- bad files ---------------------------------------------------------------------------------

BAD_MATCH_FILES = {
    "truncated": envelope(GOOD)[:30],
    "garbled": b"\x00\xff\xfe garbage \x80",
    "empty": "",
    "not ours": json.dumps({"turn": 1}),
    "a list": "[1, 2, 3]",
    "unknown version": envelope(GOOD, version=2),
    "version as text": envelope(GOOD, version="1"),
    "settings in the match file": envelope(GOOD, kind="settings"),
    "data not an object": envelope([1, 2]),
    "NaN": envelope({"turn": float("nan"), "position": ""}),
    "huge number": envelope(GOOD).replace('"turn": 1', '"turn": 1e999'),
    "deeply nested": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "cannot be resumed": envelope({"turn": "one", "position": ""}),
}
BAD_MATCH_FILES = {what: content if isinstance(content, bytes) else content.encode()
                   for what, content in BAD_MATCH_FILES.items()}


@pytest.mark.parametrize("what", list(BAD_MATCH_FILES))
def test_a_bad_match_file_is_kept_aside_and_the_previous_save_used(store, what):
    store.save_match(GOOD)
    store.save_match(NEWER)
    bad = BAD_MATCH_FILES[what]
    (store.dir / "match.json").write_bytes(bad)
    data, problems = store.load_match()
    assert data == GOOD
    assert problems[0].startswith("match.json ")
    assert "kept it aside as match.json.bad-" in problems[0]
    assert problems[-1] == "went on from the previous save (match.json.prev)"
    [kept] = bad_files(store.dir, "match.json")
    assert re.fullmatch(r"match\.json\.bad-\d{8}-\d{6}", kept.name)
    assert kept.read_bytes() == bad


def test_what_the_problem_says(store):
    messages = {}
    for what in ("truncated", "garbled", "unknown version", "deeply nested", "cannot be resumed"):
        (store.dir).mkdir(exist_ok=True)
        (store.dir / "match.json").write_bytes(BAD_MATCH_FILES[what])
        messages[what] = store.load_match()[1][0]
    assert "damaged or cut short" in messages["truncated"]
    assert "not text" in messages["garbled"]
    assert "version this game does not know (2)" in messages["unknown version"]
    assert "nested too deeply" in messages["deeply nested"]
    assert "cannot be resumed (no turn or no position)" in messages["cannot be resumed"]
    assert len(bad_files(store.dir, "match.json")) == 5     # none overwritten by the next


def test_a_huge_file_is_not_read_whole(store):
    store.dir.mkdir()
    with open(store.dir / "match.json", "w") as f:
        f.write(envelope(GOOD) + " " * (MAX_BYTES * 3))
    data, problems = store.load_match()
    assert data is None
    assert "too large" in problems[0]
    assert bad_files(store.dir, "match.json")


def test_a_bad_save_is_never_rotated_over_the_good_backup(store):
    store.save_match(GOOD)
    store.save_match(NEWER)
    (store.dir / "match.json").write_text(envelope({"turn": None, "position": "?"}))
    store.save_match({"turn": 3, "position": "x"})     # saved without loading first
    assert json.loads((store.dir / "match.json.prev").read_text())["data"] == GOOD
    assert len(bad_files(store.dir, "match.json")) == 1


def test_a_save_reads_back_only_a_file_it_did_not_write_itself(store, monkeypatch):
    """Saving after each move: the file this storage wrote last is known good without being
    read again; one another writer put there (a new file, same size) is read and judged."""
    reads = []
    monkeypatch.setattr(storage, "read", lambda path: reads.append(path) or saves_files.read(path))
    store.save_match(GOOD)
    store.save_match(NEWER)
    assert reads == [store.dir / "match.json"], "only the first save looks: its own file is not read back"
    assert json.loads((store.dir / "match.json.prev").read_text())["data"] == GOOD
    other = store.dir / "other"
    other.write_text((store.dir / "match.json").read_text().replace('"turn"', '"tUrn"'))
    os.replace(other, store.dir / "match.json")                # another writer's, unreadable
    store.save_match(GOOD)
    assert reads == [store.dir / "match.json"] * 2
    assert json.loads((store.dir / "match.json.prev").read_text())["data"] == GOOD
    assert len(bad_files(store.dir, "match.json")) == 1


def test_both_files_bad_gives_nothing_to_continue_and_keeps_both(store):
    store.dir.mkdir()
    (store.dir / "match.json").write_text("{")
    (store.dir / "match.json.prev").write_text("}")
    data, problems = store.load_match()
    assert data is None and len(problems) == 2
    assert len(bad_files(store.dir, "match.json")) == 1
    assert len(bad_files(store.dir, "match.json.prev")) == 1


def test_bad_settings_file_gives_the_defaults(store):
    store.dir.mkdir()
    (store.dir / "settings.json").write_text("{{{")
    settings_, problems = store.load_settings()
    assert settings_ == DEFAULT_SETTINGS
    assert problems[-1] == "using the default settings"
    assert bad_files(store.dir, "settings.json")


# -- settings, key by key ----------------------------------------------------------------------

GOOD_SETTINGS = {"volume": 0.25, "muted": True, "animation_speed": "instant", "fullscreen": True,
                 "touch_move": True, "opponent": "human", "level": "beginner", "rules": "bell",
                 "reentry": True, "length": 21, "human_side": "B", "language": "fr",
                 "hints": False, "levels": {"garanguet": "journeyman"}, "end_move_after": "never",
                 "join_address": "ws://192.168.1.20:8690", "player_name": "Ada", "host_open": True}


def test_settings_come_back_as_saved(store):
    store.save_settings(GOOD_SETTINGS)
    assert store.load_settings() == (GOOD_SETTINGS, [])


@pytest.mark.parametrize("key, value", [
    ("volume", 1.5), ("volume", -0.1), ("volume", "loud"), ("volume", True), ("volume", None),
    ("muted", 1), ("muted", "yes"), ("animation_speed", "warp"), ("animation_speed", 3),
    ("fullscreen", "true"), ("touch_move", None), ("opponent", "cat"), ("level", 7),
    ("level", "x" * 41), ("rules", "chess"), ("reentry", 0), ("length", 4), ("length", True),
    ("length", 3.0), ("length", "3"), ("human_side", "white"), ("human_side", ["W"]),
])
def test_a_bad_setting_is_replaced_by_its_default_and_the_file_kept(store, key, value):
    store.save_settings({**GOOD_SETTINGS, key: value})
    loaded, problems = store.load_settings()
    assert loaded == {**GOOD_SETTINGS, key: DEFAULT_SETTINGS[key]}
    assert problems[0].startswith(f"settings.json: setting '{key}' was ")
    assert problems[-1].startswith("the old file is kept as settings.json.bad-")
    [kept] = bad_files(store.dir, "settings.json")
    assert json.loads(kept.read_text())["data"][key] == value
    assert store.load_settings() == (loaded, [])      # repaired on disk: said once only


def test_unknown_settings_are_dropped_and_missing_ones_filled_in(store):
    store.save_settings({"volume": 0.5, "from_the_future": 1})
    assert store.load_settings() == ({**DEFAULT_SETTINGS, "volume": 0.5}, [])


def test_the_defaults_pass_their_own_checks():
    assert set(SETTING_CHECKS) == set(DEFAULT_SETTINGS)
    for key, (is_valid, _) in SETTING_CHECKS.items():
        assert is_valid(DEFAULT_SETTINGS[key]), key


def test_each_setting_is_declared_once_with_what_its_readers_need():
    """The check, the defaults, the screens' rows and the table's pause all read one declaration."""
    from game.saves.settings import END_MOVE_AFTER, OPPONENT, SETTINGS
    assert [setting.key for setting in SETTINGS] == list(DEFAULT_SETTINGS)
    for setting in SETTINGS:
        assert all(setting.is_valid(value) for value in setting.values), setting.key
        assert [value for value, _ in setting.options()] == list(setting.values)
    assert (END_MOVE_AFTER.means("never"), END_MOVE_AFTER.means("1"), END_MOVE_AFTER.means("2")) \
        == (None, 1.0, 2.0), "seconds, for the table"
    assert END_MOVE_AFTER.means("soon") == END_MOVE_AFTER.means(END_MOVE_AFTER.default) == 1.0
    assert OPPONENT.values == ("computer", "human", "online") and OPPONENT.label == "Opponent"
    assert SETTING_CHECKS["language"][1].startswith('"" | en | ') and not SETTING_CHECKS["language"][0]("de")


# -- fuzzing: nothing a file holds crashes loading or loses the previous good save -------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=20)

good_file = envelope(NEWER).encode()
hostile_files = st.one_of(
    st.integers(0, len(good_file) - 1).map(lambda n: good_file[:n]),              # truncated
    st.binary(max_size=200),                                                        # garbled
    st.tuples(st.integers(0, len(good_file) - 1), st.binary(min_size=1, max_size=5)).map(
        lambda cut: good_file[:cut[0]] + cut[1] + good_file[cut[0] + len(cut[1]):]),  # flipped
    json_values.map(lambda v: json.dumps(v).encode()),                              # not ours
    st.fixed_dictionaries({                                                         # wrong types
        "format": st.sampled_from([saves_files.FORMAT, "other"]) | json_values,
        "version": st.integers(-2, 5) | json_values,
        "kind": st.sampled_from(["match", "settings"]) | json_values,
        "data": json_values | st.fixed_dictionaries({"turn": json_values,
                                                     "position": json_values})}).map(
        lambda d: json.dumps(d).encode()),
    st.integers(1, 5000).map(lambda n: b"[" * n * 20 + b"]" * n * 20),            # nested
    st.just(good_file + b" " * MAX_BYTES),                                          # huge
)


def no_fsync():
    """Durability is tested above; here only what loading makes of a file, at disk speed."""
    return mock.patch("os.fsync")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile=hostile_files)
def test_no_file_crashes_loading_or_loses_the_previous_good_save(hostile):
    with tempfile.TemporaryDirectory() as folder, no_fsync():
        store = Storage(folder, validate_match=check_turn)
        store.save_match(GOOD)
        store.save_match(NEWER)
        (store.dir / "match.json").write_bytes(hostile)
        data, problems = store.load_match()
        if problems:
            assert data == GOOD                     # the previous good save
            [kept] = bad_files(store.dir, "match.json")
            assert kept.read_bytes() == hostile     # kept aside, byte for byte
        else:
            check_turn(data)                        # the file was a good save after all
        assert store.save_match({"turn": 9, "position": "after"}) is None
        assert store.load_match() == ({"turn": 9, "position": "after"}, [])


@settings(max_examples=100, deadline=None)
@given(hostile=hostile_files, data=st.dictionaries(st.sampled_from(sorted(SETTING_CHECKS)),
                                                   json_values, max_size=11))
def test_no_settings_file_crashes_loading_and_every_value_is_valid(hostile, data):
    with tempfile.TemporaryDirectory() as folder, no_fsync():
        store = Storage(folder)
        store.save_settings(DEFAULT_SETTINGS)
        store.save_settings(GOOD_SETTINGS)
        for content in (hostile, envelope(data, kind="settings").encode()):
            (store.dir / "settings.json").write_bytes(content)
            loaded, problems = store.load_settings()
            assert set(loaded) == set(DEFAULT_SETTINGS)
            for key, (is_valid, _) in SETTING_CHECKS.items():
                assert is_valid(loaded[key]), (key, loaded[key])
            assert all(isinstance(p, str) for p in problems)


# -- records -----------------------------------------------------------------------------------

def record(kind, winner, level="beginner", rules="charpentier", opponent="computer", **more):
    return {"kind": kind, "winner": winner, "level": level, "rules": rules, "opponent": opponent,
            "human_side": "W", "moves": ["0-3 0-5", "pass"], **more}


def test_records_come_back_in_order(store):
    store.add_record(record("game", "W"))
    store.add_record(record("match", "B"))
    records, unreadable = store.records()
    assert [r["kind"] for r in records] == ["game", "match"]
    assert records[0]["moves"] == ["0-3 0-5", "pass"]
    assert unreadable == 0


def test_a_line_cut_short_by_a_crash_loses_only_itself(store):
    store.add_record(record("game", "W"))
    with open(store.dir / "records.jsonl", "a") as f:
        f.write('{"kind": "game", "win')                # the crash
    store.add_record(record("game", "B"))
    with open(store.dir / "records.jsonl", "a") as f:
        f.write("garbage\n[1]\n" + '{"kind": "chess"}\n' + "\n")
    records, unreadable = store.records()
    assert [r["winner"] for r in records] == ["W", "B"]
    assert unreadable == 4


def test_a_real_session_comes_back_and_a_tampered_one_is_kept_aside(tmp_path):
    from game.play.options import MatchOptions
    from game.play.session import Session
    session = Session.new(MatchOptions(rules="bell", length=5), seed=5)
    session.throw_priority()
    store = Storage(tmp_path, validate_match=Session.from_dict)
    store.save_match(session.to_dict())
    data, problems = store.load_match()
    assert problems == []
    assert Session.from_dict(data).to_dict() == session.to_dict()
    store.save_match({**session.to_dict(), "phase": "half-time"})
    data, problems = store.load_match()
    assert data == session.to_dict()
    assert "holds a match that cannot be resumed" in problems[0]


record_lines = st.one_of(
    st.binary(max_size=80),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.sampled_from(["kind", "level", "rules", "opponent", "winner",
                                     "human_side", "autoplay"]), json_values).map(
        lambda d: json.dumps({**d, "format": saves_records.RECORD_FORMAT, "version": 1}).encode()),
    st.sampled_from(["game", "match"]).map(
        lambda kind: json.dumps({"format": saves_records.RECORD_FORMAT, "version": 1, "kind": kind,
                                 "level": ["odd"], "rules": None, "winner": {}}).encode()),
)


@settings(max_examples=100, deadline=None)
@given(lines=st.lists(record_lines, max_size=8))
def test_no_records_file_crashes_the_statistics(lines):
    with tempfile.TemporaryDirectory() as folder, no_fsync():
        store = Storage(folder)
        (store.dir / "records.jsonl").write_bytes(b"\n".join(lines))
        store.add_record(record("game", "W"))
        records, skipped = store.records()
        total = stats.compute(records, unreadable=skipped).total
        assert total.games_played >= 1                     # the good record always counts
        assert all(isinstance(n, int) for n in asdict(total).values())


def test_stale_temporary_files_of_a_cut_save_are_removed(tmp_path):
    """A kill between writing and renaming leaves `.match.json.*.tmp`; loading clears old ones."""
    store = Storage(tmp_path)
    old, fresh = tmp_path / ".match.json.abc.tmp", tmp_path / ".match.json.def.tmp"
    old.write_text("{half a save")
    fresh.write_text("{being written")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert store.load_match() == (None, [])
    assert not old.exists() and fresh.exists()


def test_the_error_log_is_never_written_through_a_link_or_into_a_fifo(tmp_path):
    folder = tmp_path / "data"
    assert saves_files.append_text(folder, "errors.log", "one\n") == folder / "errors.log"
    assert saves_files.append_text(folder, "errors.log", "two\n") == folder / "errors.log"
    assert (folder / "errors.log").read_text() == "one\ntwo\n"
    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    (folder / "errors.log").unlink()
    (folder / "errors.log").symlink_to(outside)
    assert saves_files.append_text(folder, "errors.log", "three\n") is None
    assert outside.read_text() == "mine"
    (folder / "errors.log").unlink()
    os.mkfifo(folder / "errors.log")
    assert saves_files.append_text(folder, "errors.log", "four\n") is None    # no reader: no wait


def test_resume_match_hands_back_what_the_check_built(tmp_path):
    """The check is the build: the save is validated once, and what that made comes back."""
    built = []

    def build(data):
        check_turn(data)
        built.append(object())
        return built[-1]
    store = Storage(tmp_path, validate_match=build)
    store.save_match(GOOD)
    thing, problems = store.resume_match()
    assert problems == [] and len(built) == 1 and thing is built[0]
    store.save_match(NEWER)                    # GOOD becomes the backup, checked on loading too
    built.clear()
    thing, problems = Storage(tmp_path, validate_match=build).resume_match()
    assert problems == [] and len(built) == 2 and thing is built[0], "match.json's own build"
    assert Storage(tmp_path).resume_match() == (NEWER, []), "no validator: the data itself"
    (tmp_path / "match.json").write_text("}")
    thing, problems = Storage(tmp_path, validate_match=build).resume_match()
    assert thing is built[-1] and problems[-1] == "went on from the previous save (match.json.prev)"


# -- in the player's language ------------------------------------------------------------------

def _messages(problem):
    """Every catalogue message a Problem is made of (its own and its fields')."""
    found = [problem.forms[:2] if problem.forms else problem.message]
    for value in problem.fields.values():
        if isinstance(value, Problem):
            found += _messages(value)
    return found


def _all_in_french(problem) -> bool:
    from game.base import i18n
    french = i18n.catalogue("fr")
    for message in _messages(problem):
        if isinstance(message, tuple):
            if french.ngettext(*message, 2) == message[1]:
                return False
        elif french.gettext(message) == message:
            return False
    return True


@pytest.mark.parametrize("what", list(BAD_MATCH_FILES))
def test_every_problem_with_a_file_is_said_in_french(store, what):
    from game.base import i18n
    store.save_match(GOOD)
    store.save_match(NEWER)
    (store.dir / "match.json").write_bytes(BAD_MATCH_FILES[what])
    _, problems = store.load_match()
    assert problems and all(isinstance(p, Problem) for p in problems)
    for problem in problems:
        assert _all_in_french(problem), problem
        english = storage.said(problem)
        assert english == problem and i18n.said(english)     # English: the str itself
        i18n.set_language("fr")
        french = storage.said(problem)
        i18n.set_language("en")
        assert i18n.said(french) and french != problem
    assert storage.said(problems[-1]) == "went on from the previous save (match.json.prev)"
    i18n.set_language("fr")
    assert storage.said(problems[-1]) == "reprise depuis la sauvegarde précédente (match.json.prev)"


def test_a_problem_is_said_in_the_language_spoken_when_shown(store):
    from game.base import i18n
    store.dir.mkdir()
    (store.dir / "match.json").write_text("")
    [problem] = store.load_match()[1]
    assert re.fullmatch(r"match\.json is empty; kept it aside as match\.json\.bad-[\d-]+", problem)
    i18n.set_language("fr")
    assert re.fullmatch("match\\.json est vide\u202f; mis de côté sous le nom match\\.json\\.bad-[\\d-]+",
                        storage.said(problem))
    i18n.set_language("en")
    assert storage.said(problem) == problem       # the same object, said again in English


def test_a_bad_setting_and_a_failed_save_are_said_in_french(store, tmp_path):
    from game.base import i18n
    store.dir.mkdir()
    (store.dir / "settings.json").write_text(json.dumps(
        {"format": saves_files.FORMAT, "version": 1, "kind": "settings", "data": {"muted": 3}}))
    _, problems = store.load_settings()
    assert problems[0] == "settings.json: setting 'muted' was 3, not true or false; using False"
    (tmp_path / "a-file").write_text("")
    trouble = Storage(tmp_path / "a-file" / "data").save_match(GOOD)
    assert trouble.startswith("could not save the match in ")
    i18n.set_language("fr")
    assert storage.said(problems[0]) == ("settings.json\u00a0: le réglage 'muted' valait 3 au lieu "
                                         "de true ou false\u202f; valeur retenue\u00a0: False")
    assert storage.said(problems[-1]).startswith("l’ancien fichier est gardé sous le nom settings.json.bad-")
    assert storage.said(trouble).startswith("impossible d’enregistrer le match dans ")
    assert all(_all_in_french(p) for p in problems + [trouble])


@pytest.mark.parametrize("bad, english, french", [
    (1, "records.jsonl had 1 unreadable line; kept the whole file aside as {kept} and went on "
        "with the 1 readable one", "records.jsonl avait 1 ligne illisible\u202f; le fichier entier "
        "est gardé sous le nom {kept}, et le jeu continue avec 1 ligne lisible"),
    (3, "records.jsonl had 3 unreadable lines; kept the whole file aside as {kept} and went on "
        "with the 1 readable one", "records.jsonl avait 3 lignes illisibles\u202f; le fichier "
        "entier est gardé sous le nom {kept}, et le jeu continue avec 1 ligne lisible"),
])
def test_unreadable_record_lines_are_counted_in_words(store, bad, english, french):
    from game.base import i18n
    store.add_record(record("game", "W"))
    with open(store.dir / "records.jsonl", "a") as f:
        f.write("garbage\n" * bad)
    [problem] = store.check_records()
    [kept] = bad_files(store.dir, "records.jsonl")
    assert problem == english.format(kept=kept.name)
    i18n.set_language("fr")
    assert storage.said(problem) == french.format(kept=kept.name)


def test_text_from_elsewhere_is_shown_as_it_is():
    from game.base import i18n
    assert storage.said("a sentence from outside") == "a sentence from outside"
    assert i18n.said(storage.said("a sentence from outside"))


def test_a_damaged_saved_match_says_what_is_wrong_in_french(tmp_path):
    """What the match's own check finds (game/play/session.py) is said in the player's language too,
    down to the engine's refusal of a move that does not replay."""
    import random
    from game.base import i18n
    from game.play.options import MatchOptions
    from game.play.session import Session
    from game.rules import CHARPENTIER, Move, Side
    session = Session(MatchOptions(), random.Random(3))
    session.throw_priority()
    data = session.to_dict()
    store = Storage(tmp_path, validate_match=Session.from_dict)
    cases = {"throw_seed": -1, "rng": [3, [1] * 5, None]}
    said = {}
    for key, value in cases.items():
        store.save_match({**data, key: value})
        [problem] = store.resume_match()[1]
        assert _all_in_french(problem), problem
        i18n.set_language("fr")
        said[key] = storage.said(problem)
        i18n.set_language("en")
    assert "la graine du coup de dés sauvegardée est abîmée" in said["throw_seed"]
    assert "le générateur de hasard sauvegardé est abîmé" in said["rng"]
    assert said["rng"].startswith("match.json contient un match qui ne peut pas reprendre (")
    # A finished game whose moves the rules refuse: the engine's reason, in French.
    position = CHARPENTIER.start(Side.WHITE)
    game = {"first": "W", "turns": [[[2, 6], "0-4"]], "outcome": {"winner": "W", "points": 1}}
    from game.play.replays import check_record
    with pytest.raises(ValueError) as error:
        check_record(CHARPENTIER, game)
    problem = error.value.args[0]
    assert isinstance(problem, Problem) and str(problem).startswith(
        "a saved game does not replay: 0-4: no number of this throw (2) moves that checker there")
    i18n.set_language("fr")
    assert storage.said(problem).startswith(
        "une partie sauvegardée ne se rejoue pas\u00a0: 0-4\u00a0: aucun point de ce coup de dés (2) "
        "n’amène cette dame là (TC-1)")
    assert position.to_move is Side.WHITE and Move.parse("0-4")


def test_a_players_game_never_takes_up_a_demos_match(tmp_path):
    """Issue 38, item 1: the computer against itself leaves the player no match to continue;
    the next demo goes on with it, and the file stays as it was."""
    demo_match = {**GOOD, "options": {"autoplay": True}}
    assert Storage(tmp_path, demo=True).save_match(demo_match) is None
    saved = (tmp_path / "match.json").read_bytes()
    assert Storage(tmp_path).resume_match() == (None, [])
    assert Storage(tmp_path, demo=True).resume_match()[0] is not None
    assert (tmp_path / "match.json").read_bytes() == saved
    players = {**GOOD, "options": {"autoplay": False}}
    Storage(tmp_path).save_match(players)
    assert Storage(tmp_path).resume_match()[0] is not None


def test_the_systems_words_for_an_error_are_said_in_the_players_language():
    """Issue 38, item 8: a busy port ended a French sentence with asyncio's English ("error
    while attempting to bind on address ...: address already in use")."""
    import errno
    from game.base import i18n
    busy = saves_files.os_words(OSError(errno.EADDRINUSE, "error while attempting to bind on "
                                        "address ('127.0.0.1', 8690): address already in use"))
    assert "address already in use" in str(busy)         # the logs keep the system's text
    try:
        i18n.set_language("fr")
        assert busy.said() == "l’adresse est déjà prise (un autre programme écoute sur ce port)"
        odd = saves_files.os_words(OSError(errno.EXDEV, "Invalid cross-device link"))
        assert odd.said() == "Invalid cross-device link"     # unknown: as the system says it
        full = Problem("could not save the match in {folder} ({error})", folder="/x",
                       error=saves_files.os_words(OSError(errno.ENOSPC, "No space left on device")))
        assert "No space left on device" in full
        assert full.said() == "impossible d’enregistrer le match dans /x (plus de place sur le disque)"
    finally:
        i18n.set_language("en")
