"""Issue 32, item 15: without a sound card the terminal stays quiet (no "ALSA lib ..." lines),
and the sounds say that no device was found, for Settings to show."""
import os
import pathlib
import subprocess
import sys

import pygame
import pytest

from game.view import audio

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_the_sounds_say_whether_a_device_was_found(monkeypatch):
    assert audio.Sounds().device_found is True          # conftest's dummy driver plays
    assert audio.SilentSounds().device_found is False

    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    assert audio.Sounds().device_found is False


def test_without_a_sound_card_sdl_tries_the_sound_servers_only(tmp_path):
    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    environ = {}
    if sys.platform.startswith("linux"):
        assert audio.choose_driver(environ, cards) == audio.SOUND_SERVERS
        assert environ == {"SDL_AUDIODRIVER": "pipewire,pulseaudio"}
    environ = {}
    assert audio.choose_driver(environ, tmp_path / "no such list") in (None, audio.SOUND_SERVERS)
    cards.write_text(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n"
                     "                      HDA Intel PCH at 0xf7f10000 irq 32\n")
    environ = {}
    assert audio.choose_driver(environ, cards) is None and environ == {}       # ALSA as usual
    environ = {"SDL_AUDIODRIVER": "alsa"}
    assert audio.choose_driver(environ, tmp_path / "no such list") is None     # chosen already
    assert environ == {"SDL_AUDIODRIVER": "alsa"}


@pytest.mark.skipif(not sys.platform.startswith("linux")
                    or getattr(audio, "has_sound_card", lambda: False)(),
                    reason="a Linux machine without a sound card")
def test_a_start_without_a_sound_card_prints_nothing(tmp_path):
    """As a player's start: no audio driver named; pygame.init() and the first sound try the
    device; nothing reaches stderr, and the sounds say that none was found."""
    script = ("import pygame; from game.view.audio import Sounds; pygame.init(); s = Sounds(); "
              "s.play('win'); print(getattr(s, 'device_found', s.available))")
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "ALSA" not in done.stderr and done.stderr.strip() == ""
    if not any(os.environ.get(name) for name in ("PULSE_SERVER", "PIPEWIRE_REMOTE")):
        assert done.stdout.split() == ["False"]
