"""Issue 30, item 2: the priority throw never stalls on a result screen. Two games in one
process, through a relay on loopback: once the priority dice are thrown, the game whose side
does not play first commits to the friend's first throw by itself - its player presses nothing -
and only the screen of the side that plays first says "press Space to play"."""
from game.scenes.table.priority import PriorityScene
from test_online_screens import frames_until, host_and_join


def test_the_losers_game_commits_to_the_first_throw_without_a_key_pressed(tmp_path, monkeypatch):
    a, b = host_and_join(tmp_path, monkeypatch)
    try:
        scenes = {g: g.scenes.top for g in (a, b)}
        assert all(isinstance(s, PriorityScene) for s in scenes.values())
        for scene in scenes.values():
            scene.throw()
        assert frames_until([a, b], lambda: all(s.stage.value in ("result", "done")
                                                for s in scenes.values()))
        first = a.session.to_move
        winner, loser = (a, b) if a.session.is_person(first) else (b, a)
        assert scenes[winner].stage.value == "result"           # waits for its player's Space
        assert "press Space to play" in scenes[winner].prompt()
        if scenes[loser].stage.value == "result":
            assert "press Space" not in scenes[loser].prompt()
        first_throw = f"{a.session.throw_key[0]}:{a.session.throw_key[1]}"
        assert first_throw.endswith(":0")
        committed = lambda: "theirs_hash" in winner.keeper.online.state["throws"].get(first_throw, {})  # noqa: E731
        assert frames_until([a, b], committed, limit=600)
        assert scenes[winner].stage.value == "result"           # nobody pressed anything there
        assert frames_until([loser], lambda: type(loser.scenes.top).__name__ == "TableScene",
                            limit=600)
    finally:
        for g in (a, b):
            g.leave_online()
