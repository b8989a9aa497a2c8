"""The title screen and the new-match form.

The title: an animated heading over a frieze of points where checkers hop along, the main
menu (new match, continue, rules, settings, statistics, quit) and any note the game has for the
player (a damaged save kept aside, an error caught during play) in a notice over it. Every
word is translated where it is drawn (game/base/i18n.py).
"""
import math

import pygame

from game.computer.player import LEVEL_TITLES, levels_for
from game.base.i18n import N_, _, n_, verbatim
from game.scenes.menus import (MenuScene, NoticeScene, SavedMatchScene,
                               SettingsScene, StatsScene, level_title)
from game.play.match import MatchOptions
from game.rules import MATCH_LENGTHS, Side, rule_set
from game.scenes import games
from game.scenes.rules_screen import RulesScene, rules_to_explain
from game.view import widgets as ui
from game.view.assets import checker
from game.view.layout import px, ui_scale


#: The game's name, on the title and the window's caption: both its games (never translated).
NAME = verbatim("Tourne Case & Garanguet")
LENGTHS = list(MATCH_LENGTHS)
HOP_PERIOD = 0.9      # seconds between two hops of the frieze's checkers


#: The tutorials the title offers: (game, label); each opens game.scenes.tutorial.TutorialScene.
TUTORIALS = [(game.key, game.tutorial) for game in games.offered()]


