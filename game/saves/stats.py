"""Statistics from the record of finished games: counts, shares, and winning streaks.

Pure (no pygame, no files): the statistics screen and the tests read the same figures from the
records that `Storage.records()` returns, oldest first. "Won" means won by the person at the
screen against the computer; games between two people are counted apart, games against a
friend online apart too (won: by this game's side), and demonstrations (autoplay: the computer
on both sides, or on this side of an online match) are nobody's, as are the games watched in
someone else's room (`watched`: `main.py --autoplay --online URL --watch CODE`).
"""
from dataclasses import dataclass, field
from datetime import date, timedelta

from game.rules import RULE_SETS

TWO_PLAYERS = "two players"


@dataclass
class Tally:
    """Games and matches played and won."""

    games_played: int = 0
    games_won: int = 0
    matches_played: int = 0
    matches_won: int = 0

    def add(self, kind: str, won: bool) -> None:
        if kind == "game":
            self.games_played += 1
            self.games_won += won
        else:
            self.matches_played += 1
            self.matches_won += won

    def games_share(self) -> str:
        return percent(self.games_won, self.games_played)

    def matches_share(self) -> str:
        return percent(self.matches_won, self.matches_played)


@dataclass
class Streak:
    """Wins in a row: the longest ever, and the run still going at the last record."""

    best: int = 0
    current: int = 0

    def add(self, won: bool) -> None:
        self.current = self.current + 1 if won else 0
        self.best = max(self.best, self.current)


@dataclass
class Statistics:
    total: Tally = field(default_factory=Tally)                 # against the computer
    by_level: list = field(default_factory=list)               # [(level, Tally)]
    by_rules: list = field(default_factory=list)               # [(rules name, Tally)]
    two_players: Tally = field(default_factory=Tally)          # people at one screen
    online: Tally = field(default_factory=Tally)               # against a friend online
    game_streak: Streak = field(default_factory=Streak)
    match_streak: Streak = field(default_factory=Streak)
    unreadable: int = 0
    abandoned: int = 0                                          # matches left unfinished (not counted)


def percent(won: int, played: int) -> str:
    """A whole-number share ("67%"), rounded half up; a dash when nothing was played."""
    if played <= 0:
        return "–"
    return f"{(200 * won + played) // (2 * played)}%"


def human_won(record: dict) -> bool:
    side = record.get("human_side")
    return side in ("W", "B") and record.get("winner") == side


def counted(record: dict) -> bool:
    """A record of this game's own play: not a demonstration, not a match watched."""
    return record.get("autoplay") is not True and record.get("watched") is not True


def compute(records, levels=(), unreadable: int = 0) -> Statistics:
    """The statistics of `records` (oldest first). By level in the order `levels` gives (the
    computer's, weakest first), then any other level found; by rule set in the registry's
    order (every rule set, played or not), then any other name found."""
    stats = Statistics(unreadable=unreadable)
    by_level = {name: Tally() for name in levels}
    by_rules = {name: Tally() for name in RULE_SETS}
    played_levels = set()
    for record in records:
        kind = record.get("kind")
        if kind == "abandoned" and counted(record):
            stats.abandoned += 1
        if kind not in ("game", "match") or not counted(record):
            continue
        if record.get("opponent") == "human":
            stats.two_players.add(kind, False)
            continue
        if record.get("opponent") == "online":
            stats.online.add(kind, human_won(record))
            continue
        won = human_won(record)
        level = str(record.get("level", "unknown"))
        played_levels.add(level)
        for tally in (stats.total, by_level.setdefault(level, Tally()),
                      by_rules.setdefault(str(record.get("rules", "unknown")), Tally())):
            tally.add(kind, won)
        (stats.game_streak if kind == "game" else stats.match_streak).add(won)
    stats.by_level = [(name, t) for name, t in by_level.items() if name in played_levels]
    stats.by_rules = list(by_rules.items())
    return stats


# --- by game and level, and progress over time (issue 40) ---------------------------------------

