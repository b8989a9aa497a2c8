"""The tutorial scene: a scripted game (game/play/tutorial.py) played on the real table.

It is the table (TableScene) through the hooks it offers (touch_move, event_handlers, react,
throw, hud_state and the Scene calls), given a host whose match is the tutorial's own session -
the script's dice, never saved, so the player's match stays as it was - and a play flow that
keeps the player's moves to the script. Beside the board, a caption panel explains
each turn as its rule arises, says why a move is refused, and waits for "Continue" (Space,
Enter or its button) where there is something to read: the computer's move, a forced pass, a
jump to a later position, the end. Finishing goes back to the title.

The title menu opens it for a game, `TutorialScene(host, game)`: the script its rule sets name
(game/play/tutorial.py's SCRIPTS, by RuleSet.game).
"""
from __future__ import annotations

import dataclasses

import pygame

from game.base.i18n import N_, Said, Words, _, verbatim
from game.geometry.tablier import CHECKER_R
from game.play import events as ev
from game.play.session import Phase
from game.play.tutorial import SCRIPTS, Hinted, OffScript, ScriptedSession, Told, new_flow
from game.rules import Side, rule_title
from game.rules.refusals import MoveRefused
from game.scenes.table.cards import as_board_says
from game.scenes.table.draw import HINT_GREEN
from game.scenes.table.scene import TableScene
from game.view import widgets as ui
from game.view.layout import px
from game.view.table_hud import HudState

CAPTION_WIDTH = 330        # design pixels (1280x800) of the caption panel beside the board
REFUSED_RED = (150, 40, 32)
CONTINUE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
#: The HUD's state for a game that is no match (no length, no score), where the HUD can say so.
NO_MATCH = {"match": False} if "match" in {f.name for f in dataclasses.fields(HudState)} else {}
READ_AT_LEAST = 0.3        # seconds a page shows before a key may go on from it


class TutorialKeeper:
    """The tutorial's match keeper: holds its session and saves nothing, records nothing."""

    def __init__(self, session: ScriptedSession):
        self.session = session

    def save(self) -> None:
        pass

    def abandon(self) -> None:
        pass

    def finish(self) -> None:
        pass

    def record_finished_games(self) -> None:
        pass

    def next_game(self) -> bool:
        return False

    def can_continue(self) -> bool:
        return False


class TutorialHost:
    """The real host, seen by the table scene with the tutorial's match instead of the player's:
    everything else (window, settings, sounds, scenes) is the host's own."""

    def __init__(self, host, keeper: TutorialKeeper):
        self._host = host
        self.keeper = keeper

    def __getattr__(self, name):
        return getattr(self._host, name)

    def show_match(self) -> None:
        """The tutorial decides what follows its game (its closing page), not the match."""

    def pause(self) -> None:
        self._host.scenes.push(TutorialPause(self))

    def to_title(self) -> None:
        self._host.to_title()


def _pause_scene_class():
    from game.scenes.menus.overlays import PauseScene
    from game.scenes.menus.settings import SettingsScene

    class Pause(PauseScene):
        """Esc in a tutorial: resume, settings, rules, or leave the tutorial."""

        def build(self):
            app = self.app
            from game.scenes.learn.rules_screen import RulesScene
            return [
                ui.Button(N_("Resume"), self.back),
                ui.Button(N_("Settings"), lambda: app.scenes.push(SettingsScene(app))),
                ui.Button(N_("Rules"), lambda: app.scenes.push(RulesScene(app, app.keeper.session.options.rules))),
                ui.Button(N_("Leave the tutorial"), app.to_title),
            ]
    return Pause


def TutorialPause(host):
    return _pause_scene_class()(host)


