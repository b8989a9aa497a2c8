"""Synthesise the game's sounds into sounds/ as 44.1 kHz 16-bit mono WAV files.

Physical-ish modal synthesis: a contact pulse (shorter = harder = brighter) drives the decaying
partials of the bodies that touch - a bone die, a turned checker, the walnut board, a leather cup.
Every random choice comes from one seeded generator, so running the script again gives the
same bytes: `python tools/make_sounds.py [--out DIR]`.
"""
import argparse
import pathlib
import wave

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
RATE = 44100


def wood_modes(seed, count, low, high, tau_low):
    """A dense set of partials for a piece of wood: random frequencies between low and high Hz,
    the higher ones quieter and far shorter-lived (wood damps its treble quickly)."""
    rng = np.random.default_rng(seed)
    freqs = np.sort(np.exp(rng.uniform(np.log(low), np.log(high), count)))
    return tuple((float(f), tau_low * (low / f) ** 0.6, float(rng.uniform(0.3, 1.0))) for f in freqs)


# Partials as (frequency Hz, decay time constant s, amplitude).
BOARD = wood_modes(7, 48, 200, 8000, 0.03)
BONE_DIE = ((3900, 0.010, 0.8), (5650, 0.008, 1.0), (7300, 0.006, 0.7), (9100, 0.004, 0.5),
            (11800, 0.003, 0.3))
CHECKER_DISC = ((1480, 0.020, 0.7), (2460, 0.015, 1.0), (3520, 0.011, 0.6), (4780, 0.008, 0.4),
                (6300, 0.005, 0.25))
BUTTON = ((640, 0.006, 0.4), (1850, 0.006, 1.0), (3100, 0.004, 0.5))
LEATHER_CUP = ((240, 0.012, 1.0), (410, 0.009, 0.7), (690, 0.006, 0.4), (1050, 0.004, 0.2))
# Partials of a small bell relative to its strike note (hum, prime, tierce, quint, nominal, ...).
BELL = ((0.5, 1.6, 0.35), (1.0, 1.1, 0.6), (1.19, 0.9, 0.45), (1.5, 0.7, 0.3), (2.0, 0.9, 1.0),
        (2.51, 0.45, 0.35), (2.66, 0.40, 0.3), (3.01, 0.30, 0.25), (4.07, 0.18, 0.15))


def seconds(n):
    return np.arange(round(n * RATE)) / RATE


def body(rng, partials, length, detune=0.03):
    """Impulse response of a body: decaying sines, each partial detuned a little at random."""
    t = seconds(length)
    out = np.zeros_like(t)
    for freq, tau, amp in partials:
        f = freq * (1 + detune * rng.uniform(-1, 1))
        if f < RATE / 2:
            out += amp * np.exp(-t / tau) * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi))
    return out


def contact(rng, ms, grit=0.15):
    """The force of one contact: a half-sine pulse `ms` long, a little rough. Its area (the momentum
    passed on) is 1, so a hard, short contact hits harder and brighter than a soft, long one."""
    n = max(2, round(ms * RATE / 1000))
    pulse = np.sin(np.pi * (np.arange(n) + 0.5) / n) * (1 + grit * rng.standard_normal(n))
    return pulse / pulse.sum()


def convolve(a, b):
    n = len(a) + len(b) - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(a, size) * np.fft.rfft(b, size), size)[:n]


def place(track, sound, at, gain=1.0):
    """Mix `sound` into `track` starting at `at` seconds (clipped to the track's end)."""
    i = round(at * RATE)
    if i >= len(track):
        return
    n = min(len(sound), len(track) - i)
    track[i:i + n] += gain * sound[:n]


def strike(rng, bodies, ms, length, detune=0.03):
    """One impact: the same contact force excites every body that touches, each with its weight."""
    force = contact(rng, ms)
    return sum(w * convolve(force, body(rng, partials, length, detune))
               for partials, w in bodies)[:round(length * RATE)]


