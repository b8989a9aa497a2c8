"""The table's controls: the mouse and the keys of the person to move, turned into the play
flow's intents (throw, pick, drop, take back, hints) - a click or a drag, a double click that
plays a checker as far as it goes, a fling that throws the dice, the points typed by the names
the board gives them (table_input.PointKeys). A mixin of TableScene: `self` is the scene."""
import math

import pygame

from game.geometry.tablier import CHECKER_R
from game.base.i18n import N_, Words
from game.play.flow import Stage
from game.rules import Side
from game.scenes.table.paced import set_cursor
from game.scenes.table.draw import fling_from
from game.scenes.table.keys import lettered, point_name
DOUBLE_CLICK = 0.4             # seconds between two clicks on a checker: play it as far as it goes
DRAG_START_PX = 6              # a press that moves further than this is a drag, not a click
#: A click on the other side's checker says whose it is, and who is to move.
NOT_YOURS = {Side.WHITE: N_("That checker is White's: Black is to move"),
             Side.BLACK: N_("That checker is Black's: White is to move")}
HINT_KEYS = (pygame.K_h, pygame.K_QUESTION, pygame.K_F1, pygame.K_SLASH)
HISTORY_KEY = pygame.K_F2      # opens and closes the move history (no letter: Garanguet types points by letter)


