"""The table: a game played out on the board, throw by throw and move by move.

The scene is the screen side of the play flow (game/play/flow.py): it turns the mouse and the keys
into the flow's intents, and the flow's events into drawing, sound and animation - the dice
thrown with physics (re-throws named, C-2), doublets announced (C-4), checkers gliding along
the points and hit checkers knocked off, the computer's turns at a pace a person can follow.
The board itself is the rule set's `Board` (game/scenes/boards.py); the drawing of the turn is
in table_draw.py, the mouse and keys in table_controls.py. The match and its saving belong to the host's match keeper.
"""
from game.play import flow as f
from game.dice import toss
from game.play.flow import GameFlow, Stage
from game.base.i18n import N_, Words
from game.play.players import computer_players, title_words, verb_words
from game.play.match import Phase
from game.scenes.host import Host
from game.rules import Side
from game.scenes.table.online import OnlinePlay
from game.scenes.table.paced import PacedScene
from game.scenes.table.controls import TableControls
from game.scenes.table.keys import PointKeys
from game.scenes.table.draw import HIT_RED, TRAIL, TableDrawing, numbers_said
from game.view.animation import Flight, Ripple
from game.view.dice_playback import DicePlayback
from game.view.table_hud import TABLE_BUTTONS, TableHud

# Pacing at "normal" speed (seconds); the animation-speed setting scales them.
COMPUTER_THROW_DELAY = 1.0     # after the turn passes to the computer, before it throws (U still works)
AFTER_PASS_THROW_DELAY = 0.4   # the same right after a forced pass: a run of passes goes quickly
THINK = 0.55                   # the computer "looks" at its dice before moving
STEP_PAUSE = 0.3               # between the steps of a computer's turn
PASS_HOLD = 1.7                # "only one play - played by itself" stays this long
FORCED_PASS_HOLD = 1.2         # a forced pass's one notice (whose pass, and why) stays this long
FORCED_THROW_RATE = 3.0        # a throw nothing can be played with is shown this much faster (the
                               # faces are the session's all the same: only the film is quicker)
GAME_OVER_HOLD = 2.4
MOVE_BASE, MOVE_PER_POINT = 0.2, 0.06
HIT_FLIGHT = 0.6
CAUSE_TEXT = {"on the rail": N_("On the rail"), "off the board": N_("Off the board"), "tilted": N_("Tilted")}
REFUSAL_HOLD = 6.0             # seconds a refused move's reason stays on the board (or until the next action)
CAPTION_HOLD = 6.0             # seconds the computer's move stays said once it has landed


