"""The standard streams as a machine hands them over: any encoding, closed, full or gone.

`any_terminal()` lets every message print in the locale's encoding: a character the terminal
cannot show becomes its plain form ("é" -> "e", "’" -> "'", a no-break space a space) or "?",
never a UnicodeEncodeError (`--help` in French on a Latin-1 or ASCII terminal). `tell(line)`
says one line on whichever of stderr and stdout is still there; `drop_output()` sends what is
left of stdout to nowhere after it failed, so that Python's own flush at exit stays quiet.
Only the standard library: main.py uses it before any set-up.
"""
import codecs
import os
import sys
import unicodedata

ERRORS = "tournecase-plain"
#: Plain forms that Unicode's compatibility decomposition does not give.
_PLAIN = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00ab": '"',
          "\u00bb": '"', "\u2026": "...", "\u2013": "-", "\u2014": "-", "\u0153": "oe",
          "\u0152": "OE", "\u00e6": "ae", "\u00c6": "AE"}


def _plain(error: UnicodeEncodeError):
    """The codec error handler: each character the encoding lacks, in a plain form it has."""
    out = []
    for char in error.object[error.start:error.end]:
        plain = _PLAIN.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        try:
            plain.encode(error.encoding)
        except (UnicodeError, LookupError):
            plain = ""
        out.append(plain or "?")
    return "".join(out), error.end


codecs.register_error(ERRORS, _plain)


def any_terminal() -> None:
    """stdout and stderr replace what their encoding cannot show instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors=ERRORS)
        except (AttributeError, ValueError, OSError):  # closed, or not a text stream of ours
            pass


def tell(line: str) -> bool:
    """Say one line on stderr, or on stdout when stderr is closed or refuses it; False when
    neither takes it."""
    for stream in (sys.stderr, sys.stdout):
        if stream is None:
            continue
        try:
            stream.write(line + "\n")
            stream.flush()
            return True
        except (OSError, ValueError):
            continue
    return False


def drop_output() -> None:
    """stdout failed (a full disk, a reader gone): what is left of it goes nowhere, so that
    nothing fails again when Python flushes it at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, ValueError, OSError):
        sys.stdout = None
