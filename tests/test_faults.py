"""Hostile files and folders: every data file (settings, the match, its backup, the records) as a
link out of the folder, a FIFO, a folder, a 50 MB file, JSON nested 100,000 deep, NaN and
Infinity, wrong types in every field, cut short at a seeded sample of bytes, and unreadable; the
data folder as a file, read-only, and on a full disk. Each time: the game goes on (or exits 2
with one line), no traceback, no hang, nothing outside the folder changes, the bad file is kept
aside byte for byte, and the player is told.

The storage cases run in-process; a few real starts (`main.py --autoplay`) check that nothing
hangs or prints a traceback, and that SIGTERM ends the game with its match saved.
"""
import errno
import hashlib
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.games import resumable_session
from game.play.options import MatchOptions
from game.play.session import Session
from game.scenes.menus.overlays import NoticeScene
from game.saves import files as saves_files, stats
from game.saves.records import RECORDS_FILE
from game.saves.settings import DEFAULT_SETTINGS, SETTINGS_FILE
from game.saves.storage import MATCH_FILE, Storage
from sessions import at_random, steps

ROOT = Path(__file__).resolve().parent.parent
FILES = (SETTINGS_FILE, MATCH_FILE, MATCH_FILE + ".prev", RECORDS_FILE)
TIMEOUT = 20.0                  # seconds any one case may take before it counts as a hang
OUTSIDE = b"a file of the player's, outside the data folder\n"
SEED = 1404
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0   # root reads and writes past chmod


# -- a real folder -------------------------------------------------------------------------------

def match_states(count: int, seed: int = SEED) -> list[dict]:
    """A seeded demo match, one saved state per throw or move (as the game saves them)."""
    s = Session.new(MatchOptions(length=3, autoplay=True), seed=seed)
    states = []
    for s in steps(s, at_random(random.Random(seed))):
        states.append(json.loads(json.dumps(s.to_dict())))
        if len(states) >= count:
            return states


STATES = match_states(12)
RECORD = {"kind": "game", "winner": "W", "points": 1, "first": "W", "turns": [[[4, 3], "0-3"]],
          "rules": "charpentier", "length": 3, "opponent": "computer", "level": "master",
          "human_side": "W", "autoplay": False}


def real_folder(folder: Path) -> Storage:
    """Settings, a match with its backup, and two records, all written by the game's storage."""
    store = Storage(folder, validate_match=resumable_session)
    assert store.save_settings({**DEFAULT_SETTINGS, "volume": 0.5}) is None
    for data in STATES[-3:]:
        assert store.save_match(data) is None
    assert store.add_record(RECORD) is None
    assert store.add_record({**RECORD, "kind": "match", "score": {"W": 3, "B": 1}}) is None
    return store


def snapshot(root: Path, skip: Path) -> dict:
    """Every name under `root` but `skip`: its kind, bytes (hashed) or link target, and mtime."""
    found = {}
    for here, dirs, files in os.walk(root, followlinks=False):
        if Path(here) == skip or skip in Path(here).parents:
            dirs[:] = []
            continue
        for name in dirs + files:
            path = Path(here) / name
            if path == skip:
                continue
            st = path.lstat()
            if stat.S_ISREG(st.st_mode):
                content = hashlib.sha256(path.read_bytes()).hexdigest()
            elif stat.S_ISLNK(st.st_mode):
                content = os.readlink(path)
            else:
                content = stat.S_IFMT(st.st_mode)
            found[str(path.relative_to(root))] = (content, st.st_mtime_ns)
    return found


def fingerprint(path: Path):
    """What a kept-aside thing must still be: the same bytes, link, FIFO or folder."""
    st = path.lstat()
    if stat.S_ISLNK(st.st_mode):
        return "link", os.readlink(path)
    if stat.S_ISFIFO(st.st_mode):
        return "fifo", None
    if stat.S_ISDIR(st.st_mode):
        return "folder", sorted((p.name, p.read_bytes()) for p in path.iterdir())
    with open(path, "rb") as f:
        return "file", hashlib.sha256(f.read()).hexdigest(), st.st_size


def kept_aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.bad-*"))


def within(seconds: float, work):
    """work()'s result; a failure (never a hung test) when it takes longer than `seconds`."""
    result, error = [], []

    def run():
        try:
            result.append(work())
        except BaseException as exc:     # re-raised in the test's thread
            error.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"hung for over {seconds} s"
    if error:
        raise error[0]
    return result[0]


# -- hostile things in a data file's place -------------------------------------------------------

def deep_json(depth: int = 100_000) -> bytes:
    return b"[" * depth + b"]" * depth


