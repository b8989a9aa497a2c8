"""Kill test: the real game (`main.py --autoplay`) is killed with SIGKILL at random moments of a
seeded match, and every time the save on disk must be a good state of that very match, the
backup too, and starting again must continue exactly there and play on legally.

The kills are made in chains, each on one data folder (CHAINS of them side by side: a run's time
is mostly the game's own pace, waited for): each run resumes what the last one left, and each
run gets its own --seed, so a run that started a new match instead of continuing would show up
as a different match (a match's dice come from its own seed, not from the run's). Each run is a
process of its own, forked from a Python that has imported the game once (tests/forked_games.py):
the imports touch no file, and were 0.3 s of a core at each of the fifty starts.

"A state of the match" is checked strictly: the match is replayed from its seed with the moves
the save records (each validated by the engine), and the save's whole `to_dict()` - generator
state included - must equal the replay at some point. Each kill's save is then started again
in-process by the real App and played on for two turns; the last kill of the first chain to end
is played on to the end of its match.
"""
import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pygame
import pytest

from forked_games import ForkedGame, Zygote
from game.app import App
from game.base.folder_lock import LOCK_FILE
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import Move
from game.saves.settings import DEFAULT_SETTINGS
from game.saves.storage import MATCH_FILE, Storage

ROOT = Path(__file__).resolve().parent.parent
SEED = 1699
KILLS = 50                       # in all, over the CHAINS
#: The kills of each chain, on a data folder of its own; the chains are killed side by side (a
#: run's time is mostly the game's own pace, waited for). The last kill of the chain that ends
#: first is played on to the end of its match, in-process, while the others go on.
CHAINS = (25, 25)
SAVE_TIMEOUT = 30.0              # seconds a run may take to save its match (start included)
MATCH_LENGTH = 3                 # long enough that a chain's kills stay in one match
DT = 0.1                         # in-process frames: the longest step the loop allows
PLAY_ON_TURNS = 2                # in-process turns played after each resume
MATCH_FRAME_BUDGET = 20_000      # in-process frames to finish the match after the last kill
#: ... and wall seconds: the computer thinks on its own thread, in wall time, so frames drawn as
#: fast as a loaded machine goes could run out before it has played.
MATCH_SECONDS = 240


def normal(data):
    """The JSON form (tuples become lists), as a save holds it; also a deep copy."""
    return json.loads(json.dumps(data))


def match_seeds(runs: int) -> list[int]:
    """The seed a new match gets in each run (App draws it first from Random(--seed))."""
    return [random.Random(SEED + k).getrandbits(64) for k in range(runs)]


def walk(options: MatchOptions, seed: int, games: list, record: dict):
    """The session at every state it passes through, replaying the given games and current
    record from the match's seed; stops where the records end (one throw further, for a MOVE
    save). The same live Session is yielded each time: compare it before going on.

    Raises AssertionError where the seed's dice disagree with the record, and IllegalMoveError
    (via Session.play) where a recorded move is not legal."""
    s = Session.new(options, seed=seed)
    yield s
    for i, game in enumerate([*games, record]):
        if not game:
            return
        while s.phase is Phase.PRIORITY:
            s.throw_priority()
            yield s
        assert str(s.to_move) == game["first"], "the seed's priority throw disagrees"
        for dice, move in game["turns"]:
            s.throw()
            assert list(s.dice) == dice, "the seed's dice disagree with the record"
            yield s
            s.play(Move.parse(move))
            yield s
        if i < len(games):
            assert s.phase is Phase.GAME_OVER
            s.next_game()
            yield s
        elif s.phase is Phase.THROW:
            s.throw()
            yield s


def place_in_match(data: dict, seeds: list[int]) -> tuple[int, int]:
    """(seed, index): where this saved session lies on its match's replay from the seed."""
    options = MatchOptions.from_dict(data["options"])
    # Only a state with as many games and turns can be the save: the cheap test goes first.
    turns = (len(data["games"]), len(data["record"].get("turns", ())), data["phase"])
    for seed in seeds:
        try:
            for index, s in enumerate(walk(options, seed, data["games"], data["record"])):
                if (len(s.match.games), len(s.record.get("turns", ())), s.phase.value) == turns \
                        and str(s.position) == data["position"] and normal(s.to_dict()) == data:
                    return seed, index
        except AssertionError:
            continue
    raise AssertionError(f"the save is no state of a match from these seeds: {short(data)}")


