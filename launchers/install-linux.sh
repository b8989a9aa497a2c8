#!/bin/sh
# Linux: put Tourne Case in the desktop's application menu. Writes tourne-case.desktop with this
# folder's absolute paths (a desktop file cannot hold relative ones) into
# ~/.local/share/applications. Run once: sh launchers/install-linux.sh
set -e
here="$(cd "$(dirname "$0")" && pwd)"
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
# Inside a quoted Exec argument, " ` $ \ take a backslash, itself doubled in a desktop file.
script="$(printf '%s' "$here/tourne-case.sh" | sed 's/[\\"`$]/\\\\&/g')"
mkdir -p "$apps"
while IFS= read -r line; do
    case "$line" in
        Exec=*) printf 'Exec="%s"\n' "$script" ;;
        Icon=*) printf 'Icon=%s\n' "$(dirname "$here")/assets/icon.png" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/tourne-case.desktop" > "$apps/tourne-case.desktop"
chmod +x "$apps/tourne-case.desktop"
# Messages in the player's language (launchers/say.sh).
locale_dir="$(dirname "$here")/game/locale"
. "$here"/say.sh
told="$(say "Tourne Case is in your applications menu ({path}).")"
echo "${told%%"{path}"*}$apps/tourne-case.desktop${told#*"{path}"}"
