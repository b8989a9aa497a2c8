"""`python main.py engine`: the computer player for other programs, one JSON line at a time.

Each line of standard input is one request; each gets one line of answer, flushed at once; the
engine stops at the end of the input. The protocol (README.md, "Engine protocol"):

    {"id": 7, "rules": "charpentier", "position": "0,0,0/0,0,0/W", "dice": [4, 3],
     "level": "perfect", "match": 5, "score": [1, 2], "seed": 12}
    -> {"id": 7, "move": "0-3", "moves": [{"move": "0-3", "win": 0.52}, ...]}

"rules", "position" and "dice" are required; "level" (the top level by default), "match" and
"score" (both for a match; the score 0-0 by default) and "seed" (for the lower levels' mistakes;
by default one drawn from the request itself, so that the same request always gets the same
answer and different positions get different draws) are optional. "move" is the
level's choice, in the notation Move.parse reads ("pass" when nothing can move); "moves" are the
best few as the top level ranks them, best first, each with "win", the chance to win the game
(the match, in a match), "win2", the chance to win 2 points, where the game's computer reckons
it, and out of a match, where a game can score 2 (Bell, Garanguet), "equity", the expected
points. The list is ranked by "equity" where it is given, else by "win"; the top level plays
the first, and `analyze`, the hints and the review give the same figures.

Bad input of any kind gets {"id": ..., "error": "one line"} (id null when the line has none) and
the engine reads on. It never prints a traceback. Nothing here imports pygame.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import sys

from game.rules import MATCH_LENGTHS, NotationError, Position, rule_set

#: The moves listed in a reply (the chosen one may rank lower, at the lower levels).
BEST_FEW = 5
#: No request comes near this; a longer line is refused without being read whole into memory.
MAX_LINE = 1 << 16
LONGEST_MATCH = max(MATCH_LENGTHS)
FIELDS = {"id", "rules", "position", "dice", "level", "match", "score", "seed"}


class BadRequest(ValueError):
    """A request the engine cannot answer; the text is the reply's one-line "error"."""


def _computer_module(entry):
    """The computer player of a rule set: `LEVEL_NAMES` (weakest first), `Computer`, `hints`."""
    from game.computer.player import module_for
    try:
        return module_for(entry)
    except ImportError:
        raise BadRequest(f"{entry.rules.title}'s computer player is not in this build yet") from None


