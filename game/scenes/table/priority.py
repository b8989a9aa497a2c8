"""The priority throw (C-1): each side throws one die from its own side of the board; a tie is
thrown again; the higher die takes the game's dice and throws them for the first turn.

The play is the priority flow's (game/play/priority.py: its stages, the faces, the saving); the
scene shows the dice fall and says the result. When a human plays, the throw waits for Space or
a click; two computers throw on their own. Against a friend on another computer, the result
waits for Space only on the screen of the side that plays first: the other goes on to the table
by itself (its game has already committed to the friend's first throw: see PriorityFlow.poll). Its words are translated where they are shown (game/base/i18n.py).
"""
import pygame

from game.base.dispatch import dispatch
from game.base.i18n import N_, Words, _, verbatim
from game.dice import toss
from game.play.sides import side_title, who
from game.play.priority import FirstChosen, PriorityDone, PriorityFlow, PriorityStage as Stage, PriorityTie, RoundThrown
from game.rules import Side
from game.scenes.host import Host
from game.scenes.menus.base import rules_title
from game.scenes.online.playing import OnlinePlay, end_early, friends_link
from game.scenes.paced import PacedScene
from game.scenes.table.places import checker_rects, dice_rects, field_of
from game.view.board_view import draw_banners
from game.view.dice_playback import DicePlayback
from game.view.controller import key_word, pad_keys
from game.view.table_hud import HudState
from game.view.widgets import GOLD_PALE, WALNUT_DEEP, blit_text, text

AUTO_THROW = 0.9        # seconds before two computers throw for priority
TIE_HOLD = 1.3          # "Tie - thrown again" shows this long before the dice fly again
RESULT_HOLD = 2.4       # two computers' result stays this long; a person's waits for Space or a click

#: Who plays first, by who the side is (game.play.sides.who: "you", "computer", "colour") and its colour.
PLAYS_FIRST = {
    ("you", Side.WHITE): N_("You play first (White)"),
    ("you", Side.BLACK): N_("You play first (Black)"),
    ("computer", Side.WHITE): N_("The computer plays first (White)"),
    ("computer", Side.BLACK): N_("The computer plays first (Black)"),
    ("colour", Side.WHITE): N_("White plays first"),
    ("colour", Side.BLACK): N_("Black plays first"),
    ("friend", Side.WHITE): N_("Your friend plays first (White)"),
    ("friend", Side.BLACK): N_("Your friend plays first (Black)"),
}
#: What each side threw, by who plays White (game.play.sides.who): (while the result shows, once it is done).
THROWS = {
    "you": (N_("You throw {white} (White), the computer throws {black} (Black) - press {key} "
               "to play"),
            N_("You throw {white} (White), the computer throws {black} (Black)")),
    "computer": (N_("The computer throws {white} (White), you throw {black} (Black) - "
                        "press {key} to play"),
                     N_("The computer throws {white} (White), you throw {black} (Black)")),
    "colour": (N_("White throws {white}, Black throws {black} - press {key} to play"),
              N_("White throws {white}, Black throws {black}")),
}
#: The same against a friend on another computer, by who plays White ("you" or "friend").
FRIEND_THROWS = {
    "you": (N_("You throw {white} (White), your friend throws {black} (Black) - press {key} "
               "to play"),
            N_("You throw {white} (White), your friend throws {black} (Black)")),
    "friend": (N_("Your friend throws {white} (White), you throw {black} (Black) - press {key} "
                  "to play"),
               N_("Your friend throws {white} (White), you throw {black} (Black)")),
}
#: A die beside its owner's colour.
DIE_LABELS = {Side.WHITE: N_("White {n}"), Side.BLACK: N_("Black {n}")}
#: Why a priority throw does not count (C-2), as the dice name it.
NOT_COUNTED = {"off the board": N_("Off the board - thrown again"),
               "on the rail": N_("On the rail - thrown again"),
               "tilted": N_("Tilted - thrown again")}


