"""`python main.py analyze`: what a Tourne Case position and throw are worth, for players and for
checking. One JSON object with --json (its keys are the command's contract, in English), else
a readable table in the player's language; bad input gives one line and exit status 2.

    analyze --rules charpentier|charpentier-reentry|bell [--reentry compulsory] --position P [--dice A B]
            [--match N --score X-Y] [--json]
    analyze --rules garanguet --position P [--dice A B C] [--match N --score X-Y] [--json]
            (its figures: game/computer/analysis.py, game/computer/garanguet_analysis.py)
"""
from __future__ import annotations

import argparse
import json
import re
import sys

from game.base import streams
from game.base.i18n import N_, _
from game.commands.arguments import Parser, add_language, speak, tidy
from game.computer import garanguet_analysis as ga
from game.computer import tables as tbl
from game.computer.analysis import analyse
from game.rules import (CHARPENTIER, CHARPENTIER_REENTRY, GARANGUET, TOURNE_CASE, NotationError,
                        Position, Side, rules_by_name)


class BadInput(Exception):
    """A bad position, throw or option: reported on one line."""


class _Parser(Parser):
    """argparse's own words ("usage:", "invalid choice") from our catalogue (game/commands/arguments.py);
    a bad argument is BadInput, said in one line."""

    def error(self, message):
        raise BadInput(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="main.py analyze",
                     description=_("What a Tourne Case position and throw are worth, for players "
                                   "and for checking."))
    parser.add_argument("--rules", choices=(*TOURNE_CASE, GARANGUET.name), required=True)
    parser.add_argument("--reentry", choices=("compulsory",),
                        help=_("Charpentier with compulsory re-entry (TR-1)"))
    parser.add_argument("--position", required=True, metavar="P",
                        help=_("e.g. {example} (White/Black/side to move)",
                               example='"0,0,3/0,0,0/B"'))
    parser.add_argument("--dice", nargs=2, type=_die, metavar=("A", "B"))
    return _match_options(parser)


def _match_options(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """--match, --score and --json, the same for every game."""
    parser.add_argument("--match", type=_whole, metavar="N",
                        help=_("match to N points (1..21)"))
    parser.add_argument("--score", metavar="X-Y", help=_("White's and Black's points so far"))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object (its keys in English)"))
    add_language(parser)
    return parser


#: Numbers on the command line are ASCII digits, a few of them: str.isdigit() and int() also
#: take "²", "٣" or "３", and int() refuses thousands of digits with its own error.
_NUMBER = re.compile(r"[0-9]{1,3}")


def _number(text: str) -> int | None:
    return int(text) if _NUMBER.fullmatch(text) else None


def _whole(text: str) -> int:
    number = _number(text)
    if number is None:
        raise argparse.ArgumentTypeError(_("{value} is not a whole number like 5",
                                           value=repr(text[:20])))
    return number


def _die(text: str) -> int:
    number = _number(text)
    if number is None or not 1 <= number <= 6:
        raise argparse.ArgumentTypeError(_("{value} is not a die (1..6)", value=repr(text[:20])))
    return number


def _read(args) -> tuple:
    name = CHARPENTIER_REENTRY.name if args.rules == CHARPENTIER.name and args.reentry else args.rules
    rules = rules_by_name(name)
    try:
        position = Position.parse(args.position)
    except NotationError as error:
        raise BadInput(_("--position: {problem}",
                         problem=_(error.reason, **error.fields))) from None
    if len(position.white) != 3:
        raise BadInput(_("--position: a Tourne Case position has three checkers a side"))
    t = tbl.tables(name)
    for side in Side:
        if position.checkers(side) not in t.index:
            message = (N_("--position: White has a checker waiting on the bar ('b'), which "
                          "{rules} does not use") if side is Side.WHITE else
                       N_("--position: Black has a checker waiting on the bar ('b'), which "
                          "{rules} does not use"))
            raise BadInput(_(message, rules=_(rules.title)))
    if rules.outcome(position) is not None:
        raise BadInput(_("--position: the game is already over"))
    match = None
    if args.score is not None and args.match is None:
        raise BadInput(_("--score needs --match"))
    if args.match is not None:
        if not 1 <= args.match <= tbl.MATCH_MAX:
            raise BadInput(_("--match: a match is 1 to {most} points", most=tbl.MATCH_MAX))
        white, black = _score("0-0" if args.score is None else args.score, args.match)
        match = (args.match, white, black)
    return rules, t, position, match


def _score(text: str, length: int) -> tuple[int, int]:
    parts = [_number(p) for p in text.split("-")]
    if len(parts) != 2 or None in parts:
        raise BadInput(_("--score: {value} is not a score like 2-1 (White-Black)",
                         value=repr(text[:20])))
    white, black = parts
    if white >= length or black >= length:
        raise BadInput(_("--score: {score} already ends a match to {length}", score=text,
                         length=length))
    return white, black


def _table(result: dict) -> str:
    """The analysis as a table for people, in their language (the JSON keeps English keys)."""
    position = result["position"]
    lines = [_("{position}: White to move", position=position) if result["to_move"] == "W"
             else _("{position}: Black to move", position=position)]
    keys = [k for k in ("win_probability", "equity", "match_win_probability") if k in result]
    heads = {"win_probability": _("win"), "equity": _("equity"), "match_win_probability": _("match")}
    lines.append("  " + "  ".join(f"{heads[k]} {result[k]:.6f}" for k in keys))
    if "moves" in result:
        if not result["moves"]:
            lines.append("  " + _("no legal move: the turn passes"))
        else:
            move, after = _("move"), _("position after")
            lines.append(f"  {move:<12}{after:<22}" + "".join(f"{heads[k]:>12}" for k in keys))
            for m in result["moves"]:
                lines.append(f"  {m['move']:<12}{m['position_after']:<22}"
                             + "".join(f"{m[k]:>12.6f}" for k in keys))
    return "\n".join(lines)


# --- Garanguet: three dice, fifteen checkers a side (game/computer/garanguet_analysis.py) ------

def _rules_named(argv) -> str | None:
    """The --rules given (or --ru, --rul..., as argparse reads it), read before the rest:
    Garanguet has its own options. A plain scan: argparse's time grows with the square of a
    long command line's words, and the parser that reads them all dedupes them first."""
    named = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        option, equals, value = word.partition("=")
        if len(option) >= 4 and "--rules".startswith(option):
            if equals:
                named = value
            elif i + 1 < len(argv):
                named = argv[i + 1]
    return named


def _garanguet_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="main.py analyze",
                     description=_("What a Garanguet position and throw are worth, for players "
                                   "and for checking."))
    parser.add_argument("--rules", choices=(GARANGUET.name,), required=True)
    parser.add_argument("--position", required=True, metavar="P",
                        help=_("e.g. {example} (White/Black/side to move)",
                               example='"1*15/1*15/W"'))
    parser.add_argument("--dice", nargs=3, type=_die, metavar=("A", "B", "C"))
    return _match_options(parser)


