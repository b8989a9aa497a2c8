"""Render the Garanguet board to PNGs to look at it: `python tools/garanguet_preview.py`.

Draws a few positions (the start, a middle game with tall stacks and a six-point block, a
bearing-off race with the tray lit as a destination) at each window size asked for, with the
legal destinations of one checker lit, as the table would show them. Headless: no window opens.
Options: --out DIR (default /tmp), --sizes 960x600,1280x800, and --position TEXT (engine
notation) with --dice 6,5,1 --origin N to draw one position of your own.
"""
import argparse
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.rules import GARANGUET, Position  # noqa: E402
from game.view.board_art import wait_for_boards  # noqa: E402
from game.view.garanguet_board import GaranguetBoardView  # noqa: E402
from game.view.layout import px, ui_scale  # noqa: E402

# name: (position, dice, the origin whose destinations are lit)
SCENES = {
    "start": ("1*15/1*15/B", (6, 5, 3), 1),
    "middle": ("1*2,2*2,3,4,20*9/1*4,7*2,8*2,9,10,11,12,15*3/W", (4, 2, 1), 2),
    "bearoff": ("20*4,21*3,23*2,24*2,off*4/19*2,20*3,22*2,24*3,off*5/B", (6, 5, 1), 19),
}


def board_area(size) -> pygame.Rect:
    """The area the table scene gives the board: between its top and bottom bars."""
    w, h = size
    s = ui_scale(size)
    top, bottom = px(62, s), px(70, s)
    return pygame.Rect(0, top, w, h - top - bottom).inflate(-px(16, s), -px(10, s))


def render(text: str, dice, origin, size) -> pygame.Surface:
    position = Position.parse(text)
    view = GaranguetBoardView()
    surface = pygame.Surface(size)
    surface.fill((24, 14, 8))
    view.fit(board_area(size))
    view.draw_board(surface)
    wait_for_boards()                   # a 4K board is sharpened after a quick preview
    view.draw_board(surface)
    side = position.to_move
    for step in GARANGUET.next_steps(position, dice):
        if step.origin == origin:
            view.point_glow(surface, side, step.destination, alpha=90)
            view.disc(surface, *view.landing_centre(position, side, step.destination), (255, 214, 102), 110)
    view.draw_position(surface, position)
    return surface


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp")
    parser.add_argument("--sizes", default="960x600,1280x800")
    parser.add_argument("--position", help="a position in engine notation, e.g. '1*15/1*15/B'")
    parser.add_argument("--dice", default="6,5,3", help="the throw whose destinations are lit")
    parser.add_argument("--origin", type=int, default=0, help="the location whose destinations are lit")
    args = parser.parse_args(argv)
    scenes = SCENES
    try:
        sizes = [tuple(int(v) for v in text.lower().split("x")) for text in args.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes {args.sizes!r}: write sizes as 960x600,1280x800")
    if any(len(size) != 2 or min(size) < 64 for size in sizes):
        parser.error(f"--sizes {args.sizes!r}: each size is WIDTHxHEIGHT, at least 64x64")
    if args.position:
        try:
            Position.parse(args.position)
            dice = tuple(int(v) for v in args.dice.split(","))
            GARANGUET.check_dice(dice)
        except ValueError as error:
            parser.error(str(error))
        scenes = {"position": (args.position, dice, args.origin)}
    pygame.display.init()
    pygame.font.init()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        for name, (text, dice, origin) in scenes.items():
            path = out / f"garanguet_{name}_{size[0]}x{size[1]}.png"
            pygame.image.save(render(text, dice, origin, size), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
