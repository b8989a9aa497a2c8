"""Match review (issue 12): the person's biggest errors of a match, from the scoreboard.

After a match between two people at one screen, both sides' moves are weighed: the list has a
column naming the side that played each error (as the scoreboard names it: White, Black), the
shown error says whose move it was, and every chance is that side's.

The list shows, biggest first, each move that lost winning chance against the best move of the
same throw (game/computer/review.py: as the game's computer weighs them): the game and move, the dice, the move
played, the best move and the chance lost. Enter or a click on one shows it: the position on
the game's own board (BoardView), the move played traced in red and the best move in green,
each in notation and in words, with the chance each leaves (review_board.py). Left and Right
step through the errors; Esc goes back to the list, and from the list to the scoreboard.

The review is weighed on a thread (a Bell match may need a score solved, a few seconds); the
screen says so meanwhile. Every word is translated when drawn (game/base/i18n.py).
"""
from __future__ import annotations

import pygame

from game.base.i18n import N_, _, verbatim
from game.computer.review import Rated, Weighing, errors
from game.scenes.learn.review_weighing import weigh_on
from game.play.review_chart import chart_points
from game.saves.reviews import add_review, review_line
from game.rules import Side, rules_by_name
from game.scenes.host import Host
from game.scenes.menus.base import MenuScene
from game.scenes.learn.chance_chart import ChanceChart
from game.scenes.learn.review_board import ShownError
from game.scenes.learn.review_words import ReviewWords
from game.view import controller, widgets as ui
from game.view.assets import checker
from game.scenes.boards import board_for
from game.view.layout import px, ui_scale


# The list's columns: key, heading and width in design pixels (1280x800), inside the card; the
# columns shown are laid side by side and stretched to the card. "game" only in a match of
# several games, "side" only when both sides are weighed (two people at one screen).
COLUMNS = [("game", N_("Game no."), 110), ("side", N_("Side"), 150), ("move", N_("Move"), 80),
           ("dice", N_("Dice"), 100), ("played", N_("Played"), 200), ("best", N_("Best"), 200),
           ("lost", N_("Chance lost"), 200)]

LIST_WIDTH = 960               # design width of the list's card
ROW = 44                       # design height of a row
CHART = 196                    # design height of the chart above the list (chance_chart.py)
WEIGHED_EVERY = 0.1            # seconds between looks at the moves weighed, while they are


class ErrorRow(ui.Widget):
    """One error in the list: focus it with the keys or the pointer, Enter or click shows it."""

    def __init__(self, scene: "ReviewScene", index: int):
        super().__init__()
        self.scene, self.index = scene, index
        self.label = ""

    def activate(self) -> bool:
        self.scene.show(self.index)
        return True

    def draw(self, surface, scale, focused):
        rated = self.scene.errors[self.index]
        if focused:
            pygame.draw.rect(surface, ui.GOLD_PALE, self.rect, border_radius=px(8, scale))
            pygame.draw.rect(surface, ui.GOLD, self.rect, px(2, scale), border_radius=px(8, scale))
        elif self.index % 2:
            pygame.draw.rect(surface, ui.IVORY_WARM, self.rect, border_radius=px(8, scale))
        if not focused and self.scene.charted() is rated:       # the chart's cursor is on it
            pygame.draw.rect(surface, ui.GOLD, self.rect, px(2, scale), border_radius=px(8, scale))
        cells = self.scene.cells(rated)
        for key, box in self.scene.column_boxes(self.rect, scale):
            if key == "side":
                self.scene.draw_side(surface, scale, rated.side, box)
            elif key in cells:
                color = ui.RED if key == "lost" else ui.INK
                ui.blit_fitted(surface, cells[key], 23 * scale, box, color, margin=px(6, scale))


