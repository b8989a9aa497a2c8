"""Draw the game's teaching screens headless and save them as PNGs in docs/screens/.

Usage, from the repository's root (or from anywhere; paths are the repository's):

    python tools/take_screens.py            -> docs/screens/<what>-<lang>.png

Every screen is drawn by the real App at 960x600 with no window and no sound (SDL's dummy
drivers), in each language the game speaks (game/base/i18n.py's LANGUAGES: `<what>-en.png`,
`<what>-fr.png`), driven the way the tests drive it:

  tutorial-tourne-case      Tutorial 1 (the example game of 1699), the first throw 4-3: the 4 is
                            tried (a checker entered on 4) and refused with its rule (TC-1) and
                            its reason (tests/test_tutorial.py)
  tutorial-tourne-case-hit  Tutorial 1, Black's 4-2: 6-8* near the end, the hit explained
  tutorial-garanguet        Tutorial 2, the first throw 5-5-2, "Quines": the doublet played
                            double, two of the four 5s already played
  rules-charpentier         the illustrated rules screen, scrolled to an illustration
  rules-garanguet           (tests/test_rules_screen.py)
  review-list               the match review of a seeded Tourne Case match, reached from the
  review-shown              scoreboard's Review button: the list of errors, then one error shown
                            on the board (tests/test_review.py)
  review-chart              the review of a two-game match, its chart of White's chance in use
                            (the cursor on the biggest error)
  stats-chart               the statistics' progress chart (Tourne Case, Master), from records
                            and reviews written for it
  table-history             a Tourne Case table against the computer after a few turns, the
                            history of the moves open (F2)
  table-refusal             a refused move's card on the table: TC-4 (tests/test_table_words.py)
  online-host ...           the online screens, two games playing through the relay the host
                            starts (tools/online_screens.py: the Host and Join screens, a throw
                            waiting for the friend's game, the friend's move said)

    python tools/take_screens.py --only online_host --size 1280x800 --out /tmp/shots
                                            -> some of them, at another size, elsewhere

The PNGs are reduced to 8-bit palette PNGs to keep them small: with ImageMagick's `convert`
if it is on PATH, else with Pillow if it is installed (neither is a dependency); with neither
they are saved as pygame writes them. PNGs in docs/screens/ that this script does not make
are deleted. Nothing is written to the player's data folder: the App runs on a temporary one.
"""
from __future__ import annotations

import datetime
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")   # before pygame is imported (x11: under Xvfb)
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.base import i18n  # noqa: E402
from game.play.options import MatchOptions  # noqa: E402
from game.play.session import Phase, Session, play_out  # noqa: E402
from game.play.stage import Stage  # noqa: E402
from game.rules import Move, Position, Side, Step  # noqa: E402

import online_screens  # noqa: E402  (tools/, beside this script)

OUT = ROOT / "docs" / "screens"
SIZE = (960, 600)
LANGUAGES = i18n.LANGUAGES      # the game's own table, not a copy: a new language is shot too
DT = 1 / 60


# --- the app and its frames ------------------------------------------------------------------------
class Shooter:
    """Opens a fresh App on a temporary data folder for each screen, and saves what it shows."""

    def __init__(self, out: Path, size=SIZE):
        self.out = out
        self.size = size
        self.made: list[Path] = []
        self.failed: list[str] = []
        self._temp = Path(tempfile.mkdtemp(prefix="take-screens-"))
        self._count = 0

    def app(self) -> App:
        self._count += 1
        data = self._temp / f"data{self._count}"
        data.mkdir()
        app = App(seed=7, data_dir=data, size=self.size)
        app.update_settings({"language": i18n.SOURCE, "animation_speed": "instant"})
        pygame.event.clear()
        return app

    def shoot(self, app: App, name: str, settle: int = 4, before=None) -> None:
        """Save the screen as it is now, once in each language (`before(app)` is called once
        the language is set)."""
        for code in LANGUAGES:
            app.update_settings({"language": code})
            frames(app, 1)
            if before is not None:
                before(app)
            frames(app, settle)
            raw = self._temp / f"{name}-{code}.raw.png"
            pygame.image.save(pygame.display.get_surface(), str(raw))
            target = self.out / f"{name}-{code}.png"
            to_palette(raw, target)
            self.made.append(target)
            print(f"  {target}  ({target.stat().st_size // 1024} KB)")
        app.update_settings({"language": i18n.SOURCE})

    def errors(self) -> list[str]:
        """What the apps logged as failed frames (the App hides them from the screen)."""
        return [f"{log.parent.name}: {log.read_text(errors='replace')[-1500:]}"
                for log in sorted(self._temp.glob("data*/errors.log"))]

    def close(self) -> None:
        shutil.rmtree(self._temp, ignore_errors=True)


