"""A person's turn composed step by step: pick a checker, then one of its legal destinations.

Pure bookkeeping over the rules engine (no pygame), so the table scene's mouse and keyboard
handlers stay small and the logic is tested on its own. Only what `rules.next_steps` offers can
be picked or reached, so an illegal destination can never light up.

A checker may also be moved by the sum of two or more numbers (issue 31), as drag-and-drop does
in backgammon programs: its `destinations` include every point it reaches this turn, and
`step_to` plays it there through the intermediate points, each step as the rules allow it
(`route`). Where two orders of the numbers differ (a hit on the way), the chooser takes
the one that agrees with `prefer` (the hints' moves, best first), else the one that hits.

Also here: what a turn in progress leaves of the throw (`numbers_left`, `dice_marks`), the
`Choice`, a snapshot of the chooser that the screen draws from, and a move written as a
person enters it (`as_entered`, `say_as_entered`: "w-p" for a checker moved by a sum).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from game.rules.core import Move, Step


@dataclass(frozen=True)
class Choice:
    """A person's turn in progress as the screen draws it: a snapshot, never the live chooser."""

    played: tuple[Step, ...]
    selected: int | None
    origins: tuple[int, ...]       # the checkers that can move, in board order
    destinations: tuple[int, ...]  # the picked checker's legal destinations (by one number or a sum)
    steps: tuple[Step, ...]        # every legal next step (hits marked)
    cursor: int                    # the keyboard's place among `options`
    locked: bool                   # touch-move holds the picked checker
    complete: bool

    @property
    def options(self) -> tuple[int, ...]:
        """What the keyboard cycles through: checkers to pick, or the picked one's destinations."""
        return self.destinations if self.selected is not None else self.origins


