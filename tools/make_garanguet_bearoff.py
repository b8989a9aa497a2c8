"""Build the exact Garanguet bear-off table and write game/computer/data/garanguet_bearoff.npz.

    python tools/make_garanguet_bearoff.py

Every spread of up to 15 checkers over a side's last six points, solved for the fewest turns
on average (G-5..G-9); see game/computer/garanguet_bearoff.py. Takes a few seconds.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.computer import garanguet_bearoff as gb  # noqa: E402


def main():
    table = gb.build()
    gb.save(table)
    size = gb.DATA.stat().st_size
    print(f"{len(table.keys)} spreads solved in {table.build_seconds:.1f} s; "
          f"wrote {gb.DATA} ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
