"""The settings, a menu screen the title and the pause menu open (the statistics are stats.py's).

What every menu is made of (MenuScene, OverlayScene) lives in base.py, the title and new-match
screens in title.py and new_match.py, the boxes over a scene (pause, notice, confirm, a saved
match) in overlays.py. Every word is an English message marked with N_ and translated where it
is drawn (game/base/i18n.py): a change of language in the settings shows at the next frame, on
this screen and under it. The settings' labels, choices and notes are their declarations'
(game/saves/settings.py).
"""
import pygame

from game.base import i18n
from game.base.i18n import N_
from game.online.names import MAX_NAME, name_refusal
from game.saves.settings import (ANIMATION_SPEED, END_MOVE_AFTER, FULLSCREEN, LANGUAGE, MUTED,
                                 PLAYER_NAME, TOUCH_MOVE, VOLUME)
from game.scenes.base import STILL
from game.scenes.menus.base import MenuScene
from game.view import controller, widgets as ui
from game.view.layout import px, ui_scale
from game.view.text_field import TextField

#: The settings this screen shows, each with its note (its rows are in build, in this order).
SHOWN = (VOLUME, MUTED, ANIMATION_SPEED, TOUCH_MOVE, END_MOVE_AFTER, FULLSCREEN, LANGUAGE,
         PLAYER_NAME)


class SettingsScene(MenuScene):
    """Volume (or that no sound device was found), mute, animation speed, touch-move (C-5), when
    a move ends by itself, fullscreen, language: saved on every change, and a new language
    speaks at the next frame. The footnote says what the focused setting does."""

    heading = N_("Settings")
    width = 640
    row_height = 46
    gap = 9
    refusal = None          # why the name typed is not saved (names.name_refusal), or None

    def build(self):
        app, s = self.app, self.app.settings

        def saved(setting):
            return lambda value: app.update_settings({setting.key: value})
        self.fullscreen = ui.toggle(FULLSCREEN.label, app.fullscreen, saved(FULLSCREEN))
        self.language = ui.Choice(LANGUAGE.label, LANGUAGE.options(),
                                  s.get("language") or i18n.language(), saved(LANGUAGE))
        # The player's name online: saved as typed once acceptable ("" too: no name).
        self.name = TextField(PLAYER_NAME.label, placeholder=N_("none: White or Black"),
                              limit=MAX_NAME + 4, allowed=str.isprintable, on_change=self.name_typed)
        self.name.type(str(s.get(PLAYER_NAME.key) or ""))
        volume = ui.Slider(VOLUME.label, s["volume"], saved(VOLUME))
        if not sound_device_found(app.sounds):      # the volume would change nothing: say why
            volume.remark, volume.enabled = N_("No sound device was found"), False
        return [
            volume,
            ui.toggle(MUTED.label, s["muted"], saved(MUTED)),
            ui.Choice(ANIMATION_SPEED.label, ANIMATION_SPEED.options(), s["animation_speed"],
                      saved(ANIMATION_SPEED)),
            ui.toggle(TOUCH_MOVE.label, s["touch_move"], saved(TOUCH_MOVE)),
            ui.Choice(END_MOVE_AFTER.label, END_MOVE_AFTER.options(),
                      s.get("end_move_after", END_MOVE_AFTER.default), saved(END_MOVE_AFTER)),
            self.fullscreen,
            self.language,
            self.name,
            ui.Button(N_("Back"), self.back),
        ]

    def name_typed(self, value: str) -> None:
        """Saved at once when acceptable (or erased); else said why, and the saved one kept."""
        self.refusal = name_refusal(value) if value.strip() else None
        if self.refusal is None and self.app.settings.get(PLAYER_NAME.key) != value.strip():
            self.app.update_settings({PLAYER_NAME.key: value.strip()})

    def handle_event(self, event):
        if self.menu.focused is self.name and not self.leaving and self.name.take(event):
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.menu.focused is self.name):
            self.menu.move(+1)
            return
        super().handle_event(event)

    NOTES = {**{setting.label: setting.meaning for setting in SHOWN},
             "Back": N_("Every change is saved at once; Esc goes back too.")}

    def footnote(self) -> str:
        """What the focused setting does (the English message; translated where drawn)."""
        focused = self.menu.focused
        if focused is self.name and self.refusal is not None:
            return self.refusal
        label = getattr(focused, "label", "")
        if label == "Back" and controller.last_used(self.app):
            return N_("Every change is saved at once; B goes back too.")
        return self.NOTES.get(label, "")

    def next_frame(self) -> float:
        """0 while a focus glow or a press eases; the caret's next blink while the name is
        being typed; else nothing changes but by an event (F11 included: an event too)."""
        if self.menu.easing():
            return 0.0
        if self.menu.focused is self.name:
            return self.name.next_blink()
        return STILL

    def update(self, dt):
        # F11 can change the window while this screen is open: show the truth.
        self.fullscreen.index = 1 if self.app.fullscreen else 0
        super().update(dt)

    def draw(self, surface):
        super().draw(surface)
        scale = ui_scale(surface.get_size())
        refused = self.menu.focused is self.name and self.refusal is not None
        self.draw_footnote(surface, self.footnote(), 21, self.menu.widgets[-1].rect.bottom
                           + px(18, scale), px(self.width + 160, scale), 2,
                           (236, 120, 96) if refused else ui.IVORY_SHADE)


def sound_device_found(sounds) -> bool:
    """Whether the sounds found a device to play on (game/view/audio.py says so); True when
    they do not say."""
    try:
        found = getattr(sounds, "device_found", None)
    except Exception:         # the sounds never crash a menu
        return True
    return True if found is None else bool(found)


def __getattr__(name: str):
    """StatsScene's old home: the name still imports from here, when asked for (a start
    needs no statistics)."""
    if name == "StatsScene":
        from game.scenes.menus.stats import StatsScene
        return StatsScene
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
