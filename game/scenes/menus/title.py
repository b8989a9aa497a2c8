"""The title screen (the new-match form is in new_match.py).

The title: an animated heading over a frieze of points where checkers hop along, the main
menu (continue - saying which match, and when it is an online one -, new match, play online,
the tutorials, rules, settings, statistics, quit) and any note the game has for the player (a damaged save kept aside, an error caught
during play) in a notice over it. Left untouched a while, the table plays itself
(game/scenes/table/attract.py). Every word is translated where it is drawn (game/base/i18n.py).
"""
import math

import pygame

from game.base.i18n import N_, _, verbatim
from game.scenes.table.attract import ATTRACT_AFTER, AttractScene
from game.scenes.base import STILL
from game.scenes.menus.base import MenuScene
from game.scenes.menus.overlays import NoticeScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.menus.new_match import NewMatchScene
from game.rules import Side
from game.scenes import games
from game.scenes.learn.rules_screen import RulesScene, rules_to_explain
from game.view import controller, widgets as ui
from game.view.assets import checker
from game.view.layout import px, ui_scale


#: The game's name, on the title and the window's caption: both its games (never translated).
NAME = verbatim("Tourne Case & Garanguet")
HOP_PERIOD = 0.9      # seconds between two hops of the frieze's checkers
LIVELY = 4.0          # seconds the heading and the frieze move once the title shows or is touched;
                      # then they come to rest (the game rests too) until a touch or the show


#: The tutorials the title offers: (game, label); each opens game.scenes.learn.tutorial.TutorialScene.
TUTORIALS = [(game.key, game.tutorial) for game in games.offered()]


