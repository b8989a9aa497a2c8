"""Garanguet (Lepeintre 1818): three dice, fifteen checkers a side, no hitting (G-1..G-10).

Each side's checkers are counted along its own path, 1..24, and 25 once borne off; a point of
one side's path, p, is the other side's 25 - p. Only the throw's numbers (G-2, G-4..G-6), the
blocked points (G-3) and bearing off (G-9) are Garanguet's own: the core builds whole turns.
"""
from __future__ import annotations

import threading
from bisect import bisect_right
from functools import lru_cache
from itertools import combinations

from game.base.i18n import N_, Said, _, n_
from game.rules.core import DOUBLET_NAMES, Announcement, Illegal, Move, NotationError, Outcome, Position, Rules, Side, Step
from game.rules.notation import PositionNotation, read_number, side_error, write_runs
from game.rules.phrases import Telling, count_word, join, point

OFF = 25            # borne off: the rim, counted as one more point while bearing off (G-9)
LAST_QUADRANT = 19  # own points 19..24: all fifteen must be there before any is borne off
LETTERS = "abcdefghijklmnopqrstuvwx"    # the board's points, as Lepeintre letters them

#: Each rule's title (game/rules/titles.py), as docs/rules.md numbers them (Lepeintre 1818).
RULE_TITLES = {
    "G-1": N_("Three dice"),
    "G-2": N_("The simple throw"),
    "G-3": N_("Blocked points, and no hitting"),
    "G-4": N_("Doublet under a higher die"),
    "G-5": N_("Doublet over a lower die"),
    "G-6": N_("Triplet"),
    "G-7": N_("When not everything can be played"),
    "G-8": N_("The six-point block"),
    "G-9": N_("Bearing off"),
    "G-10": N_("The win"),
    "G-11": N_("Touch-move"),
}


def letter_of(side: Side, location: int) -> int:
    """The point (0..23, LETTERS' index) of a side's location 1..24: Black's path runs a..x,
    White's x..a."""
    return location - 1 if side is Side.BLACK else 24 - location


def location_of(side: Side, point: int) -> int:
    """A side's own count (1..24) of the point LETTERS[point]: letter_of read back."""
    return point + 1 if side is Side.BLACK else 24 - point


def classify(dice) -> tuple[str, int]:
    """What a throw of three dice is (G-2, G-4..G-6): ("triplet", n), ("doublet over", n) (a
    doublet over a lower third), ("doublet under", n) (under a higher third) or ("simple", 0)."""
    low, middle, high = sorted(dice)
    if low == high:
        return "triplet", low
    if middle == high:
        return "doublet over", high
    if low == middle:
        return "doublet under", low
    return "simple", 0


