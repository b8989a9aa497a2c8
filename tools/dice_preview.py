"""Render a simulated throw to PNG frames to look at the dice: `python tools/dice_preview.py`.

Writes a contact sheet of frames (the whole board at each moment) and a close-up of dice at rest
showing every face. Options: --seed, --values 6,1, --thrower W|B, --out DIR, --scale.
"""
import argparse
import os
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.geometry import tablier as g  # noqa: E402
from game.dice import DIE_SIZE  # noqa: E402
from game.dice import toss  # noqa: E402
from game.dice.faces import LABELLINGS, q_axis_angle, q_matrix, q_mul  # noqa: E402
from game.dice.physics import DieState  # noqa: E402
from game.rules import Side  # noqa: E402
from game.view.dice_sprite import draw_dice  # noqa: E402


def board_surface(scale):
    try:
        from game.view.board_art import render_board
        return render_board(round(g.BOARD_W * scale), round(g.BOARD_H * scale)).copy()
    except Exception:       # the board art is someone else's: a plain stand-in will do here
        surface = pygame.Surface((round(g.BOARD_W * scale), round(g.BOARD_H * scale)))
        surface.fill((90, 50, 25))
        for half in g.FIELD_HALVES:
            surface.fill((200, 170, 110), pygame.Rect(half.x * scale, half.y * scale, half.w * scale, half.h * scale))
        return surface


def draw_checkers(surface, checkers, scale):
    for x, y in checkers:
        pygame.draw.circle(surface, (30, 25, 20), (x * scale, y * scale), g.CHECKER_R * scale)
        pygame.draw.circle(surface, (80, 70, 60), (x * scale, y * scale), g.CHECKER_R * scale, 2)


def contact_sheet(attempts, checkers, scale, columns=4, every=0.15):
    frames = []
    for attempt in attempts:
        t = 0.0
        while True:
            frames.append((attempt, min(t, attempt.duration)))
            if t >= attempt.duration:
                break
            t += every
    board = board_surface(scale)
    w, h = board.get_size()
    rows = (len(frames) + columns - 1) // columns
    sheet = pygame.Surface((w * columns, h * rows))
    font = pygame.font.Font(None, max(14, int(28 * scale)))
    for i, (attempt, t) in enumerate(frames):
        frame = board.copy()
        draw_checkers(frame, checkers, scale)
        draw_dice(frame, attempt.states(t), lambda x, y: (x * scale, y * scale), scale)
        label = f"t={t:.2f}s" + ("" if t < attempt.duration else f"  {attempt.cause or 'valid'} {attempt.values}")
        frame.blit(font.render(label, True, (255, 255, 255)), (6, 4))
        sheet.blit(frame, ((i % columns) * w, (i // columns) * h))
    return sheet


def close_up(scale=4.0):
    """Every painting of the die, flat at rest, then a few tumbling and lifted poses."""
    step = DIE_SIZE * 2
    surface = pygame.Surface((int(step * 8 * scale), int(step * 5 * scale)))
    surface.fill((200, 170, 110))
    states = []
    for i, faces in enumerate(LABELLINGS):
        x, y = (i % 8 + 0.5) * step, (i // 8 + 0.5) * step
        q = q_axis_angle(0, 0, 1, 0.3 * i)
        states.append(DieState(x, y, 0.0, 0.3 * i, q_matrix(q), faces, faces[4], True))
    for i in range(8):
        x, y = (i + 0.5) * step, 3.6 * step
        q = q_mul(q_axis_angle(0.6, 0.8, 0, 0.5 + 0.3 * i), q_axis_angle(0, 0, 1, 0.4 * i))
        states.append(DieState(x, y, 8.0 * i, 0.0, q_matrix(q), LABELLINGS[0], 0, False))
    draw_dice(surface, states, lambda x, y: (x * scale, y * scale), scale)
    return surface


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--values", default="6,1")
    parser.add_argument("--thrower", default="B", choices=("W", "B"))
    parser.add_argument("--scale", type=float, default=0.6)
    parser.add_argument("--out", default=str(ROOT / "build" / "dice_preview"))
    args = parser.parse_args(argv)
    pygame.init()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    checkers = [g.checker_centre(side, p) for side in Side for p in (2, 6, 9)] + \
               [g.checker_centre(Side.WHITE, 12, i) for i in range(3)]
    values = tuple(int(v) for v in args.values.split(","))
    attempts = toss(values, random.Random(args.seed), checkers, thrower=Side(args.thrower))
    pygame.image.save(contact_sheet(attempts, checkers, args.scale), str(out / f"throw_{args.seed}.png"))
    pygame.image.save(close_up(), str(out / "faces.png"))
    print(f"{len(attempts)} attempt(s): {[a.cause or 'valid' for a in attempts]}; frames in {out}")


if __name__ == "__main__":
    main()