class CaptionedHud:
    """The table's HUD with a column beside the board kept for the caption panel: the board
    is fitted into what is left, so the panel never covers a point or a die."""

    def __init__(self, hud):
        self._hud = hud
        self._size = None
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        self._board = pygame.Rect(0, 0, 0, 0)

    def __getattr__(self, name):
        return getattr(self._hud, name)

    @property
    def board_area(self) -> pygame.Rect:
        return self._board

    def layout(self, size) -> None:
        self._hud.layout(size)
        area = pygame.Rect(self._hud.board_area)
        if (tuple(size), tuple(area)) == self._size:
            return
        self._size = (tuple(size), tuple(area))
        s = self._hud.scale
        width = px(CAPTION_WIDTH, s)
        self.caption_rect = pygame.Rect(area.right - width, area.top + px(4, s), width, area.h - px(8, s))
        self._board = pygame.Rect(area.x, area.y, area.w - width - px(12, s), area.h)


def script_of(game: str):
    """The tutorial of a game (RuleSet.game, game/play/tutorial.py's SCRIPTS); ValueError if none."""
    if game not in SCRIPTS:
        raise ValueError(f"no tutorial for {game!r}")
    return SCRIPTS[game]


def _in_turn(first, then):
    """A handler that does `first`, then `then`."""
    def handler(event) -> None:
        first(event)
        then(event)
    return handler