def filtered_noise(rng, length, low, high):
    """White noise band-limited to low..high Hz (brick-wall in the Fourier domain, then faded)."""
    n = round(length * RATE)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    spectrum[(f < low) | (f > high)] = 0
    return np.fft.irfft(spectrum, n)


def die_on_wood(rng):
    """A bone die lands on the walnut: a bright clack over the board's short hollow ring;
    often a second, weaker touch as the die settles on a face."""
    track = np.zeros(round(0.28 * RATE))
    place(track, strike(rng, ((BONE_DIE, 0.5), (BOARD, 1.0)), rng.uniform(0.08, 0.14), 0.28), 0.002)
    if rng.random() < 0.7:
        place(track, strike(rng, ((BONE_DIE, 0.6), (BOARD, 0.7)), 0.12, 0.2), rng.uniform(0.012, 0.035),
              rng.uniform(0.2, 0.45))
    return track


def die_on_die(rng):
    """Two bone dice knock together: a short, high double click with hardly any board in it."""
    track = np.zeros(round(0.12 * RATE))
    place(track, strike(rng, ((BONE_DIE, 1.0), (BOARD, 0.1)), rng.uniform(0.08, 0.14), 0.1), 0.002)
    place(track, strike(rng, ((BONE_DIE, 1.0),), 0.1, 0.1), 0.002 + rng.uniform(0.0003, 0.0012), 0.8)
    return track


def checker_down(rng):
    """A turned checker set down flat: a softer, longer contact, the disc's mid ring and the board's thock."""
    track = np.zeros(round(0.3 * RATE))
    place(track, 0.02 * filtered_noise(rng, 0.03, 300, 3000) * np.linspace(0, 1, round(0.03 * RATE)), 0.0)
    place(track, strike(rng, ((CHECKER_DISC, 0.6), (BOARD, 1.0)), rng.uniform(0.4, 0.6), 0.27), 0.03)
    return track


def checker_hit(rng):
    """A checker knocked off: a hard, bright checker-on-checker crack, then the victim landing on the rail."""
    track = np.zeros(round(0.4 * RATE))
    place(track, strike(rng, ((CHECKER_DISC, 1.0), (BOARD, 0.4)), 0.1, 0.3), 0.002)
    place(track, strike(rng, ((CHECKER_DISC, 0.8), (BOARD, 0.3)), 0.12, 0.25), 0.004, 0.6)
    place(track, strike(rng, ((CHECKER_DISC, 0.5), (BOARD, 1.0)), 0.5, 0.25), rng.uniform(0.10, 0.13), 0.45)
    return track


def leather_thud(rng):
    """A die against the cup's leather wall: a damped, noisy thump rather than a ringing tone."""
    n = round(rng.uniform(0.004, 0.009) * RATE)
    burst = filtered_noise(rng, n / RATE, 250, 2500) * np.exp(-np.arange(n) / (0.25 * n))
    return burst + 0.3 * strike(rng, ((LEATHER_CUP, 1.0),), 1.5, 0.04)[:n]


def shake(rng):
    """Dice rattled in a leather cup: three strokes. Impacts arrive at random (a Poisson process)
    - sparse while the dice fly, a dense burst each time the cup turns - each one a bright
    die-on-die click (its pitch varied) or a dull thud on the leather; the leather rustles under it."""
    length, stroke = 0.9, 0.27
    track = np.zeros(round(length * RATE))
    turns = 0.03 + stroke * np.arange(3) + rng.uniform(-0.01, 0.01, 3)
    t = 0.0
    while True:
        since_turn = min((t - turn for turn in turns if turn <= t), default=1.0)
        rate = 30 + 220 * np.exp(-since_turn / 0.05)            # impacts per second
        t += rng.exponential(1 / rate)
        if t > length - 0.12:
            break
        fade = 1.0 - 0.5 * t / length
        if rng.random() < 0.6:
            click = strike(rng, ((BONE_DIE, 1.0),), rng.uniform(0.05, 0.12), 0.05, detune=0.15)
            place(track, click, t, fade * rng.lognormal(-2.4, 0.5))
        else:
            place(track, leather_thud(rng), t, fade * rng.lognormal(-1.0, 0.4))
    motion = np.abs(np.sin(np.pi * (seconds(length) - turns[0]) / stroke)) * np.exp(-seconds(length) / 0.7)
    track += 0.012 * filtered_noise(rng, length, 700, 5000) * motion
    return track


