"""Monkey test: 100,000 seeded random events - clicks anywhere, drags, keys, wheel, text, real
window resizes, focus changes, close requests - through the real App's frames, on every scene.

Every event is posted to pygame's queue and taken by `App.frame` as in play. After each one the
match's invariants are checked: the position round-trips its notation, three checkers a side,
no point 1..11 holding two of a side (TC-3), a score that never goes down, and the session
surviving `Session.from_dict(session.to_dict())` unchanged. An exception is a failure even when
the app catches it (it would log it to errors.log and go back to the title): every caught error
is collected with the event that caused it, and the test fails listing them.

Steering: every STEER_EVERY events the monkey is taken to the scene it has seen least (through
the title's buttons, or by starting or playing on a match with the app's own calls), so that
every scene gets its share. A close request must stop the loop; the test then either carries on
(the loop is not left) or, now and then, closes the game as the loop would and starts it again
on the same data folder, which must offer the same match exactly.
"""
import json
import random
import time
import traceback
from collections import Counter, deque
from types import SimpleNamespace

import pygame
import pytest

from game.app import App
from game.scenes.boards import playable_rules
from game.computer import tables as computer_tables
from game.play.session import Phase, Session
from game.rules import MATCH_LENGTHS
from game.rules import Move, Position, Side
from game.scenes.menus.overlays import NoticeScene
from game.computer import garanguet_bearoff, garanguet_player
from game.computer.player import levels_for
from game.rules import TOURNE_CASE
from game.scenes.menus.title import TUTORIALS, TitleScene
from game.saves.storage import Storage
from monkey_events import Monkey, event

SEED = 1699_2026
EVENTS = 100_000
STEER_EVERY = 1_000
MIN_SHARE = 500              # events each scene must have handled
RESTART_CHANCE = 0.3         # of a close request: really close and start the game again

SCENES = {"TitleScene": "title", "NewMatchScene": "new match", "SettingsScene": "settings",
          "RulesScene": "rules", "StatsScene": "statistics", "PauseScene": "pause",
          "PriorityScene": "priority", "TableScene": "table", "ScoreboardScene": "scoreboard",
          "TutorialScene": "tutorial"}
PLAYING_SCENES = ("table", "priority")
PLAY_STEERS = 0.6            # of the steers: back to a game, whatever the least seen scene
FRESH_MATCH = 0.3            # of the steers to a game: a new match (other options)
# Turns played at least (the monkey is "human"). The events are seeded, but the path is not
# fixed: the computer thinks and loads its tables on threads, so how many frames a turn takes
# depends on the machine's load. Ten runs gave 75-158 human turns (75 on a loaded CI machine),
# 30-50 computer turns and 53-80 in Garanguet; the bounds say that play goes on, well below.
MIN_TURNS = {"human": 30, "computer": 10}
TITLE_BUTTONS = {"new match": "New match", "rules": "Rules", "settings": "Settings",
                 "statistics": "Statistics"}


def normal(data):
    return json.loads(json.dumps(data))


def text_of(data) -> str:
    """The data as JSON text, keys sorted: two equal texts are equal data (a cheap first look;
    `normal` decides when they differ)."""
    return json.dumps(data, sort_keys=True)


