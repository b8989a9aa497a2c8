"""The table's input: the mouse and the keys of the person to move, turned into the table's
intents (throw, pick, drop, end the move, take back, hints) - a click or a drag, a double click
that plays a checker as far as it goes, a fling that throws the dice, the points typed by the
names the board gives them (keys.PointKeys). It keeps what the hand is doing (a press, a drag,
the keys held while a checker moves); it reads the table from its snapshot and asks the scene
for everything else (`TableIntents`): a key press goes input -> scene -> flow -> scene."""
import math
from typing import Protocol

import pygame

from game.base.i18n import N_, Words
from game.geometry.tablier import CHECKER_R
from game.play.stage import Stage
from game.rules import OUT, Side
from game.scenes.table.places import dice_rects
from game.scenes.table.keys import PointKeys, typed_name
from game.scenes.paced import set_cursor
from game.scenes.table.snapshot import Hand, TableSnapshot
from game.view.controller import pads_of

DOUBLE_CLICK = 0.4             # seconds between two clicks on a checker: play it as far as it goes
DRAG_START_PX = 6              # a press that moves further than this is a drag, not a click
#: A click on the other side's checker says whose it is, and who is to move.
NOT_YOURS = {Side.WHITE: N_("That checker is White's: Black is to move"),
             Side.BLACK: N_("That checker is Black's: White is to move")}
HINT_KEYS = (pygame.K_h, pygame.K_QUESTION, pygame.K_F1, pygame.K_SLASH)
HISTORY_KEY = pygame.K_F2      # opens and closes the move history (no letter: a lettered board types its points)


class TableIntents(Protocol):
    """What the input may ask of the table (the scene): what it is now, and the person's intents."""

    def snapshot(self) -> TableSnapshot: ...
    def throw(self, fling=None) -> None: ...
    def pick(self, origin: int) -> None: ...
    def drop(self, destination: int | None = None, dropped_at=None) -> None: ...
    def furthest(self, origin: int) -> None: ...
    def move_cursor(self, delta: int) -> None: ...
    def end_move(self) -> None: ...
    def take_back(self) -> None: ...
    def show_hints(self) -> None: ...
    def toggle_history(self) -> None: ...
    def scroll_history(self, rows: int) -> None: ...
    def button_at(self, pos) -> str | None: ...
    def say(self, words, seconds: float = 4.0) -> None: ...
    def sound(self, name: str, strength: float = 1.0) -> None: ...


