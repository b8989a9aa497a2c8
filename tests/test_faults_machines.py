"""The game the way real machines use it: two starts on one data folder, a demo on a player's
folder, the terminal closed under the game (SIGHUP), terminals that are not UTF-8, standard
streams closed or full, an empty --score. Each time: one clear answer, no traceback, nothing
lost (tests/test_faults.py holds the hostile files).
"""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.scenes.games import resumable_session
from game.play.options import MatchOptions
from game.play.session import Session
from game.saves.records import RECORDS_FILE
from game.saves.settings import DEFAULT_SETTINGS, SETTINGS_FILE
from game.saves.storage import MATCH_FILE, Storage
from sessions import at_random, steps
from test_faults import ROOT, TIMEOUT, game_env, real_folder, saved_at

MAIN = str(ROOT / "main.py")
ANALYZE = ["analyze", "--rules", "bell", "--position", "0,0,0/0,0,0/B"]
REQUEST = '{"id": 1, "rules": "charpentier", "position": "0,0,0/0,0,0/W", "dice": [4, 3]}\n'

#: Put before the first game's Python path: each match.json it puts in place is copied into
#: $TC_WRITES first, so that a test knows the bytes that game wrote last.
SPY = '''
import os
_replace = os.replace


def replace(source, target, *args, **kwargs):
    if os.path.basename(os.fspath(target)) == "match.json":
        folder = os.environ["TC_WRITES"]
        with open(source, "rb") as f:
            data = f.read()
        with open(os.path.join(folder, "%06d" % len(os.listdir(folder))), "wb") as f:
            f.write(data)
    return _replace(source, target, *args, **kwargs)


os.replace = replace
'''


