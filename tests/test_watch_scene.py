"""The watch screen (game/scenes/online/watch.py): a room watched on screen, read-only. Fed with the
log of a real match recorded through a loopback relay (tests/test_watch.py's recorder), as the
relay shows it to a watcher: live (a message every few frames: the dice tossed with the
players' seeds, each move glided and said, the history, the score, to the result), or joining
mid-match (the match so far shown at once, then live). Every loop is bounded: in frames
where only this process plays, in wall time where a relay's and the players' threads do."""
import time

import pygame
import pytest

from game.app import MAX_DT, App
from game.base import i18n
from game.base.i18n import shown
from game.online.watch import Watcher
from game.scenes.online.watch import CATCH_UP, WatchScene
from online_helpers import folders, games, shared_match
from speaking import problems
from test_watch import FakeClient, seen, watched_games, watching

DT = 1 / 30
#: The watch screen's game time a frame while it follows a live match: the longest step the app
#: itself takes (game/app.py's MAX_DT), so that each toss and glide shown takes a third of the
#: frames; what it shows, and the result it ends on, are the same.
LIVE_DT = MAX_DT
WATCH_DEADLINE = 120.0      # seconds the live match and the screen may take, at most


@pytest.fixture(scope="module")
def recorded():
    """The match of 3 points recorded once for the test process (online_helpers.shared_match)."""
    return shared_match()


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    game = App(seed=5, data_dir=tmp_path, size=(960, 600))
    pygame.event.clear()
    yield game
    i18n.set_language("en")


def watch_screen(app, recorded):
    made = []

    def factory(url, code):
        watcher = Watcher(url, code, client_factory=FakeClient)
        made.append(watcher)
        return watcher
    scene = WatchScene(app, "ws://127.0.0.1:1", "acd-ef9", watcher_factory=factory)
    app.scenes.push(scene)
    app.frame(DT)
    return scene, made[0]


def test_the_screen_waits_for_the_relay_then_says_a_refusal(app, recorded):
    scene, watcher = watch_screen(app, recorded)
    app.frame(DT)
    assert scene.view is None and problems(app) == []
    watcher.client.put({"type": "refused", "reason": "watchers-full", "detail": ""})
    app.frame(DT)
    assert scene.failed is not None and "as many watchers" in scene.failed
    assert problems(app) == []


