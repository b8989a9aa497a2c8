"""After each game: its result and points, the match score and length (a bead per point, its
legend under them); at the end the match winner, with "Rematch", "Review" and "Title" - Enter
first presses Review (or Title), and the first half second hears no key nor click: those were
meant for the table's last move, not for a rematch. After a game against the computer,
"Review" weighs each of the person's moves against the best (game/scenes/learn/review.py);
after one between two people at one screen, each side's moves, every error named by its side.
The moves are weighed in the background from the moment the headline and beads have settled
(issue 40: the master's two plies take seconds), and the review takes up what is weighed; a
screen other than this one and its review (the next game, a rematch, the title) stops it.

"Next game" asks the session for the next game and hands over to the priority throw (C-1).
Every word is a message translated when it is drawn (game/base/i18n.py): the sides are named in
whole sentences, so French can agree them ("Vous gagnez", "Les Noirs gagnent").
"""
import math

import pygame

from game.base.dispatch import dispatch, ignoring
from game.base.i18n import N_, _, n_, shown
from game.online.events import (ConnectionLost, FriendArrived, FriendAway, FriendBack, FriendJoined, FriendSaid,
                                Offered, Reconnected, Refused, RematchAgreed, RematchDeclined, RematchOffered,
                                RoomOpened, Unreachable, Watchers)
from game.play.sides import title_words, who
from game.rules import Side, rule_set
from game.scenes.base import STILL
from game.scenes.host import Host
from game.scenes.learn.review_weighing import can_review, taken_ahead, weigh_on
from game.scenes.menus.base import MenuScene
from game.scenes.online.playing import ENDINGS, end_early, ending, resigned
from game.scenes.online.rematch import rematch_agreed
from game.view import widgets as ui
from game.view.assets import checker
from game.view.layout import px, ui_scale

AUTOPLAY_WAIT = 0.5     # seconds the scoreboard stays up before autoplay goes on
#: Seconds after a match's end during which keys and clicks do nothing: those pressed to play the
#: last move, or during its animation, were meant for the table, not for this screen.
DEAF = 0.5
HEADLINE_FALL = 0.45    # seconds the headline takes to fall in
BEAD_POP, BEAD_STEP, BEAD_GROW = 0.5, 0.15, 0.3   # the first new bead pops then, each next one later, each so long

GAME_WON = {("you", Side.WHITE): N_("You win (White)"), ("you", Side.BLACK): N_("You win (Black)"),
            ("computer", Side.WHITE): N_("The computer wins (White)"),
            ("computer", Side.BLACK): N_("The computer wins (Black)"),
            ("colour", Side.WHITE): N_("White wins"), ("colour", Side.BLACK): N_("Black wins"),
            ("friend", Side.WHITE): N_("Your friend wins (White)"),
            ("friend", Side.BLACK): N_("Your friend wins (Black)")}
MATCH_WON = {"you": N_("You win the match!"), "computer": N_("The computer wins the match!"),
             "friend": N_("Your friend wins the match!"),
             Side.WHITE: N_("White wins the match!"), Side.BLACK: N_("Black wins the match!")}
MATCH_SCORE = {Side.WHITE: N_("White, {won} to {lost}"), Side.BLACK: N_("Black, {won} to {lost}")}
#: Under the headline of a match won by the other's resignation (online): who resigned, and the
#: score then, the winner's first.
RESIGNED = {Side.WHITE: N_("White resigned, at {won} to {lost}"),
            Side.BLACK: N_("Black resigned, at {won} to {lost}")}


def points_said(rules, outcome) -> str:
    """Why a won game scores what it does, with its rule (RuleSet.points_words): said now."""
    return rule_set(rules).points_words(outcome).said()


