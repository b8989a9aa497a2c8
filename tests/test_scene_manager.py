"""The scene stack, tested with fake scenes and no window."""
from game.scenes.base import Scene, SceneManager


class Fake(Scene):
    """Writes what happens to it into a shared log."""

    def __init__(self, name, log, transparent=False):
        super().__init__(app=None)
        self.name = name
        self.log = log
        self.transparent = transparent

    def enter(self):
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")

    def handle_event(self, event):
        self.log.append(f"event {self.name} {event}")

    def update(self, dt):
        self.log.append(f"update {self.name} {dt}")

    def draw(self, surface):
        surface.append(self.name)


def names(manager):
    return [scene.name for scene in manager.stack]


def test_changes_wait_for_apply_pending():
    log = []
    m = SceneManager()
    a = Fake("a", log)
    m.push(a)
    assert m.stack == [] and m.top is None
    m.apply_pending()
    assert m.top is a
    m.push(Fake("b", log))
    m.replace(Fake("c", log))
    m.pop()
    m.clear_to(Fake("d", log))
    assert names(m) == ["a"], "nothing changes before apply_pending"
    m.apply_pending()
    assert names(m) == ["d"]


def test_enter_and_leave_follow_the_top():
    log = []
    m = SceneManager()
    a, b, c = Fake("a", log), Fake("b", log), Fake("c", log)
    m.push(a)
    m.apply_pending()
    m.push(b)
    m.apply_pending()
    m.replace(c)
    m.apply_pending()
    m.pop()
    m.apply_pending()
    assert log == ["enter a", "leave a", "enter b", "leave b", "enter c", "leave c", "enter a"]
    assert names(m) == ["a"]


def test_queued_changes_apply_in_order():
    log = []
    m = SceneManager()
    m.push(Fake("a", log))
    m.push(Fake("b", log))
    m.push(Fake("c", log))
    m.pop()
    m.apply_pending()
    assert names(m) == ["a", "b"]
    assert log == ["enter a", "leave a", "enter b", "leave b", "enter c", "leave c", "enter b"]


def test_clear_to_drops_the_whole_stack():
    log = []
    m = SceneManager()
    for name in "abc":
        m.push(Fake(name, log))
    m.apply_pending()
    log.clear()
    m.clear_to(Fake("title", log))
    m.apply_pending()
    assert names(m) == ["title"]
    assert log == ["leave c", "enter title"]


def test_pop_of_an_empty_stack_is_harmless():
    m = SceneManager()
    m.pop()
    m.apply_pending()
    assert m.top is None
    m.update(0.1)
    m.handle_event("x")
    drawn = []
    m.draw(drawn)
    assert drawn == []


def test_only_the_top_gets_events_and_updates():
    log = []
    m = SceneManager()
    m.push(Fake("a", log))
    m.push(Fake("b", log))
    m.apply_pending()
    log.clear()
    m.handle_event("click")
    m.update(0.5)
    assert log == ["event b click", "update b 0.5"]


def test_transparent_overlays_draw_over_the_scene_beneath():
    log = []
    m = SceneManager()
    m.push(Fake("title", log))
    m.push(Fake("table", log))
    m.push(Fake("pause", log, transparent=True))
    m.push(Fake("confirm", log, transparent=True))
    m.apply_pending()
    drawn = []
    m.draw(drawn)
    assert drawn == ["table", "pause", "confirm"], "from the first opaque scene up, in order"
    m.pop()
    m.pop()
    m.apply_pending()
    drawn = []
    m.draw(drawn)
    assert drawn == ["table"]


def test_a_transparent_scene_alone_still_draws():
    m = SceneManager()
    m.push(Fake("overlay", [], transparent=True))
    m.apply_pending()
    drawn = []
    m.draw(drawn)
    assert drawn == ["overlay"]


def test_reset_starts_again_without_asking_the_old_scenes_to_leave():
    log = []
    m = SceneManager()
    m.push(Fake("a", log))
    m.push(Fake("b", log))
    m.apply_pending()
    m.push(Fake("queued", log))
    log.clear()
    m.reset(Fake("title", log))
    m.apply_pending()
    assert names(m) == ["title"], "queued changes are dropped too"
    assert log == ["enter title"]


def test_a_scene_can_queue_changes_from_its_own_event_handler():
    log = []
    m = SceneManager()

    class Opener(Fake):
        def handle_event(self, event):
            m.push(Fake("menu", log))
            m.pop()       # pops the menu just pushed, once applied in order
            m.push(Fake("settings", log))

    m.push(Opener("title", log))
    m.apply_pending()
    m.handle_event("enter")
    assert names(m) == ["title"]
    m.apply_pending()
    assert names(m) == ["title", "settings"]


def test_the_back_keys_are_escape_and_backspace():
    """base.py names them by SDL's values (it imports no pygame); they must be pygame's keys."""
    import pygame
    from game.scenes.base import BACK_KEYS
    assert BACK_KEYS == (pygame.K_ESCAPE, pygame.K_BACKSPACE)
