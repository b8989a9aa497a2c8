"""Storage figures: what saving the match after every throw and move costs, and loading it.

For each rule set a seeded match is played with random legal moves to near its end (the largest
save); then the save (two fsyncs) and the load (with Session.from_dict, which replays the whole
record, timed on its own too) are timed, and the keeper's load, which the app does at start.
In the Garanguet match a take-back is timed too (`garanguet_undo_ms`): a person's whole move
taken back through the play flow, as the U key does it, its save aside (`garanguet_save_ms`).
"""
import random
import tempfile
import time

from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.replays import forget_replays
from game.play.session import Phase, Session, play_out
from game.saves.storage import Storage


def mid_match(rules: str, length: int, seed: int = 1) -> Session:
    """A seeded match played with random legal moves to near its end (the largest save)."""
    session = Session.new(MatchOptions(rules=rules, length=length, opponent="human"), seed=seed)
    chooser = random.Random(seed)
    return play_out(session, lambda s, moves: chooser.choice(moves),
                    lambda s: s.phase is Phase.GAME_OVER and s.match.score[s.outcome.winner] + 2 >= length)


def moved_by_a_person(session: Session) -> GameFlow:
    """The next game of `session` begun, and a person's first move played through the flow:
    the flow is where a take-back of it is asked (stage THROW, `can_undo`)."""
    session.next_game()
    flow = GameFlow(session, lambda: None)
    flow.start()
    person_plays_on(flow)
    return flow


def person_plays_on(flow: GameFlow) -> None:
    """The flow played on, a person's steps the first legal ones, until a whole move of theirs
    can be taken back (it is played and the opponent has not thrown)."""
    while not (flow.stage is Stage.THROW and flow.can_undo):
        if flow.stage is Stage.THROW and flow.session.phase is Phase.PRIORITY:
            flow.session.throw_priority()
            flow.start()
        elif flow.stage is Stage.THROW:
            flow.throw()
        elif flow.stage is Stage.CHOOSE:
            step = flow.choice.steps[0]
            flow.pick(step.origin)
            flow.drop(step.destination)
        else:
            flow.proceed()


def undo_ms(session: Session, repeat: int) -> float:
    """Median milliseconds of a take-back of a person's whole move (U, until the next throw)."""
    flow = moved_by_a_person(session)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        flow.undo()
        times.append((time.perf_counter() - start) * 1000)
        person_plays_on(flow)              # the move played again, as it was
    return sorted(times)[len(times) // 2]


def timed(action, repeat: int) -> float:
    """Median milliseconds of `repeat` calls, each a cold one: no finished game known replayed."""
    times = []
    for _ in range(repeat):
        forget_replays()
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
            if rules == "garanguet":
                figures["garanguet_undo_ms"] = round(undo_ms(session, 30), 2)
    return figures
