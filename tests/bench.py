"""The project's benchmarks: `python tests/bench.py --json [--only SECTION]`.

Each section lives in its own file `tests/bench_<section>.py` with a `run() -> dict`
that measures and returns figures. This script asserts nothing; it only prints.
"""
import argparse
import ast
import importlib
import json
import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def sections():
    """The bench files with a `run()` that needs no argument; the others (the idle screens, the
    review's opening against an old tree, the relay under load, the start-up, the suite's
    longest tests) take their own command line and are run on their own."""
    return sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py") if _runs_alone(p))


def _runs_alone(path: pathlib.Path) -> bool:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == "run":
            args = node.args
            return len(args.defaults) == len(args.args) and not args.posonlyargs and \
                all(default is not None for default in args.kw_defaults)
    return False


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", choices=sections(), help="run one section")
    args = parser.parse_args(argv)
    names = [args.only] if args.only else sections()
    figures = {name: importlib.import_module(f"bench_{name}").run() for name in names}
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, section in figures.items():
            print(f"[{name}]")
            for key, value in section.items():
                print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