def throw(rng):
    """The cup swung out: the dice slam the leather, slide out over the lip clicking against each
    other, and the air swishes past the cup."""
    length = 0.45
    track = np.zeros(round(length * RATE))
    place(track, leather_thud(rng), 0.0, 0.5)
    place(track, leather_thud(rng), 0.006, 0.4)
    t = 0.03
    for i in range(5):
        t += rng.uniform(0.01, 0.03)
        click = strike(rng, ((BONE_DIE, 1.0),), rng.uniform(0.06, 0.12), 0.06, detune=0.12)
        place(track, click, t, 0.08 * 0.8 ** i)
    swish = np.zeros(round(length * RATE))
    for lo, hi, at in ((1800, 4200, 0.0), (1100, 2800, 0.08), (600, 1600, 0.16)):
        band = filtered_noise(rng, 0.22, lo, hi) * np.hanning(round(0.22 * RATE))
        place(swish, band, at)
    return track + 0.06 * swish


def bell(rng, note_hz, length):
    """A small bell: inharmonic partials, the low ones ringing longest, struck with a hard clapper."""
    partials = tuple((note_hz * ratio, tau, amp) for ratio, tau, amp in BELL)
    return convolve(contact(rng, 0.4, 0.05), body(rng, partials, length, detune=0.004))


def win(rng):
    """A short peal of three small bells rising, then the top two together."""
    length = 2.2
    track = np.zeros(round(length * RATE))
    for at, note, gain in ((0.0, 784.0, 0.8), (0.13, 1046.5, 0.85), (0.26, 1318.5, 0.9),
                           (0.46, 1046.5, 0.7), (0.46, 1568.0, 0.8)):
        place(track, bell(rng, note, length - at), at, gain)
    return track


def click(rng):
    """A soft UI click: the small tick of a wooden button."""
    return strike(rng, ((BUTTON, 1.0),), 0.3, 0.06)


# name -> (how it is made, how many variants, peak level after normalising)
SOUNDS = {
    "shake": (shake, 3, 0.8),
    "throw": (throw, 2, 0.7),
    "dice_wood": (die_on_wood, 4, 0.9),
    "dice_dice": (die_on_die, 3, 0.6),
    "checker": (checker_down, 3, 0.8),
    "hit": (checker_hit, 2, 0.95),
    "win": (win, 1, 0.7),
    "click": (click, 1, 0.35),
}


def finish(track, peak):
    """Normalise to `peak`, fade out the last sixth so a tail never ends in a click, quantise to 16 bits."""
    track = track - track.mean()
    track *= peak / np.max(np.abs(track))
    fade = len(track) // 6
    track[-fade:] *= np.linspace(1, 0, fade) ** 2
    return np.round(track * 32767).astype("<i2")


def write_wav(path, samples):
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def file_names(name, variants):
    """dice_wood.wav, dice_wood-2.wav, ...: the player cycles through the variants."""
    return [f"{name}.wav"] + [f"{name}-{i}.wav" for i in range(2, variants + 1)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "sounds")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for k, (name, (make, variants, peak)) in enumerate(SOUNDS.items()):
        for i, file_name in enumerate(file_names(name, variants)):
            rng = np.random.default_rng([1699, k, i])
            write_wav(args.out / file_name, finish(make(rng), peak))
    print(f"sounds written to {args.out}")


if __name__ == "__main__":
    main()