class ReviewScene(ReviewWords, MenuScene):
    """The errors of one match, biggest first, and each error shown on the board."""

    heading = N_("Match review")

    def __init__(self, app: Host, options, games: list[dict], weighing: Weighing | None = None):
        self.options = options
        self.rules_name = options.rules
        self.rules = rules_by_name(options.rules)
        self.games = [g for g in games if g.get("turns")]
        self.length = options.length
        self.human = None if options.opponent == "human" else options.human_side
        self.both = self.human is None           # two people: each side's moves, named
        self.rated: list[Rated] | None = None     # the person's moves, once all weighed
        self.errors: list[Rated] = []            # the list's rows: biggest first once all weighed
        self.listed = False                      # the person's moves are all weighed and listed
        self._taken = None                       # what was taken up of the weighing, last frame
        self.problem = None
        self.shown: int | None = None            # the index in `showing` on the board, or None
        self.showing: list[Rated] = []           # what Left and Right step through: the errors, or the chart's turns
        self.shown_error = ShownError(self)      # draws it
        self.first = 0                           # the first row in view
        self.board = board_for(options.rules)     # the game's own board (game/scenes/boards.py)
        if weighing is None or not weighing.same(self.rules_name, self.games, self.human, self.length):
            weighing = Weighing(self.rules_name, self.games, self.human, self.length,
                                wanted=pygame.display.get_init)
        self.weighing = weighing                 # the scoreboard's, begun when the game ended
        self.chart = ChanceChart(self)
        super().__init__(app)
        self.list_menu = self.menu = ui.Menu([*self.menu.widgets, self.chart], app.sounds)
        self.shown_menu = ui.Menu([ui.Button(N_("Previous"), lambda: self.step(-1), size=26),
                                   ui.Button(N_("All errors"), self.to_list, size=26),
                                   ui.Button(N_("Next"), lambda: self.step(+1), size=26)],
                                  app.sounds, focus=2)
        self.start()

    # -- weighing the moves -------------------------------------------------------------------
    def start(self) -> None:
        """Weigh the moves on a thread (game/computer/review.py's Weighing), or go on with the
        scoreboard's, begun when the game ended."""
        weigh_on(self.weighing)

    def poll(self) -> bool:
        """Take up the turns weighed since the last frame: the list's rows fill in (in the order
        played) and the chart with them; once the person's moves are all weighed the list is
        complete, sorted biggest first. True from then on."""
        weighing = self.weighing
        done, mine, others = weighing.mine_done, len(weighing.mine), len(weighing.others)
        if (done, mine, others) == self._taken:
            return self.listed
        self._taken = (done, mine, others)
        rated = weighing.mine[:mine]
        if done and not self.listed:
            self.listed, self.rated, self.problem = True, rated, weighing.problem
            self.list_errors(errors(rated))
            self.keep_figures()
        elif not self.listed:
            self.list_errors([r for r in rated if r.is_error])
        self.chart.set_points(chart_points(rated + weighing.others[:others], self.games, self.errors))
        return self.listed

    @property
    def others(self) -> list[Rated] | None:
        """The other side's moves, which the chart alone needs, once all are weighed."""
        return self.weighing.others if self.weighing.done else None

    def list_errors(self, found: list[Rated]) -> None:
        """The list's rows, one per error: the focus and the error shown stay with their error
        (a focus left on the first row stays on the first row: the biggest error, once sorted)."""
        if found == self.errors:
            return
        was = self.list_menu.focused
        kept = self.errors[was.index] if isinstance(was, ErrorRow) else was
        had_rows = bool(self.errors)
        if self.shown is not None and self.showing is self.errors:
            self.shown = found.index(self.showing[self.shown])
            self.showing = found
        self.errors = found
        rows = [ErrorRow(self, i) for i in range(len(found))]
        back = next(w for w in self.list_menu.widgets if isinstance(w, ui.Button))
        self.list_menu = ui.Menu(rows + [back, self.chart], self.app.sounds)
        if isinstance(kept, Rated) and was.index > 0:     # a row the player went to
            index = found.index(kept)
            self.list_menu.focus_on(rows[index])
            self.first = min(max(self.first, index - self.room + 1), index)    # in view
        elif kept is self.chart or (kept is back and had_rows):   # else the first row, as it comes
            self.list_menu.focus_on(kept)
        if self.shown is None:
            self.menu = self.list_menu

    def keep_figures(self) -> None:
        """What the person lost, kept for the statistics' progress chart (game/saves/reviews.py):
        a match against the computer only, never a demonstration's."""
        storage = self.app.storage
        if (self.problem is not None or self.both
                or self.options.opponent != "computer" or self.options.autoplay or storage.demo):
            return
        trouble = add_review(storage.dir, review_line(self.rated, self.games, self.options))
        if trouble:
            self.app.notify(_("The review's figures could not be kept for the statistics: "
                              "{problem}.", problem=verbatim(trouble)))

    def wait(self, timeout: float | None = None) -> None:
        """Block until the moves of both sides are weighed, or `timeout` seconds (tests, tools)."""
        self.weighing.wait(timeout)
        self.poll()

    def leave(self) -> None:
        """Gone from the review: the weighing stops at its next turn (what it weighed is kept:
        the scoreboard goes on with it, a review opened again takes it up)."""
        self.weighing.stop()

    def next_frame(self) -> float | None:
        """While the moves are weighed, a look at what came in ten times a second."""
        return WEIGHED_EVERY if not self.weighing.done else None

    def build(self):
        return [ui.Button(N_("Back"), self.back)]

    # -- moving about ---------------------------------------------------------------------------
    def show(self, index: int) -> None:
        """Show one error on the board; Left and Right then step through the errors."""
        if 0 <= index < len(self.errors):
            self.showing, self.shown = self.errors, index
            self.menu = self.shown_menu
            self.app.sounds.play("click", 0.5)

    def show_turn(self, rated: Rated) -> None:
        """Show a turn picked on the chart; Left and Right then step along the chart."""
        self.showing = [p.rated for p in self.chart.points]
        self.shown = self.showing.index(rated)
        self.menu = self.shown_menu
        self.app.sounds.play("click", 0.5)

    def step(self, direction: int) -> None:
        if self.shown is not None and self.showing:
            self.shown = (self.shown + direction) % len(self.showing)

    def to_list(self) -> None:
        if self.shown is not None:
            rated, self.shown = self.showing[self.shown], None
            self.menu = self.list_menu
            if self.showing is self.errors:
                index = self.errors.index(rated)
                self.list_menu.focus_on(self.list_menu.widgets[index])
                self.first = min(max(self.first, index - self.room + 1), index)
            else:
                self.chart.cursor = self.chart.index_of(rated)
                self.list_menu.focus_on(self.chart)

    # -- the chart and the list in step --------------------------------------------------------
    def charted(self) -> Rated | None:
        """The turn under the chart's cursor, or None."""
        if self.chart.cursor is None or not self.chart.points:
            return None
        return self.chart.points[self.chart.cursor].rated

    def in_step(self) -> bool:
        """Whether the chart's cursor follows the list: a row has the focus."""
        return isinstance(self.menu.focused, ErrorRow)

    def chart_moved(self, point) -> None:
        """The chart's cursor moved: the list scrolls to that error, if it is one."""
        if point.rated in self.errors:
            index = self.errors.index(point.rated)
            self.first = min(max(self.first, index - self.room + 1), index)

    def row_focused(self) -> None:
        """A row has the focus: the chart's cursor goes to its turn."""
        if isinstance(self.menu.focused, ErrorRow):
            found = self.chart.index_of(self.errors[self.menu.focused.index])
            if found is not None:
                self.chart.cursor = found

    def back(self) -> None:
        if self.shown is not None:
            self.to_list()
        else:
            super().back()

    def handle_event(self, event) -> None:
        if self.leaving:
            return
        if event.type == pygame.KEYDOWN:
            if self.shown is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step(-1 if event.key == pygame.K_LEFT else +1)
                return
            if self.shown is None and self.errors and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                                   pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll_focus(event.key)
                return
        if event.type == pygame.MOUSEWHEEL and self.shown is None:
            self.first = max(0, min(self.first - event.y, max(0, len(self.errors) - self.room)))
            return
        super().handle_event(event)

    def scroll_focus(self, key) -> None:
        """Up and Down go through every error, the list scrolling along; Page keys jump. Up from
        the first row reaches the chart above the list, Down from the chart the first row."""
        menu = self.list_menu
        last = len(self.errors)                  # the Back button's index; the chart's is last + 1
        jump = {pygame.K_UP: -1, pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.room, pygame.K_PAGEDOWN: self.room}[key]
        if menu.focused is self.chart:
            focus = self.first if jump > 0 else menu.focus
        elif menu.focus == 0 and jump < 0 and self.chart.enabled:
            focus = last + 1
        else:
            focus = menu.focus + jump
            if menu.focus == last and jump < 0:
                focus = min(last - 1, self.first + self.room - 1)
            focus = max(0, min(last, focus))
        if focus != menu.focus:
            menu.focus = focus
            self.app.sounds.play("click", 0.35)
        if focus < last:
            self.first = min(max(self.first, focus - self.room + 1), focus)

    # -- layout ---------------------------------------------------------------------------------
    @property
    def room(self) -> int:
        """How many rows the list shows at once."""
        scale = ui_scale(self.app.size)
        top, bottom = self.list_area(self.app.size, scale)
        return max(1, (bottom - top) // px(ROW, scale))

    def list_area(self, size, scale) -> tuple[int, int]:
        card = self.card(size, scale)
        return card.y + px(56, scale), card.bottom - px(10, scale)

    def chart_rect(self, size, scale) -> pygame.Rect:
        """The chart's place: above the list, as wide as the window allows."""
        w, _h = size
        rect = pygame.Rect(0, 0, min(px(1180, scale), w - px(40, scale)), px(CHART, scale))
        rect.midtop = (w // 2, px(158, scale))
        return rect

    def card(self, size, scale) -> pygame.Rect:
        """The list's card, under the chart."""
        w, h = size
        top = px(158 + CHART + 10, scale)
        card = pygame.Rect(0, 0, min(px(LIST_WIDTH, scale), w - px(80, scale)),
                           h - top - px(138, scale))
        card.midtop = (w // 2, top)
        return card

    def columns(self) -> list[tuple[str, str, int]]:
        """The columns shown: the game's only in a match of several, the side's only when both
        sides are weighed."""
        hidden = set()
        if len(self.games) <= 1:
            hidden.add("game")
        if not self.both:
            hidden.add("side")
        return [c for c in COLUMNS if c[0] not in hidden]

    def column_boxes(self, row: pygame.Rect, scale):
        """(key, box) for each column shown in a row, side by side, stretched to the row."""
        shown = self.columns()
        room = px(sum(width for _key, _words, width in shown), scale)
        stretch = (row.w - px(20, scale)) / room
        left = 0
        for key, _words, width in shown:
            x = row.x + px(10, scale) + round(px(left, scale) * stretch)
            yield key, pygame.Rect(x, row.y, round(px(width, scale) * stretch), row.h)
            left += width

    def draw_side(self, surface, scale, side: Side, box: pygame.Rect, size: float = 23) -> None:
        """A side as the scoreboard names it (White, Black), after a small checker of its colour."""
        d = min(px(26, scale), box.h - px(8, scale))
        sprite = checker(side, d)
        centre = (box.x + px(6, scale) + d // 2, box.centery)
        surface.blit(sprite, sprite.get_rect(center=centre))
        words = pygame.Rect(box.x + d + px(10, scale), box.y, box.w - d - px(10, scale), box.h)
        ui.blit_fitted(surface, _(side.title), size * scale, words, ui.INK, anchor="midleft",
                       margin=px(2, scale))

    def layout(self, size) -> None:
        scale = ui_scale(size)
        if self.shown is not None:
            w, h = size
            y = h - px(70, scale)
            width, gap = px(230, scale), px(20, scale)
            for i, widget in enumerate(self.shown_menu.widgets):
                widget.rect = pygame.Rect(0, 0, width, px(50, scale))
                widget.rect.center = (w // 2 + (i - 1) * (width + gap), y)
            return
        card = self.card(size, scale)
        self.chart.rect, self.chart.scale = self.chart_rect(size, scale), scale
        top, _bottom = self.list_area(size, scale)
        rows = [w for w in self.menu.widgets if isinstance(w, ErrorRow)]
        room = self.room
        self.first = max(0, min(self.first, len(rows) - room))
        for i, row in enumerate(rows):
            row.visible = self.first <= i < self.first + room
            row.rect = pygame.Rect(card.x + px(12, scale), top + (i - self.first) * px(ROW, scale),
                                   card.w - px(24, scale), px(ROW - 4, scale))
        back = self.menu.widgets[len(rows)]
        back.rect = pygame.Rect(0, 0, px(300, scale), px(52, scale))
        back.rect.center = (size[0] // 2, size[1] - px(70, scale))

    def update(self, dt):
        self.poll()
        self.row_focused()
        super().update(dt)

    # -- drawing --------------------------------------------------------------------------------
    def draw_heading(self, surface, scale) -> None:
        w, h = surface.get_size()
        title = _(self.heading)
        y = px(66, scale)
        ui.blit_fitted(surface, title, 56 * scale, pygame.Rect(0, y - px(34, scale), w, px(68, scale)),
                       ui.WALNUT_DEEP, "title", margin=px(40, scale))
        ui.blit_fitted(surface, title, 56 * scale,
                       pygame.Rect(-2, y - px(36, scale), w, px(68, scale)), ui.GOLD_PALE, "title",
                       margin=px(40, scale))
        line = pygame.Rect(0, px(104, scale), w, px(28, scale))
        ui.blit_fitted(surface, self.of_words(), 22 * scale, line, ui.IVORY, margin=px(40, scale))

    def draw(self, surface):
        scale = ui_scale(surface.get_size())
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        self.draw_heading(surface, scale)
        if self.shown is not None:
            self.shown_error.draw_shown(surface, scale)
        else:
            self.draw_list(surface, scale)
        self.menu.draw(surface, scale)

    def draw_list(self, surface, scale) -> None:
        w, h = surface.get_size()
        card = self.card((w, h), scale)
        ui.panel(surface, card, scale)
        line = pygame.Rect(0, px(128, scale), w, px(26, scale))
        ui.blit_fitted(surface, self.summary() if self.listed else self.progress(), 21 * scale, line,
                       ui.GOLD_PALE, margin=px(40, scale))
        if not self.errors:
            box = card.inflate(-px(40, scale), 0)
            words = (_("No errors: well played.") if self.rated else _("Nothing to review.")
                     if self.listed else _("Weighing the moves...") if self.both
                     else _("Weighing your moves..."))
            ui.blit_fitted(surface, words, 30 * scale if self.listed else 28 * scale, box, ui.WALNUT)
            return
        header = pygame.Rect(card.x + px(12, scale), card.y + px(10, scale), card.w - px(24, scale),
                             px(40, scale))
        for key, box in self.column_boxes(header, scale):
            words = _(next(c[1] for c in COLUMNS if c[0] == key))
            ui.blit_fitted(surface, words, 20 * scale, box, ui.WALNUT, "title", margin=px(6, scale))
        pygame.draw.line(surface, ui.IVORY_SHADE, (header.x, header.bottom), (header.right, header.bottom),
                         max(1, px(2, scale)))
        pad = controller.last_used(self.app)      # a controller's buttons, else the keys
        hint = _("A shows the position; B goes back") if pad else _(
            "Enter or a click shows the position; Esc goes back")
        if len(self.errors) > self.room:
            first, last = self.first + 1, min(len(self.errors), self.first + self.room)
            hint = _("Errors {first} to {last} of {count}: the D-pad scrolls; A shows the position",
                     first=first, last=last, count=len(self.errors)) if pad else _(
                "Errors {first} to {last} of {count}: Up and Down scroll; Enter or a click "
                "shows the position", first=first, last=last, count=len(self.errors))
        if self.menu.focused is self.chart:
            hint = (_("The D-pad moves along the chart; A shows the position; B goes back") if pad
                    else _("Left and Right move along the chart; Enter or a click shows the "
                           "position; Down: the list"))
        box = pygame.Rect(card.x, card.bottom + px(6, scale), card.w, px(28, scale))
        ui.blit_fitted(surface, hint, 19 * scale, box, ui.IVORY_SHADE)