class Garanguet(Rules):
    """Garanguet as docs/rules.md reads it. The whole-turn search is the core's, done faster here:
    with fifteen checkers and up to six numbers a turn can have a thousand distinct ends."""

    name = "garanguet"
    title = N_("Garanguet")
    dice_count = 3
    checkers = 15
    last_point = 24
    prefer_high = True
    numbers_rule = "G-2"
    play_all_rule = "G-7"

    def __init__(self):
        self._local = threading.local()      # each thread's recent turns: no state shared

    def numbers(self, dice):
        kind, number = classify(dice)
        if kind == "triplet":            # G-6 triplet: the number six times
            return (number,) * 6
        if kind == "doublet over":       # G-5 doublet over a lower third: four times, and the third
            return (min(dice),) + (number,) * 4
        return tuple(sorted(dice))       # G-2 simple throw, G-4 doublet under a higher third

    def announcement(self, dice):
        """A triplet (G-6) and a doublet played double (G-5, named as C-4 says) are announced."""
        kind, number = classify(dice)
        if kind == "triplet":
            return Announcement("triplet", number, "", "G-6")
        if kind == "doublet over":
            return Announcement("doublet", number, DOUBLET_NAMES[number], "G-5", played_double=True)
        return None

    def point_name(self, side, location):
        """A point by its letter (a..x: White starts on x, Black on a), "off" once borne off
        (a step written past the rim is borne off too); a number on no point stays a number."""
        if location >= OFF:
            return "off"
        if location < 1:
            return str(location)
        return LETTERS[letter_of(side, location)]

    def point_at(self, side, name):
        """A point's letter read back (the trays are no point's: "off" is None)."""
        if len(name) != 1 or name not in LETTERS:
            return None
        return location_of(side, LETTERS.index(name))

    def say_move(self, side, move):
        """A move by letter ("off" for the tray), a checker's steps run together, the same
        journey made by several checkers counted: "a-g-k", "3 × x-r, e-off"."""
        chains: list[list[int]] = []
        for step in move.steps:
            if chains and chains[-1][-1] == step.origin:
                chains[-1].append(step.destination)
            else:
                chains.append([step.origin, step.destination])
        if not chains:
            return "no move"
        said = ["-".join(self.point_name(side, loc) for loc in chain) for chain in chains]
        return ", ".join(f"{said.count(w)} × {w}" if said.count(w) > 1 else w for w in dict.fromkeys(said))

    def start(self, first: Side) -> Position:
        return Position((1,) * 15, (1,) * 15, first)

    def try_step(self, own, opp, origin, number):
        if origin == OFF and OFF in own:
            return Illegal(N_("that checker is already borne off"), "G-9")
        if origin not in own:
            return Illegal(N_("no checker on point {point}"), "G-2", {"point": origin})
        destination = origin + number
        if destination < OFF:
            if OFF - destination in opp:
                return Illegal(N_("point {point} holds an opposing checker"), "G-3",
                               {"point": destination})
        elif own[0] < LAST_QUADRANT:
            return Illegal(N_("bearing off starts once all 15 checkers are in the last quadrant "
                              "(points {first}-24); point {point} is not"), "G-9",
                           {"first": LAST_QUADRANT, "point": own[0]})
        elif destination > OFF:
            # Only the checker furthest from the rim may pass it: if it passes, so would every
            # other checker, so none can play the number inside or exactly to the rim.
            if origin != own[0]:
                return Illegal(N_("a {number} passes the rim: it must be played inside the last "
                                  "quadrant or exactly to the rim, or else bear off the checker "
                                  "furthest from it (point {point})"), "G-9",
                               {"number": number, "point": own[0]})
            destination = OFF
        return _moved(own, origin, destination), opp, Step(origin, destination)

    def _quick_step(self, own, opp, origin, number):
        """`try_step`'s answer without its reason: None where it refuses the step."""
        if origin == OFF or origin not in own:
            return None
        destination = origin + number
        if destination < OFF:
            if OFF - destination in opp:
                return None
        elif own[0] < LAST_QUADRANT or (destination > OFF and origin != own[0]):
            return None
        else:
            destination = OFF
        return _moved(own, origin, destination), opp, _STEPS[origin, destination]

    def plays(self, position: Position, dice) -> list[tuple[Move, Position]]:
        """As `Rules.plays`, in fewer steps for Garanguet's many ends (a thousand is not rare):
        G-7 leaves one multiset of numbers played, so every end is already a distinct result.
        The plays come in the order of the positions they lead to."""
        numbers = self.numbers(self.check_dice(dice))
        side, after = position.to_move, position.to_move.other
        ends = self._terminals(position.checkers(side), position.checkers(side.other), numbers)
        if side is Side.WHITE:
            return [(Move(steps), Position(own, opp, after))
                    for (own, opp, _), steps in sorted(ends.items()) if steps]
        return [(Move(steps), Position(opp, own, after))
                for (own, opp, _), steps in sorted(ends.items()) if steps]

    def apply(self, position: Position, move: Move, dice=None) -> Position:
        """As `Rules.apply`; a move as a recent `plays` or `legal_moves` gave it (its very
        steps, a whole legal turn) is found among the turns they remembered instead of being
        played again step by step."""
        if dice is not None and move.steps:
            numbers = self.numbers(self.check_dice(dice))
            side = position.to_move
            board = self._remembered(position.checkers(side), position.checkers(side.other),
                                     numbers).get(move.steps)
            if board is not None:
                return position.with_checkers(side, *board).passed()
        return super().apply(position, move, dice)

    def _remembered(self, own, opp, numbers) -> dict:
        """The recent whole turns of this throw from this board (`_terminals`), by their steps:
        {steps: (own, opp) after}; {} if they are not remembered."""
        key = (own, opp, numbers)
        ends = getattr(self._local, "recent", {}).get(key)
        if ends is None:
            return {}
        boards = self._local.boards
        found = boards.get(key)
        if found is None:
            found = boards[key] = {steps: (end[0], end[1]) for end, steps in ends.items()}
        return found

    def _terminals(self, own, opp, numbers):
        """The core's whole turns, remembered for the last few turns so that `apply` or
        `next_steps` after `legal_moves` costs nothing; found faster while nothing can be borne
        off this turn (a step's legality then depends only on its two points, so a turn is a
        chain of numbers for each checker: `_chains`); otherwise walked step by step."""
        key = (own, opp, numbers)
        recent = getattr(self._local, "recent", None)
        if recent is None:
            recent = self._local.recent = {}
            self._local.boards = {}
        ends = recent.get(key)
        if ends is None:
            if len(recent) >= 16:
                recent.clear()
                self._local.boards.clear()
            need = sum(LAST_QUADRANT - point for point in own if point < LAST_QUADRANT)
            if need >= sum(numbers):
                ends = _chains(own, opp, _free_points(opp), numbers)
            else:
                ends = self._best_ends(numbers, _walk(own, opp, numbers))
            recent[key] = ends
        return ends

    def outcome(self, position: Position) -> Outcome | None:
        white, black = position.white, position.black     # asked often: no loop over Side
        if white[0] == OFF:
            return Outcome(Side.WHITE, 1 if black[-1] == OFF else 2, "G-10")
        if black[0] == OFF:
            return Outcome(Side.BLACK, 1 if white[-1] == OFF else 2, "G-10")
        return None


