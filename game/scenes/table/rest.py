"""When the table can rest (Scene.next_frame, game/scenes/base.py): only while it waits for a
throw with nothing moving - no dice rolling or shaken under the mouse, no checker flying, no
ripple, no banner, the prompt's pulse calmed. It then needs a frame only when one of its timers
is due (a notice's end, the computer's throw, a move that ends by itself; against a friend
elsewhere, the waiting die's next face - the friend's news wakes the loop by itself). Every
other stage (a turn being composed, whose lit points pulse) is drawn at every frame. A scene
built on the table that draws or updates more of its own (the tutorial) and does not say when
it rests is watched by the loop instead (None)."""
from game.play.stage import Stage
from game.scenes.base import STILL


def table_rest(table) -> float | None:
    """Seconds until the table looks different by itself; 0 while anything moves."""
    if any(_defined_by(type(table), name) is not _defined_by(type(table), "next_frame")
           for name in ("draw", "update")):
        return None
    if (table.stage not in (Stage.THROW, Stage.OVER)
            or (table.playback is not None and not table.playback.settled)
            or table.flights or table.ripples or table.banners
            or table.input.hand().fling_at is not None or not table.hud.calm(table.clock)):
        return 0.0
    caption = table.caption["left"] if table.caption is not None else None
    due = [table._timer[0] if table._timer is not None else None,
           table._note_left if table.note else None,
           table._refused_left if table.refused is not None else None,
           caption, table._ending, table.online.next_frame(table.clock, table.dice_wait)]
    return min([max(0.0, left) for left in due if left is not None], default=STILL)


def _defined_by(cls, name: str) -> type:
    return next(c for c in cls.__mro__ if name in vars(c))
