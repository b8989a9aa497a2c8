"""The command line: `python main.py [options]` plays, `python main.py analyze ...` analyses,
`python main.py engine` answers programs one JSON line at a time (README, "Engine protocol").

Only the standard library (and the rules engine, which needs nothing else) is imported at the
top: main.py answers --help and bad arguments before the game's packages are set up. A bad
argument gives one line on stderr and exit status 2.

The words are the player's language (game/base/i18n.py): the system's, or the one --language names,
which the game then speaks too until one is chosen in its settings. argparse's own words
("usage:", "invalid choice") come from our catalogue as well, while a parser reads. The engine's
JSON answers are a machine interface and stay English.
"""
import argparse
import os
import re
import signal
import sys
import threading
from pathlib import Path

from game.base import i18n, streams
from game.commands.arguments import Parser, add_language, command_first, speak, tidy
from game.base.i18n import _
from game.rules import RULE_NAMES, rule_set   # the standard library only, like this module



#: Set by the first start (game/commands/first_start.py) while its set-up window waits for the
#: game's: a file to create once the game's window is about to open.
READY = "TOURNE_CASE_READY"

#: The exit status after SIGTERM, as a shell reports a process it ended (128 + 15).
TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM, SIGHUP or SIGBREAK: raised where the game is, so that it ends the way Ctrl+C
    does (the loop saves the match and returns)."""



class _Parser(Parser):
    def error(self, message):
        """One clear line instead of argparse's usage block."""
        self.exit(2, _("{prog}: {problem} (see --help)", prog=self.prog, problem=message) + "\n")


def _seed(text: str) -> int:
    """ASCII digits only (int() also takes "٣" and "1_000"), and few enough for int()."""
    if re.fullmatch(r"-[0-9]+", text):
        raise argparse.ArgumentTypeError(_("{value} is negative; give 0 or more",
                                           value=repr(text[:20])))
    if not re.fullmatch(r"[0-9]{1,40}", text):
        raise argparse.ArgumentTypeError(_("{value} is not a whole number", value=repr(text[:20])))
    return int(text)


def _data_dir(text: str) -> str:
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(_("{value} is a file, not a folder", value=repr(text)))
    return str(path)


def _seconds(text: str) -> float:
    try:
        seconds = float(text) if re.fullmatch(r"[0-9.eE+-]{1,40}", text) else -1.0
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 1e6:
        raise argparse.ArgumentTypeError(_("{value} is not a positive number of seconds",
                                           value=repr(text)))
    return seconds


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "main.py",
        description=_("Tourne Case (Paris, 1699) and Garanguet: a tables game against the "
                      "computer."),
        epilog=_("Analysis: python main.py analyze --help. "
                 "Programs: python main.py engine --help. "
                 "Online play: python main.py relay --help"))
    parser.add_argument("--seed", type=_seed, metavar="N",
                        help=_("seed every random thing (dice, computer), to replay a session"))
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--windowed", dest="fullscreen", action="store_false", default=None,
                        help=_("play in a window"))
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true",
                        help=_("play full screen"))
    parser.add_argument("--rules", choices=RULE_NAMES, metavar="|".join(RULE_NAMES),
                        help=_("the rules of the first new match"))
    parser.add_argument("--data-dir", type=_data_dir, metavar="DIR",
                        help=_("keep settings, saves and records in DIR instead of your data "
                               "folder"))
    add_language(parser, _("the language of these messages, and of the game until one is "
                           "chosen in its settings (default: the system's)"))
    # For the demo, the tests and checking a relay by hand (README, docs/online.md).
    headless = parser.add_argument_group(
        # TRANSLATORS: a heading of --help; argparse writes ":" straight after it (French puts a
        # no-break space before it, so the translation ends with one).
        _("the computer alone (the demo, tests, checking a relay)"))
    headless.add_argument("--autoplay", action="store_true",
                          help=_("the computer plays both sides, in a window, at the quickest "
                                 "speed (with no window where there is no screen); it never "
                                 "plays over a saved match, and leaves none to continue"))
    headless.add_argument("--quit-after", type=_seconds, metavar="SECONDS",
                          help=_("close the game after this many seconds"))
    headless.add_argument("--online", type=_relay_url, metavar="ws://HOST:PORT",
                          help=_("with --autoplay and --room or --watch: an online match through "
                                 "the relay at this address, with no window"))
    seat = headless.add_mutually_exclusive_group()
    seat.add_argument("--room", type=_room, metavar="new|CODE",
                      help=_("play in a new room (its code is printed first), or in the room "
                             "with this code"))
    seat.add_argument("--watch", type=_watch_code, metavar="CODE",
                      help=_("watch the room with this code, without playing in it"))
    seat.add_argument("--list", action="store_true",
                      help=_("with --online: print the relay's open rooms, one a line (code, "
                             "rule set, length, host's name, waiting time), and end"))
    headless.add_argument("--open", action="store_true",
                          help=_("with --room new: a room open to anyone on the relay, listed "
                                 "in its open games (default: friends with the code)"))
    headless.add_argument("--name", type=_name, metavar="NAME",
                          help=_("with --room or --watch: the name the friend and the watchers "
                                 "see"))
    headless.add_argument("--level", metavar="LEVEL",
                          help=_("with --room: the computer's level, such as novice (default: "
                                 "the game's strongest)"))
    return parser


