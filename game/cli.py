"""The command line: `python main.py [options]` plays, `python main.py analyze ...` analyses.

Only the standard library (and the rules engine, which needs nothing else) is imported at the top: main.py answers --help and bad arguments
before the game's packages are set up. A bad argument gives one line on stderr and exit status 2.
"""
import argparse
import os
import sys
from pathlib import Path

from game.rules import RULE_NAMES   # the standard library only, like this module



class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """One clear line instead of argparse's usage block."""
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is negative; give 0 or more")
    return seed


def _data_dir(text: str) -> str:
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    return str(path)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 1e6:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return seconds


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "main.py",
        description="Tourne Case (Paris, 1699) and Garanguet: a tables game against the computer.",
        epilog="Analysis: python main.py analyze --help")
    parser.add_argument("--seed", type=_seed, metavar="N",
                        help="seed every random thing (dice, computer), to replay a session")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--windowed", dest="fullscreen", action="store_false", default=None,
                        help="play in a window")
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true",
                        help="play full screen")
    parser.add_argument("--rules", choices=RULE_NAMES, metavar="|".join(RULE_NAMES),
                        help="the rules of the first new match")
    parser.add_argument("--data-dir", type=_data_dir, metavar="DIR",
                        help="keep settings, saves and records in DIR instead of your data folder")
    # For tests and the build check: both sides played by the computer, no animation...
    parser.add_argument("--autoplay", action="store_true", help=argparse.SUPPRESS)
    # ...and the game closed after this many seconds.
    parser.add_argument("--quit-after", type=_seconds, metavar="SECONDS", help=argparse.SUPPRESS)
    return parser


def parse_args(argv) -> argparse.Namespace:
    """The options, or SystemExit: 0 after --help, 2 after one line about a bad argument."""
    return build_parser().parse_args(argv)


def main(argv=None) -> int:
    """Run the game (or the analysis command); returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["analyze"]:
        from game.computer import analysis
        return analysis.main(argv[1:])
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # pygame's banner is not ours to print
    from game import app
    return app.run(seed=args.seed, fullscreen=args.fullscreen, rules=args.rules,
                   data_dir=args.data_dir, autoplay=args.autoplay, quit_after=args.quit_after)

