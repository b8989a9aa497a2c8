"""The table's parts (issue 36, item 3): each sees the table as one value, its snapshot, and asks
the scene's intents; a key press goes input -> scene -> flow -> scene. And no part names a game:
what differs between games is asked of the rule set (item 2)."""
import ast
import dataclasses
import re
from pathlib import Path

import pygame
import pytest

from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Session
from game.rules import RULE_SETS, Position, Side, rule_set
from game.rules.turn import Choice
from game.scenes.boards import board_for
from game.scenes.table.controls import HISTORY_KEY, TableInput
from game.scenes.table.snapshot import TableSnapshot
from test_table import start, table_at
from test_table import english, screen  # noqa: F401 (fixtures: English words, the screen)

TABLE = Path(__file__).resolve().parent.parent / "game" / "scenes" / "table"


class Table:
    """A stand-in for the scene: a snapshot, and the intents it is asked, recorded in order."""

    def __init__(self, snapshot: TableSnapshot):
        self.now = snapshot
        self.asked: list[tuple] = []

    def snapshot(self) -> TableSnapshot:
        return self.now

    def __getattr__(self, intent):
        return lambda *args, **kwargs: self.asked.append((intent, *args, *kwargs.values()))


class Host:
    paused = 0

    def clock(self) -> float:
        return 0.0

    def pause(self) -> None:
        self.paused += 1


def snapshot(stage=Stage.CHOOSE, **choice) -> TableSnapshot:
    session = Session.new(MatchOptions(rules="charpentier", length=1, opponent="computer"), seed=3)
    fields = dict(played=(), selected=None, origins=(0,), destinations=(), steps=(), cursor=0, locked=False,
                  complete=False)
    return TableSnapshot(session=session, stage=stage, shown=session.position, choice=Choice(**{**fields, **choice}),
                         hints=None, human_turn=True, dice_wait=False, note="", refused=None, caption=None,
                         playback=None)


def press(table: Table, key, mod=0, host=None) -> list:
    table.asked.clear()
    typed = TableInput(table, board_for("charpentier"), host or Host(), table.now.rules)
    typed.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    return table.asked


def test_the_keys_ask_the_tables_intents_not_the_flow():
    picked = Table(snapshot(selected=0, destinations=(3, 5)))
    assert press(picked, pygame.K_BACKSPACE) == [("drop", None)]          # put back
    assert press(picked, pygame.K_RIGHT) == [("move_cursor", 1)]
    assert press(picked, pygame.K_LEFT) == [("move_cursor", -1)]
    assert press(picked, pygame.K_RETURN) == [("drop", 3)]                # the cursor's point
    assert press(picked, pygame.K_u) == [("take_back",)]
    assert press(picked, pygame.K_h) == [("show_hints",)]
    assert press(picked, HISTORY_KEY) == [("toggle_history",)]
    whole = Table(snapshot(played=(), complete=True))
    assert press(whole, pygame.K_SPACE) == [("end_move",)]
    to_throw = Table(snapshot(stage=Stage.THROW))
    assert press(to_throw, pygame.K_SPACE) == [("throw",)]
    host = Host()
    assert press(to_throw, pygame.K_ESCAPE, host=host) == [] and host.paused == 1


def test_a_typed_point_is_picked_or_said_missing_through_the_table():
    table = Table(snapshot())
    assert press(table, pygame.K_0) == [("pick", 0)]                     # 0: a checker not yet entered
    said = press(table, pygame.K_7)
    assert [intent for intent, *_ in said] == ["say"] and "7" in str(said[0][1])


def test_the_snapshot_is_a_value():
    now = snapshot()
    with pytest.raises(dataclasses.FrozenInstanceError):
        now.stage = Stage.OVER
    assert now.to_move is now.session.to_move and not now.lettered


def test_a_live_table_shows_its_parts_the_snapshot_of_now(screen):
    app = start(screen)
    scene = table_at(app, screen, Position((0, 0, 3), (0, 0, 0), Side.WHITE), (2, 1))
    now = scene.snapshot()
    assert (now.stage, now.shown, now.choice, now.note) == (scene.stage, scene.shown, scene.choice, scene.note)
    assert now.stage is Stage.CHOOSE and now.choice.origins and now.history_open is False
    scene.pick(now.choice.origins[-1])
    assert scene.snapshot().choice.selected == now.choice.origins[-1] and now.choice.selected is None
    scene.toggle_history()
    assert scene.snapshot().history_open and scene.cards.history_open


def uses(path: Path) -> set[str]:
    """The attribute names a module reads of `scene` and of anything's `flow`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    flows = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in ("flow", "react")}
    return ({"scene"} & names) | flows


@pytest.mark.parametrize("part", ["controls.py", "draw.py", "cards.py", "keys.py", "said.py", "flights.py"])
def test_no_part_reaches_the_scene_or_the_flow(part):
    assert uses(TABLE / part) == set()


def test_no_module_of_the_table_names_a_game():
    games = {name.split("-")[0] for name in RULE_SETS} | {str(rule_set(name).title) for name in RULE_SETS}
    games |= {"Tourne Case", "Garanguet", "Bell", "Charpentier"}
    pattern = re.compile(r"\b(" + "|".join(re.escape(g) for g in games if g) + r")\b", re.IGNORECASE)
    named = {path.name: pattern.findall(path.read_text(encoding="utf-8")) for path in TABLE.glob("*.py")}
    assert {name: found for name, found in named.items() if found} == {}