class TableControls:
    """The input half of TableScene (a mixin: `self` is the scene)."""

    # --- intents -----------------------------------------------------------------------------
    def throw(self, fling=None) -> None:
        """The person to move throws (a mouse fling says where from and how hard)."""
        self._fling = fling
        self.react(self.flow.throw())
        self._fling = None

    def _step(self, destination: int, dropped_at=None) -> None:
        self._dropped_at = dropped_at
        self.react(self.flow.drop(destination, dragged=dropped_at is not None))

    def _pick(self, origin: int) -> None:
        self.react(self.flow.pick(origin))

    def take_back(self) -> None:
        self.react(self.flow.undo())

    def show_hints(self) -> None:
        self.react(self.flow.hint())

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.flow is None:
            return
        if self._held_back(event):
            return
        self._handle(event)

    def _held_back(self, event) -> bool:
        """Keys and clicks made while a checker moves wait until it lands, then count in the
        order they came (typing ahead loses nothing); Esc and the history act at once. A hint
        asked for while the dice roll is given once they lie still."""
        waiting = self._held
        later = event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
            and not (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, HISTORY_KEY))
        hint = event.type == pygame.KEYDOWN and event.key in HINT_KEYS and not event.mod & pygame.KMOD_SHIFT
        if self._human_turn() and (self.stage is Stage.ROLL and hint):
            waiting.append(event)
            return True
        if later and ((self.stage is Stage.MOVING and self._human_turn()) or waiting):
            waiting.append(event)
            return True
        return False

    def play_held(self) -> None:
        """The keys and clicks held back while a checker moved (or the dice rolled), now it has
        landed: in order, until another checker moves; dropped if the turn is no longer the
        person's to choose."""
        waiting = self._held
        while waiting and self.stage not in (Stage.MOVING, Stage.ROLL):
            if self.stage is not Stage.CHOOSE:
                waiting.clear()
                return
            self._handle(waiting.pop(0))

    def _handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.history_open:
            self.scroll_history(event.y)
            return
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            self._last_click = None            # a key between two clicks: no double-click
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
        char = typed_char(key)
        # H and U keep their meaning in every game; Garanguet's points h and u take Shift.
        command = char in ("h", "u") and not event.mod & pygame.KMOD_SHIFT
        if (self.stage is Stage.CHOOSE and char and not event.mod & pygame.KMOD_CTRL
                and (char.isdigit() or char == "b" or (self._lettered and not command))):
            self._type_point(char)
        elif key == HISTORY_KEY:
            self._button("history")
        elif key == pygame.K_ESCAPE:
            self._button("history" if self.history_open else "menu")     # Esc closes the history first
        elif self.history_open and key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_history(3 if key == pygame.K_PAGEUP else -3)
        elif key in HINT_KEYS:
            self._button("hint")
        elif key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self._button("undo")
        elif self.stage is Stage.THROW:
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._button("throw")
        elif self.stage is Stage.CHOOSE:
            self._choose_key(key)

    def _choose_key(self, key) -> None:
        if key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.react(self.flow.move_cursor(-1 if key in (pygame.K_LEFT, pygame.K_UP) else 1))
            self.take_choice()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.point_keys.typed:              # a digit waiting for another: take it now
                typed = self.point_keys.typed
                self._point_key(self.point_keys.take(str(self.session.to_move)), typed)
            else:
                self._activate(None)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.react(self.flow.drop(None))

    @property
    def _lettered(self) -> bool:
        return lettered(self.session.options.rules)

    def _type_point(self, char: str) -> None:
        """A digit (Tourne Case) or a letter (Garanguet): the point the board calls so."""
        choice = self.choice
        wanted = choice.destinations if choice.selected is not None else choice.origins
        location = self.point_keys.type(char, str(self.session.to_move), wanted)
        if not self.point_keys.typed:
            self._point_key(location, char)

    def _point_key(self, location, typed: str) -> None:
        """Play the point typed as a click there would: pick the checker on it, or move the
        picked one there (or hear why not)."""
        choice = self.choice
        if location is None:
            message = (N_("No point is called {typed}: type a point's letter as the board shows it") if self._lettered
                       else N_("No point is called {typed}: type a point's number as the board shows it"))
            self._say(Words(message, typed=repr(typed)))
        elif choice.selected is not None and location in choice.destinations:
            self._step(location)
        elif location in choice.origins or choice.selected is None:
            if location in self.shown.checkers(self.session.to_move):
                self._pick(location)
            else:
                name = point_name(self.session.options.rules, str(self.session.to_move), location)
                self._say(Words(N_("No checker of yours on point {name}"), name=name or "?"))
        else:
            self.react(self.flow.drop(location))

    def _activate(self, index) -> None:
        choice = self.choice
        options = choice.options
        i = choice.cursor if index is None else index
        if not 0 <= i < len(options):
            return
        if choice.selected is None:
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
            self.throw()
        elif name == "history":
            self.history_open = not self.history_open
            self.history_scroll = 0

    def scroll_history(self, rows: int) -> None:
        """Scroll the history panel up (older moves) or down (back to the latest)."""
        self.history_scroll = max(0, self.history_scroll + rows)

    def _area(self, x, y):
        """What the mouse is over for the side to move: ("point", lit destination), ("checker",
        location), ("point", other point) or None."""
        choice = self.choice
        lit = choice.destinations if choice is not None else ()
        return self.view.area_at(self.shown, str(self.session.to_move), x, y, lit), lit

    def _press_at(self, pos) -> None:
        button = self.hud.button_at(pos)
        if button:
            self._button(button)
            return
        if self.view.scale <= 0 or self.shown is None:
            return
        x, y = self.view.to_board(*pos)
        if self.stage is Stage.THROW and self._human_turn():
            self._press = {"pos": pos, "fling": [(self.app.clock(), x, y)]}
            self._sound("shake")
        elif self.stage is Stage.CHOOSE:
            self._press_choose(pos, x, y)

    def _press_choose(self, pos, x, y) -> None:
        choice = self.choice
        area, lit = self._area(x, y)
        kind, location = area or (None, None)
        if kind == "point" and location in lit:
            self._step(location)
        elif kind in ("checker", "point") and location in choice.origins:      # the checker, or its point
            now, last = self.app.clock(), self._last_click
            self._last_click = (location, now)
            if (last is not None and last[0] == location and choice.selected == location
                    and now - last[1] <= DOUBLE_CLICK):        # still held from the first click
                self._last_click = None
                self.react(self.flow.furthest(location))
                return
            self._pick(location)
            if self.choice.selected == location:
                self._press = {"pos": pos, "origin": location}
        elif choice.selected is not None:      # elsewhere: put back (a point says why not)
            self.react(self.flow.drop(location if kind == "point" else None))
        elif kind != "checker" and (whose := self._opponent_at(x, y)) is not None:
            self._say(Words(NOT_YOURS[whose]))
        elif kind == "checker":                 # a checker that cannot move: say why
            self._pick(location)

    def _opponent_at(self, x, y):
        """The other side, if one of its checkers lies at board (x, y)."""
        other = self.session.to_move.other
        if any(str(side) == str(other) and math.dist((x, y), centre) <= 1.1 * CHECKER_R
               for side, _loc, _index, centre in self.view.slots(self.shown)):
            return other
        return None

    def _motion(self, pos) -> None:
        self._cursor_shape(pos)
        press = self._press
        if press is None:
            return
        x, y = self.view.to_board(*pos)
        if "fling" in press:
            press["fling"].append((self.app.clock(), x, y))
            del press["fling"][:-12]
        elif self.stage is Stage.CHOOSE and _far(pos, press["pos"]):
            self._drag_at = (x, y)

    def _release_at(self, pos) -> None:
        press, self._press = self._press, None
        dragged, self._drag_at = self._drag_at, None
        if press is None or self.view.scale <= 0:
            return
        x, y = self.view.to_board(*pos)
        if "fling" in press:
            if self.stage is Stage.THROW:
                self.throw(fling_from(press["fling"], (self.app.clock(), x, y)))
        elif dragged is not None and self.stage is Stage.CHOOSE:
            area, lit = self._area(x, y)
            if area and area[0] == "point" and area[1] in lit:
                self._step(area[1], dropped_at=(x, y))

    def _cursor_shape(self, pos) -> None:
        """A hand over what can be clicked: a checker that can move, a lit point, a button."""
        hand = self.hud.button_at(pos) is not None
        if not hand and self.stage is Stage.CHOOSE and self.view.scale > 0:
            area, lit = self._area(*self.view.to_board(*pos))
            hand = area is not None and (area[1] in lit if area[0] == "point" else area[1] in self.choice.origins)
        elif not hand and self.stage is Stage.THROW and self._human_turn():
            hand = self.view.board_rect().collidepoint(pos)
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
