"""What the menus say of each game and offer of its rule sets: the game's name, a line about it,
where each side starts, its tutorial; which rule sets are presets and which an option of one.
Each game's own words are in its module (game/scenes/tourne_case.py, game/scenes/garanguet.py);
`GAMES` below is the registry that finds them by the game (RuleSet.game), and PRESET_NOTES and
OPTIONS gather its presets' notes and options. Everything else about a rule set is the
registry's (game.rules.RULE_SETS): the new-match form, the rules screen and the title read both,
so a new rule set of a game shown here needs nothing more than its registry entry, its board and
its rules page.

Words are English messages marked with N_, translated where they are drawn.
"""
from game.base.i18n import _, verbatim
from game.computer.player import levels_for
from game.play.session import Session
from game.rules import RULE_SETS, RuleSet, rule_set
from game.scenes import garanguet, tourne_case
from game.scenes.boards import playable_rules
from game.scenes.game_entry import Game


def entry(rules) -> RuleSet:
    """The registry's entry for a rule set given by its engine (game.rules.CHARPENTIER, ...),
    its entry or its name."""
    if isinstance(rules, RuleSet):
        return rules
    return rule_set(getattr(rules, "name", rules))


#: Each game's entry in the menus, by the game. Another game adds its own (`GAMES[key] = ...`).
GAMES = {game.key: game for game in (tourne_case.GAME, garanguet.GAME)}

#: One line on each preset, where the form offers a choice of rule sets for a game.
PRESET_NOTES = {**tourne_case.PRESET_NOTES}

#: The options, by the preset they change; Charpentier's compulsory re-entry is the one there
#: is (the settings remember it as "reentry").
OPTIONS = {**tourne_case.OPTIONS}
REENTRY = tourne_case.REENTRY


def short_title(rules_name: str) -> str:
    """A rule set's name where room is short: an option's short name, else its title (the
    English message, translated where it is drawn)."""
    option = next((o for o in OPTIONS.values() if o.rules == rules_name), None)
    return option.short if option is not None else rule_set(rules_name).title


def game_of(rules_name: str) -> Game:
    """The game a rule set belongs to."""
    return GAMES[rule_set(rules_name).game]


def offered() -> list[Game]:
    """The games a new match offers: those with a rule set the board can show, in the
    registry's order."""
    keys = dict.fromkeys(rule_set(name).game for name in playable_rules())
    return [GAMES[key] for key in keys if key in GAMES]


def preset_of(rules_name: str) -> str:
    """The preset a rule set is, or is an option of ("charpentier-reentry" -> "charpentier")."""
    return next((o.preset for o in OPTIONS.values() if o.rules == rules_name), rules_name)


def presets(game: Game) -> list[str]:
    """A game's presets, in the registry's order: its rule sets that are not an option."""
    options = {o.rules for o in OPTIONS.values()}
    return [name for name in playable_rules()
            if RULE_SETS[name].game == game.key and name not in options]


def with_option(preset: str, chosen: bool) -> str:
    """The rule set a preset gives, with its option chosen or not."""
    option = OPTIONS.get(preset)
    return option.rules if option is not None and chosen else preset


def resumable_session(data) -> Session:
    """A saved match this game can resume: sound, played on a board it draws, by a known level.

    Storage keeps aside (never deletes) a save that fails here, so "Continue" is only offered
    for a match that will really continue.
    """
    session = Session.from_dict(data)
    if session.options.rules not in playable_rules():
        raise ValueError(_("the saved match's rules, {rules}, cannot be played on the board yet",
                           rules=_(rule_set(session.options.rules).title)))
    if session.options.level not in ("", *dict(levels_for(session.options.rules))):
        raise ValueError(_("the saved match names an unknown computer level, {level}",
                           level=verbatim(repr(session.options.level))))
    return session


def default_level(rules: str) -> str:
    """The level offered to a new player: the middle of the game's range."""
    levels = levels_for(rules)
    return levels[len(levels) // 2][0]


def level_of(rules: str, level: str) -> str:
    """The remembered level if this game's computer has it, else the game's default."""
    return level if level in dict(levels_for(rules)) else default_level(rules)