def make_link(path: Path, outside: Path) -> None:
    path.unlink()
    path.symlink_to(outside)


def make_fifo(path: Path, outside: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def make_folder(path: Path, outside: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside.txt").write_bytes(b"not a save")


def make_huge(path: Path, outside: Path) -> None:
    """50 MB: the real file's start, then zeros (sparse, so the test writes little)."""
    with open(path, "r+b") as f:
        f.truncate(50 * 1024 * 1024)


def make_deep(path: Path, outside: Path) -> None:
    path.write_bytes(deep_json())


def make_nan(path: Path, outside: Path) -> None:
    """The real file with a NaN and an Infinity in it (JSON has neither)."""
    raw = path.read_bytes()
    if path.name == RECORDS_FILE:
        path.write_bytes(raw + b'{"kind": "game", "points": NaN, "length": Infinity}\n')
    else:
        path.write_bytes(b'{"nan": NaN, "big": -Infinity, ' + raw.lstrip()[1:])


HOSTILE = {"link out": make_link, "fifo": make_fifo, "folder": make_folder, "50 MB": make_huge,
           "100,000 deep": make_deep, "NaN and Infinity": make_nan}


def load_all(folder: Path) -> tuple[Storage, list[str], dict | None]:
    """What a start does with the folder: settings (and records), then the match."""
    store = Storage(folder, validate_match=resumable_session)
    settings, problems = store.load_settings()
    data, more = store.load_match()
    assert set(settings) == set(DEFAULT_SETTINGS)
    return store, problems + more, data


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_data_file_is_kept_aside_and_the_game_goes_on(tmp_path, name, kind):
    folder = tmp_path / "data"
    real_folder(folder)
    outside = tmp_path / "elsewhere" / "notes.txt"
    outside.parent.mkdir()
    outside.write_bytes(OUTSIDE)
    path = folder / name
    HOSTILE[kind](path, outside)
    before_outside = snapshot(tmp_path, folder)
    bad = fingerprint(path)

    store, problems, data = within(TIMEOUT, lambda: load_all(folder))
    # the game goes on: the match (from its backup when the match itself was bad), saves, records
    assert data == (STATES[-1] if name != MATCH_FILE else STATES[-2])
    for write in (lambda: store.save_settings(DEFAULT_SETTINGS), lambda: store.save_match(STATES[0]),
                  lambda: store.add_record(RECORD)):
        assert within(TIMEOUT, write) is None
    assert store.load_match()[0] == STATES[0]
    assert len(store.records()[0]) >= 1 and store.records()[1] == 0

    assert snapshot(tmp_path, folder) == before_outside, "something outside the folder changed"
    assert outside.read_bytes() == OUTSIDE
    aside = kept_aside(folder, name)
    assert len(aside) == 1, sorted(p.name for p in folder.iterdir())
    assert fingerprint(aside[0]) == bad, "the bad file was not kept aside as it was"
    told = [p for p in problems if p.startswith(name + " ")]
    assert told and aside[0].name in " ".join(told), problems
    for p in folder.iterdir():       # only regular files in the folder's own names remain
        assert p.name.startswith(name + ".bad-") or stat.S_ISREG(p.lstat().st_mode), p.name


@pytest.mark.parametrize("name", FILES)
def test_the_title_tells_the_player_once(tmp_path, name):
    """The start shows what was kept aside; the next start has nothing more to say about it."""
    folder = tmp_path / "data"
    real_folder(folder)
    make_link(folder / name, tmp_path / "elsewhere.txt")
    for start in range(2):
        app = within(TIMEOUT, lambda: App(seed=1, data_dir=folder, size=(960, 600)))
        try:
            app.frame(0.05)
            notes = app.scenes.top.notes if isinstance(app.scenes.top, NoticeScene) else []
            said = [n for n in notes if name + " was a link" in n]
            assert len(said) == (1 if start == 0 else 0), notes
        finally:
            pygame.display.quit()
    assert not (folder / "errors.log").exists()


# -- wrong types in every field ------------------------------------------------------------------

WRONG = [None, True, -1, 10 ** 30, 1.5, "x" * 50, [], {}, [1, "a"], {"a": None}]


def wrong_matches():
    """(field, value, the match data with that one field wrong), for every field and sub-field."""
    good = STATES[-1]
    for key, value in good.items():
        for wrong in WRONG:
            if wrong != value:
                yield key, wrong, {**good, key: wrong}
        if isinstance(value, dict):
            for sub in value:
                for wrong in WRONG:
                    if wrong != value[sub]:
                        yield f"{key}.{sub}", wrong, {**good, key: {**value, sub: wrong}}


def test_a_match_with_a_wrong_type_in_any_field_is_kept_aside_or_plays(tmp_path):
    tried = refused = played = 0
    for n, (field, wrong, data) in enumerate(wrong_matches()):
        folder = tmp_path / f"m{n}"
        store = Storage(folder)
        store.save_match(data)              # written without checking, as a hostile hand would
        raw = (folder / MATCH_FILE).read_bytes()
        loaded, problems = Storage(folder, validate_match=resumable_session).load_match()
        tried += 1
        if loaded is None:
            refused += 1
            aside = kept_aside(folder, MATCH_FILE)
            assert len(aside) == 1 and aside[0].read_bytes() == raw, field
            assert any(p.startswith(MATCH_FILE + " ") for p in problems), (field, problems)
        else:   # accepted: the game must then resume it and play on without an error
            played += 1
            app = App(seed=2, data_dir=folder, autoplay=True, size=(960, 600))
            try:
                for _ in range(40):
                    app.frame(0.1)
            finally:
                pygame.display.quit()
            assert not (folder / "errors.log").exists(), (field, wrong)
    print(f"\nwrong types: {tried} tried, {refused} kept aside, {played} resumed and played")
    assert tried > 100 and refused > 0


@pytest.mark.parametrize("key", list(DEFAULT_SETTINGS))
def test_a_setting_of_a_wrong_type_falls_back_to_its_default(tmp_path, key):
    folder = tmp_path / "data"
    for n, wrong in enumerate(WRONG):
        store = Storage(folder)
        store.save_settings({**DEFAULT_SETTINGS, key: wrong})
        raw = (folder / SETTINGS_FILE).read_bytes()
        settings, problems = Storage(folder).load_settings()
        if settings[key] == wrong and type(wrong) is type(DEFAULT_SETTINGS[key]):
            continue       # a wrong value can still be a valid one ("level" is any short text)
        assert settings[key] == DEFAULT_SETTINGS[key], (key, wrong)
        assert any(repr(key) in p for p in problems), problems
        assert any(p.read_bytes() == raw for p in kept_aside(folder, SETTINGS_FILE))


def test_a_record_with_a_wrong_type_in_any_field_is_skipped_and_kept(tmp_path):
    folder = tmp_path / "data"
    store = real_folder(folder)
    lines = [json.dumps({**RECORD, "format": "tourne-case-record", "version": 1, key: wrong})
             for key in (*RECORD, "format", "version") for wrong in WRONG]
    with open(folder / RECORDS_FILE, "ab") as f:
        f.write(("\n".join(lines) + "\n").encode())
    raw = (folder / RECORDS_FILE).read_bytes()
    records, skipped = store.records()      # never raises on odd values
    assert skipped > 0 and stats.compute(records, unreadable=skipped).unreadable == skipped
    problems = Storage(folder).check_records()
    assert problems and "unreadable line" in problems[0]
    assert [p.read_bytes() for p in kept_aside(folder, RECORDS_FILE)] == [raw]
    records, unreadable = Storage(folder).records()
    assert unreadable == 0 and len(records) == 2 + len(lines) - skipped


# -- cut short -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", FILES)
def test_a_file_cut_short_at_any_byte_is_kept_aside(tmp_path, name):
    rng = random.Random(SEED)
    model = tmp_path / "model"
    real_folder(model)
    whole = (model / name).read_bytes()
    cuts = sorted(rng.sample(range(len(whole)), 40))
    tried = passed = 0
    for cut in cuts:
        folder = tmp_path / f"cut{cut}"
        real_folder(folder)
        (folder / name).write_bytes(whole[:cut])
        _, problems, data = load_all(folder)
        tried += 1
        if name == RECORDS_FILE:
            # a record cut short is one bad line (or a whole one, cut at its newline)
            aside = kept_aside(folder, name)
            assert [p.read_bytes() for p in aside] in ([whole[:cut]], []), cut
            assert bool(aside) == bool(problems)
        else:
            assert data == (STATES[-2] if name == MATCH_FILE else STATES[-1]), cut
            aside = kept_aside(folder, name)
            assert [p.read_bytes() for p in aside] == [whole[:cut]], cut
            assert any(p.startswith(name + " ") for p in problems), problems
        passed += 1
    print(f"\n{name} cut short: {tried} tried, {passed} passed")


# -- unreadable, read-only, full -----------------------------------------------------------------

def refuse(monkeypatch, folder: Path, error: int, names=None, writes_only=False):
    """Make the OS refuse: opening (for reading, or only for writing) files in `folder` (or
    only `names`), and renaming or removing there."""
    real_open, real_replace, real_unlink = os.open, os.replace, os.unlink
    folder = str(folder)

    def hit(path) -> bool:
        path = os.fspath(path)
        return os.path.dirname(path) == folder and (
            names is None or os.path.basename(path) in names)

    def fake_open(path, flags, *args, **kwargs):
        wants_write = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if hit(path) and (wants_write or not writes_only):
            raise OSError(error, os.strerror(error), os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    def fake_move(src, dst, *args, **kwargs):
        if writes_only and (hit(src) or hit(dst)):
            raise OSError(error, os.strerror(error), os.fspath(src))
        return real_replace(src, dst, *args, **kwargs)

    def fake_unlink(path, *args, **kwargs):
        if writes_only and hit(path):
            raise OSError(error, os.strerror(error), os.fspath(path))
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "replace", fake_move)
    monkeypatch.setattr(os, "rename", fake_move)
    monkeypatch.setattr(os, "unlink", fake_unlink)


@pytest.mark.parametrize("name", FILES)
def test_an_unreadable_file_is_left_alone_and_said(tmp_path, monkeypatch, name):
    folder = tmp_path / "data"
    real_folder(folder)
    before = (folder / name).read_bytes()
    if IS_ROOT:
        refuse(monkeypatch, folder, errno.EACCES, names={name})
    else:
        (folder / name).chmod(0)
    try:
        _, problems, data = load_all(folder)
    finally:
        monkeypatch.undo()
        (folder / name).chmod(0o644)
    assert (folder / name).read_bytes() == before and not kept_aside(folder, name)
    if name == MATCH_FILE + ".prev":
        assert data == STATES[-1]           # the backup is not needed: nothing to say
    else:
        assert any(name in p and "could not be read" in p for p in problems), problems
        if name == MATCH_FILE:
            assert data == STATES[-2]


def test_a_read_only_folder_keeps_everything_and_says_why(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    real_folder(folder)
    (folder / MATCH_FILE).write_bytes(deep_json())
    before = snapshot(tmp_path, tmp_path / "nothing")
    if IS_ROOT:
        refuse(monkeypatch, folder, errno.EROFS, writes_only=True)
    else:
        folder.chmod(0o555)
    try:
        store, problems, data = load_all(folder)
        assert data == STATES[-2]
        assert any("could not move it aside" in p for p in problems), problems
        assert "could not save the match" in store.save_match(STATES[0])
        assert "could not save the settings" in store.save_settings(DEFAULT_SETTINGS)
        assert "could not add to the record" in store.add_record(RECORD)
        store.clear_match()
    finally:
        monkeypatch.undo()
        folder.chmod(0o755)
    assert snapshot(tmp_path, tmp_path / "nothing") == before, "a read-only folder changed"


class FullDisk:
    """os.write that fills the disk after `room` more bytes: a short write, then ENOSPC."""

    def __init__(self, room: int):
        self.room = room

    def __call__(self, fd, data):
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = os.write(fd, bytes(data[:self.room]))
        self.room -= written
        return written


def test_a_full_disk_loses_nothing(tmp_path):
    rng = random.Random(SEED)
    folder = tmp_path / "data"
    real_folder(folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    big_record = {**RECORD, "turns": [[[1, 2], "x" * 30_000]]}
    writes = {   # each write, and about how many bytes it needs
        "match": (lambda s: s.save_match(STATES[0]), len(saves_files.wrap("match", STATES[0]))),
        "settings": (lambda s: s.save_settings(DEFAULT_SETTINGS), 200),
        "record": (lambda s: s.add_record(big_record), 30_000)}
    tried = 0
    for what, (write, size) in writes.items():
        for room in [0, 1] + rng.sample(range(2, size), 12):
            store = Storage(folder, validate_match=resumable_session, writer=FullDisk(room))
            trouble = write(store)
            tried += 1
            assert trouble and os.strerror(errno.ENOSPC) in trouble, (what, room, trouble)
            after = {p.name: p.read_bytes() for p in folder.iterdir()}
            assert after == before, f"a full disk at {room} bytes of the {what} changed the folder"
    store, problems, data = load_all(folder)
    assert problems == [] and data == STATES[-1] and len(store.records()[0]) == 2
    print(f"\nfull disk: {tried} writes tried, all refused with nothing lost")


def test_a_data_folder_that_is_a_file(tmp_path):
    file = tmp_path / "a-file"
    file.write_bytes(b"mine")
    store = Storage(file)
    assert store.load_settings() == (DEFAULT_SETTINGS, [])
    assert store.load_match() == (None, [])
    assert "could not save" in store.save_match(STATES[0])
    assert "could not add" in store.add_record(RECORD)
    result = start(file, "--quit-after", "3")
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "is a file" in result.stderr
    assert file.read_bytes() == b"mine"


# -- real starts: no hang, no traceback; SIGTERM --------------------------------------------------

def game_env() -> dict:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def start(folder: Path, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(folder),
                           "--autoplay", "--seed", "3", *args], cwd=ROOT, env=game_env(),
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("kinds", [
    ("link out",) * 4, ("fifo",) * 4, ("folder", "100,000 deep", "NaN and Infinity", "50 MB")])
def test_a_real_start_on_hostile_files_plays(tmp_path, kinds):
    folder = tmp_path / "data"
    real_folder(folder)
    outside = tmp_path / "elsewhere.txt"
    outside.write_bytes(OUTSIDE)
    kept = {}
    for name, kind in zip(FILES, kinds):
        HOSTILE[kind](folder / name, outside)
        kept[name] = fingerprint(folder / name)
    before = snapshot(tmp_path, folder)
    result = start(folder, "--quit-after", "3")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.strip() == "", result.stderr
    assert snapshot(tmp_path, folder) == before and outside.read_bytes() == OUTSIDE
    for name in FILES:
        aside = kept_aside(folder, name)
        assert [fingerprint(p) for p in aside] == [kept[name]], name
    data, problems = Storage(folder, validate_match=Session.from_dict).load_match()
    assert data is not None and problems == [], "the game did not play and save its match"
    assert not (folder / "errors.log").exists()


def saved_at(path: Path):
    """When the save was last written; None in the instant a save renames the old file to
    `.prev` before putting the new one in its place (a poll can land there)."""
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return None


@pytest.mark.slow(seconds=7)
def test_sigterm_ends_a_resting_game_within_two_seconds(tmp_path):
    """A player's game at the title, where nothing moves, sleeps until an event (game/view/
    window.py): Python takes a signal only once that sleep returns, and one sleep was up to a
    minute long, so SIGTERM (the system closing) waited for most of it."""
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path / "d")],
                            cwd=ROOT, env=game_env(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(6.0)                  # started, the title drawn and its fade done: resting
        assert game.poll() is None, game.stderr.read()
        game.send_signal(signal.SIGTERM)
        out, err = game.communicate(timeout=2.0)      # the check: still running then fails it
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 143 and "Traceback" not in err, (game.returncode, err)


@pytest.mark.parametrize("moment", [0.0, 1.5])
def test_sigterm_ends_the_game_within_two_seconds_with_the_match_saved(tmp_path, moment):
    """At once (still starting) or while playing; a FIFO in the folder must not matter."""
    folder = tmp_path / "data"
    real_folder(folder)
    make_fifo(folder / SETTINGS_FILE, tmp_path)
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data-dir", str(folder),
                             "--autoplay", "--seed", "4", "--quit-after", "60"], cwd=ROOT,
                            env=game_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        if moment:      # playing: wait until it has saved a move of its own
            first = saved_at(folder / MATCH_FILE)
            while saved_at(folder / MATCH_FILE) in (first, None):
                assert time.monotonic() < deadline and game.poll() is None, "no save"
                time.sleep(0.02)
            time.sleep(moment)
        game.send_signal(signal.SIGTERM)
        # the check is the timeout: a game still running then has not ended on SIGTERM
        out, err = game.communicate(timeout=2.0 + (5.0 if not moment else 0.0))
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    # 143: ended by the game's own handler; -SIGTERM: killed before Python even ran the game
    assert game.returncode == 143 or (not moment and game.returncode == -signal.SIGTERM), \
        (game.returncode, err)
    assert "Traceback" not in err and err.strip() == "", err
    data, problems = Storage(folder, validate_match=Session.from_dict).load_match()
    assert data is not None and problems == []


@pytest.mark.parametrize("make", [make_link, make_fifo], ids=["link", "fifo"])
def test_the_error_log_is_never_written_through_a_link_or_into_a_fifo(tmp_path, make):
    """An error caught in a frame is logged in the data folder only: errors.log as a link out
    or a FIFO is not followed (nor waited on); the traceback goes to the console instead."""
    from game.app import log_error
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (elsewhere / "diary.txt").write_text("someone else's file\n")
    (folder / "errors.log").write_text("")
    make(folder / "errors.log", elsewhere / "diary.txt")
    before = snapshot(elsewhere, skip=folder)
    try:
        raise RuntimeError("a frame failed")
    except RuntimeError as exc:
        path = within(5, lambda: log_error(folder, exc))
    assert path is None
    assert snapshot(elsewhere, skip=folder) == before
