"""Settings, the match in progress and the record of finished games, in the player's data folder.

Every file is versioned JSON (never pickle) written atomically: a temporary file in the same
folder, flushed and fsynced, then `os.replace`d over the old one, so a crash or a power cut
leaves either the old save or the new one, never half of each. Before a save replaces a good
file, that file becomes `<name>.prev`, the fallback when the main file turns out to be bad.

Loading never raises: a corrupt, truncated, huge, unknown-version or hostile file is kept aside
as `<name>.bad-YYYYmmdd-HHMMSS` (renamed, never deleted), the problem is reported as a sentence,
and the game goes on with the previous good save or the defaults. Nothing here imports pygame.

Each sentence about the files is a `Problem`: a str holding the English (for logs and tests),
which also keeps its message and fields, so that a screen says it in the player's language when
it shows it: `said(problem)` (game/base/i18n.py; translated then, never when stored).

Only regular files inside the folder are read or written: a symbolic link is never followed (it
could point anywhere), and a FIFO, a device or a folder in a file's place is never opened (a
FIFO blocks an open for good). Each is kept aside by name, like a corrupt file, and reported.
"""
import errno
import json
import math
import os
import stat
import tempfile
import time
from pathlib import Path

from game.base.i18n import LANGUAGES, N_, Problem, Said, n_, verbatim
from game.rules import MATCH_LENGTHS, RULE_NAMES

FORMAT = "tourne-case-save"
RECORD_FORMAT = "tourne-case-record"
VERSION = 1
MAX_BYTES = 1 << 20          # no save of ours comes near; anything larger is not ours
APP_NAME = "TourneCase"

SETTINGS_FILE = "settings.json"
MATCH_FILE = "match.json"
RECORDS_FILE = "records.jsonl"
#: What a record holds: a finished game, a finished match, or a match given up for another
#: (its score kept; statistics count only finished games and matches).
RECORD_KINDS = ("game", "match", "abandoned")

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
#: Seconds after which a move complete on the board ends by itself ("never": Space, Enter or a
#: click on the dice ends it).
END_MOVE_AFTER = ("never", "1", "2")

DEFAULT_SETTINGS = {
    "volume": 0.8,
    "muted": False,
    "animation_speed": "normal",
    "fullscreen": False,
    "touch_move": False,
    "language": "",           # "": the system's language (game/base/i18n.py), until the player picks one
    # The options of the last new match, offered again next time.
    "opponent": "computer",
    "level": "",              # "": the app's default level
    "rules": RULE_NAMES[0],   # the registry's first: Charpentier 1699
    "reentry": False,
    "length": 3,
    "human_side": "W",
    "hints": True,            # between two people: the hints are a match option (off online)
    "levels": {},             # the level last chosen for each game, by rule set family name
    "end_move_after": "1",    # a move complete on the board ends by itself after: never | 1 | 2 s
    "join_address": "",       # the relay's address last typed on the Join screen
}


def _plurals() -> None:
    """Never called: marks the sentences given to Problem.plural for the catalogue as plurals."""
    n_("{file} had {n} unreadable line", "{file} had {n} unreadable lines", 1)
    n_("the {n} readable one", "the {n} readable ones", 1)


def said(problem) -> Said:
    """A storage sentence in the player's language, to show it: a Problem is translated now;
    any other text (an error from outside) is shown as it is."""
    return problem.said() if isinstance(problem, Problem) else verbatim(str(problem))


def _joined(problems) -> "Problem | None":
    """Sentences one after the other ("a; b"), or None when there are none."""
    joined = None
    for problem in problems:
        joined = problem if joined is None else Problem(N_("{first}; {then}"), first=joined,
                                                        then=problem)
    return joined


def _is_bool(value):
    return isinstance(value, bool)


def _is_volume(value):
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= 1)


def _is_level(value):
    return isinstance(value, str) and len(value) <= 40