# One Step object per pair of points, shared by every turn found.
_STEPS = {(origin, destination): Step(origin, destination)
          for origin in range(1, OFF) for destination in range(origin + 1, OFF + 1)}


def _walk(own, opp, numbers):
    """Every end of a turn that may bear off, each with the steps that first reach it: the
    core's search (`Rules._terminals`), state for state and in its order, so that it finds the
    same ends by the same steps, with Garanguet's step (`try_step`) written in: no opposing
    checker moves (G-3), so a state is the mover's checkers and the numbers left."""
    free = _free_points(opp)
    seen: set = set()
    ends: dict = {}
    stack = [(own, numbers, ())]
    while stack:
        own, left, steps = stack.pop()
        if (own, left) in seen:
            continue
        seen.add((own, left))
        moved = False
        first = own[0]
        for i, number in enumerate(left):
            if i and left[i - 1] == number:
                continue
            rest = left[:i] + left[i + 1:]
            for j, origin in enumerate(own):
                if j and own[j - 1] == origin:
                    continue
                destination = origin + number
                if destination < OFF:
                    if not free[destination]:
                        continue
                elif origin == OFF or first < LAST_QUADRANT:
                    break                   # nor can any checker further on (G-9)
                elif destination > OFF:
                    if origin != first:
                        continue
                    destination = OFF
                moved = True
                after = own[:j] + own[j + 1:]
                k = bisect_right(after, destination)
                after = after[:k] + (destination,) + after[k:]
                if (after, rest) not in seen:
                    stack.append((after, rest, steps + (_STEPS[origin, destination],)))
        if not moved:
            ends.setdefault((own, opp, left), steps)
    return ends


def _free_points(opp) -> list[bool]:
    """For each point of the mover's path, whether it holds no opposing checker (G-3)."""
    free = [True] * OFF
    for point in opp:
        if point < OFF:
            free[OFF - point] = False
    return free


def _on_the_board(own) -> dict[int, int]:
    """How many of the mover's checkers stand on each point (those borne off left out)."""
    counts: dict[int, int] = {}
    for point in own:
        if point < OFF:
            counts[point] = counts.get(point, 0) + 1
    return counts


