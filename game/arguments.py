"""Command-line words made safe for argparse, for the game, `analyze` and `engine` alike.

argparse looks for the next option afresh after each one it reads, so its time grows with the
square of the number of options: 100,000 repeated `--json` flags took minutes. A flag that takes
no value means the same however often it is given, so its repeats are dropped before argparse
sees them; after that, no command of ours takes more than a few dozen words, and a longer list
is refused in one line, in the player's language. Only the standard library is used here
(main.py reads it first).
"""
import argparse

from game.i18n import n_

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