def _is_levels(value):
    return isinstance(value, dict) and len(value) <= 16 and all(
        isinstance(k, str) and len(k) <= 40 and _is_level(v) for k, v in value.items())


def _is_address(value):
    return isinstance(value, str) and len(value) <= 200


def _one_of(choices):
    return lambda value: isinstance(value, (str, int)) and not isinstance(value, bool) \
        and value in choices


#: What a valid value looks like, where words say it (the rest are lists of the values themselves).
_IN_WORDS = (N_("a number from 0 to 1"), N_("true or false"), N_("a level name"),
             N_("an object of level names"), N_("a relay address"))

#: Per setting: the test a loaded value must pass, and what a valid one looks like (for messages).
SETTING_CHECKS = {
    "volume": (_is_volume, "a number from 0 to 1"),
    "muted": (_is_bool, "true or false"),
    "animation_speed": (_one_of(ANIMATION_SPEEDS), " | ".join(ANIMATION_SPEEDS)),
    "fullscreen": (_is_bool, "true or false"),
    "touch_move": (_is_bool, "true or false"),
    "language": (_one_of(("", *LANGUAGES)), " | ".join(("\"\"", *LANGUAGES))),
    "opponent": (_one_of(("computer", "human", "online")), "computer | human | online"),
    "level": (_is_level, "a level name"),
    "rules": (_one_of(RULE_NAMES), " | ".join(RULE_NAMES)),
    "reentry": (_is_bool, "true or false"),
    "length": (_one_of(MATCH_LENGTHS), " | ".join(map(str, MATCH_LENGTHS))),
    "human_side": (_one_of(("W", "B")), "W | B"),
    "hints": (_is_bool, "true or false"),
    "levels": (_is_levels, "an object of level names"),
    "end_move_after": (_one_of(END_MOVE_AFTER), " | ".join(END_MOVE_AFTER)),
    "join_address": (_is_address, "a relay address"),
}


def default_data_dir() -> Path:
    """The player's own data folder, e.g. ~/.local/share/TourneCase on Linux."""
    import platformdirs    # imported here so that main.py can read --help without it
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saved_language(folder) -> str:
    """The language saved in the folder's settings ("" for none), read without writing anything:
    a second start on a folder in use must leave every file as the running game has it."""
    try:
        raw = _read(Path(folder) / SETTINGS_FILE)
    except OSError:
        return ""
    settings = _check(raw, "settings")[0] if raw is not None else None
    language = (settings or {}).get("language")
    return language if language in LANGUAGES else ""


def validate_settings(raw) -> tuple[dict, list[str]]:
    """Fill in defaults and replace every invalid value by its default; say what was replaced."""
    settings = dict(DEFAULT_SETTINGS)
    problems = []
    for key, (is_valid, expected) in SETTING_CHECKS.items():
        if key not in raw:
            continue
        if is_valid(raw[key]):
            settings[key] = raw[key]
        else:
            problems.append(Problem(
                N_("setting {key} was {value}, not {expected}; using {default}"),
                key=repr(key), value=_short(raw[key]),
                expected=Problem(expected) if expected in _IN_WORDS else expected,
                default=repr(DEFAULT_SETTINGS[key])))
    return settings, problems


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is not a number a save can hold")
    return value


def _reject_constant(name):
    raise ValueError(f"{name} is not a number a save can hold")


def _parse_json(raw: bytes):
    """Strict JSON: no NaN or Infinity, no number too large for a float (raises ValueError)."""
    return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant, parse_float=_finite)


#: Opened without following a link, and without waiting on a FIFO (0 where the OS has no such flag).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class NotAFile(OSError):
    """Something other than a regular file stands where a data file belongs."""

    def __init__(self, path, what: str):
        super().__init__(errno.EINVAL, what, str(path))
        self.what = what


