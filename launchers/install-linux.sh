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
# In the player's language from the game's catalogues, through the gettext command if there is
# one (no Python runs here); English without it.
say() {
    case "${LANGUAGE:-${LC_ALL:-${LC_MESSAGES:-$LANG}}}" in
        fr*|French*)
            if command -v gettext >/dev/null 2>&1; then
                LANGUAGE=fr LC_ALL=C.UTF-8 TEXTDOMAINDIR="$(dirname "$here")/game/locale" \
                    TEXTDOMAIN=tournecase gettext "$1" 2>/dev/null && return
            fi ;;
    esac
    printf '%s' "$1"
}
told="$(say "Tourne Case is in your applications menu ({path}).")"
echo "${told%%"{path}"*}$apps/tourne-case.desktop${told#*"{path}"}"
