"""What the priority throw and the table add for a match with a friend on another computer.

Each frame the link is polled (game/online/link.py): a dropped connection, the friend away,
stay said on a ribbon over the board until they mend; their mending is said briefly; the
friend's resignation, or a forfeit (the other side cheated), ends the match with the reason
said. While a throw waits for the other game's commitment, the dice wait visibly. Without a
link (every other match) all of this is silent.
"""
import pygame

from game.base.i18n import N_, Words, _, verbatim
from game.online.events import (ConnectionLost, Forfeit, FriendAway, FriendBack, FriendJoined, FriendResigned,
                                Offered, Reconnected, Refused, RoomOpened, Unreachable)
from game.base.i18n import shown
from game.scenes.base import dispatch, nothing
from game.scenes.online import dots, draw_waiting
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
    """The part of the table (or the priority throw) that keeps the link: what is wrong now, a
    match ended early, and the ribbon that says so. Without a link, all of it is silent.

    Each link event has its handler by type (`handlers`): a link event with none is an error
    (LookupError), not dropped - one that mattered would go unsaid; tests/test_scene_events.py
    checks that every event of game/online/events.py has one."""

    def __init__(self, scene):
        self.scene = scene
        self.link = scene.app.match.online if scene.session.options.opponent == "online" else None
        self.troubles: dict = {}       # what is wrong now, by kind ("connection", "friend"): Words
        self.ended = None              # the words that ended the match early
        self.handlers = {
            ConnectionLost: self._trouble,
            Unreachable: self._trouble,        # the relay gone for good, or refusing the seat (a saved
            Refused: self._trouble,            # match taken up again): said until the player leaves
            Reconnected: self._reconnected,
            FriendAway: self._friend_away,
            FriendBack: self._friend_back,
            FriendResigned: self._ended,
            Forfeit: self._ended,
            RoomOpened: nothing,         # the lobby's news: at the table the match is under way,
            Offered: nothing,            # and a seat taken again is said by Reconnected and
            FriendJoined: nothing,       # FriendBack
        }

    def dealt(self) -> dict:
        """The flows' dealer argument: the link's, which hands them the throws both games drew."""
        return {"dealer": self.link.dealer} if self.link is not None else {}

    @property
    def dice_wait(self) -> bool:
        """A throw waits for the other game's commitment or secret."""
        return self.link is not None and bool(self.link.waiting)

    def poll(self) -> None:
        if self.link is None or self.ended:
            return
        for event in self.link.poll():
            dispatch(self.handlers, event, "at the table for the link's")

    def _trouble(self, event) -> None:
        self.troubles["connection"] = event.words

    def _reconnected(self, event) -> None:
        if self.troubles.pop("connection", None) is not None:
            self.scene.banner(Words(N_("Connected again")), "note", MENDED_HOLD)

    def _friend_away(self, event) -> None:
        self.troubles["friend"] = Words(N_("Your friend's game has left: wait here for them, or "
                                           "Esc - Save and leave keeps the match for later"))

    def _friend_back(self, event) -> None:
        if self.troubles.pop("friend", None) is not None:
            self.scene.banner(Words(N_("Your friend is back")), "note", MENDED_HOLD)

    def _ended(self, event) -> None:
        self.ended = ending(event)
        self.troubles = {}
        end_early(self.scene.app, self.ended)

    def draw(self, surface) -> None:
        """The ribbon of what is wrong, over the top of the board; the dice waiting."""
        if self.link is None:
            return
        scene = self.scene
        scale, clock = scene.hud.scale, scene.clock
        board = scene.view.board_rect()
        if self.dice_wait and not self.troubles:
            words = _("The dice wait for your friend's game{dots}", dots=verbatim(dots(clock)))
            draw_waiting(surface, (board.centerx, board.centery), words, clock, scale,
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
        pulse = 0.75 + 0.25 * abs(((clock * 1.2) % 2) - 1)
        colour = tuple(round(c * pulse) for c in ui.GOLD_PALE)
        y = ribbon.y + px(7, scale)
        for line in lines:
            ui.blit_fitted(surface, line, size, pygame.Rect(ribbon.x, y, ribbon.w, step), colour,
                           margin=px(16, scale))
            y += step