class ScoreboardScene(MenuScene):
    row_height = 54
    width = 380

    def __init__(self, app: Host):
        session = app.keeper.session
        self.session = session
        self.outcome = session.outcome
        self.score = dict(session.match.score)
        self.length = session.match.length
        self.resigned = resigned(app)      # online: the side that won by the other's resignation
        self.match_over = max(self.score.values()) >= self.length or self.resigned is not None
        self.reviewable = can_review(session)
        self.games = list(session.match.games)       # the review reads them after the match ends
        self.weighing = self.make_weighing() if self.reviewable else None
        self.entered = False
        self.held: set[int] = set()   # keys already down when the match ended: their repeats too
        # Online, the friend's game goes on talking: a resignation or a forfeit ends the match, a
        # rematch offered is answered, the friend's words are said; the rest does not matter here.
        self.link_handlers = {**dict.fromkeys(ENDINGS, self._ended),
                              RematchOffered: lambda event: self._push_rematch(event),
                              RematchAgreed: lambda event: rematch_agreed(self.app),
                              RematchDeclined: lambda event: self.app.notify(shown(event.words)),
                              FriendSaid: lambda event: self.app.notify(shown(event.words)),
                              **ignoring(ConnectionLost, Unreachable, Refused, Reconnected, FriendAway,
                                         FriendBack, RoomOpened, Offered, FriendJoined, FriendArrived,
                                         Watchers)}
        super().__init__(app)
        self.menu.focus_on(self.safe_button())

    def build(self):
        app = self.app
        self.review_button = ui.Button(N_("Review"), self.review) if self.reviewable else None
        review = [self.review_button] if self.reviewable else []
        if self.match_over:
            online = self.session.options.opponent == "online"     # asked of the friend, in the same room
            rematch = [ui.Button(N_("Rematch..."), self._push_rematch) if online else ui.Button(N_("Rematch"), self.rematch)]
            if online and self.app.keeper.online is None:          # no link left: no one to ask
                rematch = []
            self.title_button = ui.Button(N_("Title"), app.to_title)
            return [*rematch, *review, self.title_button]
        return [ui.Button(N_("Next game"), self.next_game), *review,
                ui.Button(N_("Save and leave"), app.to_title)]

    def safe_button(self):
        """The button Enter presses first: at a match's end Review (or Title), never Rematch,
        which would throw away the chance to look back at the match; between games, Next game."""
        if not self.match_over:
            return self.menu.widgets[0]
        return self.review_button or self.title_button

    def handle_event(self, event):
        """At a match's end, keys and clicks from its first moments are the table's: dropped,
        and a key held down since then stays dropped until it is let go."""
        if self.match_over and not self.app.autoplay:
            if event.type == pygame.KEYUP:
                self.held.discard(event.key)
            elif event.type == pygame.KEYDOWN and (self.time < DEAF or event.key in self.held):
                self.held.add(event.key)
                return
            elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.time < DEAF:
                return
        super().handle_event(event)

    def rematch(self) -> None:
        """The same options again, a new match (and a new seed): its priority throw."""
        if self.app.keeper.rematch():
            self.app.show_match()

    def _push_rematch(self, offered=None) -> None:
        """Online: offer another match to the friend, or answer the friend's offer (a card)."""
        from game.scenes.online.rematch import RematchScene
        self.app.scenes.push(RematchScene(self.app, offered))

    def next_game(self) -> None:
        """The next game of the match begins with its priority throw (C-1)."""
        if self.app.keeper.next_game():
            self.app.show_match()

    def make_weighing(self):
        """The review's weighing of this match: the one begun as the game ended, if the table
        began one (review.weigh_ahead), else a new one."""
        return taken_ahead(self.session)

    def review(self) -> None:
        """Each of the person's moves in this match (both sides' for two people) weighed against
        the best (the exact solver, or the master's search), as far as weighed already."""
        from game.scenes.learn.review import ReviewScene
        self.app.scenes.push(ReviewScene(self.app, self.session.options, self.games, self.weighing))

    def leave(self):
        """Covered by the review, the weighing goes on there; by anything else, it stops."""
        super().leave()
        if self.weighing is not None and getattr(self.app.scenes.top, "weighing", None) is not self.weighing:
            self.weighing.stop()

    def enter(self):
        super().enter()
        if self.entered:             # back from the review: recorded and cheered already
            return
        self.entered = True
        self.app.keeper.record_finished_games()
        if self.match_over:
            self.app.keeper.finish()
            if self.app.keeper.online is not None:   # the friend's game hears what was taken in
                self.app.keeper.online.match_over()
        self.app.sounds.play("win", 1.0 if self.match_over else 0.6)

    def back(self):
        self.app.to_title()

    def _ended(self, event):
        end_early(self.app, ending(event))

    def update(self, dt):
        super().update(dt)
        if self.weighing is not None and self.time >= self.settled_after():
            weigh_on(self.weighing)              # once the headline has fallen, the beads popped
        link = self.app.keeper.online
        if link is not None:      # the friend's messages go on: a resend asked, the next throw
            for event in link.poll():
                dispatch(self.link_handlers, event, self)
        if self.app.autoplay and self.time >= AUTOPLAY_WAIT and self.time - dt < AUTOPLAY_WAIT:
            self.menu.widgets[0].activate()

    def next_frame(self) -> float | None:
        """Rests (Scene.next_frame) once the headline has fallen in, the new points' beads have
        popped and the focus has settled; a person's won match keeps its fireworks going (drawn
        every frame). Autoplay's press is a timer due. Against a friend elsewhere it does not
        say: the loop watches its frames and still polls the link a few times a second."""
        if (self.match_over and self.celebrate()) or self.time < self.settled_after() or self.menu.easing():
            return 0.0
        if self.app.autoplay and self.time < AUTOPLAY_WAIT:
            return AUTOPLAY_WAIT - self.time
        return None if self.app.keeper.online is not None else STILL

    def settled_after(self) -> float:
        """Seconds until the headline has fallen in and the last new bead has popped (draw_pips)."""
        fresh = self.outcome.points if self.outcome is not None else 0
        return max(HEADLINE_FALL, BEAD_POP + BEAD_STEP * (fresh - 1) + BEAD_GROW if fresh else 0.0)

    def menu_top(self, size, scale):
        top = round(size[1] * 0.72)
        rows = len(self.menu.widgets)
        room = rows * px(self.row_height, scale) + (rows - 1) * px(self.gap, scale)
        return min(top, size[1] - room - px(12, scale))

    def headline(self) -> tuple[str, str]:
        """The big line and the line under it, said now."""
        s = self.session
        if self.resigned is not None:      # the score may favour the side that resigned
            winner = self.resigned
            kind = who(s, winner)
            said_as = winner if kind == "colour" else kind
            return (_(MATCH_WON[said_as]),
                    _(RESIGNED[winner.other], won=self.score[winner], lost=self.score[winner.other]))
        if self.match_over:
            leader = max(self.score, key=self.score.get)
            kind = who(s, leader)
            won, lost = self.score[leader], self.score[leader.other]
            if kind == "colour":
                return _(MATCH_WON[leader]), _("{won} to {lost}", won=won, lost=lost)
            return _(MATCH_WON[kind]), _(MATCH_SCORE[leader], won=won, lost=lost)
        if self.outcome is None:
            return _("Game over"), ""
        winner = self.outcome.winner
        return _(GAME_WON[(who(s, winner), winner)]), points_said(s.options.rules, self.outcome)

    def draw_heading(self, surface, scale):
        w, h = surface.get_size()
        t = min(1.0, self.time / HEADLINE_FALL)
        drop = round((1 - t) ** 3 * px(120, scale))      # the headline falls in and settles
        big, small = self.headline()
        y = h * 0.14 - drop
        room = w - 2 * px(30, scale)
        size = shrunk(big, 72 * scale, room, "title")
        ui.blit_text(surface, big, size, (w / 2 + px(3, scale), y + px(4, scale)),
                     ui.WALNUT_DEEP, "title")
        ui.blit_text(surface, big, size, (w / 2, y), ui.GOLD_PALE, "title")
        if small:
            size = shrunk(small, 36 * scale, room)
            ui.blit_text(surface, small, size, (w / 2, y + px(70, scale)), ui.IVORY)

    def draw_score(self, surface, scale) -> None:
        w, h = surface.get_size()
        card = pygame.Rect(0, 0, min(px(760, scale), w - px(40, scale)), px(240, scale))
        card.midtop = (w // 2, round(h * 0.32))
        ui.panel(surface, card, scale)
        heading = n_("Match to {count} point", "Match to {count} points", self.length, count=self.length)
        ui.blit_fitted(surface, heading, 26 * scale,
                       pygame.Rect(card.x, card.y + px(12, scale), card.w, px(36, scale)),
                       ui.WALNUT, margin=px(20, scale))
        for row, side in enumerate(side for side in Side if side in self.score):    # White first
            y = card.y + px(92 + row * 80, scale)
            d = px(52, scale)
            sprite = checker(side, d)
            surface.blit(sprite, sprite.get_rect(center=(card.x + px(62, scale), y)))
            name = title_words(self.session, side).said()
            name_box = pygame.Rect(card.x + px(110, scale), y - px(24, scale),
                                   px(310, scale), px(48, scale))
            ui.blit_fitted(surface, name, 32 * scale, name_box, ui.INK, anchor="midleft")
            self.draw_pips(surface, scale, side, (card.x + px(430, scale), y), card.right - px(130, scale))
            ui.blit_text(surface, str(self.score[side]), 44 * scale, (card.right - px(50, scale), y),
                         ui.RED if self.winner_is(side) else ui.INK, "title", box=card)
        self.draw_pips_legend(surface, scale, card)

    def draw_pips_legend(self, surface, scale, card) -> None:
        """What the beads count, under them: a filled one is a point won, a hollow one a point
        still to win before the match is won."""
        y = card.bottom - px(26, scale)
        r = max(3, px(7, scale))
        items = [(_("point won"), True), (_("point still to win"), False)]
        left, right = card.x + px(330, scale), card.right - px(20, scale)
        size = 19 * scale
        gap = px(22, scale)

        def width(size):
            return sum(2 * r + px(6, scale) + ui.font(size).size(words)[0] for words, _f in items) + gap

        while width(size) > right - left and size > 12 * scale:
            size -= 0.5 * scale
        x = (left + right - width(size)) // 2
        for words, filled in items:
            centre = (x + r, y)
            pygame.draw.circle(surface, ui.GOLD if filled else ui.IVORY_SHADE, centre, r)
            pygame.draw.circle(surface, ui.WALNUT_DARK, centre, r, max(1, round(scale * 1.5)))
            box = ui.blit_text(surface, words, size, (x + 2 * r + px(6, scale), y), ui.WALNUT,
                               anchor="midleft", box=card)
            x = box.right + gap

    def winner_is(self, side) -> bool:
        return self.outcome is not None and self.outcome.winner == side

    def draw_pips(self, surface, scale, side, start, right) -> None:
        """One bead per point of the match length; the points won are filled, the new ones pop."""
        n = self.length
        gap = min(px(30, scale), (right - start[0]) / max(1, n))
        r = max(3, round(min(px(10, scale), gap * 0.4)))
        fresh = self.outcome.points if self.winner_is(side) and self.outcome else 0
        for i in range(n):
            centre = (round(start[0] + i * gap + r), start[1])
            won = i < self.score[side]
            if won and i >= self.score[side] - fresh:
                delay = BEAD_POP + BEAD_STEP * (i - (self.score[side] - fresh))
                t = max(0.0, min(1.0, (self.time - delay) / BEAD_GROW))
                grow = r + round(math.sin(math.pi * t) * r * 0.6)
                won = t > 0
            else:
                grow = r
            pygame.draw.circle(surface, ui.GOLD if won else ui.IVORY_SHADE, centre, grow)
            pygame.draw.circle(surface, ui.WALNUT_DARK, centre, grow, max(1, round(scale * 1.5)))

    def draw(self, surface):
        scale = ui_scale(surface.get_size())
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        if self.match_over and self.celebrate():
            self.draw_sparks(surface, scale)
        self.draw_heading(surface, scale)
        self.draw_score(surface, scale)
        self.menu.draw(surface, scale)

    def celebrate(self) -> bool:
        """Fireworks for a person who won, not for the computer (nor on the loser's screen
        against a friend elsewhere)."""
        leader = self.resigned or max(self.score, key=self.score.get)
        return self.session.is_person(leader)

    def draw_sparks(self, surface, scale) -> None:
        """Gold sparks burst from behind the headline and fall, again every 1.6 seconds."""
        w, h = surface.get_size()
        period = 1.6
        for burst in range(2):          # two bursts overlap, so there is always something moving
            t = (self.time + burst * period / 2) % period
            n = int((self.time + burst * period / 2) // period)
            cx = w * (0.3 + 0.4 * ((n * 7 + burst * 3) % 5) / 4)
            cy = h * 0.13
            for i in range(28):
                angle = i * math.tau / 28 + n * 0.7
                speed = px(260 + 90 * ((i * 5) % 3), scale)
                x = cx + math.cos(angle) * speed * t
                y = cy + math.sin(angle) * speed * t * 0.7 + px(260, scale) * t * t
                r = round(px(7, scale) * (1 - t / period))
                if r > 0:
                    pygame.draw.circle(surface, ui.GOLD_PALE if i % 3 else ui.RED, (round(x), round(y)), r)


def shrunk(words, size: float, width: int, kind: str = "body") -> float:
    """The size at which one line of words fits `width` (a headline shrinks as far as it must)."""
    wide = ui.font(size, kind).size(words)[0]
    return size if wide <= width else max(8.0, size * width / wide * 0.98)
