"""Each setting declared once: its values, its default, its label and what it means.

The save's checking (`validate_settings`), the Settings screen (game/scenes/menus/settings.py), the
new-match form (game/scenes/menus/new_match.py), the match options (game/play/session.py) and the table
read these declarations; none keeps a list of its own. A label, a choice's label and a meaning
are English messages (N_), translated where they are shown. Nothing here imports pygame.
"""
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.base.i18n import LANGUAGES, N_, Problem, verbatim
from game.rules import MATCH_LENGTHS, RULE_NAMES
from game.saves.files import read, short, unwrap

SETTINGS_FILE = "settings.json"


@dataclass(frozen=True)
class Choice:
    """A value a setting can take: its label on a screen (a message), and what it stands for
    where a program needs more than its name (`means`: seconds, for "end_move_after")."""

    value: object
    label: object = ""
    means: object = None


@dataclass(frozen=True)
class Setting:
    """One setting: its key in settings.json, its default, its label on a screen and what it
    does there (messages; "" where no screen shows it), and its valid values: the `choices`'
    values and `also` (valid, never offered), unless `check` says otherwise (then `in_words`
    says, for a message, what passes it)."""

    key: str
    default: object
    label: str = ""
    meaning: str = ""
    choices: tuple = ()
    also: tuple = ()
    check: Callable | None = None
    in_words: str = ""

    @property
    def values(self) -> tuple:
        return tuple(choice.value for choice in self.choices)

    def options(self) -> list[tuple]:
        """(value, label) pairs, as a screen's row of choices takes them."""
        return [(choice.value, choice.label) for choice in self.choices]

    def is_valid(self, value) -> bool:
        if self.check is not None:
            return self.check(value)
        return _one_of((*self.also, *self.values))(value)

    @property
    def expected(self) -> str:
        """What a valid value looks like, for a message: words, or the values themselves
        ("" written as such)."""
        return self.in_words or " | ".join('""' if value == "" else str(value)
                                           for value in (*self.also, *self.values))

    def means(self, value):
        """What a saved value stands for (`Choice.means`); the default's for any other."""
        for choice in self.choices:
            if choice.value == value:
                return choice.means
        return self.means(self.default) if value != self.default else None


def _is_bool(value):
    return isinstance(value, bool)


def _is_volume(value):
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= 1)


def _is_level(value):
    return isinstance(value, str) and len(value) <= 40


def _is_levels(value):
    return isinstance(value, dict) and len(value) <= 16 and all(
        isinstance(k, str) and len(k) <= 40 and _is_level(v) for k, v in value.items())


def _is_address(value):
    return isinstance(value, str) and len(value) <= 200


def _is_name(value):
    """A name as saved: text that fits the online name's bound (game/online/names.py checks
    its characters where it is typed and again before it is sent)."""
    return isinstance(value, str) and len(value.strip()) <= 20 and value.isprintable()


def _one_of(choices):
    return lambda value: isinstance(value, (str, int)) and not isinstance(value, bool) \
        and value in choices


def _flag(key, default, label="", meaning="") -> Setting:
    return Setting(key, default, label, meaning, check=_is_bool, in_words=N_("true or false"))


def _plain(*values) -> tuple:
    return tuple(Choice(value) for value in values)


# -- on the Settings screen ---------------------------------------------------------------------

VOLUME = Setting("volume", 0.8, N_("Volume"),
                 N_("How loud the dice, the checkers and every other sound are."),
                 check=_is_volume, in_words=N_("a number from 0 to 1"))
MUTED = _flag("muted", False, N_("Mute"),
              N_("Silence every sound; the volume stays as it is for when the sound comes back."))
ANIMATION_SPEED = Setting(
    "animation_speed", "normal", N_("Animations"),
    N_("How fast the dice roll and the checkers travel. Instant shows each move at once, with "
       "no motion on the screen."),
    (Choice("slow", N_("Slow")), Choice("normal", N_("Normal")), Choice("fast", N_("Fast")),
     Choice("instant", N_("Instant (reduced motion)"))))
FULLSCREEN = _flag("fullscreen", False, N_("Fullscreen (F11)"),
                   N_("The whole screen, or a window you can size; F11 switches at any time, in a "
                      "game too."))
#: C-5; on the new-match form too, where the host of an online match chooses it for both sides.
TOUCH_MOVE = _flag("touch_move", False, N_("Touch-move"),
                   N_("Touch-move (“dame touchée, dame jouée”, rules C-5 and G-11): a checker you "
                      "pick up must be played, if it can move."))
#: "": the system's language (game/base/i18n.py), until the player picks one; each language is
#: offered named in itself (never translated).
LANGUAGE = Setting("language", "", N_("Language"),
                   N_("The language of the whole game: it changes at once. On the first start "
                      "the game speaks the system's language."),
                   tuple(Choice(code, verbatim(language.name)) for code, language in LANGUAGES.items()),
                   also=("",))
