"""Joining a friend's match (docs/online.md): the relay's address and the room's code, typed or
pasted; every refusal said plainly (no such room, full, expired, another version, no relay
there); then the host's options - game, rules, length, touch-move, hints, colours - to accept
or decline before the match begins. Watch, beside Join, watches the room instead (the watch
screen: game/scenes/online/watch.py). The address is remembered for the next time (the setting
"join_address"). The Host screen and what both share: online.py.
"""
from __future__ import annotations

import pygame

from game.base.i18n import N_, Words, _, verbatim
from game.online.events import Offered
from game.rules import Side
from game.scenes.online import lobby as online
from game.scenes.host import Host
from game.scenes.online.lobby import OnlineScene, code_said, option_rows, relay_url
from game.view import widgets as ui
from game.view.layout import px, ui_scale
from game.view.text_field import TextField


def offered_rows(offered: dict) -> list[tuple[str, str]]:
    """The host's options as the guest sees them (the guest plays the other colour)."""
    host_side = Side.WHITE if offered.get("host_side") == "white" else Side.BLACK
    return option_rows(offered["rules"], offered["length"], bool(offered.get("touch_move")),
                       host_side.other, offered.get("hints") is True)


def draw_rows(surface, rows, card: pygame.Rect, top: int, scale: float) -> int:
    """Label and value, one row each, across the card; returns the y below them."""
    size = 26 * scale
    step = round(ui.font(size).get_linesize() * 1.15)
    for label, value in rows:
        ui.blit_text(surface, label, size, (card.centerx - px(12, scale), top), ui.WALNUT,
                     anchor="topright", box=card)
        ui.blit_text(surface, value, size, (card.centerx + px(12, scale), top), ui.INK,
                     anchor="topleft", box=card)
        top += step
    return top


def as_listed(offered: dict, listed) -> bool:
    """The offer is the match the listing showed (rules, length, hints): no need to read it
    again before it begins."""
    return (offered.get("rules") == listed.rules and offered.get("length") == listed.length
            and (offered.get("hints") is True) == listed.hints)


def code_character(c: str) -> bool:
    """What a room code is typed with: letters, figures and the dash (checked when joining)."""
    return c.isascii() and (c.isalnum() or c == "-")


def player_name(app) -> str | None:
    """The name this player gave in Settings, as sent (None: none, or not acceptable)."""
    from game.online.events import said_name
    return said_name(app.settings.get("player_name") or None)