def _chains(own, opp, free, numbers):
    """The G-7 ends of a turn in which nothing is borne off, each with the steps that first
    reach it, in the order found (`_chain_boards` finds the same ends in the same order, as
    boards without steps: the two-ply search's replies).

    Each checker takes a chain of numbers, one per stop, every stop free; checkers on one point
    are alike, so a point takes a set of chains. Numbers are packed in ints (`_Throw`). A table
    of the numbers that can be left over from each point on keeps the search to the best ends.
    Ends met twice are mostly avoided: a chain that could be cut in two at a point where a
    checker stays (that checker taking the second part gives the same end) is allowed only if
    no checker stays there.
    """
    throw = _throw(numbers)
    guard = throw.guard
    counts = _on_the_board(own)
    chains = {point: _steps_chains_from(point, throw, free) for point in counts}
    points = []          # (point, its sets of chains), for the points that can move
    for point in sorted(counts):
        if chains[point]:
            listed = [(used, steps, destination, _steps_cuts(point, throw.splits[used], chains))
                      for used, (steps, destination) in chains[point].items()]
            points.append((point, _steps_chain_sets(point, listed, counts[point], throw.full, guard)))
    index = {point: i for i, (point, _) in enumerate(points)}

    leaves, best = _leaves(throw, tuple(frozenset(chain_set[0] for chain_set in sets)
                                        for _, sets in points))
    best_bit, best_left = throw.bit[best], throw.unpack(best)
    if best == throw.full:
        return {(own, opp, best_left): ()}
    found_choices: dict = {}

    def choices(i, left):
        """The sets of chains that point k >= i can take from `left` (points i..k-1 keeping
        their checkers) and still leave exactly the best numbers:
        [(k, numbers left, steps, origins, destinations, cut points, whether all move, point bit)]."""
        if i == len(points):
            return []
        key = left << 5 | i
        found = found_choices.get(key)
        if found is None:
            bit, after = 1 << points[i][0], leaves[i + 1]
            found = [(i, left - used, *chain_set, bit) for used, *chain_set in points[i][1]
                     if (left - used) & guard == guard and after[left - used] & best_bit]
            found = found_choices[key] = found + choices(i + 1, left)
        return found

    ends = {}

    def place(i, left, cut, path, origins, destinations):
        # `cut`: the points where no checker may stay (bits by point)
        must = index[(cut & -cut).bit_length() - 1] if cut else len(points)
        for k, rest, steps, more_origins, more_destinations, cuts, whole, bit in choices(i, left):
            if k > must:
                break
            if k < must or whole:
                if rest != best:
                    place(k + 1, rest, (cut | cuts) & ~bit, path + steps,
                          origins + more_origins, destinations + more_destinations)
                elif not (cut | cuts) & ~bit:
                    end = list(own)
                    for origin in origins + more_origins:
                        end.remove(origin)
                    end += destinations + more_destinations
                    end.sort()
                    ends.setdefault((tuple(end), opp, best_left), path + steps)

    place(0, throw.full, 0, (), (), ())
    return ends


def board_of(own) -> int:
    """A side's checkers on the board packed in an int, four bits a point (as `_chain_boards`
    gives its ends): the checkers on a point are `board >> 4 * point & 15`."""
    return sum(1 << 4 * point for point in own if point < OFF)


def contact_boards(own, opp, numbers) -> list[int] | None:
    """The boards (`board_of`) after every legal turn of `numbers` for the mover `own` against
    `opp`, in the order `plays`'s search finds them ([] when the turn passes); None when it may
    bear off (then only the whole search, `Garanguet._terminals`, answers). The two-ply search's
    replies: some 150 turns a decision, which need neither steps nor positions."""
    need = sum(LAST_QUADRANT - point for point in own if point < LAST_QUADRANT)
    if need < sum(numbers):
        return None
    # the turns depend only on which points the mover's checkers can stop at are free
    throw, free, spots = _throw(numbers), _BOARD_BITS, 0
    for point in opp:
        if point < OFF:
            free &= ~(1 << OFF - point)
    for point in own:
        spots |= throw.spots << point
    key = (own, numbers, free & spots)
    found = _KEPT_BOARDS.get(key)
    if found is None:
        if len(_KEPT_BOARDS) >= BOARDS_KEPT:
            _KEPT_BOARDS.clear()
        found = _KEPT_BOARDS[key] = tuple(_chain_boards(own, opp, numbers)[1])
    return list(found)


#: the mover's points 1..24 (bits by point) before any is blocked
_BOARD_BITS = (1 << OFF) - 2


