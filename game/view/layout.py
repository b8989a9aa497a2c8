"""Window-size dependent scaling: every screen is laid out for 1280x800 and scaled to the window.

Nothing is drawn small and blown up: a scene asks for `ui_scale(size)` and draws its text,
boxes and margins at that scale, at the window's real size, so text stays crisp from the
smallest window (960x600) to 4K.
"""
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x800 design the window is (the smaller of the two ratios)."""
    w, h = size
    return max(0.6, min(w / DEFAULT_SIZE[0], h / DEFAULT_SIZE[1]))


def px(value: float, scale: float) -> int:
    """A design length (in 1280x800 pixels) at this scale, in whole pixels, at least 1."""
    return max(1, round(value * scale))
