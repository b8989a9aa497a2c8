"""Storage figures: what saving the match after every throw and move costs, and loading it.

For each rule set a seeded match is played with random legal moves to near its end (the largest
save); then the save (two fsyncs) and the load (with Session.from_dict, which replays the whole
record, timed on its own too) are timed, and the keeper's load, which the app does at start.
"""
import random
import tempfile
import time

from game.keeper import MatchKeeper
from game.match import MatchOptions, Phase, Session
from game.storage import Storage


def mid_match(rules: str, length: int, seed: int = 1) -> Session:
    session = Session.new(MatchOptions(rules=rules, length=length, opponent="human"), seed=seed)
    chooser = random.Random(seed)
    while True:
        if session.phase is Phase.PRIORITY:
            session.throw_priority()
        elif session.phase is Phase.THROW:
            session.throw()
        elif session.phase is Phase.MOVE:
            session.play(chooser.choice(session.legal_moves() or [None]) or _pass())
        elif session.phase is Phase.GAME_OVER:
            if session.match.score[session.outcome.winner] + 2 >= length:
                return session                       # near the end: the largest save
            session.next_game()


def _pass():
    from game.rules import Move
    return Move(())


def timed(action, repeat: int) -> float:
    """Median milliseconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2]


def run() -> dict:
    figures = {}
    for rules in ("charpentier", "garanguet"):
        session = mid_match(rules, 7)
        data = session.to_dict()
        with tempfile.TemporaryDirectory() as folder:
            store = Storage(folder, validate_match=Session.from_dict)
            store.save_match(data)
            figures[f"{rules}_save_ms"] = round(timed(lambda: store.save_match(data), 30), 2)
            figures[f"{rules}_load_ms"] = round(timed(store.load_match, 30), 2)
            # As the app takes a save up: the session storage built while checking it (the
            # backup, match.json.prev, is checked too: two replays in all, not three).
            keeper = MatchKeeper(store, lambda words: None, random.Random(0))
            figures[f"{rules}_keeper_load_ms"] = round(timed(keeper.load, 30), 2)
            figures[f"{rules}_of_which_from_dict_ms"] = round(
                timed(lambda: Session.from_dict(data), 30), 2)
            size = (store.dir / "match.json").stat().st_size
            figures[f"{rules}_file_kib"] = round(size / 1024, 1)
            figures[f"{rules}_games_in_save"] = len(session.match.games)
    return figures
