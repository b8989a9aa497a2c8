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
    from game.base import i18n
    saved = {name: os.environ.get(name) for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    i18n.set_language("en")
    yield
    for name, value in saved.items():      # `main.py --language` leaves its choice in LANGUAGE
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    i18n.set_language("en")
