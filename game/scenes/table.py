"""The table: a game of Tourne Case played out on the tablier, throw by throw and move by move.

The scene drives `app.session` (game.match.Session) and shows it: the dice thrown with physics
(re-throws named, C-2), the played die highlighted and the other dimmed (TC-1), doublets
announced by their old names (C-4), checkers gliding along the points and hit checkers knocked
off, the computer's turns at a pace a person can follow. A human composes a turn step by step
(table_input.Chooser) with the mouse (click or drag) or the keyboard; only legal destinations
light up. The session is saved after every throw and every move.
"""
import copy
import math
import random
import time

import pygame

from game import geometry as g
from game.computer import LEVELS, Computer, hints
from game.dice import toss
from game.match import Phase, Session
from game.rules import BAR, DOUBLET_NAMES, IllegalMoveError, Move, Side
from game.scenes.base import Scene
from game.scenes.table_input import Chooser
from game.view import board_view as bv
from game.view.animation import Banner, Flight, Ripple, speed_factor
from game.view.dice_playback import DicePlayback
from game.view.table_hud import HudState, TableHud, draw_die_face
from game.view.widgets import GOLD_PALE, IVORY, blit_text

# Pacing at "normal" speed (seconds); the animation-speed setting scales them.
COMPUTER_THROW_DELAY = 1.0     # after the turn passes to the computer, before it throws (U still works)
THINK = 0.55                   # the computer "looks" at its dice before moving
STEP_PAUSE = 0.3               # between the two steps of a Bell turn
PASS_HOLD = 1.7                # "no move - the turn passes" stays this long
GAME_OVER_HOLD = 2.4
MOVE_BASE, MOVE_PER_POINT = 0.2, 0.06
HIT_FLIGHT = 0.6
DRAG_START_PX = 6              # a press that moves further than this is a drag, not a click

HINT_GREEN = (120, 220, 140)
HIT_RED = (225, 70, 50)
TRAIL = (250, 240, 215)
WHITE_RING = (250, 250, 250)
CAUSE_TEXT = {"on the rail": "On the rail", "off the board": "Off the board", "tilted": "Tilted"}


class PacedScene(Scene):
    """What the table and the priority throw share: the board and its bars, and the pace of
    their animations (the animation-speed setting) and sounds."""

    def __init__(self, app):
        super().__init__(app)
        self.view = bv.BoardView()
        self.hud = TableHud()
        self.clock = 0.0
        self.banners: list[Banner] = []
        self._timer = None                 # [seconds left, what to do then]

    @property
    def session(self) -> Session:
        return self.app.session

    @property
    def pace(self) -> float:
        """Seconds at normal speed -> seconds now (0 for instant motion)."""
        return speed_factor(self.app.settings.get("animation_speed", "normal"))

    def _pause(self, seconds: float) -> float:
        """A reading pause: reduced, never removed, when motion is instant."""
        return seconds * (self.pace or 0.35)

    def _sound(self, name: str, strength: float = 1.0) -> None:
        self.app.sounds.play(name, strength)

    def _wait(self, seconds: float, then) -> None:
        self._timer = [seconds, then]

    def _banner(self, words: str, kind: str, hold: float) -> None:
        """A doublet's name or a result ("large", pops), or a notice on a ribbon ("note")."""
        if kind == "large":     # a new announcement takes the place of one still fading
            self.banners = [b for b in self.banners if b.size != "large"]
            self.banners.append(Banner(words, hold=hold, size="large"))
        else:
            self.banners.append(Banner(words, hold=hold, size="medium", pop=False, colour=IVORY, fade=0.35))

    def _tick(self, dt: float) -> None:
        """Banners age; a waiting action runs when its time comes."""
        self.clock += dt
        for banner in self.banners:
            banner.update(dt)
        self.banners = [b for b in self.banners if not b.done]
        if self._timer is not None:
            self._timer[0] -= dt
            if self._timer[0] <= 0:
                then, self._timer = self._timer[1], None
                then()