def _garanguet(args) -> dict:
    try:
        position = Position.parse(args.position)
    except NotationError as error:
        raise BadInput(_("--position: {problem}",
                         problem=_(error.reason, **error.fields))) from None
    if len(position.white) != GARANGUET.checkers:
        raise BadInput(_("--position: a Garanguet position has fifteen checkers a side"))
    if GARANGUET.outcome(position) is not None:
        raise BadInput(_("--position: the game is already over"))
    if args.score is not None and args.match is None:
        raise BadInput(_("--score needs --match"))
    match = None
    if args.match is not None:
        if not 1 <= args.match <= ga.MATCH_MAX:
            raise BadInput(_("--match: a match is 1 to {most} points", most=ga.MATCH_MAX))
        white, black = _score(args.score or "0-0", args.match)
        match = (args.match, white, black)
    return ga.analyse(position, tuple(args.dice) if args.dice else None, match)


def main(argv=None) -> int:
    """Exit status 0; 2 after bad input; 1 when the answer could not be written (standard
    output closed or full), said in one line on the stream left; a reader gone stays quiet."""
    argv = sys.argv[1:] if argv is None else list(argv)
    speak(argv)          # --language, else the system's language (the JSON stays English)
    streams.any_terminal()
    garanguet = _rules_named(argv) == GARANGUET.name
    try:
        parser = _garanguet_parser() if garanguet else _parser()
        args = parser.parse_args(tidy(parser, argv))
        if garanguet:
            result = _garanguet(args)
        else:
            rules, t, position, match = _read(args)
            result = analyse(rules, t, position, tuple(args.dice) if args.dice else None, match)
    except BadInput as error:
        streams.tell(_("analyze: {problem}", problem=error))
        return 2
    if sys.stdout is None:
        streams.tell(_("analyze: {problem}", problem=_("its standard output is closed")))
        return 1
    table = ga.table if garanguet else _table
    try:
        print(json.dumps(result) if args.json else table(result), flush=True)
    except BrokenPipeError:      # the reader went away (| head): no traceback at exit
        streams.drop_output()
    except OSError as error:     # a full disk
        streams.drop_output()
        streams.tell(_("analyze: {problem}", problem=_(
            "its standard output could not be written ({error})",
            error=str(error.strerror or error))))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
