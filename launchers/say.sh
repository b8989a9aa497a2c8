# Sourced by the shell launchers. say MESSAGE prints MESSAGE in the player's language from the
# game's catalogues in $locale_dir, through the gettext command if there is one (no Python runs
# here); in English without it.
say() {
    case "${LANGUAGE:-${LC_ALL:-${LC_MESSAGES:-$LANG}}}" in
        fr*|French*)
            if command -v gettext >/dev/null 2>&1; then
                LANGUAGE=fr LC_ALL=C.UTF-8 TEXTDOMAINDIR="$locale_dir" \
                    TEXTDOMAIN=tournecase gettext "$1" 2>/dev/null && return
            fi ;;
    esac
    printf '%s' "$1"
}
