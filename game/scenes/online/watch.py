"""Watching a friend's room (docs/online.md, "Watching a room"): read-only, from the moment the
relay lets the watcher in to the match's end. The watcher (game/online/watch.py) checks every
reveal and move with its own rules; this screen shows what it says: the priority throw and each
throw with the physics dice the players' screens toss (the same faces and the same seed, from
both secrets), each move glided along the points and said in words, the history beside the
board, the score in the bars, who is in the room and how many watch, a side caught cheating,
and at the end the match's result over the board.

Joining mid-match, the relay sends the match so far at once: while more than CATCH_UP events
wait, each is shown at once (no dice, no glide), then the screen goes live. The table scene
is a player's (its flow, its keeper, its hand): this screen draws with the table's own pieces
instead - the rule set's board (game/scenes/boards.py), the bars (TableHud), the physics dice
(DicePlayback), the checkers' flights, and the table's pace of banners, pauses and sounds
(Pacing). Esc leaves.
"""
from __future__ import annotations

import random

import pygame

from game.base.i18n import N_, Words, _, language, shown, verbatim
from game.dice import toss
from game.online import protocol
from game.online.events import ConnectionLost, Reconnected, Refused, Unreachable
from game.online.watch import (CannotFollow, Rematched, SideSaid, Cheated, GameWon, LeftSaved, MatchOver, Moved, PlayersPresent, PriorityThrown, SideResigned, Thrown, Watcher, WatchersCount, Watching)
from game.rules import Side
from game.base.dispatch import dispatch
from game.scenes.base import Scene
from game.scenes.boards import board_for
from game.scenes.menus.base import rules_title
from game.scenes.table.priority import PLAYS_FIRST, TIE_HOLD
from game.scenes.table.scoreboard import GAME_WON, MATCH_SCORE, MATCH_WON
from game.scenes.table.cards import checker_rects
from game.scenes.table.draw import HIT_RED, TRAIL
from game.scenes.online.playing import MENDED_HOLD, free_band
from game.scenes.online.shared import watching_words
from game.scenes.paced import Pacing
from game.scenes.table.flights import step_flights
from game.scenes.table.scene import FORCED_PASS_HOLD, GAME_OVER_HOLD
from game.view import widgets as ui
from game.view.animation import Flight, Ripple
from game.view.board_view import draw_banners
from game.view.dice_playback import DicePlayback
from game.view.layout import px
from game.view.table_hud import HudState, TableHud

# The pauses and the words are the table's, the priority throw's and the scoreboard's (imported
# above: a tie, a pass, a game won, a mended connection, the match's result); these are the
# watch's own.
CATCH_UP = 3            # more events than this waiting: shown at once (catching up)
#: Between the steps of a watched turn: a little quicker than the table's STEP_PAUSE (0.3), as
#: every turn of both sides is shown after it was played, and the watch must keep up with the room.
WATCHED_STEP_PAUSE = 0.25
MOVE_HOLD = 0.6         # after a move, before the next throw is shown
FIRST_HOLD = 1.6        # "White plays first" stays this long
HISTORY_LINES = 60      # lines kept for the history panel
BUTTONS = (("menu", N_("Leave"), N_("Esc")),)
SIDE_NAMES = {Side.WHITE: N_("White"), Side.BLACK: N_("Black")}