class Chooser:
    """The steps played so far this turn, the picked checker and the keyboard cursor.

    `touch_move` (C-5): once a checker with a legal move is picked it must be played, and no
    step can be taken back.
    """

    def __init__(self, rules, position, dice, touch_move: bool = False, played=(), prefer=(),
                 picks=()):
        self.rules = rules
        self.position = position
        self.dice = tuple(dice)
        self.touch_move = touch_move
        self.played: tuple[Step, ...] = tuple(played)
        self.selected: int | None = None
        self.cursor = 0
        #: moves best first (the hints'), or a function that gives them when first needed: a
        #: sum that two orders play differently (a hit on the way) is played as they play it
        self.prefer = prefer
        # steps per pick-and-drop, to take back (`picks`: as a finished move was played)
        self._entries: list[int] = list(picks) if sum(picks) == len(self.played) else [1] * len(self.played)
        self._steps = None
        self._routes: dict[int, dict[int, tuple[Step, ...]]] = {}

    # -- what may be done now
    def steps(self) -> list[Step]:
        if self._steps is None:
            self._steps = list(self.rules.next_steps(self.position, self.dice, self.played))
        return self._steps

    def origins(self) -> list[int]:
        """Locations of the checkers that can move, in board order (bar, waiting, then points)."""
        return sorted({s.origin for s in self.steps()})

    def destinations(self) -> list[int]:
        """Where the picked checker can go: by one number, or by the sum of several."""
        if self.selected is None:
            return []
        return sorted(self.routes(self.selected))

    def routes(self, origin: int) -> dict[int, tuple[Step, ...]]:
        """Each point the checker on `origin` reaches this turn, with the steps that take it
        there: one step if one number does, else the fewest steps, each a legal next step
        (`rules.next_steps`: the stop must be a legal landing, TB-1, G-3, and the turn must
        still end legally); among orders that differ (a hit on the way), the one `prefer`
        agrees with, else the one with the most hits."""
        if origin not in self._routes:
            found: dict[int, list[tuple[Step, ...]]] = {}
            level: list[tuple[Step, ...]] = [()]
            while level:                       # breadth first: the fewest steps come first
                deeper = []
                for chain in level:
                    at = chain[-1].destination if chain else origin
                    for step in self.rules.next_steps(self.position, self.dice, (*self.played, *chain)):
                        if step.origin == at:
                            route = (*chain, step)
                            same = found.setdefault(step.destination, [])
                            if (not same or len(same[0]) == len(route)) and route not in same:
                                same.append(route)      # as short as the shortest there
                            deeper.append(route)
                level = deeper
            self._routes[origin] = {dest: self._preferred(options) for dest, options in found.items()}
        return self._routes[origin]

    def _preferred(self, options: list[tuple[Step, ...]]) -> tuple[Step, ...]:
        """Of routes to one point as long as each other, the one the preferred moves play (the
        best first), else the one that hits most (a hit on the way is kept). Routes that
        leave the same board (as where nothing can be hit) need no preference."""
        if len(options) == 1 or len({self.rules.play_steps(self.position, (*self.played, *route))
                                     for route in options}) == 1:
            return options[0]
        if callable(self.prefer):
            self.prefer = tuple(self.prefer() or ())
        for move in self.prefer:
            wanted = Counter((s.origin, s.destination) for s in move.steps)
            for route in options:
                if not Counter((s.origin, s.destination) for s in (*self.played, *route)) - wanted:
                    return route
        return max(options, key=lambda route: sum(s.hit for s in route))

    def route(self, destination: int) -> tuple[Step, ...]:
        """The steps that take the picked checker to `destination`; () if none do."""
        if self.selected is None:
            return ()
        return self.routes(self.selected).get(destination, ())

    def options(self) -> list[int]:
        """What the keyboard cycles through: checkers to pick, or the picked one's destinations."""
        return self.destinations() if self.selected is not None else self.origins()

    @property
    def complete(self) -> bool:
        """The turn's move is whole: something was played and nothing more can be."""
        return bool(self.played) and not self.steps()

    def shown(self):
        """The position with this turn's steps so far (a checker's intermediate stop included)."""
        if not self.played:
            return self.position
        return self.rules.play_steps(self.position, self.played)

    def snapshot(self) -> Choice:
        return Choice(self.played, self.selected, tuple(self.origins()), tuple(self.destinations()),
                      tuple(self.steps()), self.cursor, self.locked, self.complete)

    # -- doing it
    def pick(self, origin: int) -> bool:
        """Pick up the checker on `origin`; False if it has no legal move or touch-move forbids."""
        if origin not in self.origins():
            return False
        if self.locked and origin != self.selected:
            return False
        self.selected = origin
        self.cursor = 0
        return True

    @property
    def locked(self) -> bool:
        """Touch-move holds the picked checker."""
        return self.touch_move and self.selected is not None

    def drop(self) -> bool:
        """Put the picked checker back without playing it (refused under touch-move)."""
        if self.locked:
            return False
        if self.selected is not None:
            self.cursor = max(0, self.origins().index(self.selected)) if self.selected in self.origins() else 0
        self.selected = None
        return True

    def step_to(self, destination: int) -> Step | None:
        """Play the picked checker to `destination` if that is legal, by one number or through
        the intermediate points (`route`); else None. Returns the Step played: for a sum, one
        Step from the checker's point to `destination` that stands for the route's steps
        (`played` holds them one by one; `hit` if it hits where it lands)."""
        route = self.route(destination)
        if not route:
            return None
        self.played += route
        self._entries.append(len(route))
        self._changed()
        return _joined(route)

    @property
    def picks(self) -> tuple[int, ...]:
        """How many steps each pick-and-drop played (a sum's several), in order."""
        return tuple(self._entries)

    def take_back(self) -> Step | None:
        """Undo the last pick-and-drop of this turn - a sum's steps together - (refused under
        touch-move); the Step it played, as `step_to` returned it."""
        if self.touch_move or not self.played:
            return None
        count = self._entries.pop() if self._entries else 1
        route = self.played[-count:]
        self.played = self.played[:-count]
        self._changed()
        return _joined(route)

    def _changed(self) -> None:
        self.selected = None
        self.cursor = 0
        self._steps = None
        self._routes = {}

    def move_cursor(self, delta: int) -> None:
        n = len(self.options())
        if n:
            self.cursor = (self.cursor + delta) % n

    def activate(self, index: int | None = None) -> Step | None:
        """Enter on the cursor (or number key `index`): pick that checker, or step to that point."""
        options = self.options()
        i = self.cursor if index is None else index
        if not 0 <= i < len(options):
            return None
        if self.selected is None:
            self.pick(options[i])
            return None
        return self.step_to(options[i])


def _joined(route: tuple[Step, ...]) -> Step:
    """A checker's steps as the one pick-and-drop that plays them."""
    if len(route) == 1:
        return route[0]
    return Step(route[0].origin, route[-1].destination, route[-1].hit)


def as_entered(rules, position, dice, move: Move, prefer=()) -> Move:
    """`move` as a person enters it at the table, one Step per pick-and-drop: a checker's
    consecutive steps joined where the chooser (with the table's `prefer`: the hints' moves)
    plays that sum the same way (the same board after it, no hit on the way), else kept apart
    (they are then entered stop by stop)."""
    entries: list[Step] = []
    steps = move.steps
    done = 0
    while done < len(steps):
        end = done + 1
        while end < len(steps) and steps[end].origin == steps[end - 1].destination:
            end += 1
        for last in range(end, done, -1):          # the longest run that can be one entry
            run = steps[done:last]
            if last - done == 1 or _enters_as_sum(rules, position, dice, steps[:done], run, prefer):
                entries.append(_joined(run))
                done = last
                break
    return Move(tuple(entries))


