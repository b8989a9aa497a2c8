"""The review's sentences (game/scenes/learn/review.py): what its chances are of, and its errors
counted in one line. A part of ReviewScene, which reads them; kept apart so that the scene stays
short."""
from __future__ import annotations

from game.base.i18n import _, n_, verbatim
from game.computer.review import Rated, chances_of, exact
from game.rules import Side
from game.scenes.learn.review_board import dice_text, percent


class ReviewWords:
    """ReviewScene's sentences: what the chances are of, and the summary over the list."""

    def of_words(self) -> str:
        """What the chances are of, said now (as the hints panel says it)."""
        match = chances_of(self.rules_name, (self.length, 0, 0)) == "match"
        if not exact(self.rules_name) and self.both:      # not solved: the master's reckoning
            return (_("Chances of the side that moved to win the match to {n}, at each game's "
                      "score, as the master reckons them", n=self.length) if match
                    else _("Chances of the side that moved to win the game, as the master "
                           "reckons them"))
        if not exact(self.rules_name):
            return (_("Chances of winning the match to {n}, at each game's score, as the master "
                      "reckons them", n=self.length) if match
                    else _("Chances of winning the game, as the master reckons them"))
        if self.both and match:
            return _("Chances of the side that moved to win the match to {n}, at each game's "
                     "score, from the exact solution", n=self.length)
        if self.both:
            return _("Chances of the side that moved to win the game, from the exact solution")
        if match:
            return _("Chances of winning the match to {n}, at each game's score, from the exact "
                     "solution", n=self.length)
        return _("Chances of winning the game, from the exact solution")

    def progress(self) -> str:
        """The line over the list while the moves are weighed: how far, and what the list holds."""
        done, count = self.weighing.progress()
        if self.both:
            return _("Weighing the moves: {done} of {count}; the errors so far, in the order played",
                     done=done, count=count)
        return _("Weighing your moves: {done} of {count}; the errors so far, in the order played",
                 done=done, count=count)

    def summary(self) -> str:
        rated = self.rated or []
        if self.problem is not None:
            return _("The moves could not be weighed: {problem}", problem=verbatim(str(self.problem)))
        if self.both:
            return self.summary_of_both(rated)
        if not rated:
            return _("None of your moves had a choice: there is nothing to weigh.")
        if not self.errors:
            return n_("Your one move with a choice was the best one.",
                      "Each of your {count} moves with a choice was the best one.", len(rated),
                      count=len(rated))
        return n_("{count} error among your {moves} moves with a choice; it lost {lost}",
                  "{count} errors among your {moves} moves with a choice; the biggest lost {lost}",
                  len(self.errors), count=len(self.errors), moves=len(rated),
                  lost=percent(self.errors[0].loss))

    def summary_of_both(self, rated: list[Rated]) -> str:
        """The summary when both sides' moves are weighed: each side's errors counted."""
        if not rated:
            return _("No move had a choice: there is nothing to weigh.")
        if not self.errors:
            return n_("The one move with a choice was the best one.",
                      "Each of the {count} moves with a choice was the best one.", len(rated),
                      count=len(rated))
        white = sum(1 for r in self.errors if r.side is Side.WHITE)
        return n_("{count} error among {moves} moves with a choice (White {white}, Black "
                  "{black}); it lost {lost}",
                  "{count} errors among {moves} moves with a choice (White {white}, Black "
                  "{black}); the biggest lost {lost}",
                  len(self.errors), count=len(self.errors), moves=len(rated), white=white,
                  black=len(self.errors) - white, lost=percent(self.errors[0].loss))

    def cells(self, rated: Rated) -> dict:
        return {"game": verbatim(str(rated.game)), "move": verbatim(str(rated.turn)),
                "dice": dice_text(rated.dice), "played": self.said(rated, rated.played),
                "best": self.said(rated, rated.best), "lost": percent(rated.loss)}

    def said(self, rated: Rated, move) -> str:
        """A move as the board names its points (the rules say how: numbers or letters)."""
        return verbatim(self.rules.say_move(rated.side, move))

    def chances_are_of_match(self) -> bool:
        return chances_of(self.rules_name, (self.length, 0, 0)) == "match"
