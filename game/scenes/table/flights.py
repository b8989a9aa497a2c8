"""A step seen on the board: the checker's glide (or its settling where it was dropped), and the
arc of a checker it hits. The table's and the watch screen's."""
from game.scenes.table.draw import HIT_RED, TRAIL
from game.view.animation import Flight, Ripple

MOVE_BASE, MOVE_PER_POINT = 0.2, 0.06     # seconds: a step's glide, and each point it passes
HIT_FLIGHT = 0.6                          # seconds: a hit checker's arc off the board


def step_flights(view, before, after, step, pace: float, dropped_at=None) -> list[Flight]:
    """One step on the board (the table's and the watch screen's): the checker glides along the
    points (or settles from where it was dropped); a checker it hits is knocked off with an arc
    once it arrives. `pace`: the animation speed's factor."""
    side = before.to_move
    landing = (side, step.destination, after.checkers(side).count(step.destination) - 1)
    end = view.checker_centre(*landing)
    if dropped_at is not None:
        path = [dropped_at, end]
        duration = 0.12 * pace
    else:
        start = view.checker_centre(side, step.origin, before.checkers(side).count(step.origin) - 1)
        path = view.path(side, step.origin, step.destination, start, end)
        distance = step.destination - max(step.origin, 0)
        duration = (MOVE_BASE + MOVE_PER_POINT * distance) * pace
    flights = [Flight(side, path, duration, slot=landing, sound="hit" if step.hit else "checker")]
    if step.hit:
        other = side.other
        new_loc = arrived(before.checkers(other), after.checkers(other))
        slot = (other, new_loc, after.checkers(other).count(new_loc) - 1)
        start = view.checker_centre(other, step.destination, 0)
        flights.append(Flight(other, [start, view.checker_centre(*slot)], HIT_FLIGHT * pace,
                              delay=duration, arc=90, slot=slot, sound="checker"))
    return flights


def arrived(before: tuple, after: tuple) -> int:
    """The location a side gained between two positions (where its hit checker went)."""
    rest = list(before)
    for loc in after:
        if loc in rest:
            rest.remove(loc)
        else:
            return loc
    return 0


def fly(flights: list, dt: float, pace: float):
    """The checkers on their way move on by `dt`; for each that lands, (its sound, the ripples
    it makes: where it lands and, for a hit, where the hit checker is struck)."""
    for flight in flights:
        if flight.update(dt):
            ripples = []
            if pace:
                ripples.append(Ripple(*flight.path[-1], TRAIL))
                if flight.sound == "hit":   # the knock, where the hit checker is struck
                    ripples += [Ripple(*f.path[0], HIT_RED, 0.5, 1.0) for f in flights if f.delay]
            yield flight.sound, ripples