def frames(app: App, n: int = 2, dt: float = DT) -> None:
    for _ in range(n):
        app.frame(dt)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app)


def run_until(app: App, done, limit: int = 3000, dt: float = 1 / 30) -> bool:
    for _ in range(limit):
        if done(app.scenes.top):
            return True
        app.frame(dt)
    return False


def to_palette(raw: Path, target: Path) -> None:
    """`raw` as an 8-bit palette PNG at `target`: ImageMagick, else Pillow, else as it is."""
    convert = shutil.which("convert")
    if convert:
        done = subprocess.run([convert, str(raw), "-strip", "-colors", "256",   # no dates: the
                               "-define", "png:exclude-chunks=date,time",      # same screen, the
                               f"PNG8:{target}"], capture_output=True)         # same bytes
        if done.returncode == 0 and target.exists():
            return
    try:
        from PIL import Image
    except ImportError:
        Image = None
    if Image is not None:
        with Image.open(raw) as image:
            image.convert("RGB").quantize(colors=256).save(target, optimize=True)
        return
    shutil.copyfile(raw, target)


# --- the tutorials (as tests/test_tutorial.py plays them) -----------------------------------------
def open_tutorial(app: App, game: str):
    from game.scenes.learn.tutorial import TutorialScene
    scene = TutorialScene(app, game)
    app.scenes.push(scene)
    frames(app, 3)
    return scene


def play_step(scene, step) -> None:
    scene.react(scene.flow.pick(step.origin))
    scene.react(scene.flow.drop(step.destination))


class Reached(Exception):
    pass


def play_until(app: App, scene, stop, limit: int = 600) -> None:
    """Play the tutorial as the player would (Continue at each page, Space to throw, the script's
    steps) until `stop(scene, what)` is true at a page ("page") or a choice ("choose")."""
    for _ in range(limit):
        if app.scenes.top is not scene:
            raise RuntimeError("the tutorial ended before the screen was reached")
        if scene.gate is not None:
            if stop(scene, "page"):
                return
            frames(app, 20)                           # a page is read before a key goes on
            press(app, pygame.K_SPACE)
        elif scene.stage is Stage.THROW and not scene.session.is_computer(scene.session.to_move):
            press(app, pygame.K_SPACE)
        elif scene.stage is Stage.CHOOSE:
            if stop(scene, "choose"):
                return
            move = Move.parse(scene.session.current.move)
            play_step(scene, move.steps[len(scene.choice.played)])
            frames(app, 3)
        else:
            frames(app, 5)
    raise RuntimeError("the screen was never reached")


def turn_number(scene) -> int:
    s = scene.session
    return sum(len(p.turns) for p in scene.script.parts[:s.part]) + s.turn


def choosing_turn(number: int):
    def stop(scene, what):
        return what == "choose" and scene.gate is None and turn_number(scene) == number
    return stop


