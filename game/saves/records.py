"""The record of finished games: one JSON line per game, match or match given up, appended and
never rewritten but to set a damaged file right (kept aside whole first).

The figures drawn from it are game/saves/stats.py's. A line is `{...record, "format":
RECORD_FORMAT, "version": 1}`; a line that is not one is unreadable, skipped and counted.
"""
import errno
import json
import os
import tempfile
from pathlib import Path

from game.base.i18n import N_, Problem, n_
from game.saves.files import (BINARY, MAX_BYTES, NOFOLLOW, NONBLOCK, VERSION, fsync_dir, joined, kept_aside,
                              kind_at, not_moved, open_regular, os_words, parse_json, quarantine, remove,
                              require_regular, truncate, unreadable, write_all)

RECORD_FORMAT = "tourne-case-record"
RECORDS_FILE = "records.jsonl"
#: What a record holds: a finished game, a finished match, or a match given up for another
#: (its score kept; statistics count only finished games and matches).
RECORD_KINDS = ("game", "match", "abandoned")


def _plurals() -> None:
    """Never called: marks the sentences given to Problem.plural for the catalogue as plurals."""
    n_("{file} had {n} unreadable line", "{file} had {n} unreadable lines", 1)
    n_("the {n} readable one", "the {n} readable ones", 1)


def parse_record(line: bytes) -> dict | None:
    """The record a line holds, or None when it holds none of ours."""
    try:
        record = parse_json(line)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(record, dict) or record.get("format") != RECORD_FORMAT
            or record.get("version") != VERSION or record.get("kind") not in RECORD_KINDS):
        return None
    return record


def add_record(folder: Path, record: dict, writer=os.write) -> Problem | None:
    """Append one record as one JSON line (see Storage.add_record). A line that cannot be
    written whole (a full disk) is taken back off the file."""
    line = json.dumps({**record, "format": RECORD_FORMAT, "version": VERSION},
                      allow_nan=False, separators=(",", ":")) + "\n"
    path = folder / RECORDS_FILE
    notes = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        try:
            what = kind_at(path)
        except FileNotFoundError:
            what = None
        if what is not None:
            kept = quarantine(path)
            notes.append(Problem(N_("{file} was {what}; kept it aside as {kept}, and started "
                                    "a new one"), file=path.name, what=what, kept=kept)
                         if kept else not_moved(path, what))
            if not kept:
                return Problem(N_("could not add to the record of games: {problem}"),
                               problem=notes[0])
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | NOFOLLOW | NONBLOCK
                     | BINARY, 0o644)
        try:
            require_regular(fd, path)
            size = os.fstat(fd).st_size
            if size:
                os.lseek(fd, size - 1, os.SEEK_SET)
                if os.read(fd, 1) != b"\n":
                    line = "\n" + line     # a line cut short by a crash stays on its own
            try:
                write_all(writer, fd, line.encode("utf-8"))
                os.fsync(fd)
            except OSError:
                truncate(fd, size)
                raise
        finally:
            os.close(fd)
    except OSError as error:
        return joined(notes + [Problem(N_("could not add to the record of games ({error})"),
                                       error=os_words(error))])
    return joined(notes)


def read_records(folder: Path) -> tuple[list[dict], int]:
    """The readable records, oldest first, and how many lines were unreadable."""
    found, skipped = [], 0
    for line in _lines(folder / RECORDS_FILE):
        record = parse_record(line)
        if record is None:
            skipped += 1
        else:
            found.append(record)
    return found, skipped


def _lines(path: Path):
    """The record file's non-blank lines (a line over MAX_BYTES comes in pieces); none
    when it is missing, unreadable or not a regular file."""
    try:
        fd = open_regular(path)
    except OSError:
        return
    with open(fd, "rb") as f:
        while line := f.readline(MAX_BYTES):
            if line.strip():
                yield line


def check_records(folder: Path, writer=os.write) -> list[Problem]:
    """At the start: a record file that is not a regular file is kept aside; one with
    unreadable lines is kept aside whole (byte for byte, so the history can be recovered)
    and replaced by its readable lines. Returns what was done, in sentences."""
    path = folder / RECORDS_FILE
    try:
        what = kind_at(path)
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as error:
        return [unreadable(path, error)]
    if what is not None:
        return [kept_aside(path, what)]
    try:
        os.close(open_regular(path))
    except OSError as error:
        return [unreadable(path, error)]
    good, bad = [], 0
    for line in _lines(path):
        if parse_record(line) is None:
            bad += 1
        else:
            good.append(line if line.endswith(b"\n") else line + b"\n")
    if not bad:
        return []
    told = Problem.plural("{file} had {n} unreadable line", "{file} had {n} unreadable lines",
                          bad, file=path.name)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{RECORDS_FILE}.", suffix=".tmp", dir=folder)
        try:
            try:
                write_all(writer, fd, b"".join(good))
                os.fsync(fd)
            finally:
                os.close(fd)
            kept = quarantine(path)
            if kept is None:
                raise OSError(errno.EPERM, "it could not be renamed")
            os.replace(temp, path)
        except BaseException:
            remove(temp)
            raise
        fsync_dir(folder)
    except OSError as error:
        return [Problem(N_("{unreadable}, skipped; they could not be kept aside ({error})"),
                        unreadable=told, error=os_words(error))]
    readable = Problem.plural("the {n} readable one", "the {n} readable ones", len(good))
    return [Problem(N_("{unreadable}; kept the whole file aside as {kept} and went on with "
                       "{readable}"), unreadable=told, kept=kept, readable=readable)]
