"""The table's input: the mouse and the keys of the person to move, turned into the play
flow's intents (throw, pick, drop, take back, hints) - a click or a drag, a double click that
plays a checker as far as it goes, a fling that throws the dice, the points typed by the names
the board gives them (keys.PointKeys). It keeps what the hand is doing (a press, a drag, the
keys held while a checker moves); the scene keeps the flow and the turn in progress."""
import math

import pygame

from game.base.i18n import N_, Words
from game.geometry.tablier import CHECKER_R
from game.play.flow import Stage
from game.rules import OUT, Side
from game.scenes.table.keys import PointKeys, typed_name
from game.scenes.table.paced import set_cursor
from game.view.controller import pads_of

DOUBLE_CLICK = 0.4             # seconds between two clicks on a checker: play it as far as it goes
DRAG_START_PX = 6              # a press that moves further than this is a drag, not a click
#: A click on the other side's checker says whose it is, and who is to move.
NOT_YOURS = {Side.WHITE: N_("That checker is White's: Black is to move"),
             Side.BLACK: N_("That checker is Black's: White is to move")}
HINT_KEYS = (pygame.K_h, pygame.K_QUESTION, pygame.K_F1, pygame.K_SLASH)
HISTORY_KEY = pygame.K_F2      # opens and closes the move history (no letter: Garanguet types points by letter)


