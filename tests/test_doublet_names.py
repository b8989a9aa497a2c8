"""Issue 32.11: "Bezas!", "Quines!" and the other throws' names appear at the table; the first
time each shows in a match, a few words say what it means (docs/rules.md: C-4, G-5, G-6)."""
from game.play import events as ev
from game.rules import Position, Side
from test_table import start, table_at
from test_table import english, screen  # noqa: F401 (fixtures: English words, the screen)


def notes(scene) -> list[str]:
    return [str(b.text) for b in scene.banners if b.size != "large"]


def test_a_doublets_name_is_explained_the_first_time_in_the_match_only(screen):
    app = start(screen, opponent="human")
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (5, 5))
    assert any(str(b.text) == "Quines!" for b in scene.banners)
    assert notes(scene) == ["Quines: the old name for a double 5 (C-4) - a doublet is played once, as one 5"]
    scene.banners = []
    scene.react([ev.Announced("doublet", 5, "Quines", "C-4")])          # again: named, not explained
    assert notes(scene) == []
    scene.react([ev.Announced("doublet", 1, "Bezas", "C-4")])           # another name: explained
    assert notes(scene) == ["Bezas: the old name for a double 1 (C-4) - a doublet is played once, as one 1"]
    scene = table_at(app, screen, Position((0, 0, 0), (0, 0, 0), Side.WHITE), (1, 1))   # the next game
    assert notes(scene) == []


def test_garanguets_doublet_played_double_and_triplet_are_explained(screen):
    app = start(screen, rules="garanguet", opponent="human")
    scene = table_at(app, screen, Position.parse("1*15/1*15/W"), (5, 5, 2))
    assert notes(scene) == ["Quines: the old name for a double 5 - over a lower third die, the 5 is played "
                            "four times and the third die once (G-5)"]
    scene = table_at(app, screen, Position.parse("1*15/1*15/W"), (4, 4, 4))
    assert notes(scene) == ["A triplet: three dice alike - the 4 is played six times, by one to six checkers (G-6)"]
