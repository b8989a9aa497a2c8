"""Game controllers (SDL game controllers through pygame-ce), turned into the keys the game knows.

The App hands every controller event to `Pads.translate`, which returns the KEYDOWN/KEYUP
events a keyboard would have sent, each with two more attributes: `pad` (the controller's
instance id) and `unicode=""`. So every menu and the table work with a controller unchanged:

    D-pad / left stick  -> the arrows (the stick with a dead zone; both repeat when held)
    A -> Enter    B -> Esc    X -> Ctrl+Z (take back)    Y -> F1 (hints)
    Back -> F2 (history)    Start -> Esc (pause)    LB / RB -> PageUp / PageDown

`last_used` is True while a controller was the last thing used (False after a key or the
mouse), so that the words can name its buttons (`key_word`). With two controllers plugged, the
first plays White and the second Black (`side_of`); a controller keeps its place when it is
unplugged, and the next one plugged takes the first free place.
"""
import pygame

from game.base.i18n import N_, _, verbatim
from game.rules import Side

DEAD_ZONE = 0.5         # of the stick's travel: less than this is no direction
REPEAT_DELAY = 0.35     # seconds a direction is held before it repeats (as the keyboard's)
REPEAT_EVERY = 0.12     # seconds between two repeats
AXIS_TRAVEL = 32767     # SDL's stick values run from -32768 to 32767

BUTTON_KEYS = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_X: (pygame.K_z, pygame.KMOD_CTRL),
    pygame.CONTROLLER_BUTTON_Y: (pygame.K_F1, 0),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_F2, 0),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_PAGEUP, 0),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_PAGEDOWN, 0),
}
DIRECTIONS = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN}
# The left stick's axes: the key for each way (negative, positive).
STICK = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
         pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}
CONTROLLER_EVENTS = {pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                     pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                     pygame.CONTROLLERAXISMOTION, pygame.CONTROLLERDEVICEREMAPPED}
# A joystick's own events come with the controller's for the same press: the controller's count.
JOYSTICK_EVENTS = {pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED, pygame.JOYBUTTONDOWN,
                   pygame.JOYBUTTONUP, pygame.JOYAXISMOTION, pygame.JOYHATMOTION,
                   pygame.JOYBALLMOTION}

# The word for a key on screen, and the controller's button that sends it. The buttons' names are
# those printed on the controller (never translated).
KEY_WORDS = {pygame.K_RETURN: N_("Enter"), pygame.K_ESCAPE: N_("Esc"), pygame.K_SPACE: N_("Space"),
             pygame.K_PAGEUP: N_("PageUp"), pygame.K_PAGEDOWN: N_("PageDown"),
             pygame.K_TAB: N_("Tab"), pygame.K_z: N_("Ctrl+Z")}
KEY_BUTTONS = {pygame.K_RETURN: "A", pygame.K_SPACE: "A", pygame.K_ESCAPE: "B",
               pygame.K_z: "X", pygame.K_u: "X", pygame.K_F1: "Y", pygame.K_h: "Y",
               pygame.K_F2: "Back", pygame.K_PAGEUP: "LB", pygame.K_PAGEDOWN: "RB"}
ARROW_KEYS = DIRECTIONS | {pygame.K_TAB}


def listen() -> bool:
    """Start SDL's game controllers (pygame.init does not): the controllers plugged in now and
    later then arrive as CONTROLLERDEVICEADDED. False where the system has none to offer."""
    try:
        from pygame._sdl2 import controller
        if not controller.get_init():
            controller.init()
        return True
    except (ImportError, pygame.error):
        return False


def open_controller(device_index: int):
    """The SDL game controller at this device index, opened (its events come only once open)."""
    from pygame._sdl2 import controller
    return controller.Controller(device_index)


def instance_of(pad) -> int:
    """The instance id that the controller's button and axis events carry as `instance_id`."""
    return pad.as_joystick().get_instance_id()