def _relay_url(text: str) -> str:
    """ws://HOST:PORT or wss://HOST[:PORT][/path]: a relay's address."""
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(text)
        good = (parts.scheme in ("ws", "wss") and bool(parts.hostname) and parts.port != 0
                and not re.search(r"\s", text) and not parts.query and not parts.fragment)
    except ValueError:          # a port that is not one
        good = False
    if not good:
        raise argparse.ArgumentTypeError(_("{value} is not a relay's address (ws://HOST:PORT)",
                                           value=repr(text[:80])))
    return text


def _room(text: str) -> str:
    """"new", or a room code as typed ("ACD-EF9", "acdef9")."""
    return text if text == "new" else _code(text, new=True)


def _watch_code(text: str) -> str:
    """A room code as typed ("ACD-EF9", "acdef9"): the room to watch."""
    return _code(text)


def _code(text: str, new: bool = False) -> str:
    """A room code in its one form, or why `text` is not one: the characters codes never use
    (no O, 0, 1, I, L...: easily confused when read aloud), or the count of them."""
    from game.online.protocol import CODE_ALPHABET, CODE_LENGTH, normal_code
    code = normal_code(text)
    if code is not None:
        return code
    typed = re.sub(r"[\s-]", "", text[:40]).upper()
    unused = "".join(dict.fromkeys(c for c in typed if c not in CODE_ALPHABET))
    value, alphabet = repr(text[:20]), " ".join(CODE_ALPHABET)
    if unused and new:
        problem = _("{value} is neither \"new\" nor a room code: codes never use {unused}; they "
                    "use only {alphabet}", value=value, unused=" ".join(unused[:12]),
                    alphabet=alphabet)
    elif unused:
        problem = _("{value} is not a room code: codes never use {unused}; they use only "
                    "{alphabet}", value=value, unused=" ".join(unused[:12]), alphabet=alphabet)
    elif new:
        problem = _("{value} is neither \"new\" nor a room code: a code has {count} letters and "
                    "figures, like ACD-EF9", value=value, count=CODE_LENGTH)
    else:
        problem = _("{value} is not a room code: a code has {count} letters and figures, like "
                    "ACD-EF9", value=value, count=CODE_LENGTH)
    raise argparse.ArgumentTypeError(problem)


def _name(text: str) -> str:
    """A player's name as the relay takes it (game/online/names.py), trimmed; or why not."""
    try:
        from game.online.names import name_refusal, normal_name
    except ImportError:         # before the game's packages are set up: checked again then
        return text.strip(" ")
    refusal = name_refusal(text)
    if refusal:
        raise argparse.ArgumentTypeError(_("{value}: {refusal}", value=repr(text[:30]),
                                           refusal=_(refusal)))
    return normal_name(text)


