"""What the priority throw and the table add for a match with a friend on another computer.

Each frame the link is polled (game/online/link.py): a dropped connection, the friend away
(saved and left, or its connection lost), stay said on a ribbon across the board, where no
checker is covered, until they mend, and the bottom bar says what is awaited instead of "Your
friend is thinking..."; their mending is said briefly; the friend's resignation, or a forfeit
(the other side cheated), ends the match with the reason said. While a throw waits for the
other game's commitment, the dice wait visibly. How many watch the room is said in a corner.
Without a link (every other match) all of this is silent.
"""
import pygame

from game.base.i18n import N_, Words, _, verbatim
from game.online.events import (ConnectionLost, Forfeit, FriendArrived, FriendAway, FriendBack,
                                FriendJoined, FriendResigned, FriendSaid, Offered, Reconnected, Refused,
                                RematchAgreed, RematchDeclined, RematchOffered, RoomOpened,
                                Unreachable, Watchers)
from game.base.i18n import shown
from game.base.dispatch import dispatch, nothing
from game.play.session import Phase
from game.rules import Side
from game.scenes.base import STILL
from game.scenes.online.lobby import dots, draw_waiting, relay_held, watching_words
from game.scenes.online.shared import FACE_TIME
from game.scenes.table.cards import checker_rects
from game.view import widgets as ui
from game.view.layout import px

MENDED_HOLD = 2.0        # "Connected again", "Your friend is back" stay this long
NOTE_HOLD = 0.3          # the bottom bar's "waiting for..." is kept up each frame this long
SAID_HOLD = 3.0          # the friend's few words stay this long

#: The friend's game left, by what it said as it left (its `away`: FriendAway.why).
AWAY_WORDS = {
    "saved": N_("Your friend has saved and left; the match waits for them - wait here, or Esc: "
                "Save and leave keeps it for later"),
    "abandoned": N_("Your friend has abandoned the match"),
    "": N_("The connection with your friend's game was lost: wait here for it to come back, or "
           "Esc - Save and leave keeps the match for later"),
}


#: The link's events that end the match early, each with the words that say why: the friend's
#: resignation, a forfeit (the other side cheated). The table, the priority throw and the
#: scoreboard all end on these, and on nothing else the link says.
ENDINGS = {
    FriendResigned: lambda event: Words(N_("Your friend gave up the match: you win it.")),
    Forfeit: lambda event: event.words,
}


def ending(event):
    """The words that end the match early, for one of the ENDINGS; else None."""
    said = ENDINGS.get(type(event))
    return said(event) if said is not None else None


def end_early(app, words) -> None:
    """The match is over before its score says so (the keeper has recorded it): a resignation
    whose room is kept for a rematch shows the scoreboard, the reason said over it; else back to
    the title, where the reason is said."""
    link = app.keeper.online
    if link is not None and link.rematch_open:
        app.notify(shown(words))
        app.show_match()
        return
    app.messages.append(shown(words))
    app.to_title()


def resigned(app):
    """The side that won a match by the other's resignation, while the scoreboard shows it (the
    room kept for a rematch); None otherwise."""
    link = app.keeper.online
    if link is None or link.state.get("ended") != "resigned" or not link.state.get("winner"):
        return None
    return Side(link.state["winner"])


#: Opens the preset phrases at the table and the priority throw (a function key: a lettered board
#: types its points with letters, and digits name points everywhere).
PHRASES_KEY = pygame.K_F3


def friends_link(app, session):
    """The link to the friend's game (the app's keeper holds it) in a match against a friend
    elsewhere; None in every other match."""
    return app.keeper.online if session.options.opponent == "online" else None