def tutorial_tourne_case(shooter: Shooter) -> None:
    app = shooter.app()
    scene = open_tutorial(app, "tourne-case")
    play_until(app, scene, choosing_turn(0))          # 4 and 3: only the lower die (TC-1)
    scene.react(scene.flow.pick(0))
    scene.react(scene.flow.drop(4))                   # the 4 tried: a checker entered on 4
    note = scene.lesson_note
    if getattr(note, "rule", None) != "TC-1":
        raise RuntimeError(f"the 4 was not refused by TC-1: {note!r}")
    shooter.shoot(app, "tutorial-tourne-case")

    def hit_told(s, what):                            # Black's 4-2, 6-8*, played and explained
        last = s.session.last
        return (what == "page" and last is not None and last.move == "6-8*"
                and 0 in s.session.position.white)
    play_until(app, scene, hit_told)
    # the banners of the throw (the pass's "Quines!", a die thrown again) fade; the computer's
    # move said in words stays a little longer
    run_until(app, lambda sc: not sc.banners, limit=150)
    frames(app, 10)
    shooter.shoot(app, "tutorial-tourne-case-hit")
    pygame.display.quit()


def tutorial_garanguet(shooter: Shooter) -> None:
    app = shooter.app()
    scene = open_tutorial(app, "garanguet")
    play_until(app, scene, choosing_turn(0))          # "Quines": four 5s and the 2 (G-5)
    for _ in range(2):                                # two of the four 5s played: x to s
        play_step(scene, Step(1, 6))
        frames(app, 3)
    if len(scene.choice.played) != 2 or scene.stage is not Stage.CHOOSE:
        raise RuntimeError("the Quines turn did not go as the script says")
    shooter.shoot(app, "tutorial-garanguet")
    pygame.display.quit()


# --- the rules screen (as tests/test_rules_screen.py pages it) -----------------------------------
def rules_page(shooter: Shooter, page: str, wanted: tuple[str, ...]) -> None:
    """The page scrolled so that the rule of an illustration (one of `wanted`, else the first)
    is at the card's top, its illustration under it; the scroll is found in each language, as
    the words wrap differently."""
    from game.scenes.learn.rules_screen import RulesScene
    from game.view.layout import px, ui_scale
    app = shooter.app()
    screen = RulesScene(app, page)
    app.scenes.push(screen)
    frames(app, 3)

    def scroll_to_an_illustration(app: App) -> None:
        card, step, most = screen.geometry(app.size)
        scale = ui_scale(app.size)
        y, rule_top, tops = 0.0, 0.0, []
        for row in screen.lines(card.w - px(60, scale), scale):
            if row[0] == "rule":                      # the rule's name, above its words
                rule_top = y
            if row[0] == "diagram":
                tops.append((row[1], rule_top))
            y += screen.row_height(row, step)
        if not tops:
            raise RuntimeError(f"no illustration on the page {page}")
        chosen = next((top for rule, top in tops if rule in wanted), tops[0][1])
        screen.scroll = screen.target = min(most, max(0.0, chosen - px(6, scale)))
    shooter.shoot(app, f"rules-{page}", before=scroll_to_an_illustration)
    pygame.display.quit()


# --- the review (as tests/test_review.py reaches it) ---------------------------------------------
def seeded_session(rules: str, seed: int, length: int = 1, games: int = 1, careless: float = 0.7) -> Session:
    """A match against the computer (the person at White) played to the end of `games` games:
    White plays any legal move most of the time and otherwise the best, Black always the best."""
    from game.computer import tables as tbl
    t = tbl.tables(rules)
    s = Session.new(MatchOptions(rules=rules, length=length, opponent="computer"), seed=seed)
    rng = random.Random(seed)

    def chance(move) -> float:
        after = t.rules.apply(s.position, move, tuple(s.dice))
        if t.rules.outcome(after):
            return 1.0
        return 1 - t.win.position(*t.indices(after))

    def choose(s, moves):
        careless_turn = s.to_move is Side.WHITE and rng.random() < careless
        return rng.choice(moves) if careless_turn else max(moves, key=chance)
    return play_out(s, choose, lambda s: s.phase is Phase.GAME_OVER
                    and (len(s.match.games) >= games or s.match.winner is not None))


