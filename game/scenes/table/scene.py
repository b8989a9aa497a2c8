"""The table: a game played out on the board, throw by throw and move by move.

The scene is the screen side of the play flow (game/play/flow.py): it turns the flow's events
into drawing, sound and animation - the dice thrown with physics (re-throws named, C-2), doublets
announced (C-4), checkers gliding along the points and hit checkers knocked off, the computer's
turns at a pace a person can follow. It owns the flow, the turn in progress and what is said
about it (said.py); its parts own the rest: the mouse and keys (controls.py, `input`), the
picture (draw.py, `drawing`), the cards of words (cards.py, `cards`), the friend elsewhere
(online/playing.py, `online`). The parts see the table as one value (snapshot.py) and ask the
scene's intents (throw, pick, drop, end_move, take_back...), never the flow nor each other. The
board is the rule set's (game/scenes/boards.py); the match's saving, the host's match keeper.

A scene built on the table (the tutorial) changes it through HOOKS alone: the handlers by event
type (`event_handlers()`) above all.
"""
from game.base.dispatch import dispatch, nothing
from game.dice import toss
from game.play import events as ev
from game.play.flow import GameFlow
from game.play.stage import Stage
from game.play.session import Phase
from game.play.players import computer_players
from game.play.sides import verb_words
from game.rules import Move, Side
from game.rules.refusals import MoveRefused
from game.rules.telling import meaning_of
from game.saves.settings import END_MOVE_AFTER
from game.scenes.host import Host
from game.scenes.table import said
from game.scenes.table.cards import TableCards
from game.scenes.table.controls import TableInput
from game.scenes.table.draw import TableDrawing
from game.scenes.table.flights import fly, step_flights
from game.scenes.table.pacing import (AFTER_PASS_THROW_DELAY, CAPTION_HOLD, COMPUTER_THROW_DELAY,
    ENDED_THROW_DELAY, FORCED_PASS_HOLD, FORCED_THROW_RATE, GAME_OVER_HOLD, MEANING_HOLD, PASS_HOLD,
    REFUSAL_HOLD, STEP_PAUSE, THINK)
from game.scenes.table.rest import table_rest
from game.scenes.online.playing import OnlinePlay, end_early, friends_link
from game.scenes.paced import PacedScene
from game.scenes.table.snapshot import Caption, TableSnapshot
from game.view.animation import Flight, Ripple
from game.view.dice_playback import DicePlayback
from game.view.table_hud import TABLE_BUTTONS, TableHud

#: What a scene built on the table may override (tests/test_scene_events.py holds the tutorial
#: to them): everything else is the table's own, free to change.
HOOKS = frozenset({"touch_move", "event_handlers", "react", "throw", "hud_state",
                   "enter", "update", "handle_event", "draw"})