def first_game(tmp_path: Path, folder: Path, *args) -> tuple[subprocess.Popen, Path]:
    """A demo playing on `folder` (until killed), spied on; and the folder of its writes."""
    spy, writes = tmp_path / "spy", tmp_path / "writes"
    spy.mkdir(parents=True, exist_ok=True)
    writes.mkdir(parents=True, exist_ok=True)
    (spy / "sitecustomize.py").write_text(SPY)
    env = {**game_env(), "PYTHONPATH": str(spy), "TC_WRITES": str(writes)}
    game = subprocess.Popen([sys.executable, MAIN, "--data-dir", str(folder), "--autoplay",
                             "--seed", "5", "--quit-after", "120", *args], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    return game, writes


def until_it_saves(game: subprocess.Popen, folder: Path) -> None:
    """Wait until the game has saved a move of its own (it holds its folder by then)."""
    first, deadline = saved_at(folder / MATCH_FILE), time.monotonic() + 60
    while saved_at(folder / MATCH_FILE) in (first, None):
        assert time.monotonic() < deadline and game.poll() is None, "the game saved nothing"
        time.sleep(0.02)


def end(game: subprocess.Popen, how=signal.SIGTERM) -> tuple[int, str]:
    game.send_signal(how)
    try:
        _, err = game.communicate(timeout=10)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    return game.returncode, err


def second_start(folder: Path, *args, lang: str = "C.UTF-8") -> subprocess.CompletedProcess:
    env = {**game_env(), "LANG": lang, "LANGUAGE": "", "LC_ALL": ""}
    return subprocess.run([sys.executable, MAIN, "--data-dir", str(folder), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=TIMEOUT,
                          stdin=subprocess.DEVNULL)


# -- one game per data folder ------------------------------------------------------------------

@pytest.mark.parametrize("lang, says", [("C.UTF-8", "is already running on the data folder"),
                                        ("fr_FR.UTF-8", "est déjà ouvert sur le dossier")])
@pytest.mark.parametrize("how", [["--autoplay"], ["--quit-after", "0.3"]], ids=["demo", "window"])
def test_a_second_start_on_a_folder_in_use_says_so_and_plays_nothing(tmp_path, lang, says, how):
    """Headless (a demo): one line and status 1. In the window: the same line on stderr, then
    the screen that offers the running game or to quit (closed after 0.3 s here, nine frames:
    its words are said on stderr before it opens, its drawing is test_the_window_brings_...'s).
    Either way the first game's match is, byte for byte, what the first game last wrote."""
    folder = tmp_path / "data"
    game, writes = first_game(tmp_path, folder)
    try:
        until_it_saves(game, folder)
        second = second_start(folder, *how, lang=lang)
        assert game.poll() is None, "the first game ended"
    finally:
        status, err = end(game)
    assert second.returncode == 1, second.stderr
    [line] = second.stderr.strip().splitlines()
    assert says in line and str(folder) in line and "--data-dir" in line
    assert second.stdout == ""
    assert status == 143 and err.strip() == "", err
    written = sorted(writes.iterdir())
    assert written and (folder / MATCH_FILE).read_bytes() == written[-1].read_bytes()


def test_the_player_hears_it_in_the_language_of_the_games_settings(tmp_path):
    from game.base import folder_lock
    folder = tmp_path / "data"
    Storage(folder).save_settings({**DEFAULT_SETTINGS, "language": "fr"})
    settings = (folder / SETTINGS_FILE).read_bytes()
    with folder_lock.FolderLock(folder) as lock:
        assert lock.take()
        second = second_start(folder, "--autoplay", lang="C.UTF-8")
    assert second.returncode == 1 and "Le Tourne Case est déjà ouvert" in second.stderr
    assert (folder / SETTINGS_FILE).read_bytes() == settings        # read, never written
    assert not (folder / MATCH_FILE).exists()


def test_the_window_brings_the_running_game_forward_or_quits(tmp_path):
    """The screen names the folder; "Show the running game" calls the holder, which goes on
    playing (the call never ends it) and still saves on SIGTERM; Esc quits."""
    import pygame
    from game.base import folder_lock
    from game.scenes.menus.in_use import InUseScreen
    from game.view import widgets as ui
    folder = tmp_path / "data"
    game, _ = first_game(tmp_path, folder)
    try:
        until_it_saves(game, folder)
        lock = folder_lock.FolderLock(folder)
        assert not lock.take() and lock.holder() == game.pid
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode((820, 460))
        screen = InUseScreen(folder, lock.holder())
        with ui.recording() as (drawn, unsaid):
            screen.draw(surface)
        words = " ".join(text for text, _, _ in drawn)
        assert "Tourne Case is already running" in words and "Show the running game" in words
        # a long path is drawn over several lines, broken after its slashes (ui.wrap)
        assert str(folder) in words.replace("/ ", "/") and not unsaid
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        assert screen.done and screen.called
        time.sleep(1.0)
        assert game.poll() is None, "the call ended the running game"
        quitting = InUseScreen(folder, lock.holder())
        quitting.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        assert quitting.done and not quitting.called
    finally:
        pygame.display.quit()
        status, err = end(game)
    assert status == 143 and err.strip() == "", err


def test_a_lock_held_by_a_killed_game_is_taken_over(tmp_path):
    """Killed (no chance to clean up), the first game leaves its lock file but no lock: the next
    start plays, and holds the folder in its turn."""
    from game.base import folder_lock
    folder = tmp_path / "data"
    game, _ = first_game(tmp_path, folder)
    until_it_saves(game, folder)
    assert end(game, signal.SIGKILL)[0] == -signal.SIGKILL
    assert (folder / folder_lock.LOCK_FILE).exists()
    taker, writes = first_game(tmp_path / "taker", folder)
    try:
        until_it_saves(taker, folder)
        third = second_start(folder, "--autoplay", "--quit-after", "3")
    finally:
        status, err = end(taker)
    assert status == 143 and err.strip() == "", err
    assert third.returncode == 1 and "already running" in third.stderr
    assert (folder / MATCH_FILE).read_bytes() == sorted(writes.iterdir())[-1].read_bytes()


def test_the_lock_in_one_process(tmp_path):
    """Two holders of one folder exclude each other (even in one process); a release frees it;
    a folder that cannot hold a lock (read-only, a FIFO in the lock's place) is played as
    before, unguarded, without waiting."""
    from game.base import folder_lock
    folder = tmp_path / "data"
    with folder_lock.FolderLock(folder) as first:
        assert first.take()
        assert first.holder() == os.getpid()
        assert not folder_lock.FolderLock(folder).take()
    again = folder_lock.FolderLock(folder)
    assert again.take()
    again.release()
    fifo_folder = tmp_path / "fifo"
    fifo_folder.mkdir()
    os.mkfifo(fifo_folder / folder_lock.LOCK_FILE)
    assert folder_lock.FolderLock(fifo_folder).take()
    (tmp_path / "a-file").write_text("")
    assert folder_lock.FolderLock(tmp_path / "a-file" / "data").take()   # cannot be made


# -- the demo and a player's match -------------------------------------------------------------

def players_folder(folder: Path) -> None:
    """A match of a player's against the computer, saved twice (match.json and its .prev)."""
    store = Storage(folder, validate_match=resumable_session)
    session = Session.new(MatchOptions(length=5), seed=77)
    for count, _ in zip(range(9), steps(session, at_random(random.Random(77)))):
        assert store.save_match(session.to_dict()) is None


def test_the_demo_never_touches_a_players_match(tmp_path):
    folder = tmp_path / "data"
    players_folder(folder)
    before = {name: (folder / name).read_bytes() for name in (MATCH_FILE, MATCH_FILE + ".prev")}
    result = second_start(folder, "--autoplay", "--seed", "3", "--quit-after", "3")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    for name, data in before.items():
        assert (folder / name).read_bytes() == data, name
    records = (folder / RECORDS_FILE).read_bytes().splitlines() \
        if (folder / RECORDS_FILE).exists() else []
    assert all(json.loads(line)["autoplay"] is True for line in records)  # no "abandoned" of it
    data, _ = Storage(folder, validate_match=resumable_session).load_match()
    assert data["options"]["autoplay"] is False


def test_a_demo_still_saves_into_an_empty_folder(tmp_path):
    folder = tmp_path / "data"
    result = second_start(folder, "--autoplay", "--seed", "3", "--quit-after", "3")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    data, problems = Storage(folder, validate_match=resumable_session).load_match()
    assert problems == [] and data["options"]["autoplay"] is True


def test_a_demos_storage_keeps_its_hands_off_a_players_match(tmp_path):
    folder = tmp_path / "data"
    players_folder(folder)
    mine = (folder / MATCH_FILE).read_bytes()
    demo = Storage(folder, validate_match=resumable_session, demo=True)
    assert demo.resume_match() == (None, []) and demo.load_match() == (None, [])
    demo_match = Session.new(MatchOptions(autoplay=True), seed=1).to_dict()
    assert demo.save_match(demo_match) is None
    demo.clear_match()
    assert (folder / MATCH_FILE).read_bytes() == mine
    other = tmp_path / "demo"       # a folder holding a demo's match: the demo goes on with it
    Storage(other).save_match(demo_match)
    data, _ = Storage(other, demo=True).load_match()
    assert data == demo_match


# -- SIGHUP: the terminal closed ---------------------------------------------------------------

@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX only")
def test_sighup_saves_and_ends_like_sigterm(tmp_path):
    folder = tmp_path / "data"
    real_folder(folder)
    game, writes = first_game(tmp_path, folder)
    until_it_saves(game, folder)
    time.sleep(1.0)
    game.send_signal(signal.SIGHUP)
    try:
        _, err = game.communicate(timeout=2.0)      # the check: ended within two seconds
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 128 + signal.SIGHUP, (game.returncode, err)
    assert "Traceback" not in err and err.strip() == "", err
    data, problems = Storage(folder, validate_match=Session.from_dict).load_match()
    assert data is not None and problems == []
    assert (folder / MATCH_FILE).read_bytes() == sorted(writes.iterdir())[-1].read_bytes()


# -- any terminal: Latin-1 and ASCII -----------------------------------------------------------

@pytest.fixture(scope="module")
def locales(tmp_path_factory):
    """LOCPATH and LC_ALL for a Latin-1 French terminal and an ASCII one, compiled here; the
    plain C locale (ASCII, without Python's UTF-8 mode) when localedef is missing."""
    terminals = {"ascii-c": ({"LC_ALL": "C", "PYTHONUTF8": "0", "LANGUAGE": "fr"}, "ascii")}
    if shutil.which("localedef"):
        folder = tmp_path_factory.mktemp("locales")
        for name, source, charmap in (("fr_FR.ISO-8859-1", "fr_FR", "ISO-8859-1"),
                                      ("en_US.ANSI_X3.4-1968", "en_US", "ANSI_X3.4-1968")):
            subprocess.run(["localedef", "-c", "-i", source, "-f", charmap, str(folder / name)],
                           capture_output=True, timeout=120)
        if (folder / "fr_FR.ISO-8859-1").exists():
            terminals["latin-1"] = ({"LOCPATH": str(folder), "LC_ALL": "fr_FR.ISO-8859-1",
                                     "PYTHONUTF8": "0"}, "iso8859-1")
        if (folder / "en_US.ANSI_X3.4-1968").exists():
            terminals["ascii"] = ({"LOCPATH": str(folder), "LC_ALL": "en_US.ANSI_X3.4-1968",
                                   "PYTHONUTF8": "0", "LANGUAGE": "fr"}, "ascii")
    return terminals


def in_terminal(env_change: dict, *args, python: bool = False):
    """main.py (or Python itself) run with the terminal's locale alone."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LANGUAGE", "LC_ALL",
                                                            "LC_CTYPE", "LC_MESSAGES")}
    return subprocess.run([sys.executable, *([] if python else [MAIN]), *args],
                          env={**env, **env_change}, capture_output=True, timeout=60,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("terminal", ["latin-1", "ascii", "ascii-c"])
@pytest.mark.parametrize("args, status, latin_1, ascii", [
    (["--help"], 0, "jouer dans une fenêtre", "jouer dans une fenetre"),
    (["--language", "fr", "--help"], 0, "utilisation : main.py", "utilisation : main.py"),
    (["analyze", "--help"], 0, "un coup de dés au Tourne Case", "un coup de des au Tourne Case"),
    (["engine", "--help"], 0, "Lit une requête JSON", "Lit une requete JSON"),
    (["--seed", "x"], 2, "'x' n'est pas un nombre entier", "'x' n'est pas un nombre entier"),
    (ANALYZE + ["--score", "1-1"], 2, "analyze : --score demande --match",
     "analyze : --score demande --match"),
])
def test_every_message_prints_in_any_terminals_encoding(locales, terminal, args, status,
                                                        latin_1, ascii):
    """French on a terminal that cannot show all of it: what it lacks is replaced, in a plain
    form ("ê" as "e" on ASCII, "’" as "'", a no-break space as a space; Latin-1 has "ê" and the
    no-break space), never a UnicodeEncodeError."""
    if terminal not in locales:
        pytest.skip("localedef could not compile this locale")
    env, encoding = locales[terminal]
    probe = in_terminal(env, "-c", "import sys; print(sys.stdout.encoding)", python=True)
    assert probe.stdout.decode().strip().lower() in ({"ascii": "ascii", "iso8859-1": "iso8859-1"}
                                                     [encoding], "ansi_x3.4-1968", "iso-8859-1")
    result = in_terminal(env, *args)
    out, err = (result.stdout + result.stderr).decode(encoding), result.stderr.decode(encoding)
    assert result.returncode == status, err
    assert "Traceback" not in err and "UnicodeEncodeError" not in err
    says = latin_1.replace(" :", "\u00a0:") if encoding == "iso8859-1" else ascii
    assert says in out, out


def test_plain_forms():
    from game.base import streams
    assert "fenêtre ’ « x » déjà œuvre\u00a0:".encode("ascii", streams.ERRORS) == \
        b"fenetre ' \" x \" deja oeuvre :"
    assert "fenêtre ’\u202f;".encode("latin-1", streams.ERRORS) == \
        "fenêtre ' ;".encode("latin-1")
    assert "♠".encode("ascii", streams.ERRORS) == b"?"


# -- any stream: closed, full, gone ------------------------------------------------------------

def shell(command: str, stdin: str = "") -> subprocess.CompletedProcess:
    """`command` run by sh, "$0" standing for Python and $M for main.py."""
    return subprocess.run(["sh", "-c", command, sys.executable], input=stdin,
                          env={**os.environ, "M": MAIN, "LANG": "C.UTF-8"},
                          capture_output=True, text=True, timeout=60)


FULL = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


@pytest.mark.parametrize("command, says", [
    ('exec "$0" "$M" engine <&-', "engine: its standard input is closed"),
    ('exec "$0" "$M" engine >&-', "engine: its standard output is closed"),
    pytest.param('exec "$0" "$M" engine > /dev/full', "engine: its standard output could not be "
                 "written (No space left on device)", marks=FULL),
    pytest.param('exec "$0" "$M" ' + " ".join(ANALYZE) + ' --json > /dev/full',
                 "analyze: its standard output could not be written (No space left on device)",
                 marks=FULL),
    pytest.param('exec "$0" "$M" ' + " ".join(ANALYZE) + ' > /dev/full',
                 "analyze: its standard output could not be written (No space left on device)",
                 marks=FULL),
    ('exec "$0" "$M" ' + " ".join(ANALYZE) + ' --json >&-', "analyze: its standard output is "
                                                            "closed"),
], ids=["engine <&-", "engine >&-", "engine >full", "analyze --json >full", "analyze >full",
        "analyze >&-"])
def test_a_closed_or_full_stream_ends_with_one_line_and_a_failure(command, says):
    result = shell(command, stdin=REQUEST)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == says, result.stderr


@pytest.mark.parametrize("command, prog", [("", "main.py"), ("analyze", "main.py analyze"),
                                           ("engine", "main.py engine")])
@pytest.mark.parametrize("redirect, problem", [
    (">&-", "its standard output is closed"),
    pytest.param("> /dev/full", "its standard output could not be written (No space left on "
                 "device)", marks=FULL)], ids=["closed", "full"])
def test_help_on_a_closed_or_full_stream_says_so(command, prog, redirect, problem):
    """argparse drops what such a stream refuses and exits 0, as if the help had been read."""
    result = shell(f'exec "$0" "$M" {command} --help {redirect}')
    assert result.returncode == 1 and result.stderr.strip() == f"{prog}: {problem}"


def test_a_bad_argument_with_stderr_closed_is_said_on_stdout():
    result = shell('exec "$0" "$M" --seed x 2>&-')
    assert result.returncode == 2
    assert result.stdout.strip() == "main.py: argument --seed: 'x' is not a whole number " \
                                    "(see --help)"


def test_with_stderr_closed_too_the_line_goes_to_stdout():
    result = shell('exec "$0" "$M" engine <&- 2>&-')
    assert result.returncode == 1
    assert result.stdout.strip() == "engine: its standard input is closed"


def test_a_reader_gone_stays_quiet():
    """| head: the engine ends without a word, status 0, as before."""
    engine = subprocess.Popen([sys.executable, MAIN, "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    engine.stdin.write(REQUEST.encode())
    engine.stdin.flush()
    assert engine.stdout.readline().startswith(b'{"id": 1')
    engine.stdout.close()
    try:
        engine.stdin.write(REQUEST.encode() * 200)
        engine.stdin.close()
    except BrokenPipeError:
        pass
    assert engine.wait(timeout=60) == 0
    assert engine.stderr.read() == b""


@pytest.mark.parametrize("score", ["", "  "])
def test_an_empty_or_blank_score_is_refused(score):
    result = shell('exec "$0" "$M" ' + " ".join(ANALYZE) + ' --match 5 --score "$1"'
                   .replace('"$1"', repr(score)))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"analyze: --score: {score!r} is not a score like 2-1 (White-Black)"]


@pytest.mark.skipif(not hasattr(signal, "SIGUSR2"), reason="stands in for SIGBREAK on POSIX")
def test_a_closing_windows_console_waits_for_the_save(monkeypatch):
    """No Windows here: its console handler runs with ctypes' POSIX twin of WINFUNCTYPE and
    SIGUSR2 in SIGBREAK's place. The close event, from the system's thread, ends the game in its
    own thread (Terminated: the loop saves) and returns only once the game has saved."""
    import ctypes
    import threading
    import types
    from game.commands import cli
    handlers = []
    monkeypatch.setattr(ctypes, "WINFUNCTYPE", ctypes.CFUNCTYPE, raising=False)
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=types.SimpleNamespace(
        SetConsoleCtrlHandler=lambda handler, add: handlers.append(handler) or 1)), raising=False)
    monkeypatch.setattr(signal, "SIGBREAK", signal.SIGUSR2, raising=False)
    monkeypatch.setattr(cli, "ENDING_SIGNALS", (signal.SIGUSR2,))
    events, answers = [], []
    with cli._ends_on_sigterm() as ended:
        handler = cli._hold_the_console(threading.Event())
        assert handler is handlers[0] and handler(0) == 0      # Ctrl+C: Python's own
    game = cli._ends_on_sigterm()
    with game as ended:
        handler = cli._hold_the_console(game.saved)
        closing = threading.Thread(target=lambda: answers.append(handler(2)) or events.append(
            "the console may close"))
        try:
            closing.start()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                time.sleep(0.01)        # the game playing
        except cli.Terminated:
            time.sleep(0.2)             # the loop saving
            events.append("the game saved")
    closing.join(10)
    assert ended == [signal.SIGUSR2] and answers == [1]
    assert events == ["the game saved", "the console may close"]