class MonkeyRun:
    """One seeded run on the real App; `run(n)` plays n monkey events."""

    def __init__(self, folder, seed: int, clock):
        self.folder = folder
        self.rng = random.Random(seed)
        self.seed = seed
        self.monkey = Monkey(self.rng)
        self.clock = clock                     # clock.now: the time the table scene sees
        self.closing = False                   # a close request came in this frame
        self.handled = 0                       # monkey events handled by the app
        self.by_scene = Counter()
        self.by_game = Counter()               # events at play: Garanguet (True) or Tourne Case
        self.errors: list[tuple[int, str, str]] = []     # (event number, scene, what went wrong)
        self.recent = deque(maxlen=12)         # (scene, event) of the last events, told if one fails
        self.quits = self.restarts = self.steers = 0
        self.turns = Counter()                 # turns played: by "human" (the monkey), "computer"
        self._mover = None
        self._signature = None
        self._agreed = None                    # (signature, text on disk) when they last agreed
        self._score = None
        self._session = None
        self._games = []
        self.app = None
        self.start_app()

    # -- the app, instrumented -----------------------------------------------------------------
    def start_app(self) -> None:
        self.app = app = App(seed=self.rng.getrandbits(32), data_dir=self.folder)
        app.clock = lambda: self.clock.now     # the host's clock, which the table times flings by
        pygame.event.clear()
        real_handle, real_recover = app.handle_event, app.recover

        def handle_event(ev):
            scene = self.scene_name()
            if getattr(ev, "monkey", False):
                self.handled += 1
                self.by_scene[scene] += 1
                if scene in PLAYING_SCENES and app.session is not None:
                    self.by_game[app.session.options.rules == "garanguet"] += 1
                self.recent.append((scene, ev))
            real_handle(ev)
            if ev.type == pygame.QUIT:
                if app.running:
                    self.problem("a close request was ignored")
                self.quits += 1
                self.closing = True
                app.running = True
            self.check()

        def recover(exc):
            self.problem("".join(traceback.format_exception(exc)))
            app._errors = []            # go on collecting: no "keeps failing" shut-down here
            real_recover(exc)

        app.handle_event, app.recover = handle_event, recover

        real_save, real_clear = app.storage.save_match, app.storage.clear_match

        def save_match(data):
            self.saved(data)
            return real_save(data)

        def clear_match():
            self.saved(None)
            return real_clear()
        app.storage.save_match, app.storage.clear_match = save_match, clear_match
        self.saved(app.session.to_dict() if app.session else None)

    def saved(self, data) -> None:
        """What the match on disk is now (None: no match saved), and its text."""
        self.on_disk = None if data is None else normal(data)
        self.disk_text = text_of(self.on_disk)

    def unsaved(self, s: Session) -> bool:
        """Whether the session differs from the match on disk: compared again only when one of
        them has changed since they last agreed (the session's signature, as `check` takes it
        after every event and frame, says whether it has changed, as it does for the checks)."""
        agreed = (self._signature, self.disk_text)
        if agreed == self._agreed:
            return False
        played = s.to_dict()
        if text_of(played) != self.disk_text and normal(played) != self.on_disk:
            return True
        self._agreed = agreed
        return False

    def scene_name(self) -> str:
        top = self.app.scenes.top
        return "no scene" if top is None else SCENES.get(type(top).__name__, type(top).__name__)

    def problem(self, what: str) -> None:
        """Note what went wrong, where, and the events that led there; the run goes on."""
        recent = "\n  ".join(f"{scene}: {ev}" for scene, ev in self.recent)
        self.errors.append((self.handled, self.scene_name(),
                            f"{what}\nthe last events:\n  {recent}"))

    # -- invariants ----------------------------------------------------------------------------
    def check(self) -> None:
        """The invariants, after every event; a broken one is noted (and the stack repaired)."""
        app = self.app
        if app.scenes.top is None:
            self.problem("no scene left on the stack: a blank window that answers nothing")
            app.scenes.reset(TitleScene(app))
        s = app.session
        if s is None:
            self._signature = self._session = self._score = None
            return
        turns = sum(len(game["turns"]) for game in s.match.games) + len(s.record.get("turns", ()))
        # The session's random state, read through throw_seed: every throw draws it from the
        # session's generator after its dice (and a take-back restores both), so it moves
        # whenever the generator does, and costs nothing to read (getstate copies 625 numbers:
        # 2 s of the run's CPU at every event).
        signature = (id(s), s.phase, s.position, s.dice, s.priority, len(s.match.games),
                     turns, tuple(s.match.score.values()), s.throw_seed)
        if signature == self._signature:
            return
        if self._signature is not None and self._signature[0] == id(s) and \
                turns == self._signature[6] + 1:
            self.turns["computer" if s.is_computer(self._mover) else "human"] += 1
            if s.options.rules == "garanguet":
                self.turns["garanguet"] += 1
        self._signature, self._mover = signature, s.to_move
        try:
            p = s.position
            assert Position.parse(str(p)) == p, f"{p} does not round-trip its notation"
            for side in Side:
                checkers = p.checkers(side)
                assert len(checkers) == s.rules.checkers, f"{p}: {side} has {checkers}"
                if s.options.rules in TOURNE_CASE:
                    points = [c for c in checkers if 1 <= c <= 11]
                    assert len(points) == len(set(points)), f"{p}: two {side} checkers on a point"
            if s.options.rules == "garanguet":      # G-3: no point holds both sides' checkers
                black = {25 - c for c in p.checkers(Side.BLACK) if 1 <= c <= 24}
                assert not black & {c for c in p.checkers(Side.WHITE) if 1 <= c <= 24}, \
                    f"{p}: a point holds both sides (G-3)"
            score = dict(s.match.score)
            if self._score is not None and self.same_match(s):
                assert all(score[x] >= self._score[x] for x in Side), \
                    f"the score went down: {self._score} -> {score}"
            self._session, self._score, self._games = s, score, list(s.match.games)
            data = normal(s.to_dict())
            assert normal(Session.from_dict(data).to_dict()) == data, "no round trip"
        except (AssertionError, ValueError) as exc:
            self.problem(f"invariant broken: {exc}")
            self._session, self._score = s, dict(s.match.score)

    def same_match(self, s: Session) -> bool:
        """The session checked last, or the same match carried on (a move taken back, the game
        started again): its finished games begin with those seen then."""
        return s is self._session or (s.options == self._session.options
                                      and s.match.games[:len(self._games)] == self._games)

    # -- playing -------------------------------------------------------------------------------
    def frame(self, dt=None) -> None:
        if dt is None:       # at play, longer frames: the game goes on between the events
            dt = self.rng.choice([1 / 60, 1 / 30, 0.1, 0.1] if self.scene_name() in PLAYING_SCENES
                                 else [1 / 60] * 6 + [1 / 30, 0.1, 0.0, 1 / 240, 2.5])
        self.clock.now += max(dt, 0.0)
        self.app.frame(dt)
        self.check()
        s = self.app.session
        if s is not None and s.phase is not Phase.MATCH_OVER and self.unsaved(s):
            self.problem("the match on disk is not the match played (a throw or move unsaved)")
            self.saved(s.to_dict())
        if not self.app.running:        # Quit on the title: the loop would end here
            if self.app.status != 0:
                self.problem(f"the game closed with status {self.app.status}")
            self.quits += 1
            self.closing = True
            self.app.running = True
        if self.closing:
            self.closing = False
            if self.rng.random() < RESTART_CHANCE:
                self.restart()

    def post(self, events) -> None:
        for ev in events:
            pygame.event.post(ev)

    def run(self, n: int) -> None:
        goal = self.handled + n
        next_steer = self.handled + STEER_EVERY
        while self.handled < goal:
            if self.handled >= next_steer:
                self.steer()
                next_steer = self.handled + STEER_EVERY
            batch = self.rng.randint(5, 25)
            events = []
            while len(events) < batch:
                events += self.monkey.action(self.app)
            self.post(events[:goal - self.handled])
            self.frame()

    def restart(self) -> None:
        """Close the game as the loop does (a last save) and start it again on the same folder:
        the same match must be offered, exactly."""
        app = self.app
        app.save_match()
        before = app.session.to_dict() if app.can_continue() else None
        pygame.display.quit()
        self.start_app()
        self.restarts += 1
        if before is not None:
            after = self.app.session
            if after is None or normal(after.to_dict()) != normal(before):
                self.problem("starting again did not offer the same match")

    # -- steering ------------------------------------------------------------------------------
    def steer(self) -> None:
        """Go to the scene seen least so far."""
        self.steers += 1
        goal = min(SCENES.values(), key=lambda name: self.by_scene[name])
        if self.rng.random() < PLAY_STEERS:
            goal = "table"
        getattr(self, "to_" + goal.replace(" ", "_"))()

    def click(self, pos) -> None:
        self.post([event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.frame(1 / 60)

    def to_title(self) -> None:
        self.app.to_title()
        self.frame(1 / 60)
        for _ in range(5):        # a notice over the title: OK
            if not isinstance(self.app.scenes.top, NoticeScene):
                break
            self.post([event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
            self.frame(1 / 60)

    def _title_button(self, label) -> None:
        self.to_title()
        top = self.app.scenes.top
        if isinstance(top, TitleScene):
            button = next(w for w in top.menu.widgets if getattr(w, "label", None) == label)
            self.click(button.rect.center)

    def to_new_match(self):
        self._title_button(TITLE_BUTTONS["new match"])

    def to_rules(self):
        self._title_button(TITLE_BUTTONS["rules"])

    def to_settings(self):
        self._title_button(TITLE_BUTTONS["settings"])

    def to_statistics(self):
        self._title_button(TITLE_BUTTONS["statistics"])

    def to_tutorial(self):
        self._title_button(self.rng.choice([label for _, label in TUTORIALS]))

    def random_options(self) -> dict:
        r = self.rng        # the two games alike, then one of the game's rule sets
        games = [[name for name in playable_rules() if (name == "garanguet") == garanguet]
                 for garanguet in (False, True)]
        rules = r.choice(r.choice(games))
        return {"rules": rules, "length": r.choice(MATCH_LENGTHS[:4]),
                "opponent": r.choice(["computer", "computer", "human"]),
                "level": r.choice(levels_for(rules))[0], "human_side": r.choice("WB")}

    def to_priority(self):
        self.to_title()
        self.app.new_match(self.random_options())
        self.frame(1 / 60)

    def _game_under_way(self) -> Session:
        """From the title: a match whose game is past its priority throw."""
        self.to_title()
        app = self.app
        s = app.session
        if s is None or s.phase is Phase.MATCH_OVER or self.rng.random() < FRESH_MATCH:
            app.new_match(self.random_options())
        elif s.phase is Phase.GAME_OVER:
            app.next_game()
        s = app.session
        while s.phase is Phase.PRIORITY:
            s.throw_priority()
        app.save_match()
        return s

    def to_table(self):
        self._game_under_way()
        if self.rng.random() < 0.5:      # the player who wants to play turns the animations down
            self.app.set_setting("animation_speed", self.rng.choice(["fast", "instant"]))
        self.app.continue_match()
        self.frame(1 / 60)

    def to_pause(self):
        self.to_table()
        self.post([event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
        self.frame(1 / 60)

    def to_scoreboard(self):
        s = self._game_under_way()
        while s.phase is not Phase.GAME_OVER:
            if s.phase is Phase.THROW:
                s.throw()
            moves = s.legal_moves()
            s.play(self.rng.choice(moves) if moves else Move(()))
        self.app.save_match()            # as the table does after every move
        self.app.show_match()
        self.frame(1 / 60)


@pytest.fixture
def monkey_world(monkeypatch):
    """Deterministic surroundings: the table's clock follows the frames (drag speeds, flings),
    the computer's tables are loaded up front, and a Bell match's score counts as solved at once
    with the per-game objective (a real solve takes ~20 s of a core per score, in a thread whose
    timing would make the run irreproducible)."""
    for name in playable_rules():
        if name in TOURNE_CASE:
            computer_tables.tables(name)
    garanguet_player.net()
    garanguet_bearoff.table()
    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(computer_tables.Tables, "match_objective",
                        lambda self, away, other, wait=False: self.most_points)
    monkeypatch.setattr(computer_tables.Tables, "match_ready", lambda self, away, other: True)
    return clock


def play(folder, clock, seed, events) -> MonkeyRun:
    run = MonkeyRun(folder, seed, clock)
    try:
        run.run(events)
    finally:
        pygame.display.quit()
    return run


def report(run: MonkeyRun) -> str:
    """Each distinct problem once (the first time it happened), with how often it happened."""
    distinct, seen = {}, Counter()
    for n, scene, text in run.errors:
        lines = text.split("\nthe last events:")[0].strip().splitlines()
        key = lines[-1] if lines else text
        seen[key] += 1
        distinct.setdefault(key, (n, scene, text))
    return "\n".join(f"--- {seen[key]} time(s), first at monkey event {n} (scene: {scene}) "
                     f"(seed {run.seed}):\n{text}" for key, (n, scene, text) in distinct.items())


@pytest.mark.slow(seconds=110)
def test_a_hundred_thousand_random_events_on_every_scene(tmp_path, monkey_world):
    started = time.monotonic()
    run = play(tmp_path, monkey_world, SEED, EVENTS)
    took = time.monotonic() - started
    print(f"\nmonkey: {run.handled} events in {took:.0f} s; steered {run.steers} times; "
          f"{run.quits} close requests, {run.restarts} restarts; turns played: {dict(run.turns)}; "
          f"events by scene: {dict(run.by_scene)}; at play, Garanguet: {run.by_game[True]}, "
          f"Tourne Case: {run.by_game[False]}")
    if run.errors:
        pytest.fail(f"{len(run.errors)} problems:\n{report(run)}", pytrace=False)
    assert not (tmp_path / "errors.log").exists(), (tmp_path / "errors.log").read_text()[-3000:]
    assert Storage(tmp_path, validate_match=Session.from_dict).load_match()[1] == []
    assert Storage(tmp_path).load_settings()[1] == []
    assert not list(tmp_path.glob("*.bad-*")), "the game's own files were found bad"
    assert run.handled >= EVENTS
    for name in SCENES.values():
        assert run.by_scene[name] >= MIN_SHARE, f"the {name} scene got {run.by_scene[name]} events"
    assert run.quits > 0 and run.restarts > 0
    assert all(run.turns[who] >= n for who, n in MIN_TURNS.items()), run.turns
    assert run.by_game[True] >= MIN_SHARE and run.by_game[False] >= MIN_SHARE, run.by_game
    assert run.turns["garanguet"] >= MIN_TURNS["computer"], run.turns


@pytest.mark.slow(seconds=5)
def test_the_monkey_is_reproducible(tmp_path, monkey_world):
    """The same seed, the same run: the same scenes, the same match, the same files."""
    outcomes = []
    for attempt in ("a", "b"):
        folder = tmp_path / attempt
        folder.mkdir()
        run = play(folder, monkey_world, 7, 2_000)
        s = run.app.session
        outcomes.append((dict(run.by_scene), run.steers, run.quits, run.restarts,
                         normal(s.to_dict()) if s else None, len(run.errors),
                         sorted(p.name for p in folder.iterdir() if p.suffix != ".png")))
        monkey_world.now = 0.0
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("screen, key", [("settings", pygame.K_ESCAPE), ("rules", pygame.K_ESCAPE),
                                         ("statistics", pygame.K_BACKSPACE),
                                         ("new match", pygame.K_ESCAPE)])
def test_two_back_presses_in_one_frame_leave_the_title(tmp_path, screen, key):
    """What the monkey found first (two pops emptied the stack): a held key repeats, and a slow
    frame gets two presses."""
    app = App(seed=1, data_dir=tmp_path)
    try:
        app.frame(1 / 60)
        top = app.scenes.top
        label = TITLE_BUTTONS[screen]
        button = next(w for w in top.menu.widgets if getattr(w, "label", None) == label)
        button.activate()
        app.frame(1 / 60)
        assert SCENES[type(app.scenes.top).__name__] == screen
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
        app.frame(1 / 60)
        assert isinstance(app.scenes.top, TitleScene), [type(s).__name__ for s in app.scenes.stack]
    finally:
        pygame.display.quit()
