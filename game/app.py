"""The game's shell: the window, the main loop, and the hand-overs between scenes.

One frame: events -> the top scene, update(dt) in seconds, queued scene changes applied, draw
at the window's real size, shown (only what changed of it). A scene change cross-fades from the
last frame. An exception inside a frame never reaches the player as a traceback: it is written
to `errors.log` in the data folder, the player is told, and the game goes back to the title
with the match save as it was on disk.

Between frames the loop rests while nothing moves (a laptop's battery pays for every frame): the
top scene says how long it can go without one (Scene.next_frame), or, if it does not say, its
frames are watched and, coming out the same, drawn less and less often. The loop then sleeps
until an event (a key, the mouse, the window, a thread's `wake()`) or the next change due, and
the frame right after a key shows it.

Scenes see the app through the narrow `Host` interface (game/scenes/host.py): the scene stack,
the settings, the sounds, a clock, and the match keeper (game/play/keeper.py), which owns the match
being played and its saving. `show_match()` shows the scene for where the match stands.
"""
import random
import sys
import time
import traceback
from pathlib import Path

import pygame

from game.base import i18n, wake
from game.base.i18n import _, verbatim
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.play.players import settle
from game.rules import Side
from game.scenes.table.attract import ATTRACT_AFTER
from game.scenes.base import SceneManager
from game.scenes.games import game_of, level_of, preset_of, resumable_session, with_option
from game.scenes.learn.rules_screen import rules_to_explain
from game.scenes.menus.title import NAME as TITLE_NAME, TitleScene
from game.saves.files import append_text
from game.saves.storage import Storage, default_data_dir, said
from game.scenes.boards import playable_rules
from game.view import window
from game.view.controller import CONTROLLER_EVENTS, JOYSTICK_EVENTS, Pads, listen
from game.view.audio import SilentSounds, Sounds
from game.view.toast import Toast
from game.view.layout import DEFAULT_SIZE

FPS = 60
MAX_DT = 0.1          # a long stall (window dragged, machine busy) is not a jump in the game
LOOK_AGAIN = 0.25     # seconds at most between two frames of a scene that does not say it rests
FADE = 0.22           # seconds of cross-fade when the scene changes
ERROR_BURST = 5       # this many errors within ERROR_WINDOW seconds: give up cleanly
ERROR_WINDOW = 3.0

