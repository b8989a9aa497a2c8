"""A person's turn composed step by step: pick a checker, then one of its legal destinations.

Pure bookkeeping over the rules engine (no pygame), so the table scene's mouse and keyboard
handlers stay small and the logic is tested on its own. Only what `rules.next_steps` offers can
be picked or reached, so an illegal destination can never light up.

Also here: what a turn in progress leaves of the throw (`numbers_left`, `dice_marks`), and the
`Choice`, a snapshot of the chooser that the screen draws from.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules import Move, Step


@dataclass(frozen=True)
class Choice:
    """A person's turn in progress as the screen draws it: a snapshot, never the live chooser."""

    played: tuple[Step, ...]
    selected: int | None
    origins: tuple[int, ...]       # the checkers that can move, in board order
    destinations: tuple[int, ...]  # the picked checker's legal destinations
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

    def __init__(self, rules, position, dice, touch_move: bool = False, played=()):
        self.rules = rules
        self.position = position
        self.dice = tuple(dice)
        self.touch_move = touch_move
        self.played: tuple[Step, ...] = tuple(played)
        self.selected: int | None = None
        self.cursor = 0
        self._steps = None

    # -- what may be done now
    def steps(self) -> list[Step]:
        if self._steps is None:
            self._steps = list(self.rules.next_steps(self.position, self.dice, self.played))
        return self._steps

    def origins(self) -> list[int]:
        """Locations of the checkers that can move, in board order (bar, waiting, then points)."""
        return sorted({s.origin for s in self.steps()})

    def destinations(self) -> list[int]:
        if self.selected is None:
            return []
        return sorted({s.destination for s in self.steps() if s.origin == self.selected})

    def options(self) -> list[int]:
        """What the keyboard cycles through: checkers to pick, or the picked one's destinations."""
        return self.destinations() if self.selected is not None else self.origins()

    @property
    def complete(self) -> bool:
        """The turn's move is whole: something was played and nothing more can be."""
        return bool(self.played) and not self.steps()

    def shown(self):
        """The position with this turn's steps so far (Bell's intermediate stop included)."""
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
        """Play the picked checker to `destination` if that is legal; the played Step, else None."""
        for step in self.steps():
            if step.origin == self.selected and step.destination == destination:
                self.played += (step,)
                self.selected = None
                self.cursor = 0
                self._steps = None
                return step
        return None

    def take_back(self) -> Step | None:
        """Undo the last step of this turn (refused under touch-move)."""
        if self.touch_move or not self.played:
            return None
        step = self.played[-1]
        self.played = self.played[:-1]
        self.selected = None
        self.cursor = 0
        self._steps = None
        return step

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
