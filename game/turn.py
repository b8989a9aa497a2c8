"""A person's turn composed step by step: pick a checker, then one of its legal destinations.

Pure bookkeeping over the rules engine (no pygame), so the table scene's mouse and keyboard
handlers stay small and the logic is tested on its own. Only what `rules.next_steps` offers can
be picked or reached, so an illegal destination can never light up.
"""
from game.rules import Step


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