def _whole(value, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadRequest(f"{what} is a whole number from {low} to {high}, not {_short(value)}")
    return value


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _read_request(request) -> dict:
    """The request's parts, checked: rules, position, dice, level, match, seed (BadRequest)."""
    if not isinstance(request, dict):
        raise BadRequest(f"a request is a JSON object, not {_short(request)}")
    unknown = sorted(set(request) - FIELDS)
    if unknown:
        raise BadRequest(f"unknown field {_short(unknown[0])}: a request has "
                         + ", ".join(sorted(FIELDS)))
    for field in ("rules", "position", "dice"):
        if field not in request:
            raise BadRequest(f"the request has no {field!r}")
    try:
        entry = rule_set(request["rules"])
    except ValueError as error:
        raise BadRequest(str(error)) from None
    rules = entry.rules
    try:
        position = Position.parse(request["position"])
    except NotationError as error:
        raise BadRequest(f"position: {error}") from None
    if len(position.white) != rules.checkers:
        raise BadRequest(f"position: {rules.title} has {rules.checkers} checkers a side, "
                         f"not {len(position.white)}")
    if rules.outcome(position) is not None:
        raise BadRequest("position: the game is already over")
    try:
        dice = rules.check_dice(request["dice"])
    except ValueError:      # said here, in JSON: the rules would write the value as Python
        raise BadRequest(f"dice: {rules.title} throws {rules.dice_count} dice of 1..6, "
                         f"not {_short(request['dice'])}") from None
    module = _computer_module(entry)
    level = request.get("level", module.LEVEL_NAMES[-1])
    if not isinstance(level, str) or level not in module.LEVEL_NAMES:
        raise BadRequest(f"level: {_short(level)} is not one of {', '.join(module.LEVEL_NAMES)}")
    match = None
    if "score" in request and "match" not in request:
        raise BadRequest("a score needs a match")
    if "match" in request:
        length = _whole(request["match"], "match", 1, LONGEST_MATCH)
        score = request.get("score", [0, 0])
        if not isinstance(score, list) or len(score) != 2:
            raise BadRequest(f"score is [white, black], not {_short(score)}")
        white, black = (_whole(s, f"score: {side}'s score", 0, length - 1)
                        for s, side in zip(score, ("White", "Black")))
        match = (length, white, black)
    if "seed" in request:
        seed = _whole(request["seed"], "seed", 0, 2 ** 64 - 1)
    else:
        seed = _seed_of(rules.name, position, dice, level, match)
    return {"rules": rules, "module": module, "position": position,
            "dice": dice, "level": level, "match": match, "seed": seed}


def _seed_of(*parts) -> int:
    """A request's own seed: one fixed seed for every request would give each lower level the
    same first draw everywhere (a Random(0) never makes the mistake a level makes 1 time in 4)."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def decide(request) -> dict:
    """The reply's "move" and "moves" for a decoded request (BadRequest for a bad one). The
    game's computer may refuse a position it cannot answer for (`unplayable`), settle what it
    needs before choosing (`settle`) and give a match's chance from a game's (`match_chance`)."""
    r = _read_request(request)
    rules, position, dice, match, module = (r["rules"], r["position"], r["dice"], r["match"],
                                            r["module"])
    unplayable = getattr(module, "unplayable", None)
    problem = unplayable(rules, position) if unplayable else None
    if problem:
        raise BadRequest(f"position: {problem}")
    if hasattr(module, "settle"):
        module.settle(rules, position, match)
    computer = module.Computer(rules, r["level"], random.Random(r["seed"]))
    move = computer.choose(position, dice, match)
    match_chance = getattr(module, "match_chance", None)
    moves = []
    for hint in module.hints(rules, position, dice, match)[:BEST_FEW]:
        win = hint.win_probability
        win = match_chance(rules, position, match, win) if match_chance else win
        entry = {"move": str(hint.move), "win": _chance(win)}
        if hint.win2 is not None:                   # a 2-point win, where the game has one
            entry["win2"] = _chance(hint.win2)
        if hint.equity is not None and match is None:   # what the list is ranked by then
            entry["equity"] = _chance(hint.equity)
        moves.append(entry)
    return {"move": str(move), "moves": moves}


def _chance(value) -> float:
    value = float(value)
    if not math.isfinite(value):
        raise ValueError("the evaluation gave no number")
    return round(value, 6)


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def answer(line) -> dict:
    """The reply to one line of input (str or bytes): never raises."""
    request_id = None
    try:
        if isinstance(line, bytes):
            if len(line) > MAX_LINE:
                raise BadRequest(f"a request of over {MAX_LINE} bytes is too long")
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                raise BadRequest("the line is not UTF-8 text") from None
        if len(line) > MAX_LINE:
            raise BadRequest(f"a request of over {MAX_LINE} characters is too long")
        try:
            request = json.loads(line, parse_constant=_reject_constant)
        except RecursionError:
            raise BadRequest("the JSON is nested too deeply") from None
        except ValueError as error:
            raise BadRequest(f"not JSON ({error})") from None
        if isinstance(request, dict):
            request_id = request.get("id")
        return {"id": request_id, **decide(request)}
    except BadRequest as error:
        return {"id": request_id, "error": _one_line(str(error))}
    except Exception as error:     # a request may trip anything; the engine reads on
        return {"id": request_id, "error": _one_line(f"{type(error).__name__}: {error}")}


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300] or "bad request"


class StreamLost(OSError):
    """A standard stream failed (closed, a full disk, a read error): the engine cannot go on."""

    def __init__(self, which: str, error: OSError | None = None):
        super().__init__(getattr(error, "errno", None), which)
        self.which, self.error = which, error


def _lines(stream):
    """The input's lines; a line longer than MAX_LINE comes as its first MAX_LINE + 1 bytes
    (enough to refuse it), the rest read and dropped. StreamLost when the input cannot be read."""
    while True:
        try:
            line = stream.readline(MAX_LINE + 1)
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                while (rest := stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                    pass
        except (OSError, ValueError) as error:
            raise StreamLost("input", error if isinstance(error, OSError) else None) from None
        if not line:
            return
        yield line


def serve(stdin, stdout) -> None:
    """Answer every line of `stdin` (binary) on `stdout` (text), one line each, flushed.
    BrokenPipeError when the reader went away; StreamLost when a stream fails otherwise."""
    for line in _lines(stdin):
        if not line.strip():
            continue
        reply = answer(line)
        try:
            text = json.dumps(reply, allow_nan=False)
        except (TypeError, ValueError, RecursionError):    # an id JSON cannot write back
            text = json.dumps({"id": None, "error": "the reply could not be written as JSON"})
        try:
            stdout.write(text + "\n")
            stdout.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise StreamLost("output", error if isinstance(error, OSError) else None) from None


def main() -> int:
    """Serve standard input until it ends; 0, or 130 after Ctrl+C, never a traceback. A closed
    or failing stream ends it with one line on the stream left and status 1; a reader that
    went away (a broken pipe) ends it quietly."""
    from game.base import streams
    from game.base.i18n import _
    try:
        if sys.stdin is None:
            raise StreamLost("input")
        if sys.stdout is None:
            raise StreamLost("output")
        serve(sys.stdin.buffer, sys.stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:     # the reader went away: nobody is left to answer
        streams.drop_output()
        return 0
    except StreamLost as lost:
        problem = (_("its standard input is closed") if lost.which == "input" else
                   _("its standard output is closed")) if lost.error is None else \
            (_("its standard input could not be read ({error})", error=_words(lost.error))
             if lost.which == "input" else
             _("its standard output could not be written ({error})", error=_words(lost.error)))
        if lost.which == "output":
            streams.drop_output()
        streams.tell(_("engine: {problem}", problem=problem))
        return 1
    return 0


def _words(error: OSError) -> str:
    """The system's own words for an error ("No space left on device")."""
    return str(error.strerror or error)
