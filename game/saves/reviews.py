"""What each match review found, kept for the statistics' progress chart (issue 40): one JSON
line per review in `reviews.jsonl` beside the record of games, appended and never rewritten.

A line: {"at", "match", "rules", "level", "opponent", "length", "moves", "lost"}: when (UTC),
which match (a digest of its games, so that a match reviewed twice counts once), what was
played, the person's moves with a choice and the chance they lost in all. A line that is not
one is skipped; the file never stops the game (a write that fails is said, not raised).
"""
from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path

REVIEWS_FILE = "reviews.jsonl"
MAX_LINE = 4096


def match_key(games: list[dict]) -> str:
    """A short digest of a match's games: the same match, the same key."""
    text = json.dumps([[g.get("first"), g.get("turns")] for g in games], separators=(",", ":"),
                      default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_review(folder: Path, line: dict) -> str | None:
    """Append one review's line (with "at" now, unless given); an English sentence on failure."""
    text = json.dumps({"at": now(), **line}, allow_nan=False, separators=(",", ":")) + "\n"
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        with open(Path(folder) / REVIEWS_FILE, "a", encoding="utf-8") as f:
            f.write(text)
    except (OSError, ValueError) as error:
        return f"could not add to {REVIEWS_FILE} ({error})"
    return None


def read_reviews(folder: Path) -> list[dict]:
    """The readable lines, oldest first; a missing or unreadable file holds none."""
    found = []
    try:
        with open(Path(folder) / REVIEWS_FILE, "rb") as f:
            while raw := f.readline(MAX_LINE):
                try:
                    line = json.loads(raw)
                except (ValueError, RecursionError):
                    continue
                if isinstance(line, dict):
                    found.append(line)
    except OSError:
        return found
    return found


def review_line(rated, games: list[dict], options) -> dict:
    """The line for one review: the person's weighed moves (`rated`) and what they lost."""
    return {"match": match_key(games), "rules": options.rules, "level": options.level,
            "opponent": options.opponent, "length": options.length, "moves": len(rated),
            "lost": round(sum(r.loss for r in rated), 6),
            **({"autoplay": True} if getattr(options, "autoplay", False) else {})}

