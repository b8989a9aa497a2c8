"""Table pace benchmark: how long a seeded Charpentier game between two computers lasts on screen
at the normal animation speed (simulated seconds through the real table scene, 30 frames a
second), with the number of throws, of forced passes and of the time spent on the passes' turns.

The game is driven through TableScene with a fake host (as tests/test_table.py does), so every
throw animation, notice and pause counts; the computer's thinking is waited for by wall clock,
not counted (the frames are advanced only while the flow has something to show).
"""
import random
import time

import pygame

from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.scenes.base import SceneManager
from game.scenes.table.priority import PriorityScene
from game.scenes.table.scene import TableScene
from game.play.stage import Stage

DT = 1 / 30
SEEDS = (7, 11, 23, 31, 47)


class _Sounds:
    def play(self, name, strength=1.0):
        pass


class _Storage:
    def save_match(self, data):
        pass

    def add_record(self, record):
        pass

    def clear_match(self):
        pass


class _Host:
    def __init__(self, session):
        self.keeper = MatchKeeper(_Storage(), lambda words: None, random.Random(0))
        self.keeper.adopt(session)
        self.settings = {"animation_speed": "normal", "touch_move": False}
        self.scenes = SceneManager()
        self.sounds = _Sounds()
        self.clock = time.monotonic
        self.over = False

    @property
    def session(self):
        return self.keeper.session

    def show_match(self):
        if self.session.phase in (Phase.THROW, Phase.MOVE):
            self.scenes.clear_to(TableScene(self))
        else:
            self.over = True

    def update_settings(self, changes):
        self.settings.update(changes)

    def pause(self):
        pass

    def to_title(self):
        self.over = True


def one_game(seed: int, level: str = "") -> dict:
    """Simulated seconds of the first game of a seeded autoplay match, from the first throw to
    the result, and how they split between turns that pass and the others."""
    session = Session.new(MatchOptions(rules="charpentier", length=1, level=level, autoplay=True), seed=seed)
    host = _Host(session)
    while session.phase is Phase.PRIORITY:          # the priority throw is not the table's pace
        session.throw_priority()
    host.show_match()
    host.scenes.apply_pending()
    deadline = time.monotonic() + 120
    thinkers = host.scenes.top.flow.thinkers
    while not all(t.ready() for t in thinkers.values()) and time.monotonic() < deadline:
        time.sleep(0.01)                            # the computer's tables loaded first
    surface = pygame.Surface((960, 600))
    seconds = passes_seconds = 0.0
    throws = passes = 0
    turn_start, turn_passes = 0.0, False
    last_stage = None
    while not host.over and time.monotonic() < deadline:
        scene = host.scenes.top
        if not isinstance(scene, TableScene):
            break
        stage = scene.stage
        if stage is Stage.THINK and scene._timer is None:   # its reading pause over: the
            host.scenes.update(0.0)                         # thinking itself is not counted
            time.sleep(0.001)
            continue
        if stage is not last_stage:
            if stage is Stage.ROLL:
                throws += 1
                if turn_passes:
                    passes_seconds += seconds - turn_start
                turn_start, turn_passes = seconds, False
            elif stage is Stage.PASS:
                passes += 1
                turn_passes = True
            last_stage = stage
        host.scenes.update(DT)
        host.scenes.apply_pending()
        seconds += DT
    scene.draw(surface)
    return {"seconds": seconds, "throws": throws, "passes": passes, "seconds_on_passes": passes_seconds}


def run(seeds=SEEDS) -> dict:
    pygame.init()
    figures = {}
    for level in ("", "novice"):                    # the strongest level, and the weakest
        games = [one_game(seed, level) for seed in seeds]
        name = level or "strongest"
        for key in ("seconds", "throws", "passes", "seconds_on_passes"):
            figures[f"{name}_mean_{key}"] = round(sum(g[key] for g in games) / len(games), 1)
        passes = sum(g["passes"] for g in games)
        figures[f"{name}_seconds_per_pass_turn"] = round(
            sum(g["seconds_on_passes"] for g in games) / passes, 2) if passes else None
    return figures
