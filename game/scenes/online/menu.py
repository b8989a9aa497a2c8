"""Play online, from the title: host a match, join one by its code, the open games on a relay,
watch a match (docs/online.md). Each entry opens the screen that does it; this one only chooses.
The player's name (Settings) is said under the menu, as the friend and the watchers will read it.
"""
from __future__ import annotations

from game.base.i18n import N_, _, verbatim
from game.scenes.host import Host
from game.scenes.menus.base import MenuScene
from game.view import controller, widgets as ui
from game.view.layout import px, ui_scale

#: What each entry does, said under the menu while it has the focus.
NOTES = {
    "Host a match": N_("Choose the match, then give your friend the code - or let anyone on the "
                       "relay join it."),
    "Join by code": N_("Your friend's screen shows an address and a code: type them here."),
    "Open games on a relay": N_("The games waiting for anyone on a relay, and the matches "
                                "being played there, to join or watch."),
    "Watch a match": N_("Watch a match being played, with its address and code."),
}


class PlayOnlineScene(MenuScene):
    """Host a match, Join by code, Open games on a relay, Watch a match, Back."""

    heading = N_("Play online")
    width = 520
    row_height = 52
    gap = 10

    def build(self):
        return [ui.Button(N_("Host a match"), self.host),
                ui.Button(N_("Join by code"), self.join),
                ui.Button(N_("Open games on a relay"), self.rooms),
                ui.Button(N_("Watch a match"), self.watch),
                ui.Button(N_("Back"), self.back)]

    def host(self) -> None:
        """The new-match form with a friend elsewhere as the opponent: it hosts the room."""
        from game.scenes.menus.new_match import NewMatchScene
        self.app.update_settings({"opponent": "online"})
        self.app.scenes.push(NewMatchScene(self.app))

    def join(self) -> None:
        from game.scenes.online.join import JoinScene
        self.app.scenes.push(JoinScene(self.app))

    def rooms(self) -> None:
        from game.scenes.online.rooms import RoomsScene
        self.app.scenes.push(RoomsScene(self.app))

    def watch(self) -> None:
        from game.scenes.online.join import JoinScene
        self.app.scenes.push(JoinScene(self.app, watching=True))

    def menu_top(self, size, scale):
        return round(size[1] * 0.27)

    def footnote(self) -> str:
        """What the focused entry does, then the name the others read."""
        label = getattr(self.menu.focused, "label", "")
        if label in NOTES:
            return _(NOTES[label])
        if controller.last_used(self.app):
            return _("B goes back.")
        return _("Esc goes back.")

    def name_line(self) -> str:
        name = str(self.app.settings.get("player_name") or "")
        if name:
            return _("Your friend and those who watch read your name: {name} (Settings).",
                     name=verbatim(name))
        return _("No name given: the others read White or Black (Settings gives one).")

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        y = self.menu.widgets[-1].rect.bottom + px(18, scale)
        self.draw_footnote(surface, verbatim(self.footnote()), 22, y, px(760, scale), 2)
        self.draw_footnote(surface, verbatim(self.name_line()), 20, y + px(64, scale),
                           px(760, scale), 2, ui.IVORY_SHADE)