def _chain_boards(own, opp, numbers):
    """The numbers left (G-7) and the ends of a turn in which nothing is borne off, in the order
    found (`_chains`'s), as boards (`board_of`): (left, {board: None}), no board when nothing
    can be played.

    Each checker takes a chain of numbers, one per stop, every stop free; checkers on one point
    are alike, so a point takes a set of chains. Numbers are packed in ints (`_Throw`). A table
    of the numbers that can be left over from each point on keeps the search to the best ends.
    Ends met twice are mostly avoided: a chain that could be cut in two at a point where a
    checker stays (that checker taking the second part gives the same end) is allowed only if
    no checker stays there. A point's sets of chains depend only on the free points and the
    mover's points within the throw's reach, counted from it, so they are kept by those
    (`_point_sets`), and so is the table for the same sets (the two-ply search asks for the
    opponent's replies to a few plays that differ in a point or two, 56 throws each).
    """
    throw = _throw(numbers)
    guard = throw.guard
    counts = _on_the_board(own)
    free_bits = _BOARD_BITS
    for point in opp:
        if point < OFF:
            free_bits &= ~(1 << OFF - point)
    own_bits = sum(1 << point for point in counts)
    spots = throw.spots
    points = []   # (point, its sets of chains, what they can cost, those that move all)
    for point in sorted(counts):
        sets, costs, wholes = _point_sets(counts[point], throw, free_bits >> point & spots,
                                          own_bits >> point & spots)
        if sets:
            points.append((point, sets, costs, wholes))
    index = {point: i for i, (point, *_) in enumerate(points)}
    leaves, best = _leaves(throw, tuple(costs for _, _, costs, _ in points))
    best_bit, best_left = throw.bit[best], throw.left_of[best]
    if best == throw.full:
        return best_left, {}
    found_choices: dict = {}
    last = len(points)

    def choices(i, left):
        """The sets of chains that point k >= i can take from `left` (points i..k-1 keeping
        their checkers) and still leave exactly the best numbers, by point: [(k, every point
        but k's (bits), k's point, its shift in a board, [(numbers used, moves, change of the
        board, cut points (both counted from k's point), whether all move)], those of them in
        which all move)]."""
        if i == last:
            return []
        key = left << 5 | i
        found = found_choices.get(key)
        if found is None:
            after = leaves[i + 1]
            point, sets, costs, wholes = points[i]
            can = {used for used in costs
                   if (left - used) & guard == guard and after[left - used] & best_bit}
            found = choices(i + 1, left)
            if len(can) < len(costs):
                sets = [s for s in sets if s[0] in can]
                wholes = [s for s in wholes if s[0] in can]
            if can:
                found = [(i, ~(1 << point), point, 4 * point, sets, wholes)] + found
            found_choices[key] = found
        return found

    ends: dict = {}

    def place(i, left, cut, board):
        # `cut`: the points where no checker may stay (bits by point)
        must = index[(cut & -cut).bit_length() - 1] if cut else last
        for k, others, point, shift, sets, wholes in found_choices.get(left << 5 | i) or choices(i, left):
            if k > must:
                break
            kept = cut & others
            for used, _, change, cuts, _ in (sets if k < must else wholes):
                if left - used != best:
                    place(k + 1, left - used, kept | cuts << point, board + (change << shift))
                elif not kept | cuts << point:
                    ends.setdefault(board + (change << shift))

    place(0, throw.full, 0, board_of(own))
    return best_left, ends