def review(shooter: Shooter) -> None:
    from game.scenes.learn.review import ErrorRow, ReviewScene
    from game.scenes.table.scoreboard import ScoreboardScene
    app = shooter.app()
    app.keeper.adopt(seeded_session("charpentier", seed=17, length=3, games=1))
    app.show_match()
    frames(app, 20)
    board = app.scenes.top
    if not isinstance(board, ScoreboardScene):
        raise RuntimeError(f"no scoreboard: {board!r}")
    labels = [w.label for w in board.menu.widgets]
    if "Review" not in labels:
        raise RuntimeError(f"no Review button: {labels}")
    while board.menu.focused.label != "Review":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.scenes.top
    if not isinstance(scene, ReviewScene):
        raise RuntimeError(f"no review: {scene!r}")
    scene.wait(60)
    frames(app, 10)
    rows = [w for w in scene.menu.widgets if isinstance(w, ErrorRow)]
    if not rows:
        raise RuntimeError("the review lists no error")
    shooter.shoot(app, "review-list")
    shown = [w for w in rows if w.visible][0]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=shown.rect.center, button=1))
    frames(app, 10)
    if scene.shown != shown.index:
        raise RuntimeError("the click showed no error")
    shooter.shoot(app, "review-shown")
    pygame.display.quit()


def review_chart(shooter: Shooter) -> None:
    """The review of a two-game match with its chart in use: the cursor on the biggest error."""
    from game.scenes.learn.review import ReviewScene
    app = shooter.app()
    session = seeded_session("charpentier", seed=17, length=3, games=2)
    scene = ReviewScene(app, session.options, session.match.games)
    app.scenes.push(scene)
    scene.wait(120)
    frames(app, 4)
    if not scene.chart.points:
        raise RuntimeError("the review's chart has no point")
    scene.menu.focus_on(scene.chart)
    scene.chart.cursor = scene.chart.index_of(scene.errors[0]) or 0
    frames(app, 10)
    shooter.shoot(app, "review-chart")
    pygame.display.quit()


def stats_records(folder: Path) -> None:
    """Three months of matches against the Tourne Case master, and the reviews of some of them:
    the player wins more and loses less chance per move as the weeks go."""
    from game.saves.records import add_record
    from game.saves.reviews import add_review
    rng = random.Random(40)
    for week in range(14):
        day = (datetime.date(2026, 8, 24) + datetime.timedelta(days=7 * week)).isoformat()
        for n in range(rng.randint(1, 4)):
            won = rng.random() < 0.25 + week * 0.035
            base = {"rules": "charpentier", "level": "master", "opponent": "computer", "length": 3,
                    "human_side": "W", "autoplay": False, "at": f"{day}T20:0{n}:00Z"}
            add_record(folder, {**base, "kind": "game", "winner": "W" if won else "B"})
            add_record(folder, {**base, "kind": "match", "winner": "W" if won else "B"})
            if rng.random() < 0.6:
                add_review(folder, {**base, "match": f"{week}-{n}", "moves": 30,
                                    "lost": round(30 * max(0.002, 0.03 - week * 0.0018
                                                           + rng.uniform(-0.004, 0.004)), 5)})


def stats_chart(shooter: Shooter) -> None:
    """The statistics' progress chart, from records written for it."""
    from game.scenes.menus.stats import StatsScene
    app = shooter.app()
    stats_records(app.storage.dir)
    app.scenes.push(StatsScene(app))
    frames(app, 2)
    app.scenes.top.switch()
    frames(app, 10)
    shooter.shoot(app, "stats-chart")
    pygame.display.quit()


# --- the table (as tests/test_table_words.py brings it to its states) ----------------------------
def table(shooter: Shooter, position: str | None = None, dice=None):
    from game.scenes.table.scene import TableScene
    app = shooter.app()
    session = Session.new(MatchOptions(rules="charpentier", length=3, opponent="computer"), seed=7)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    if position is not None:
        session.position = Position.parse(position)
        session.phase, session.dice = (Phase.MOVE, tuple(dice)) if dice else (Phase.THROW, None)
        session.record = {"first": "W", "turns": []}
    app.keeper.adopt(session)
    scene = TableScene(app)
    app.scenes.clear_to(scene)
    frames(app, 3)
    return app, scene