class TableInput:
    """The mouse and the keys at the table (`scene.input`): `table` is the scene (its intents),
    `view` the board (to aim at), `host` the clock, the controllers and the pause menu."""

    def __init__(self, table: TableIntents, view, host, rules):
        self.table = table
        self.view = view
        self.host = host
        self.keyboard = False              # the keyboard was used last: show cursor and numbers
        self.hover = None                  # the HUD button under the mouse
        self.press = None                  # mouse press: {"pos", "origin" or "fling", samples}
        self.drag_at = None                # board position of a checker being dragged
        self.point_keys = PointKeys(rules)   # a point typed by its name
        self._last_click = None            # (location, time) of the last click on a checker
        self._hand = False                 # the mouse cursor is a hand
        self._held = []                    # keys and clicks made while the person's checker moves

    def hand(self) -> Hand:
        """What the hand is doing, for the drawing."""
        fling = self.press.get("fling") if self.press is not None else None
        return Hand(self.keyboard, self.hover, fling[-1][1:] if fling else None, self.drag_at)

    def handle_event(self, event) -> None:
        if self._other_pad(event):
            return
        if not self._held_back(event):
            self._handle(event)

    def _other_pad(self, event) -> bool:
        """Two controllers at one screen, each its side: the other side's pad is not heard while
        it is not its turn (its Start still pauses, its Back still shows the history)."""
        pad = getattr(event, "pad", None)
        pads = pads_of(self.host)
        if pad is None or pads is None or event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        session = self.table.snapshot().session
        if not all(session.is_person(side) for side in Side):
            return False                           # one person here: any controller is theirs
        side = pads.side_of(pad)
        return side is not None and side is not session.to_move and event.key not in (pygame.K_ESCAPE, HISTORY_KEY)

    def _held_back(self, event) -> bool:
        """Keys and clicks made while a checker moves wait until it lands, then count in the
        order they came (typing ahead loses nothing); Esc and the history act at once. Keys typed
        while the person's dice roll (a point, a hint) are kept the same way, and played once
        the dice lie still."""
        now = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, HISTORY_KEY)
        later = event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not now
        if not later:               # a motion, a key let go, the wheel: never held (no snapshot)
            return False
        t, waiting = self.table.snapshot(), self._held
        if t.human_turn and t.stage is Stage.ROLL and event.type == pygame.KEYDOWN and not now:
            waiting.append(event)
            return True
        if later and ((t.stage is Stage.MOVING and t.human_turn) or waiting):
            waiting.append(event)
            return True
        return False

    def play_held(self) -> None:
        """The keys and clicks held back while a checker moved (or the dice rolled), now it has
        landed: in order, until another checker moves; dropped if the turn is no longer the
        person's to choose."""
        waiting = self._held
        while waiting and (stage := self.table.snapshot().stage) not in (Stage.MOVING, Stage.ROLL):
            if stage is not Stage.CHOOSE:
                waiting.clear()
                return
            self._handle(waiting.pop(0))

    def tick(self, dt: float) -> None:
        """A digit waiting for a second one is taken once its time is up."""
        t = self.table.snapshot()
        if t.stage is Stage.CHOOSE:
            typed = self.point_keys.typed
            location = self.point_keys.tick(dt, t.to_move)
            if typed and not self.point_keys.typed:
                self._point_key(location, typed)

    def _handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.table.snapshot().history_open:
            self.table.scroll_history(event.y)
            return
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            self._last_click = None            # a key between two clicks: no double-click
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.table.button_at(event.pos)
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release_at(event.pos)

    def _key(self, event) -> None:
        t = self.table.snapshot()
        key, stage = event.key, t.stage
        char = typed_char(key)
        # H and U keep their meaning in every game; on a lettered board, points h and u take Shift.
        command = char in ("h", "u") and not event.mod & pygame.KMOD_SHIFT
        if (stage is Stage.CHOOSE and char and not event.mod & pygame.KMOD_CTRL
                and (char.isdigit() or char == "b" or (t.lettered and not command))):
            self._type_point(char)
        elif key == HISTORY_KEY:
            self._button("history")
        elif (key == pygame.K_ESCAPE and getattr(event, "pad", None) is not None and stage is Stage.CHOOSE
              and t.choice is not None and t.choice.selected is not None and not t.history_open):
            self.table.drop(None)                  # a controller's B puts the picked checker back
        elif key == pygame.K_ESCAPE:
            self._button("history" if t.history_open else "menu")   # Esc closes the history first
        elif t.history_open and key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.table.scroll_history(3 if key == pygame.K_PAGEUP else -3)
        elif key in HINT_KEYS:
            self._button("hint")
        elif key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self._button("undo")
        elif stage is Stage.THROW:
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._button("throw")
        elif stage is Stage.CHOOSE:
            self._choose_key(key, t)

    def _choose_key(self, key, t: TableSnapshot) -> None:
        if key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.table.move_cursor(-1 if key in (pygame.K_LEFT, pygame.K_UP) else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if t.choice is not None and t.choice.complete and not self.point_keys.typed:
                self.table.end_move()              # the move is whole: it is played
            elif self.point_keys.typed:              # a digit waiting for another: take it now
                typed = self.point_keys.typed
                self._point_key(self.point_keys.take(t.to_move), typed)
            else:
                self._activate(t)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.table.drop(None)

    def _type_point(self, char: str) -> None:
        """A digit or a letter, as the board names its points: the point it calls so."""
        t = self.table.snapshot()
        choice = t.choice
        wanted = choice.destinations if choice.selected is not None else choice.origins
        location = self.point_keys.type(char, t.to_move, wanted)
        if not self.point_keys.typed:
            self._point_key(location, char)

    def _point_key(self, location, typed: str) -> None:
        """Play the point typed as a click there would: pick the checker on it, or move the
        picked one there (or hear why not)."""
        table = self.table
        t = table.snapshot()
        choice, mover = t.choice, t.to_move
        if location is None:
            message = (N_("No point is called {typed}: type a point's letter as the board shows it") if t.lettered
                       else N_("No point is called {typed}: type a point's number as the board shows it"))
            table.say(Words(message, typed=repr(typed)))
        elif choice.selected is not None and location in choice.destinations:
            table.drop(location)
        elif location in choice.origins or choice.selected is None:
            if location in t.shown.checkers(mover):
                table.pick(location)
            elif location == OUT:
                table.say(Words(N_("0 picks a checker not yet entered: you have none")))
            else:
                name = typed_name(t.rules, mover, location)
                table.say(Words(N_("No checker of yours on point {name}"), name=name or "?"))
        else:
            table.drop(location)

    def _activate(self, t: TableSnapshot) -> None:
        choice = t.choice
        options = choice.options
        i = choice.cursor
        if not 0 <= i < len(options):
            return
        if choice.selected is None:
            self.table.pick(options[i])
        else:
            self.table.drop(options[i])

    def _button(self, name) -> None:
        table = self.table
        if name == "menu":
            self.host.pause()
        elif name == "hint":
            table.show_hints()
        elif name == "undo":
            table.take_back()
        elif name == "throw":
            table.throw()
        elif name == "history":
            table.toggle_history()

    def _area(self, t: TableSnapshot, x, y):
        """What the mouse is over for the side to move: ("point", lit destination), ("checker",
        location), ("point", other point) or None."""
        lit = t.choice.destinations if t.choice is not None else ()
        return self.view.area_at(t.shown, t.to_move, x, y, lit), lit

    def _press_at(self, pos) -> None:
        button = self.table.button_at(pos)
        if button:
            self._button(button)
            return
        t = self.table.snapshot()
        if self.view.scale <= 0 or t.shown is None:
            return
        x, y = self.view.to_board(*pos)
        if t.stage is Stage.THROW and t.human_turn:
            self.press = {"pos": pos, "fling": [(self.host.clock(), x, y)]}
            self.table.sound("shake")
        elif t.stage is Stage.CHOOSE:
            self._press_choose(t, pos, x, y)

    def _press_choose(self, t: TableSnapshot, pos, x, y) -> None:
        table, choice = self.table, t.choice
        if choice.complete and any(rect.collidepoint(pos) for rect in dice_rects(self.view, t.playback)):
            table.end_move()                       # a click on the dice ends the move, as in GNU Backgammon
            return
        area, lit = self._area(t, x, y)
        kind, location = area or (None, None)
        if kind == "point" and location in lit:
            table.drop(location)
        elif kind in ("checker", "point") and location in choice.origins:      # the checker, or its point
            now, last = self.host.clock(), self._last_click
            self._last_click = (location, now)
            if (last is not None and last[0] == location and choice.selected == location
                    and now - last[1] <= DOUBLE_CLICK):        # still held from the first click
                self._last_click = None
                table.furthest(location)
                return
            table.pick(location)
            if table.snapshot().choice.selected == location:
                self.press = {"pos": pos, "origin": location}
        elif choice.selected is not None:      # elsewhere: put back (a point says why not)
            table.drop(location if kind == "point" else None)
        elif kind != "checker" and (whose := self._opponent_at(t, x, y)) is not None:
            table.say(Words(NOT_YOURS[whose]))
        elif kind == "checker":                 # a checker that cannot move: say why
            table.pick(location)

    def _opponent_at(self, t: TableSnapshot, x, y):
        """The other side, if one of its checkers lies at board (x, y)."""
        other = t.to_move.other
        if any(side is other and math.dist((x, y), centre) <= 1.1 * CHECKER_R
               for side, _loc, _index, centre in self.view.slots(t.shown)):
            return other
        return None

    def _motion(self, pos) -> None:
        self._cursor_shape(pos)
        press = self.press
        if press is None:
            return
        x, y = self.view.to_board(*pos)
        if "fling" in press:
            press["fling"].append((self.host.clock(), x, y))
            del press["fling"][:-12]
        elif self.table.snapshot().stage is Stage.CHOOSE and _far(pos, press["pos"]):
            self.drag_at = (x, y)

    def _release_at(self, pos) -> None:
        press, self.press = self.press, None
        dragged, self.drag_at = self.drag_at, None
        if press is None or self.view.scale <= 0:
            return
        t = self.table.snapshot()
        x, y = self.view.to_board(*pos)
        if "fling" in press:
            if t.stage is Stage.THROW:
                self.table.throw(fling_from(press["fling"], (self.host.clock(), x, y)))
        elif dragged is not None and t.stage is Stage.CHOOSE:
            area, lit = self._area(t, x, y)
            if area and area[0] == "point" and area[1] in lit:
                self.table.drop(area[1], dropped_at=(x, y))
            elif area and area[1] != t.choice.selected:
                self.table.drop(area[1])           # a point not lit: back, and why (as a click there says)

    def _cursor_shape(self, pos) -> None:
        """A hand over what can be clicked: a checker that can move, a lit point, a button."""
        t, view = self.table.snapshot(), self.view
        hand = self.table.button_at(pos) is not None
        if not hand and t.stage is Stage.CHOOSE and view.scale > 0:
            area, lit = self._area(t, *view.to_board(*pos))
            hand = area is not None and (area[1] in lit if area[0] == "point" else area[1] in t.choice.origins)
        elif not hand and t.stage is Stage.THROW and t.human_turn:
            hand = view.board_rect().collidepoint(pos)
        if hand != self._hand:
            self._hand = hand
            set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)

    def leave(self) -> None:
        if self._hand:
            self._hand = False
            set_cursor(pygame.SYSTEM_CURSOR_ARROW)


def typed_char(key) -> str:
    """The digit or letter a key types ("" for any other key); the keypad's digits too."""
    if pygame.K_0 <= key <= pygame.K_9 or pygame.K_a <= key <= pygame.K_z:
        return chr(key)
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return str(key - pygame.K_KP1 + 1)
    if key == pygame.K_KP0:
        return "0"
    return ""


def _far(a, b) -> bool:
    return math.dist(a, b) > DRAG_START_PX


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
