"""Idle benchmark (issue 38, item 18): the processor the game takes while nobody touches it, and
how soon a key still shows.

Three screens, each in a game process of its own, left alone: the title, the table waiting for
the player's throw (against the computer), and the Host screen waiting for a friend (its relay
on loopback). For each: the share of one core the game's process takes over `--seconds` of
rest after `--settle` seconds (every thread of it: the relay and the link's included), the
share the virtual screen's X server takes meanwhile (when this script started it), the frames
put on the screen; then `--keys` key presses posted at odd moments, each timed from its post to
the first frame shown after the game handled it (the title and the Host screen: Up/Down move
the focus; the table: F2 opens and closes the history), median and worst.

    python tests/bench_idle.py                      # its own virtual screen (Xvfb), 30 s each
    python tests/bench_idle.py --seconds 10 --screens title
    python tests/bench_idle.py --game /tmp/before   # another copy of the game (before a change)
    python tests/bench_idle.py --before /tmp/before # that copy and this one, screen by screen
    python tests/bench_idle.py --dummy              # SDL's dummy video driver instead of Xvfb

Under Xvfb the rendering is software, as on a laptop without a graphics driver, and the cost of
showing a frame is real (the copy to the X server); the dummy driver shows nothing, and so
understates what a frame costs. Quote figures from one run.
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SCREENS = ("title", "table", "online")
HERE = Path(__file__).resolve().parent


def cpu_of(pid: int) -> float:
    """Seconds of processor a process has used (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the game's side (a child process) ----------------------------------------------------------

def set_up(app, screen: str):
    """Bring the app to the screen; returns the keys to press there, in turn."""
    import pygame
    if screen == "title":
        return [pygame.K_DOWN, pygame.K_UP]
    if screen == "table":
        from game.play.session import Phase, play_step
        from game.rules import Side
        app.new_match({**app.last_options(), "opponent": "computer", "human_side": Side.WHITE.value,
                       "length": 3})
        s, rng = app.session, random.Random(1)
        for _ in range(200):         # on until the player (White) is to throw
            if s.phase is Phase.THROW and s.is_person(s.to_move):
                break
            play_step(s, lambda session, moves: rng.choice(moves))
        app.keeper.save()
        app.show_match()
        return [pygame.K_F2, pygame.K_F2]
    from game.online import nearby, relay
    from game.play.options import MatchOptions
    from game.rules import Side
    from game.scenes.online import lobby
    lobby.start_relay = lambda: relay.start_in_thread("127.0.0.1", 0)     # loopback only,
    nearby.INTERFACES = ["127.0.0.1"]                                       # its announcing too
    options = MatchOptions(rules=app.last_options()["rules"], length=3, opponent="online",
                           human_side=Side.WHITE, touch_move=False, hints=True)
    app.scenes.push(lobby.HostScene(app, options))
    # Down first: the focus starts on the first row, where Up changes nothing, so no frame is
    # shown for it and its "delay" would be the rest until the waiting die's next face (the
    # 440-480 ms seen on this screen alone until 2026-11-28).
    return [pygame.K_DOWN, pygame.K_UP]


def child(screen: str, settle: float, seconds: float, keys: int) -> None:
    import pygame
    from game.app import App
    folder = tempfile.mkdtemp(prefix="bench-idle-")
    app = App(seed=1, data_dir=folder, size=(1280, 720))
    app.update_settings({"language": "en", "animation_speed": "normal"})
    presses = set_up(app, screen)
    shown: list[float] = []          # when each frame was put on the screen
    handled: dict[int, float] = {}   # press number -> when the game handled it
    for name in ("flip", "update"):
        real = getattr(pygame.display, name)

        def showing(*args, real=real):
            real(*args)
            shown.append(time.perf_counter())
        setattr(pygame.display, name, showing)
    handle = app.handle_event

    def handling(event):
        if getattr(event, "bench", None) is not None:
            handled[event.bench] = time.perf_counter()
        handle(event)
    app.handle_event = handling
    result = {}
    posted: dict[int, float] = {}

    def watch():
        time.sleep(settle)
        cpu, wall, frames = time.process_time(), time.monotonic(), len(shown)
        time.sleep(seconds)
        result["cpu"] = (time.process_time() - cpu) / (time.monotonic() - wall)
        result["frames"] = len(shown) - frames
        result["top"] = type(app.scenes.top).__name__
        rng = random.Random(7)
        for n in range(keys):
            time.sleep(0.45 + rng.random() * 0.4)      # at an odd moment of the frame
            key = presses[n % len(presses)]
            posted[n] = time.perf_counter()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0, bench=n))
        time.sleep(0.6)
        app.quit()
    threading.Thread(target=watch, daemon=True).start()
    app.loop()
    lags = []
    for n, at in handled.items():
        after = [t for t in shown if t >= at]
        lags.append((after[0] - posted[n]) * 1000 if after else float("inf"))
    result["lags"] = lags
    print(json.dumps(result), flush=True)
    shutil.rmtree(folder, ignore_errors=True)


