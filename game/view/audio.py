"""The game's sounds, loaded from sounds/ on first use and played on several channels at once,
so that quick dice clacks overlap instead of cutting each other off.

Without an audio device (no sound card, a mixer that will not start, pygame built without
one) everything here stays silent and never raises: the game plays the same without sound, and
`Sounds.device_found` says so (Settings shows it). Nor does the terminal fill with ALSA's own
complaints about the missing card: on Linux without a sound card, SDL is pointed at the sound
servers only (`choose_driver`, run as this module is imported, so before pygame.init() starts
the mixer).
"""
import logging
import os
import pathlib
import re
import sys

import pygame

SOUND_DIR = pathlib.Path(__file__).resolve().parents[2] / "sounds"
NAMES = ("shake", "throw", "dice_wood", "dice_dice", "checker", "hit", "win", "click")
CHANNELS = 16
QUIETEST = 0.02      # below this gain a sound is not worth a channel
#: The sound cards the Linux kernel knows (ALSA): " 0 [PCH   ]: HDA-Intel - ..." each.
SOUND_CARDS = pathlib.Path("/proc/asound/cards")
#: SDL's audio drivers that need no sound card here (a sound server, perhaps remote), and fail
#: quietly without one; ALSA prints eight lines on stderr for each try of a card not there.
SOUND_SERVERS = "pipewire,pulseaudio"

log = logging.getLogger(__name__)


def has_sound_card(cards: pathlib.Path = SOUND_CARDS) -> bool:
    """Whether the kernel lists a sound card (False when it keeps no list: no ALSA at all)."""
    try:
        listed = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return re.search(r"^\s*\d+\s+\[", listed, re.MULTILINE) is not None


def choose_driver(environ=os.environ, cards: pathlib.Path = SOUND_CARDS) -> str | None:
    """Linux without a sound card: let SDL try the sound servers only, not ALSA, whose tries
    fill the terminal (every start, twice). A driver already chosen (SDL_AUDIODRIVER) stays.
    The drivers set, or None."""
    if not sys.platform.startswith("linux") or environ.get("SDL_AUDIODRIVER"):
        return None
    if has_sound_card(cards):
        return None
    environ["SDL_AUDIODRIVER"] = SOUND_SERVERS
    return SOUND_SERVERS


choose_driver()


def _unit(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


class Sounds:
    """Plays the named sounds at a volume (0..1), or not at all when muted or without a device.

    Some sounds have variants on disk (dice_wood.wav, dice_wood-2.wav, ...); they are played in
    turn so a run of impacts does not repeat one sample.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False, directory: pathlib.Path = SOUND_DIR):
        self.volume = _unit(volume)
        self.muted = bool(muted)
        self._directory = pathlib.Path(directory)
        self._available: bool | None = None          # unknown until the first sound is played
        self._variants: dict[str, list] = {}
        self._turn: dict[str, int] = {}
        self._warned: set[str] = set()

    @property
    def available(self) -> bool:
        """Whether there is a working mixer (starting it on first use)."""
        if self._available is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
                self._available = True
            except Exception as error:   # pygame.error, or NotImplementedError without a mixer module
                log.info("no sound: %s", error)
                self._available = False
        return self._available

    @property
    def device_found(self) -> bool:
        """Whether a sound device was found to play on (Settings says so when none was)."""
        return self.available

    def set_volume(self, volume: float) -> None:
        self.volume = _unit(volume)

    def set_muted(self, muted: bool) -> None:
        """Mute (cutting off what is playing, such as the ringing of the win bells) or unmute."""
        self.muted = bool(muted)
        if self.muted and self._available:
            pygame.mixer.stop()

    def play(self, name: str, strength: float = 1.0) -> None:
        """Play a sound; `strength` 0..1 says how hard the impact was (1 = the hardest, full loudness).

        An unknown name is logged once and otherwise ignored.
        """
        if name not in NAMES:
            if name not in self._warned:
                self._warned.add(name)
                log.warning("no sound called %r (known: %s)", name, ", ".join(NAMES))
            return
        # Loudness grows more slowly than the impact, as the ear hears it.
        gain = self.volume * _unit(strength) ** 0.7
        if self.muted or gain < QUIETEST or not self.available:
            return
        variants = self._load(name)
        if not variants:
            return
        turn = self._turn.get(name, 0)
        self._turn[name] = turn + 1
        try:
            channel = pygame.mixer.find_channel(True)      # the oldest one if all are busy
            if channel is not None:
                channel.set_volume(gain)
                channel.play(variants[turn % len(variants)])
        except pygame.error as error:                       # the mixer was shut down under us
            log.info("sound stopped: %s", error)
            self._available = False

    def _load(self, name: str) -> list:
        if name not in self._variants:
            paths = [self._directory / f"{name}.wav", *sorted(self._directory.glob(f"{name}-*.wav"))]
            sounds = []
            for path in paths:
                try:
                    sounds.append(pygame.mixer.Sound(str(path)))
                except (pygame.error, OSError) as error:
                    log.warning("cannot load sound %s: %s", path, error)
            self._variants[name] = sounds
        return self._variants[name]


class SilentSounds:
    """Stands in if the sounds fail to start (they promise silence without a device, but still)."""

    device_found = False

    def play(self, name, strength=1.0):
        pass

    def set_volume(self, volume):
        pass

    def set_muted(self, muted):
        pass