class PriorityScene(PacedScene):
    def __init__(self, app: Host):
        super().__init__(app)
        self.online = OnlinePlay(friends_link(app, self.session), self.session, self.view, banner=self.banner,
                                 end=lambda words: end_early(app, words))
        self.flow = PriorityFlow(self.session, app.keeper.save, **self.online.dealt())
        self.playback: DicePlayback | None = None
        self.hover = None
        self._started = False
        self.banner_rects: list = []       # where the banners were drawn last
        self.handlers = {RoundThrown: self._round_thrown, PriorityTie: self._tie,
                         FirstChosen: self._first_chosen, PriorityDone: lambda event: self.app.show_match()}

    @property
    def stage(self) -> Stage:
        return self.flow.stage

    @property
    def faces(self):
        return self.flow.faces

    @property
    def link(self):
        return self.online.link

    @property
    def dice_wait(self) -> bool:
        """The priority dice wait for the friend's game (not its first throw, committed to
        while the result shows)."""
        return self.online.dice_wait and self.stage is Stage.WAIT

    def _humans(self) -> bool:
        return not self.flow.computers_only

    def enter(self) -> None:
        if self._started:                  # back from the pause menu: carry on
            return
        self._started = True
        self.react(self.flow.start())
        if self.stage is Stage.WAIT and not self._humans():
            self._wait(self._pause(AUTO_THROW), self.throw)

    def react(self, events) -> None:
        """Show what the flow says happened (its events), in order; an event with no handler
        is an error (LookupError), as at the table."""
        for event in events:
            dispatch(self.handlers, event, self)

    def throw(self) -> None:
        """Both sides throw their die at once, each from its own side; ties are thrown again."""
        self.react(self.flow.throw())

    def _proceed(self) -> None:
        self.react(self.flow.proceed())

    def _round_thrown(self, event: RoundThrown) -> None:
        attempts = toss((event.white, event.black), event.physics, thrower=(Side.WHITE, Side.BLACK))
        self.playback = DicePlayback(attempts, 1 / self.pace if self.pace else 0)
        self.sound("throw")
        self._check_settled()

    def _tie(self, event: PriorityTie) -> None:
        self.banner(Words(N_("Both throw {n}: a tie - thrown again"), n=event.number), "note", TIE_HOLD)
        self._wait(self._pause(TIE_HOLD), self._proceed)

    def _first_chosen(self, event: FirstChosen) -> None:
        self.banner(Words(PLAYS_FIRST[who(self.session, event.side), event.side]), "large", RESULT_HOLD)
        if not self._asks_to_play():        # nobody to press Space: it goes on by itself
            self._wait(self._pause(RESULT_HOLD), self._to_table)

    def _asks_to_play(self) -> bool:
        """The result waits for this screen's player: a person here plays first (or, at one
        screen, plays at all)."""
        if self.link is not None:
            return self.session.is_person(self.session.to_move)
        return self._humans()

    def _check_settled(self) -> None:
        if self.stage is Stage.ROLL and self.playback.settled:
            self.react(self.flow.settled())

    def _to_table(self) -> None:
        if self.stage is Stage.RESULT:
            self._proceed()

    def update(self, dt: float) -> None:
        if self.playback is not None:
            for event in self.playback.update(dt):
                if event[0] == "impact":
                    self.sound(event[1], event[2])
                elif event[0] == "invalid":
                    cause = NOT_COUNTED.get(event[1])
                    self.banner(Words(cause) if cause else Words(N_("Thrown again ({cause})"),
                                                                  cause=event[1]), "note", 0.8)
        self._check_settled()
        self.online.poll()
        if self.link is not None and self.stage is not Stage.DONE and not self.online.ended:
            self.react(self.flow.poll())         # the rounds, once both games' secrets are in;
                                                 # then the friend's first throw committed to
        self._tick(dt)

    def next_frame(self) -> float:
        """Rests (Scene.next_frame) while it waits with nothing moving - no die rolling, no
        banner, the call to throw calmed (game/view/table_hud.py): until its timer is due (two
        computers' throw, the result's hold; against a friend elsewhere, the waiting die's next
        face), else until a key or the friend's news."""
        if ((self.playback is not None and not self.playback.settled)
                or self.banners or not self.hud.calm(self.clock)):
            return 0.0
        online = self.online.next_frame(self.clock, self.dice_wait)
        return min(online, max(0.0, self._timer[0])) if self._timer is not None else online

    def handle_event(self, event) -> None:
        if self.online.handle_event(event, self.app):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hud.button_at(event.pos)
            return
        pressed = None
        if event.type == pygame.KEYDOWN:
            pressed = "menu" if event.key == pygame.K_ESCAPE else (
                "throw" if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) else None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pressed = self.hud.button_at(event.pos) or "throw"
        if pressed == "menu":
            self.app.pause()
        elif pressed == "throw":
            if self.stage is Stage.WAIT and self._humans():
                self.throw()
            elif self.stage is Stage.RESULT:
                self._to_table()

    def draw(self, surface) -> None:
        self.hud.layout(surface.get_size())
        self.view.fit(self.hud.board_area)
        surface.fill((24, 14, 8))
        self.view.draw_board(surface)
        start = self.session.rules.start(Side.WHITE)
        for side, _row, _place, (x, y) in self.view.slots(start):
            self.view.draw_checker(surface, side, x, y)
        self.view.draw_labels(surface, start)
        keep_off = []                      # the dice and their labels, the ribbon: the banners keep off
        if self.playback is not None:
            self.playback.draw(surface, self.view)
            keep_off += dice_rects(self.view, self.playback)
        if self.stage in (Stage.RESULT, Stage.TIE, Stage.DONE):
            keep_off += self._label_dice(surface)
        self.online.draw(surface, self.hud.scale, self.clock, dice_wait=self.dice_wait)
        if self.online.ribbon:
            keep_off.append(self.online.ribbon)
        self.banner_rects = draw_banners(surface, self.view, self.hud.scale, self.banners, avoid=keep_off,
                                         shun=checker_rects(self.view, start), within=field_of(self.view))
        s = self.session
        asks = self.stage is Stage.WAIT and self._humans() and not self.dice_wait   # to throw
        goes_on = self.stage is Stage.RESULT and self._asks_to_play()     # "press Space to play"
        state = HudState(keys=pad_keys(self.app), names={side: side_title(s, side) for side in Side},
                         scores=dict(s.match.score), length=s.match.length,
                         title=rules_title(s.rules.name), to_move=None, prompt=self.prompt(),
                         enabled={"menu"} | ({"throw"} if asks or goes_on else set()),
                         hover=self.hover, clock=self.clock, attention="throw" if asks else None)
        self.hud.draw(surface, state)

    def prompt(self) -> str:
        """The line under the board, in the current language: what to do now, and the result
        once the dice lie still (said there, not over the middle of the board, where a die may
        lie)."""
        if self.stage in (Stage.RESULT, Stage.DONE) and self.faces:
            white, black = self.faces
            s = self.session
            asked = self.stage is Stage.RESULT and self._asks_to_play()    # "press Space to play"
            throws = FRIEND_THROWS if self.link is not None else THROWS
            words = throws[who(s, Side.WHITE)][0 if asked else 1]
            return _(words, white=white, black=black, key=key_word(self.app, pygame.K_SPACE))
        waiting = self.online.waiting_words()
        if waiting is not None and self.stage is Stage.WAIT and self.dice_wait:
            return waiting.said()
        if self.dice_wait and self.stage is Stage.WAIT:
            return _("Priority: each side throws one die - the dice wait for your friend's game")
        if self.stage is Stage.WAIT:
            if self._humans():
                return _("Priority: each side throws one die - the higher plays first. "
                         "Press {key} or click to throw", key=key_word(self.app, pygame.K_SPACE))
            return _("Priority: each side throws one die - the higher plays first.")
        return {Stage.ROLL: _("The dice are rolling..."), Stage.TIE: _("A tie: thrown again"),
                Stage.DONE: verbatim("")}[self.stage]

    def _label_dice(self, surface) -> list:
        """Each die's owner and number beside it, so the result reads at a glance; returns where."""
        s = self.hud.scale
        middle_x = self.view.to_screen(*self.view.centre())[0]
        drawn = []
        for state, side, face in zip(self.playback.states(), Side, self.faces):
            x, y = self.view.to_screen(state.x, state.y)
            label = _(DIE_LABELS[side], n=face)
            words = text(label, round(28 * s), GOLD_PALE, "title")
            # beside the die, towards the middle: clear of the rails' point letters or numbers
            gap = self.view.length(26) + round(12 * s)
            if x < middle_x:
                box = words.get_rect(midleft=(x + gap, y))
            else:
                box = words.get_rect(midright=(x - gap, y))
            box = box.inflate(round(20 * s), round(6 * s))
            pygame.draw.rect(surface, WALNUT_DEEP, box, border_radius=round(8 * s))
            blit_text(surface, label, round(28 * s), box.center, GOLD_PALE, "title", box=box)
            drawn.append(box)
        return drawn

