"""Frame times at the table (1280x800, dummy video driver) and the time to the first frame.

A frame is the app's whole frame (events, update, scene changes, draw, flip), timed while the
dice are rolling, while a checker glides and while a game controller's D-pad moves the cursor over
the checkers and points (`cursor_*`: the keys the App makes of a controller's buttons, with the
bottom bar in the controller's words). startup_s runs `python main.py --quit-after 0.001`
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
    from game.play.options import MatchOptions
    from game.play.session import Phase, Session
    from game.scenes.table.scene import TableScene
    app = App(seed=1, fullscreen=False, data_dir=data_dir, size=(1280, 800))
    app.settings["animation_speed"] = "normal"
    app.keeper.adopt(Session.new(MatchOptions(rules="bell", length=21, opponent="human"), seed=4))
    app.session.throw_priority()
    while app.session.phase is Phase.PRIORITY:
        app.session.throw_priority()
    scene = TableScene(app)
    app.scenes.clear_to(scene)
    for _ in range(30):          # the cross-fade and first draws (board rendered at this size)
        app.frame(DT)
    throw_times, move_times, cursor_times = [], [], []

    def timed_frame(into):
        start = time.perf_counter()
        app.frame(DT)
        into.append(time.perf_counter() - start)

    def cursor_frames(frames=120):
        """A controller's cursor over the checkers, then over a picked one's points."""
        from game.view.controller import key_event
        app.pads.last_used = True
        for i in range(frames):
            if i % 6 == 0 and scene.stage == "choose" and scene.choice.options:
                key = pygame.K_RETURN if i == frames // 2 else pygame.K_RIGHT   # halfway: pick one
                app.handle_event(key_event(1, key, 0, True))
            timed_frame(cursor_times)
        if scene.stage == "choose" and scene.choice.selected is not None:
            scene.react(scene.flow.drop(None))
        app.pads.last_used = False

    import pygame
    for _ in range(throws):
        if app.session.phase is not Phase.THROW:
            break
        scene.throw()
        while scene.stage == "roll":
            timed_frame(throw_times)
        if scene.stage == "choose" and len(cursor_times) < 600:
            cursor_frames()
        while scene.stage in ("choose", "moving"):
            if scene.stage == "choose" and scene.flow.move_complete:
                scene.end_move()                # Space, Enter or a click on the dice
            elif scene.stage == "choose":
                scene.react(scene.flow.pick(scene.choice.origins[0]))   # the intents a click on each would send
                scene.react(scene.flow.drop(scene.choice.destinations[-1]))
            while scene.flights:
                timed_frame(move_times)
            app.frame(DT)
        for _ in range(200):     # a pass, or the move handed over
            if scene.stage == "throw":
                break
            app.frame(DT)
    return throw_times, move_times, cursor_times


def _startup(data_dir) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--quit-after", "0.001", "--data-dir", data_dir],
                   env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def run() -> dict:
    with tempfile.TemporaryDirectory() as data_dir:
        throw_times, move_times, cursor_times = _table_frames(data_dir)
        startups = [_startup(data_dir) for _ in range(3)]
    throw_median, throw_p95 = _figures(throw_times)
    move_median, move_p95 = _figures(move_times)
    cursor_median, cursor_p95 = _figures(cursor_times) if cursor_times else (None, None)
    return {"size": "1280x800", "throw_frames": len(throw_times), "throw_median_ms": throw_median,
            "throw_p95_ms": throw_p95, "move_frames": len(move_times), "move_median_ms": move_median,
            "move_p95_ms": move_p95, "cursor_frames": len(cursor_times), "cursor_median_ms": cursor_median,
            "cursor_p95_ms": cursor_p95, "startup_s": round(statistics.median(startups), 3)}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(run())
