"""What the online screens share (lobby.py's Host and relay screens, join.py, rooms.py, the table's
online part): the relay's address as typed made whole, the room's code as said, the match's
options as rows, the waiting die, "2 watching". No state: functions the screens call.
"""
from __future__ import annotations

from urllib.parse import urlsplit

import pygame

from game.base.i18n import Words, _, n_, verbatim
from game.rules import Side, rule_set
from game.scenes import games
from game.view import widgets as ui
from game.view.layout import px
from game.view.table_hud import draw_die_face

FACE_TIME = 0.5           # seconds each face of the waiting die shows, and each of the dots:
                          # between two steps nothing moves, and the game rests


def relay_url(typed: str) -> str | None:
    """The relay's address as typed - "192.168.1.20", "host:8690", "ws://..." or "wss://..." -
    made whole (the scheme and the usual port added); None if it is not an address."""
    from game.online.protocol import DEFAULT_PORT
    text = typed.strip()
    if not text:
        return None
    if "://" not in text:
        text = "ws://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or any(c.isspace() for c in text):
        return None
    if port is None and parts.scheme == "ws":
        text = f"ws://{parts.netloc}:{DEFAULT_PORT}{parts.path}"
    return text


def code_said(code: str) -> str:
    """A room code as shown and read aloud: "ACD-EF9" (game/online/protocol.py)."""
    from game.online.protocol import shown_code
    return verbatim(shown_code(code))


# --- the options a match is played with, as both screens show them -------------------------------
def option_rows(rules: str, length: int, touch_move: bool, our_side: Side,
                hints: bool | None = None) -> list[tuple[str, str]]:
    """(label, value) rows in the language spoken now: the game, its rules, the length,
    touch-move, the hints (for both, or for neither) and the colour this screen's player plays."""
    game = games.game_of(rules)
    rows = [(_("Game"), _(game.title))]
    if len(games.presets(game)) > 1:
        rows.append((_("Rules"), _(rule_set(rules).title)))
    rows += [(_("Match to"), n_("{count} point", "{count} points", length, count=length)),
             (_("Touch-move"), _("On") if touch_move else _("Off"))]
    if hints is not None:
        rows.append((_("Hints"), _("On") if hints else _("Off")))
    rows.append((_("You play"), _(our_side.title)))
    return rows


def draw_waiting(surface, centre, words: str, time: float, scale: float, width: int = 0,
                 plate: bool = False) -> None:
    """A die that turns up face after face beside the words: something is happening. On the
    board, on a dark plate of its own (`plate`), to read over the points."""
    x, y = centre
    width = width or surface.get_width() - px(160, scale)
    edge = px(40, scale)
    size = ui.fitting_size(words, 28 * scale, width - edge - px(58, scale))
    line = ui.text(words, size, ui.GOLD_PALE)
    die = pygame.Rect(0, 0, edge, edge)
    total = edge + px(18, scale) + line.get_width()
    if plate:
        back = pygame.Rect(0, 0, total + px(40, scale), edge + px(34, scale))
        back.center = (round(x), round(y))
        layer = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*ui.WALNUT_DEEP, 225), layer.get_rect(), border_radius=px(12, scale))
        surface.blit(layer, back)
    die.midleft = (round(x - total / 2), round(y))
    draw_die_face(surface, die, int(time / FACE_TIME) % 6 + 1)
    ui.blit_text(surface, words, size, (die.right + px(18, scale), y), ui.GOLD_PALE, anchor="midleft")


def watching_words(count: int) -> Words | None:
    """ "2 watching" (the room's watchers), or None when nobody watches."""
    if count <= 0:
        return None
    return Words("{n} watching", "{n} watching", count, n=count)


def _plurals() -> None:      # never run: the catalogue's plural message for watching_words
    n_("{n} watching", "{n} watching", 0)


def dots(time: float) -> str:
    return "." * (int(time / FACE_TIME) % 4)
