#!/bin/sh
# Tourne Case for macOS: double-click to play (Terminal opens and shows the first set-up).
exec "$(dirname "$0")/tourne-case.sh" "$@"
