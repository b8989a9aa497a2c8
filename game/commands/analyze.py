"""`python main.py analyze`: what a position and throw are worth, in Tourne Case (two dice) or
Garanguet (three), for players and for checking. One JSON object with --json (its keys are the
command's contract, in English; every move of the throw), else a readable table in the player's
language (the best few moves, --all for every one); bad input gives one line and exit status 2.

    analyze --rules charpentier|charpentier-reentry|bell [--reentry compulsory] --position P [--dice A B]
            [--match N --score X-Y] [--all] [--json]
    analyze --rules garanguet --position P [--dice A B C] [--match N --score X-Y] [--all] [--json]
            (its figures: each game's computer, game/computer/player.py's registry)
"""
from __future__ import annotations

import argparse
import json
import re
import sys

from game.base import streams
from game.base.i18n import N_, _, n_, verbatim
from game.commands.arguments import Parser, add_language, speak, tidy
from game.computer.player import COMPUTERS, module_for
from game.rules import NotationError, Position, rules_by_name

#: The moves the table shows unless --all is given, best first (the JSON has every one).
BEST_FEW = 5


class BadInput(Exception):
    """A bad position, throw or option: reported on one line."""


class _Parser(Parser):
    """argparse's own words ("usage:", "invalid choice") from our catalogue (game/commands/arguments.py);
    a bad argument is BadInput, said in one line."""

    def error(self, message):
        raise BadInput(message)


class _Help(argparse.HelpFormatter):
    """--dice takes two dice or three: said so, not argparse's "A [B ...]"; the guide after the
    options keeps its paragraphs."""

    def _format_args(self, action, default_metavar):
        if action.dest == "dice":
            return "A B [C]"
        return super()._format_args(action, default_metavar)

    def _fill_text(self, text, width, indent):
        return "\n\n".join(super(_Help, self)._fill_text(part, width, indent)
                           for part in text.split("\n\n"))


#: What the figures and the positions mean, for someone who has never played (after --help's
#: options), a paragraph each.
GUIDE = (
    N_("How to read the figures. Every figure is the chance of the side to move (the letter "
       "after the position's last '/'), in its own favour: \"win\" is its chance to win the "
       "game; \"2-point win\" and \"2-point loss\" (Garanguet) the chances that the game ends "
       "2 points to it, or 2 points against it; \"equity\" (Bell, Garanguet) the points it can "
       "expect from the game, a game lost counting as minus the points the winner scores, so "
       "from -2 to 2; \"match\" (with --match and --score) its chance to win the match. The "
       "row \"before the throw\" is the position as given; each move's row is what the same "
       "side has after playing that move."),
    N_("The moves are ranked, best first, by the match's chance in a match, else by equity "
       "(Charpentier, where every game is worth one point: by the chance to win), exactly as "
       "the computer's strongest level plays, the hints at the table and the review rank them. "
       "Tourne Case is solved: its figures are exact. Garanguet's are the strongest level's "
       "estimate, except those marked '=' (a small race, or a game won)."),
    N_("A position is White's checkers / Black's checkers / the side to move (W or B). Tourne "
       "Case: the point each of a side's three checkers stands on along its own row, 1 to 12, "
       "0 for a checker not entered yet and b for a hit checker waiting to come back, in "
       "ascending order: \"0,0,3/0,0,0/B\" is White with one checker on point 3, Black to move. "
       "Garanguet: where each of a side's fifteen checkers stands on its own path, 1 to 24, or "
       "off once borne off, a run written with '*' and its count: \"1*15/1*15/W\" is the start."),
    N_("Rules are named by their numbers in the game's rulebook (docs/rules.md, also on the "
       "rules screen): TR-1 is Charpentier's compulsory re-entry, where a hit checker must "
       "come back before any other checker moves."),
)


def _parser() -> argparse.ArgumentParser:
    """One parser for both games: the number of dice is checked against the rule set after."""
    parser = _Parser(prog="main.py analyze", formatter_class=_Help,
                     description=_("What a position and a throw are worth, in Tourne Case (two "
                                   "dice, three checkers a side) or Garanguet (three dice, "
                                   "fifteen checkers a side), for players and for checking: the "
                                   "chances before the throw, and after each move of the throw, "
                                   "best first."),
                     epilog="\n\n".join(_(paragraph) for paragraph in GUIDE))
    parser.add_argument("--rules", choices=tuple(COMPUTERS), required=True,
                        metavar="|".join(COMPUTERS),
                        help=_("the rule set: Tourne Case's three (Charpentier 1699, with "
                               "compulsory re-entry, Bell) or Garanguet"))
    parser.add_argument("--reentry", choices=("compulsory",),
                        help=_("Charpentier with compulsory re-entry (TR-1: a hit checker must "
                               "come back before any other moves)"))
    parser.add_argument("--position", required=True, metavar="P",
                        help=_("White's checkers/Black's/the side to move, e.g. {example} "
                               "(Tourne Case) or {other} (Garanguet)",
                               example='"0,0,3/0,0,0/B"', other='"1*15/1*15/W"'))
    parser.add_argument("--dice", nargs="+", type=_die,
                        help=_("the throw, each die 1..6: two dice in Tourne Case (A B), three "
                               "in Garanguet (A B C); without it, only the chances before the "
                               "throw"))
    parser.add_argument("--all", action="store_true",
                        help=_("list every move of the throw, not only the best {few}",
                               few=BEST_FEW))
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
    if number is None or not 1 <= number <= 6 or text != str(number):      # "01" is no die
        raise argparse.ArgumentTypeError(_("{value} is not a die (1..6)", value=repr(text[:20])))
    return number


