"""The new-match form: the game, the opponent and level, the human's colour, the match's length,
Tourne Case's preset and option, the hints between two people; against a friend elsewhere, Host
and Join. It opens on the choices of the last match: each game's own level, the opponent, the
hints chosen for that opponent.

Every word is translated where it is drawn (game/base/i18n.py).
"""
from game.computer.player import LEVEL_TITLES, levels_for
from game.base.i18n import N_, n_
from game.play.options import MatchOptions
from game.rules import Side, rule_set
from game.saves.settings import HINTS, HUMAN_SIDE, LENGTH, LEVEL, OPPONENT, RULES, TOUCH_MOVE
from game.scenes import games
from game.scenes.menus.base import MenuScene, level_title
from game.scenes.menus.overlays import SavedMatchScene
from game.view import controller, widgets as ui
from game.view.layout import px, ui_scale

LENGTHS = list(LENGTH.values)


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


def default_hints(opponent: str) -> bool:
    """Hints between two people: on at one screen, off with a friend elsewhere (each side's
    hints are unseen by the other: fair only when both agree to them)."""
    return opponent != "online"


def points(n: int):
    """A match length as the form shows it: "1 point", "5 points" (translated when drawn)."""
    return lambda: n_("{count} point", "{count} points", n, count=n)


class NewMatchScene(MenuScene):
    """The game, opponent and level, the human's colour, the hints, match length, Tourne Case's
    preset and option. Only the rows that apply show, closed up: a row that comes or goes is
    always below the one just changed, so nothing moves under the pointer."""

    heading = N_("New match")
    width = 700
    row_height = 44       # eleven rows with a friend elsewhere (Host, Join), and the note under them
    gap = 6
    keep_places = False

    def build(self):
        app = self.app
        last = app.last_options()
        settings = app.settings
        game = games.game_of(last["rules"])
        preset = games.preset_of(last["rules"])
        # The level last chosen for each game (the settings' "levels", by game key), changed
        # here as the player picks one; the level before levels were kept by game, for the first.
        self.levels = dict(settings.get("levels") or {})
        self.levels.setdefault(game.key, last["level"])
        # The hints chosen for each opponent: the remembered one has its last choice.
        self.hints = {settings.get("opponent", OPPONENT.default):
                      bool(settings.get("hints", HINTS.default))}
        self.choices = {
            "game": ui.Choice(N_("Game"), GAMES, game.key, self.game_changed),
            "opponent": ui.Choice(OPPONENT.label, OPPONENT.options(), last["opponent"], self.changed),
            "level": ui.Choice(LEVEL.label, level_choices(last["rules"]),
                               self.level_for(game.key, last["rules"]), self.level_changed),
            "touch_move": ui.toggle(TOUCH_MOVE.label, bool(settings.get("touch_move")),
                                    self.changed),     # online only: the host chooses it for both
            "human_side": ui.Choice(HUMAN_SIDE.label, list(game.sides), last["human_side"],
                                    self.changed),
            "hints": ui.toggle(HINTS.label, True, self.hints_changed),
            "length": ui.Choice(LENGTH.label, [(n, points(n)) for n in LENGTHS],
                                last["length"], self.changed, wrap=False),
            "rules": ui.Choice(RULES.label, [(name, rule_set(name).title) for name in PRESETS],
                               preset if preset in PRESETS else PRESETS[0], self.changed),
            "reentry": ui.toggle(games.REENTRY.label, last["rules"] == games.REENTRY.rules,
                                 self.changed),
        }
        self.opponent = None        # the opponent the hints row was last set for
        self.start_button = ui.Button(N_("Start the match"), self.start)
        self.join_button = ui.Button(N_("Join a friend's match"), lambda: self.start(self.join))
        self.changed(None)
        return [*self.choices.values(), self.start_button, self.join_button,
                ui.Button(N_("Back"), self.back)]

    def level_for(self, game_key: str, rules: str) -> str:
        """The level this game had last, if its computer has it, else its default."""
        return games.level_of(rules, self.levels.get(game_key, ""))

    def level_changed(self, value) -> None:
        self.levels[self.game().key] = value
        self.changed(value)

    def game_changed(self, value) -> None:
        """Another game: its own level, as it was last chosen."""
        self.changed(value)
        level = self.choices["level"]
        names = [name for name, _ in level.options]
        level.index = names.index(self.level_for(self.game().key, self.rules()))

    def hints_changed(self, value) -> None:
        self.hints[self.choices["opponent"].value] = value
        self.changed(value)

    def changed(self, _value) -> None:
        """Show only what applies: the game's own levels against the computer, the hints between
        two people, its presets if it has a choice of them (Tourne Case's), the preset's option
        (re-entry in Charpentier)."""
        c = self.choices
        opponent = c["opponent"].value
        against_computer = opponent == "computer"
        online = opponent == "online"
        c["level"].visible = against_computer
        c["human_side"].visible = against_computer or online
        c["hints"].visible = not against_computer       # against the computer, always there
        if opponent != self.opponent:
            self.opponent = opponent
            c["hints"].index = int(self.hints.get(opponent, default_hints(opponent)))
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
        """What new_match takes (the re-entry option folds into the rules' name; against the
        computer the hints are always there)."""
        chosen = {key: choice.value for key, choice in self.choices.items()}
        del chosen["reentry"], chosen["game"], chosen["touch_move"]
        chosen["rules"] = self.rules()
        chosen["hints"] = self.hints_chosen()
        return chosen

    def hints_chosen(self) -> bool:
        return self.choices["hints"].value if self.choices["hints"].visible else True

    def online(self) -> bool:
        return self.choices["opponent"].value == "online"

    def start(self, then=None) -> None:
        """Start the match (or host it, or join one); a match saved and under way is never
        replaced without asking."""
        then = then or (self.host if self.online() else self.begin)
        if self.app.keeper.can_continue():
            self.app.scenes.push(SavedMatchScene(self.app, then))
        else:
            then()

    def remember(self) -> None:
        """The form's choices, offered again next time: the opponent (a friend elsewhere too),
        each game's level, the hints chosen for this opponent."""
        remembered = {key: choice.value for key, choice in self.choices.items()
                      if key not in ("game", "touch_move", "hints")}
        remembered["rules"] = self.preset()
        if self.choices["level"].visible:
            self.levels[self.game().key] = self.choices["level"].value
        remembered["levels"] = {key: level for key, level in self.levels.items()
                                if key in games.GAMES and level}
        if self.choices["hints"].visible:
            remembered["hints"] = self.choices["hints"].value
        self.app.update_settings(remembered)

    def begin(self) -> None:
        """A match at this screen, with the form as it is now (keys pressed in the frame that
        asked to replace a saved match may have changed it: a friend elsewhere is hosted)."""
        if self.online():
            self.host()
            return
        self.remember()
        self.app.new_match(self.options())

    def host(self) -> None:
        """Open a room for a friend on another computer, with the options chosen here."""
        from game.scenes.online.lobby import HostScene
        self.remember()
        c = self.choices
        options = MatchOptions(rules=self.rules(), length=c["length"].value, opponent="online",
                               human_side=Side(c["human_side"].value),
                               touch_move=c["touch_move"].value, hints=self.hints_chosen())
        self.app.scenes.push(HostScene(self.app, options))

    def join(self) -> None:
        """Join a friend's room: the friend's options are shown there, to accept."""
        from game.scenes.online.join import JoinScene
        self.app.update_settings({"opponent": "online"})     # offered again next time
        self.app.scenes.push(JoinScene(self.app))

    def menu_top(self, size, scale):
        return round(size[1] * 0.19)

    def footnote(self) -> str:
        """What the focused row means: the level, the game, the hints, the preset or re-entry (TR-1).
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
        if focused is self.choices["hints"]:
            return N_("Hints (H) show the chances of every move: in this match both of you may "
                      "use them, or neither.")
        if focused is self.choices["touch_move"]:
            return N_("Touch-move (C-5, G-11) for both of you: a checker picked up must be played.")
        if controller.last_used(self.app):
            return N_("D-pad: Up/Down move between rows, Left/Right change a choice; B goes back.")
        return N_("Up/Down move between rows; Left/Right change a choice; Esc goes back.")

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        self.draw_footnote(surface, self.footnote(), 22, self.menu.widgets[-1].rect.bottom
                           + px(14, scale), px(self.width + 140, scale), 3)
