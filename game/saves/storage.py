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

The jobs apart: each setting's declaration and checking in settings.py, the files' envelope and
safe reading and writing in files.py, the record of games in records.py (its figures in stats.py).
Storage ties them to one folder.
"""
import os
import stat
import tempfile
import time
from pathlib import Path

from game.base.i18n import N_, Problem, Said, verbatim
from game.saves import records as _records
from game.saves.files import (NotAFile, fsync_dir, kept_aside, kind_at, os_words, quarantine, read, remove,
                              unreadable, unwrap, wrap, write_all)
from game.saves.settings import DEFAULT_SETTINGS, SETTINGS_FILE, validate_settings

APP_NAME = "TourneCase"
MATCH_FILE = "match.json"


def said(problem) -> Said:
    """A storage sentence in the player's language, to show it: a Problem is translated now;
    any other text (an error from outside) is shown as it is."""
    return problem.said() if isinstance(problem, Problem) else verbatim(str(problem))


def default_data_dir() -> Path:
    """The player's own data folder, e.g. ~/.local/share/TourneCase on Linux."""
    import platformdirs    # imported here so that main.py can read --help without it
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Storage:
    """The game's files in one folder. `validate_match(data)` (e.g. `Session.from_dict`) raises
    on match data the game cannot resume; such a save is kept aside like a corrupt one. What it
    returns is handed back by `resume_match`, so a save is replayed once, not checked then built.

    `writer` is `os.write` (fd, bytes) -> count: tests put in one that fails like a full disk.

    A `demo`'s storage (autoplay: the computer on both sides) never plays over a player's match:
    when the folder holds one, the demo loads nothing and saves nothing of its own, leaving the
    player's match byte for byte; a folder without one (empty, or a demo's) it uses as any game.
    The other way round, a player's storage never takes up a demo's match (`resume_match`): the
    player could take no part in it; it stays in the file for the next demo to go on with."""

    def __init__(self, data_dir=None, validate_match=None, writer=os.write, demo=False):
        self.dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.writer = writer
        self.demo = demo
        self._players_match = False     # a demo beside a player's match: hands off
        self._validators = {"match": validate_match}
        # The bytes last loaded or saved per file, known good without checking them again:
        # Session.from_dict replays the whole match, too slow to run after every move.
        self._known_good: dict[Path, bytes] = {}
        # Each file as this storage last wrote it (inode, size, modification time): the file a
        # save replaces is known good without reading it back while it is still that file.
        self._written: dict[Path, tuple[int, int, int]] = {}

    # -- settings -----------------------------------------------------------------------------

    def load_settings(self) -> tuple[dict, list[str]]:
        """The settings with defaults filled in, and what was wrong with the file if anything."""
        raw, problems, path, _ = self._load(SETTINGS_FILE, "settings")
        problems += self.check_records()      # the first thing a start reads: said once, here
        if raw is None:
            return dict(DEFAULT_SETTINGS), problems
        settings, bad_values = validate_settings(raw)
        if bad_values:
            kept = quarantine(path)
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
        """The saved match (Session.to_dict() data) or None, and what was wrong if anything:
        what the file holds, a demo's match too (a demo's storage sees no player's match)."""
        self._remove_stale_temporaries()
        data, problems, _, _ = self._load(MATCH_FILE, "match")
        return (data if not self.demo or self.ours(data) else None), problems

    def resume_match(self):
        """The saved match as `validate_match` built it while checking it (the data itself
        when there is no validator), or None; and what was wrong if anything. None too when
        the match is not this game's to take up (`ours`): Continue offers only what it may."""
        self._remove_stale_temporaries()
        data, problems, _, built = self._load(MATCH_FILE, "match")
        return (built if self.ours(data) else None), problems

    def ours(self, data) -> bool:
        """Whether this game may take up the saved match `data`: a demo only a demo's (and,
        finding a player's, it leaves the folder's match alone from now on), a player only a
        player's (see the class)."""
        if data is None:
            return False
        options = data.get("options")
        by_the_computer = isinstance(options, dict) and options.get("autoplay") is True
        if self.demo:
            self._players_match = not by_the_computer
        return by_the_computer == bool(self.demo) and not self._players_match

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

    # -- records ----------------------------------------------------------------------------

    def add_record(self, record: dict) -> str | None:
        """Append one record (kind "game" | "match" | "abandoned", rules, opponent, level,
        human_side, winner or score...; `watched`: true for a match watched in someone else's
        room, never counted) as one JSON line (game/saves/records.py)."""
        return _records.add_record(self.dir, record, self.writer)

    def records(self) -> tuple[list[dict], int]:
        """The readable records, oldest first, and how many lines were unreadable; their
        figures are game/saves/stats.py's (`stats.compute(*storage.records())`)."""
        return _records.read_records(self.dir)

    def check_records(self) -> list[str]:
        """At the start: a record file that is not a regular file, or with unreadable lines, is
        kept aside (records.check_records); returns what was done, in sentences."""
        return _records.check_records(self.dir, self.writer)

    # -- files --------------------------------------------------------------------------------

    def _load(self, name, kind) -> tuple[dict | None, list[str], Path | None, object]:
        """The data of `name`, or of its `.prev` when `name` is bad or missing; its path; and
        what the kind's validator built from it (the data when there is none)."""
        problems = []
        for path in (self.dir / name, self.dir / (name + ".prev")):
            try:
                raw = read(path)
            except NotAFile as error:    # a link, FIFO or folder: moved aside by name
                problems.append(kept_aside(path, error.what))
                continue
            except OSError as error:     # not the file's fault: leave it where it is
                problems.append(unreadable(path, error))
                continue
            if raw is None:
                continue
            data, problem, built = unwrap(raw, kind, self._validators.get(kind))
            if data is not None:
                self._known_good[path] = raw
                if problems:
                    problems.append(Problem(N_("went on from the previous save ({file})"),
                                            file=path.name))
                elif path.name == name:
                    problems += self._check_backup(path.with_name(name + ".prev"), kind)
                return data, problems, path, built
            if problem:
                problems.append(kept_aside(path, problem, was=False))
        if problems and kind == "settings":
            problems.append(Problem(N_("using the default settings")))
        return None, problems, None, None

    def _check_backup(self, path, kind) -> list[str]:
        """The backup of a good file is checked too: the next save would replace it, and a bad
        one (or a link, a FIFO, a folder) must be kept aside rather than lost or followed."""
        try:
            raw = read(path)
        except NotAFile as error:
            return [kept_aside(path, error.what)]
        except OSError:
            return []       # unreadable here; a later save replaces it (a rename, no read)
        if raw is None:
            return []
        data, problem, _ = unwrap(raw, kind, self._validators.get(kind))
        if data is not None:
            self._known_good[path] = raw
            return []
        return [kept_aside(path, problem, was=False)]

    def _save(self, name, kind, data) -> str | None:
        raw = wrap(kind, data)
        path = self.dir / name
        try:
            try:
                fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.dir)
            except FileNotFoundError:       # the first save, or the folder removed meanwhile
                self.dir.mkdir(parents=True, exist_ok=True)
                fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.dir)
            try:
                try:
                    write_all(self.writer, fd, raw)
                    os.fsync(fd)
                    written = os.fstat(fd)
                finally:
                    os.close(fd)
                self._keep_previous(path, kind)
                os.replace(temp, path)
                self._known_good[path] = raw
                self._written[path] = _signature(written)
            except BaseException:
                remove(temp)
                raise
            fsync_dir(self.dir)
        except OSError as error:
            message = (N_("could not save the settings in {folder} ({error})") if kind == "settings"
                       else N_("could not save the match in {folder} ({error})"))
            return Problem(message, folder=str(self.dir), error=os_words(error))
        return None

    def _keep_previous(self, path, kind) -> None:
        """The file a save replaces becomes the backup if it is good; a bad one is kept aside.
        The file this storage wrote last, untouched since (`_written`), is not read again."""
        try:
            ours = self._written.get(path) == _signature(os.lstat(path))
        except OSError:
            ours = False
        raw = None
        if not ours:
            try:
                raw = read(path)
            except NotAFile:
                raw = b""      # never good: kept aside below, by name
            if raw is None:
                return
        if ours or raw == self._known_good.get(path) or \
                unwrap(raw, kind, self._validators.get(kind))[0] is not None:
            backup = path.with_name(path.name + ".prev")
            try:
                if kind_at(backup) is not None:     # never replace a link or a FIFO unseen
                    quarantine(backup)
            except OSError:
                pass
            os.replace(path, backup)
        else:
            quarantine(path)


def _signature(status: os.stat_result) -> tuple[int, int, int]:
    """What tells one regular file's version from another's without reading it."""
    if not stat.S_ISREG(status.st_mode):
        return (-1, -1, -1)
    return status.st_ino, status.st_size, status.st_mtime_ns