def short(data: dict) -> str:
    return f"phase={data['phase']} position={data['position']} dice={data['dice']} " \
           f"score={data['score']} turns={len(data['record'].get('turns', []))} games={len(data['games'])}"


def read_save(path: Path) -> dict:
    """A save file's session data, checked as the game would (format, then Session.from_dict)."""
    content = json.loads(path.read_text(encoding="utf-8"))
    assert content["format"] == "tourne-case-save" and content["kind"] == "match", path.name
    data = content["data"]
    assert normal(Session.from_dict(data).to_dict()) == data, f"{path.name} does not round-trip"
    return data


def check_files_after_kill(folder: Path) -> list[str]:
    """Nothing that loading could mistake for a save, nothing kept aside, no error log.
    Returns the leftover temporary files (a kill between writing one and renaming it)."""
    names = sorted(p.name for p in folder.iterdir())
    temps = [n for n in names if n.startswith(f".{MATCH_FILE}.") and n.endswith(".tmp")]
    # The folder's lock file stays (game/base/folder_lock.py): the lock itself died with the game,
    # and the next start takes it over.
    expected = {MATCH_FILE, MATCH_FILE + ".prev", "records.jsonl", "settings.json", LOCK_FILE}
    odd = [n for n in names if n not in expected and n not in temps]
    assert not odd, f"unexpected files after a kill: {odd}"
    return temps


def game_env() -> dict:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def start_game(zygote: Zygote, folder: Path, seed: int, log: Path) -> ForkedGame:
    """`main.py --autoplay` on this folder, forked from the zygote (tests/forked_games.py; a
    fresh process where forking is not safe)."""
    return zygote.start(["--autoplay", "--seed", str(seed), "--data-dir", str(folder),
                         "--windowed", "--quit-after", "600"], stderr=log)


def save_stamp(path: Path):
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def kill_at_a_random_moment(game: ForkedGame, folder: Path, rng: random.Random,
                            first: bool) -> dict | None:
    """Return at a random moment of the run (the caller kills it there): after 0 to 4 more
    saves (0: anywhere from the start, loading included), then a random fraction of a turn.
    The first run waits for its match to be saved, so that the chain follows one match.
    Returns the last save seen on disk before the kill (None if none was seen)."""
    saves = rng.randint(1 if first else 0, 4)
    delay = rng.uniform(0.0, 3.0) if saves == 0 else rng.uniform(0.0, 0.8)
    path = folder / MATCH_FILE
    deadline = time.monotonic() + SAVE_TIMEOUT
    stamp = save_stamp(path)
    seen = None
    while saves:
        assert game.poll() is None, f"the game ended on its own (status {game.returncode})"
        assert time.monotonic() < deadline, "the game stopped saving its match"
        time.sleep(0.005)
        now = save_stamp(path)
        if now != stamp and now is not None:
            stamp, saves = now, saves - 1
            seen = last_seen(path, seen)
    time.sleep(delay)
    assert game.poll() is None, f"the game ended on its own (status {game.returncode})"
    return last_seen(path, seen)


def killed_at_a_random_moment(game: ForkedGame, folder: Path, rng: random.Random,
                              first: bool) -> dict | None:
    try:
        return kill_at_a_random_moment(game, folder, rng, first)
    finally:
        game.send_signal(signal.SIGKILL)


def last_seen(path: Path, seen: dict | None) -> dict | None:
    """The save on disk now (each one is whole: it is renamed into place), else `seen`."""
    try:
        return json.loads(path.read_bytes())["data"]
    except (OSError, ValueError):
        return seen


class SaveWatch:
    """The sessions an in-process App saves, in order (the real save still happens)."""

    def __init__(self, app):
        self.saved: list[dict] = []
        real = app.storage.save_match

        def save_match(data):
            self.saved.append(normal(data))
            return real(data)
        app.storage.save_match = save_match


def resume_in_process(folder: Path, expected: dict) -> App:
    """Start the game again on this folder, as the next run would, and check it is exactly where
    the save was."""
    app = App(seed=SEED + 10_000, data_dir=folder, autoplay=True, size=(960, 600))
    assert app.session is not None, "the resumed game found no match to continue"
    assert normal(app.session.to_dict()) == expected, "the continued match is not where it was"
    return app


