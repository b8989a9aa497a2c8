"""What the priority throw and the table add for a match with a friend on another computer.

Each frame the link is polled (game/online/link.py): a dropped connection, the friend away,
stay said on a ribbon over the board until they mend; their mending is said briefly; the
friend's resignation, or a forfeit (the other side cheated), ends the match with the reason
said. While a throw waits for the other game's commitment, the dice wait visibly. Without a
link (every other match) all of this is silent.
"""
import pygame

from game.base.i18n import N_, Words, _, verbatim
from game.online.events import Forfeit, FriendResigned
from game.scenes.online import dots, draw_waiting
from game.base.i18n import shown
from game.view import widgets as ui
from game.view.layout import px

MENDED_HOLD = 2.0        # "Connected again", "Your friend is back" stay this long


def ending(event):
    """The words that end the match early, for the friend's resignation or a forfeit; else None."""
    if isinstance(event, FriendResigned):
        return Words(N_("Your friend gave up the match: you win it."))
    return event.words if isinstance(event, Forfeit) else None


def end_early(app, words) -> None:
    """The match is over before its score says so (the keeper has recorded it): back to the
    title, where the reason is said."""
    app.messages.append(shown(words))
    app.to_title()


class OnlinePlay:
    """Mixed into PacedScene subclasses (their `app`, `session`, `view`, `hud`, `_banner`)."""

    link = None
    troubles: dict = {}       # what is wrong now, by kind ("connection", "friend"): Words

    def online_setup(self) -> None:
        self.link = self.app.match.online if self.session.options.opponent == "online" else None
        self.troubles = {}
        self.ended = None

    def dealt(self) -> dict:
        """The flows' dealer argument: the link's, which hands them the throws both games drew."""
        return {"dealer": self.link.dealer} if self.link is not None else {}

    @property
    def dice_wait(self) -> bool:
        """A throw waits for the other game's commitment or secret."""
        return self.link is not None and bool(self.link.waiting)

    def poll_link(self) -> None:
        if self.link is None or self.ended:
            return
        for event in self.link.poll():
            handler = getattr(self, "_link_" + type(event).__name__, None)
            if handler is not None:
                handler(event)
            elif getattr(event, "words", None) is not None:
                self._banner(event.words, "note", MENDED_HOLD * 2)

    def _link_ConnectionLost(self, event) -> None:
        self.troubles["connection"] = event.words

    # The relay gone for good, or refusing the seat (taking a saved match up again): said until
    # the player leaves; the match stays saved for another try.
    _link_Unreachable = _link_Refused = _link_ConnectionLost

    def _link_Reconnected(self, event) -> None:
        if self.troubles.pop("connection", None) is not None:
            self._banner(Words(N_("Connected again")), "note", MENDED_HOLD)

    def _link_FriendAway(self, event) -> None:
        self.troubles["friend"] = Words(N_("Your friend's game has left: wait here for them, or "
                                           "Esc - Save and leave keeps the match for later"))

    def _link_FriendBack(self, event) -> None:
        if self.troubles.pop("friend", None) is not None:
            self._banner(Words(N_("Your friend is back")), "note", MENDED_HOLD)

    def _link_FriendResigned(self, event) -> None:
        self.match_ended(ending(event))

    _link_Forfeit = _link_FriendResigned

    def match_ended(self, words) -> None:
        self.ended = words
        self.troubles = {}
        end_early(self.app, words)

    def draw_online(self, surface) -> None:
        """The ribbon of what is wrong, over the top of the board; the dice waiting."""
        if self.link is None:
            return
        scale = self.hud.scale
        board = self.view.board_rect()
        if self.dice_wait and not self.troubles:
            words = _("The dice wait for your friend's game{dots}", dots=verbatim(dots(self.clock)))
            draw_waiting(surface, (board.centerx, board.centery), words, self.clock, scale,
                         board.w, plate=True)
        if not self.troubles:
            return
        lines = [shown(words) for words in self.troubles.values()]
        size = 22 * scale
        step = ui.font(size).get_linesize()
        top = board.y + round(board.h * 0.065)          # below the rail's point numbers
        ribbon = pygame.Rect(board.x, top, board.w, step * len(lines) + px(14, scale))
        plate = pygame.Surface(ribbon.size, pygame.SRCALPHA)
        plate.fill((*ui.WALNUT_DEEP, 225))
        surface.blit(plate, ribbon)
        pulse = 0.75 + 0.25 * abs(((self.clock * 1.2) % 2) - 1)
        colour = tuple(round(c * pulse) for c in ui.GOLD_PALE)
        y = ribbon.y + px(7, scale)
        for line in lines:
            ui.blit_fitted(surface, line, size, pygame.Rect(ribbon.x, y, ribbon.w, step), colour,
                           margin=px(16, scale))
            y += step