def _enters_as_sum(rules, position, dice, played, run, prefer) -> bool:
    if any(step.hit for step in run[:-1]):         # a hit on the way is shown by its stop
        return False
    chooser = Chooser(rules, position, dice, played=played, prefer=prefer)
    if not chooser.pick(run[0].origin):
        return False
    route = chooser.route(run[-1].destination)
    if not route:
        return False
    done, wanted = (*played, *route), (*played, *run)     # the same board and the same numbers left
    return (rules.play_steps(position, done) == rules.play_steps(position, wanted)
            and numbers_left(rules, dice, done) == numbers_left(rules, dice, wanted))


@lru_cache(maxsize=256)
def say_as_entered(rules, position, dice, move: Move, prefer: tuple[Move, ...] = ()) -> str:
    """A move as the board names it, written as it is entered: "w-p" for a checker moved by the
    sum (pick w, then p), "w-s-p" only where it must stop on s (the hints, issue 31). `prefer`:
    the moves the table's chooser prefers (the hints', best first), as a tuple."""
    return rules.say_move(position.to_move, as_entered(rules, position, tuple(dice), move, prefer))


def lost_numbers(rules, dice, move: Move) -> tuple[int, ...]:
    """The numbers of a throw that a legal play leaves unplayed (G-7, TB-2): the same for every
    legal play, since each plays as many numbers as any can."""
    left = list(rules.numbers(dice))
    for step in move.steps:
        number = rules.step_number(step)
        if number in left:
            left.remove(number)
    return tuple(sorted(left))


def numbers_left(rules, dice, played) -> list[int]:
    """The throw's numbers still to play after `played`: each step takes its own distance, or,
    bearing off from short of the rim (G-9), the smallest larger number left."""
    left = sorted(rules.numbers(dice))
    for step in played:
        distance = rules.step_number(step)
        if distance in left:
            left.remove(distance)
        elif step.destination > rules.last_point and any(n > distance for n in left):
            left.remove(min(n for n in left if n > distance))
    return left


def playable_numbers(rules, left, steps) -> set[int]:
    """Which of the numbers left some next step can use (a bear-off takes a larger one too)."""
    out = set()
    for step in steps:
        distance = rules.step_number(step)
        out |= {n for n in left if n == distance or (step.destination > rules.last_point and n > distance)}
    return out


def furthest_steps(rules, position, dice, played, origin: int) -> tuple[Step, ...]:
    """The steps that take the checker on `origin` as far as it can go this turn (a double-click):
    one checker, the furthest destination, the fewest steps on a tie."""
    best: tuple[Step, ...] = ()

    def search(at: int, chain: tuple[Step, ...]) -> None:
        nonlocal best
        if chain and (chain[-1].destination > (best[-1].destination if best else -99)
                      or (chain[-1].destination == best[-1].destination and len(chain) < len(best))):
            best = chain
        for step in rules.next_steps(position, dice, (*played, *chain)):
            if step.origin == at:
                search(step.destination, (*chain, step))

    search(origin, ())
    return best


def dice_marks(rule_set, dice, chooser: Chooser | None, choosing: bool) -> tuple[str, ...]:
    """Per die: "played" (counts, still to play) or "dim" (does not count (TC-1), already used,
    or cannot be played and is lost (TB-2)). `chooser`: the turn being composed or shown, if
    any; `choosing`: the person is choosing now (a die no next step can use is dim)."""
    rules = rule_set.rules
    if rule_set.dice_shares:
        return _shared_marks(rules, dice, chooser, choosing)
    counts = list(rules.numbers(dice))
    used = [rules.step_number(st) for st in (chooser.played if chooser else ())]
    playable = {rules.step_number(st) for st in chooser.steps()} if chooser and choosing else None
    marks = []
    for value in dice:
        if value in counts:
            counts.remove(value)
            if value in used:
                used.remove(value)
                marks.append("dim")
            else:
                marks.append("played" if playable is None or value in playable else "dim")
        else:
            marks.append("dim")
    return tuple(marks)


def _shared_marks(rules, dice, chooser, choosing) -> tuple[str, ...]:
    """Three dice for up to six numbers (G-5, G-6): a die stays lit while its share of its
    number is still to play, and some step can play it."""
    numbers = list(rules.numbers(dice))
    left = numbers_left(rules, dice, chooser.played if chooser else ())
    playable = playable_numbers(rules, left, chooser.steps()) if chooser and choosing else set(left)
    lit = {v: -(-left.count(v) * dice.count(v) // numbers.count(v)) if v in playable else 0
           for v in set(dice)}
    marks = []
    for value in dice:
        marks.append("played" if lit[value] > 0 else "dim")
        lit[value] -= 1
    return tuple(marks)