def free_band(board: pygame.Rect, height: int, checkers: list[pygame.Rect]) -> pygame.Rect:
    """A band across the board, `height` high, covering none of `checkers`: the middle of the
    board (between the two rows of points) if it is free, else the free place nearest it; the
    middle when no place is free (long stacks from both sides). The table's ribbon and the
    watcher's."""
    middle = pygame.Rect(board.x, 0, board.w, height)
    middle.centery = board.centery
    reach = board.h // 2 - height // 2
    for shift in range(0, reach, max(2, height // 4)):
        for sign in (1, -1):
            band = middle.move(0, sign * shift)
            if band.collidelist(checkers) < 0:
                return band
    return middle


class OnlinePlay:
    """The part of the table (or the priority throw) that keeps the link: what is wrong now, a
    match ended early, and the ribbon that says so. Without a link, all of it is silent.

    It is given what it needs and no more: the link, the session (whose turn it is), the board
    it draws over (`view`, as the table's other parts are) and the scene's calls - `banner`
    (a mending said briefly), `say` (the bottom bar's notice; the priority throw has none) and
    `end` (the match ended early, with the words why). What it draws with (the scale, the time,
    the board as drawn) comes with each `draw`.

    Each link event has its handler by type (`handlers`): a link event with none is an error
    (LookupError), not dropped - one that mattered would go unsaid; tests/test_scene_events.py
    checks that every event of game/online/events.py has one."""

    def __init__(self, link, session, view=None, *, banner, say=None, end):
        self.link = link
        self.session = session
        self.view = view
        self.banner, self.say, self.end = banner, say, end
        self.troubles: dict = {}       # what is wrong now, by kind ("connection", "friend"): Words
        self.ended = None              # the words that ended the match early
        self.watchers = getattr(self.link, "watchers", 0)
        self.told_thrown = False       # "your friend has thrown" said (once per priority throw)
        self.ribbon: pygame.Rect | None = None     # where the ribbon was last drawn
        self.handlers = {
            ConnectionLost: self._trouble,
            Unreachable: self._trouble,        # the relay gone for good, or refusing the seat (a saved
            Refused: self._trouble,            # match taken up again): said until the player leaves
            Reconnected: self._reconnected,
            FriendAway: self._friend_away,
            FriendBack: self._friend_back,
            **dict.fromkeys(ENDINGS, self._ended),
            RoomOpened: nothing,         # the lobby's news: at the table the match is under way,
            Offered: nothing,            # and a seat taken again is said by Reconnected and
            FriendJoined: nothing,       # FriendBack
            FriendArrived: nothing,
            Watchers: self._watching,
            FriendSaid: self._friend_said,   # a notice over the board (a banner covers no checker)
            RematchOffered: nothing,         # the scoreboard's (game/scenes/online/rematch.py)
            RematchAgreed: nothing,
            RematchDeclined: nothing,
        }

    def handle_event(self, event, app) -> bool:
        """The friend's own key: PHRASES_KEY opens the preset phrases (online only); True when
        the event was this part's (the table's input never sees it)."""
        if self.link is None or event.type != pygame.KEYDOWN or event.key != PHRASES_KEY:
            return False
        from game.scenes.online.rematch import PhrasesScene      # it imports this module
        app.scenes.push(PhrasesScene(app))
        return True

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
            dispatch(self.handlers, event, self)
        self.relay_trouble()
        if getattr(self.link, "friend_threw_first", False) and not self.told_thrown:
            self.told_thrown = True      # once: the friend's die is in, this side's is awaited
            self.banner(Words(N_("Your friend has thrown: your turn to throw")), "note", SAID_HOLD)
        waiting = self.waiting_words()
        if waiting is not None and self.say is not None and not self._persons_turn():
            self.say(waiting, NOTE_HOLD)

    def _persons_turn(self) -> bool:
        s = self.session
        return s.to_move is not None and s.is_person(s.to_move) and not self.dice_wait

    def waiting_words(self):
        """What the bottom bar says while something is wrong (in place of "Your friend is
        thinking..."), or None."""
        if "friend" in self.troubles:
            return Words(N_("Waiting for your friend's game to come back"))
        if "connection" in self.troubles:
            return Words(N_("Waiting for the connection to the relay"))
        if self.dice_wait and self.session.phase is Phase.PRIORITY:
            return Words(N_("Priority: you have thrown - your friend is throwing"))
        return None

    def relay_trouble(self) -> None:
        """The host's own relay that could not start again, its port still held: said (in place
        of the connection lost) while it is tried again, and once given up."""
        held = relay_held()
        if held is None:
            self.troubles.pop("relay", None)
            return
        port, given_up = held
        self.troubles["relay"] = Words(
            N_("Your relay could not start: port {port} is still held (by another program, or "
               "this game closing). Esc - Save and leave, then Continue once it is free") if given_up
            else N_("Your relay could not start yet: port {port} is still held (by another "
                    "program, or this game closing) - trying again..."), port=verbatim(str(port)))

    def _friend_said(self, event) -> None:
        self.banner(event.words, "note", SAID_HOLD)

    def _watching(self, event) -> None:
        self.watchers = event.count

    def _trouble(self, event) -> None:
        self.troubles["connection"] = event.words

    def _reconnected(self, event) -> None:
        if self.troubles.pop("connection", None) is not None:
            self.banner(Words(N_("Connected again")), "note", MENDED_HOLD)

    def _friend_away(self, event) -> None:
        self.troubles["friend"] = Words(AWAY_WORDS.get(event.why, AWAY_WORDS[""]))

    def _friend_back(self, event) -> None:
        if self.troubles.pop("friend", None) is not None:
            self.banner(Words(N_("Your friend is back")), "note", MENDED_HOLD)

    def _ended(self, event) -> None:
        self.ended = ending(event)
        self.troubles = {}
        self.end(self.ended)

    def next_frame(self, clock: float, dice_wait: bool = False) -> float:
        """Seconds until this part looks different by itself (Scene.next_frame): 0 while the
        ribbon of what is wrong pulses; the next step of the waiting die and dots while the dice
        wait (`dice_wait`, as drawn); else STILL - the link's news wakes the loop (wake())."""
        if self.link is None:
            return STILL
        if self.troubles:
            return 0.0
        if dice_wait:
            return FACE_TIME - clock % FACE_TIME
        return STILL

    def draw(self, surface, scale: float, clock: float, position=None, dice_wait: bool = False) -> None:
        """The ribbon of what is wrong, across the board where it covers no checker (`ribbon`:
        where, for the cards to keep off it); the dice waiting (`dice_wait`: the scene says
        when they wait visibly); how many watch. `position`: the board as drawn (None: the
        session's)."""
        if self.link is None:
            return
        board = self.view.board_rect()
        self.draw_watchers(surface, board, scale)
        if dice_wait and not self.troubles:
            words = (_("Your friend is throwing{dots}", dots=verbatim(dots(clock)))
                     if self.session.phase is Phase.PRIORITY else
                     _("The dice wait for your friend's game{dots}", dots=verbatim(dots(clock))))
            draw_waiting(surface, (board.centerx, board.centery), words, clock, scale,
                         board.w, plate=True)
        if not self.troubles:
            self.ribbon = None
            return
        size = 22 * scale
        width = board.w - 2 * px(16, scale)
        said = [words for kind, words in self.troubles.items()     # the relay says why it is lost
                if not (kind == "connection" and "relay" in self.troubles)]
        lines = [line for words in said for line in ui.wrap(shown(words), ui.font(size), width)]
        step = ui.font(size).get_linesize()
        height = step * len(lines) + px(14, scale)
        ribbon = self.ribbon = self.free_band(board, height, position)
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

    def checkers(self, position=None) -> list[pygame.Rect]:
        """Every checker on the board as drawn (`position`, else the session's), in screen pixels."""
        return checker_rects(self.view, position or self.session.position)

    def free_band(self, board: pygame.Rect, height: int, position=None) -> pygame.Rect:
        return free_band(board, height, self.checkers(position))

    def draw_watchers(self, surface, board: pygame.Rect, scale: float) -> None:
        """ "2 watching", small, in the margin right of the board (over the board's right rail
        when there is no margin)."""
        words = watching_words(self.watchers)
        if words is None:
            return
        line = shown(words)
        drawn = self.view.view_rect() if hasattr(self.view, "view_rect") else board
        board = board.union(drawn)       # Garanguet's paths are drawn beside its board: kept clear
        margin = surface.get_width() - board.right - px(12, scale)
        room = margin if margin >= px(56, scale) else px(140, scale)
        size = ui.fitting_size(line, 18 * scale, room)
        image = ui.text(line, size, ui.IVORY_SHADE)
        if margin >= px(56, scale):
            box = image.get_rect(center=(board.right + px(6, scale) + margin // 2, board.centery))
        else:
            box = image.get_rect(bottomright=(board.right - px(10, scale), board.bottom - px(6, scale)))
        plate = box.inflate(px(10, scale), px(4, scale))
        layer = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*ui.WALNUT_DEEP, 200), layer.get_rect(), border_radius=px(6, scale))
        surface.blit(layer, plate)
        surface.blit(image, box)