# --- the benchmark's side ------------------------------------------------------------------------

def start_xvfb():
    """An Xvfb of our own on a free display; (process, display)."""
    for number in range(150, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            process = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24",
                                        "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            for _ in range(100):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return process, f":{number}"
                time.sleep(0.05)
            process.kill()
    raise SystemExit("no Xvfb could start")


def run(screen: str, game: Path, args, display: str | None, xvfb) -> dict:
    env = {**os.environ, "PYTHONPATH": str(game), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    if display:
        env["DISPLAY"] = display
        env.pop("SDL_VIDEODRIVER", None)
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    x_before = cpu_of(xvfb.pid) if xvfb else 0.0
    out = subprocess.run([sys.executable, __file__, "--child", screen, "--settle", str(args.settle),
                          "--seconds", str(args.seconds), "--keys", str(args.keys)],
                         cwd=game, env=env, capture_output=True, text=True,
                         timeout=args.settle + args.seconds + args.keys * 2 + 120)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"{screen}: no result\n{out.stdout}\n{out.stderr}")
    result = json.loads(lines[-1])
    # The X server's share over the whole run (settling and keys too): an upper bound for the rest.
    result["x"] = (cpu_of(xvfb.pid) - x_before) if xvfb else None
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--settle", type=float, default=3.0)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--game", type=Path, default=HERE.parent, help="the game's folder")
    parser.add_argument("--before", type=Path, help="another copy, measured before each screen")
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy driver, no Xvfb")
    parser.add_argument("--display", help="an X display already running (not measured)")
    parser.add_argument("--child", choices=SCREENS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.settle, args.seconds, args.keys)
        return
    xvfb, display = None, args.display
    if not args.dummy and not display:
        xvfb, display = start_xvfb()
    try:
        where = "SDL dummy video driver" if args.dummy else f"X display {display}" + (
            " (Xvfb started here)" if xvfb else "")
        games = ([("before", args.before)] if args.before else []) + [("", args.game)]
        print(f"game: {args.game}" + (f"  before: {args.before}" if args.before else "") +
              f"  screen: {where}  rest measured {args.seconds:g} s after {args.settle:g} s  "
              f"keys: {args.keys}  load average: {os.getloadavg()[0]:.1f}")
        print(f"{'screen':15} {'game CPU':>9} {'X server':>9} {'frames/s':>9} {'key median':>11} "
              f"{'key worst':>10}  top scene")
        for screen, (label, game) in ((s, g) for s in args.screens.split(",") for g in games):
            r = run(screen, game, args, display, xvfb)
            lags = r["lags"] or [float("nan")]
            run_time = args.settle + args.seconds + args.keys * 0.85 + 0.6
            x = "" if r["x"] is None else f"{100 * r['x'] / run_time:8.1f}%"
            name = screen + (f" ({label})" if label else "")
            print(f"{name:15} {100 * r['cpu']:8.1f}% {x:>9} {r['frames'] / args.seconds:9.1f} "
                  f"{statistics.median(lags):8.1f} ms {max(lags):7.1f} ms  {r['top']}"
                  f"  ({len(r['lags'])}/{args.keys} keys seen)", flush=True)
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)


if __name__ == "__main__":
    main()