class TitleScene(MenuScene):
    heading = NAME
    keep_places = False     # no saved match, no Continue: New match comes up in its place
    row_height = 38
    gap = 6
    width = 480             # room for "Continue: Tourne Case, match to 21, 20-19"

    def __init__(self, app, attract_after: float | None = ATTRACT_AFTER):
        """`attract_after`: seconds untouched before the table plays itself (None: never)."""
        self.attract_after = attract_after
        self.idle = 0.0       # seconds since the title was last touched
        self.motion = 0.0     # the heading's and the frieze's clock: it stops while they rest
        super().__init__(app)

    def build(self):
        app = self.app
        self.continue_button = ui.Button(self.continue_words, app.continue_match, size=28)
        self.quit_button = ui.Button(N_("Quit"), app.quit, size=28)
        return [
            self.continue_button,
            ui.Button(N_("New match"), lambda: app.scenes.push(NewMatchScene(app)), size=28),
            ui.Button(N_("Play online"), self.play_online, size=28),
            *[ui.Button(label, lambda game=game: self.tutorial(game), size=28)
              for game, label in TUTORIALS],
            ui.Button(N_("Rules"), lambda: app.scenes.push(RulesScene(app, rules_to_explain(app))),
                      size=28),
            ui.Button(N_("Settings"), lambda: app.scenes.push(SettingsScene(app)), size=28),
            ui.Button(N_("Statistics"), self.statistics, size=28),
            self.quit_button,
        ]

    def statistics(self) -> None:
        # Imported on the click: the records' statistics are none of a start's business.
        from game.scenes.menus.stats import StatsScene
        self.app.scenes.push(StatsScene(self.app))

    def continue_words(self) -> str:
        """ "Continue: Garanguet, match to 5, 2-1": which match Continue takes up (White's
        points first, as the table's plates and the scoreboard read); "Continue online: ..."
        for a match with a friend elsewhere (Continue goes back to its room)."""
        session = self.app.keeper.session
        if session is None:
            return _("Continue the match")
        score = session.match.score
        fields = dict(game=games.game_of(session.options.rules).title, length=session.options.length,
                      white=score[Side.WHITE], black=score[Side.BLACK])
        if session.options.opponent == "online":
            return _("Continue online: {game}, match to {length}, {white}-{black}", **fields)
        return _("Continue: {game}, match to {length}, {white}-{black}", **fields)

    def play_online(self) -> None:
        """Host, join by code, the relay's open games, watch (game/scenes/online/menu.py, imported
        only now: the title shows sooner)."""
        from game.scenes.online.menu import PlayOnlineScene
        self.app.scenes.push(PlayOnlineScene(self.app))

    def tutorial(self, game: str) -> None:
        """Open the game's tutorial (game.scenes.learn.tutorial, imported only now); if it cannot be
        opened, say so in a notice rather than fail."""
        try:
            from game.scenes.learn.tutorial import TutorialScene
            scene = TutorialScene(self.app, game)
        except Exception as exc:      # missing, or not ready for this game: the title stays
            self.app.scenes.push(NoticeScene(self.app, [_(
                "The tutorial cannot be opened yet ({problem}).",
                problem=verbatim(f"{type(exc).__name__}: {exc}"))]))
            return
        self.app.scenes.push(scene)

    def enter(self):
        self.idle = 0.0
        self.continue_button.visible = self.app.keeper.can_continue()
        self.menu.reset_focus()
        super().enter()
        if self.app.messages:
            self.app.scenes.push(NoticeScene(self.app, list(self.app.messages)))
            self.app.messages.clear()

    def handle_event(self, event):
        self.idle = 0.0           # touched: the show waits another while
        super().handle_event(event)

    def update(self, dt):
        super().update(dt)
        if self.lively():
            self.motion += dt
        self.idle += dt
        if (self.attract_after is not None and self.idle >= self.attract_after
                and not self.app.autoplay):
            self.idle = 0.0
            self.app.scenes.push(AttractScene(self.app))

    def lively(self) -> bool:
        """The heading bobs and the checkers hop a while after a touch; a hop under way lands."""
        hop = (self.motion / HOP_PERIOD) % 1.0
        return self.idle < LIVELY or hop < 0.45

    def calm(self) -> float:
        """1 while lively, easing to 0 over the last second: the heading settles, not stops."""
        return max(0.0, min(1.0, LIVELY - self.idle))

    def next_frame(self) -> float:
        if self.lively() or self.calm() > 0 or self.menu.easing():
            return 0.0
        if self.attract_after is None or self.app.autoplay:
            return STILL
        return max(0.0, self.attract_after - self.idle)     # the show's minute

    def back(self):
        """Esc on the title goes to "Quit" rather than quitting: a stray Esc costs nothing."""
        self.menu.focus_on(self.menu.widgets[-1])

    def menu_top(self, size, scale):
        return round(size[1] * 0.34)

    def footnote(self) -> str:
        """Said under the menu: on Quit with a match under way, that nothing is lost."""
        if self.menu.focused is self.quit_button and self.app.keeper.can_continue():
            return _("Your match is saved: Continue resumes it next time.")
        return ""

    def keys_line(self) -> str:
        """The keys of the title, or the controller's buttons when a controller was used last."""
        if controller.last_used(self.app):
            return _("D-pad or stick choose  ·  A plays  ·  B goes back")
        return _("Arrows or Tab choose  ·  Enter plays  ·  Esc goes back  ·  "
                 "F11 full screen  ·  F12 screenshot")

    def frieze(self, size) -> tuple[pygame.Rect, pygame.Rect]:
        """The two rows of points, along the top and bottom edges."""
        w, h = size
        rim = max(6, min(w, h) // 40) + 2
        depth = round(h * 0.1)
        return (pygame.Rect(rim, rim, w - 2 * rim, depth),
                pygame.Rect(rim, h - rim - depth, w - 2 * rim, depth))

    def draw_points(self, surface, row: pygame.Rect, down: bool) -> None:
        pw = row.w / 12
        for i in range(12):
            color = ui.IVORY_SHADE if i % 2 == 0 else (58, 40, 30)
            x0 = row.x + i * pw
            base_y, tip_y = (row.y, row.bottom) if down else (row.bottom, row.y)
            pygame.draw.polygon(surface, color, [(x0 + 2, base_y), (x0 + pw - 2, base_y),
                                                 (x0 + pw / 2, tip_y)])

    def hop_positions(self) -> list[float]:
        """Where the three checkers of a row are (in points), one of them hopping at a time."""
        hops, frac = divmod(self.motion / HOP_PERIOD, 1.0)
        hops = int(hops)
        moving = hops % 3
        eased = 0.5 - 0.5 * math.cos(math.pi * min(1.0, frac / 0.45))
        result = []
        for j in range(3):
            done = hops // 3 + (1 if j < moving else 0)
            result.append(4 * j + done + (eased if j == moving else 0.0))
        return result

    def draw_checkers(self, surface, row: pygame.Rect, side: Side, down: bool) -> None:
        pw = row.w / 12
        d = round(min(pw * 0.8, row.h * 0.62))
        sprite = checker(side, d)
        lift = row.h * 0.35
        clip = surface.get_clip()
        surface.set_clip(row)
        for p in self.hop_positions():
            x = row.x + ((p % 12) + 0.5) * pw
            arc = math.sin(math.pi * (p % 1.0)) * lift
            y = row.y + d / 2 + 4 + arc if down else row.bottom - d / 2 - 4 - arc
            for shift in (0, -row.w):          # slides out on the right, back in on the left
                surface.blit(sprite, sprite.get_rect(center=(round(x + shift), round(y))))
        surface.set_clip(clip)

    def draw_heading(self, surface, scale):
        w, h = surface.get_size()
        calm = self.calm()
        bob = math.sin(self.motion * 1.6) * px(5, scale) * calm
        y = h * 0.21 + bob
        size = 112 * scale           # both names fit: the window is at least 1280 * scale wide
        ui.blit_text(surface, self.heading, size, (w / 2 + px(4, scale), y + px(5, scale)),
                     ui.WALNUT_DEEP, "title")
        shimmer = 0.5 + 0.5 * math.sin(self.motion * 0.9) * calm
        gold = tuple(round(a + (b - a) * shimmer) for a, b in zip(ui.GOLD, ui.GOLD_PALE))
        ui.blit_text(surface, self.heading, size, (w / 2, y), gold, "title")
        line = pygame.Rect(0, 0, w - 2 * px(60, scale), px(36, scale))
        line.center = (w // 2, round(h * 0.21 + px(72, scale)))
        ui.blit_fitted(surface, _("Two tables games printed in Paris, 1699 and 1818"), 28 * scale,
                       line, ui.IVORY_SHADE)

    def draw(self, surface):
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        scale = ui_scale(surface.get_size())
        top, bottom = self.frieze(surface.get_size())
        self.draw_points(surface, top, down=True)
        self.draw_points(surface, bottom, down=False)
        self.draw_checkers(surface, top, Side.WHITE, down=True)
        self.draw_checkers(surface, bottom, Side.BLACK, down=False)
        self.draw_heading(surface, scale)
        self.menu.draw(surface, scale)
        note = self.footnote()      # in the keys' line: nothing else moves
        words = note or self.keys_line()
        line = pygame.Rect(top.x, 0, top.w, px(30, scale))
        line.center = (surface.get_width() // 2, bottom.y - px(16, scale))
        ui.blit_fitted(surface, words, (22 if note else 19) * scale, line,
                       ui.GOLD_PALE if note else ui.IVORY_SHADE, margin=px(20, scale))