class _Throw:
    """A throw's numbers packed for `_chains`: a multiset of them is an int with four bits per
    kind of number, a count under a guard bit, so that playing `used` from `left` is
    `left - used`, legal while every guard bit survives."""

    def __init__(self, numbers):
        self.numbers = numbers
        self.reach = sum(numbers)       # the furthest a checker can go
        #: where a checker can stop, counted from its point (bits): the sums of some numbers
        self.spots = sum({1 << sum(some) for size in range(len(numbers) + 1)
                          for some in combinations(numbers, size)})
        kinds = sorted(set(numbers))
        self.shift = {number: 4 * i for i, number in enumerate(kinds)}
        self.guard = sum(8 << bits for bits in self.shift.values())
        self.full = self.guard + self.pack(numbers)
        #: [(number, the number packed alone)]
        self.kinds = [(number, 1 << bits) for number, bits in self.shift.items()]
        subsets = {c for size in range(len(numbers) + 1) for c in combinations(numbers, size)}
        #: every multiset of numbers that can be left to play, best left over first (G-7)
        self.ranked = sorted((self.guard + self.pack(some) for some in subsets), reverse=True,
                             key=lambda left: GARANGUET._rank(numbers, self.unpack(left)))
        #: a bit for each of them
        self.bit = {left: 1 << i for i, left in enumerate(self.ranked)}
        #: each of them unpacked
        self.left_of = {left: self.unpack(left) for left in self.ranked}
        #: a multiset of numbers -> its cuts in two: [(first part, second part, sum of the first)]
        self.splits = {self.pack(some): [(self.pack(a), self.pack(some) - self.pack(a), sum(a))
                                         for a in {c for r in range(1, len(some)) for c in combinations(some, r)}]
                       for some in subsets if some}

    def pack(self, some) -> int:
        return sum(1 << self.shift[number] for number in some)

    def unpack(self, left: int) -> tuple[int, ...]:
        return tuple(n for n, bits in self.shift.items() for _ in range((left >> bits) & 7))


@lru_cache(maxsize=None)
def _throw(numbers) -> _Throw:
    return _Throw(numbers)


#: what `_point_sets`, `_chains_from`, `_leaves` and `contact_boards` found for the
#: last turns asked, keyed by
#: all they depend on; each emptied when full
_KEPT_SETS: dict = {}
_KEPT_CHAINS: dict = {}
_KEPT_LEAVES: dict = {}
_KEPT_BOARDS: dict = {}        # `contact_boards`'s answers: a decision asks some 200-600
KEPT = 20_000
BOARDS_KEPT = 4_000


def forget() -> None:
    """Drop what the turn search keeps (a benchmark times turns found from nothing)."""
    for kept in (_KEPT_SETS, _KEPT_CHAINS, _KEPT_LEAVES, _KEPT_BOARDS):
        kept.clear()


def _point_sets(count, throw: _Throw, free: int, own: int):
    """The sets of chains the `count` checkers on a point can take (`_chain_sets`), what each
    can cost, and those of them that move every checker, all counted from the point: they depend only on which of the points a
    checker can stop at (`_Throw.spots`) are free (`free`, bits) and hold the mover's own
    checkers (`own`): its chains stop there, and a chain could be cut in two only there (the
    second part's stops are the whole chain's)."""
    key = (count, throw.numbers, free, own)
    found = _KEPT_SETS.get(key)
    if found is None:
        chains = {q: _chains_from(throw, free >> q) for q in range(throw.reach + 1) if own >> q & 1}
        listed = [(used, moves, destination, _cuts(throw.splits[used], chains))
                  for used, (moves, destination) in chains[0].items()]
        sets = _chain_sets(listed, count, throw.full, throw.guard)
        if len(_KEPT_SETS) >= KEPT:
            _KEPT_SETS.clear()
        found = _KEPT_SETS[key] = (sets, tuple({chain_set[0] for chain_set in sets}),
                                   [chain_set for chain_set in sets if chain_set[4]])
    return found


def _chains_from(throw: _Throw, free: int) -> dict[int, tuple]:
    """Every chain one checker can take: {numbers used: (moves, destination)}, one order of the
    numbers for each, every stop free (`free`: bits, counted from the checker's point, as the
    moves and the destination are)."""
    key = (throw.numbers, free)
    found = _KEPT_CHAINS.get(key)
    if found is not None:
        return found
    found = {}
    stack = [(0, 0, ())]
    within = throw.splits          # the throw's multisets of numbers
    while stack:
        used, at, moves = stack.pop()
        for number, one in throw.kinds:
            more, to = used + one, at + number
            if free >> to & 1 and more not in found and more in within:
                found[more] = (moves + ((at, to),), to)
                stack.append((more, to, found[more][0]))
    if len(_KEPT_CHAINS) >= KEPT:
        _KEPT_CHAINS.clear()
    _KEPT_CHAINS[key] = found
    return found


