"""Imports go one way - the floors of pyproject.toml's import-linter contracts - and never in a circle.

Read from the source with `ast` (every import, at the top or inside a function), so a cycle hidden
in a late import is caught as well as one at the top of a module.
"""
import ast
from pathlib import Path

from importlinter import cli

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


def lint(config: Path) -> int:
    """import-linter's verdict on a config: 0 when every contract is kept, 1 when one breaks."""
    return cli.lint_imports(config_filename=str(config), no_cache=True, no_logo=True)


def test_the_floor_plan_in_pyproject_is_kept(monkeypatch):
    """The layers and the forbidden imports of pyproject.toml's [tool.importlinter]: the floors of
    game/ import only down; nothing below the view loads pygame; only the dice and the view load
    pymunk; the rules need no numpy."""
    monkeypatch.chdir(ROOT)
    assert lint(ROOT / "pyproject.toml") == 0


def test_a_broken_floor_plan_is_caught(tmp_path, monkeypatch):
    """The checker can fail: the rules do import the base, so a contract against it breaks."""
    config = tmp_path / "broken.toml"
    config.write_text('[tool.importlinter]\nroot_package = "game"\n\n'
                      '[[tool.importlinter.contracts]]\nname = "rules stand alone"\n'
                      'type = "forbidden"\nsource_modules = ["game.rules"]\n'
                      'forbidden_modules = ["game.base"]\n', encoding="utf-8")
    monkeypatch.chdir(ROOT)
    assert lint(config) == 1
