"""Small charts drawn with pygame's own drawing (issue 40): the review's chance through a match
and the statistics' progress. A few hundred points need no plotting library.

Marks are told apart by their shape and place, never by colour alone (colour-blind players
read them too): `mark` draws a dot, a square, a triangle pointing up or down, or a diamond.
"""
from __future__ import annotations

import pygame

SHAPES = ("dot", "square", "up", "down", "diamond")


def mark(surface, shape: str, centre, radius: float, colour, edge=None, width: int = 0) -> None:
    """A mark of `shape` centred on `centre`, `radius` from its centre to its tips; `edge`
    outlines it (so that it stands out on any line)."""
    x, y = centre
    r = max(2.0, radius)
    if shape == "dot":
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(r), width)
        if edge:
            pygame.draw.circle(surface, edge, (round(x), round(y)), round(r), 1)
        return
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "up":
        points = [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    elif shape == "down":
        points = [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r)]
    else:
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surface, colour, points, width)
    if edge:
        pygame.draw.polygon(surface, edge, points, 1)


def dashed(surface, colour, start, end, dash: int = 6, width: int = 1) -> None:
    """A dashed straight line from `start` to `end` (horizontal or vertical)."""
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    if length <= 0:
        return
    for s in range(0, int(length), 2 * dash):
        e = min(length, s + dash)
        a = (x0 + (x1 - x0) * s / length, y0 + (y1 - y0) * s / length)
        b = (x0 + (x1 - x0) * e / length, y0 + (y1 - y0) * e / length)
        pygame.draw.line(surface, colour, a, b, width)


def hatched(surface, colour, rect: pygame.Rect, step: int = 4, width: int = 1) -> None:
    """A rectangle outlined and hatched with diagonal lines: a bar told apart from a filled one
    by its texture, not its colour."""
    if rect.w <= 0 or rect.h <= 0:
        return
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.h, rect.w, max(2, step)):
        pygame.draw.line(surface, colour, (rect.x + offset, rect.bottom),
                         (rect.x + offset + rect.h, rect.y), width)
    surface.set_clip(clip)
    pygame.draw.rect(surface, colour, rect, width)


class Scale:
    """A linear map from figures to pixels along one axis: `low`..`high` onto `start`..`end`
    (end may be less than start: the y axis grows upwards)."""

    def __init__(self, low: float, high: float, start: float, end: float):
        self.low, self.high, self.start, self.end = low, high, start, end

    def __call__(self, value: float) -> float:
        if self.high == self.low:
            return (self.start + self.end) / 2
        return self.start + (value - self.low) * (self.end - self.start) / (self.high - self.low)

    def back(self, pixel: float) -> float:
        """The figure at a pixel."""
        if self.end == self.start:
            return self.low
        return self.low + (pixel - self.start) * (self.high - self.low) / (self.end - self.start)
