"""Seeded random input for the monkey test: what a person (or a cat on the keyboard) can do to
the window - clicks anywhere, drags, keys, wheel, text, resizes, focus changes, close requests.

`Monkey(rng).action(app)` returns the events of one action (a drag is several events); window
resizes are done for real through the window, as the system would, before the events are
returned. Half the clicks aim at something on screen (a button, a checker, a point), so the
monkey gets somewhere instead of clicking the backdrop forever.
"""
import random
import warnings

import pygame

from game.rules import Side

PLAYING = ("TableScene", "PriorityScene")
#: At play, keys that pause or take back are mostly passed over, so that games go on.
SETBACKS = {pygame.K_ESCAPE: 0.9, pygame.K_u: 0.7, pygame.K_z: 0.7}

#: Keys the game answers to (menus, rules screen, table, pause, F11/F12), most weight.
GAME_KEYS = [
    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE,
    pygame.K_DELETE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
    pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_h, pygame.K_u, pygame.K_z,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
    *range(pygame.K_1, pygame.K_9 + 1), *range(pygame.K_KP1, pygame.K_KP9 + 1),
]
RARE_KEYS = [pygame.K_F11, pygame.K_F12]          # full screen, screenshot: slow, kept rare
MODS = [0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT,
        pygame.KMOD_SHIFT | pygame.KMOD_CTRL, pygame.KMOD_NUM, pygame.KMOD_CAPS]
TEXTS = ["a", "Z", " ", "1", "é", "ß", "日本", "\x00", "\u202e", "🎲", "\n", "abc" * 20]
FOCUS = [pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE,
         pygame.WINDOWENTER, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
         pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED]

#: Window sizes the player drags to (a few, so the drawings cached per size are reused):
#: the smallest allowed, the default, odd shapes, a large screen, and below the minimum.
SIZES = [(960, 600), (1280, 800), (1111, 999), (1600, 700), (1920, 1080), (500, 300)]

# (action, weight)
ACTIONS = [("click", 26), ("aimed_click", 26), ("key", 30), ("random_key", 4), ("motion", 8),
           ("drag", 6), ("wheel", 3), ("text", 2), ("focus", 3), ("resize", 1),
           ("fake_resize", 1), ("quit", 0.3), ("junk", 0.7), ("rare_key", 0.05)]


def event(kind, **fields):
    """A posted event, marked as the monkey's so the test can count what the game handled."""
    return pygame.event.Event(kind, monkey=True, **fields)