class App:
    """The window, the settings, the sounds, the storage, the scene stack and the match keeper:
    the `Host` every scene is given."""

    def __init__(self, seed=None, fullscreen=None, rules=None, data_dir=None, autoplay=False,
                 size=DEFAULT_SIZE, attract_after: float | None = ATTRACT_AFTER):
        """`attract_after`: seconds untouched on the title before the table plays itself."""
        pygame.init()
        self.attract_after = attract_after
        pygame.key.set_repeat(350, 45)
        self.rng = random.Random(seed)
        self.autoplay = autoplay
        self.running = True
        self.status = 0
        self.messages: list[str] = []      # notes for the player (words said), shown on the title
        self.toast = Toast()            # a short notice at the top, whatever the scene
        self.pads = Pads(self.notify)   # the game controllers plugged in (game/view/controller.py)
        listen()
        self.storage = Storage(data_dir, validate_match=resumable_session, demo=autoplay)
        self.settings, problems = self.storage.load_settings()
        i18n.set_language(self.settings["language"] or None)    # none saved: the system's
        self.messages += [_("Settings: {problem}.", problem=said(p)) for p in problems]
        if autoplay:
            self.settings["animation_speed"] = "instant"
        self.default_rules = rules if rules in playable_rules() else None
        if rules is not None and self.default_rules is None:
            self.messages.append(_("The rules {rules} cannot be played on the board yet; a new "
                                   "match offers {playable}.", rules=verbatim(repr(rules)),
                                   playable=verbatim(", ".join(playable_rules()))))
        self.fullscreen = self.settings["fullscreen"] if fullscreen is None else bool(fullscreen)
        self.windowed_size = size
        self._open_window()
        self.clock = time.monotonic
        self._sleep = window.EventWait()      # the loop's rest: until an event, or a time
        self._presenter = window.Presenter()  # a frame is shown only where it changed
        self._frame_at = time.monotonic()     # when the last frame began
        self._rest = 0.0                      # seconds the next frame may wait (next_frame_in)
        self._look_again = 0.0                # the same, for a scene that does not say
        self._moving = False                  # something said it moves: frames go whole
        self._deadline: float | None = None   # the loop's end (quit_after): no rest goes past it
        wake.set_waker(window.wake)
        self.sounds = self._make_sounds()
        self.keeper = MatchKeeper(self.storage, self.notify, self.rng)
        self.relay = None                # the relay this game runs for a friend on its network
        self._load_saved_match()
        self.scenes = SceneManager()
        self._fade_from: pygame.Surface | None = None
        self._fade_left = 0.0
        self._errors: list[float] = []
        self.scenes.clear_to(self.title_scene())
        self.scenes.apply_pending()
        if autoplay:    # a demo resumes a demo match left unfinished, or starts one
            if self.can_continue() and self.session.options.autoplay:
                self.continue_match()
            else:       # a demo is the computer against itself, never a friend's room
                self.new_match({**self.last_options(), "opponent": "computer"})

    # -- window -----------------------------------------------------------------------------

    def _open_window(self) -> None:
        self.screen = window.open_window(TITLE_NAME, self.fullscreen, self.windowed_size)
        if hasattr(self, "_presenter"):
            self._presenter.forget()          # a new window shows nothing yet

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_fullscreen(self, flag: bool) -> None:
        if flag != self.fullscreen:
            if not self.fullscreen:
                self.windowed_size = self.size
            self.fullscreen = flag
            self._open_window()
        if self.settings["fullscreen"] != flag:
            self.update_settings({"fullscreen": flag})

    def screenshot(self):
        """Save the current frame as a PNG in the data folder's screenshots/; returns the path."""
        try:
            path = window.save_screenshot(self.screen, self.storage.dir / "screenshots")
        except (OSError, pygame.error) as exc:
            self.notify(_("The screenshot could not be saved ({problem}).", problem=exc))
            return None
        print(_("Screenshot saved: {path}", path=path))
        self.notify(_("Screenshot saved in {folder}", folder=path.parent))
        return path

    # -- settings and sounds ----------------------------------------------------------------

    def _make_sounds(self):
        try:
            volume = self.settings["volume"]
            return Sounds(volume=volume, muted=self.settings["muted"])
        except Exception as exc:      # the promise is a silent Sounds; a broken one is silenced here
            self.log_error(exc)
            return SilentSounds()

    def set_setting(self, key: str, value) -> None:
        self.update_settings({key: value})

    def update_settings(self, changes: dict) -> None:
        """Change settings, apply them at once and save the settings."""
        self.settings.update(changes)
        if "language" in changes:
            i18n.set_language(changes["language"] or None)     # every scene speaks it next frame
        if "volume" in changes:
            self.sounds.set_volume(changes["volume"])
        if "muted" in changes:
            self.sounds.set_muted(changes["muted"])
        if changes.get("fullscreen", self.fullscreen) != self.fullscreen:
            self.set_fullscreen(changes["fullscreen"])
        if self.autoplay:
            return        # a demo run leaves the player's settings alone
        trouble = self.storage.save_settings(self.settings)
        if trouble:
            self.notify(_("Settings: {problem}.", problem=said(trouble)))

    @property
    def animation_speed(self) -> str:
        return self.settings["animation_speed"]

    # -- the match --------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The match being played (the keeper's; read-only here)."""
        return self.keeper.session

    def _load_saved_match(self) -> None:
        problems = self.keeper.load()
        self.messages += [_("Saved match: {problem}.", problem=said(p)) for p in problems]

    def can_continue(self) -> bool:
        return self.keeper.can_continue()

    def current_rules(self) -> str:
        """The rules to explain: the match's, or those the next new match would use."""
        return rules_to_explain(self)

    @property
    def default_preset(self) -> str:
        return preset_of(self.last_options()["rules"])

    def last_options(self) -> dict:
        """The options of the last new match (from the settings), as new_match takes them."""
        s = self.settings
        rules = with_option(self.default_rules or s["rules"], s["reentry"])
        return {"rules": rules, "length": s["length"], "opponent": s["opponent"],
                "level": level_of(rules, s["levels"].get(game_of(rules).key, s["level"])),
                "human_side": s["human_side"],
                "hints": s["hints"] or s["opponent"] == "computer"}   # against it, always

    def new_match(self, options: dict) -> None:
        """Start a match with these options (see last_options) and go to its priority throw."""
        self.keeper.start(MatchOptions(rules=options["rules"], length=options["length"],
                                      opponent=options["opponent"], level=options["level"],
                                      human_side=Side(options["human_side"]),
                                      touch_move=self.settings["touch_move"], autoplay=self.autoplay,
                                      hints=options.get("hints", True)))
        self.default_rules = None        # the command line's --rules chose the first match only
        self.messages.clear()
        self.show_match()

    def rematch(self) -> None:
        """The same options again, a new match (and a new seed)."""
        if self.keeper.rematch():
            self.show_match()

    def continue_match(self) -> None:
        if self.can_continue():
            self.messages.clear()
            if self.session.options.opponent == "online" and self.keeper.online is None:
                self.reconnect()
            self.show_match()

    # -- a friend on another computer (docs/online.md) ------------------------------------------

    def play_online(self, link, relay=None) -> None:
        """The friend is there and the options agreed: the match begins as the link plays it
        (the keeper holds the link), with this game's relay if it runs one."""
        self.keeper.start_online(link)
        self.relay = relay
        self.messages.clear()
        self.show_match()

    def reconnect(self) -> None:
        """A saved match with a friend: back to its seat on the relay with the saved token (the
        host's game starts its relay again first, if it ran one: a relay that cannot start is
        said, and the table says the connection is lost while the link retries)."""
        from game.online.link import Link
        from game.scenes.online.lobby import restart_relay
        try:
            self.relay = restart_relay(self.session.online)
        except Exception as exc:
            self.notify(_("The relay could not start again ({problem}).",
                          problem=verbatim(f"{type(exc).__name__}: {exc}")))
        self.keeper.resume_online(Link.resume(self.session))

    def leave_online(self) -> None:
        """Off the table: the link closes (the friend sees this game leave) and this game's relay
        stops; the match stays saved, and Continue takes it up again."""
        link, relay = self.keeper.online, self.relay
        if link is not None and link.leave("saved"):    # the friend reads "saved and left"
            self.keeper.save()                           # the `away` saved, then sent as it closes
        self.keeper.online, self.relay = None, None
        if link is not None:
            link.close(wait=0.5)      # what was sent last (a last move) goes out first
        if relay is not None:
            relay.stop()

    def show_match(self) -> None:
        """Show the scene for where the match is: priority throw, table or scoreboard.

        The table and its dice physics, and the scoreboard (with the online words it may say),
        are imported when first needed: the title shows sooner.
        """
        phase = self.session.phase
        if phase is Phase.PRIORITY:
            from game.scenes.table.priority import PriorityScene
            self.scenes.clear_to(PriorityScene(self))
        elif phase in (Phase.THROW, Phase.MOVE):
            from game.scenes.table.scene import TableScene
            self.scenes.clear_to(TableScene(self))
        else:
            from game.scenes.table.scoreboard import ScoreboardScene
            self.scenes.clear_to(ScoreboardScene(self))

    def save_match(self) -> None:
        """Save the session as it is now (the keeper does; also when the loop ends)."""
        self.keeper.save()

    def next_game(self) -> None:
        """From the scoreboard: the next game of the match begins with its priority throw."""
        if self.keeper.next_game():
            self.show_match()

    def abandon_match(self) -> None:
        self.keeper.abandon()
        self.to_title()

    def pause(self) -> None:
        from game.scenes.menus.overlays import PauseScene    # its menus' screens: on a key press
        self.scenes.push(PauseScene(self))

    def to_title(self) -> None:
        self.leave_online()
        self.scenes.clear_to(self.title_scene())

    def quit(self) -> None:
        """The loop ends after this frame (asked from another thread too: it wakes the loop)."""
        self.running = False
        window.wake()

    def title_scene(self) -> TitleScene:
        return TitleScene(self, attract_after=self.attract_after)

    def notify(self, words: str) -> None:
        """A short notice at the top of the screen, whatever the scene: the buttons are at the
        bottom and down the middle, the top holds only names and headings. `words` are said
        already (a notice lasts seconds)."""
        self.toast.show(words)

    # -- the loop ---------------------------------------------------------------------------

    def loop(self, quit_after: float | None = None) -> int:
        """Run frames until quit (or `quit_after` seconds); returns the exit status."""
        start = time.monotonic()
        self._deadline = None if quit_after is None else start + quit_after
        try:
            while self.running:
                self.frame()
                if self._deadline is not None and time.monotonic() >= self._deadline:
                    self.quit()
        except KeyboardInterrupt:
            self.status = 130
        self.save_match()
        self.leave_online()
        return self.status

    def frame(self, dt: float | None = None) -> None:
        """One frame, when it is due (`await_frame`). Tests pass dt to run frames as fast as
        they like (no waiting, no rest: every frame is drawn and shown whole)."""
        watched = dt is None
        dt = self.await_frame() if watched else min(max(dt, 0.0), MAX_DT)
        try:
            for event in pygame.event.get():
                self.handle_event(event)
            for event in self.pads.update(dt):      # a direction held on a controller repeats
                self.handle_event(event)
            self.scenes.update(dt)
            self._apply_scene_changes()
            settle()          # the collector back on once no computer is thinking (game/play/players.py)
            self.draw(dt)
            if watched:
                changed = self._presenter.show(self.screen, moving=self._moving)
                self._rest = self.next_frame_in(changed)
            else:
                pygame.display.flip()
        except Exception as exc:
            self._rest = 0.0
            self.recover(exc)

    def await_frame(self) -> float:
        """Wait for the next frame: at most FPS a second, and while nothing moves until an
        event or the next change due (`next_frame_in`). The seconds since the last frame:
        after a rest, all of them (the scene's timers are due: nothing moved to jump), else at
        most MAX_DT (a stall in the middle of an animation is not a jump in it)."""
        rest, cap = self._rest, self._frame_at + 1 / FPS
        now = time.monotonic()
        if now < cap:
            time.sleep(cap - now)      # an event waits for the next frame, as at 60 fps
        due = self._frame_at + rest
        if self._deadline is not None:
            due = min(due, self._deadline)
        left = due - time.monotonic()
        if left > 0:
            self._sleep(left)
        now = time.monotonic()
        dt, self._frame_at = now - self._frame_at, now
        return min(max(dt, 0.0), MAX_DT + rest)

    def next_frame_in(self, changed: bool) -> float:
        """Seconds the loop may rest before the next frame, events aside (they end it at once).
        0 while anything moves: a cross-fade, a notice, a controller's direction held, or
        the top scene's animation (Scene.next_frame). A scene that does not say is drawn at
        every frame while its frames change (`changed`: the last one shown differed), then, as
        they come out the same, less and less often, up to LOOK_AGAIN seconds apart."""
        rest = self.scenes.next_frame()
        if self._fade_left > 0 or self.toast.left > 0 or self.pads._held:
            rest = 0.0          # (Pads keeps its directions held: see REQUESTS.md for a name)
        self._moving = rest is not None and rest <= 0
        if rest is None:
            self._look_again = (0.0 if changed else
                                min(LOOK_AGAIN, max(1 / FPS, 2 * self._look_again)))
            return self._look_again
        self._look_again = 0.0
        return max(0.0, rest)

    def handle_event(self, event) -> None:
        if event.type in CONTROLLER_EVENTS:     # a controller speaks in keys (the menus, the table)
            for key in self.pads.translate(event):
                self.handle_event(key)
            return
        if event.type in JOYSTICK_EVENTS:       # the same press, told by SDL a second time
            return
        if event.type == window.WAKE:           # a thread's news: this frame shows it
            return
        if event.type in window.WINDOW_EVENTS:  # uncovered, resized...: the next frame goes whole
            self._presenter.forget()
        self.pads.saw(event)
        if event.type == pygame.QUIT:
            self.quit()
        elif not window.well_formed(event):
            return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.screenshot()
        elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.screen = pygame.display.get_surface()
            self.windowed_size = self.size
        else:
            self.scenes.handle_event(event)

    def _apply_scene_changes(self) -> None:
        before = self.scenes.top
        self.scenes.apply_pending()
        if self.scenes.top is None:      # the last screen went back: the title, never a blank window
            self.scenes.clear_to(self.title_scene())
            self.scenes.apply_pending()
        if self.scenes.top is not before and self.animation_speed != "instant":
            self._fade_from = self.screen.copy()      # still the last frame shown
            self._fade_left = FADE

    def draw(self, dt: float) -> None:
        self.screen = pygame.display.get_surface()
        self.scenes.draw(self.screen)
        if self._fade_left > 0 and self._fade_from is not None:
            if self._fade_from.get_size() == self.size:
                alpha = round(255 * self._fade_left / FADE)
                # SDL blends a surface alpha of 255 through its slow generic blitter (17 ms at
                # 1280x800, against 1 ms at 254): opaque, a plain copy gives the same pixels
                self._fade_from.set_alpha(alpha if alpha < 255 else None)
                self.screen.blit(self._fade_from, (0, 0))
            self._fade_left -= dt
        else:
            self._fade_from = None
        self.toast.draw(self.screen, dt)

    # -- errors -----------------------------------------------------------------------------

    def log_error(self, exc: BaseException):
        return log_error(self.storage.dir, exc)

    def recover(self, exc: Exception) -> None:
        """After an error in a frame: log it, tell the player, go back to the title.

        The session is reloaded from the save on disk (the last good state); if errors keep
        coming, the game closes with status 1 rather than loop on a broken screen.
        """
        path = self.log_error(exc)
        now = time.monotonic()
        self._errors = [t for t in self._errors if now - t < ERROR_WINDOW] + [now]
        where = (_("details in {path}", path=path) if path
                 else _("details printed on the console"))
        error = verbatim(f"{type(exc).__name__}: {exc}")
        if len(self._errors) >= ERROR_BURST:
            print(_("Tourne Case keeps failing ({error}); {where}.", error=error, where=where),
                  file=sys.stderr)
            self.status = 1
            self.running = False
            return
        self.messages.append(_("Something went wrong ({error}). The saved match is as it was; "
                               "{where}.", error=error, where=where))
        try:
            self._load_saved_match()
            self.scenes.reset(self.title_scene())
        except Exception as again:
            self.recover(again)