class TableInput:
    """The mouse and the keys at the table (`scene.input`)."""

    def __init__(self, scene):
        self.scene = scene
        self.keyboard = False              # the keyboard was used last: show cursor and numbers
        self.hover = None                  # the HUD button under the mouse
        self.press = None                  # mouse press: {"pos", "origin" or "fling", samples}
        self.drag_at = None                # board position of a checker being dragged
        self.point_keys = PointKeys(scene.session.rules)   # a point typed by its name
        self._last_click = None            # (location, time) of the last click on a checker
        self._hand = False                 # the mouse cursor is a hand
        self._held = []                    # keys and clicks made while the person's checker moves

    @property
    def _lettered(self) -> bool:
        return self.scene.session.rule_set.lettered

    def handle_event(self, event) -> None:
        if self._other_pad(event):
            return
        if not self._held_back(event):
            self._handle(event)

    def _other_pad(self, event) -> bool:
        """Two controllers at one screen, each its side: the other side's pad is not heard while
        it is not its turn (its Start still pauses, its Back still shows the history)."""
        pad = getattr(event, "pad", None)
        pads = pads_of(self.scene.app)
        if pad is None or pads is None or event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        session = self.scene.session
        if not all(session.is_person(side) for side in Side):
            return False                           # one person here: any controller is theirs
        side = pads.side_of(pad)
        return side is not None and side is not session.to_move and event.key not in (pygame.K_ESCAPE, HISTORY_KEY)

    def _held_back(self, event) -> bool:
        """Keys and clicks made while a checker moves wait until it lands, then count in the
        order they came (typing ahead loses nothing); Esc and the history act at once. A hint
        asked for while the dice roll is given once they lie still."""
        scene, waiting = self.scene, self._held
        later = event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
            and not (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, HISTORY_KEY))
        hint = event.type == pygame.KEYDOWN and event.key in HINT_KEYS and not event.mod & pygame.KMOD_SHIFT
        if scene.human_turn() and (scene.stage is Stage.ROLL and hint):
            waiting.append(event)
            return True
        if later and ((scene.stage is Stage.MOVING and scene.human_turn()) or waiting):
            waiting.append(event)
            return True
        return False

    def play_held(self) -> None:
        """The keys and clicks held back while a checker moved (or the dice rolled), now it has
        landed: in order, until another checker moves; dropped if the turn is no longer the
        person's to choose."""
        waiting = self._held
        while waiting and self.scene.stage not in (Stage.MOVING, Stage.ROLL):
            if self.scene.stage is not Stage.CHOOSE:
                waiting.clear()
                return
            self._handle(waiting.pop(0))

    def tick(self, dt: float) -> None:
        """A digit waiting for a second one is taken once its time is up."""
        if self.scene.stage is Stage.CHOOSE:
            typed = self.point_keys.typed
            location = self.point_keys.tick(dt, self.scene.session.to_move)
            if typed and not self.point_keys.typed:
                self._point_key(location, typed)

    def _handle(self, event) -> None:
        cards = self.scene.cards
        if event.type == pygame.MOUSEWHEEL and cards.history_open:
            cards.scroll_history(event.y)
            return
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            self._last_click = None            # a key between two clicks: no double-click
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.scene.hud.button_at(event.pos)
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release_at(event.pos)

    def _key(self, event) -> None:
        key, stage = event.key, self.scene.stage
        char = typed_char(key)
        # H and U keep their meaning in every game; Garanguet's points h and u take Shift.
        command = char in ("h", "u") and not event.mod & pygame.KMOD_SHIFT
        if (stage is Stage.CHOOSE and char and not event.mod & pygame.KMOD_CTRL
                and (char.isdigit() or char == "b" or (self._lettered and not command))):
            self._type_point(char)
        elif key == HISTORY_KEY:
            self._button("history")
        elif (key == pygame.K_ESCAPE and getattr(event, "pad", None) is not None and stage is Stage.CHOOSE
              and self.scene.choice is not None and self.scene.choice.selected is not None
              and not self.scene.cards.history_open):
            self.scene.react(self.scene.flow.drop(None))      # a controller's B puts the picked checker back
        elif key == pygame.K_ESCAPE:
            self._button("history" if self.scene.cards.history_open else "menu")   # Esc closes the history first
        elif self.scene.cards.history_open and key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scene.cards.scroll_history(3 if key == pygame.K_PAGEUP else -3)
        elif key in HINT_KEYS:
            self._button("hint")
        elif key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self._button("undo")
        elif stage is Stage.THROW:
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._button("throw")
        elif stage is Stage.CHOOSE:
            self._choose_key(key)

    def _choose_key(self, key) -> None:
        scene = self.scene
        if key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            scene.react(scene.flow.move_cursor(-1 if key in (pygame.K_LEFT, pygame.K_UP) else 1))
            scene.take_choice()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if scene.choice is not None and scene.choice.complete and not self.point_keys.typed:
                scene.end_move()                   # the move is whole: it is played
            elif self.point_keys.typed:              # a digit waiting for another: take it now
                typed = self.point_keys.typed
                self._point_key(self.point_keys.take(scene.session.to_move), typed)
            else:
                self._activate(None)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            scene.react(scene.flow.drop(None))

    def _type_point(self, char: str) -> None:
        """A digit (Tourne Case) or a letter (Garanguet): the point the board calls so."""
        choice = self.scene.choice
        wanted = choice.destinations if choice.selected is not None else choice.origins
        location = self.point_keys.type(char, self.scene.session.to_move, wanted)
        if not self.point_keys.typed:
            self._point_key(location, char)

    def _point_key(self, location, typed: str) -> None:
        """Play the point typed as a click there would: pick the checker on it, or move the
        picked one there (or hear why not)."""
        scene = self.scene
        choice, mover = scene.choice, scene.session.to_move
        if location is None:
            message = (N_("No point is called {typed}: type a point's letter as the board shows it") if self._lettered
                       else N_("No point is called {typed}: type a point's number as the board shows it"))
            scene.say(Words(message, typed=repr(typed)))
        elif choice.selected is not None and location in choice.destinations:
            scene.step(location)
        elif location in choice.origins or choice.selected is None:
            if location in scene.shown.checkers(mover):
                scene.pick(location)
            elif location == OUT:
                scene.say(Words(N_("0 picks a checker not yet entered: you have none")))
            else:
                name = typed_name(scene.session.rules, mover, location)
                scene.say(Words(N_("No checker of yours on point {name}"), name=name or "?"))
        else:
            scene.react(scene.flow.drop(location))

    def _activate(self, index) -> None:
        choice = self.scene.choice
        options = choice.options
        i = choice.cursor if index is None else index
        if not 0 <= i < len(options):
            return
        if choice.selected is None:
            self.scene.pick(options[i])
        else:
            self.scene.step(options[i])

    def _button(self, name) -> None:
        scene = self.scene
        if name == "menu":
            scene.app.pause()
        elif name == "hint":
            scene.show_hints()
        elif name == "undo":
            scene.take_back()
        elif name == "throw":
            scene.throw()
        elif name == "history":
            scene.cards.toggle_history()

    def _area(self, x, y):
        """What the mouse is over for the side to move: ("point", lit destination), ("checker",
        location), ("point", other point) or None."""
        scene = self.scene
        lit = scene.choice.destinations if scene.choice is not None else ()
        return scene.view.area_at(scene.shown, scene.session.to_move, x, y, lit), lit

    def _press_at(self, pos) -> None:
        scene = self.scene
        button = scene.hud.button_at(pos)
        if button:
            self._button(button)
            return
        if scene.view.scale <= 0 or scene.shown is None:
            return
        x, y = scene.view.to_board(*pos)
        if scene.stage is Stage.THROW and scene.human_turn():
            self.press = {"pos": pos, "fling": [(scene.app.clock(), x, y)]}
            scene.sound("shake")
        elif scene.stage is Stage.CHOOSE:
            self._press_choose(pos, x, y)

    def _press_choose(self, pos, x, y) -> None:
        scene = self.scene
        choice = scene.choice
        if choice.complete and any(rect.collidepoint(pos) for rect in scene.drawing.dice_rects()):
            scene.end_move()                       # a click on the dice ends the move, as in GNU Backgammon
            return
        area, lit = self._area(x, y)
        kind, location = area or (None, None)
        if kind == "point" and location in lit:
            scene.step(location)
        elif kind in ("checker", "point") and location in choice.origins:      # the checker, or its point
            now, last = scene.app.clock(), self._last_click
            self._last_click = (location, now)
            if (last is not None and last[0] == location and choice.selected == location
                    and now - last[1] <= DOUBLE_CLICK):        # still held from the first click
                self._last_click = None
                scene.react(scene.flow.furthest(location))
                return
            scene.pick(location)
            if scene.choice.selected == location:
                self.press = {"pos": pos, "origin": location}
        elif choice.selected is not None:      # elsewhere: put back (a point says why not)
            scene.react(scene.flow.drop(location if kind == "point" else None))
        elif kind != "checker" and (whose := self._opponent_at(x, y)) is not None:
            scene.say(Words(NOT_YOURS[whose]))
        elif kind == "checker":                 # a checker that cannot move: say why
            scene.pick(location)

    def _opponent_at(self, x, y):
        """The other side, if one of its checkers lies at board (x, y)."""
        scene = self.scene
        other = scene.session.to_move.other
        if any(side is other and math.dist((x, y), centre) <= 1.1 * CHECKER_R
               for side, _loc, _index, centre in scene.view.slots(scene.shown)):
            return other
        return None

    def _motion(self, pos) -> None:
        self._cursor_shape(pos)
        press, scene = self.press, self.scene
        if press is None:
            return
        x, y = scene.view.to_board(*pos)
        if "fling" in press:
            press["fling"].append((scene.app.clock(), x, y))
            del press["fling"][:-12]
        elif scene.stage is Stage.CHOOSE and _far(pos, press["pos"]):
            self.drag_at = (x, y)

    def _release_at(self, pos) -> None:
        press, self.press = self.press, None
        dragged, self.drag_at = self.drag_at, None
        scene = self.scene
        if press is None or scene.view.scale <= 0:
            return
        x, y = scene.view.to_board(*pos)
        if "fling" in press:
            if scene.stage is Stage.THROW:
                scene.throw(fling_from(press["fling"], (scene.app.clock(), x, y)))
        elif dragged is not None and scene.stage is Stage.CHOOSE:
            area, lit = self._area(x, y)
            if area and area[0] == "point" and area[1] in lit:
                scene.step(area[1], dropped_at=(x, y))

    def _cursor_shape(self, pos) -> None:
        """A hand over what can be clicked: a checker that can move, a lit point, a button."""
        scene = self.scene
        hand = scene.hud.button_at(pos) is not None
        if not hand and scene.stage is Stage.CHOOSE and scene.view.scale > 0:
            area, lit = self._area(*scene.view.to_board(*pos))
            hand = area is not None and (area[1] in lit if area[0] == "point" else area[1] in scene.choice.origins)
        elif not hand and scene.stage is Stage.THROW and scene.human_turn():
            hand = scene.view.board_rect().collidepoint(pos)
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