def _cuts(splits, chains) -> int:
    """The points (bits, counted from the chain's point) where a chain could be cut in two:
    the first part played from the point, the second by a checker standing where the first
    part ends."""
    cuts = 0
    for first, second, distance in splits:
        if first in chains[0] and second in chains.get(distance, ()):
            cuts |= 1 << distance
    return cuts


def _chain_sets(chains, count, full, guard):
    """Every non-empty set of at most `count` chains from a point that the throw's numbers can
    pay for: [(numbers used, moves, change of the board (`board_of`), cut points, whether every
    checker on the point moves)], counted from the point."""
    sets = []

    def extend(first, left, moves, change, moved, cuts):
        for k in range(first, len(chains)):
            used, path, destination, more_cuts = chains[k]
            rest = left - used
            if rest & guard == guard:
                more = change + (1 << 4 * destination) - 1
                sets.append((full - rest, moves + path, more, cuts | more_cuts, moved + 1 == count))
                if moved + 1 < count:
                    extend(k, rest, moves + path, more, moved + 1, cuts | more_cuts)

    extend(0, full, (), 0, 0, 0)
    return sets


def _leaves(throw: _Throw, costs: tuple):
    """leaves[i][left]: which numbers can be left over (bits by `throw.bit`) when the points
    i.. (what each can cost: `costs`) take chains from `left`; and the best left over of all."""
    key = (throw.numbers, costs)
    found = _KEPT_LEAVES.get(key)
    if found is None:
        guard = throw.guard
        leaves = [throw.bit]
        for point_costs in reversed(costs):
            after = leaves[-1]
            here = {}
            for left in throw.ranked:
                bits = after[left]
                for used in point_costs:
                    if (left - used) & guard == guard:
                        bits |= after[left - used]
                here[left] = bits
            leaves.append(here)
        leaves.reverse()
        best = next(left for left in throw.ranked if leaves[0][throw.full] & throw.bit[left])
        if len(_KEPT_LEAVES) >= KEPT:
            _KEPT_LEAVES.clear()
        found = _KEPT_LEAVES[key] = (leaves, best)
    return found


def _steps_chains_from(point, throw: _Throw, free) -> dict[int, tuple]:
    """Every chain one checker on `point` can take: {numbers used: (steps, destination)},
    one order of the numbers for each (every stop free and on the board)."""
    found: dict[int, tuple] = {}
    stack = [(0, point, ())]
    within = throw.splits          # the throw's multisets of numbers
    while stack:
        used, at, steps = stack.pop()
        for number, one in throw.kinds:
            more, to = used + one, at + number
            if to < OFF and free[to] and more not in found and more in within:
                found[more] = (steps + (_STEPS[at, to],), to)
                stack.append((more, to, found[more][0]))
    return found


def _steps_cuts(point, splits, chains) -> int:
    """The points (bits) where a chain from `point` could be cut in two: the first part
    played from `point`, the second by a checker standing where the first part ends."""
    cuts = 0
    for first, second, distance in splits:
        if first in chains[point] and second in chains.get(point + distance, ()):
            cuts |= 1 << point + distance
    return cuts


def _steps_chain_sets(point, chains, count, full, guard):
    """Every non-empty set of at most `count` chains from `point` that the throw's numbers can
    pay for: [(numbers used, steps, origins, destinations, cut points, whether every checker
    on the point moves)]."""
    sets = []

    def extend(first, left, steps, destinations, cuts):
        for k in range(first, len(chains)):
            used, path, destination, more_cuts = chains[k]
            rest = left - used
            if rest & guard == guard:
                more = destinations + (destination,)
                sets.append((full - rest, steps + path, (point,) * len(more), more,
                             cuts | more_cuts, len(more) == count))
                if len(more) < count:
                    extend(k, rest, steps + path, more, cuts | more_cuts)

    extend(0, full, (), (), 0)
    return sets


def _moved(own: tuple[int, ...], origin: int, destination: int) -> tuple[int, ...]:
    """`own` with one checker moved from `origin` to `destination`, still ascending."""
    i = own.index(origin)
    rest = own[:i] + own[i + 1:]
    j = bisect_right(rest, destination)
    return rest[:j] + (destination,) + rest[j:]


