"""The title screen and the new-match form.

The title: an animated heading over a frieze of points where checkers hop along, the main
menu (new match, continue, rules, settings, statistics, quit) and any note the game has for the
player (a damaged save kept aside, an error caught during play) in a notice over it.
"""
import math

import pygame

from game.computer.player import levels_for
from game.scenes.menus import MenuScene, NoticeScene, SavedMatchScene, SettingsScene, StatsScene
from game.scenes.host import Host
from game.scenes.rules_screen import (PRESETS, REENTRY_NOTE, RulesScene, preset_of,
                                      rules_to_explain)
from game.view import widgets as ui
from game.view.assets import checker
from game.view.layout import px, ui_scale


#: The game's name, on the title and the window's caption: both its games.
NAME = "Tourne Case & Garanguet"
LENGTHS = [1, 3, 5, 7, 9, 11, 15, 21]
HOP_PERIOD = 0.9      # seconds between two hops of the frieze's checkers


class TitleScene(MenuScene):
    heading = NAME
    row_height = 48
    gap = 10
    width = 420

    def build(self):
        app = self.app
        self.continue_button = ui.Button("Continue the match", app.continue_match)
        self.quit_button = ui.Button("Quit", app.quit)
        return [
            self.continue_button,
            ui.Button("New match", lambda: app.scenes.push(NewMatchScene(app))),
            ui.Button("Rules", lambda: app.scenes.push(RulesScene(app, rules_to_explain(app)))),
            ui.Button("Settings", lambda: app.scenes.push(SettingsScene(app))),
            ui.Button("Statistics", lambda: app.scenes.push(StatsScene(app))),
            self.quit_button,
        ]

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
        return round(size[1] * 0.38)

    def footnote(self) -> str:
        """Said under the menu: on Quit with a match under way, that nothing is lost."""
        if self.menu.focused is self.quit_button and self.app.match.can_continue():
            return "Your match is saved: Continue resumes it next time."
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

    def draw_checkers(self, surface, row: pygame.Rect, side: str, down: bool) -> None:
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
        ui.blit_text(surface, "Two tables games printed in Paris, 1699 and 1818", 28 * scale,
                     (w / 2, h * 0.21 + px(72, scale)), ui.IVORY_SHADE)

    def draw(self, surface):
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        scale = ui_scale(surface.get_size())
        top, bottom = self.frieze(surface.get_size())
        self.draw_points(surface, top, down=True)
        self.draw_points(surface, bottom, down=False)
        self.draw_checkers(surface, top, "W", down=True)
        self.draw_checkers(surface, bottom, "B", down=False)
        self.draw_heading(surface, scale)
        self.menu.draw(surface, scale)
        note = self.footnote()      # in the keys' line: nothing else moves
        ui.blit_text(surface, note or "Arrows or Tab choose  ·  Enter plays  ·  Esc goes back  ·  "
                     "F11 full screen  ·  F12 screenshot", (22 if note else 19) * scale,
                     (surface.get_width() / 2, bottom.y - px(14, scale)),
                     ui.GOLD_PALE if note else ui.IVORY_SHADE)


#: The games a new match offers: (key, title); Tourne Case comes with its rule presets.
GAMES = [("tourne-case", "Tourne Case"), ("garanguet", "Garanguet")]


def game_of(rules_name: str) -> str:
    return "garanguet" if rules_name == "garanguet" else "tourne-case"


def level_choices(rules_name: str) -> list[tuple[str, str]]:
    """The computer's levels for a game, weakest first, as the form shows them."""
    return [(name, name.replace("_", " ").capitalize()) for name, _ in levels_for(rules_name)]


#: Where each side starts, as the form says it: Tourne Case's rows, Garanguet's stacks.
SIDES = {"tourne-case": [("W", "White (top row)"), ("B", "Black (bottom row)")],
         "garanguet": [("W", "White (starts on x)"), ("B", "Black (starts on a)")]}

GAME_NOTES = {
    "tourne-case": "Three checkers each on two rows of twelve points, printed in Paris in 1699.",
    "garanguet": "Fifteen checkers each, three dice, no hitting: block the way and bear off "
                 "first (Lepeintre, 1818).",
}


