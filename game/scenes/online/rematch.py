"""A rematch online and the few words between the players (issue 37, items 5 and 6).

RematchScene: over the scoreboard of an online match played to its end, either side offers
another match in the same room - the colours swapped or kept - and the other accepts or
declines; an accepted one starts at once on both screens (the keeper's `start_online`: the
records keep both matches) and the watchers follow into it. PhrasesScene: a small card of the
preset phrases (hello, good luck, well played, thanks, one moment please), sent at most one
each few seconds (link.SAY_PAUSE) and shown to the friend and the watchers as a notice over the
board. Both only show and ask what the link (game/online/link.py) does.
"""
from __future__ import annotations

from game.base.dispatch import dispatch, ignoring
from game.base.i18n import N_, Words, shown
from game.online.events import (PHRASES, ConnectionLost, Forfeit, FriendArrived, FriendAway, FriendBack,
                                FriendJoined, FriendResigned, FriendSaid, Offered, Reconnected, Refused,
                                RematchAgreed, RematchDeclined, RematchOffered, RoomOpened,
                                Unreachable, Watchers)
from game.scenes.host import Host
from game.scenes.menus.base import OverlayScene
from game.view import widgets as ui

NOTE_HOLD = 3.0          # seconds a phrase or an answer stays said


def said(words):
    """A card's note: the words said in the language spoken when it is drawn."""
    return lambda: shown(words)


def rematch_agreed(app: Host) -> None:
    """Both agreed: the new match, with the link's options, from its priority throw."""
    app.keeper.start_online(app.keeper.online)
    app.show_match()


def say(app: Host, phrase: str) -> bool:
    """Send a phrase to the friend (saved first, as every message): False when too soon."""
    link = app.keeper.online
    if link is None or not link.say(phrase):
        return False
    app.keeper.save()
    return True


class RematchScene(OverlayScene):
    """Offer another match (colours swapped or kept), or answer the friend's offer."""

    heading = N_("Rematch")
    width = 520
    keep_places = False       # the offer's buttons or the answer's: the card closes up

    def __init__(self, app: Host, offered: RematchOffered | None = None):
        self.offered = offered
        self.waiting = False
        self.notes = []
        super().__init__(app)
        self.handlers = {
            RematchOffered: self._offered, RematchAgreed: self._agreed,
            RematchDeclined: self._declined, FriendSaid: self._friend_said,
            FriendResigned: self._gone, Forfeit: self._gone, FriendAway: self._gone,
            **ignoring(RoomOpened, Offered, FriendJoined, Refused, Unreachable, ConnectionLost,
                       Reconnected, FriendArrived, FriendBack, Watchers),
        }
        self.shown_as()

    def build(self):
        self.swapped = ui.Button(N_("Offer: colours swapped"), lambda: self.offer(True))
        self.kept = ui.Button(N_("Offer: colours kept"), lambda: self.offer(False))
        self.accept = ui.Button(N_("Accept"), lambda: self.answer(True))
        self.decline = ui.Button(N_("Decline"), lambda: self.answer(False))
        return [self.swapped, self.kept, self.accept, self.decline, ui.Button(N_("Back"), self.back)]

    @property
    def link(self):
        return self.app.keeper.online

    def shown_as(self) -> None:
        """The buttons for where the rematch stands, and the words saying it."""
        asked = self.offered is not None
        link = self.link
        older = link is not None and not link.understood("rematch")
        for button in (self.swapped, self.kept):
            button.visible = not asked
            button.enabled = not self.waiting and not older
        self.accept.visible = self.decline.visible = asked
        if asked:
            self.notes = [said(self.offered.words)]
        elif older:           # an older relay or friend's game would refuse it
            self.notes = [said(Words(N_("The relay or your friend's game is an older version: "
                                        "it cannot take a rematch.")))]
        elif self.waiting:
            self.notes = [said(Words(N_("Offered: waiting for your friend's answer...")))]
        elif not self.notes:
            self.notes = [said(Words(N_("Another match in this room, with the same options.")))]
        self.menu.reset_focus(self.menu.widgets.index(self.accept if asked else self.swapped))

    def offer(self, swap: bool) -> None:
        link = self.link
        if link is not None and link.offer_rematch(swap):
            self.app.keeper.save()          # nothing written after the match: the offer goes out
            self.waiting = True
            self.shown_as()

    def answer(self, accept: bool) -> None:
        link = self.link
        if link is not None and link.answer_rematch(accept):
            self.app.keeper.save()
            self.offered = None
            if not accept:
                self.back()

    def update(self, dt):
        super().update(dt)
        link = self.link
        if link is None:
            return
        for event in link.poll():
            dispatch(self.handlers, event, self)

    def _offered(self, event: RematchOffered) -> None:
        self.offered = event
        self.shown_as()

    def _agreed(self, event: RematchAgreed) -> None:
        self.leaving = True
        rematch_agreed(self.app)

    def _declined(self, event: RematchDeclined) -> None:
        self.waiting = False
        self.notes = [said(event.words)]
        self.shown_as()

    def _friend_said(self, event: FriendSaid) -> None:
        """The friend's few words, in the card (under what it says of the rematch)."""
        self.notes = [*self.notes[:1], said(event.words)]

    def _gone(self, event) -> None:
        """The friend left (or the match ended otherwise): no rematch to wait for."""
        self.offered, self.waiting = None, False
        self.notes = [said(Words(N_("Your friend's game has left the room: no rematch now.")))]
        self.shown_as()
        self.swapped.enabled = self.kept.enabled = False


class PhrasesScene(OverlayScene):
    """The preset phrases, one to send (the card closes); too soon after the last, it says so."""

    heading = N_("A word to your friend")
    width = 420

    def __init__(self, app: Host):
        self.notes = []
        super().__init__(app)

    def build(self):
        return [*(ui.Button(words, lambda phrase=phrase: self.send(phrase))
                  for phrase, words in PHRASES.items()), ui.Button(N_("Back"), self.back)]

    def send(self, phrase: str) -> None:
        link = self.app.keeper.online
        if say(self.app, phrase):
            self.back()
        elif link is not None and not link.understood("say"):
            self.notes = [said(Words(N_("The relay or your friend's game is an older version: "
                                        "it cannot take these words.")))]
        else:
            self.notes = [said(Words(N_("One phrase every few seconds: wait a moment.")))]
