"""Scenes need only the `Host` protocol (game/scenes/host.py), never the App itself (issue 10).

Read from the source with `ast`: every `app.<name>`, `self.app.<name>` or `host.<name>` in
game/scenes must be a member of `Host`, no scene module imports game.app, and App provides
every member of `Host`.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENES = ROOT / "game" / "scenes"
HOST_NAMES = ("app", "host")         # how a scene names its host


def class_node(path: Path, name: str) -> ast.ClassDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name)


def host_members() -> set[str]:
    """The attributes and methods the Host protocol declares."""
    members = set()
    for node in class_node(SCENES / "host.py", "Host").body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            members.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            members.add(node.name)
    return members


def is_host(node: ast.expr) -> bool:
    """`app`, `host`, or `<anything>.app` (self.app, scene.app)."""
    return (isinstance(node, ast.Name) and node.id in HOST_NAMES) or \
        (isinstance(node, ast.Attribute) and node.attr in HOST_NAMES)


def host_uses(path: Path) -> dict[str, int]:
    """Each name a module reads from its host, with the first line it is used on."""
    used = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and is_host(node.value):
            used.setdefault(node.attr, node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
              and node.func.id in ("getattr", "hasattr", "setattr") and is_host(node.args[0])):
            used.setdefault(f"{node.func.id}(...)", node.lineno)     # a name the check cannot read
    return used


def scene_modules() -> list[Path]:
    return sorted(p for p in SCENES.rglob("*.py") if p.name != "host.py")


def test_the_host_protocol_is_read_and_holds_the_basics():
    """The check below would pass vacuously if the protocol could not be read."""
    assert {"scenes", "settings", "sounds", "keeper", "clock", "show_match"} <= host_members()


def test_every_scene_uses_only_what_the_host_protocol_declares():
    members = host_members()
    outside = [f"{path.name}:{line} uses {name}" for path in scene_modules()
               for name, line in host_uses(path).items() if name not in members]
    assert not outside, "not in Host (game/scenes/host.py): " + "; ".join(outside)


def test_the_check_sees_a_scene_reaching_past_the_host(tmp_path):
    scene = tmp_path / "scene.py"
    scene.write_text("class S:\n    def go(self):\n        app = self.app\n"
                     "        app.scenes.pop()\n        self.app.new_match({})\n"
                     "        self.app.secret_window.flip()\n        getattr(app, 'x')\n")
    assert set(host_uses(scene)) == {"scenes", "new_match", "secret_window", "getattr(...)"}
    assert "secret_window" not in host_members()


def test_no_scene_module_imports_the_app():
    from test_import_cycles import imports, modules     # every import, read from the source
    known = modules()
    offenders = sorted(name for name, path in known.items()
                       if name.startswith("game.scenes.") and "game.app" in imports(name, path, known))
    assert not offenders, f"scene modules importing game.app: {offenders}"


def app_members() -> set[str]:
    """What App defines: its methods and properties, and every `self.<name> = ...`."""
    members = set()
    for node in ast.walk(class_node(ROOT / "game" / "app.py", "App")):
        if isinstance(node, ast.FunctionDef):
            members.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            targets = [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
            members |= {t.attr for t in targets if isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name) and t.value.id == "self"}
    return members


def test_the_app_provides_every_member_of_the_host_protocol():
    missing = host_members() - app_members()
    assert not missing, f"App lacks {sorted(missing)}"