class GaranguetNotation(PositionNotation):
    """Fifteen checkers a side on 1..24 or off, a run of one point counted ("1*15/1*15/W"), and
    no point held by both sides (G-3)."""

    checkers = 15
    point_words = (N_("White: {token} is not a point (1..24, or off)"),
                   N_("Black: {token} is not a point (1..24, or off)"))
    order_words = (N_("White: checkers are written in ascending order (off last)"),
                   N_("Black: checkers are written in ascending order (off last)"))

    def check(self, position, text):
        written = dict(zip((Side.WHITE, Side.BLACK), text.split("/")))
        for side in Side:
            past_24 = any((read_number(token.partition("*")[0].strip()) or 0) >= OFF
                          for token in written[side].split(","))    # "25" is not "off"
            if past_24 or any(not 1 <= x <= OFF for x in position.checkers(side)):
                raise side_error(side, (N_("{text}: White's checkers are on 1..24 or off"),
                                        N_("{text}: Black's checkers are on 1..24 or off")), text=repr(text))
        black_points = {x for x in position.black if x < OFF}
        if any(OFF - x in black_points for x in position.white if x < OFF):
            raise NotationError.of(N_("{text}: a point holds checkers of both sides (G-3)"),
                                   text=repr(text))

    def write_side(self, locations):
        return write_runs(locations)


# --- a turn in words (game/rules/telling.py): one clause each, in the third person or the second


def _journey(second: bool, n: int, origin, point) -> Said:
    """n checkers taken from one point to another."""
    count = count_word(n)
    if second:
        return n_("move a checker from {origin} to {point}",
                  "move {count} checkers from {origin} to {point}", n,
                  count=count, origin=origin, point=point)
    return n_("moves a checker from {origin} to {point}",
              "moves {count} checkers from {origin} to {point}", n,
              count=count, origin=origin, point=point)


def _bear_off(second: bool, n: int, origin) -> Said:
    """n checkers borne off from one point (G-9)."""
    count = count_word(n)
    if second:
        return n_("bear off a checker from {origin}", "bear off {count} checkers from {origin}", n,
                  count=count, origin=origin)
    return n_("bears off a checker from {origin}", "bears off {count} checkers from {origin}", n,
              count=count, origin=origin)


def _more(n: int, origin, point=None) -> Said:
    """The same kind of move again, without its verb: "one from a to k", "two from t"."""
    count = count_word(n)
    if point is None:
        return n_("one from {origin}", "{count} from {origin}", n, count=count, origin=origin)
    return n_("one from {origin} to {point}", "{count} from {origin} to {point}", n,
              count=count, origin=origin, point=point)


class GaranguetTelling(Telling):
    """A clause for each journey, listed: a checker's steps run together (its stops said "via"),
    the same journey made by several checkers counted; a journey like the one before it is said
    without its verb ("moves a checker from a to b and one from a to k")."""

    def actions(self, rules, side, you, steps):
        second = side is you
        chains: list[list[int]] = []
        for step in steps:
            for chain in reversed(chains):
                if chain[-1] == step.origin and step.origin != OFF:
                    chain.append(step.destination)
                    break
            else:
                chains.append([step.origin, step.destination])
        journeys: dict[tuple[int, ...], int] = {}
        for chain in chains:
            journeys[tuple(chain)] = journeys.get(tuple(chain), 0) + 1
        clauses = []
        kind = None
        for points, n in journeys.items():
            origin = point(rules, side, points[0])
            if points[-1] == OFF:
                words = _more(n, origin) if kind == OFF else _bear_off(second, n, origin)
                kind = OFF
            else:
                to = point(rules, side, points[-1])
                words = _more(n, origin, to) if kind == "move" else _journey(second, n, origin, to)
                kind = "move"
            stops = [point(rules, side, p) for p in points[1:-1]]
            if stops:
                words = _("{words} via {stops}", words=words, stops=join(stops))
            clauses.append(words)
        return join(clauses)


GARANGUET = Garanguet()
#: How Garanguet writes its positions and says its turns (the registry, game/rules/__init__.py,
#: gives them to the notation and to the RuleSet).
NOTATION = GaranguetNotation()
TELLING = GaranguetTelling()