def play_on(app: App, seeds, start: tuple[int, int], turns: int | None) -> list[dict]:
    """Run real frames until `turns` more turns were played (None: to the end of the match);
    every save on the way must be a later state of the same match. Returns the saves."""
    watch = SaveWatch(app)
    session = app.session
    target = len(session.record.get("turns", [])) + (turns or 0)
    seed, last = start
    saves = []
    deadline = time.monotonic() + MATCH_SECONDS
    for _ in range(MATCH_FRAME_BUDGET):
        if time.monotonic() > deadline:
            break
        app.frame(DT)
        assert app.session is session, "the match was replaced while playing on"
        for data in watch.saved:
            where = place_in_match(data, [seed])
            assert where[1] >= last, f"a save went back in the match: {short(data)}"
            last = where[1]
        saves += watch.saved
        watch.saved = []
        done = session.phase is Phase.MATCH_OVER if turns is None else (
            session.match.games or len(session.record.get("turns", [])) >= target)
        if done:
            return saves
    raise AssertionError(f"the match did not go on within {MATCH_FRAME_BUDGET} frames and "
                         f"{MATCH_SECONDS} s")


def check_resumed(copy: Path, data: dict, place: tuple[int, int], seeds, last: bool) -> None:
    """A kill's save (copied aside) started again in-process continues exactly there and plays
    on legally: two turns, or (the last kill's) to the end of the match."""
    app = resume_in_process(copy, data)
    try:
        saves = play_on(app, seeds, place, None if last else PLAY_ON_TURNS)
        if last:
            final = (saves or [data])[-1]    # resumed at the won game's end: nothing new to save
            assert final["phase"] == Phase.GAME_OVER.value
            assert max(final["score"].values()) >= final["options"]["length"]
            records, _ = Storage(copy).records()
            won = [r for r in records if r["kind"] == "match"]
            assert won and won[-1]["score"] == final["score"]
            assert not (copy / MATCH_FILE).exists(), "a finished match is not offered again"
        assert not (copy / "errors.log").exists(), (copy / "errors.log").read_text()
    finally:
        pygame.display.quit()


def chain(index: int, runs: range, tmp_path: Path, seeds: list[int], checks: queue.Queue,
          stop: threading.Event, zygote: Zygote) -> tuple[int, tuple[int, int], set]:
    """One data folder's chain of runs, each run killed at a random moment and its folder then
    checked; each kill's save is copied aside and handed to `checks`, for the main thread to
    start again in-process (pygame's window is the main thread's) while the next run plays.
    Returns (saves that lost anything, the last kill's place, leftover temporary files)."""
    rng = random.Random(SEED + index)
    folder = tmp_path / f"data-{index}"
    folder.mkdir()
    Storage(folder).save_settings({**DEFAULT_SETTINGS, "length": MATCH_LENGTH})
    place = None                     # (seed, index) of the last kill's save on its match
    leftovers = set()
    lost = 0                         # kills after which the save was behind one seen on disk
    for run in runs:
        if stop.is_set():
            break
        game = start_game(zygote, folder, SEED + run, tmp_path / f"stderr-{index}.txt")
        try:
            seen = killed_at_a_random_moment(game, folder, rng, run == runs[0])
        finally:
            game.send_signal(signal.SIGKILL)
            game.wait()

        leftovers.update(check_files_after_kill(folder))
        data, problems = Storage(folder, validate_match=Session.from_dict).load_match()
        assert problems == [] and data is not None, f"after kill {run}: {problems}"
        data = normal(data)
        assert normal(Session.from_dict(data).to_dict()) == data
        here = place_in_match(data, seeds)
        if place is not None:
            assert here[0] == place[0], f"after kill {run}: a different match was started"
            assert here[1] >= place[1], f"after kill {run}: the match went back ({short(data)})"
        if seen is not None and place_in_match(normal(seen), [here[0]])[1] > here[1]:
            lost += 1
        place = here

        main, backup = folder / MATCH_FILE, folder / (MATCH_FILE + ".prev")
        assert main.exists() or backup.exists()
        if main.exists() and backup.exists():
            older = place_in_match(read_save(backup), [place[0]])
            assert older[1] <= place[1], "the backup is newer than the save"
        elif backup.exists():     # killed between keeping the backup and renaming the new save
            assert read_save(backup) == data

        copy = tmp_path / f"resume-{run}"
        shutil.copytree(folder, copy)
        checks.put((copy, data, place))
    return lost, place, leftovers