def build_engine_parser() -> argparse.ArgumentParser:
    # The help is for people, in their language; the answers are the protocol's, in English.
    parser = _Parser(
        prog="main.py engine",
        description=_("Read one JSON request per line on standard input and answer each with "
                      "one JSON line (the computer's move and the best few) until the input "
                      "ends. A request: {example}, optionally \"level\", \"match\", \"score\", "
                      "\"seed\". See README.md, \"Engine protocol\".",
                      example='{"id": 1, "rules": "charpentier", "position": "0,0,0/0,0,0/W", '
                              '"dice": [4, 3]}'))
    add_language(parser)
    return parser


def _port(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,5}", text) or int(text) > 65535:
        raise argparse.ArgumentTypeError(_("{value} is not a port (0 to 65535)",
                                           value=repr(text[:20])))
    return int(text)


def build_relay_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="main.py relay",
        description=_("Pair games by room code and pass their messages on, for matches between "
                      "two computers, until stopped (Ctrl+C or SIGTERM). The first line says "
                      "where it listens. See README.md, \"Running a relay\"."))
    parser.add_argument("--host", default="0.0.0.0", metavar="HOST",
                        help=_("the address to listen on (default: {default}, every network)",
                               default="0.0.0.0"))
    parser.add_argument("--port", type=_port, default=8690, metavar="PORT",
                        help=_("the port to listen on; 0 picks a free one (default: {default})",
                               default=8690))
    # For tests: connections a minute from one address (0: no limit).
    parser.add_argument("--limit", type=_seed, default=30, help=argparse.SUPPRESS)
    add_language(parser)
    return parser


def parse_args(argv) -> argparse.Namespace:
    """The options, or SystemExit: 0 after --help, 2 after one line about a bad argument.
    `engine` takes no option but --help; `analyze` reads its own (game.computer.analysis).
    The messages are in the language --language names, else the system's (see `speak`)."""
    argv = command_first(argv)
    speak(argv if argv[:1] != ["analyze"] else [])
    if argv[:1] == ["engine"]:
        parser = build_engine_parser()
        args = parser.parse_args(tidy(parser, argv[1:]))
        args.command = "engine"
        return args
    if argv[:1] == ["relay"]:
        parser = build_relay_parser()
        args = parser.parse_args(tidy(parser, argv[1:]))
        args.command = "relay"
        return args
    if argv[:1] == ["analyze"]:
        return argparse.Namespace(command="analyze")
    parser = build_parser()
    args = parser.parse_args(tidy(parser, argv))
    args.command = "play"
    seat = args.room or args.watch
    if args.list:
        if args.online is None:
            parser.error(_("--list goes with --online: the relay whose open rooms to print"))
    elif (args.online is None) != (seat is None) or (args.online and not args.autoplay):
        parser.error(_("--online goes with --autoplay and with --room or --watch"))
    if args.open and args.room != "new":
        parser.error(_("--open goes with --room new: it opens the new room to anyone"))
    if args.name is not None and seat is None:
        parser.error(_("--name goes with --room or --watch: the name shown in that room"))
    if args.level is not None:
        refusal = level_refusal(args.level, args.room, args.rules)
        if refusal:
            parser.error(refusal)
    return args


def level_refusal(level: str, room, rules) -> str | None:
    """Why --level cannot be played (in the player's words), or None: it goes with --room, and
    names a level of the match's game (a new room's: --rules, else the first rule set; a room
    joined without --rules: any game's). None too while the computer's packages are not set up
    yet (the first start): the game's own start checks again."""
    if room is None:
        return _("--level goes with --autoplay, --online and --room: the computer's level in an "
                 "online match")
    named = rules or (RULE_NAMES[0] if room == "new" else None)
    try:
        from game.computer.player import levels_for
        if named:
            names = [name for name, _description in levels_for(named)]
            if level in names:
                return None
            return _("{value} is not a level of {game} (its levels: {levels})",
                     value=repr(level[:20]), game=_(rule_set(named).title), levels=", ".join(names))
        games = {}          # each game's levels, by the game's first rule set
        for name in RULE_NAMES:
            games.setdefault(rule_set(name).game, name)
        levels = {name: [level for level, _description in levels_for(name)]
                  for name in games.values()}
    except ImportError:
        return None
    if any(level in names for names in levels.values()):
        return None
    return _("{value} is not a level of either game (Tourne Case: {tourne_case}; Garanguet: "
             "{garanguet})", value=repr(level[:20]),
             tourne_case=", ".join(levels[games["tourne-case"]]),
             garanguet=", ".join(levels[games["garanguet"]]))