class TableScene(OnlinePlay, TableControls, TableDrawing, PacedScene):
    def __init__(self, host: Host):
        super().__init__(host)
        self.online_setup()
        s = self.session
        self.hud = TableHud(TABLE_BUTTONS)
        self.hints_rect = None
        self.card_rects: dict = {}
        self.flow: GameFlow | None = None
        self.choice = None                 # the person's turn in progress (flow.choice, a snapshot)
        if s.phase in (Phase.THROW, Phase.MOVE):     # the computers' tables start loading now
            thinkers, advisor = computer_players(s, thread=True)
            if self.link is not None:           # the friend's moves arrive through the link
                thinkers.update({side: self.link.thinker() for side in Side if s.is_remote(side)})
            self.flow = GameFlow(s, host.match.save, thinkers, advisor, self._touch_setting(),
                                 **self.dealt())
        self.playback: DicePlayback | None = None
        self.flights: list[Flight] = []
        self.ripples: list[Ripple] = []    # landings made visible
        self.keyboard = False              # the keyboard was used last: show cursor and numbers
        self.hover = None                  # the HUD button under the mouse
        self.note = ""                     # a short notice (Words) shown instead of the prompt for a while
        self.refused: f.MoveRefused | None = None   # the last refused move: its rule and reason, on the board
        self._refused_left = 0.0
        self.caption = None                # the computer's move being said: {side, before, dice, move, left}
        self.history_open = False          # the move history panel (HISTORY_KEY, or its button)
        self.history_scroll = 0            # rows scrolled up from the latest
        self._note_left = 0.0
        self._press = None                 # mouse press: {"pos", "origin" or "fling", samples}
        self._drag_at = None               # board position of a checker being dragged
        self._fling = None                 # the mouse fling of the throw asked for
        self._dropped_at = None            # where a dragged checker was let go
        self._after_flights = None
        self._started = False
        self._hand = False                 # the mouse cursor is a hand
        self._last_click = None            # (location, time) of the last click on a checker
        self.point_keys = PointKeys(self.session.options.rules)   # a point typed by its number
        self._after_pass = False           # the last throw could not be played
        self._held = []                    # keys and clicks made while the person's checker moves

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
    def rules(self):
        return self.session.rules

    def _touch_setting(self) -> bool:
        """The match's touch-move, or the player's setting; with a friend elsewhere, the host's
        choice for both."""
        if self.link is not None:
            return bool(self.session.options.touch_move)
        return bool(self.session.options.touch_move or self.app.settings.get("touch_move", False))

    def _say(self, words, seconds: float = 4.0) -> None:
        """A short notice in place of the prompt ("Nothing to take back"), gone after a while;
        `words` are Words, said when drawn (in the language of that frame)."""
        self.note, self._note_left = words, seconds

    def _human_turn(self) -> bool:
        """The person at this screen is to play (not the computer, nor the friend elsewhere)."""
        return self.session.is_person(self.session.to_move)

    # --- the flow's events -------------------------------------------------------------------
    def enter(self) -> None:
        if self._started:                  # back from the pause menu: the settings may have changed
            if self.flow:
                self.flow.touch_move = self._touch_setting()
            return
        self._started = True
        if self.flow is None:              # not a game in play: the scene for where the match is
            self.app.show_match()
            return
        self.react(self.flow.start())
        self.take_choice()

    def react(self, events) -> None:
        """Show what the flow says happened (its events), in order; then, if anything did, take
        the turn in progress as it now stands."""
        for event in events:
            handler = getattr(self, "_on_" + type(event).__name__, None)
            if handler:
                handler(event)
        if events:
            self.take_choice()

    def take_choice(self) -> None:
        """The person's turn in progress, as the flow shows it now (a snapshot to draw from)."""
        self.choice = self.flow.choice if self.flow else None

    def _proceed(self) -> None:
        self.react(self.flow.proceed())

    def _on_TurnBegan(self, event: f.TurnBegan) -> None:
        if event.computer:
            delay = AFTER_PASS_THROW_DELAY if self._after_pass else COMPUTER_THROW_DELAY
            self._wait(self._pause(delay), self._proceed)

    def _on_ThrowStarted(self, event: f.ThrowStarted) -> None:
        s = self.session
        self.refused = None
        checkers = [c for _, loc, _, c in self.view.slots(self.shown) if self.view.is_on_field(loc)]
        rate = 0 if event.resumed or not self.pace else 1 / self.pace   # resumed: where they fell
        if event.forced and rate:
            rate *= FORCED_THROW_RATE
        fling, self._fling = self._fling, None
        self._after_pass = event.forced
        attempts = toss(event.dice, s.physics_rng(), checkers, fling, thrower=str(event.side))
        self.playback = DicePlayback(attempts, rate)
        if event.resumed:
            self._proceed()
            return
        self._say("")
        self._sound("throw")
        if self.playback.settled:
            for cause in self.playback.causes:
                self.react(self.flow.rethrown(cause))
            self._proceed()

    def _on_ThrowTakenAgain(self, event: f.ThrowTakenAgain) -> None:
        attempt = self.playback.index + 2 if self.playback is not None else 2   # the one coming
        cause = Words(CAUSE_TEXT[event.cause]) if event.cause in CAUSE_TEXT else event.cause
        self._banner(Words(N_("{cause} - thrown again (throw {n})"), cause=cause, n=attempt), "note", 0.8)

    def _on_Announced(self, event: f.Announced) -> None:
        if event.name:                     # the doublets' old names (C-4) are the same in every language
            words = Words(N_("{name}!"), name=event.name)
        else:
            words = Words(N_("Triplet of {n}s!"), n=event.number)
        self._banner(words, "large", 1.3)

    def _on_TurnPassed(self, event: f.TurnPassed) -> None:
        self._banner(pass_said(self.session, event.side, event.rule), "note", FORCED_PASS_HOLD)
        self._wait(self._pause(FORCED_PASS_HOLD), self._proceed)

    def _on_NumbersLost(self, event: f.NumbersLost) -> None:
        self._say(Words(N_("{side}: {numbers} cannot be played ({rule})"), side=title_words(self.session, event.side),
                        numbers=numbers_said(event.numbers), rule=event.rule), 5.0)

    def _on_PlayedForYou(self, event: f.PlayedForYou) -> None:
        self._banner(Words(N_("{side}: only one play, {move} - played by itself"),
                           side=title_words(self.session, event.side),
                           move=self.view.say_move(str(event.side), event.move)), "note", PASS_HOLD)

    def _on_BearingOffBegun(self, event: f.BearingOffBegun) -> None:
        self._banner(verb_words(self.session, event.side, "begin bearing off"), "note", 2.0)

    def _on_ThinkingStarted(self, event: f.ThinkingStarted) -> None:
        # Until its tables are loaded the computer plays by feel (always a legal move).
        self._say("" if event.ready else Words(N_("The computer is still studying the game: it plays by feel for now")))
        self._wait(self._pause(THINK), self._proceed)

    def _on_Picked(self, event) -> None:
        self._sound("click", 0.5)
        self._say("")
        self.refused = None

    def _on_ComputerMoved(self, event: f.ComputerMoved) -> None:
        """The computer's move is said as it starts (table_cards), and the card keeps off its way."""
        self.caption = {"side": event.side, "before": event.before, "dice": event.dice, "move": event.move,
                        "after": event.after, "left": None}

    def _on_StepPlayed(self, event: f.StepPlayed) -> None:
        dropped, self._dropped_at = self._dropped_at, None
        self.refused = None
        if event.by == "computer" and event.last and self.caption is not None:
            self.caption["left"] = CAPTION_HOLD     # then stays long enough to read once it has landed
        if event.by == "computer" and not event.last:
            then = lambda: self._wait(self._pause(STEP_PAUSE), self._proceed)  # noqa: E731
        else:
            then = self._proceed
        self._animate(event.before, event.after, event.step, then, dropped if event.dropped else None)

    def _on_StepTakenBack(self, event) -> None:
        self._say("")
        self._sound("click")

    def _on_MoveTakenBack(self, event) -> None:
        self._timer = None                 # the computer does not throw after all

    def _on_MoveRefused(self, event: f.MoveRefused) -> None:
        """A refused move says why on the board: its rule, the rule's name and the reason."""
        self.refused, self._refused_left = event, REFUSAL_HOLD
        self._say("")

    def _on_Notice(self, event: f.Notice) -> None:
        self._say(event.words)

    def _on_GameOver(self, event: f.GameOver) -> None:
        outcome = event.outcome
        self.banners = []                  # the result alone, over nothing said before it
        self.refused = None
        self._banner(verb_words(self.session, outcome.winner, "win"), "large", GAME_OVER_HOLD, result=True)
        why = event.why or Words("{n} point", "{n} points", outcome.points, n=outcome.points)
        self._banner(why, "note", GAME_OVER_HOLD, result=True)
        self._wait(self._pause(GAME_OVER_HOLD), self.app.show_match)

    def _on_Resigned(self, event) -> None:
        if self.link is not None:           # the friend elsewhere is told
            self.link.resign()
        self.app.match.abandon()
        self.app.to_title()

    # --- animation ---------------------------------------------------------------------------
    def _animate(self, before, after, step, then, dropped_at=None) -> None:
        """Show one step: the checker glides along the points (or settles from where it was
        dropped); a checker it hits is knocked off with an arc once it arrives."""
        view, mover = self.view, before.to_move
        side = str(mover)
        landing = (side, step.destination, after.checkers(mover).count(step.destination) - 1)
        end = view.checker_centre(*landing)
        if dropped_at is not None:
            path = [dropped_at, end]
            duration = 0.12 * self.pace
        else:
            start = view.checker_centre(side, step.origin, before.checkers(mover).count(step.origin) - 1)
            path = view.path(side, step.origin, step.destination, start, end)
            distance = step.destination - max(step.origin, 0)
            duration = (MOVE_BASE + MOVE_PER_POINT * distance) * self.pace
        self.flights = [Flight(side, path, duration, slot=landing, sound="hit" if step.hit else "checker")]
        if step.hit:
            other = mover.other
            new_loc = _arrived(before.checkers(other), after.checkers(other))
            slot = (str(other), new_loc, after.checkers(other).count(new_loc) - 1)
            start = view.checker_centre(str(other), step.destination, 0)
            self.flights.append(Flight(str(other), [start, view.checker_centre(*slot)], HIT_FLIGHT * self.pace,
                                       delay=duration, arc=90, slot=slot, sound="checker"))
        self._after_flights = then

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
            for flight in self.flights:
                if flight.update(dt):
                    self._sound(flight.sound, 0.8)
                    if self.pace:
                        self.ripples.append(Ripple(*flight.path[-1], TRAIL))
                        if flight.sound == "hit":   # the knock, where the hit checker is struck
                            self.ripples += [Ripple(*f.path[0], HIT_RED, 0.5, 1.0) for f in self.flights if f.delay]
            if all(f.done for f in self.flights):
                self.flights = []
                then, self._after_flights = self._after_flights, None
                if then:
                    then()
        if self.flow is not None:
            if self.stage is Stage.CHOOSE:
                typed = self.point_keys.typed
                location = self.point_keys.tick(dt, str(self.session.to_move))
                if typed and not self.point_keys.typed:
                    self._point_key(location, typed)
            self.poll_link()
            if not self.ended:
                self.react(self.flow.poll())
            self.play_held()
        self._tick(dt)

    def _dice_event(self, event) -> None:
        kind = event[0]
        if kind == "impact":
            self._sound(event[1], event[2])
        elif kind == "invalid":
            self.react(self.flow.rethrown(event[1]))
        elif kind == "settled" and self.stage is Stage.ROLL:
            self._proceed()


def pass_said(session, side, rule: str) -> Words:
    """A forced pass in one short notice: whose pass, and why ("You cannot play 2-5 - the turn
    passes (TC-7)"), said when shown."""
    dice = "-".join(map(str, session.dice or ()))
    return verb_words(session, side, "pass", dice=dice, rule=rule)


def _arrived(before: tuple, after: tuple) -> int:
    """The location a side gained between two positions (where its hit checker went)."""
    rest = list(before)
    for loc in after:
        if loc in rest:
            rest.remove(loc)
        else:
            return loc
    return 0

