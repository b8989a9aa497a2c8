"""Issue 30, item 4: the ribbons that say what is wrong online (the friend away, the connection
lost) cover no checker, and while they show, the bottom bar says what is awaited, never "Your
friend is thinking...". Two games in one process through a relay on loopback."""
from game.online.events import ConnectionLost, FriendAway
from game.view import widgets as ui
from test_online_screens import DT, frames_until, host_and_join, play_out


def prompt_of(scene) -> str:
    prompt = scene.hud_state().prompt
    return str(prompt) if hasattr(prompt, "said") else prompt


def test_the_ribbons_cover_no_checker_and_the_bottom_bar_waits(tmp_path, monkeypatch):
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        play_out(a, b, done=lambda: all(type(g.scenes.top).__name__ == "TableScene" and
                                        len(g.session.record["turns"]) >= 2 for g in (a, b)))
        # the game whose person is not to play: its bottom bar speaks of the friend
        waiting = next(g for g in (a, b) if not g.scenes.top.human_turn())
        table = waiting.scenes.top
        for event, kind in ((FriendAway("saved"), "friend"), (ConnectionLost(), "connection")):
            table.online.troubles.clear()
            table.online.handlers[type(event)](event)
            waiting.frame(DT)                 # polled (the bar's words), then drawn
            with ui.recording() as (shown, _unsaid):
                waiting.frame(DT)
            words = [w for w, _rect, _box in shown]
            assert kind in table.online.troubles
            ribbon = table.online.ribbon
            assert ribbon is not None
            checkers = table.online.checkers(table.shown)
            assert checkers and ribbon.collidelist(checkers) < 0, (ribbon, checkers)
            assert ribbon.colliderect(table.view.board_rect())
            prompt = prompt_of(table)
            assert "thinking" not in prompt and "Waiting for" in prompt, prompt
            assert not any("Your friend is thinking" in w for w in words), words
        table.online.troubles.clear()
        assert frames_until([waiting], lambda: "Waiting for" not in prompt_of(table), limit=60)
    finally:
        for g in (a, b):
            g.leave_online()
