# Sourced by the shell launchers. say MESSAGE prints MESSAGE in the player's language from the
# game's catalogues in $locale_dir, through the gettext command if there is one (no Python runs
# here); in English without it. The languages are the catalogues present: a new one needs no
# line here.
say() {
    wanted="${LANGUAGE:-${LC_ALL:-${LC_MESSAGES:-$LANG}}}"
    for catalogue in "$locale_dir"/*/LC_MESSAGES/tournecase.mo; do
        code="${catalogue#"$locale_dir"/}"
        code="${code%%/*}"
        case "$wanted" in
            en*) break ;;                  # the messages are English already
            "$code"*)
                if command -v gettext >/dev/null 2>&1; then
                    LANGUAGE="$code" LC_ALL=C.UTF-8 TEXTDOMAINDIR="$locale_dir" \
                        TEXTDOMAIN=tournecase gettext "$1" 2>/dev/null && return
                fi
                break ;;
        esac
    done
    printf '%s' "$1"
}
