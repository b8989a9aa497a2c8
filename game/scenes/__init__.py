"""The screens, grouped by what the player is doing: `menus/` (title, new match, settings),
`table/` (the priority throw, the game, the scoreboard, the table that plays itself), `online/`
(hosting, joining, playing and watching a friend's match), `learn/` (tutorials, rules, review).
Here: what several share (`base.py` the scene stack, `host.py` what a scene may ask of the app,
`paced.py` the pace of a game shown) and the registries keyed by game (`boards.py`, `games.py`,
`rules_pages.py`) with each game's own entries (`tourne_case.py`, `garanguet.py`).
Imports view, online, play and below; never app or commands (a scene reaches the app through Host)."""