class TutorialScene(TableScene):
    def __init__(self, host, game: str):
        self.script = script_of(game)
        session = ScriptedSession(self.script)
        self.host = host
        session.phase = Phase.PRIORITY     # the table starts no computer of its own...
        super().__init__(TutorialHost(host, TutorialKeeper(session)))
        session.phase = Phase.THROW        # ...the script plays the computer's side
        self.flow = new_flow(session)
        self.hud = CaptionedHud(self.hud)
        self.lesson: tuple[str, str] = ("", "")    # the caption: title and body (messages)
        self.lesson_note = None            # a refusal, a move off the script, a hint, a note
        self._gate = None                  # what Continue does (None: nothing to continue)
        self._gate_age = 0.0               # seconds the page waiting for Continue has been shown
        self.finished = False
        self.continue_rect: pygame.Rect | None = None

    # --- the table's hooks ------------------------------------------------------------------
    def touch_move(self) -> bool:
        return False                       # C-5 would only get in the way of learning

    # --- pages and Continue ------------------------------------------------------------------
    @property
    def gate(self):
        return self._gate

    @gate.setter
    def gate(self, then) -> None:
        self._gate, self._gate_age = then, 0.0

    def update(self, dt: float) -> None:
        self._gate_age += dt
        super().update(dt)

    def _read(self, pages, then) -> None:
        """Show `pages` one after the other, each until Continue; then do `then`."""
        pages = list(pages)
        if not pages:
            then()
            return
        self.lesson = (pages[0].title, pages[0].body)
        self.lesson_note = None
        self.gate = lambda: self._read(pages[1:], then)

    def go_on(self) -> None:
        """Continue: what the caption was waiting for."""
        gate, self.gate = self.gate, None
        if gate is not None:
            self.sound("click", 0.6)
            gate()

    def enter(self) -> None:
        if self._started:
            super().enter()
            return
        self._started = True
        self._read(self.script.opening, lambda: self.react(self.flow.start()))

    def _next_part(self) -> None:
        """The script's part is played: the jump to the next part's position, or the end."""
        session = self.session
        if not session.has_next_part:
            self._read(self.script.closing, self._finish)
            return
        part = self.script.parts[session.part + 1]

        def jump():
            session.go_to_part(session.part + 1)
            self.flow = new_flow(session)
            self.take_choice()
            self.playback, self.flights, self.banners = None, [], []
            self.caption = self.refused = None     # the table's words about the old board
            self._read(part.after, lambda: self.react(self.flow.start()))
        self._read(part.before, jump)

    def _finish(self) -> None:
        self.finished = True
        self.host.to_title()

    # --- the flow's events -------------------------------------------------------------------
    def react(self, events) -> None:
        """As the table, but the computer's move is read before the game goes on: the rest
        of what happened waits for Continue."""
        events = list(events)
        for i, event in enumerate(events):
            super().react([event])
            rest = events[i + 1:]
            if (isinstance(event, ev.TurnEnded) and self.session.is_computer(event.side)
                    and not any(isinstance(e, ev.GameOver) for e in rest)):
                self._explain_last(event.side)
                self.gate = lambda: self.react(rest)
                return

    def event_handlers(self) -> dict:
        """The table's handlers with the lesson said first (after it, for the game's end); a
        pass and a refusal are said in the panel instead; and the tutorial flow's own events."""
        table = super().event_handlers()
        return {**table,
                ev.TurnBegan: lambda event: self._lesson_turn(event, table[ev.TurnBegan]),
                ev.ChoiceOffered: _in_turn(self._lesson_choice, table[ev.ChoiceOffered]),
                ev.StepPlayed: _in_turn(self._lesson_step, table[ev.StepPlayed]),
                ev.GameOver: _in_turn(table[ev.GameOver], self._lesson_end),
                ev.TurnPassed: self._lesson_pass,
                MoveRefused: self._noted, OffScript: self._noted, Hinted: self._noted, Told: self._noted}

    def _explain_last(self, side: Side) -> None:
        turn = self.session.last
        if side is self.script.you:
            title = N_("Your turn")
        else:
            title = N_("Black's turn") if side is Side.BLACK else N_("White's turn")
        self.lesson = (title, turn.says if turn else "")
        self.lesson_note = None

    def _lesson_turn(self, event: ev.TurnBegan, table) -> None:
        turn = self.session.current
        self.lesson_note = None
        if turn is None:                   # the part is played: a jump, or the end
            self._next_part()
            return
        if not event.opponent:
            self.lesson = (N_("Your turn"), self.script.throw_hint)
        else:
            self.lesson = (N_("Black's turn") if event.side is Side.BLACK else N_("White's turn"),
                           self.script.their_throw)
        table(event)

    def _lesson_choice(self, event: ev.ChoiceOffered) -> None:
        turn = self.session.current
        self.lesson = (N_("Your move"), turn.says if turn else "")

    def _lesson_step(self, event: ev.StepPlayed) -> None:
        if event.by == "person":
            self.lesson_note = None

    def _lesson_pass(self, event: ev.TurnPassed) -> None:
        """A forced pass is explained, and passes on Continue."""
        turn = self.session.current
        self.lesson = (N_("No move"), turn.says if turn else "")
        self.lesson_note = None
        self.gate = self._proceed

    def _lesson_end(self, event: ev.GameOver) -> None:
        self._explain_last(event.outcome.winner)
        self.lesson = (N_("Black wins") if event.outcome.winner is Side.BLACK else N_("White wins"),
                       self.lesson[1])
        self.gate = lambda: self._read(self.script.closing, self._finish)

    def _noted(self, event) -> None:
        """A refusal, a step off the script, a hint or a note: said as the lesson's note (a
        refusal in the panel, not on the board); the first two with a click."""
        self.lesson_note = event
        if isinstance(event, (MoveRefused, OffScript)):
            self.sound("click", 0.3)

    # --- intents -----------------------------------------------------------------------------
    def throw(self, fling=None) -> None:
        if self.gate is None and not self.finished and self.session.current is not None:
            super().throw(fling)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS and self.gate is not None:
            if self._gate_age >= READ_AT_LEAST:    # a held key does not skip page after page
                self.go_on()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.gate is not None and self.continue_rect and self.continue_rect.collidepoint(event.pos):
                self.go_on()
                return
            if self.hud.caption_rect.collidepoint(event.pos):
                return                     # the panel is not the board
            if self.gate is not None and self.hud.button_at(event.pos) is None:
                return                     # read first: the board waits
        super().handle_event(event)

    # --- drawing -----------------------------------------------------------------------------
    def hud_state(self):
        """The table's bars without a match's: the tutorial's title in the game's place (said
        once: the panel does not repeat it), and no match length nor score - a tutorial is no
        match. While a page waits, only what reading allows."""
        state = super().hud_state()
        state = dataclasses.replace(state, title=Words(self.script.title), **NO_MATCH)
        if self.gate is None:
            return state
        enabled = {name for name in state.enabled if name not in ("throw", "hint", "undo")}
        return dataclasses.replace(state, enabled=enabled, attention=None,
                                   prompt=_("Read the panel, then press Space or click Continue"))

    def draw(self, surface) -> None:
        super().draw(surface)
        self._draw_script_step(surface)
        self._draw_lesson(surface)

    def _draw_script_step(self, surface) -> None:
        """After H: green rings on the checker the script moves next and where it goes."""
        if not isinstance(self.lesson_note, Hinted) or self.flow is None:
            return
        step = self.flow.next_script_step()
        if step is None:
            return
        view, side = self.view, self.session.to_move
        index = self.shown.checkers(self.session.to_move).count(step.origin) - 1
        for x, y in (view.checker_centre(side, step.origin, max(index, 0)),
                     view.landing_centre(self.shown, side, step.destination)):
            view.ring(surface, x, y, HINT_GREEN, 5, CHECKER_R + 6)

    def _note_lines(self) -> tuple[list[Said], tuple]:
        """The refusal or note under the explanation: (lines, colour)."""
        note = self.lesson_note
        if isinstance(note, MoveRefused):
            lines = []
            title = rule_title(note.rule) if note.rule else ""
            if note.rule and title:
                lines.append(_("Not allowed - {rule}: {title}", rule=verbatim(note.rule), title=_(title)))
            elif note.rule:
                lines.append(_("Not allowed - {rule}", rule=verbatim(note.rule)))
            else:
                lines.append(_("Not allowed"))
            what, fields = as_board_says(self.session.rules, self.session.to_move, note.what, note.reason.fields)
            lines.append(_("You tried {what}: {reason}.", what=verbatim(what),
                           reason=_(note.reason.message, **fields)))
            return lines, REFUSED_RED
        if isinstance(note, OffScript):
            return [_(self.script.off_script, play=_(note.turn.play) if note.turn and note.turn.play else "")], REFUSED_RED
        if isinstance(note, Hinted):
            return [_(self.script.hint, play=_(note.turn.play))], ui.WALNUT
        if isinstance(note, Told):
            return [_(note.words)], ui.WALNUT
        return [], ui.INK

    def _draw_lesson(self, surface) -> None:
        rect = self.hud.caption_rect
        if rect.w <= 0:
            return
        s = self.hud.scale
        ui.panel(surface, rect, s, 240)
        pad = px(18, s)
        inner = rect.inflate(-2 * pad, -2 * pad)
        title, body = self.lesson
        y = inner.top                      # the tutorial's own title is the top bar's
        if title:
            line = ui.blit_fitted(surface, _(title), 30 * s, pygame.Rect(inner.x, y, inner.w, px(38, s)),
                                  ui.INK, "title", "midleft")
            y = line.bottom + px(8, s)
        button_h = px(46, s) if self.gate is not None else 0
        room = inner.bottom - y - (button_h + px(12, s) if button_h else 0)
        paragraphs = [([_(body)] if body else [], ui.INK)]
        note, colour = self._note_lines()
        if note:
            paragraphs.append((note, colour))
        size = 22 * s
        while True:
            fnt = ui.font(size)
            blocks = [([line for words in texts for line in ui.wrap(words, fnt, inner.w)], c)
                      for texts, c in paragraphs]
            step = fnt.get_linesize()
            gap = px(12, s)
            height = sum(len(lines) * step for lines, _c in blocks) + gap * (len(blocks) - 1)
            if height <= room or size <= 12:
                break
            size -= 1
        for i, (lines, c) in enumerate(blocks):
            if i:
                y += gap
                pygame.draw.line(surface, ui.GOLD, (inner.x, y - gap // 2), (inner.right, y - gap // 2), 1)
            for line in lines:
                ui.blit_text(surface, line, size, (inner.x, y), c, "body", "topleft", box=rect)
                y += step
        self.continue_rect = None
        if self.gate is not None:
            button = pygame.Rect(0, 0, min(inner.w, px(220, s)), button_h)
            button.midbottom = (inner.centerx, inner.bottom)
            pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
            pygame.draw.rect(surface, ui.WALNUT, button, border_radius=px(10, s))
            pygame.draw.rect(surface, tuple(round(a + (b - a) * pulse) for a, b in zip(ui.GOLD, ui.GOLD_PALE)),
                             button, px(3, s), border_radius=px(10, s))
            ui.blit_fitted(surface, _("Continue"), 26 * s, button, ui.IVORY, "body", "center", margin=px(10, s))
            self.continue_rect = button