class TableScene(PacedScene):
    def __init__(self, host: Host):
        super().__init__(host)
        s = self.session
        self.online = OnlinePlay(friends_link(host, s), s, self.view, banner=self.banner, say=self.say,
                                 end=lambda words: end_early(host, words))
        self.hud = TableHud(TABLE_BUTTONS)
        self.flow: GameFlow | None = None
        self.choice = None                 # the person's turn in progress (flow.choice, a snapshot)
        if s.phase in (Phase.THROW, Phase.MOVE):     # the computers' tables start loading now
            thinkers, advisor = computer_players(s, thread=True)
            if self.link is not None:           # the friend's moves arrive through the link
                thinkers.update({side: self.link.thinker() for side in Side if s.is_remote(side)})
            self.flow = GameFlow(s, host.keeper.save, thinkers, advisor, self.touch_move(),
                                 player_ends=self.link is None, **self.online.dealt())
        self.playback: DicePlayback | None = None
        self.flights: list[Flight] = []
        self.ripples: list[Ripple] = []    # landings made visible
        self.note = ""                     # a short notice (Words) shown instead of the prompt for a while
        self.refused: MoveRefused | None = None   # the last refused move: its rule and reason, on the board
        self._refused_left = 0.0
        self.caption = None                # the computer's move being said: {side, before, dice, move, left}
        self._note_left = 0.0
        self._fling = None                 # the mouse fling of the throw asked for
        self._dropped_at = None            # where a dragged checker was let go
        self._after_flights, self._started = None, False
        self._after_pass = False           # the last throw could not be played
        self._ending = None                # seconds until a move whole on the board ends by itself
        self._ended = False                # the person ended their move: the computer throws sooner
        self._move_said = False            # a whole move's take-back was said: its last step is not
        self._taken_from = None            # a move taken back but its last pick: said with that step
        self.input = TableInput(self, self.view, host, s.rules)
        self.cards = TableCards(self.view, host)
        self.drawing = TableDrawing(self.view, host)
        self.handlers = self.event_handlers()

    # --- what is shown -----------------------------------------------------------------------
    @property
    def stage(self) -> Stage:
        return self.flow.stage if self.flow else Stage.OVER

    @property
    def shown(self):
        return self.flow.shown if self.flow else None

    @property
    def hints(self):
        return self.flow.hints if self.flow else None

    @property
    def dice_wait(self) -> bool:
        return self.online.dice_wait

    @property
    def link(self):
        return self.online.link

    def touch_move(self) -> bool:
        """The match's touch-move, or the player's setting (with a friend elsewhere: the host's)."""
        if self.link is not None:
            return bool(self.session.options.touch_move)
        return bool(self.session.options.touch_move or self.app.settings.get("touch_move", False))

    def say(self, words, seconds: float = 4.0) -> None:
        """A short notice in place of the prompt, gone after a while (Words, said when drawn)."""
        self.note, self._note_left = words, seconds

    def human_turn(self) -> bool:
        """The person at this screen is to play (not the computer, nor the friend elsewhere)."""
        return self.session.is_person(self.session.to_move)

    def snapshot(self) -> TableSnapshot:
        """The table now, as its parts see it."""
        flow, c = self.flow, self.caption
        turn = dict(marks=flow.dice_marks(), last_move=flow.last_move, can_undo=flow.can_undo,
                    hints_allowed=flow.hints_allowed, takes_reply=flow.takes_reply) if flow else {}
        return TableSnapshot(
            **turn, session=self.session, stage=self.stage, shown=self.shown, choice=self.choice, hints=self.hints,
            human_turn=self.human_turn(), dice_wait=self.dice_wait, note=self.note, refused=self.refused,
            playback=self.playback, caption=c and Caption(c["side"], c["before"], c["dice"], c["move"], c["after"]),
            flights=tuple(self.flights), ripples=tuple(self.ripples), banners=tuple(self.banners),
            clock=self.clock, hand=self.input.hand(), history_open=self.cards.history_open)

    def hud_state(self):
        return self.drawing.hud_state(self.snapshot())

    def button_at(self, pos) -> str | None:
        """The bar's button at a screen position, if any."""
        return self.hud.button_at(pos)

    # --- intents (the input's, and the tests') ---------------------------------------------------
    def throw(self, fling=None) -> None:
        """The person to move throws (a mouse fling says where from and how hard)."""
        self._fling = fling
        self.react(self.flow.throw())
        self._fling = None

    def pick(self, origin: int) -> None:
        self.react(self.flow.pick(origin))

    def drop(self, destination: int | None = None, dropped_at=None) -> None:
        """The picked checker goes to `destination` (let go at `dropped_at` if dragged there), or
        back where it was (None)."""
        self._dropped_at = dropped_at
        self.react(self.flow.drop(destination, dragged=dropped_at is not None))

    def furthest(self, origin: int) -> None:
        """A double-click: the checker goes as far as it can this turn."""
        self.react(self.flow.furthest(origin))

    def move_cursor(self, delta: int) -> None:
        """The keyboard's cursor, to the next option (1) or the one before (-1)."""
        self.react(self.flow.move_cursor(delta))
        self.take_choice()

    def toggle_history(self) -> None:
        self.cards.toggle_history()

    def scroll_history(self, rows: int) -> None:
        self.cards.scroll_history(rows)

    def take_back(self) -> None:
        self.react(self.flow.undo())

    def end_move(self) -> None:
        """The person ends their move, whole on the board (Space, Enter, a click on the dice)."""
        if self.flow is not None and self.flow.move_complete:
            self._ending = None
            self._ended = True
            self.react(self.flow.end_move())

    def show_hints(self) -> None:
        self.react(self.flow.hint())

    # --- the flow's events -------------------------------------------------------------------
    def enter(self) -> None:
        if self._started:                  # back from the pause menu: the settings may have changed
            if self.flow:
                self.flow.touch_move = self.touch_move()
                if self.flow.move_complete:  # the pause it ends after, counted again from now
                    self._move_complete(None)
            return
        self._started = True
        if self.flow is None:              # not a game in play: the scene for where the match is
            self.app.show_match()
            return
        self.react(self.flow.start())
        self.take_choice()

    def react(self, events) -> None:
        """Show what the flow says happened (its events), in order; then, if anything did, take
        the turn in progress as it now stands. An event with no handler is an error: one the
        table did not show (a pass, a refusal) would go unsaid without anyone noticing."""
        for event in events:
            dispatch(self.handlers, event, self)
        if events:
            self._move_said = False
            self.take_choice()

    def event_handlers(self) -> dict:
        """Every event the flow sends, by type; the ones with nothing to show are named too."""
        return {
            ev.TurnBegan: self._turn_began, ev.ThrowStarted: self._throw_started,
            ev.ThrowTakenAgain: self._thrown_again, ev.Announced: self._announced,
            ev.TurnPassed: self._turn_passed, ev.NumbersLost: self._numbers_lost,
            ev.PlayedForYou: self._played_for_you, ev.BearingOffBegun: self._bearing_off,
            ev.ThinkingStarted: self._thinking, ev.Picked: self._picked,
            ev.OpponentMoved: self._computer_moved, ev.StepPlayed: self._step_played,
            ev.StepTakenBack: self._step_taken_back, ev.MoveTakenBack: self._move_taken_back,
            ev.MoveComplete: self._move_complete,
            MoveRefused: self._move_refused, ev.Notice: lambda event: self.say(event.words),
            ev.GameOver: self._game_over, ev.Resigned: self._resigned,
            # Drawn from the turn in progress (take_choice) or the flow's hints, not from the event:
            ev.ChoiceOffered: nothing, ev.PutBack: nothing, ev.TurnEnded: nothing,
            ev.HintsShown: nothing, ev.HintsHidden: nothing,
        }

    def take_choice(self) -> None:
        """The person's turn in progress, as the flow shows it now (a snapshot to draw from)."""
        self.choice = self.flow.choice if self.flow else None

    def _proceed(self) -> None:
        self.react(self.flow.proceed())

    def _turn_began(self, event: ev.TurnBegan) -> None:
        ended, self._ended = self._ended, False
        if event.opponent:
            delay = AFTER_PASS_THROW_DELAY if self._after_pass else (
                ENDED_THROW_DELAY if ended else COMPUTER_THROW_DELAY)
            self._wait(self._pause(delay), self._proceed)

    def _throw_started(self, event: ev.ThrowStarted) -> None:
        self.refused = None
        rate = 0 if event.resumed or not self.pace else 1 / self.pace   # resumed: where they fell
        if event.forced and rate:
            rate *= FORCED_THROW_RATE
        fling, self._fling = self._fling, None
        self._after_pass = event.forced
        self._toss(event.dice, event.side, fling, rate)
        if event.resumed:
            self._proceed()
            return
        self.say("")
        self.sound("throw")
        if self.playback.settled:
            for cause in self.playback.causes:
                self.react(self.flow.rethrown(cause))
            self._proceed()

    def _thrown_again(self, event: ev.ThrowTakenAgain) -> None:
        attempt = self.playback.index + 2 if self.playback is not None else 2   # the one coming
        self.banner(said.thrown_again(event.cause, attempt), "note", 0.8)

    def _announced(self, event: ev.Announced) -> None:
        self.banner(said.announced(event), "large", 1.3)
        told = self.session.names_told
        if (event.name or event.kind) not in told:       # the first time in the match: what it means
            told.add(event.name or event.kind)
            self.banner(meaning_of(event), "note", MEANING_HOLD)

    def _turn_passed(self, event: ev.TurnPassed) -> None:
        self.banner(said.passed(self.session, event), "note", FORCED_PASS_HOLD)
        self._wait(self._pause(FORCED_PASS_HOLD), self._proceed)

    def _numbers_lost(self, event: ev.NumbersLost) -> None:
        self.say(said.numbers_lost(self.session, event), 5.0)

    def _played_for_you(self, event: ev.PlayedForYou) -> None:
        self.banner(said.played_for_you(self.session, event), "note", PASS_HOLD)

    def _bearing_off(self, event: ev.BearingOffBegun) -> None:
        self.banner(verb_words(self.session, event.side, "begin bearing off"), "note", 2.0)

    def _thinking(self, event: ev.ThinkingStarted) -> None:
        self.say(said.thinking(event))
        self._wait(self._pause(THINK), self._proceed)

    def _picked(self, event: ev.Picked) -> None:
        self.sound("click", 0.5)
        self.say("")
        self.refused = None

    def _computer_moved(self, event: ev.OpponentMoved) -> None:
        """The computer's move is said as it starts (cards.py), and the card keeps off its way."""
        self.caption = {"side": event.side, "before": event.before, "dice": event.dice, "move": event.move,
                        "after": event.after, "left": None}

    def _step_played(self, event: ev.StepPlayed) -> None:
        dropped, self._dropped_at = self._dropped_at, None
        self.refused = None
        if event.by == "opponent" and event.last and self.caption is not None:
            self.caption["left"] = CAPTION_HOLD     # then stays long enough to read once it has landed
        if event.by == "opponent" and not event.last:
            then = lambda: self._wait(self._pause(STEP_PAUSE), self._proceed)  # noqa: E731
        else:
            then = self._proceed          # once its checkers have landed
        self.flights = step_flights(self.view, event.before, event.after, event.step, self.pace,
                                    dropped if event.dropped else None)
        self._after_flights = then

    def _step_taken_back(self, event: ev.StepTakenBack) -> None:
        self._ending = None
        step = said.said_move(self.session, Move((event.step,)))
        taken_from, self._taken_from = self._taken_from, None
        if taken_from is not None or not self._move_said:   # not said with the whole move
            self.say(said.step_taken_back(step, taken_from), 4.0 if taken_from is None else 6.0)
        self.sound("click")

    def _move_taken_back(self, event: ev.MoveTakenBack) -> None:
        """Said as it was taken back: the move (with the computer's reply), or its last step."""
        self._timer = None                 # the computer does not throw after all
        self._ending = None
        self._move_said = True
        move, words = said.move_taken_back(self.session, event)
        if event.reply is not None:        # the computer's reply is gone: its words and its dice too;
            self.caption = None            # the person's own throw lies where it fell again
            self._toss(self.session.dice, event.side, None, 0)
        if words is None:                  # its last pick-and-drop follows: said there
            self._taken_from = move
            return
        self.say(words, 6.0)
        self.sound("click")

    def _toss(self, dice, side, fling, rate: float) -> None:
        """The dice thrown on the board (the session's physics seed), off the checkers there."""
        checkers = [c for _, loc, _, c in self.view.slots(self.shown) if self.view.is_on_field(loc)]
        self.playback = DicePlayback(toss(dice, self.session.physics_rng(), checkers, fling, thrower=side), rate)

    def _move_complete(self, event: ev.MoveComplete | None) -> None:
        """The move is whole: the person ends it, or it ends after the pause set ("end_move_after")."""
        self._ending = END_MOVE_AFTER.means(str(self.app.settings.get("end_move_after", END_MOVE_AFTER.default)))

    def _move_refused(self, event: MoveRefused) -> None:
        """A refused move says why on the board (a card): its rule, the rule's name, the reason."""
        self.refused, self._refused_left = event, REFUSAL_HOLD
        self.say("")

    def _game_over(self, event: ev.GameOver) -> None:
        self.banners = []                  # the result alone, over nothing said before it
        self.refused = None
        won, why = said.game_over(self.session, event)
        self.banner(won, "large", GAME_OVER_HOLD, result=True)
        self.banner(why, "note", GAME_OVER_HOLD, result=True)
        # The review's weighing begins during the pause, for the scoreboard's Review (issue 40).
        from game.scenes.learn.review_weighing import weigh_ahead
        weigh_ahead(self.session, wanted=lambda: self.app.keeper.session is self.session)
        self._wait(self._pause(GAME_OVER_HOLD), self.app.show_match)

    def _resigned(self, event: ev.Resigned) -> None:
        if self.link is not None:           # the friend elsewhere is told
            self.link.resign()
        self.app.keeper.abandon()
        self.app.to_title()

    # --- animation ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._note_left -= dt
        if self._note_left <= 0:
            self.note = ""
        self._refused_left -= dt
        if self._refused_left <= 0:
            self.refused = None
        if self.caption is not None and self.caption["left"] is not None:
            self.caption["left"] -= dt
            if self.caption["left"] <= 0:
                self.caption = None
        if self.playback is not None:
            for event in self.playback.update(dt):
                self._dice_event(event)
        for ripple in self.ripples:
            ripple.update(dt)
        self.ripples = [r for r in self.ripples if not r.done]
        if self.flights:
            self._fly(dt)
        if self._ending is not None:
            self._ending -= dt
            if self._ending <= 0:
                self._ending = None
                self.end_move()
        if self.flow is not None:
            self.input.tick(dt)
            self.online.poll()
            if not self.online.ended:
                self.react(self.flow.poll())
            self.input.play_held()
        self._tick(dt)

    def _fly(self, dt: float) -> None:
        for sound, ripples in fly(self.flights, dt, self.pace):
            self.sound(sound, 0.8)
            self.ripples += ripples
        if all(f.done for f in self.flights):
            self.flights = []
            then, self._after_flights = self._after_flights, None
            if then:
                then()

    def _dice_event(self, event) -> None:
        kind = event[0]
        if kind == "impact":
            self.sound(event[1], event[2])
        elif kind == "invalid":
            self.react(self.flow.rethrown(event[1]))
        elif kind == "settled" and self.stage is Stage.ROLL:
            self._proceed()

    # --- the Scene calls, to the parts ---------------------------------------------------------
    next_frame = table_rest
    def handle_event(self, event) -> None:
        if self.flow is not None and not self.online.handle_event(event, self.app):
            self.input.handle_event(event)

    def draw(self, surface) -> None:
        """The parts in layers, over the board and the turn: the link's ribbon, the hints (off
        the ribbon), the banners (off the dice, the ribbon, the hints and the history), the cards
        (off all of them), the bars. No notice covers another."""
        hud = self.hud
        hud.layout(surface.get_size())
        self.view.fit(hud.board_area)
        t = self.snapshot()
        self.drawing.draw(surface, t, hud.scale)
        self.online.draw(surface, hud.scale, t.clock, t.shown, t.dice_wait)
        keep_off = [self.online.ribbon] if self.online.ribbon else []
        history = self.cards.history_rect if t.history_open else None
        if t.hints:
            keep_off.append(self.drawing.draw_hints(surface, t, hud.scale, history, keep_off))
        banners = self.drawing.draw_banners(surface, t, hud.scale, keep_off + ([history] if history else []))
        self.cards.draw(surface, t, hud.scale, hud.board_area, banners + keep_off)
        hud.draw(surface, self.hud_state())

    def leave(self) -> None:
        self.input.leave()
