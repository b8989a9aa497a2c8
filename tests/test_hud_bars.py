"""The table's two bars (game/view/table_hud.py) are kept as a picture and each redrawn only
when what it says changes: a button under the pointer, the prompt or the dice redraw the bottom
bar alone (they change most), a score or the side to move the top one alone; either way the
frame is the one a fresh drawing of both makes."""
import dataclasses

import numpy as np
import pygame

from game.base.i18n import verbatim
from game.rules import Side
from game.view.table_hud import TABLE_BUTTONS, HudState, TableHud

SIZE = (960, 600)


def state(**changes) -> HudState:
    start = HudState(names={Side.WHITE: verbatim("You"), Side.BLACK: verbatim("Computer")},
                     scores={Side.WHITE: 0, Side.BLACK: 1}, length=3,
                     title=verbatim("Charpentier 1699"), to_move=Side.WHITE,
                     prompt=verbatim("Drag a checker"), dice=(5, 3), marks=("", "played"),
                     enabled={"throw", "menu"})
    return dataclasses.replace(start, **changes)


def frame(hud: TableHud, shown: HudState) -> np.ndarray:
    surface = pygame.Surface(SIZE)
    hud.layout(SIZE)
    hud.draw(surface, shown)
    return pygame.surfarray.array3d(surface)


def test_each_bar_is_redrawn_alone_and_the_frame_is_a_fresh_drawing():
    hud = TableHud(TABLE_BUTTONS)
    drawn = []
    for bar in ("_draw_top", "_draw_bottom"):
        real = getattr(hud, bar)
        setattr(hud, bar, lambda surface, s, real=real, bar=bar: drawn.append(bar) or real(surface, s))
    frame(hud, state())
    assert drawn == ["_draw_top", "_draw_bottom"]
    for changed, bar in ((dict(hover="menu"), "_draw_bottom"), (dict(prompt=verbatim("Throw")), "_draw_bottom"),
                         (dict(scores={Side.WHITE: 2, Side.BLACK: 1}), "_draw_top"),
                         (dict(to_move=Side.BLACK), "_draw_top")):
        drawn.clear()
        kept = frame(hud, state(**changed))
        assert drawn == [bar], changed
        assert np.array_equal(kept, frame(TableHud(TABLE_BUTTONS), state(**changed))), changed
        frame(hud, state())                         # back, for the next change
    drawn.clear()
    frame(hud, state())
    assert drawn == []                              # nothing changed: nothing redrawn