def person_to_throw(scene) -> bool:
    return scene.stage is Stage.THROW and not scene.session.is_computer(scene.session.to_move)


def table_history(shooter: Shooter) -> None:
    from game.scenes.table.controls import HISTORY_KEY
    app, scene = table(shooter)
    rng = random.Random(4)
    turns = 0
    while len(scene.session.record["turns"]) < 8 and turns < 30:
        turns += 1
        if not run_until(app, person_to_throw):
            raise RuntimeError("the person's throw never came")
        scene.throw()
        run_until(app, lambda sc: sc.stage in (Stage.CHOOSE, Stage.THROW, Stage.OVER))
        if scene.stage is Stage.OVER:
            break
        if scene.stage is Stage.CHOOSE:
            move = rng.choice(scene.session.legal_moves())
            for step in move.steps:
                run_until(app, lambda sc: sc.stage is Stage.CHOOSE)
                scene.pick(step.origin)
                scene.drop(step.destination)
    if not run_until(app, lambda sc: person_to_throw(sc) and sc.caption is None):
        raise RuntimeError("the table never came back to the person's throw")
    press(app, HISTORY_KEY)
    if not scene.cards.history_open:
        raise RuntimeError("F2 opened no history")
    shooter.shoot(app, "table-history")
    pygame.display.quit()


def table_refusal(shooter: Shooter) -> None:
    app, scene = table(shooter, position="0,1,5/0,0,0/W", dice=(2, 6))
    if scene.stage is not Stage.CHOOSE:
        raise RuntimeError("the table is not waiting for a move")
    scene.pick(0)                                    # a new checker may not pass the one on 1
    scene.drop(2)
    if scene.refused is None or scene.refused.rule != "TC-4":
        raise RuntimeError(f"the move was not refused by TC-4: {scene.refused!r}")
    shooter.shoot(app, "table-refusal")
    pygame.display.quit()


def rules_charpentier(shooter: Shooter) -> None:
    rules_page(shooter, "charpentier", ("TC-6",))     # the hit, if it is illustrated


def rules_garanguet(shooter: Shooter) -> None:
    rules_page(shooter, "garanguet", ("G-5",))        # the doublet played double, if illustrated


SCREENS = [
    *online_screens.SCREENS,
    tutorial_tourne_case,
    tutorial_garanguet,
    rules_charpentier,
    rules_garanguet,
    review,
    review_chart,
    stats_chart,
    table_history,
    table_refusal,
]


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description="Draw the game's screens as PNGs.")
    parser.add_argument("--only", nargs="+", metavar="SCREEN", help="these screens' functions only")
    parser.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", help="the window, WxH")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder for the PNGs")
    args = parser.parse_args(argv)
    size = tuple(int(n) for n in args.size.lower().split("x"))
    chosen = [make for make in SCREENS if not args.only or make.__name__ in args.only]
    started = time.monotonic()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    shooter = Shooter(out, size)
    try:
        for make in chosen:
            name = getattr(make, "__name__", "screen")
            try:
                make(shooter)
            except Exception as exc:              # one screen that fails does not stop the others
                shooter.failed.append(f"{name}: {exc!r}")
                print(f"  FAILED {name}: {exc!r}", file=sys.stderr)
                pygame.display.quit()
        for logged in shooter.errors():          # a frame that failed inside the App
            shooter.failed.append(logged)
            print(f"  FAILED frame in {logged}", file=sys.stderr)
    finally:
        shooter.close()
    if not shooter.failed and not args.only:      # the old screens this script does not make
        for old in out.glob("*.png"):
            if old not in shooter.made:
                old.unlink()
                print(f"  removed {old.relative_to(ROOT)}")
    print(f"{len(shooter.made)} screens in {out}/ in {time.monotonic() - started:.1f} s")
    return 1 if shooter.failed else 0


if __name__ == "__main__":
    sys.exit(main())
