"""Command-line words made safe for argparse, for the game, `analyze` and `engine` alike.

argparse looks for the next option afresh after each one it reads, so its time grows with the
square of the number of options: 100,000 repeated `--json` flags took minutes. A flag that takes
no value means the same however often it is given, so its repeats are dropped before argparse
sees them; after that, no command of ours takes more than a few dozen words, and a longer list
is refused in one line, in the player's language. Only the standard library is used here
(main.py reads it first).
"""
import argparse
import contextlib
import os
import sys

from game.base import i18n, streams
from game.base.i18n import N_, _, n_

MAX_WORDS = 200
#: The commands that read their own words after their name (`main.py analyze ...`).
SUB_COMMANDS = ("analyze", "engine", "relay")


def _is_language(word: str) -> bool:
    """`--language`, `--language=CODE`, or an abbreviation argparse takes (`--lang`)."""
    name = word.partition("=")[0]
    return len(name) >= 6 and "--language".startswith(name)


def command_first(argv) -> list:
    """`--language fr analyze ...` as `analyze --language fr ...`: the language may be named
    before a sub-command as well as after it."""
    argv, i = list(argv), 0
    while i < len(argv) and _is_language(argv[i]):
        i += 1 if "=" in argv[i] else 2
    if 0 < i < len(argv) and argv[i] in SUB_COMMANDS:
        return [argv[i], *argv[:i], *argv[i + 1:]]
    return argv


def speak(argv) -> str:
    """Speak the language `--language CODE` (or `--language=CODE`) names in `argv`, else the
    system's; a valid choice is also left in LANGUAGE for the game (its first start, the set-up
    window, a relaunch) to follow. The language now spoken."""
    chosen = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if _is_language(word):
            name, equals, value = word.partition("=")
            chosen = value if equals else (argv[i + 1] if i + 1 < len(argv) else None)
    if chosen in i18n.LANGUAGES:
        os.environ["LANGUAGE"] = chosen
    return i18n.set_language(chosen if chosen in i18n.LANGUAGES else None)


def add_language(parser: argparse.ArgumentParser, words=None) -> None:
    """The --language option (read before the parser by `speak`: its words are said in it)."""
    parser.add_argument("--language", choices=i18n.LANGUAGES, metavar="|".join(i18n.LANGUAGES),
                        help=words or _("the language of these messages (default: the system's)"))


def tidy(parser: argparse.ArgumentParser, argv) -> list:
    """`argv` with repeated value-less flags dropped (in one pass); `parser.error` (one line,
    exit status 2) when more than MAX_WORDS words remain."""
    flags = {option for action in parser._actions
             if action.nargs == 0 and not isinstance(action, argparse._CountAction)
             for option in action.option_strings}
    seen, kept = set(), []
    for i, word in enumerate(argv):
        if word == "--":            # everything after it is a value, never a flag
            kept.extend(argv[i:])
            break
        if word in flags:
            if word in seen:
                continue
            seen.add(word)
        kept.append(word)
    if len(kept) > MAX_WORDS:
        parser.error(n_("{n} argument is more than any command takes",
                        "{n} arguments are more than any command takes", len(argv), n=len(argv)))
    return kept


#: argparse's own words that our commands can print, marked for our catalogue (Python 3.11's
#: argparse spells them so; a later Python's new wording is shown as argparse has it).
ARGPARSE_WORDS = (
    N_("usage: "),
    # TRANSLATORS: the headings of --help; argparse writes ":" straight after them (French puts
    # a no-break space before it, so the translation ends with one).
    N_("options"), N_("positional arguments"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("not allowed with argument %s"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)


def _argparse_plurals() -> None:
    """Never called: marks argparse's plural ("expected 2 arguments") for the catalogue."""
    n_("expected %s argument", "expected %s arguments", 2)


def _argparse_words(message: str) -> str:
    return str(_(message)) if message else message


def _argparse_plural(singular: str, plural: str, n: int) -> str:
    return str(n_(singular, plural, n))


@contextlib.contextmanager
def argparse_speaks():
    """While a parser reads (or prints its help), argparse's own words come from our catalogue."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _argparse_words, _argparse_plural
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


class Parser(argparse.ArgumentParser):
    """argparse speaking our words (`argparse_speaks`), whose output never fails unseen: argparse
    drops what a closed or full stream refuses and exits 0; here --help on such a standard
    output says so in one line on the stream left and exits 1 (a reader gone stays quiet)."""

    def __init__(self, *args, **kwargs):
        with argparse_speaks():      # the headings and -h's help are argparse's, made here
            super().__init__(*args, **kwargs)

    def parse_args(self, args=None, namespace=None):
        with argparse_speaks():
            return super().parse_args(args, namespace)

    def _print_message(self, message, file=None):
        if message:
            stream = file or sys.stderr
            stream.write(message)       # AttributeError when the stream is closed (None)
            stream.flush()

    def print_help(self, file=None):
        try:
            if (file or sys.stdout) is None:
                raise ValueError("standard output closed")
            super().print_help(file)
        except BrokenPipeError:
            streams.drop_output()
        except (AttributeError, OSError, ValueError) as error:
            streams.drop_output()
            problem = (_("its standard output could not be written ({error})",
                         error=str(error.strerror or error)) if isinstance(error, OSError)
                       else _("its standard output is closed"))
            streams.tell(_("{prog}: {problem}", prog=self.prog, problem=problem))
            sys.exit(1)

    def exit(self, status=0, message=None):
        if message:
            streams.tell(message.rstrip("\n"))      # on stderr, or stdout when it is closed
        sys.exit(status)