class Pads:
    """The controllers plugged in, in their places (first White, second Black), and which input
    came last. `notify` says a controller plugged in or out (a toast)."""

    def __init__(self, notify=None, opener=open_controller):
        self.notify = notify
        self.opener = opener                  # tests give a fake controller here
        self.places: list[int | None] = []    # instance ids; None: a place left by an unplugged one
        self.open: dict[int, object] = {}     # instance id -> the controller object (kept open)
        self.last_used = False
        self._held: dict[tuple[int, int], list] = {}   # (pad, key) -> [seconds to next repeat, mod]
        self._stick: dict[tuple[int, int], int | None] = {}   # (pad, axis) -> the key it holds

    # -- plugged in and out ---------------------------------------------------------------------

    @property
    def count(self) -> int:
        return sum(1 for pad in self.places if pad is not None)

    def number_of(self, pad: int) -> int | None:
        """1 for the first place, 2 for the second...; None for a controller not plugged."""
        return self.places.index(pad) + 1 if pad in self.places else None

    def side_of(self, pad) -> Side | None:
        """The side this controller plays: with two plugged, the first White and the second Black;
        None when it may play either (a controller alone, the keyboard, a third controller)."""
        if pad is None or self.count < 2 or pad not in self.places:
            return None
        return {0: Side.WHITE, 1: Side.BLACK}.get(self.places.index(pad))

    def plug(self, device_index: int) -> int | None:
        """Open the controller at this device index and give it a place; its instance id."""
        try:
            controller = self.opener(device_index)
            pad = instance_of(controller)
        except (pygame.error, OSError, ValueError):
            return None         # not a game controller after all, or gone already
        if pad in self.places:
            return pad
        self.open[pad] = controller
        if None in self.places:
            self.places[self.places.index(None)] = pad
        else:
            self.places.append(pad)
        self._say(_("Controller {number} connected", number=self.number_of(pad)), pad)
        return pad

    def unplug(self, pad: int) -> None:
        if pad not in self.places:
            return
        number = self.number_of(pad)
        self.places[self.places.index(pad)] = None
        while self.places and self.places[-1] is None:
            self.places.pop()
        self.open.pop(pad, None)
        for held in [h for h in self._held if h[0] == pad]:
            del self._held[held]
        for stick in [s for s in self._stick if s[0] == pad]:
            del self._stick[stick]
        self._say(_("Controller {number} disconnected", number=number))

    def _say(self, words, pad=None) -> None:
        """A controller plugged in or out, said in a toast; with its side when two play."""
        side = self.side_of(pad)
        if side is not None:
            words = (_("{words}: it plays White", words=words) if side is Side.WHITE
                     else _("{words}: it plays Black", words=words))
        elif pad is not None and self.count > 2:
            words = _("{words}: two controllers play at most", words=words)
        if self.notify is not None:
            self.notify(words)

    @property
    def holding(self) -> bool:
        """A direction is held and repeats (the loop must not rest: the repeats come from here)."""
        return bool(self._held)

    # -- the keys they send -----------------------------------------------------------------------

    def saw(self, event) -> None:
        """A key (not ours) or the mouse: the keyboard's words again."""
        if event.type == pygame.KEYDOWN and getattr(event, "pad", None) is None:
            self.last_used = False
        elif event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.MOUSEMOTION and any(getattr(event, "rel", (0, 0)))):
            self.last_used = False

    def translate(self, event) -> list:
        """The key events this controller event stands for (none for a plug, an unknown button or
        a stick inside its dead zone)."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:       # SDL gives the device index here...
            if isinstance(getattr(event, "device_index", None), int):
                self.plug(event.device_index)
            return []
        pad = getattr(event, "instance_id", None)      # ...and the instance id everywhere else
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self.unplug(pad)
            return []
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            key, mod = BUTTON_KEYS.get(getattr(event, "button", None), (None, 0))
            if key is None:
                return []
            self.last_used = True
            down = kind == pygame.CONTROLLERBUTTONDOWN
            return [self._key(pad, key, mod, down)]
        if kind == pygame.CONTROLLERAXISMOTION and getattr(event, "axis", None) in STICK:
            ways = STICK[event.axis]
            value = getattr(event, "value", 0) / AXIS_TRAVEL
            key = ways[0] if value <= -DEAD_ZONE else ways[1] if value >= DEAD_ZONE else None
            was = self._stick.get((pad, event.axis))
            if key == was:
                return []
            self._stick[(pad, event.axis)] = key
            events = [self._key(pad, was, 0, False)] if was is not None else []
            if key is not None:
                self.last_used = True
                events.append(self._key(pad, key, 0, True))
            return events
        return []

    def _key(self, pad, key, mod, down: bool):
        if key in DIRECTIONS:
            if down:
                self._held[(pad, key)] = [REPEAT_DELAY, mod]
            else:
                self._held.pop((pad, key), None)
        return key_event(pad, key, mod, down)

    def update(self, dt: float) -> list:
        """The repeats of directions held down, as the keyboard repeats its arrows."""
        events = []
        for (pad, key), held in self._held.items():
            held[0] -= dt
            if held[0] <= 0:
                held[0] += REPEAT_EVERY
                held[0] = max(held[0], 0.0)     # a long frame repeats once, not in a burst
                events.append(key_event(pad, key, held[1], True))
        return events


def key_event(pad, key: int, mod: int, down: bool):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key, mod=mod,
                              unicode="", scancode=0, pad=pad)


def pads_of(host) -> Pads | None:
    """The host's controllers (a test's small host has none)."""
    return getattr(host, "pads", None)


def last_used(host) -> bool:
    """Was a controller the last thing used? (False for a host without controllers.)"""
    pads = pads_of(host)
    return bool(pads is not None and pads.last_used)


def pad_keys(host) -> dict:
    """The table's buttons' keys as the controller names them, when one was used last (else
    none: the buttons show the keyboard's own)."""
    if not last_used(host):
        return {}
    return {"throw": key_word(host, pygame.K_RETURN), "hint": key_word(host, pygame.K_F1),
            "undo": key_word(host, pygame.K_z), "history": key_word(host, pygame.K_F2),
            "menu": verbatim("Start")}


def key_word(host, key: int) -> str:
    """The word for a key on screen: the key's own, or the controller button that sends it when
    a controller was the last thing used."""
    if last_used(host):
        if key in ARROW_KEYS:
            return _("D-pad")
        if key in KEY_BUTTONS:
            return verbatim(KEY_BUTTONS[key])
    if key in KEY_WORDS:
        return _(KEY_WORDS[key])
    return verbatim(pygame.key.name(key).upper() if len(pygame.key.name(key)) == 1
                    else pygame.key.name(key).title())