def test_joining_mid_match_catches_up_at_once_then_shows_the_rest_live(app, recorded):
    """The match so far at once (no dice, no glide); then live, a message every few frames:
    the dice tossed with the players' seeds, each move glided and said, the history, the score,
    to the result."""
    scene, watcher = watch_screen(app, recorded)
    log = list(recorded["log"])
    live = log[-40:]
    watcher.client.put(watching(recorded))
    for seat, message in log[:-40]:
        watcher.client.put(seen(seat, message))
    for _ in range(30):
        app.frame(DT)
    assert len(scene.queue) <= CATCH_UP and len(scene.history) > 4, "the match so far, at once"
    caught = watcher.session
    tossed = glided = 0
    for _ in range(6000):
        if scene.over is not None and not scene.busy:
            break
        if live and not scene.queue and not scene.busy:
            watcher.client.put(seen(*live.pop(0)))
        app.frame(DT)
        tossed += scene.playback is not None and not scene.playback.settled
        glided += bool(scene.flights)
    assert scene.over is not None and caught is watcher.session, "shown to its end"
    assert tossed and glided, "the dice were tossed with physics, the checkers glided"
    assert watched_games(watcher) == recorded["games"]
    from game.play.replays import replay
    assert scene.position == replay(watcher.session.rules, watcher.session.match.games[-1])
    assert scene.score == scene.over.score
    moves = sum(len(g[1]) for g in recorded["games"])
    assert sum(kind == "move" for kind, _ in scene.history) == moves
    assert sum(kind == "game" for kind, _ in scene.history) == len(recorded["games"])
    assert problems(app) == []


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_screen_says_everything_in_both_languages_and_esc_leaves(tmp_path, recorded, size):
    i18n.set_language("en")
    app = App(seed=5, data_dir=tmp_path, size=size)
    scene, watcher = watch_screen(app, recorded)
    watcher.client.put(watching(recorded, watchers=2, guest=False))
    for seat, message in recorded["log"][: len(recorded["log"]) // 3]:
        watcher.client.put(seen(seat, message))
    for _ in range(20):
        app.frame(DT)
    assert problems(app) == []
    below = app.scenes.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    for _ in range(3):
        app.frame(DT)
    assert app.scenes.top is not below and watcher.done
    i18n.set_language("en")


@pytest.mark.parametrize("rules", ["bell", pytest.param("garanguet", marks=pytest.mark.slow)])
def test_the_screen_watches_a_real_match_through_a_relay(tmp_path, rules):
    """Two in-process games play a match through a loopback relay while the screen watches it
    with a real watcher: it ends on the players' result, their games its own."""
    import sys
    from pathlib import Path
    from game.online import relay
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from online_screens import between_frames
    from online_helpers import code_of, guest_player, host_player
    from test_watch import relay_supports_watching
    if not relay_supports_watching():
        pytest.skip("the relay lacks watching")
    running = relay.start_in_thread("127.0.0.1", 0)
    i18n.set_language("en")
    app = App(seed=5, data_dir=tmp_path / "watcher", size=(960, 600))
    app.update_settings({"animation_speed": "fast"})
    try:
        with folders(2) as (a, b):
            host = host_player(a, running.url, rules=rules, length=1)
            code = code_of(host)
            scene = WatchScene(app, running.url, code)
            app.scenes.push(scene)
            guest = guest_player(b, running.url, code, rules=rules)
            ends = time.monotonic() + WATCH_DEADLINE      # the players' threads: wall time
            while not (host.over and guest.over and scene.over is not None):
                assert time.monotonic() < ends, f"not over after {WATCH_DEADLINE} s"
                for player in (host, guest):
                    if not (player.over and player.link.settled):
                        player.frame()
                app.frame(LIVE_DT)
                between_frames()
            assert scene.over is not None and scene.watcher.failed is None
            assert watched_games(scene.watcher) == games(a) == games(b)
            assert scene.over.line == host.lines[-1]
    finally:
        app.scenes.pop()
        running.stop()


def test_a_refusal_once_watching_is_said_over_the_board_not_kept_silent(app, recorded):
    """A watch ended after it began (a refusal the watcher does not ask again after) said its
    words only in the waiting card, no longer drawn: the board kept "trying again"."""
    scene, watcher = watch_screen(app, recorded)
    watcher.client.put(watching(recorded))
    for _ in range(5):
        app.frame(DT)
    assert scene.view is not None
    watcher.client.inbox.put(("lost",))
    watcher.client.put({"type": "refused", "reason": "version", "detail": ""})
    for _ in range(5):
        app.frame(DT)
    said = str(shown(scene.troubles["connection"]))
    assert "version" in said and said == str(shown(scene.caption)) and len(scene.troubles) == 1
    assert problems(app) == []


def test_a_refusal_said_over_the_board_covers_no_checker(app, recorded):
    """Issue 38 item 11 (seen on the screen above, in French): the refusal's ribbon lay across the
    foot of the board, over a checker; it takes the free band nearest the middle, as the table's."""
    from game.scenes.table.cards import checker_rects
    from game.view import widgets as ui
    scene, watcher = watch_screen(app, recorded)
    watcher.client.put(watching(recorded))
    for seat, message in recorded["log"][:40]:
        watcher.client.put(seen(seat, message))
    for _ in range(400):
        app.frame(LIVE_DT)
    checkers = checker_rects(scene.view, scene.position)
    assert checkers, "no checker on the board to keep clear of"
    watcher.client.inbox.put(("lost",))
    watcher.client.put({"type": "refused", "reason": "version", "detail": ""})
    for _ in range(5):
        app.frame(DT)
    with ui.recording() as (shown_, _unsaid):
        app.frame(DT)
    said = str(shown(scene.troubles["connection"]))
    ribbon = [rect for words, rect, _box in shown_ if str(words) == said and rect.colliderect(
        scene.view.board_rect())]
    assert ribbon and not any(rect.collidelist(checkers) >= 0 for rect in ribbon), (ribbon, checkers)