def log_error(folder: Path, exc: BaseException) -> Path | None:
    """Append the traceback to errors.log in the data folder; returns its path (or None)."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    # Through storage: never written through a link or into a FIFO in the data folder.
    path = append_text(folder, "errors.log", f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
    if path is None:
        print(text, file=sys.stderr)
    return path


def run(seed=None, fullscreen=None, rules=None, data_dir=None, autoplay=False,
        quit_after=None) -> int:
    """Open the window on the title and play until the player quits; returns the exit status."""
    try:
        app = App(seed=seed, fullscreen=fullscreen, rules=rules, data_dir=data_dir,
                  autoplay=autoplay)
    except pygame.error as exc:
        print(_("Tourne Case could not open its window: {problem}", problem=exc), file=sys.stderr)
        return 1
    except Exception as exc:     # a bug before the first frame: say so in one line, log the rest
        folder = Path(data_dir) if data_dir is not None else default_data_dir()
        where = log_error(folder, exc)
        error = verbatim(f"{type(exc).__name__}: {exc}")
        print(_("Tourne Case could not start ({error}); details in {path}", error=error, path=where)
              if where else _("Tourne Case could not start ({error})", error=error), file=sys.stderr)
        return 1
    try:
        return app.loop(quit_after)
    finally:
        # Only the window closes: fonts stay valid for a later run in the same process (tests);
        # pygame shuts the rest down at exit.
        pygame.display.quit()
