"""The sounds on disk (made by tools/make_sounds.py) and the player that never fails the game."""
import importlib.util
import logging
import os
import pathlib
import subprocess
import sys
import wave

import numpy as np
import pygame
import pytest

from game.view import audio
from game.view.audio import NAMES, Sounds

ROOT = pathlib.Path(__file__).resolve().parents[1]


def load_tool(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_wav(path):
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float) / 32768


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_short_normalised_and_fades_out(name):
    samples = read_wav(audio.SOUND_DIR / f"{name}.wav")
    assert 0.04 < len(samples) / 44100 < 2.5
    assert 0.3 <= np.abs(samples).max() <= 0.96
    tail = samples[-220:]                       # the last 5 ms
    assert np.sqrt(np.mean(tail ** 2)) < 0.01


def test_impacts_are_sharp_and_decay_fast():
    """A die on wood peaks in its first 10 ms and has lost 20 dB (in 5 ms RMS) within 120 ms."""
    samples = read_wav(audio.SOUND_DIR / "dice_wood.wav")
    envelope = np.sqrt(np.convolve(samples ** 2, np.ones(220) / 220, "same"))
    peak = int(np.argmax(envelope))
    assert peak < 0.01 * 44100
    assert envelope[peak + int(0.12 * 44100)] < envelope[peak] / 10


def test_sound_script_is_deterministic(tmp_path):
    make_sounds = load_tool("make_sounds")
    make_sounds.main(["--out", str(tmp_path / "a")])
    make_sounds.main(["--out", str(tmp_path / "b")])
    made = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert made == sorted(p.name for p in audio.SOUND_DIR.glob("*.wav"))
    for name in made:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        # Against the committed file: the same sound, give or take a rounding on another machine.
        fresh, shipped = read_wav(tmp_path / "a" / name), read_wav(audio.SOUND_DIR / name)
        assert np.abs(fresh - shipped).max() <= 2 / 32768


class FakeChannel:
    def __init__(self):
        self.played = []

    def set_volume(self, volume):
        self.volume = volume

    def play(self, sound):
        self.played.append((sound, self.volume))


def test_plays_on_the_dummy_driver_louder_for_harder_impacts(monkeypatch):
    sounds = Sounds(volume=0.8)
    assert sounds.available          # conftest selects SDL's dummy audio driver
    channel = FakeChannel()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    for strength in (1.0, 0.2, 1.0, 1.0, 1.0):
        sounds.play("dice_wood", strength)
    volumes = [volume for _, volume in channel.played]
    assert volumes[0] == pytest.approx(0.8) and volumes[1] < volumes[0] / 2
    # The four variants on disk are played in turn, then the first again.
    played = [sound for sound, _ in channel.played]
    assert len({id(s) for s in played[:4]}) == 4 and played[4] is played[0]


def test_volume_and_mute(monkeypatch):
    sounds = Sounds(volume=3.0)
    assert sounds.volume == 1.0
    channel = FakeChannel()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    sounds.set_muted(True)
    sounds.play("checker")
    sounds.set_muted(False)
    sounds.set_volume(0.0)
    sounds.play("checker")
    assert channel.played == []
    sounds.set_volume(0.5)
    sounds.play("checker")
    assert [volume for _, volume in channel.played] == [pytest.approx(0.5)]


def test_unknown_name_is_logged_once(caplog):
    sounds = Sounds()
    with caplog.at_level(logging.WARNING, logger="game.view.audio"):
        sounds.play("trumpet")
        sounds.play("trumpet")
    assert [r.getMessage().startswith("no sound called 'trumpet'") for r in caplog.records] == [True]


def test_silent_without_a_mixer(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    def never(*args, **kwargs):
        raise AssertionError("must not load or play without a mixer")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "Sound", never)
    monkeypatch.setattr(pygame.mixer, "find_channel", never)
    sounds = Sounds()
    for name in NAMES:
        sounds.play(name, 1.0)
    sounds.set_muted(True)
    assert sounds.available is False


def test_missing_files_are_skipped(tmp_path, caplog):
    sounds = Sounds(directory=tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.view.audio"):
        sounds.play("win")
    assert "cannot load sound" in caplog.text


def test_silent_when_the_audio_driver_cannot_start(tmp_path):
    """A real failure, not a stub: SDL asked for an audio driver that does not exist."""
    script = ("import pygame; from game.view.audio import Sounds; s = Sounds(); "
              "[s.play(n) for n in ('dice_wood', 'win', 'nothing')]; s.set_muted(True); print(s.available)")
    env = dict(os.environ, SDL_AUDIODRIVER="no_such_driver", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_a_mixer_shut_down_later_silences_instead_of_raising(monkeypatch):
    sounds = Sounds()
    assert sounds.available

    def gone(force=False):
        raise pygame.error("mixer not initialized")

    monkeypatch.setattr(pygame.mixer, "find_channel", gone)
    sounds.play("checker")
    assert sounds.available is False
    sounds.play("checker")