def game_of(rules_name: str) -> str:
    """The game (RuleSet.game: "tourne-case", "garanguet") a rule set belongs to; an unknown
    name stands for itself."""
    found = RULE_SETS.get(rules_name)
    return found.game if found is not None else rules_name


def by_game_and_level(records, levels=()) -> list:
    """[((game, level), Tally)] against the computer, never a demonstration or a watched match:
    by game in the registry's order, and within it by level in `levels`' order, then any other."""
    games = list(dict.fromkeys(s.game for s in RULE_SETS.values()))
    order = {name: i for i, name in enumerate(levels)}
    found: dict = {}
    for record in records:
        kind = record.get("kind")
        if kind not in ("game", "match") or not counted(record) or record.get("opponent") in (
                "human", "online"):
            continue
        key = (game_of(str(record.get("rules", "unknown"))), str(record.get("level", "unknown")))
        found.setdefault(key, Tally()).add(kind, human_won(record))
    return sorted(found.items(), key=lambda item: (
        games.index(item[0][0]) if item[0][0] in games else len(games), item[0][0],
        order.get(item[0][1], len(order)), item[0][1]))


@dataclass
class Period:
    """One week or month of one game and level: matches won and lost, and the chance lost per
    move in the matches reviewed then (None when none was)."""

    start: str                 # the first day, "YYYY-MM-DD"
    won: int = 0
    lost: int = 0
    moves: int = 0             # the person's moves with a choice, in the matches reviewed
    chance_lost: float = 0.0   # what they lost in all

    @property
    def average_loss(self) -> float | None:
        return self.chance_lost / self.moves if self.moves else None


def day_of(record: dict) -> str | None:
    """The day a record was written ("at": an ISO date and time, UTC), or None (records older
    than the date's field, or a damaged one)."""
    at = record.get("at")
    if not isinstance(at, str) or len(at) < 10:
        return None
    try:
        date.fromisoformat(at[:10])
    except ValueError:
        return None
    return at[:10]


def period_start(day: str, by: str) -> str:
    """The first day of the week (a Monday) or month holding `day`."""
    d = date.fromisoformat(day)
    if by == "week":
        return (d - timedelta(days=d.weekday())).isoformat()
    return d.replace(day=1).isoformat()


def progress(records, reviews, game: str, level: str, by: str | None = None) -> tuple[str, list]:
    """("week" | "month", [Period]) for one game and level, oldest first: the finished matches
    against the computer (never a demonstration or a watched one) and the reviews
    (game/saves/reviews.py; the last review of a match counts). By week when everything dated
    falls within twelve weeks, else by month, unless `by` says."""
    def ours(r) -> bool:
        return (counted(r) and r.get("opponent") not in ("human", "online")
                and game_of(str(r.get("rules", ""))) == game and str(r.get("level")) == level
                and day_of(r) is not None)
    matches = [r for r in records if r.get("kind") == "match" and ours(r)]
    latest = {}
    for review in reviews:                       # oldest first: a match reviewed again counts once
        if ours(review):
            latest[review.get("match") or id(review)] = review
    days = sorted(day_of(r) for r in [*matches, *latest.values()])
    if not days:
        return by or "month", []
    if by is None:
        span = date.fromisoformat(days[-1]) - date.fromisoformat(days[0])
        by = "week" if span.days < 12 * 7 else "month"
    periods: dict[str, Period] = {}
    for r in matches:
        p = periods.setdefault(period_start(day_of(r), by), Period(period_start(day_of(r), by)))
        if human_won(r):
            p.won += 1
        else:
            p.lost += 1
    for r in latest.values():
        moves, lost = r.get("moves"), r.get("lost")
        if not isinstance(moves, int) or not isinstance(lost, (int, float)) or moves <= 0 or lost < 0:
            continue
        p = periods.setdefault(period_start(day_of(r), by), Period(period_start(day_of(r), by)))
        p.moves += moves
        p.chance_lost += float(lost)
    return by, [periods[k] for k in sorted(periods)]