@pytest.mark.slow(seconds=60)
def test_killed_at_random_moments_the_match_continues_exactly_where_it_was(tmp_path):
    """KILLS kills in CHAINS on data folders side by side; every kill's save is started again
    in-process and played on, the last kill of the first chain to end to the end of its match."""
    assert sum(CHAINS) == KILLS
    seeds = match_seeds(KILLS)
    firsts = [sum(CHAINS[:index]) for index in range(len(CHAINS))]
    runs = [range(first, first + kills) for first, kills in zip(firsts, CHAINS)]
    lasts = {f"resume-{each[-1]}" for each in runs}     # the chains' last kills' copies
    checks, stop = queue.Queue(), threading.Event()
    with Zygote(game_env(), timeout=SAVE_TIMEOUT) as zygote, \
            ThreadPoolExecutor(len(CHAINS)) as pool:
        try:
            chains = [pool.submit(chain, index, each, tmp_path, seeds, checks, stop, zygote)
                      for index, each in enumerate(runs)]
            for _ in range(KILLS):
                while True:
                    try:
                        copy, data, place = checks.get(timeout=0.1)
                        break
                    except queue.Empty:
                        for each in chains:
                            if each.done():
                                each.result()      # a chain that failed raises here
                last = copy.name in lasts and len(lasts) == len(CHAINS)
                lasts.discard(copy.name)
                check_resumed(copy, data, place, seeds, last=last)
            ended = [each.result() for each in chains]
        finally:
            stop.set()
    lost = sum(lost for lost, _, _ in ended)
    places = [place for _, place, _ in ended]
    leftovers = set().union(*(leftovers for _, _, leftovers in ended))
    for log in tmp_path.glob("stderr-*.txt"):
        stderr = log.read_text(errors="replace")
        assert "Traceback" not in stderr and "Tourne Case" not in stderr, stderr[-2000:]
    assert all(place[1] > 0 for place in places), "the killed runs never got past the start"
    assert len({seed for seed, _ in places}) == len(CHAINS), "two chains played one match"
    print(f"\n{KILLS} kills on {len(CHAINS)} folders; saves that lost anything: {lost}; the matches "
          f"reached states {[place[1] for place in places]} of their replays; leftover "
          f"temporary files: {len(leftovers)}")
    assert lost == 0


#: A child that saves a seeded match state by state and kills itself inside the last save, just
#: before the n-th call of os.fsync or os.replace (the steps of an atomic save).
SAVE_THEN_DIE = r"""
import json, os, random, signal, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, os.path.join(sys.argv[1], "tests"))
from game.play.options import MatchOptions
from game.play.session import Session
from game.saves.storage import Storage
from sessions import at_random, steps

folder, saves, trap, nth = sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
s = Session.new(MatchOptions(length=3, autoplay=True), seed=saves)
states = []
for s in steps(s, at_random(random.Random(saves))):
    states.append(json.loads(json.dumps(s.to_dict())))
    if len(states) > saves:
        break
with open(os.path.join(folder, "..", "expected.json"), "w") as f:
    json.dump({"older": states[-3], "old": states[-2], "new": states[-1]}, f)
store = Storage(folder, validate_match=Session.from_dict)
for data in states[:-1]:
    store.save_match(data)
real, calls = getattr(os, trap), []
def die_on_nth(*args, **kwargs):
    calls.append(args)
    if len(calls) == nth:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(*args, **kwargs)
setattr(os, trap, die_on_nth)
store.save_match(states[-1])
print("survived", len(calls))
"""


@pytest.mark.parametrize("trap, nth, expect, backup", [
    ("fsync", 1, "old", "older"),      # the new save half written to its temporary file
    ("replace", 1, "old", "older"),    # written and flushed; the old save not yet the backup
    ("replace", 2, "old", "old"),      # the old save is the backup; the new one not in place
    ("fsync", 2, "new", "old"),        # renamed into place; the folder not yet flushed
])
def test_killed_inside_a_save_either_the_old_or_the_new_save_loads(tmp_path, trap, nth, expect,
                                                                  backup):
    folder = tmp_path / "data"
    folder.mkdir()
    child = subprocess.run([sys.executable, "-c", SAVE_THEN_DIE, str(ROOT), str(folder), "9",
                            trap, str(nth)], capture_output=True, text=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stdout + child.stderr
    expected = json.loads((tmp_path / "expected.json").read_text())
    check_files_after_kill(folder)
    data, problems = Storage(folder, validate_match=Session.from_dict).load_match()
    assert problems == [] and normal(data) == expected[expect]
    assert read_save(folder / (MATCH_FILE + ".prev")) == expected[backup], "the backup is intact"
    app = resume_in_process(folder, expected[expect])
    try:
        app.frame(DT)
        assert not (folder / "errors.log").exists()
    finally:
        pygame.display.quit()