class JoinScene(OnlineScene):
    """The relay's address and the room's code; then the host's options, to accept.
    `watching`: the same screen to watch a match (Watch only). `listed`: a room chosen on the
    relay's listing (game/online/listing.py OpenRoom) with its address: knocked at at once, and
    its offer accepted at once when it is the match the listing showed (else shown to accept)."""

    heading = N_("Join a friend's match")

    def __init__(self, app: Host, watching: bool = False, url: str = "", listed=None):
        self.offered: dict | None = None
        self.watching, self.listed = watching, listed
        if watching:
            self.heading = N_("Watch a match")
        super().__init__(app)
        if listed is not None:
            self.address.clear()
            self.address.type(url)
            self.code.type(listed.code)
            self.join()

    def build(self):
        self.address = TextField(N_("Address"), placeholder=N_("as the host's screen shows it"),
                                 limit=120, on_change=self.typed)
        self.code = TextField(N_("Room code"), placeholder=verbatim("ACD-EF9"), limit=12,
                              allowed=code_character, on_change=self.typed)
        self.code.upper = True
        self.address.type(str(self.app.settings.get("join_address", "") or ""))   # the last one
        self.join_button = ui.Button(N_("Join"), self.join)
        self.watch_button = ui.Button(N_("Watch"), self.watch)
        self.accept_button = ui.Button(N_("Accept and play"), self.accept)
        self.decline_button = ui.Button(N_("Decline"), self.decline)
        self.back_button = ui.Button(N_("Back"), self.back)
        self.asking = [self.address, self.code, self.join_button, self.watch_button, self.back_button]
        self.offer = [self.accept_button, self.decline_button]
        return [*self.asking, *self.offer]

    def showing_offer(self, offered: dict | None) -> None:
        self.offered = offered
        for widget in self.asking:
            widget.visible = offered is None
        self.join_button.visible = offered is None and not self.watching
        for widget in self.offer:
            widget.visible = offered is not None
        first = self.code if self.address.value and not self.code.value else self.asking[0]
        self.menu.reset_focus(self.menu.widgets.index(self.offer[0] if offered else first))

    def enter(self):
        super().enter()
        if self.offered is None:
            self.showing_offer(None)

    def layout(self, size):
        scale = ui_scale(size)
        top = round(size[1] * (0.62 if self.offered else 0.27))
        ui.column([w for w in self.menu.widgets if w.visible and w is not self.watch_button],
                  size[0] // 2, top, px(self.width + (0 if self.offered else 140), scale),
                  px(self.row_height, scale), px(self.gap, scale))
        if self.watch_button.visible and self.join_button.visible:   # Join and Watch side by side
            row, gap = self.join_button.rect, px(self.gap, scale)
            half = (row.w - gap) // 2
            self.join_button.rect = pygame.Rect(row.x, row.y, half, row.h)
            self.watch_button.rect = pygame.Rect(row.right - half, row.y, half, row.h)

    def typed(self, _value) -> None:
        if not self.link:
            self.say("", failed=False)

    def handle_event(self, event):
        if self.held.stale(event):
            return
        focused = self.menu.focused
        if isinstance(focused, TextField) and focused.visible and not self.leaving \
                and focused.take(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and isinstance(focused, TextField):
            if focused is self.address:
                self.menu.move(+1)
            else:
                self.watch() if self.watching else self.join()
            return
        super().handle_event(event)

    def asked_for(self) -> tuple[str, str] | None:
        """The relay's address and the room's code, once both make sense (else said, with the
        focus on the one to mend); the address is remembered for the next time."""
        from game.online.protocol import normal_code
        url = relay_url(self.address.value)
        code = normal_code(self.code.value)
        if url is None:
            self.say(Words(N_("Type the address the host's screen shows, such as "
                              "ws://192.168.1.20:8690.")), failed=True)
            self.menu.focus_on(self.address)
            return None
        if code is None:
            self.say(Words(N_("A room code is six letters and figures, such as ACD-EF9.")),
                     failed=True)
            self.menu.focus_on(self.code)
            return None
        if self.app.settings.get("join_address") != self.address.value.strip():
            self.app.update_settings({"join_address": self.address.value.strip()})
        return url, code

    def watch(self) -> None:
        """Watch the room instead of playing in it (the watch screen; said if this game has
        none)."""
        if self.link is not None or self.leaving or (asked := self.asked_for()) is None:
            return
        try:
            from game.scenes.online.watch import WatchScene
        except ImportError:
            self.say(Words(N_("This game cannot watch a room yet.")), failed=True)
            return
        self.app.scenes.push(WatchScene(self.app, *asked))

    def join(self) -> None:
        """Knock at the room, once the address and the code make sense."""
        if self.link is not None or (asked := self.asked_for()) is None:
            return
        url, code = asked
        try:
            self.link = online.link_class().join(url, code, name=player_name(self.app))
        except Exception as exc:
            self.say(Words(N_("The room could not be joined ({problem})."),
                           problem=verbatim(f"{type(exc).__name__}: {exc}")), failed=True)
            return
        self.say(Words(N_("Knocking at room {code}..."), code=code_said(code)), failed=False)

    def link_handlers(self) -> dict:
        """The host's offer, to accept or decline; the rest as every online screen does."""
        return {**super().link_handlers(), Offered: self._offered}

    def _offered(self, event: Offered) -> None:
        self.say("", failed=False)
        self.showing_offer(dict(event.options))
        if self.listed is not None and as_listed(self.offered, self.listed):
            self.accept()        # the match the player chose on the listing: one click


    def accept(self) -> None:
        """Accept the host's options: the match begins (FriendJoined) at the next poll."""
        if self.link is not None and not self.leaving:
            self.link.accept()
            self.accept_button.enabled = self.decline_button.enabled = False

    def decline(self) -> None:
        self.close()
        self.showing_offer(None)
        self.say(Words(N_("Declined: nothing was started.")),
                 failed=False)

    def back(self) -> None:
        if self.offered is not None:
            self.decline()
        else:
            super().back()

    def fail(self, event) -> None:
        super().fail(event)
        if self.offered is not None:
            self.showing_offer(None)

    def draw(self, surface):
        scale = ui_scale(surface.get_size())
        if self.offered is None:
            super().draw(surface)
            self.draw_status(surface, scale, self.back_button.rect.bottom + px(20, scale))
            if not self.status:
                self.draw_footnote(surface, N_("The host's screen shows both: the address and "
                                               "the room's code. Ctrl+V pastes."), 21,
                                   self.back_button.rect.bottom + px(20, scale), px(760, scale),
                                   2, ui.IVORY_SHADE)
            return
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        self.draw_heading(surface, scale)
        w, h = surface.get_size()
        rows = offered_rows(self.offered)
        step = round(ui.font(26 * scale).get_linesize() * 1.15)
        card = pygame.Rect(0, 0, min(px(680, scale), w - px(60, scale)),
                           px(66, scale) + step * len(rows))
        card.midbottom = (w // 2, self.accept_button.rect.y - px(24, scale))
        ui.panel(surface, card, scale)
        friend = getattr(self.link, "friend_name", None)
        offers = (_("{name} offers this match:", name=verbatim(friend)) if friend
                  else _("Your friend offers this match:"))
        ui.blit_text(surface, offers, 26 * scale,
                     (card.centerx, card.y + px(12, scale)), ui.WALNUT, anchor="midtop", box=card)
        draw_rows(surface, rows, card, card.y + px(52, scale), scale)
        self.menu.draw(surface, scale)
        self.draw_status(surface, scale, self.decline_button.rect.bottom + px(16, scale))