def _dice(args, rules, computer) -> tuple | None:
    """The throw, as many dice as the rule set throws, or None."""
    if args.dice is None:
        return None
    if len(args.dice) != rules.dice_count:
        raise BadInput(_(computer.WRONG_DICE, given=len(args.dice)))
    return tuple(args.dice)


def _analysis(name: str):
    """The game's computer, if it analyses (`analyse` and its helpers: game/computer/player.py)."""
    computer = module_for(name)
    if not hasattr(computer, "analyse"):
        raise BadInput(_("--rules: {rules} cannot be analysed", rules=verbatim(name)))
    return computer


def _read(args) -> tuple:
    """The rule set, the game's computer, the position and the match, each checked."""
    computer = _analysis(args.rules)
    name, problem = computer.analysed_rules(args.rules, args.reentry)
    rules = rules_by_name(name)
    try:
        position = Position.parse(args.position)
    except NotationError as error:
        raise BadInput(_("--position: {problem}",
                         problem=_(error.reason, **error.fields))) from None
    if len(position.white) != rules.checkers:
        raise BadInput(_(computer.WRONG_CHECKERS))
    unanalysed = computer.unanalysed(rules, position)
    if unanalysed:
        raise BadInput(_(unanalysed, rules=_(rules.title)))
    if rules.outcome(position) is not None:
        raise BadInput(_("--position: the game is already over"))
    match = None
    if args.score is not None and args.match is None:
        raise BadInput(_("--score needs --match"))
    if args.match is not None:
        if not 1 <= args.match <= computer.MATCH_MAX:
            raise BadInput(_("--match: a match is 1 to {most} points", most=computer.MATCH_MAX))
        white, black = _score("0-0" if args.score is None else args.score, args.match)
        match = (args.match, white, black)
    if problem:
        raise BadInput(_(problem))
    return rules, computer, position, match


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


#: The figures' column heads, in the order shown.
HEADS = {"win_probability": N_("win"), "win2_probability": N_("2-point win"),
         "lose2_probability": N_("2-point loss"), "equity": N_("equity"),
         "match_win_probability": N_("match")}
GAP = 2


def table(result: dict, everything: bool = False) -> str:
    """The analysis for people, in their language, one layout for both games: the figures
    before the throw on a row of their own, then the moves best first with the figures after
    each (the best BEST_FEW unless `everything`). Each column is as wide as its longest word or
    figure. A Garanguet figure that is exact is marked '=', with the legend only then."""
    position = result["position"]
    lines = [_("{position}: White to move", position=position) if result["to_move"] == "W"
             else _("{position}: Black to move", position=position)]
    keys = [k for k in HEADS if k in result]
    moves = result.get("moves")
    shown = (moves or []) if everything else (moves or [])[:BEST_FEW]
    mark = (lambda entry: "=" if entry.get("exact") else " ")     # noqa: E731
    figures = [[f"{entry[k]:.6f}" for k in keys] for entry in (result, *shown)]
    heads = [_(HEADS[k]) for k in keys]
    widths = [max(len(head), *(len(row[i]) for row in figures)) for i, head in enumerate(heads)]
    move, after, before = _("move"), _("position after"), _("before the throw")
    move_width = max(len(move), *(len(m["move"]) for m in shown)) if shown else 0
    after_width = max(len(after), *(len(m["position_after"]) for m in shown)) if shown else 0
    left = max(move_width + GAP + after_width if shown else 0, len(before))
    after_width = left - move_width - GAP if shown else 0

    def row(first: str, cells) -> str:
        return first + "".join(" " * GAP + cell.rjust(width) for cell, width in zip(cells, widths))

    head_left = f"{move:<{move_width}}{' ' * GAP}{after:<{after_width}}" if shown else ""
    lines.append(row("  " + f"{head_left:<{left}}", heads).rstrip())
    lines.append(row(mark(result) + " " + f"{before:<{left}}", figures[0]))
    if moves == []:
        lines.append("  " + _("no legal move: the turn passes"))
    for m, cells in zip(shown, figures[1:]):
        first = f"{m['move']:<{move_width}}{' ' * GAP}{m['position_after']:<{after_width}}"
        lines.append(row(mark(m) + " " + first, cells))
    hidden = len(moves or []) - len(shown)
    if hidden:
        lines.append("  " + n_("{n} more move: --all lists it",
                               "{n} more moves: --all lists them", hidden, n=hidden))
    if any(entry.get("exact") for entry in (result, *shown)):
        lines.append(_("= exact (a race of at most 6 checkers a side, or a game won); the other "
                       "figures are the master's estimate"))
    return "\n".join(lines)


def main(argv=None) -> int:
    """Exit status 0; 2 after bad input; 1 when the answer could not be written (standard
    output closed or full), said in one line on the stream left; a reader gone stays quiet."""
    argv = sys.argv[1:] if argv is None else list(argv)
    speak(argv)          # --language, else the system's language (the JSON stays English)
    streams.any_terminal()
    try:
        parser = _parser()
        args = parser.parse_args(tidy(parser, argv))
        rules, computer, position, match = _read(args)
        result = computer.analyse(rules, position, _dice(args, rules, computer), match)
    except BadInput as error:
        streams.tell(_("analyze: {problem}", problem=error))
        return 2
    if sys.stdout is None:
        streams.tell(_("analyze: {problem}", problem=_("its standard output is closed")))
        return 1
    try:
        print(json.dumps(result) if args.json else table(result, args.all), flush=True)
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
