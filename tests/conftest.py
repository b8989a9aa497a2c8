"""Shared test set-up: every test runs headless, with no screen and no sound card."""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english():
    """Each test starts in English and leaves nothing else behind (the language is the game's
    one global); a test that wants French asks for it."""
    from game import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")