class Monkey:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.names = [name for name, _ in ACTIONS]
        self.weights = [weight for _, weight in ACTIONS]

    def action(self, app) -> list:
        name = self.rng.choices(self.names, self.weights)[0]
        return getattr(self, name)(app)

    # -- where to aim
    def anywhere(self, app) -> tuple[int, int]:
        w, h = app.size
        if self.rng.random() < 0.03:          # a little outside the window, as drags do
            return self.rng.randint(-50, w + 50), self.rng.randint(-50, h + 50)
        return self.rng.randrange(w), self.rng.randrange(h)

    def target(self, app) -> tuple[int, int]:
        """Somewhere worth clicking on the top scene: a widget, a HUD button, a checker, a point
        (on the table, mostly what can be picked up or reached now)."""
        scene = app.scenes.top
        options = self.table_options(scene)
        if options and self.rng.random() < 0.7:
            x, y = self.rng.choice(options)
            return scene.view.to_screen(x, y)
        spots = []
        menu = getattr(scene, "menu", None)
        if menu is not None:
            spots += [w.rect for w in menu.widgets if w.visible and w.rect.w > 0]
        hud = getattr(scene, "hud", None)
        if hud is not None:
            playing = type(scene).__name__ in PLAYING and self.rng.random() < 0.9
            spots += [rect for name, rect in getattr(hud, "buttons", {}).items()
                      if not (playing and name == "menu")]
        view = getattr(scene, "view", None)
        if view is not None and getattr(view, "scale", 0) > 0:
            side = self.rng.choice(tuple(Side))
            garanguet = scene.session.rules.name == "garanguet"
            loc = self.rng.choice([*range(1, 26)] if garanguet else [-1, 0, *range(1, 13)])
            x, y = view.checker_centre(side, loc, self.rng.randrange(3))
            spots.append(pygame.Rect(*view.to_screen(x, y), 1, 1))
        if not spots:
            return self.anywhere(app)
        rect = self.rng.choice(spots)
        return (rect.x + self.rng.randrange(max(rect.w, 1)),
                rect.y + self.rng.randrange(max(rect.h, 1)))

    def table_options(self, scene) -> list[tuple[float, float]]:
        """Board points of the checkers the player may pick, or of the lit destinations."""
        chooser = getattr(scene, "choice", None)
        if chooser is None or getattr(scene, "stage", None) != "choose" or scene.view.scale <= 0:
            return []
        side = scene.session.to_move
        if chooser.selected is not None:
            return [scene.view.landing_centre(scene.shown, side, d) for d in chooser.destinations]
        mine = scene.shown.checkers(scene.session.to_move)
        return [scene.view.checker_centre(side, o, mine.count(o) - 1) for o in chooser.origins]

    def checker_and_point(self, scene):
        """Screen spots of a checker that may move and of a point it may reach, if any."""
        chooser = getattr(scene, "choice", None)
        if chooser is None or getattr(scene, "stage", None) != "choose" or scene.view.scale <= 0 \
                or chooser.selected is not None or not chooser.steps:
            return None
        step = self.rng.choice(chooser.steps)
        side = scene.session.to_move
        mine = scene.shown.checkers(scene.session.to_move)
        start = scene.view.checker_centre(side, step.origin, mine.count(step.origin) - 1)
        end = scene.view.landing_centre(scene.shown, side, step.destination)
        return scene.view.to_screen(*start), scene.view.to_screen(*end)

    # -- actions
    def click(self, app, pos=None):
        pos = pos or self.anywhere(app)
        button = 1 if self.rng.random() < 0.85 else self.rng.choice([2, 3, 4, 5, 6])
        return [event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]

    def aimed_click(self, app):
        return self.click(app, self.target(app))

    def motion(self, app):
        pos = self.anywhere(app)
        return [event(pygame.MOUSEMOTION, pos=pos, rel=(self.rng.randint(-40, 40),
                                                       self.rng.randint(-40, 40)),
                      buttons=(0, 0, 0))]

    def drag(self, app):
        """Press, move in a few steps (a fling, or a checker carried to a point), release."""
        start = self.target(app) if self.rng.random() < 0.6 else self.anywhere(app)
        end = self.target(app) if self.rng.random() < 0.5 else self.anywhere(app)
        carried = self.checker_and_point(app.scenes.top)
        if carried and self.rng.random() < 0.7:
            start, end = carried
        steps = self.rng.randint(1, 8)
        events = [event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
        last = start
        for i in range(1, steps + 1):
            pos = (round(start[0] + (end[0] - start[0]) * i / steps),
                   round(start[1] + (end[1] - start[1]) * i / steps))
            events.append(event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - last[0], pos[1] - last[1]),
                                buttons=(1, 0, 0)))
            last = pos
        events.append(event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        return events

    def key(self, app, key=None):
        if key is None:
            key = self.rng.choice(GAME_KEYS)
            if key in SETBACKS and type(app.scenes.top).__name__ in PLAYING \
                    and self.rng.random() < SETBACKS[key]:
                key = self.rng.choice(GAME_KEYS)
        mod = self.rng.choice(MODS)
        down = event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        up = event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        return [down] * self.rng.choice([1, 1, 1, 2, 5]) + [up]     # held keys repeat

    def random_key(self, app):
        return self.key(app, self.rng.choice([self.rng.randrange(0, 0x4000011B),
                                              self.rng.randrange(32, 127)]))

    def rare_key(self, app):
        return self.key(app, self.rng.choice(RARE_KEYS))

    def wheel(self, app):
        x, y = self.rng.randint(-3, 3), self.rng.choice([-20, -3, -1, 1, 3, 20, 0])
        return [event(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x),
                      precise_y=float(y), touch=False)]

    def text(self, app):
        return [event(pygame.TEXTINPUT, text=self.rng.choice(TEXTS))]

    def focus(self, app):
        if self.rng.random() < 0.3:
            gain = self.rng.randint(0, 1)
            return [event(pygame.ACTIVEEVENT, gain=gain, state=self.rng.choice([1, 2, 4, 6]))]
        return [event(self.rng.choice(FOCUS))]

    def resize(self, app):
        """The player resizes the window: done for real (the system clamps it to the minimum)."""
        if app.fullscreen:
            return self.focus(app)
        w, h = self.rng.choice(SIZES)
        with warnings.catch_warnings():     # the only way to reach the display's window
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.size = (w, h)
        w, h = window.size
        return [event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h),
                event(pygame.WINDOWRESIZED, x=w, y=h)]

    def fake_resize(self, app):
        """A resize event whose size is not the window's (stale or odd)."""
        w, h = self.rng.choice([(0, 0), (1, 1), (5000, 100), (960, 600), (-5, 20)])
        return [event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h),
                event(pygame.WINDOWSIZECHANGED, x=w, y=h)]

    def quit(self, app):
        return [event(self.rng.choice([pygame.QUIT, pygame.QUIT, pygame.WINDOWCLOSE]))]

    def junk(self, app):
        """Events missing their fields or with the wrong types (another program, a bad driver)."""
        return [self.rng.choice([
            event(pygame.MOUSEBUTTONDOWN),
            event(pygame.MOUSEBUTTONUP, pos=None, button=1),
            event(pygame.MOUSEMOTION, pos=(float("nan"), 3), rel=(0, 0), buttons=(0, 0, 0)),
            event(pygame.KEYDOWN, key="a", mod=0),
            event(pygame.KEYDOWN, key=pygame.K_RETURN),
            event(pygame.MOUSEWHEEL, x=None, y=1),
            event(pygame.USEREVENT, anything="at all"),
            event(pygame.MOUSEBUTTONDOWN, pos=(10 ** 9, -10 ** 9), button=1),
        ])]
