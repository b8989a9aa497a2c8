"""Statistics from the record of finished games: counts, shares, and winning streaks.

Pure (no pygame, no files): the statistics screen and the tests read the same figures from the
records that `Storage.records()` returns, oldest first. "Won" means won by the person at the
screen against the computer; games between two people are counted apart, games against a
friend online apart too (won: by this game's side), and demonstrations (autoplay: the computer
on both sides, or on this side of an online match) are nobody's, as are the games watched in
someone else's room (`watched`: `main.py --autoplay --online URL --watch CODE`).
"""
from dataclasses import dataclass, field

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
