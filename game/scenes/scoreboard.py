"""After each game: its result and points, the match score and length; at the end the match
winner, with "Rematch" and "Title".

"Next game" asks the session for the next game and hands over to the priority throw (C-1).
"""
import math

import pygame

from game.scenes.host import Host
from game.scenes.menus import MenuScene
from game.view import widgets as ui
from game.view.assets import checker
from game.view.layout import px, ui_scale

AUTOPLAY_WAIT = 0.5     # seconds the scoreboard stays up before autoplay goes on


from game.flow import points_reason
from game.players import side_name, side_title, verb  # noqa: F401  (side_name: one naming for all)
from game.rules import rule_set


class ScoreboardScene(MenuScene):
    row_height = 54
    width = 380

    def __init__(self, app: Host):
        session = app.match.session
        self.session = session
        self.outcome = session.outcome
        self.score = dict(session.match.score)
        self.length = session.match.length
        self.match_over = max(self.score.values()) >= self.length
        super().__init__(app)

    def build(self):
        app = self.app
        if self.match_over:
            return [ui.Button("Rematch", self.rematch), ui.Button("Title", app.to_title)]
        return [ui.Button("Next game", self.next_game), ui.Button("Save and leave", app.to_title)]

    def rematch(self) -> None:
        """The same options again, a new match (and a new seed): its priority throw."""
        if self.app.match.rematch():
            self.app.show_match()

    def next_game(self) -> None:
        """The next game of the match begins with its priority throw (C-1)."""
        if self.app.match.next_game():
            self.app.show_match()

    def enter(self):
        super().enter()
        self.app.match.record_finished_games()
        if self.match_over:
            self.app.match.finish()
        self.app.sounds.play("win", 1.0 if self.match_over else 0.6)

    def back(self):
        self.app.to_title()

    def update(self, dt):
        super().update(dt)
        if self.app.autoplay and self.time >= AUTOPLAY_WAIT and self.time - dt < AUTOPLAY_WAIT:
            self.menu.widgets[0].activate()

    def menu_top(self, size, scale):
        return round(size[1] * 0.72)

    def headline(self) -> tuple[str, str]:
        s = self.session
        if self.match_over:
            leader = max(self.score, key=self.score.get)
            name = side_name(s, leader)
            colour = "" if name == leader.title else f"{leader.title}, "
            return (f"{name} {'win' if name == 'You' else 'wins'} the match!",
                    f"{colour}{self.score[leader]} to {self.score[leader.other]}")
        if self.outcome is None:
            return "Game over", ""
        why = points_reason(rule_set(s.options.rules), s.position, self.outcome)
        return verb(s, self.outcome.winner, "win"), why[0].upper() + why[1:]

    def draw_heading(self, surface, scale):
        w, h = surface.get_size()
        t = min(1.0, self.time / 0.45)
        drop = round((1 - t) ** 3 * px(120, scale))      # the headline falls in and settles
        big, small = self.headline()
        y = h * 0.14 - drop
        ui.blit_text(surface, big, 72 * scale, (w / 2 + px(3, scale), y + px(4, scale)),
                     ui.WALNUT_DEEP, "title")
        ui.blit_text(surface, big, 72 * scale, (w / 2, y), ui.GOLD_PALE, "title")
        if small:
            ui.blit_text(surface, small, 36 * scale, (w / 2, y + px(70, scale)), ui.IVORY)

    def draw_score(self, surface, scale) -> None:
        w, h = surface.get_size()
        card = pygame.Rect(0, 0, px(760, scale), px(240, scale))
        card.midtop = (w // 2, round(h * 0.32))
        ui.panel(surface, card, scale)
        ui.blit_text(surface, f"Match to {self.length} point{'s' if self.length > 1 else ''}",
                     26 * scale, (card.centerx, card.y + px(30, scale)), ui.WALNUT)
        sides = sorted(self.score, key=str, reverse=True)       # White first
        for row, side in enumerate(sides):
            y = card.y + px(92 + row * 80, scale)
            d = px(52, scale)
            sprite = checker(str(side), d)
            surface.blit(sprite, sprite.get_rect(center=(card.x + px(62, scale), y)))
            ui.blit_text(surface, side_title(self.session, side), 32 * scale,
                         (card.x + px(110, scale), y), ui.INK, anchor="midleft")
            self.draw_pips(surface, scale, side, (card.x + px(430, scale), y), card.right - px(130, scale))
            ui.blit_text(surface, str(self.score[side]), 44 * scale, (card.right - px(50, scale), y),
                         ui.RED if self.winner_is(side) else ui.INK, "title")

    def winner_is(self, side) -> bool:
        return self.outcome is not None and self.outcome.winner == side

    def draw_pips(self, surface, scale, side, start, right) -> None:
        """One bead per point of the match length; the points won are filled, the new ones pop."""
        n = self.length
        gap = min(px(30, scale), (right - start[0]) / max(1, n))
        r = max(3, round(min(px(10, scale), gap * 0.4)))
        fresh = self.outcome.points if self.winner_is(side) and self.outcome else 0
        for i in range(n):
            centre = (round(start[0] + i * gap + r), start[1])
            won = i < self.score[side]
            if won and i >= self.score[side] - fresh:
                delay = 0.5 + 0.15 * (i - (self.score[side] - fresh))
                t = max(0.0, min(1.0, (self.time - delay) / 0.3))
                grow = r + round(math.sin(math.pi * t) * r * 0.6)
                won = t > 0
            else:
                grow = r
            pygame.draw.circle(surface, ui.GOLD if won else ui.IVORY_SHADE, centre, grow)
            pygame.draw.circle(surface, ui.WALNUT_DARK, centre, grow, max(1, round(scale * 1.5)))

    def draw(self, surface):
        scale = ui_scale(surface.get_size())
        surface.blit(ui.backdrop(surface.get_size()), (0, 0))
        if self.match_over and self.celebrate():
            self.draw_sparks(surface, scale)
        self.draw_heading(surface, scale)
        self.draw_score(surface, scale)
        self.menu.draw(surface, scale)

    def celebrate(self) -> bool:
        """Fireworks for a person who won, not for the computer."""
        leader = max(self.score, key=self.score.get)
        return not self.session.is_computer(leader)

    def draw_sparks(self, surface, scale) -> None:
        """Gold sparks burst from behind the headline and fall, again every 1.6 seconds."""
        w, h = surface.get_size()
        period = 1.6
        for burst in range(2):          # two bursts overlap, so there is always something moving
            t = (self.time + burst * period / 2) % period
            n = int((self.time + burst * period / 2) // period)
            cx = w * (0.3 + 0.4 * ((n * 7 + burst * 3) % 5) / 4)
            cy = h * 0.13
            for i in range(28):
                angle = i * math.tau / 28 + n * 0.7
                speed = px(260 + 90 * ((i * 5) % 3), scale)
                x = cx + math.cos(angle) * speed * t
                y = cy + math.sin(angle) * speed * t * 0.7 + px(260, scale) * t * t
                r = round(px(7, scale) * (1 - t / period))
                if r > 0:
                    pygame.draw.circle(surface, ui.GOLD_PALE if i % 3 else ui.RED, (round(x), round(y)), r)
