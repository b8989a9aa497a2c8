"""The table that plays itself: after a minute untouched on the title, the computer plays the
computer, one game of each game the menus offer in turn (its first rule set), with its words and quieter
sounds and "Press any key" over it. Any key, click or controller button goes back to the title.

The games are the table's own (game/scenes/table/), played for a stand-in host, `ShowHost`: its
match keeper writes nowhere and its settings are a copy, so the player's saved match, records,
statistics and settings are never touched. The table's scenes stack on the stand-in's own scene
manager, which this scene updates and draws.
"""
import math
import random

import pygame

from game.base.i18n import _
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.scenes import games
from game.scenes.base import Scene, SceneManager
from game.view import controller, widgets as ui
from game.view.layout import px, ui_scale

#: Seconds untouched on the title before the table plays itself.
ATTRACT_AFTER = 60.0
QUIET = 0.3             # the table's sounds, this much as loud
SHOW_LENGTH = 1         # each show is one game, then the other game's turn
SHOW_LEVEL = ""         # the strongest: the computer at its best is worth watching


class Nowhere:
    """Storage for a show: nothing is saved, nothing recorded, nothing read."""

    def save_match(self, data) -> None:
        return None

    def clear_match(self) -> None:
        pass

    def add_record(self, record) -> None:
        return None

    def records(self):
        return [], 0


class QuietSounds:
    """The app's sounds, softer: a show in a room should not call for attention."""

    def __init__(self, sounds):
        self.sounds = sounds

    def play(self, name: str, strength: float = 1.0) -> None:
        self.sounds.play(name, strength * QUIET)


class ShowHost:
    """What the table needs of a host (game/scenes/host.py), for a show: the window, time and
    words are the app's; the match, the settings, the sounds and the scenes are the show's."""

    autoplay = True

    def __init__(self, app, show: "AttractScene"):
        self.app = app
        self.show = show
        self.settings = dict(app.settings)
        if self.settings.get("animation_speed") == "instant":
            self.settings["animation_speed"] = "normal"      # a show at full speed shows nothing
        self.sounds = QuietSounds(app.sounds)
        self.storage = Nowhere()
        self.keeper = MatchKeeper(self.storage, lambda words: None, random.Random(show.seed))
        self.scenes = SceneManager()
        self.messages: list[str] = []
        self.pads = controller.pads_of(app)       # the table reads who holds which controller

    # the app's own
    @property
    def size(self):
        return self.app.size

    @property
    def fullscreen(self):
        return self.app.fullscreen

    @property
    def clock(self):
        return self.app.clock

    def quit(self) -> None:
        self.app.quit()

    # the show's own
    def update_settings(self, changes: dict) -> None:
        self.settings.update(changes)          # for the show only: never saved

    def show_match(self) -> None:
        """The game on the table, or at its end the next game (the other one)."""
        session = self.keeper.session
        if session is None or session.phase not in (Phase.THROW, Phase.MOVE):
            self.show.next_game()
            return
        from game.scenes.table.scene import TableScene
        self.scenes.clear_to(TableScene(self))

    def to_title(self) -> None:
        self.app.to_title()

    def pause(self) -> None:
        self.app.to_title()

    def last_options(self) -> dict:
        return self.app.last_options()

    def new_match(self, options: dict) -> None:
        self.app.to_title()

    def continue_match(self) -> None:
        self.app.to_title()

    def play_online(self, link, relay) -> None:
        self.app.to_title()


class AttractScene(Scene):
    """The show, and "Press any key" over it."""

    def __init__(self, app, seed: int | None = None):
        super().__init__(app)
        # The show's games from the app's seeded generator (the one that seeds new matches).
        self.seed = seed if seed is not None else app.keeper.rng.getrandbits(32)
        self.rng = random.Random(self.seed)
        self.host = ShowHost(app, self)
        self.offered = games.offered()
        self.shown = -1                   # the index in `offered` of the game on the table
        self.time = 0.0
        self.done = False

    def enter(self) -> None:
        if self.host.scenes.top is None:
            self.next_game()

    def leave(self) -> None:
        top = self.host.scenes.top
        if top is not None:
            top.leave()

    def next_game(self) -> None:
        """A game of the next rules, the computer on both sides, its priority thrown at once."""
        self.shown = (self.shown + 1) % len(self.offered)
        rules = games.presets(self.offered[self.shown])[0]
        session = Session.new(MatchOptions(rules=rules, length=SHOW_LENGTH, opponent="computer",
                                           level=SHOW_LEVEL, autoplay=True),
                              seed=self.rng.getrandbits(64))
        for _tie in range(100):           # a tie is thrown again (C-1); 100 ties do not happen
            if session.phase is not Phase.PRIORITY:
                break
            session.throw_priority()
        self.host.keeper.adopt(session)
        self.host.show_match()

    @property
    def table(self):
        return self.host.scenes.top

    def handle_event(self, event) -> None:
        """Any key, click or controller button (a key by then: game/view/controller.py)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and not self.done:
            self.done = True
            self.app.scenes.pop()         # the title beneath, as it was

    def update(self, dt: float) -> None:
        self.time += dt
        if self.done:
            return
        self.host.scenes.update(dt)
        self.host.scenes.apply_pending()
        if self.host.scenes.top is None:
            self.next_game()
            self.host.scenes.apply_pending()

    def draw(self, surface) -> None:
        if self.host.scenes.top is None:
            surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        else:
            self.host.scenes.draw(surface)
        self.draw_invitation(surface)

    def invitation_box(self, surface) -> pygame.Rect:
        """Where "Press any key" goes: over the table's buttons, which a show has no use for,
        leaving the board and its words in sight; else across the middle."""
        w, h = surface.get_size()
        scale = ui_scale((w, h))
        hud = getattr(self.table, "hud", None)
        buttons = list(getattr(hud, "buttons", {}).values())
        if buttons:
            box = buttons[0].unionall(buttons[1:])
            return box.inflate(px(8, scale), px(8, scale))
        box = pygame.Rect(0, 0, min(w, px(520, scale)), px(84, scale))
        box.center = (w // 2, h // 2)
        return box

    def draw_invitation(self, surface) -> None:
        """ "Press any key" on a dark plate, breathing slowly, and what is shown under it."""
        scale = ui_scale(surface.get_size())
        box = self.invitation_box(surface)
        pygame.draw.rect(surface, ui.WALNUT_DEEP, box, border_radius=px(10, scale))
        pygame.draw.rect(surface, ui.GOLD, box, max(1, px(2, scale)), border_radius=px(10, scale))
        glow = 0.5 + 0.5 * math.sin(self.time * 2.2)
        color = tuple(round(a + (b - a) * glow) for a, b in zip(ui.IVORY, ui.GOLD_PALE))
        upper = pygame.Rect(box.x, box.y + px(2, scale), box.w, box.h * 0.62)
        lower = pygame.Rect(box.x, upper.bottom - px(4, scale), box.w, box.bottom - upper.bottom)
        ui.blit_fitted(surface, _("Press any key"), 30 * scale, upper, color, "title",
                       margin=px(12, scale))
        ui.blit_fitted(surface, _("The computer plays itself"), 17 * scale, lower, ui.IVORY_SHADE,
                       margin=px(12, scale))