def main(argv=None) -> int:
    """Run the game (or the analysis command, or the engine); returns the exit status."""
    argv = command_first(sys.argv[1:] if argv is None else argv)
    streams.any_terminal()
    # The computer's matrices are small: one BLAS thread is ten times faster than two fighting
    # the game's own threads for the cores (measured on Garanguet's network). Set before numpy.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    if argv[:1] == ["analyze"]:
        from game.commands import analyze
        return analyze.main(argv[1:])
    args = parse_args(argv)
    if args.command == "engine":
        from game.commands import engine
        return engine.main()
    if args.command == "relay":
        from game.online import relay
        return relay.main(args.host, args.port, args.limit)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # pygame's banner is not ours to print
    if args.list:               # a relay's open rooms: no data folder, no window
        from game.commands import autoplay
        return autoplay.list_open(args.online, args.rules)
    if not _folder_takes_files(args.data_dir):
        return BAD_FOLDER
    if not args.online and not _a_screen_or_none_needed(args.autoplay):
        return NO_SCREEN
    from game.base import folder_lock
    with _ends_on_sigterm() as ended:
        folder_lock.answer_calls()      # before the lock: a second start may call at once
        try:
            with folder_lock.FolderLock(_data_folder(args.data_dir)) as lock:
                if not lock.take():
                    return in_use(lock, args)
                if args.online:         # headless, through a relay: to watch, or to play
                    from game.commands import autoplay
                    status = (autoplay.watch(args.data_dir, args.online, args.watch,
                                             quit_after=args.quit_after, name=args.name)
                              if args.watch else
                              autoplay.run(args.data_dir, args.online, args.room, args.rules,
                                           args.seed, args.quit_after, args.level or "",
                                           open_room=args.open, name=args.name))
                    return 128 + ended[0] if ended else status
                from game import app
                _window_opens()
                status = app.run(seed=args.seed, fullscreen=args.fullscreen, rules=args.rules,
                                 data_dir=args.data_dir, autoplay=args.autoplay,
                                 quit_after=args.quit_after)
        except Terminated:       # before the loop ran: nothing unsaved yet
            status = TERMINATED
    return 128 + ended[0] if ended else status


#: The exit status of a game that has no screen to open its window on.
NO_SCREEN = 1


def _a_screen_or_none_needed(autoplay: bool) -> bool:
    """Whether the window may open. A Unix desktop's screen is named by DISPLAY (X11) or
    WAYLAND_DISPLAY; without either (a server, a terminal over ssh), SDL would print its own
    English error and open an invisible window: the game would play where nobody sees it. So
    the demo plays with no window (SDL's dummy screen), saying so, and a game for a player
    ends at once, saying why. SDL_VIDEODRIVER, when set, is the player's choice and kept."""
    unix_desktop = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
    if (not unix_desktop or os.environ.get("SDL_VIDEODRIVER") or os.environ.get("DISPLAY")
            or os.environ.get("WAYLAND_DISPLAY")):
        return True
    if autoplay:
        streams.tell(_("No screen to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is "
                       "set): the computer plays with no window."))
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return True
    streams.tell(_("No screen to open the game's window on (neither DISPLAY nor WAYLAND_DISPLAY "
                   "is set): start the game from a desktop session."))
    return False


def _window_opens() -> None:
    """The game's packages are loaded and its window opens next: the first start's set-up
    window, which says "Starting the game ..." meanwhile, may close (READY)."""
    ready = os.environ.pop(READY, None)
    if ready:
        try:
            Path(ready).touch()
        except OSError:         # the set-up window closes anyway when its wait ends
            pass


#: The exit status of a start whose --data-dir cannot be written (a bad argument).
BAD_FOLDER = 2