def _kind_of(mode: int) -> str | None:
    """None for a regular file, else what it is, in a player's words."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return Problem(N_("a link to another file, which the game never follows"))
    if stat.S_ISDIR(mode):
        return Problem(N_("a folder, not a file"))
    if stat.S_ISFIFO(mode):
        return Problem(N_("a pipe (FIFO), not a file"))
    return Problem(N_("a device or socket, not a file"))


class Storage:
    """The game's files in one folder. `validate_match(data)` (e.g. `Session.from_dict`) raises
    on match data the game cannot resume; such a save is kept aside like a corrupt one. What it
    returns is handed back by `resume_match`, so a save is replayed once, not checked then built.

    `writer` is `os.write` (fd, bytes) -> count: tests put in one that fails like a full disk.

    A `demo`'s storage (autoplay: the computer on both sides) never plays over a player's match:
    when the folder holds one, the demo loads nothing and saves nothing of its own, leaving the
    player's match byte for byte; a folder without one (empty, or a demo's) it uses as any game."""

    def __init__(self, data_dir=None, validate_match=None, writer=os.write, demo=False):
        self.dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.writer = writer
        self.demo = demo
        self._players_match = False     # a demo beside a player's match: hands off
        self._validators = {"match": validate_match}
        # The bytes last loaded or saved per file, known good without checking them again:
        # Session.from_dict replays the whole match, too slow to run after every move.
        self._known_good: dict[Path, bytes] = {}

    # -- settings -----------------------------------------------------------------------------

    def load_settings(self) -> tuple[dict, list[str]]:
        """The settings with defaults filled in, and what was wrong with the file if anything."""
        raw, problems, path, _ = self._load(SETTINGS_FILE, "settings")
        problems += self.check_records()      # the first thing a start reads: said once, here
        if raw is None:
            return dict(DEFAULT_SETTINGS), problems
        settings, bad_values = validate_settings(raw)
        if bad_values:
            kept = self._quarantine(path)
            problems += [Problem(N_("{file}: {problem}"), file=path.name, problem=p)
                         for p in bad_values]
            problems.append(Problem(N_("the old file is kept as {kept}"), kept=kept) if kept else
                            Problem(N_("could not keep the old {file} aside"), file=path.name))
            trouble = self.save_settings(settings)
            if trouble:
                problems.append(trouble)
        return settings, problems

    def save_settings(self, settings: dict) -> str | None:
        """Save; returns None, or a sentence saying why the settings could not be written."""
        return self._save(SETTINGS_FILE, "settings", settings)

    # -- the match in progress ----------------------------------------------------------------

    def load_match(self) -> tuple[dict | None, list[str]]:
        """The saved match (Session.to_dict() data) or None, and what was wrong if anything."""
        self._remove_stale_temporaries()
        data, problems, _, _ = self._load(MATCH_FILE, "match")
        return (None if self._hands_off(data) else data), problems

    def resume_match(self):
        """The saved match as `validate_match` built it while checking it (the data itself
        when there is no validator), or None; and what was wrong if anything."""
        self._remove_stale_temporaries()
        data, problems, _, built = self._load(MATCH_FILE, "match")
        return (None if self._hands_off(data) else built), problems

    def _hands_off(self, data) -> bool:
        """A demo finding a player's match leaves it alone from now on (see the class)."""
        if self.demo and data is not None:
            options = data.get("options")
            by_the_computer = isinstance(options, dict) and options.get("autoplay") is True
            self._players_match = not by_the_computer
        return self._players_match

    def _remove_stale_temporaries(self, age_s: float = 60.0) -> None:
        """A save cut short by a crash leaves its temporary file behind; never a saved match.
        Only old ones go, so that a save in progress elsewhere is never touched."""
        now = time.time()
        for temp in self.dir.glob(".*.tmp"):
            try:
                st = temp.lstat()
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > age_s:
                    temp.unlink()
            except OSError:
                pass

    def save_match(self, data: dict) -> str | None:
        """Save after every throw and move; returns None, or why the match could not be saved."""
        if self._players_match:
            return None         # a demo beside a player's match saves nothing
        return self._save(MATCH_FILE, "match", data)

    def clear_match(self) -> None:
        """The match is over or abandoned: "Continue" has nothing to resume."""
        if self._players_match:
            return
        for name in (MATCH_FILE, MATCH_FILE + ".prev"):
            try:
                (self.dir / name).unlink()
            except OSError:
                pass    # gone already, or a read-only folder where the stale save stays

    # -- records and statistics ---------------------------------------------------------------

    def add_record(self, record: dict) -> str | None:
        """Append one record (kind "game" | "match" | "abandoned", rules, opponent, level,
        human_side, winner or score...; `watched`: true for a match watched in someone else's
        room, never counted) as one JSON line. A line that cannot be written whole
        (a full disk) is taken back off the file."""
        line = json.dumps({**record, "format": RECORD_FORMAT, "version": VERSION},
                          allow_nan=False, separators=(",", ":")) + "\n"
        path = self.dir / RECORDS_FILE
        notes = []
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            try:
                what = _lstat_kind(path)
            except FileNotFoundError:
                what = None
            if what is not None:
                kept = self._quarantine(path)
                notes.append(Problem(N_("{file} was {what}; kept it aside as {kept}, and started "
                                        "a new one"), file=path.name, what=what, kept=kept)
                             if kept else _not_moved(path, what))
                if not kept:
                    return Problem(N_("could not add to the record of games: {problem}"),
                                   problem=notes[0])
            fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _NONBLOCK
                         | _BINARY, 0o644)
            try:
                _require_regular(fd, path)
                size = os.fstat(fd).st_size
                if size:
                    os.lseek(fd, size - 1, os.SEEK_SET)
                    if os.read(fd, 1) != b"\n":
                        line = "\n" + line     # a line cut short by a crash stays on its own
                try:
                    self._write_all(fd, line.encode("utf-8"))
                    os.fsync(fd)
                except OSError:
                    _truncate(fd, size)
                    raise
            finally:
                os.close(fd)
        except OSError as error:
            return _joined(notes + [Problem(N_("could not add to the record of games ({error})"),
                                            error=_os_words(error))])
        return _joined(notes)

    def records(self) -> tuple[list[dict], int]:
        """The readable records, oldest first, and how many lines were unreadable."""
        found, skipped = [], 0
        for line in self._record_lines():
            record = _parse_record(line)
            if record is None:
                skipped += 1
            else:
                found.append(record)
        return found, skipped

    def _record_lines(self):
        """The record file's non-blank lines (a line over MAX_BYTES comes in pieces); none
        when it is missing, unreadable or not a regular file."""
        try:
            fd = _open_regular(self.dir / RECORDS_FILE)
        except OSError:
            return
        with open(fd, "rb") as f:
            while line := f.readline(MAX_BYTES):
                if line.strip():
                    yield line

    def check_records(self) -> list[str]:
        """At the start: a record file that is not a regular file is kept aside; one with
        unreadable lines is kept aside whole (byte for byte, so the history can be recovered)
        and replaced by its readable lines. Returns what was done, in sentences."""
        path = self.dir / RECORDS_FILE
        try:
            what = _lstat_kind(path)
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as error:
            return [_unreadable(path, error)]
        if what is not None:
            return [self._kept_aside(path, what)]
        try:
            os.close(_open_regular(path))
        except OSError as error:
            return [_unreadable(path, error)]
        good, bad = [], 0
        for line in self._record_lines():
            if _parse_record(line) is None:
                bad += 1
            else:
                good.append(line if line.endswith(b"\n") else line + b"\n")
        if not bad:
            return []
        told = Problem.plural("{file} had {n} unreadable line", "{file} had {n} unreadable lines",
                              bad, file=path.name)
        try:
            fd, temp = tempfile.mkstemp(prefix=f".{RECORDS_FILE}.", suffix=".tmp", dir=self.dir)
            try:
                try:
                    self._write_all(fd, b"".join(good))
                    os.fsync(fd)
                finally:
                    os.close(fd)
                kept = self._quarantine(path)
                if kept is None:
                    raise OSError(errno.EPERM, "it could not be renamed")
                os.replace(temp, path)
            except BaseException:
                _remove(temp)
                raise
            _fsync_dir(self.dir)
        except OSError as error:
            return [Problem(N_("{unreadable}, skipped; they could not be kept aside ({error})"),
                            unreadable=told, error=_os_words(error))]
        readable = Problem.plural("the {n} readable one", "the {n} readable ones", len(good))
        return [Problem(N_("{unreadable}; kept the whole file aside as {kept} and went on with "
                           "{readable}"), unreadable=told, kept=kept, readable=readable)]

    def statistics(self) -> dict:
        """Games and matches played and won against the computer: in total, by level and by
        rule preset; games between two people are counted apart, as the level "two players",
        and games against a friend online as the level "online".
        Demonstrations (autoplay: the computer on both sides) and matches watched in someone
        else's room (`watched`) are nobody's and not counted."""
        records, skipped = self.records()
        total, by_level, by_rules = _tally(), {}, {}
        for record in records:
            if (record.get("autoplay") is True or record.get("watched") is True
                    or record["kind"] not in ("game", "match")):
                continue
            if record.get("opponent") in ("human", "online"):
                _count(by_level.setdefault("two players" if record["opponent"] == "human"
                                           else "online", _tally()), record)
                continue
            level = str(record.get("level", "unknown"))
            rules = str(record.get("rules", "unknown"))
            for tally in (total, by_level.setdefault(level, _tally()),
                          by_rules.setdefault(rules, _tally())):
                _count(tally, record)
        return {"total": total, "by_level": by_level, "by_rules": by_rules,
                "unreadable_records": skipped}

    # -- files --------------------------------------------------------------------------------

    def _load(self, name, kind) -> tuple[dict | None, list[str], Path | None, object]:
        """The data of `name`, or of its `.prev` when `name` is bad or missing; its path; and
        what the kind's validator built from it (the data when there is none)."""
        problems = []
        for path in (self.dir / name, self.dir / (name + ".prev")):
            try:
                raw = _read(path)
            except NotAFile as error:    # a link, FIFO or folder: moved aside by name
                problems.append(self._kept_aside(path, error.what))
                continue
            except OSError as error:     # not the file's fault: leave it where it is
                problems.append(_unreadable(path, error))
                continue
            if raw is None:
                continue
            data, problem, built = _check(raw, kind, self._validators.get(kind))
            if data is not None:
                self._known_good[path] = raw
                if problems:
                    problems.append(Problem(N_("went on from the previous save ({file})"),
                                            file=path.name))
                elif path.name == name:
                    problems += self._check_backup(path.with_name(name + ".prev"), kind)
                return data, problems, path, built
            if problem:
                problems.append(self._kept_aside(path, problem, was=False))
        if problems and kind == "settings":
            problems.append(Problem(N_("using the default settings")))
        return None, problems, None, None

    def _check_backup(self, path, kind) -> list[str]:
        """The backup of a good file is checked too: the next save would replace it, and a bad
        one (or a link, a FIFO, a folder) must be kept aside rather than lost or followed."""
        try:
            raw = _read(path)
        except NotAFile as error:
            return [self._kept_aside(path, error.what)]
        except OSError:
            return []       # unreadable here; a later save replaces it (a rename, no read)
        if raw is None:
            return []
        data, problem, _ = _check(raw, kind, self._validators.get(kind))
        if data is not None:
            self._known_good[path] = raw
            return []
        return [self._kept_aside(path, problem, was=False)]

    def _save(self, name, kind, data) -> str | None:
        raw = json.dumps({"format": FORMAT, "version": VERSION, "kind": kind,
                          "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "data": data},
                         allow_nan=False, indent=1).encode("utf-8")
        path = self.dir / name
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.dir)
            try:
                try:
                    self._write_all(fd, raw)
                    os.fsync(fd)
                finally:
                    os.close(fd)
                self._keep_previous(path, kind)
                os.replace(temp, path)
                self._known_good[path] = raw
            except BaseException:
                _remove(temp)
                raise
            _fsync_dir(self.dir)
        except OSError as error:
            message = (N_("could not save the settings in {folder} ({error})") if kind == "settings"
                       else N_("could not save the match in {folder} ({error})"))
            return Problem(message, folder=str(self.dir), error=_os_words(error))
        return None

    def _write_all(self, fd: int, data: bytes) -> None:
        """Write every byte (os.write may write fewer); OSError as the writer raises it."""
        view = memoryview(data)
        while view:
            written = self.writer(fd, view)
            if not written:
                raise OSError(errno.EIO, "nothing written")
            view = view[written:]

    def _keep_previous(self, path, kind) -> None:
        """The file a save replaces becomes the backup if it is good; a bad one is kept aside."""
        try:
            raw = _read(path)
        except NotAFile:
            raw = b""      # never good: kept aside below, by name
        if raw is None:
            return
        if raw == self._known_good.get(path) or \
                _check(raw, kind, self._validators.get(kind))[0] is not None:
            backup = path.with_name(path.name + ".prev")
            try:
                if _lstat_kind(backup) is not None:     # never replace a link or a FIFO unseen
                    self._quarantine(backup)
            except OSError:
                pass
            os.replace(path, backup)
        else:
            self._quarantine(path)

    def _kept_aside(self, path, what, was: bool = True) -> Problem:
        """A bad file (or a link, FIFO, folder in its place) renamed aside, in a sentence:
        "match.json is empty; kept it aside as match.json.bad-..." (`was`: "was a folder...")."""
        kept = self._quarantine(path)
        if not kept:
            return _not_moved(path, what, was)
        if was:
            return Problem(N_("{file} was {what}; kept it aside as {kept}"), file=path.name,
                           what=what, kept=kept)
        # TRANSLATORS: {problem} says what is wrong with the file, e.g. "is empty".
        return Problem(N_("{file} {problem}; kept it aside as {kept}"), file=path.name,
                       problem=what, kept=kept)

    def _quarantine(self, path) -> str | None:
        """Rename a bad file aside; returns its new name, or None if it could not be renamed."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 100):
            target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
            if os.path.lexists(target):
                continue
            try:
                os.replace(path, target)
            except OSError:
                return None
            return target.name
        return None


def _not_moved(path, what, was: bool = True) -> Problem:
    if was:
        return Problem(N_("{file} was {what}; could not move it aside"), file=path.name, what=what)
    return Problem(N_("{file} {problem}; could not move it aside"), file=path.name, problem=what)


def _unreadable(path, error: OSError) -> Problem:
    return Problem(N_("{file} could not be read ({error})"), file=path.name,
                   error=_os_words(error))


def _os_words(error: OSError) -> str:
    """The system's own words for an error ("No space left on device"), shown as they are."""
    return str(error.strerror or error)


