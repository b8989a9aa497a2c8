#!/usr/bin/env python3
"""Tourne Case: double-click this file (or a launcher in launchers/) to play.

The first start sets up the game's packages once, in a private environment beside the game,
then every start goes to the game (game/commands/first_start.py, standard library only; the
command line itself is game/commands/cli.py).
"""
import sys

from game.commands import first_start

if __name__ == "__main__":
    sys.exit(first_start.main())
