"""Frame times at the table (1280x800, dummy video driver) and the time to the first frame.

A frame is the app's whole frame (events, update, scene changes, draw, flip), timed while the
dice are rolling and while a checker glides. startup_s runs `python main.py --quit-after 0.001`
(the app quits right after drawing its first frame) and times the process from start to exit.
"""
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
DT = 1 / 60


def _percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _figures(times):
    ms = [t * 1000 for t in times]
    return round(statistics.median(ms), 3), round(_percentile(ms, 0.95), 3)


def _table_frames(data_dir, throws=12):
    """Frame times while dice roll and while checkers move, over several turns of a real game."""
    from game.app import App
    from game.play.match import MatchOptions, Phase, Session
    from game.scenes.table.scene import TableScene
    app = App(seed=1, fullscreen=False, data_dir=data_dir, size=(1280, 800))
    app.settings["animation_speed"] = "normal"
    app.match.adopt(Session.new(MatchOptions(rules="bell", length=21, opponent="human"), seed=4))
    app.session.throw_priority()
    while app.session.phase is Phase.PRIORITY:
        app.session.throw_priority()
    scene = TableScene(app)
    app.scenes.clear_to(scene)
    for _ in range(30):          # the cross-fade and first draws (board rendered at this size)
        app.frame(DT)
    throw_times, move_times = [], []

    def timed_frame(into):
        start = time.perf_counter()
        app.frame(DT)
        into.append(time.perf_counter() - start)

    for _ in range(throws):
        if app.session.phase is not Phase.THROW:
            break
        scene.throw()
        while scene.stage == "roll":
            timed_frame(throw_times)
        while scene.stage in ("choose", "moving"):
            if scene.stage == "choose":
                scene.react(scene.flow.pick(scene.choice.origins[0]))   # the intents a click on each would send
                scene.react(scene.flow.drop(scene.choice.destinations[-1]))
            while scene.flights:
                timed_frame(move_times)
            app.frame(DT)
        for _ in range(200):     # a pass, or the move handed over
            if scene.stage == "throw":
                break
            app.frame(DT)
    return throw_times, move_times


def _startup(data_dir) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--quit-after", "0.001", "--data-dir", data_dir],
                   env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def run() -> dict:
    with tempfile.TemporaryDirectory() as data_dir:
        throw_times, move_times = _table_frames(data_dir)
        startups = [_startup(data_dir) for _ in range(3)]
    throw_median, throw_p95 = _figures(throw_times)
    move_median, move_p95 = _figures(move_times)
    return {"size": "1280x800", "throw_frames": len(throw_times), "throw_median_ms": throw_median,
            "throw_p95_ms": throw_p95, "move_frames": len(move_times), "move_median_ms": move_median,
            "move_p95_ms": move_p95, "startup_s": round(statistics.median(startups), 3)}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(run())
