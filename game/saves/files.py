"""The data folder's files, written whole and never followed: the save's envelope, atomic writes'
parts, and a bad file kept aside by name.

Every save is versioned JSON (never pickle) in an envelope (`FORMAT`, `VERSION`, its kind, its
data). Only regular files are read or written: a symbolic link is never followed (it could point
anywhere), and a FIFO, a device or a folder in a file's place is never opened (a FIFO blocks an
open for good). What goes wrong is a `Problem`, a sentence said in the player's language when it
is shown. Standard library and game.base only.
"""
import errno
import json
import math
import os
import stat
import tempfile
import time
from pathlib import Path

from game.base import i18n
from game.base.i18n import N_, Problem, Said, _, verbatim

FORMAT = "tourne-case-save"
VERSION = 1
MAX_BYTES = 1 << 20          # no save of ours comes near; anything larger is not ours

#: Opened without following a link, and without waiting on a FIFO (0 where the OS has no such flag).
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
BINARY = getattr(os, "O_BINARY", 0)


class NotAFile(OSError):
    """Something other than a regular file stands where a data file belongs."""

    def __init__(self, path, what: str):
        super().__init__(errno.EINVAL, what, str(path))
        self.what = what


def joined(problems) -> "Problem | None":
    """Sentences one after the other ("a; b"), or None when there are none."""
    together = None
    for problem in problems:
        together = problem if together is None else Problem(N_("{first}; {then}"), first=together,
                                                            then=problem)
    return together


def short(value) -> str:
    """A value as JSON, cut to 40 characters: enough to say what a file held."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is not a number a save can hold")
    return value


def _reject_constant(name):
    raise ValueError(f"{name} is not a number a save can hold")


def parse_json(raw: bytes):
    """Strict JSON: no NaN or Infinity, no number too large for a float (raises ValueError)."""
    return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant, parse_float=_finite)


# -- what stands at a name ----------------------------------------------------------------------

def kind_of(mode: int) -> str | None:
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


def kind_at(path) -> str | None:
    """None for a regular file, else what stands there (OSError when nothing does)."""
    return kind_of(os.lstat(path).st_mode)


def require_regular(fd: int, path) -> None:
    what = kind_of(os.fstat(fd).st_mode)
    if what is not None:
        raise NotAFile(path, what)


def open_regular(path) -> int:
    """A read-only descriptor of the regular file at `path`: the name is checked with lstat,
    then opened without following a link or waiting on a FIFO, and checked again (it may have
    been swapped in between). NotAFile for anything else; other OSError as raised."""
    what = kind_at(path)
    if what is not None:
        raise NotAFile(path, what)
    fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK | BINARY)
    try:
        require_regular(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read(path) -> bytes | None:
    """The file's first MAX_BYTES + 1 bytes, or None when there is no file; NotAFile when
    something else stands there; OSError when it cannot be read (permissions, a failing disk)."""
    try:
        fd = open_regular(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:      # swapped for a link after the check
            raise NotAFile(path, kind_of(stat.S_IFLNK)) from None
        raise
    with open(fd, "rb") as f:
        return f.read(MAX_BYTES + 1)


# -- the envelope -------------------------------------------------------------------------------

def wrap(kind: str, data) -> bytes:
    """A save's bytes: the envelope around `data`, a line for each field of the envelope and of
    the data, each written by json's C encoder (`indent` takes its pure-Python encoder, six times
    slower on a match: the game saves after every throw and move)."""
    envelope = {"format": FORMAT, "version": VERSION, "kind": kind,
                "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "data": data}
    lines = [_field(key, value) for key, value in envelope.items() if key != "data"]
    if isinstance(data, dict) and data:
        fields = ",\n".join("  " + _field(key, value) for key, value in data.items())
        lines.append(f'"data": {{\n{fields}\n }}')
    else:
        lines.append(_field("data", data))
    return ("{\n " + ",\n ".join(lines) + "\n}").encode("utf-8")


def _field(key, value) -> str:
    """`"key": value` in JSON, the key as json writes a dict's key (a number quoted)."""
    return json.dumps({key: value}, allow_nan=False)[1:-1]


def unwrap(raw: bytes, kind, validate=None) -> tuple[dict | None, str | None, object]:
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
        content = parse_json(raw)
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
                             version=short(version)), None
    if content.get("kind") != kind:
        return None, Problem(N_("holds {what}, not settings") if settings else
                             N_("holds {what}, not match"), what=short(content.get("kind"))), None
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