class WatchScene(Pacing, Scene):
    """A room watched on screen (see the module). `watcher_factory(url, code)`: a Watcher (the
    tests give one fed by hand)."""

    def __init__(self, app, url: str, code: str, watcher_factory=Watcher):
        Scene.__init__(self, app)
        Pacing.__init__(self)
        self.code = protocol.normal_code(code) or str(code)
        if watcher_factory is Watcher:      # the watcher's name, if the player gave one
            self.watcher = Watcher(url, self.code, name=app.settings.get("player_name") or None,
                                   follow_rematch=True)
        else:
            self.watcher = watcher_factory(url, self.code)
        self.hud = TableHud(BUTTONS)
        self.view = None                   # the rule set's board, once the relay names it
        self.options = None
        self.position = None               # the board as shown (behind the watcher while it plays)
        self.dice: tuple = ()
        self.to_move: Side | None = None
        self.score = {Side.WHITE: 0, Side.BLACK: 0}
        self.history: list = []            # (kind, words): "game" headings and "move" lines
        self._told_lines: dict = {}        # by (id, language, size, width): the entry, its lines
        self.queue: list = []              # the watcher's events not shown yet
        self.caption = ""                  # the last thing said, under the board
        self.troubles: dict = {}           # what is wrong now, by kind: Words
        self.watchers = 0
        self.failed = None                 # the words that ended the watch before it began
        self.over: MatchOver | None = None
        self.playback: DicePlayback | None = None
        self.flights: list[Flight] = []
        self.ripples: list[Ripple] = []
        self.hover = None
        self._after_dice = None            # what to do once the dice lie still
        self._after_flights = None
        self.handlers = {
            Watching: self._watching, PriorityThrown: self._priority, Thrown: self._thrown,
            Moved: self._moved, GameWon: self._game_won, MatchOver: self._match_over,
            Cheated: self._cheated, SideResigned: self._resigned, LeftSaved: self._resigned,
            PlayersPresent: self._players,
            WatchersCount: self._watchers, Refused: self._refused, Unreachable: self._refused,
            ConnectionLost: self._lost, Reconnected: self._reconnected,
            CannotFollow: self._refused, SideSaid: self._said, Rematched: self._rematched,
        }

    # --- the pace (Pacing's) ---------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Something is being shown: the next event waits for it."""
        return (self._timer is not None or bool(self.flights)
                or (self.playback is not None and not self.playback.settled))

    # --- each frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.queue += self.watcher.poll()
        for ripple in self.ripples:
            ripple.update(dt)
        self.ripples = [r for r in self.ripples if not r.done]
        if self.playback is not None:
            for event in self.playback.update(dt):
                if event[0] == "impact":
                    self.sound(event[1], event[2])
            if self.playback.settled and self._after_dice is not None:
                then, self._after_dice = self._after_dice, None
                then()
        if self.flights:
            self._fly(dt)
        self._tick(dt)                     # banners age, a pause ends
        while self.queue and not self.busy:
            self.catching_up = len(self.queue) > CATCH_UP
            dispatch(self.handlers, self.queue.pop(0), self)
        self.catching_up = False

    def leave(self) -> None:
        self.watcher.close()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hud.button_at(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.hud.button_at(event.pos) == "menu"):
            self.watcher.close()
            self.app.scenes.pop()

    # --- what the watcher says -----------------------------------------------------------------
    def _watching(self, event: Watching) -> None:
        self.options = event.options
        self.view = board_for(event.options.rules)
        self.position = event.options.rule_set.rules.start(Side.WHITE)
        self.watchers = event.watchers
        self.caption = event.words

    def _priority(self, event: PriorityThrown) -> None:
        self.dice, self.to_move = (), None
        self.position = self.options.rule_set.rules.start(event.first)
        self.caption = event.words
        self.history.append(("game", event.words))
        physics = random.Random(event.seed)       # each round in turn, as the players' screens
        rounds = list(event.rounds)

        def next_round():
            white, black = rounds.pop(0)
            if not self.pace:
                self.playback = None
                return done()
            attempts = toss((white, black), physics, thrower=(Side.WHITE, Side.BLACK))
            self.playback = DicePlayback(attempts, 1 / self.pace)
            self.sound("throw")
            self._after_dice = (lambda: tied(white)) if rounds else done

        def tied(number):
            self.banner(Words(N_("Both throw {n}: a tie - thrown again"), n=number), "note", TIE_HOLD)
            self._wait(self._pause(TIE_HOLD), next_round)

        def done():
            self.banner(Words(PLAYS_FIRST[("colour", event.first)]), "large", FIRST_HOLD)
            self.to_move = event.first
            self._wait(self._pause(FIRST_HOLD))
        next_round()

    def _thrown(self, event: Thrown) -> None:
        self.to_move, self.dice = event.side, tuple(event.dice)
        self.caption = event.words
        if not self.pace or self.view is None:
            self.playback = None
            return
        checkers = [c for _, loc, _, c in self.view.slots(self.position) if self.view.is_on_field(loc)]
        attempts = toss(event.dice, random.Random(event.seed), checkers, None, thrower=event.side)
        self.playback = DicePlayback(attempts, 1 / self.pace)
        self.sound("throw")

    def _moved(self, event: Moved) -> None:
        self.history.append(("move", Words(N_("{dice}: {move}"),
                                           dice=verbatim("-".join(map(str, event.dice))), move=event.words)))
        self.caption = event.words
        steps = list(event.move.steps)
        if not steps:
            self.banner(event.words, "note", FORCED_PASS_HOLD)
            self._landed(event, FORCED_PASS_HOLD)
            return
        if not self.pace:
            self._landed(event, 0.0)
            return
        rules = self.options.rule_set.rules

        def next_step(before):
            step = steps.pop(0)
            after = rules.play_steps(before, (step,))
            then = (lambda: self._wait(self._pause(WATCHED_STEP_PAUSE), lambda: next_step(after))) if steps \
                else (lambda: self._landed(event))
            self.position = before
            self._animate(before, after, step, then)
        next_step(event.before)

    def _landed(self, event: Moved, hold: float = MOVE_HOLD) -> None:
        """The move is on the board: the top bar names the side to throw next, as the players'."""
        self.position = event.after
        if event.next is not None:
            self.to_move = event.next
        if hold:
            self._wait(self._pause(hold))

    def _game_won(self, event: GameWon) -> None:
        self.score = dict(event.score)
        self.to_move, self.dice = None, ()
        self.history.append(("result", event.words))
        self.caption = event.words
        self.banner(Words(GAME_WON[("colour", event.winner)]), "large", GAME_OVER_HOLD)
        self._wait(self._pause(GAME_OVER_HOLD))

    def _match_over(self, event: MatchOver) -> None:
        self.over = event
        self.banners = []                  # the result card alone over the board
        self.score = dict(event.score)
        self.to_move = None
        self.history.append(("result", event.words))

    def _cheated(self, event: Cheated) -> None:
        self.history.append(("result", event.words))
        self.troubles["cheat"] = event.words

    def _resigned(self, event) -> None:
        """A resignation, or a game gone with Save and leave: in the history and under the board."""
        self.history.append(("result", event.words))
        self.caption = event.words

    def _players(self, event: PlayersPresent) -> None:
        absent = [side for side, present in event.present.items() if not present]
        if absent:
            self.troubles["players"] = PlayersPresent(event.present, tuple(absent)).words
        elif self.troubles.pop("players", None) is not None:
            self.banner(event.words, "note", MENDED_HOLD)

    def _watchers(self, event: WatchersCount) -> None:
        self.watchers = event.count

    def _refused(self, event) -> None:
        """Said once, the watch over: in the waiting card, or, once watching, over the board
        (CannotFollow too, in place of "trying again"); Esc leaves."""
        self.failed = event.words
        if self.options is not None:
            self.troubles = {"connection": event.words}
            self.caption = event.words

    def _said(self, event: SideSaid) -> None:
        """A player's few words: a note over the board (a banner covers no checker)."""
        self.banner(event.words, "note", MENDED_HOLD)

    def _rematched(self, event: Rematched) -> None:
        """The players play another match in the room: followed from its priority throw."""
        self.over = None
        self.score = {Side.WHITE: 0, Side.BLACK: 0}
        self.to_move, self.dice = None, ()
        self.history.append(("game", event.words))
        self._watching(Watching(self.code, event.options, self.watchers, {}))
        self.caption = event.words

    def _lost(self, event: ConnectionLost) -> None:
        self.troubles["connection"] = event.words

    def _reconnected(self, event) -> None:
        if self.troubles.pop("connection", None) is not None:
            self.banner(Words(N_("Connected again")), "note", MENDED_HOLD)

    # --- the checkers' glide (the table's) ----------------------------------------------------
    def _animate(self, before, after, step, then) -> None:
        self.flights = step_flights(self.view, before, after, step, self.pace)
        self.position = after
        self._after_flights = then

    def _fly(self, dt: float) -> None:
        for flight in self.flights:
            if flight.update(dt):
                self.sound(flight.sound, 0.8)
                self.ripples.append(Ripple(*flight.path[-1], HIT_RED if flight.delay else TRAIL))
        if all(f.done for f in self.flights):
            self.flights = []
            then, self._after_flights = self._after_flights, None
            if then:
                then()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.fill((24, 14, 8))
        w, h = surface.get_size()
        if self.view is None:
            self._draw_waiting(surface)
            return
        self.hud.layout((w, h))
        scale = self.hud.scale
        area = self.hud.board_area
        side_w = max(px(230, scale), round(area.w * 0.27))
        board_area = pygame.Rect(area.x, area.y, area.w - side_w - px(10, scale), area.h)
        self.view.fit(board_area)
        self.view.draw_board(surface)
        hidden = {f.slot for f in self.flights if not f.landed}
        for side, loc, index, (x, y) in self.view.slots(self.position):
            if (side, loc, index) not in hidden:
                self.view.draw_checker(surface, side, x, y)
        self.view.draw_labels(surface, self.position, frozenset(hidden))
        if self.playback is not None:
            self.playback.draw(surface, self.view)
        for ripple in self.ripples:
            self.view.ripple(surface, ripple)
        for flight in self.flights:
            x, y, height = flight.where()
            self.view.draw_checker(surface, flight.side, x, y, max(height, 6))
        draw_banners(surface, self.view, scale, self.banners)
        self._draw_troubles(surface, scale)
        history = pygame.Rect(board_area.right + px(10, scale), area.y, side_w, area.h)
        self._draw_history(surface, history, scale)
        if self.over is not None:
            self._draw_result(surface, scale)
        names = {side: self.side_name(side) for side in Side}
        state = HudState(names=names, scores=dict(self.score), length=self.options.length,
                         title=rules_title(self.options.rules), to_move=self.to_move,
                         prompt=self.prompt(), dice=self.dice if self.playback is None
                         or self.playback.settled else (), enabled={"menu"}, hover=self.hover,
                         clock=self.clock)
        self.hud.draw(surface, state)

    def side_name(self, side: Side) -> str:
        """The player's name (as the players gave it), else "White" or "Black"."""
        name = getattr(self.watcher, "name_of", lambda side: None)(side)
        return verbatim(name) if name else Words(SIDE_NAMES[side]).said()

    def prompt(self) -> str:
        """The line under the board: what was said last, and who watches."""
        said = shown(self.over.words if self.over is not None else self.caption or "")
        watching = watching_words(self.watchers)    # none while the relay is lost
        if watching is not None:
            said = _("{said} - {watching}", said=said, watching=shown(watching)) if said else shown(watching)
        return _("{said} - Esc: leave", said=said) if self.over is not None else said

    def _draw_waiting(self, surface) -> None:
        w, h = surface.get_size()
        scale = min(w / 960, h / 600)
        card = pygame.Rect(0, 0, round(w * 0.7), px(170, scale))
        card.center = (w // 2, h // 2)
        ui.panel(surface, card, scale)
        code = verbatim(protocol.shown_code(self.code)) if protocol.normal_code(self.code) else verbatim(self.code)
        heading = _("Watching room {code}", code=code)
        ui.blit_fitted(surface, heading, 34 * scale, pygame.Rect(card.x, card.y + px(20, scale), card.w,
                                                                 px(44, scale)), ui.INK, "title",
                       margin=px(20, scale))
        if self.failed is not None:
            words, colour = shown(self.failed), ui.RED
        else:
            dots = verbatim("." * (1 + int(self.clock * 2) % 3))
            words, colour = _("Asking the relay to let you in{dots}", dots=dots), ui.WALNUT
        self._paragraph(surface, words, 24 * scale, pygame.Rect(card.x + px(24, scale), card.y + px(74, scale),
                                                                card.w - px(48, scale), px(60, scale)), colour)
        ui.blit_fitted(surface, _("Esc: leave"), 20 * scale,
                       pygame.Rect(card.x, card.bottom - px(34, scale), card.w, px(26, scale)), ui.GREY)

    def _paragraph(self, surface, words, size, box, colour, lines: int = 2) -> int:
        fnt = ui.font(size)
        y = box.y
        for line in ui.wrap(words, fnt, box.w)[:lines]:
            ui.blit_text(surface, line, size, (box.x, y), colour, anchor="topleft", box=box)
            y += fnt.get_linesize()
        return y

    def _draw_troubles(self, surface, scale) -> None:
        if not self.troubles:
            return
        board = self.view.board_rect()
        lines = [shown(words) for words in self.troubles.values()]
        size = 21 * scale
        step = ui.font(size).get_linesize()
        ribbon = free_band(board, step * len(lines) + px(14, scale), checker_rects(self.view, self.position))
        plate = pygame.Surface(ribbon.size, pygame.SRCALPHA)
        plate.fill((*ui.WALNUT_DEEP, 225))
        surface.blit(plate, ribbon)
        y = ribbon.y + px(7, scale)
        for line in lines:
            ui.blit_fitted(surface, line, size, pygame.Rect(ribbon.x, y, ribbon.w, step), ui.GOLD_PALE,
                           margin=px(16, scale))
            y += step

    def _draw_history(self, surface, box: pygame.Rect, scale) -> None:
        """The match so far, the latest at the bottom: each game's heading, its moves in words."""
        ui.panel(surface, box, scale)
        inner = box.inflate(-px(24, scale), -px(24, scale))
        ui.blit_fitted(surface, _("History"), 24 * scale, pygame.Rect(inner.x, inner.y, inner.w, px(30, scale)),
                       ui.INK, "title")
        top = inner.y + px(36, scale)
        size = 17 * scale
        fnt = ui.font(size)
        step = fnt.get_linesize()
        room = max(1, (inner.bottom - top) // step)
        lines = []                         # whole entries, the latest last, as many as fit
        for kind, words in reversed(self.history[-HISTORY_LINES:]):
            colour = {"game": ui.WALNUT, "result": ui.RED}.get(kind, ui.INK)
            entry = [(line, colour) for line in self._told(words, fnt, size, inner.w)]
            if len(lines) + len(entry) > room:
                break
            lines[:0] = entry
        y = top
        for line, colour in lines:
            ui.blit_text(surface, line, size, (inner.x, y), colour, anchor="topleft", box=box)
            y += step

    def _told(self, words, fnt, size, width) -> list[str]:
        """An entry's lines said now and wrapped, made once a language and width (a move told is costly)."""
        key = (id(words), language(), size, width)      # Words hash by their English: costly
        kept = self._told_lines.get(key)
        if kept is None or kept[0] is not words:
            kept = self._told_lines[key] = (words, ui.wrap(shown(words), fnt, width))
        return kept[1]

    def _draw_result(self, surface, scale) -> None:
        """The match's end over the board, as a scoreboard says it."""
        board = self.view.board_rect()
        card = pygame.Rect(0, 0, round(board.w * 0.8), px(150, scale))
        card.center = board.center
        ui.panel(surface, card, scale)
        over = self.over
        ui.blit_fitted(surface, _(MATCH_WON[over.winner]), 36 * scale,
                       pygame.Rect(card.x, card.y + px(18, scale), card.w, px(46, scale)), ui.INK, "title",
                       margin=px(20, scale))
        won, lost = over.score[over.winner], over.score[over.winner.other]
        score = _(MATCH_SCORE[over.winner], won=won, lost=lost)
        ui.blit_fitted(surface, score, 24 * scale,
                       pygame.Rect(card.x, card.y + px(70, scale), card.w, px(30, scale)), ui.WALNUT,
                       margin=px(20, scale))
        ui.blit_fitted(surface, _("Esc: leave"), 20 * scale,
                       pygame.Rect(card.x, card.bottom - px(40, scale), card.w, px(26, scale)), ui.GREY)

