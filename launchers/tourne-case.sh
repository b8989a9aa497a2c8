#!/bin/sh
# Tourne Case: start main.py with this machine's Python (3.11 or newer).
# Used by tourne-case.desktop (Linux) and TourneCase.command (macOS); also runs from a terminal.
game="$(cd "$(dirname "$0")/.." && pwd)/main.py"
for python in python3 python3.13 python3.12 python3.11 python; do
    if command -v "$python" >/dev/null 2>&1 &&
        "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        exec "$python" "$game" "$@"
    fi
done
# Messages in the player's language (launchers/say.sh).
locale_dir="$(dirname "$game")/game/locale"
. "$(dirname "$0")"/say.sh
message="$(say "Tourne Case needs Python 3.11 or newer: https://www.python.org/downloads/")"
echo "$message" >&2
command -v notify-send >/dev/null 2>&1 && notify-send "Tourne Case" "$message"
exit 1