class NewMatchScene(MenuScene):
    """The game, opponent and level, the human's colour, match length, Tourne Case's preset and
    option (last, so that Garanguet's empty rows sit above the buttons)."""

    heading = "New match"
    width = 700
    row_height = 48

    def build(self):
        app = self.app
        last = app.last_options()
        self.choices = {
            "game": ui.Choice("Game", GAMES, game_of(last["rules"]), self.changed),
            "opponent": ui.Choice("Opponent", [("computer", "The computer"),
                                               ("human", "Two players, one screen")],
                                  last["opponent"], self.changed),
            "level": ui.Choice("Level", level_choices(last["rules"]), last["level"], self.changed),
            "human_side": ui.Choice("You play", SIDES[game_of(last["rules"])],
                                    last["human_side"], self.changed),
            "length": ui.Choice("Match to", [(n, f"{n} point{'s' if n > 1 else ''}")
                                             for n in LENGTHS], last["length"], self.changed),
            "rules": ui.Choice("Rules", [(key, title) for key, title, _ in PRESETS],
                               preset_of(last["rules"]), self.changed),
            "reentry": ui.toggle("Compulsory re-entry (TR-1)",
                                 last["rules"] == "charpentier-reentry", self.changed),
        }
        self.changed(None)
        return [*self.choices.values(), ui.Button("Start the match", self.start),
                ui.Button("Back", self.back)]

    def changed(self, _value) -> None:
        """Show only what applies: the game's own levels against the computer, Tourne Case's
        presets, re-entry in Charpentier."""
        c = self.choices
        against_computer = c["opponent"].value == "computer"
        tourne_case = c["game"].value == "tourne-case"
        c["level"].visible = c["human_side"].visible = against_computer
        c["rules"].visible = tourne_case
        c["reentry"].visible = tourne_case and c["rules"].value == "charpentier"
        c["human_side"].options = SIDES[c["game"].value]
        levels = level_choices(self.rules())
        if levels != c["level"].options:       # another game: its levels, the same one if it has it
            names = [name for name, _ in levels]
            keep = c["level"].value
            c["level"].options = levels
            c["level"].index = names.index(keep) if keep in names else len(names) // 2

    def rules(self) -> str:
        """The rule set chosen: Garanguet, or the Tourne Case preset (re-entry folded in)."""
        c = self.choices
        if c["game"].value == "garanguet":
            return "garanguet"
        if c["rules"].value == "charpentier" and c["reentry"].value:
            return "charpentier-reentry"
        return c["rules"].value

    def options(self) -> dict:
        """What new_match takes (the re-entry option folds into the rules' name)."""
        chosen = {key: choice.value for key, choice in self.choices.items()}
        del chosen["reentry"], chosen["game"]
        chosen["rules"] = self.rules()
        return chosen

    def start(self) -> None:
        """Start the match; a match saved and under way is never replaced without asking."""
        if self.app.match.can_continue():
            self.app.scenes.push(SavedMatchScene(self.app, self.begin))
        else:
            self.begin()

    def begin(self) -> None:
        remembered = {key: choice.value for key, choice in self.choices.items() if key != "game"}
        if self.choices["game"].value == "garanguet":
            remembered["rules"] = "garanguet"
        self.app.update_settings(remembered)
        self.app.new_match(self.options())

    def menu_top(self, size, scale):
        return round(size[1] * 0.19)

    def footnote(self) -> str:
        """What the focused row means: the level, the game, the preset or re-entry (TR-1)."""
        focused = self.menu.focused
        if focused is self.choices["level"]:
            return dict(levels_for(self.rules())).get(focused.value, "")
        if focused is self.choices["game"]:
            return GAME_NOTES[focused.value]
        if focused is self.choices["reentry"]:
            return REENTRY_NOTE
        if focused is self.choices["rules"]:
            return dict((k, n) for k, _, n in PRESETS)[self.choices["rules"].value]
        return "Up/Down move between rows; Left/Right change a choice; Esc goes back."

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        note = self.footnote()
        fnt = ui.font(22 * scale)
        y = self.menu.widgets[-1].rect.bottom + px(16, scale)
        for line in ui.wrap(note, fnt, px(self.width + 100, scale))[:3]:
            ui.blit_text(surface, line, 22 * scale, (surface.get_width() / 2, y), ui.IVORY,
                         anchor="midtop")
            y += fnt.get_linesize()
