"""The window of a second start on a data folder another game is playing from (game/base/folder_lock.py).

A small window of its own, before any App: it reads and writes nothing in the folder and never
plays its saved match. It says that the game is already running and offers to bring that game
forward (where the platform lets one program ask another: POSIX) or to quit. Keyboard (arrows,
Enter, Esc) and mouse, in the player's language.
"""
import time

import pygame

from game.base import folder_lock
from game.base.i18n import N_, _, verbatim
from game.view import widgets as ui
from game.view.layout import px

SIZE = (760, 390)
HEADING = N_("Tourne Case is already running")


class InUseScreen:
    """The heading, a note naming the folder, and the buttons; `done` once one is chosen."""

    def __init__(self, folder, holder: int | None):
        self.folder, self.holder = folder, holder
        self.done = False
        self.called = False      # the running game was asked to come forward
        buttons = [ui.Button(N_("Quit"), self.quit)]
        if holder is not None and folder_lock.can_call_forward():
            buttons.insert(0, ui.Button(N_("Show the running game"), self.call_forward))
        self.menu = ui.Menu(buttons)

    def call_forward(self) -> None:
        self.called = folder_lock.call_forward(self.holder)
        self.done = True

    def quit(self) -> None:
        self.done = True

    def note(self) -> str:
        return _("Another game is playing from the data folder {folder}. Only one game at a time "
                 "plays from a folder, so that no move is ever lost.",
                 folder=verbatim(str(self.folder)))

    def handle_event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif not self.menu.handle_event(event) and event.type == pygame.KEYDOWN and \
                event.key == pygame.K_ESCAPE:
            self.quit()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        scale = min(w / SIZE[0], h / SIZE[1])      # a small window of its own: sized for it
        surface.blit(ui.backdrop((w, h)), (0, 0))
        card = pygame.Rect(0, 0, w - px(60, scale), h - px(50, scale))
        card.center = (w // 2, h // 2)
        ui.panel(surface, card, scale, 245)
        head = pygame.Rect(card.x, card.y + px(24, scale), card.w, px(60, scale))
        ui.blit_fitted(surface, _(HEADING), 46 * scale, head, ui.WALNUT_DARK, "title",
                       margin=px(24, scale))
        fnt = ui.font(22 * scale)
        y = card.y + px(96, scale)
        for line in ui.wrap(self.note(), fnt, card.w - px(70, scale)):
            ui.blit_text(surface, line, 22 * scale, (card.centerx, y), ui.INK, anchor="midtop",
                         box=card)
            y += fnt.get_linesize()
        ui.column(self.menu.widgets, card.centerx, y + px(22, scale), px(400, scale),
                  px(52, scale), px(12, scale))
        self.menu.draw(surface, scale)


def run(folder, holder: int | None, quit_after: float | None = None) -> bool:
    """Show the window until the player chooses (or `quit_after` seconds pass); True when the
    running game was asked to come forward. False at once when no window can open."""
    try:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(_(HEADING))
        surface = pygame.display.set_mode(SIZE)
    except pygame.error:
        return False
    screen = InUseScreen(folder, holder)
    clock, start = pygame.time.Clock(), time.monotonic()
    try:
        while not screen.done:
            for event in pygame.event.get():
                screen.handle_event(event)
            screen.menu.update(clock.tick(30) / 1000.0)
            screen.draw(surface)
            pygame.display.flip()
            if quit_after is not None and time.monotonic() - start >= quit_after:
                screen.quit()
    finally:
        pygame.display.quit()
    return screen.called
