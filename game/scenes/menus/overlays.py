"""The boxes over a scene: pause (Esc in a game), a notice, a yes-or-no question, and the saved
match a new one would replace. Each is an OverlayScene (base.py): the scene beneath stays drawn.
"""
from game.base.i18n import N_, _, n_
from game.rules import Side
from game.scenes.games import game_of, presets
from game.scenes.host import Host
from game.scenes.learn.rules_screen import RulesScene, rules_to_explain
from game.scenes.menus.base import OverlayScene, rules_title
from game.scenes.menus.settings import SettingsScene
from game.view import widgets as ui


class NoticeScene(OverlayScene):
    """What the game has to tell the player (a damaged file kept aside, an error caught): OK."""

    heading = N_("Please note")
    width = 660

    def __init__(self, app: Host, notes: list):
        self.notes = list(notes)
        super().__init__(app)

    def build(self):
        return [ui.Button(N_("OK"), self.back)]


class PauseScene(OverlayScene):
    """Esc in a game: resume, settings, rules, leave (the match stays saved), abandon."""

    heading = N_("Pause")

    def build(self):
        app = self.app
        return [
            ui.Button(N_("Resume"), self.back),
            ui.Button(N_("Settings"), lambda: app.scenes.push(SettingsScene(app))),
            ui.Button(N_("Rules"), lambda: app.scenes.push(RulesScene(app, rules_to_explain(app)))),
            ui.Button(N_("Save and leave"), app.to_title),
            ui.Button(N_("Abandon the match"), lambda: app.scenes.push(ConfirmScene(
                app, *self.abandon_words(), self.abandon))),
        ]

    def abandon_words(self) -> tuple[str, str]:
        """The question and its note: online, the match goes to the friend and both records
        keep it; at one screen or against the computer, it ends and its save is deleted."""
        session = self.app.keeper.session
        if session is not None and session.options.opponent == "online":
            return (N_("Give the match to your friend?"),
                    N_("Your friend wins the match, and both your records keep it."))
        return N_("Abandon the match?"), N_("The match ends here and its save is deleted.")

    def abandon(self) -> None:
        """The match ends and its save is deleted (the keeper records it); back to the title. A
        friend elsewhere is told that this side gives up: where both games take a rematch, the
        room is kept and the scoreboard shows the match lost, a rematch to offer from there."""
        link = self.app.keeper.online
        if link is not None:
            link.resign()
            if link.rematch_open:
                self.app.show_match()
                return
        self.app.keeper.abandon()
        self.app.to_title()


class ConfirmScene(OverlayScene):
    """Yes / No over the scene beneath; No (or Esc) is the focus, so a stray Enter is harmless.
    The question and the note are messages marked with N_ (or as `ui.say` takes them)."""

    def __init__(self, app: Host, question, note, on_yes):
        self.heading = question
        self.notes = [note]
        self.on_yes = on_yes
        super().__init__(app)
        self.menu.focus = 1

    def build(self):
        return [ui.Button(N_("Yes"), self.yes), ui.Button(N_("No"), self.back)]

    def yes(self):
        if not self.leaving:
            self.back()
            self.on_yes()


class SavedMatchScene(OverlayScene):
    """Before a new match replaces the one saved: resume that one, or replace it (it stays in
    the records as abandoned), or go back to the form. Resume is the focus: a stray Enter
    loses nothing."""

    heading = N_("A match is saved")
    width = 560

    def __init__(self, app: Host, on_replace):
        self.on_replace = on_replace
        session = app.keeper.session
        self.notes = [lambda: _("{saved} Resume it, or replace it with the new match: the saved "
                                "one is then kept in the records as abandoned.",
                                saved=saved_match_words(session))]
        super().__init__(app)

    def build(self):
        return [ui.Button(N_("Resume the saved match"), self.resume),
                ui.Button(N_("Replace it with the new match"), self.replace),
                ui.Button(N_("Back"), self.back)]

    def resume(self):
        if not self.leaving:
            self.leaving = True
            self.app.continue_match()

    def replace(self):
        if not self.leaving:
            self.back()
            self.on_replace()


def saved_match_words(session) -> str:
    """ "Your Garanguet match to 5 points stands at White 2, Black 1." (the saved match, in the
    current language)"""
    o = session.options
    score = session.match.score
    game = game_of(o.rules)
    if len(presets(game)) > 1:      # the game and which of its rule sets: "Tourne Case (Bell)"
        game = _("{game} ({rules})", game=game.title, rules=rules_title(o.rules))
    else:
        game = game.title
    # A no-break space binds each side to its score: never "Black" at a line's end, "0." below.
    return n_("Your {game} match to {count} point stands at White\u00a0{white}, Black\u00a0{black}.",
              "Your {game} match to {count} points stands at White\u00a0{white}, Black\u00a0{black}.",
              o.length, game=game, count=o.length, white=score[Side.WHITE], black=score[Side.BLACK])
