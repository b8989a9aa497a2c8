"""Garanguet (Lepeintre 1818): three dice, fifteen checkers a side, no hitting (G-1..G-11).

Each side's checkers are counted along its own path, 1..24, and 25 once borne off; a point of
one side's path, p, is the other side's 25 - p. Only the throw's numbers (G-2, G-4..G-6), the
blocked points (G-3) and bearing off (G-9) are Garanguet's own: the core builds whole turns.
"""
from __future__ import annotations

from bisect import bisect_right

from .core import Illegal, Outcome, Position, Rules, Side, Step

OFF = 25            # borne off: the rim, counted as one more point while bearing off (G-9)
LAST_QUADRANT = 19  # own points 19..24: all fifteen must be there before any is borne off


class Garanguet(Rules):
    name = "garanguet"
    title = "Garanguet"
    dice_count = 3
    checkers = 15
    last_point = 24
    prefer_high = True
    numbers_rule = "G-2"
    play_all_rule = "G-7"

    def __init__(self):
        self._recent: dict = {}

    def numbers(self, dice):
        low, middle, high = sorted(dice)
        if low == high:                  # G-6 triplet: the number six times
            return (low,) * 6
        if middle == high:               # G-5 doublet over a lower third: four times, and the third
            return (low,) + (high,) * 4
        return (low, middle, high)       # G-2 simple throw, G-4 doublet under a higher third

    def start(self, first: Side) -> Position:
        return Position((1,) * 15, (1,) * 15, first)

    def try_step(self, own, opp, origin, number):
        if origin == OFF and OFF in own:
            return Illegal("that checker is already borne off", "G-9")
        if origin not in own:
            return Illegal(f"no checker on point {origin}", "G-2")
        destination = origin + number
        if destination < OFF:
            if OFF - destination in opp:
                return Illegal(f"point {destination} holds an opposing checker", "G-3")
        elif own[0] < LAST_QUADRANT:
            return Illegal(f"bearing off starts once all 15 checkers are in the last quadrant "
                           f"(points {LAST_QUADRANT}-24); point {own[0]} is not", "G-9")
        elif destination > OFF:
            if origin != own[0]:
                return Illegal(f"a {number} beyond the rim bears off only the checker furthest "
                               f"from it, on point {own[0]}", "G-9")
            if _fits(own, opp, number):
                return Illegal(f"a {number} must be played inside the last quadrant or exactly "
                               f"to the rim while a checker can", "G-9")
            destination = OFF
        return _moved(own, origin, destination), opp, Step(origin, destination)

    def _terminals(self, own, opp, numbers):
        """The core's whole-turn search, done on plain numbers (steps are made only for the
        ends) and remembered for the last few turns: `apply` after `legal_moves` costs nothing."""
        key = (own, opp, numbers)
        ends = self._recent.get(key)
        if ends is None:
            if len(self._recent) >= 64:
                self._recent.clear()
            ends = self._recent[key] = _search(own, opp, numbers)
        return ends

    def outcome(self, position: Position) -> Outcome | None:
        for side in Side:
            if position.checkers(side)[0] == OFF:
                begun = position.checkers(side.other)[-1] == OFF
                return Outcome(side, 1 if begun else 2, "G-10")
        return None


def _search(own, opp, numbers):
    """Every end of a turn reachable by single steps, kept if it plays as many numbers as
    possible and then the highest (G-7): {(own, opp, numbers left): steps}. The same walk as
    `Rules._terminals` with `try_step`, without building a Step for every edge."""
    free = [True] * (OFF + 1)
    for point in opp:
        if point < OFF:
            free[OFF - point] = False
    seen = set()
    ends = {}
    stack = [(own, numbers, ())]
    while stack:
        state = stack.pop()
        own, left, path = state
        if (own, left) in seen:
            continue
        seen.add((own, left))
        moved = False
        bearing_off = own[0] >= LAST_QUADRANT
        for i, number in enumerate(left):
            if i and left[i - 1] == number:
                continue
            rest = left[:i] + left[i + 1:]
            previous = 0
            for origin in own:
                if origin == previous or origin == OFF:
                    continue
                previous = origin
                destination = origin + number
                if destination < OFF:
                    if not free[destination]:
                        continue
                elif not bearing_off:
                    break
                elif destination > OFF:
                    if origin != own[0] or any(p + number == OFF or (p + number < OFF and free[p + number])
                                               for p in own):
                        continue
                    destination = OFF
                moved = True
                after = _moved(own, origin, destination)
                if (after, rest) not in seen:
                    stack.append((after, rest, path + ((origin, destination),)))
        if not moved:
            ends.setdefault((own, left), path)
    def rank(left):
        used = list(numbers)
        for n in left:
            used.remove(n)
        return len(used), sorted(used, reverse=True)
    best = max(rank(left) for _, left in ends)
    return {(own, opp, left): tuple(Step(o, d) for o, d in path)
            for (own, left), path in ends.items() if rank(left) == best}


def _fits(own, opp, number) -> bool:
    """Whether some checker can play `number` inside the last quadrant or exactly to the rim."""
    for point in own:
        destination = point + number
        if destination == OFF or (destination < OFF and OFF - destination not in opp):
            return True
    return False


def _moved(own: tuple[int, ...], origin: int, destination: int) -> tuple[int, ...]:
    """`own` with one checker moved from `origin` to `destination`, still ascending."""
    i = own.index(origin)
    rest = own[:i] + own[i + 1:]
    j = bisect_right(rest, destination)
    return rest[:j] + (destination,) + rest[j:]


GARANGUET = Garanguet()
