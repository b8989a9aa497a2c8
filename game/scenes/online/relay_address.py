"""A relay somewhere both players reach (`python3 main.py relay` on a server): the Host screen's
"A relay on the Internet...", whose address the room then opens at (lobby.py's HostScene).
"""
from __future__ import annotations

import pygame

from game.base.i18n import N_, Words, verbatim
from game.scenes.host import Host
from game.scenes.online.lobby import OnlineScene, relay_url
from game.view import widgets as ui
from game.view.layout import px, ui_scale
from game.view.text_field import TextField


class RelayScene(OnlineScene):
    """A relay somewhere both players reach (`python3 main.py relay` on a server): its address,
    for the Host screen to open the room there."""

    heading = N_("A relay on the Internet")

    def __init__(self, app: Host, on_chosen):
        self.on_chosen = on_chosen
        super().__init__(app)

    def build(self):
        self.address = TextField(N_("Address"), placeholder=verbatim("wss://relay.example.org"),
                                 limit=120, on_change=lambda _value: self.say("", failed=False))
        self.open_button = ui.Button(N_("Open the room there"), self.open)
        return [self.address, self.open_button, ui.Button(N_("Back"), self.back)]

    def layout(self, size):
        scale = ui_scale(size)
        ui.column(self.menu.widgets, size[0] // 2, round(size[1] * 0.3), px(self.width + 140, scale),
                  px(self.row_height, scale), px(self.gap, scale))

    def handle_event(self, event):
        if self.menu.focused is self.address and not self.leaving and self.address.take(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.menu.focused is self.address:
            self.open()
            return
        super().handle_event(event)

    def open(self) -> None:
        url = relay_url(self.address.value)
        if url is None:
            self.say(Words(N_("Type the relay's address, such as wss://relay.example.org or "
                              "203.0.113.5:8690.")), failed=True)
        elif not self.leaving:
            self.on_chosen(url)
            self.back()

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        y = self.menu.widgets[-1].rect.bottom + px(20, scale)
        if self.status:
            self.draw_status(surface, scale, y)
        else:
            self.draw_footnote(surface, N_("Anyone can run one on a server: python3 main.py relay "
                                           "(see the README). Your friend joins with the same "
                                           "address."), 21, y, px(760, scale), 3, ui.IVORY_SHADE)
