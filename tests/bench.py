"""The project's benchmarks: `python tests/bench.py --json [--only SECTION]`.

Each section lives in its own file `tests/bench_<section>.py` with a `run() -> dict`
that measures and returns figures. This script asserts nothing; it only prints.
"""
import argparse
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
    return sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))


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
