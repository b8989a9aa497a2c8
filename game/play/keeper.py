"""The match keeper: the one owner of the match being played, its saving and its records.

Scenes and the play flow reach the session through it and never replace it themselves; it
saves after every throw and move (the flow calls `save`), records each finished game once, and
clears the save when the match is won or abandoned. It is the one writer of match.json: in an
online match it saves the link's state with the session (the session's `online`, a copy) and
then lets the link send what waited for that save (docs/online.md: a secret and its commitment
are saved before they are sent). No pygame: the app gives it the storage and a way to tell the
player when the disk refuses.
"""
from __future__ import annotations

import random
from datetime import datetime, timezone
from typing import Callable

from game.base.i18n import _
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.saves.storage import said


class MatchKeeper:
    def __init__(self, storage, notify: Callable[[str], None], rng: random.Random):
        self.storage = storage
        self.notify = notify
        self.rng = rng
        self.session: Session | None = None
        self.online = None             # the link of an online match (game/online/link.py)
        self._recorded_games = 0

    def adopt(self, session: Session | None, recorded: int = 0) -> None:
        """Hold this session from now on (a loaded save, or a match set up by a test or a tool);
        `recorded`: how many of its finished games are already in the records. A link held
        belongs to the session before: `resume_online` attaches one to this session."""
        self.session = session
        self.online = None
        self._recorded_games = recorded

    def load(self) -> list[str]:
        """Take up the saved match, if any; the problems found on the way, in words. The
        session is the one storage built while checking the save: the match is replayed once."""
        session, problems = self.storage.resume_match()
        self.adopt(session, len(session.match.games) if session else 0)
        return problems

    def start(self, options: MatchOptions) -> None:
        """A new match with these options, seeded from the keeper's generator, saved at once.
        A match still under way is replaced, never lost: it goes into the records first."""
        self.record_replaced()
        self.adopt(Session.new(options, seed=self.rng.getrandbits(64)))
        self.save()

    def start_online(self, link) -> None:
        """An online match begins (the host's friend joined, or the guest accepted): a new
        session with the link's options, the link attached to it and held here, saved at once."""
        self.record_replaced()
        self.adopt(Session.new(link.options, seed=self.rng.getrandbits(64)))
        self.resume_online(link)

    def resume_online(self, link) -> None:
        """Hold `link` for the session held now (a saved online match taken up again)."""
        self.online = link
        link.attach(self.session, self.end_online)
        self.save()

    def end_online(self, winner, how: str) -> None:
        """An online match ended before its score did: the other side resigned or forfeited
        ("resigned", "forfeit: <reason>"), or this side resigned. Its finished games and a
        match won by `winner` go into the records; the save is cleared."""
        s = self.session
        if s is None or s.phase is Phase.MATCH_OVER:
            return
        self.record_finished_games()
        self._add_record({"kind": "match", "winner": str(winner), "ended": how,
                          "score": s.match.score_by_name()})
        s.phase = Phase.MATCH_OVER
        self.storage.clear_match()

    def record_replaced(self) -> None:
        """The match under way is given up for another: its finished games and a record of
        kind "abandoned" with its score, which statistics never count as a finished match."""
        if not self.can_continue():
            return
        s = self.session
        self.record_finished_games()
        self._add_record({"kind": "abandoned", "games": len(s.match.games),
                          "score": s.match.score_by_name()})

    def rematch(self) -> bool:
        """The same options again, a new seed; False unless the match is over (and never for
        an online match: a new one needs a new room)."""
        if self.session is None or self.session.phase is not Phase.MATCH_OVER:
            return False      # a second press of the button, or key repeat: already under way
        if self.session.options.opponent == "online":
            return False
        self.start(self.session.options)
        return True

    def can_continue(self) -> bool:
        return self.session is not None and self.session.phase is not Phase.MATCH_OVER

    def save(self) -> None:
        """Save the session as it is now (after every throw and every move), with the link's
        state in an online match; then the link sends what waited for the save."""
        s, link = self.session, self.online
        if s is not None and s.phase is not Phase.MATCH_OVER:
            if link is not None:
                s.online = link.kept()
            trouble = self.storage.save_match(s.to_dict(copy=False))      # written at once
            if trouble:
                self.notify(_("The match could not be saved: {problem}.", problem=said(trouble)))
        if link is not None:
            link.saved()

    def next_game(self) -> bool:
        """After a game: the next game's priority throw; False if not at a game's end."""
        if self.session is None or self.session.phase is not Phase.GAME_OVER:
            return False
        self.session.next_game()
        self.save()
        return True

    def record_finished_games(self) -> None:
        """Add every finished game not yet in the records (idempotent)."""
        s = self.session
        if s is None:
            return
        for record in s.match.games[self._recorded_games:]:
            self._add_record({"kind": "game", "winner": record["outcome"]["winner"],
                              "points": record["outcome"]["points"], "first": record["first"],
                              "turns": record["turns"]})
        self._recorded_games = len(s.match.games)

    def finish(self) -> None:
        """The match is won: record it and clear the save, so Continue offers nothing."""
        s = self.session
        if s is None or s.match.winner is None:
            return
        self.record_finished_games()
        if s.phase is Phase.GAME_OVER:
            s.next_game()
            self._add_record({"kind": "match", "winner": str(s.match.winner),
                              "score": s.match.score_by_name()})
        self.storage.clear_match()

    def abandon(self) -> None:
        if self.online is not None:
            self.online.close()
            self.online = None
        self.adopt(None)
        self.storage.clear_match()

    def _add_record(self, record: dict) -> None:
        """One record, with the match's options, when it was made ("at", UTC: the statistics'
        progress by week or month) and, online, the sides' names where given ("names": {"W":
        ..., "B": ...}); records from before have neither, and read as before."""
        o = self.session.options
        names = self.online.names() if self.online is not None and hasattr(self.online, "names") else {}
        if any(names.values()):
            record = {**record, "names": names}
        trouble = self.storage.add_record({
            **record, "at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "rules": o.rules, "length": o.length, "opponent": o.opponent,
            "level": o.level, "human_side": str(o.human_side), "autoplay": o.autoplay})
        if trouble:
            self.notify(_("The record could not be written: {problem}.", problem=said(trouble)))