# -- writing ------------------------------------------------------------------------------------

def write_all(writer, fd: int, data: bytes) -> None:
    """Write every byte with `writer` (os.write may write fewer); OSError as the writer raises it."""
    view = memoryview(data)
    while view:
        written = writer(fd, view)
        if not written:
            raise OSError(errno.EIO, "nothing written")
        view = view[written:]


def append_text(folder, name: str, text: str) -> Path | None:
    """Append `text` to the regular file `name` in `folder` (made if missing), never through a
    link or into a FIFO; its path, or None when it could not be written (for errors.log)."""
    path = Path(folder) / name
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | NOFOLLOW | NONBLOCK
                     | BINARY, 0o644)
        try:
            require_regular(fd, path)
            data = memoryview(text.encode("utf-8", "replace"))
            while data:
                data = data[os.write(fd, data):]
        finally:
            os.close(fd)
    except OSError:
        return None
    return path


def truncate(fd: int, size: int) -> None:
    """Take a half-written line back off (a full disk); the file stays as it was."""
    try:
        os.ftruncate(fd, size)
    except OSError:
        pass


def remove(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def cannot_write(folder) -> "SystemWords | None":
    """Why nothing can be saved in `folder` (made if missing, then a file tried in it), or None
    when it takes files."""
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return os_words(error)
    return None


def fsync_dir(folder) -> None:
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


# -- a bad file kept aside ----------------------------------------------------------------------

def quarantine(path) -> str | None:
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


def kept_aside(path, what, was: bool = True) -> Problem:
    """A bad file (or a link, FIFO, folder in its place) renamed aside, in a sentence:
    "match.json is empty; kept it aside as match.json.bad-..." (`was`: "was a folder...")."""
    kept = quarantine(path)
    if not kept:
        return not_moved(path, what, was)
    if was:
        return Problem(N_("{file} was {what}; kept it aside as {kept}"), file=path.name,
                       what=what, kept=kept)
    # TRANSLATORS: {problem} says what is wrong with the file, e.g. "is empty".
    return Problem(N_("{file} {problem}; kept it aside as {kept}"), file=path.name,
                   problem=what, kept=kept)


def not_moved(path, what, was: bool = True) -> Problem:
    if was:
        return Problem(N_("{file} was {what}; could not move it aside"), file=path.name, what=what)
    return Problem(N_("{file} {problem}; could not move it aside"), file=path.name, problem=what)


def unreadable(path, error: OSError) -> Problem:
    return Problem(N_("{file} could not be read ({error})"), file=path.name,
                   error=os_words(error))


#: The system's errors a player meets, in words the catalogue translates: the system's own
#: text is English whatever the player's language ("address already in use" in French words).
SYSTEM_WORDS = {number: words for number, words in (
    (errno.EADDRINUSE, N_("the address is already in use (another program listens on that port)")),
    (errno.EADDRNOTAVAIL, N_("this computer has no such address")),
    (errno.EACCES, N_("permission denied")),
    (errno.EPERM, N_("operation not permitted")),
    (errno.ENOSPC, N_("no space left on the disk")),
    (getattr(errno, "EDQUOT", None), N_("the disk quota is used up")),
    (errno.EROFS, N_("the disk is read-only")),
    (errno.ENOENT, N_("no such file or folder")),
    (errno.ENOTDIR, N_("part of the path is a file, not a folder")),
    (errno.ENAMETOOLONG, N_("the name is too long")),
    (errno.EIO, N_("the disk could not be read or written (input/output error)")),
) if number is not None}


class SystemWords(str):
    """The system's own words for an error: as a str its text ("No space left on device", for
    logs and tests); `said()` in the player's language where the catalogue knows the error
    (SYSTEM_WORDS), else the system's text as it is."""

    def __new__(cls, error: OSError):
        self = super().__new__(cls, str(error.strerror or error))
        self.number = error.errno
        return self

    def __reduce__(self):
        return str, (str(self),)

    def said(self) -> Said:
        message = SYSTEM_WORDS.get(self.number)
        if message is None or i18n.language() == i18n.SOURCE:
            return verbatim(str(self))
        return _(message)


def os_words(error: OSError) -> SystemWords:
    """The system's own words for an error (see SystemWords): put it in a message's fields."""
    return SystemWords(error)