def _lstat_kind(path) -> str | None:
    """None for a regular file, else what stands there (OSError when nothing does)."""
    return _kind_of(os.lstat(path).st_mode)


def _require_regular(fd: int, path) -> None:
    what = _kind_of(os.fstat(fd).st_mode)
    if what is not None:
        raise NotAFile(path, what)


def _open_regular(path) -> int:
    """A read-only descriptor of the regular file at `path`: the name is checked with lstat,
    then opened without following a link or waiting on a FIFO, and checked again (it may have
    been swapped in between). NotAFile for anything else; other OSError as raised."""
    what = _lstat_kind(path)
    if what is not None:
        raise NotAFile(path, what)
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY)
    try:
        _require_regular(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read(path) -> bytes | None:
    """The file's first MAX_BYTES + 1 bytes, or None when there is no file; NotAFile when
    something else stands there; OSError when it cannot be read (permissions, a failing disk)."""
    try:
        fd = _open_regular(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:      # swapped for a link after the check
            raise NotAFile(path, _kind_of(stat.S_IFLNK)) from None
        raise
    with open(fd, "rb") as f:
        return f.read(MAX_BYTES + 1)


def _check(raw: bytes, kind, validate=None) -> tuple[dict | None, str | None, object]:
    """(data, None, built) for a good save of this kind, where built is what `validate`
    returned (the data itself without one); or (None, what is wrong with it, None)."""
    # TRANSLATORS: each says what is wrong with a file, after its name ("match.json is empty").
    settings = kind == "settings"
    if len(raw) > MAX_BYTES:
        return None, Problem(N_("is too large to be a save (over {size} KiB)"),
                             size=MAX_BYTES // 1024), None
    if not raw.strip():
        return None, Problem(N_("is empty")), None
    try:
        content = _parse_json(raw)
    except UnicodeDecodeError:
        return None, Problem(N_("is not text (garbled or not a save)")), None
    except RecursionError:
        return None, Problem(N_("is nested too deeply to be a save")), None
    except ValueError as error:
        return None, Problem(N_("is damaged or cut short ({error})"), error=str(error)), None
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        return None, Problem(N_("is not a Tourne Case save")), None
    version = content.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        return None, Problem(N_("has a version this game does not know ({version})"),
                             version=_short(version)), None
    if content.get("kind") != kind:
        return None, Problem(N_("holds {what}, not settings") if settings else
                             N_("holds {what}, not match"), what=_short(content.get("kind"))), None
    data = content.get("data")
    if not isinstance(data, dict):
        return None, Problem(N_("has no settings in it") if settings else
                             N_("has no match in it")), None
    if validate is None:
        return data, None, data
    try:
        built = validate(data)
    except Exception as error:   # hostile data may trip any check; it must not stop the game
        detail = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Problem) \
            else str(error)
        return None, Problem(N_("holds a match that cannot be resumed ({error})"),
                             error=detail), None
    return data, None, built


def _parse_record(line: bytes) -> dict | None:
    try:
        record = _parse_json(line)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(record, dict) or record.get("format") != RECORD_FORMAT
            or record.get("version") != VERSION or record.get("kind") not in RECORD_KINDS):
        return None
    return record


def _tally() -> dict:
    return {"games_played": 0, "games_won": 0, "matches_played": 0, "matches_won": 0}


def _count(tally, record) -> None:
    kind = "games" if record["kind"] == "game" else "matches"
    tally[f"{kind}_played"] += 1
    side = record.get("human_side")
    won = side in ("W", "B") and record.get("winner") == side
    if won and record.get("opponent") in ("computer", "online"):
        tally[f"{kind}_won"] += 1


def append_text(folder, name: str, text: str) -> Path | None:
    """Append `text` to the regular file `name` in `folder` (made if missing), never through a
    link or into a FIFO; its path, or None when it could not be written (for errors.log)."""
    path = Path(folder) / name
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _NONBLOCK
                     | _BINARY, 0o644)
        try:
            _require_regular(fd, path)
            data = memoryview(text.encode("utf-8", "replace"))
            while data:
                data = data[os.write(fd, data):]
        finally:
            os.close(fd)
    except OSError:
        return None
    return path


def _truncate(fd: int, size: int) -> None:
    """Take a half-written line back off (a full disk); the file stays as it was."""
    try:
        os.ftruncate(fd, size)
    except OSError:
        pass


def _remove(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_dir(folder) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open a folder, and needs not."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