#: A move complete on the board ends by itself after so many seconds (`means`; None: Space,
#: Enter or a click on the dice ends it).
END_MOVE_AFTER = Setting(
    "end_move_after", "1", N_("End my move"),
    N_("A move complete on the board ends by itself after this pause, or at once with Space, "
       "Enter or a click on the dice; until then U takes it back."),
    (Choice("never", N_("Never"), None), Choice("1", N_("After 1 s"), 1.0),
     Choice("2", N_("After 2 s"), 2.0)))

# -- the options of the last new match, offered again next time ---------------------------------

#: Who plays the other side: the computer, a second person at this screen, or a friend's game
#: on another computer.
OPPONENT = Setting("opponent", "computer", N_("Opponent"), choices=(
    Choice("computer", N_("The computer")), Choice("human", N_("Two players, one screen")),
    Choice("online", N_("A friend on another computer"))))
#: The computer's level by name ("": the app's default level).
LEVEL = Setting("level", "", N_("Level"), check=_is_level, in_words=N_("a level name"))
#: The rule set by its registry name; the registry's first (Charpentier 1699) to begin with.
RULES = Setting("rules", RULE_NAMES[0], N_("Rules"), choices=_plain(*RULE_NAMES))
#: Charpentier's option of compulsory re-entry (its row is labelled by the game's own words).
REENTRY = _flag("reentry", False)
LENGTH = Setting("length", 3, N_("Match to"), choices=_plain(*MATCH_LENGTHS))
HUMAN_SIDE = Setting("human_side", "W", N_("You play"), choices=_plain("W", "B"))
#: Between two people the hints are a match option, the same for both sides (off online).
HINTS = _flag("hints", True, N_("Hints"))
#: The level last chosen for each game, by rule set family name.
LEVELS = Setting("levels", {}, check=_is_levels, in_words=N_("an object of level names"))
#: The relay's address last typed on the Join screen.
JOIN_ADDRESS = Setting("join_address", "", check=_is_address, in_words=N_("a relay address"))

#: The player's name online ("": none; the sides are then White and Black), on the Settings
#: screen; sent to the friend's game and the watchers, kept in the records.
PLAYER_NAME = Setting("player_name", "", N_("Your name online"),
                      N_("Optional: shown to your friend, to those who watch and in your records "
                         "(at most 20 letters, figures, spaces and ordinary punctuation)."),
                      check=_is_name, in_words=N_("a name of at most 20 characters"))
#: Who may join a room this game hosts: friends given the code (False), or anyone on the relay,
#: which lists the room (True).
HOST_OPEN = Setting("host_open", False, N_("Who may join"), choices=(
    Choice(False, N_("Friends with the code")), Choice(True, N_("Anyone on this relay"))),
    check=_is_bool, in_words=N_("true or false"))

#: Every setting, in the order settings.json holds them.
SETTINGS = (VOLUME, MUTED, ANIMATION_SPEED, FULLSCREEN, TOUCH_MOVE, LANGUAGE, OPPONENT, LEVEL,
            RULES, REENTRY, LENGTH, HUMAN_SIDE, HINTS, LEVELS, END_MOVE_AFTER, JOIN_ADDRESS,
            PLAYER_NAME, HOST_OPEN)
BY_KEY = {setting.key: setting for setting in SETTINGS}
DEFAULT_SETTINGS = {setting.key: setting.default for setting in SETTINGS}
#: Per setting: the test a loaded value must pass, and what a valid one looks like (for messages).
SETTING_CHECKS = {setting.key: (setting.is_valid, setting.expected) for setting in SETTINGS}


def validate_settings(raw) -> tuple[dict, list[str]]:
    """Fill in defaults and replace every invalid value by its default; say what was replaced."""
    settings = dict(DEFAULT_SETTINGS)
    problems = []
    for setting in SETTINGS:
        key = setting.key
        if key not in raw:
            continue
        if setting.is_valid(raw[key]):
            settings[key] = raw[key]
        else:
            problems.append(Problem(
                N_("setting {key} was {value}, not {expected}; using {default}"),
                key=repr(key), value=short(raw[key]),
                expected=Problem(setting.in_words) if setting.in_words else setting.expected,
                default=repr(setting.default)))
    return settings, problems


def saved_language(folder) -> str:
    """The language saved in the folder's settings ("" for none), read without writing anything:
    a second start on a folder in use must leave every file as the running game has it."""
    try:
        raw = read(Path(folder) / SETTINGS_FILE)
    except OSError:
        return ""
    settings = unwrap(raw, "settings")[0] if raw is not None else None
    language = (settings or {}).get("language")
    return language if language in LANGUAGES else ""
