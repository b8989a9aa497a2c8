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

from game.i18n import N_, _, n_

MAX_WORDS = 200


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
    N_("usage: "), N_("options"), N_("positional arguments"),
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
