"""A short notice at the top of the screen, whatever the scene: the buttons are at the bottom
and down the middle, the top holds only names and headings."""
import pygame

from game.view import widgets as ui
from game.view.layout import px, ui_scale

TOAST = 3.5           # seconds a short notice stays on screen


class Toast:
    """The notice shown now: its words (said already: a notice lasts seconds), the seconds left,
    and where it was last drawn."""

    def __init__(self):
        self.words, self.left = "", 0.0
        self.rect: pygame.Rect | None = None

    def show(self, words: str) -> None:
        self.words, self.left = words, TOAST

    def draw(self, screen: pygame.Surface, dt: float) -> None:
        """Slides in from the top, fades out at the end."""
        if self.left <= 0:
            return
        w, h = screen.get_size()
        scale = ui_scale((w, h))
        size = ui.fitting_size(self.words, 22 * scale, w - px(80, scale))
        surf = ui.text(self.words, size, ui.IVORY)
        box = surf.get_rect().inflate(px(40, scale), px(18, scale))
        drop = round(min(1.0, (TOAST - self.left) / 0.2) * (box.h + px(8, scale)))
        box.midbottom = (w // 2, drop)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*ui.WALNUT_DEEP, 230), plate.get_rect(), border_radius=px(10, scale))
        if self.left < 0.4:
            plate.set_alpha(round(255 * self.left / 0.4))
            surf = surf.copy()
            surf.set_alpha(round(255 * self.left / 0.4))
        screen.blit(plate, box)
        screen.blit(surf, surf.get_rect(center=box.center))
        self.rect = box
        self.left -= dt