def _folder_takes_files(data_dir) -> bool:
    """Whether the game may start on its data folder, having said so if it cannot be written:
    one given with --data-dir is refused (nothing played there could be kept); the player's
    own folder is only warned about (the game plays on, saving nothing)."""
    from game.saves.files import cannot_write
    folder = _data_folder(data_dir)
    trouble = cannot_write(folder)
    if trouble is None:
        return True
    if data_dir is not None:
        streams.tell(_("The data folder {folder} cannot be written ({problem}): give another "
                       "with --data-dir.", folder=str(folder), problem=trouble.said()))
        return False
    streams.tell(_("The data folder {folder} cannot be written ({problem}): the game plays on "
                   "but keeps nothing (settings, saves, records); --data-dir gives another.",
                   folder=str(folder), problem=trouble.said()))
    return True


def _data_folder(data_dir) -> Path:
    if data_dir is not None:
        return Path(data_dir).absolute()
    from game.saves.storage import default_data_dir
    return default_data_dir()


#: The exit status of a start that found its data folder in use by another game.
IN_USE = 1


def in_use(lock, args) -> int:
    """The data folder is another game's: say so at once, in the player's language (the one
    saved in its settings, read without writing anything), and end; in the window, offer to
    bring the running game forward or to quit. The saved match is never played here."""
    from game.saves.settings import saved_language
    i18n.set_language(saved_language(lock.folder) or i18n.language())
    streams.tell(_("Tourne Case is already running on the data folder {folder}: close that game "
                   "first, or give another folder with --data-dir.", folder=lock.folder))
    if args.autoplay:
        return IN_USE
    from game.scenes.menus import in_use as screen
    _window_opens()
    screen.run(lock.folder, lock.holder(), quit_after=args.quit_after)
    return IN_USE


#: The signals that end the game the way Ctrl+C does, saving first: SIGTERM, SIGHUP (the
#: terminal closed) and, on Windows, SIGBREAK (Ctrl+Break; the console's close event too, see
#: `_hold_the_console`).
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGBREAK")
                       if hasattr(signal, name))


class _ends_on_sigterm:
    """While the game runs, SIGTERM (and SIGHUP, SIGBREAK) raises Terminated in it: the loop
    then saves the match and returns, within a frame. Installed before pygame starts, because
    SDL otherwise turns SIGTERM into a quit event that only a running frame reads: a start that
    was slow or stuck (a FIFO for a save) never ended. A second signal ends the game at once
    (every save is atomic); the exit status is 128 + the first signal's number, as a shell
    reports a process it ended. The previous handlers come back afterwards (tests run the game
    in-process)."""

    def __enter__(self) -> list:
        self.ended: list = []
        self.previous = {}
        for signum in ENDING_SIGNALS:
            try:
                self.previous[signum] = signal.signal(signum, self._handle)
            except (ValueError, OSError):   # not the main thread
                pass
        self.saved = threading.Event()
        self._console = _hold_the_console(self.saved) if os.name == "nt" and self.previous \
            else None
        return self.ended

    def _handle(self, signum, frame):
        for each in self.previous:
            signal.signal(each, signal.SIG_DFL)
        self.ended.append(signum)
        raise Terminated()

    def __exit__(self, *exc) -> None:
        self.saved.set()        # the game has saved and ends: a closing console may go
        for signum, previous in self.previous.items():
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)


#: Windows' console events that end the process once its handler returns: the console closed,
#: the user logging off, the system shutting down.
_CONSOLE_ENDS = (2, 5, 6)      # CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT


def _hold_the_console(saved: threading.Event):
    """Windows: Python's own handler only notes a console event, and the system ends the
    process as soon as the console handler returns, before the game could save. This handler
    raises SIGBREAK in the game's thread (Terminated: the loop saves) and waits for the save,
    within the few seconds Windows allows. Returns the handler, to be kept alive; None when the
    console cannot take it. Not run on POSIX (SIGHUP does this there)."""
    try:
        import _thread
        import ctypes
        from ctypes import wintypes

        @ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.DWORD)
        def handler(event):
            if event not in _CONSOLE_ENDS:
                return False        # Ctrl+C and Ctrl+Break: Python's own handlers
            _thread.interrupt_main(signal.SIGBREAK)
            saved.wait(4.5)
            return True

        if ctypes.windll.kernel32.SetConsoleCtrlHandler(handler, True):
            return handler
    except Exception:       # no console, or an unusual Python: SIGBREAK alone, as it can
        pass
    return None