class TitleScene(MenuScene):
    heading = NAME
    row_height = 40
    gap = 7
    width = 420

    def build(self):
        app = self.app
        self.continue_button = ui.Button(N_("Continue the match"), app.continue_match, size=28)
        self.quit_button = ui.Button(N_("Quit"), app.quit, size=28)
        return [
            self.continue_button,
            ui.Button(N_("New match"), lambda: app.scenes.push(NewMatchScene(app)), size=28),
            *[ui.Button(label, lambda game=game: self.tutorial(game), size=28)
              for game, label in TUTORIALS],
            ui.Button(N_("Rules"), lambda: app.scenes.push(RulesScene(app, rules_to_explain(app))),
                      size=28),
            ui.Button(N_("Settings"), lambda: app.scenes.push(SettingsScene(app)), size=28),
            ui.Button(N_("Statistics"), lambda: app.scenes.push(StatsScene(app)), size=28),
            self.quit_button,
        ]

    def tutorial(self, game: str) -> None:
        """Open the game's tutorial (game.scenes.tutorial, imported only now); if it cannot be
        opened, say so in a notice rather than fail."""
        try:
            from game.scenes.tutorial import TutorialScene
            scene = TutorialScene(self.app, game)
        except Exception as exc:      # missing, or not ready for this game: the title stays
            self.app.scenes.push(NoticeScene(self.app, [_(
                "The tutorial cannot be opened yet ({problem}).",
                problem=verbatim(f"{type(exc).__name__}: {exc}"))]))
            return
        self.app.scenes.push(scene)

    def enter(self):
        self.continue_button.visible = self.app.match.can_continue()
        self.menu.reset_focus()
        super().enter()
        if self.app.messages:
            self.app.scenes.push(NoticeScene(self.app, list(self.app.messages)))
            self.app.messages.clear()

    def back(self):
        """Esc on the title goes to "Quit" rather than quitting: a stray Esc costs nothing."""
        self.menu.focus_on(self.menu.widgets[-1])

    def menu_top(self, size, scale):
        return round(size[1] * 0.34)

    def footnote(self) -> str:
        """Said under the menu: on Quit with a match under way, that nothing is lost."""
        if self.menu.focused is self.quit_button and self.app.match.can_continue():
            return _("Your match is saved: Continue resumes it next time.")
        return ""

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
        hops, frac = divmod(self.time / HOP_PERIOD, 1.0)
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
        bob = math.sin(self.time * 1.6) * px(5, scale)
        y = h * 0.21 + bob
        size = 112 * scale           # both names fit: the window is at least 1280 * scale wide
        ui.blit_text(surface, self.heading, size, (w / 2 + px(4, scale), y + px(5, scale)),
                     ui.WALNUT_DEEP, "title")
        shimmer = 0.5 + 0.5 * math.sin(self.time * 0.9)
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
        words = note or _("Arrows or Tab choose  ·  Enter plays  ·  Esc goes back  ·  "
                          "F11 full screen  ·  F12 screenshot")
        line = pygame.Rect(top.x, 0, top.w, px(30, scale))
        line.center = (surface.get_width() // 2, bottom.y - px(16, scale))
        ui.blit_fitted(surface, words, (22 if note else 19) * scale, line,
                       ui.GOLD_PALE if note else ui.IVORY_SHADE, margin=px(20, scale))


#: The games a new match offers: (key, title); Tourne Case comes with its rule presets.
GAMES = [(game.key, game.title) for game in games.offered()]

#: The presets the form's "Rules" row offers: those of each game that has a choice of them.
PRESETS = [name for game in games.offered() if len(games.presets(game)) > 1
           for name in games.presets(game)]


def level_choices(rules_name: str) -> list[tuple[str, object]]:
    """The computer's levels for a game, weakest first, as the form shows them (each name
    translated where it is drawn)."""
    return [(name, LEVEL_TITLES.get(name) or (lambda name=name: level_title(name)))
            for name, _ in levels_for(rules_name)]


OPPONENTS = [("computer", N_("The computer")), ("human", N_("Two players, one screen")),
             ("online", N_("A friend on another computer"))]


def points(n: int):
    """A match length as the form shows it: "1 point", "5 points" (translated when drawn)."""
    return lambda: n_("{count} point", "{count} points", n, count=n)


class NewMatchScene(MenuScene):
    """The game, opponent and level, the human's colour, match length, Tourne Case's preset and
    option (last, so that Garanguet's empty rows sit above the buttons)."""

    heading = N_("New match")
    width = 700
    row_height = 44       # ten rows with a friend elsewhere (Host, Join), and the note under them
    gap = 6

    def build(self):
        app = self.app
        last = app.last_options()
        game = games.game_of(last["rules"])
        preset = games.preset_of(last["rules"])
        self.choices = {
            "game": ui.Choice(N_("Game"), GAMES, game.key, self.changed),
            "opponent": ui.Choice(N_("Opponent"), OPPONENTS, last["opponent"], self.changed),
            "level": ui.Choice(N_("Level"), level_choices(last["rules"]), last["level"],
                               self.changed),
            "touch_move": ui.toggle(N_("Touch-move"), bool(app.settings.get("touch_move")),
                                    self.changed),     # shares the level's row (see layout)
            "human_side": ui.Choice(N_("You play"), list(game.sides), last["human_side"],
                                    self.changed),
            "length": ui.Choice(N_("Match to"), [(n, points(n)) for n in LENGTHS],
                                last["length"], self.changed),
            "rules": ui.Choice(N_("Rules"), [(name, rule_set(name).title) for name in PRESETS],
                               preset if preset in PRESETS else PRESETS[0], self.changed),
            "reentry": ui.toggle(games.REENTRY.label, last["rules"] == games.REENTRY.rules,
                                 self.changed),
        }
        self.start_button = ui.Button(N_("Start the match"), self.start)
        self.join_button = ui.Button(N_("Join a friend's match"), lambda: self.start(self.join))
        self.changed(None)
        return [*self.choices.values(), self.start_button, self.join_button,
                ui.Button(N_("Back"), self.back)]

    def changed(self, _value) -> None:
        """Show only what applies: the game's own levels against the computer, its presets if
        it has a choice of them (Tourne Case's), the preset's option (re-entry in Charpentier)."""
        c = self.choices
        against_computer = c["opponent"].value == "computer"
        online = c["opponent"].value == "online"
        c["level"].visible = against_computer
        c["human_side"].visible = against_computer or online
        c["touch_move"].visible = self.join_button.visible = online   # the host chooses it for both
        self.start_button.label = N_("Host the match") if online else N_("Start the match")
        c["rules"].visible = c["rules"].value in games.presets(self.game())
        c["reentry"].visible = c["rules"].visible and c["rules"].value == games.REENTRY.preset
        c["human_side"].options = list(self.game().sides)
        levels = level_choices(self.rules())
        names = [name for name, _ in levels]
        if names != [name for name, _ in c["level"].options]:   # another game: its levels, the same one if it has it
            keep = c["level"].value
            c["level"].options = levels
            c["level"].index = names.index(keep) if keep in names else len(names) // 2

    def game(self) -> games.Game:
        return games.GAMES[self.choices["game"].value]

    def preset(self) -> str:
        """The preset chosen: the "Rules" row's if the game has a choice, else its one."""
        chosen = self.choices["rules"].value
        offered = games.presets(self.game())
        return chosen if chosen in offered else offered[0]

    def rules(self) -> str:
        """The rule set chosen: the game's preset, its option folded in (re-entry)."""
        return games.with_option(self.preset(), self.choices["reentry"].value)

    def options(self) -> dict:
        """What new_match takes (the re-entry option folds into the rules' name)."""
        chosen = {key: choice.value for key, choice in self.choices.items()}
        del chosen["reentry"], chosen["game"], chosen["touch_move"]
        chosen["rules"] = self.rules()
        return chosen

    def online(self) -> bool:
        return self.choices["opponent"].value == "online"

    def start(self, then=None) -> None:
        """Start the match (or host it, or join one); a match saved and under way is never
        replaced without asking."""
        then = then or (self.host if self.online() else self.begin)
        if self.app.match.can_continue():
            self.app.scenes.push(SavedMatchScene(self.app, then))
        else:
            then()

    def remember(self) -> None:
        """The form's choices, offered again next time (a friend elsewhere is chosen anew)."""
        remembered = {key: choice.value for key, choice in self.choices.items()
                      if key not in ("game", "touch_move")}
        remembered["rules"] = self.preset()
        if self.online():
            del remembered["opponent"], remembered["level"]
        self.app.update_settings(remembered)

    def begin(self) -> None:
        self.remember()
        self.app.new_match(self.options())

    def host(self) -> None:
        """Open a room for a friend on another computer, with the options chosen here."""
        from game.scenes.online import HostScene
        self.remember()
        c = self.choices
        options = MatchOptions(rules=self.rules(), length=c["length"].value, opponent="online",
                               human_side=Side(c["human_side"].value),
                               touch_move=c["touch_move"].value)
        self.app.scenes.push(HostScene(self.app, options))

    def join(self) -> None:
        """Join a friend's room: the friend's options are shown there, to accept."""
        from game.scenes.online_join import JoinScene
        self.app.scenes.push(JoinScene(self.app))

    def layout(self, size) -> None:
        """Rows keep their places, but the level (against the computer) and touch-move (with a
        friend elsewhere) share one, and the Join button takes one only when it shows."""
        scale = ui_scale(size)
        c = self.choices
        spare = {c["level"] if c["touch_move"].visible else c["touch_move"]}
        if not self.join_button.visible:
            spare.add(self.join_button)
        ui.column([w for w in self.menu.widgets if w not in spare], size[0] // 2,
                  self.menu_top(size, scale), px(self.width, scale), px(self.row_height, scale),
                  px(self.gap, scale), self.keep_places)

    def menu_top(self, size, scale):
        return round(size[1] * 0.19)

    def footnote(self) -> str:
        """What the focused row means: the level, the game, the preset or re-entry (TR-1).
        The English message: translated where it is drawn."""
        focused = self.menu.focused
        if focused is self.choices["level"]:
            return dict(levels_for(self.rules())).get(focused.value, "")
        if focused is self.choices["game"]:
            return games.GAMES[focused.value].note
        if focused is self.choices["reentry"]:
            return games.REENTRY.note
        if focused is self.choices["rules"]:
            return games.PRESET_NOTES[self.choices["rules"].value]
        if self.online() and focused in (self.choices["opponent"], self.start_button, self.join_button):
            return N_("Host shows a code here; your friend, on the same network, chooses Join "
                      "and types it.")
        if focused is self.choices["touch_move"]:
            return N_("Touch-move (C-5, G-11) for both of you: a checker picked up must be played.")
        return N_("Up/Down move between rows; Left/Right change a choice; Esc goes back.")

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        self.draw_footnote(surface, self.footnote(), 22, self.menu.widgets[-1].rect.bottom
                           + px(14, scale), px(self.width + 140, scale), 3)
