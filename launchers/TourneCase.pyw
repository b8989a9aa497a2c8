"""Tourne Case for Windows without a console window: double-click to play (pythonw runs it).

The first start shows its progress in a small window while it sets up the game's packages."""
import os
import runpy
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.argv[0] = os.path.join(ROOT, "main.py")
runpy.run_path(sys.argv[0], run_name="__main__")
