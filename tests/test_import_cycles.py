"""Imports go one way (rules <- computer/match <- flow <- scenes <- app) and never in a circle.

Read from the source with `ast` (every import, at the top or inside a function), so a cycle hidden
in a late import is caught as well as one at the top of a module.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in GAME.rglob("*.py")}


def imports(name: str, path: Path, known: dict) -> set[str]:
    """The modules (of game/ or outside it) that `name` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m in imports(name, path, known) if m in known and m != name}
            for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_is_read():
    edges = graph()
    assert "game.rules.core" in edges["game.rules"]
    assert "game.play.flow" in edges["game.scenes.table.scene"]
    assert "game.scenes.table.scene" in edges["game.app"]        # a late import inside a method


def test_no_module_of_the_game_imports_itself_in_a_circle():
    assert cycles(graph()) == []


def everything_imported_by(name: str, known: dict) -> set[str]:
    """`name`'s imports, followed through the game's own modules (outside names included)."""
    seen, todo, outside = set(), [name], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for m in imports(current, known[current], known):
            if m in known:
                todo.append(m)
            else:
                outside.add(m)
    return seen | outside


def test_the_rules_the_computer_and_the_flow_import_no_screen():
    known = modules()
    for top in [n for n in known if n.startswith(("game.rules", "game.computer"))] + [
            "game.play.match", "game.play.flow", "game.play.events", "game.rules.refusals", "game.play.priority",
            "game.play.players", "game.play.sides", "game.rules.turn", "game.play.keeper"]:
        reached = everything_imported_by(top, known)
        bad = {m for m in reached if m.split(".")[0] == "pygame"
               or m.startswith(("game.scenes", "game.view", "game.app"))}
        assert not bad, f"{top} reaches {sorted(bad)}"