class TableScene(PacedScene):
    def __init__(self, app):
        super().__init__(app)
        self.stage = "throw"
        self.shown = None                  # the position drawn (a Bell turn's stop included)
        self.chooser: Chooser | None = None
        self.playback: DicePlayback | None = None
        self.flights: list[Flight] = []
        self.ripples: list[Ripple] = []    # landings made visible
        self.hints = None                  # the hint list shown (H), or None
        self.keyboard = False              # the keyboard was used last: show cursor and numbers
        self.hover = None                  # the HUD button under the mouse
        self.undo = None                   # (saved session, move) of the last human move, until hand-over
        self.last_move = None              # (side, Move) just played, shown as a faint trail
        self.note = ""                     # a short notice shown instead of the prompt for a while
        self._note_left = 0.0
        self._press = None                 # mouse press: {"pos", "origin" or "fling", samples}
        self._drag_at = None               # board position of a checker being dragged
        self._after_flights = None
        self._computers = {}
        self._started = False
        self._hand = False                 # the mouse cursor is a hand

    # --- shortcuts ---------------------------------------------------------------------------
    @property
    def rules(self):
        return self.session.rules

    @property
    def touch_move(self) -> bool:
        return bool(self.session.options.touch_move or self.app.settings.get("touch_move", False))

    def _save(self) -> None:
        """After every throw and every move (the app says so if the disk refuses)."""
        self.app.save_match()

    def _say(self, words: str, seconds: float = 4.0) -> None:
        """A short notice in place of the prompt ("Nothing to take back"), gone after a while."""
        self.note, self._note_left = words, seconds

    def _human_turn(self) -> bool:
        return not self.session.is_computer(self.session.to_move)

    # --- flow --------------------------------------------------------------------------------
    def enter(self) -> None:
        if self._started:
            return
        self._started = True
        s = self.session
        if s.phase is Phase.PRIORITY:
            from game.scenes.priority import PriorityScene
            self.app.scenes.replace(PriorityScene(self.app))
            return
        if s.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            self._to_scoreboard()
            return
        for side in Side:
            if s.is_computer(side):
                self._computer(side)           # starts loading its tables in the background
        if s.phase is Phase.MOVE:          # a saved match resumed with the dice on the table
            self.shown = s.position
            self.playback = self._toss(None, rate=0)    # the same seed lays them where they fell
            self._thrown()
        else:
            self._start_turn()

    def _start_turn(self) -> None:
        s = self.session
        self.shown = s.position
        self.chooser = None
        self.hints = None
        self.stage = "throw"
        if s.is_computer(s.to_move):
            self._wait(self._pause(COMPUTER_THROW_DELAY), self.throw)

    def throw(self, fling=None) -> None:
        """The side to move throws: the session picks the faces, the physics shows them fall."""
        s = self.session
        if s.phase is not Phase.THROW or self.stage != "throw":
            return
        self.undo = None                   # the turn is handed over: no taking back now
        self._say("")
        s.throw()
        self._save()
        self.playback = self._toss(fling, 1 / self.pace if self.pace else 0)
        self._sound("throw")
        self.stage = "roll"
        if self.playback.settled:
            for cause in self.playback.causes:
                self._banner(f"{CAUSE_TEXT.get(cause, cause)} - thrown again", "note", 0.8)
            self._thrown()

    def _toss(self, fling, rate: float) -> DicePlayback:
        """Simulate the session's throw (its faces, its physics seed) for playback."""
        s = self.session
        attempts = toss(s.dice, s.physics_rng(), self._board_checkers(), fling, thrower=str(s.to_move))
        return DicePlayback(attempts, rate)

    def _board_checkers(self) -> list[tuple[float, float]]:
        """Centres of the checkers on the board (the dice may hit them or rest on them)."""
        return [centre for _, loc, _, centre in bv.slots(self.shown) if loc >= 1 or loc == BAR]

    def _thrown(self) -> None:
        """The dice are settled: announce a doublet, then pass, let the computer think, or wait."""
        s = self.session
        dice = s.dice
        if len(set(dice)) == 1:
            self._banner(f"{DOUBLET_NAMES[dice[0]]} !", "large", 1.3)
        if not s.legal_moves():
            self.stage = "pass"
            self._banner("No move - the turn passes", "note", PASS_HOLD)
            self._wait(self._pause(PASS_HOLD), lambda: self._commit(Move(())))
        elif s.is_computer(s.to_move):
            self.stage = "think"
            self._wait(self._pause(THINK), self._computer_move)
        else:
            self.stage = "choose"
            self.chooser = Chooser(self.rules, s.position, dice, self.touch_move)

    def _commit(self, move: Move) -> None:
        """Hand the turn's move to the session; keep what is needed to take it back."""
        s = self.session
        self.last_move = (str(s.to_move), move) if move.steps else None
        human = bool(move.steps) and not s.is_computer(s.to_move)
        saved = copy.deepcopy(s.to_dict()) if human else None   # to_dict shares the live record
        try:
            outcome = s.play(move)
        except IllegalMoveError as error:  # the engine disagrees with what was shown: say so, retry
            self._say(str(error))
            self.stage = "choose"
            self.chooser = Chooser(self.rules, s.position, s.dice, self.touch_move)
            self.shown = s.position
            return
        self._save()
        self.undo = (saved, move) if human and not self.touch_move else None
        if outcome is None:
            self._start_turn()
        else:
            self._game_over(outcome)

    def _game_over(self, outcome) -> None:
        self.stage = "over"
        self.undo = None
        points = "point" if outcome.points == 1 else "points"
        self._banner(f"{outcome.winner.title} wins", "large", GAME_OVER_HOLD)
        self._banner(f"{outcome.points} {points}", "note", GAME_OVER_HOLD)
        self._wait(self._pause(GAME_OVER_HOLD), self._to_scoreboard)

    def _to_scoreboard(self) -> None:
        self.app.game_over()

    # --- the computer ------------------------------------------------------------------------
    def _computer(self, side: Side | None):
        """The computer playing `side`, or (None) the best player, who gives the hints."""
        if side not in self._computers:
            s = self.session
            level = LEVELS[-1][0] if side is None else (s.options.level or LEVELS[-1][0])
            seed = s.throw_seed ^ {None: 0, Side.WHITE: 1, Side.BLACK: 2}[side]
            self._computers[side] = Computer(self.rules, level, random.Random(seed))
            self._computers[side].prepare(self._match())
        return self._computers[side]

    def _match(self) -> tuple[int, int, int]:
        s = self.session
        return s.match.length, s.match.score[Side.WHITE], s.match.score[Side.BLACK]

    def _computer_move(self) -> None:
        s = self.session
        computer = self._computer(s.to_move)
        # Until its tables are loaded the computer plays by feel (always a legal move).
        self._say("" if computer.ready() else "The computer is still studying the game: it plays by feel for now")
        move = computer.choose(s.position, s.dice, self._match())
        self.stage = "moving"
        self._play_steps(s.position, move.steps, lambda: self._commit(move))

    def _play_steps(self, start, steps, then) -> None:
        """Animate a whole move step by step, pausing at a Bell turn's intermediate stop."""
        if not steps:
            then()
            return
        after = self.rules.play_steps(start, steps[:1])
        rest = steps[1:]
        follow = (lambda: self._wait(self._pause(STEP_PAUSE), lambda: self._play_steps(after, rest, then))) if rest else then
        self._animate(start, after, steps[0], follow)

    # --- animation ---------------------------------------------------------------------------
    def _animate(self, before, after, step, then, dropped_at=None) -> None:
        """Show one step: the checker glides along the points (or settles from where it was
        dropped); a checker it hits is knocked off with an arc once it arrives."""
        side = str(before.to_move)
        landing = (side, step.destination, after.checkers(before.to_move).count(step.destination) - 1)
        end = g.checker_centre(*landing)
        if dropped_at is not None:
            path = [dropped_at, end]
            duration = 0.12 * self.pace
        else:
            start_index = before.checkers(before.to_move).count(step.origin) - 1
            start = g.checker_centre(side, step.origin, start_index)
            path = bv.along_points(side, step.origin, step.destination, start, end)
            distance = step.destination - max(step.origin, 0)
            duration = (MOVE_BASE + MOVE_PER_POINT * distance) * self.pace
        self.flights = [Flight(side, path, duration, slot=landing, sound="hit" if step.hit else "checker")]
        if step.hit:
            other = before.to_move.other
            new_loc = _arrived(before.checkers(other), after.checkers(other))
            slot = (str(other), new_loc, after.checkers(other).count(new_loc) - 1)
            start = g.checker_centre(str(other), step.destination, 0)
            self.flights.append(Flight(str(other), [start, g.checker_centre(*slot)], HIT_FLIGHT * self.pace,
                                       delay=duration, arc=90, slot=slot, sound="checker"))
        self.shown = after
        self._after_flights = then

    def update(self, dt: float) -> None:
        self._note_left -= dt
        if self._note_left <= 0:
            self.note = ""
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
        self._tick(dt)

    def _dice_event(self, event) -> None:
        kind = event[0]
        if kind == "impact":
            self._sound(event[1], event[2])
        elif kind == "invalid":
            self._banner(f"{CAUSE_TEXT.get(event[1], event[1])} - thrown again", "note", 0.8)
        elif kind == "settled" and self.stage == "roll":
            self._thrown()

    # --- the human's turn --------------------------------------------------------------------
    def _step(self, destination: int, dropped_at=None) -> None:
        chooser = self.chooser
        before = chooser.shown()
        step = chooser.step_to(destination)
        if step is None:
            return
        self.hints = None
        self.stage = "moving"
        self._animate(before, chooser.shown(), step, self._stepped, dropped_at)

    def _stepped(self) -> None:
        if self.chooser.complete:
            self._commit(Move(self.chooser.played))
        else:
            self.stage = "choose"

    def take_back(self) -> None:
        """U / Ctrl+Z: undo the last step of this turn, or the whole last move until the
        opponent throws (C-5: never with touch-move)."""
        if self.touch_move:
            self._say("Touch-move is on: a move cannot be taken back (C-5)")
            return
        if self.stage == "choose" and self.chooser.played:
            self.chooser.take_back()
            self.shown = self.chooser.shown()
            self._say("")
            self._sound("click")
        elif self.stage == "throw" and self.undo is not None:
            saved, move = self.undo
            self.app.session = Session.from_dict(saved)
            self.undo = self.last_move = None
            self._timer = None
            self._save()
            s = self.session
            self.chooser = Chooser(self.rules, s.position, s.dice, False, move.steps[:-1])
            self.shown = self.chooser.shown()
            self.stage = "choose"
            self._say("")
            self._sound("click")
        else:
            self._say("Nothing to take back")

    def _pick(self, origin: int) -> None:
        if self.chooser.pick(origin):
            self._sound("click", 0.5)
            self._say("")
        elif self.chooser.locked:
            self._say("Touch-move: the checker you picked up must be played (C-5)")

    def show_hints(self) -> None:
        """H: every legal move with its winning chance, best first (toggles)."""
        if self.hints is not None:
            self.hints = None
            return
        if self.stage != "choose":
            self._say("Hints are given when it is your move")
            return
        s = self.session
        adviser = self._computer(None)
        if not adviser.ready():
            self._say("Hints: the computer is still preparing its tables - ask again in a moment")
            return
        self.hints = hints(self.rules, s.position, s.dice, self._match())

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.hud.button_at(event.pos)
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release_at(event.pos)

    def _key(self, event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self._button("menu")
        elif key == pygame.K_h:
            self._button("hint")
        elif key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self._button("undo")
        elif self.stage == "throw":
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._button("throw")
        elif self.stage == "choose":
            self._choose_key(key)

    def _choose_key(self, key) -> None:
        chooser = self.chooser
        if key in (pygame.K_LEFT, pygame.K_UP):
            chooser.move_cursor(-1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            chooser.move_cursor(1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._activate(None)
        elif pygame.K_1 <= key <= pygame.K_9:
            self._activate(key - pygame.K_1)
        elif pygame.K_KP1 <= key <= pygame.K_KP9:
            self._activate(key - pygame.K_KP1)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if not chooser.drop():
                self._say("Touch-move: the checker you picked up must be played (C-5)")

    def _activate(self, index) -> None:
        chooser = self.chooser
        options = chooser.options()
        i = chooser.cursor if index is None else index
        if not 0 <= i < len(options):
            return
        if chooser.selected is None:
            self._pick(options[i])
        else:
            self._step(options[i])

    def _button(self, name) -> None:
        if name == "menu":
            self.app.pause()
        elif name == "hint":
            self.show_hints()
        elif name == "undo":
            self.take_back()
        elif name == "throw":
            if self.stage == "throw" and self._human_turn():
                self.throw()
            elif self.stage == "throw":
                self._say("The computer throws its own dice")

    def _press_at(self, pos) -> None:
        button = self.hud.button_at(pos)
        if button:
            self._button(button)
            return
        if self.view.scale <= 0 or self.shown is None:
            return
        x, y = self.view.to_board(*pos)
        if self.stage == "throw" and self._human_turn():
            self._press = {"pos": pos, "fling": [(time.monotonic(), x, y)]}
            self._sound("shake")
        elif self.stage == "choose":
            self._press_choose(pos, x, y)

    def _press_choose(self, pos, x, y) -> None:
        chooser = self.chooser
        destination = self._destination_at(x, y)
        if destination is not None:
            self._step(destination)
            return
        origin = self._checker_at(x, y)
        if origin is not None and origin in chooser.origins():
            self._pick(origin)
            if chooser.selected == origin:
                self._press = {"pos": pos, "origin": origin}
        elif chooser.selected is not None and not chooser.drop():
            self._say("Touch-move: the checker you picked up must be played (C-5)")

    def _motion(self, pos) -> None:
        self._cursor_shape(pos)
        press = self._press
        if press is None:
            return
        x, y = self.view.to_board(*pos)
        if "fling" in press:
            press["fling"].append((time.monotonic(), x, y))
            del press["fling"][:-12]
        elif self.stage == "choose" and math.dist(pos, press["pos"]) > DRAG_START_PX:
            self._drag_at = (x, y)

    def _release_at(self, pos) -> None:
        press, self._press = self._press, None
        dragged, self._drag_at = self._drag_at, None
        if press is None or self.view.scale <= 0:
            return
        x, y = self.view.to_board(*pos)
        if "fling" in press:
            if self.stage == "throw":
                self.throw(fling_from(press["fling"], (time.monotonic(), x, y)))
        elif dragged is not None and self.stage == "choose":
            destination = self._destination_at(x, y)
            if destination is not None:
                self._step(destination, dropped_at=(x, y))

    def _cursor_shape(self, pos) -> None:
        """A hand over what can be clicked: a checker that can move, a lit point, a button."""
        hand = self.hud.button_at(pos) is not None
        if not hand and self.stage == "choose" and self.view.scale > 0:
            x, y = self.view.to_board(*pos)
            hand = self._destination_at(x, y) is not None or self._checker_at(x, y) in self.chooser.origins()
        elif not hand and self.stage == "throw" and self._human_turn():
            hand = self.view.board_rect().collidepoint(pos)
        if hand != self._hand:
            self._hand = hand
            set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)

    def leave(self) -> None:
        if self._hand:
            self._hand = False
            set_cursor(pygame.SYSTEM_CURSOR_ARROW)

    def _checker_at(self, x, y) -> int | None:
        """The location of the mover's checker under board point (x, y), if any."""
        side = str(self.session.to_move)
        for s, loc, _, (cx, cy) in reversed(bv.slots(self.shown)):
            if s == side and math.dist((x, y), (cx, cy)) <= g.CHECKER_R * 1.1:
                return loc
        return None

    def _destination_at(self, x, y) -> int | None:
        """A lit destination under (x, y): its landing spot or anywhere on its point."""
        chooser = self.chooser
        if chooser is None or chooser.selected is None:
            return None
        side = str(self.session.to_move)
        for dest in chooser.destinations():
            cx, cy = bv.landing_centre(self.shown, side, dest)
            if math.dist((x, y), (cx, cy)) <= g.CHECKER_R * 1.3:
                return dest
            top = g.row_of(side) == g.TOP
            on_row = g.FIELD_TOP <= y <= g.BOARD_H / 2 if top else g.BOARD_H / 2 <= y <= g.FIELD_BOTTOM
            if on_row and abs(x - g.point_x(dest)) <= g.POINT_W / 2:
                return dest
        return None

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.hud.layout(surface.get_size())
        self.view.fit(self.hud.board_area)
        surface.fill((24, 14, 8))
        self.view.draw_board(surface)
        if self.shown is not None:
            self._draw_turn_marks(surface)
            self._draw_checkers(surface)
        if self.playback is not None:
            self.playback.draw(surface, self.view, self._dice_marks(on_board=True))
        for ripple in self.ripples:
            self.view.ripple(surface, ripple)
        for flight in self.flights:
            x, y, height = flight.where()
            self.view.draw_checker(surface, flight.side, x, y, max(height, 6))
        self._draw_held(surface)
        bv.draw_banners(surface, self.view, self.hud.scale, self.banners)
        if self.hints:
            self._draw_hints(surface)
        self.hud.draw(surface, self._hud_state())

    def _hidden(self) -> set:
        return {f.slot for f in self.flights if not f.landed}

    def _draw_checkers(self, surface) -> None:
        hidden = self._hidden()
        held = self._held_origin()
        for side, loc, index, (x, y) in bv.slots(self.shown):
            if (side, loc, index) in hidden:
                continue
            if held is not None and side == str(self.session.to_move) and loc == held and \
                    index == self.shown.checkers(self.session.to_move).count(loc) - 1:
                continue
            self.view.draw_checker(surface, side, x, y)

    def _held_origin(self):
        """The picked checker is drawn lifted (or under the mouse while dragged)."""
        if self.stage == "choose" and self.chooser is not None and self.chooser.selected is not None:
            return self.chooser.selected
        return None

    def _draw_in_hand(self, surface) -> None:
        """While the mouse drags to fling, the dice rattle under it, ready to be thrown."""
        press = self._press
        if press is None or "fling" not in press or self.stage != "throw":
            return
        _, x, y = press["fling"][-1]
        px, py = self.view.to_screen(x, y)
        size = self.view.length(g.DIE_SIZE)
        for i in range(self.rules.dice_count):
            wobble = math.sin(self.clock * 31 + i * 2.1) * size * 0.12
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(px + (i - 0.5) * size * 1.3 + wobble), round(py - wobble))
            draw_die_face(surface, rect, int(self.clock * 12 + i * 3) % 6 + 1)

    def _draw_held(self, surface) -> None:
        self._draw_in_hand(surface)
        origin = self._held_origin()
        if origin is None:
            return
        side = str(self.session.to_move)
        index = self.shown.checkers(self.session.to_move).count(origin) - 1
        x, y = self._drag_at or g.checker_centre(side, origin, index)
        self.view.draw_checker(surface, side, x, y, 14)
        self.view.ring(surface, x, y - 14, bv.GLOW, 3, g.CHECKER_R * 1.1 + 3)

    def _draw_last_move(self, surface) -> None:
        """A faint trail of the opponent's last move, so a glance shows what just happened."""
        if self.last_move is None or self.stage in ("moving", "over"):
            return
        side, move = self.last_move
        for step in move.steps:
            for point in range(max(step.origin, 0) + 1, step.destination):
                self.view.disc(surface, *g.checker_centre(side, point, 0), TRAIL, 70, 6)
            if step.origin >= 1:
                self.view.ring(surface, *g.checker_centre(side, step.origin, 0), TRAIL, 3, g.CHECKER_R - 4, 110)

    def _draw_turn_marks(self, surface) -> None:
        """Movable checkers, the picked one, lit destinations, Bell's stop, the keyboard cursor,
        the best hint."""
        self._draw_last_move(surface)
        if self.stage != "choose" or self.chooser is None:
            return
        chooser = self.chooser
        side = str(self.session.to_move)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for step in chooser.played:
            self.view.disc(surface, *g.checker_centre(side, step.destination, 0), bv.GLOW, 40, g.CHECKER_R + 8)
        if chooser.selected is None:
            for origin in chooser.origins():
                index = self.shown.checkers(self.session.to_move).count(origin) - 1
                self.view.ring(surface, *g.checker_centre(side, origin, index), bv.GLOW, 3,
                               alpha=int(110 + 120 * pulse))
        else:
            other = self.session.to_move.other
            for dest in chooser.destinations():
                self.view.point_glow(surface, side, dest, bv.GLOW, int(45 + 45 * pulse))
                self.view.disc(surface, *bv.landing_centre(self.shown, side, dest), bv.GLOW, int(70 + 60 * pulse))
                if dest < 12 and dest in self.shown.checkers(other):     # landing there hits (TC-6)
                    self.view.ring(surface, *g.checker_centre(str(other), dest, 0), HIT_RED, 4,
                                   alpha=int(150 + 100 * pulse))
        if self.keyboard:
            self._draw_cursor(surface, side)
        if self.hints:
            self._draw_best(surface, side)

    def _option_centre(self, side, option):
        chooser = self.chooser
        if chooser.selected is None:
            return g.checker_centre(side, option, self.shown.checkers(self.session.to_move).count(option) - 1)
        return bv.landing_centre(self.shown, side, option)

    def _draw_cursor(self, surface, side) -> None:
        s = self.hud.scale
        for i, option in enumerate(self.chooser.options()):
            x, y = self._option_centre(side, option)
            if i == self.chooser.cursor:
                self.view.ring(surface, x, y, WHITE_RING, 5, g.CHECKER_R + 9)
            if i < 9:
                bx, by = self.view.to_screen(x + g.CHECKER_R * 0.8, y - g.CHECKER_R * 0.8)
                pygame.draw.circle(surface, (30, 20, 12), (bx, by), round(12 * s))
                blit_text(surface, str(i + 1), round(18 * s), (bx, by), GOLD_PALE, "sans")

    def _draw_best(self, surface, side) -> None:
        best = self.hints[0].move.steps
        played = self.chooser.played
        if tuple(best[:len(played)]) != tuple(played) or len(best) <= len(played):
            return
        step = best[len(played)]
        index = self.shown.checkers(self.session.to_move).count(step.origin) - 1
        self.view.ring(surface, *g.checker_centre(side, step.origin, index), HINT_GREEN, 5, g.CHECKER_R + 6)
        self.view.ring(surface, *bv.landing_centre(self.shown, side, step.destination), HINT_GREEN, 5,
                       g.CHECKER_R + 6)

    def _dice_marks(self, on_board: bool) -> tuple:
        """Per die: "played" (counts, still to play), "dim" (does not count (TC-1), already used,
        or cannot be played and is lost (TB-2))."""
        s = self.session
        dice = s.dice
        if dice is None:
            return ("dim",) * (2 if on_board else 0)
        counts = list(self.rules.numbers(dice))
        chooser = self.chooser if self.stage in ("choose", "moving") else None
        used = [self.rules.step_number(st) for st in (chooser.played if chooser else ())]
        playable = {self.rules.step_number(st) for st in chooser.steps()} if chooser and self.stage == "choose" else None
        marks = []
        for value in dice:
            if value in counts:
                counts.remove(value)
                if value in used:
                    used.remove(value)
                    marks.append("dim")
                else:
                    marks.append("played" if playable is None or value in playable else "dim")
            else:
                marks.append("dim")
        return tuple(marks)

    def _draw_hints(self, surface) -> None:
        s = self.hud.scale
        lines = [("Hints - chance of winning", "")]
        for i, hint in enumerate(self.hints[:8]):
            loss = "best" if i == 0 else loss_text(hint, self.hints[0])
            lines.append((f"{i + 1}.  {hint.move}", f"{100 * hint.win_probability:.1f} %   {loss}"))
        width, row = round(330 * s), round(30 * s)
        panel = pygame.Surface((width, row * len(lines) + round(20 * s)), pygame.SRCALPHA)
        panel.fill((20, 12, 6, 215))
        pygame.draw.rect(panel, (*HINT_GREEN, 255), panel.get_rect(), max(1, round(2 * s)))
        # On the half of the board away from the best move, so its rings stay in sight.
        best = self.hints[0].move.steps
        right_half = not best or g.point_x(best[-1].destination) < g.BAR_LEFT
        board = self.view.board_rect()
        x = self.view.to_screen((g.BAR_RIGHT + g.FIELD_RIGHT) / 2 if right_half else (g.FIELD_LEFT + g.BAR_LEFT) / 2, 0)[0]
        rect = panel.get_rect(center=(round(x), board.centery))
        surface.blit(panel, rect)
        for i, (left, right) in enumerate(lines):
            y = rect.y + round(10 * s) + i * row + row // 2
            colour = HINT_GREEN if i == 1 else (GOLD_PALE if i == 0 else IVORY)
            blit_text(surface, left, round(22 * s), (rect.x + round(14 * s), y), colour, "body", "midleft")
            if right:
                blit_text(surface, right, round(20 * s), (rect.right - round(14 * s), y), colour, "sans", "midright")

    def _hud_state(self) -> HudState:
        s = self.session
        names = {str(side): side_label(s, side) for side in Side}
        enabled = {"menu"}
        if self.stage == "throw" and self._human_turn():
            enabled.add("throw")
        if self.stage == "choose":
            enabled.add("hint")
        if not self.touch_move and ((self.stage == "choose" and self.chooser.played)
                                    or (self.stage == "throw" and self.undo is not None)):
            enabled.add("undo")
        dice = s.dice if s.dice and self.stage not in ("roll",) else ()
        return HudState(names=names, scores={str(k): v for k, v in s.match.score.items()},
                        length=s.match.length, title=self.rules.title,
                        to_move="" if self.stage == "over" else str(s.to_move),
                        prompt=self.note or self._prompt(), dice=dice,
                        marks=self._dice_marks(on_board=False) if dice else (),
                        enabled=enabled, hover=self.hover, clock=self.clock,
                        attention="throw" if "throw" in enabled else None)

    def _prompt(self) -> str:
        s = self.session
        who = s.to_move.title
        human = self._human_turn()
        if self.stage == "throw":
            if not human:
                return f"{who} (computer) is about to throw"
            extra = " - or U to take back your move" if self.undo is not None else ""
            return f"{who} to throw: Space, the Throw button, or fling the dice{extra}"
        if self.stage == "roll":
            return "The dice are rolling..."
        if self.stage == "think":
            return f"{who} (computer) is thinking..."
        if self.stage == "moving":
            return f"{who} moves"
        if self.stage == "pass":
            return "No move - the turn passes"
        if self.stage == "over":
            return f"{s.outcome.winner.title} wins the game" if s.outcome else "The game is over"
        if self.stage == "choose":
            marks = self._dice_marks(False)
            numbers = [d for d, m in zip(s.dice, marks) if m == "played"]
            play = " and ".join(map(str, numbers))
            lost = {d for d in self.rules.numbers(s.dice) if d not in numbers and not any(
                self.rules.step_number(st) == d for st in self.chooser.played)}
            if lost:
                play += f" ({' and '.join(map(str, sorted(lost)))} cannot be played)"
            if self.chooser.selected is None:
                return f"{who} plays {play}: pick a checker (click it, or arrows/numbers and Enter)"
            return f"{who} plays {play}: choose a lit point (H for hints, Backspace to put back)"
        return ""


def set_cursor(shape) -> None:
    try:
        pygame.mouse.set_cursor(shape)
    except pygame.error:                   # no mouse (headless): nothing to show
        pass


def _arrived(before: tuple, after: tuple) -> int:
    """The location a side gained between two positions (where its hit checker went)."""
    rest = list(before)
    for loc in after:
        if loc in rest:
            rest.remove(loc)
        else:
            return loc
    return 0


def side_label(session, side: Side) -> str:
    if session.options.opponent == "human" and not session.options.autoplay:
        return side.title
    return f"{side.title} - {'Computer' if session.is_computer(side) else 'You'}"


def loss_text(hint, best) -> str:
    """What a move gives up against the best, in the unit the hints are ranked by: the chance of
    winning, or (a Bell game ranked for the most points) points."""
    in_points = hint.equity is not None and abs(hint.loss - (best.win_probability - hint.win_probability)) > 1e-9
    return f"-{hint.loss:.2f} pt" if in_points else f"-{100 * hint.loss:.1f} %"


def fling_from(samples, last) -> tuple | None:
    """(x, y, vx, vy) in board units from the last moments of a mouse drag; None for a click."""
    samples = [*samples, last]
    t1, x1, y1 = samples[-1]
    recent = [p for p in samples if t1 - p[0] <= 0.12] or samples[-2:]
    t0, x0, y0 = recent[0]
    if math.dist((x0, y0), (x1, y1)) < 8:
        return None
    dt = max(t1 - t0, 1 / 60)
    return (x1, y1, (x1 - x0) / dt, (y1 - y0) / dt)
