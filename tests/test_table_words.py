"""The table speaks both languages and explains itself (issue 12): a refused move names its rule
by number and in words, the computer's moves are said in words as they are played, the move
history opens with F2 - and every state of both games' tables says everything through the
catalogues and keeps it inside its box at 960x600, in English and in French."""
import time

import pygame
import pytest

import speaking
from game.geometry import tablier as geometry
from game.base import i18n
from game.rules import telling
from game.base.i18n import Words
from game.app import App
from game.play.stage import Stage
from game.play.options import MatchOptions
from game.play.session import Phase, Session
from game.rules import DOUBLET_NAMES, GARANGUET, Move, Position, Side, rule_title
from game.rules.refusals import MoveRefused
from game.scenes.table import cards as table_cards
from game.scenes.table.priority import PLAYS_FIRST
from game.scenes.table.scene import TableScene
from game.scenes.table.controls import HISTORY_KEY
from game.view import table_hud, widgets as ui
from waiting import play_frames

SIZE = (960, 600)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Pondering:
    """A computer that is still thinking: the table stays in THINK."""

    def ready(self):
        return True

    def start(self, position, dice, match):
        pass

    def poll(self):
        return None


def table(tmp_path, rules="charpentier", position=None, dice=None, opponent="computer", thinking=False,
          record=None) -> tuple[App, TableScene]:
    """The real app at 960x600 showing a table: the game at `position` with `dice` thrown (or
    a fresh game, White - the person - to throw)."""
    app = App(seed=7, data_dir=tmp_path, size=SIZE)
    app.update_settings({"animation_speed": "instant", "language": "en"})
    session = Session.new(MatchOptions(rules=rules, length=3, opponent=opponent), seed=7)
    while session.phase is Phase.PRIORITY:
        session.throw_priority()
    if position is not None:
        session.position = Position.parse(position)
        session.phase, session.dice = (Phase.MOVE, tuple(dice)) if dice else (Phase.THROW, None)
        session.record = record or {"first": "W", "turns": []}
    app.keeper.adopt(session)
    scene = TableScene(app)
    if thinking:
        scene.flow.thinkers = {side: Pondering() for side in scene.flow.thinkers}
    app.scenes.clear_to(scene)
    frames(app, 3)
    assert app.scenes.top is scene
    return app, scene


def frames(app, n=1, dt=1 / 30):
    for _ in range(n):
        app.frame(dt)


def run_until(app, done, limit=2000):
    """Frames until `done` (at most `limit`), letting the computer's thread think while the
    table waits for it: frames drawn back to back would keep it from running."""
    for _ in play_frames(limit, lambda: app.scenes.top):
        if done(app.scenes.top):
            return True
        app.frame(1 / 30)
    return done(app.scenes.top)


def drawn_words(app, code) -> list[str]:
    shown, _ = speaking.drawn(app, code, frames=2)
    return [words for words, _, _ in shown]


def play_person(app, scene) -> Move:
    """The person throws and plays their first legal move."""
    assert run_until(app, lambda sc: sc.stage is Stage.THROW and not sc.session.is_computer(sc.session.to_move))
    scene.throw()
    assert run_until(app, lambda sc: sc.stage in (Stage.CHOOSE, Stage.THROW, Stage.OVER))
    if scene.stage is not Stage.CHOOSE:
        return Move(())
    move = scene.session.legal_moves()[0]
    for step in move.steps:
        assert run_until(app, lambda sc: sc.stage is Stage.CHOOSE)
        scene.pick(step.origin)
        scene.drop(step.destination)
    return move


def refuse_tc4(tmp_path, **kwargs):
    """White's checker on 0 may not pass its own on 1 with a 2 (TC-4)."""
    app, scene = table(tmp_path, position="0,1,5/0,0,0/W", dice=(2, 6), **kwargs)
    assert scene.stage is Stage.CHOOSE
    scene.pick(0)
    scene.drop(2)
    assert scene.refused is not None and scene.refused.rule == "TC-4"
    return app, scene


# --- a refused move says why --------------------------------------------------------------
def test_a_refused_move_names_its_rule_by_number_and_in_words_in_both_languages(tmp_path):
    app, scene = refuse_tc4(tmp_path)
    english = drawn_words(app, "en")
    assert "TC-4: No passing your own checkers" in english
    assert any(w.startswith("0-2: ") and "own checker" in w for w in english), english
    french = drawn_words(app, "fr")
    title = i18n.catalogue("fr").gettext(rule_title("TC-4"))
    assert title != rule_title("TC-4")                     # the rule's name has a French name
    assert f"TC-4 : {title}" in french
    assert not any("own checker" in w for w in french)   # the reason too is said in French
    assert any(w.startswith("0-2 : ") for w in french), french
    assert speaking.problems(app) == []


def test_a_refusal_goes_when_the_next_checker_is_picked(tmp_path):
    app, scene = refuse_tc4(tmp_path)
    scene.pick(5)
    assert scene.refused is None


def test_a_refusal_card_covers_no_die(tmp_path):
    app, scene = refuse_tc4(tmp_path)
    frames(app, 2)
    card = scene.cards.rects["refusal"]
    assert card.collidelist(scene.drawing.dice_rects(scene.snapshot())) < 0
    assert scene.view.board_rect().contains(card)


# --- the computer's moves are said ------------------------------------------------------------
def computer_moved(tmp_path, rules="charpentier"):
    app, scene = table(tmp_path, rules=rules)
    play_person(app, scene)
    assert run_until(app, lambda sc: sc.caption is not None)
    return app, scene


@pytest.mark.parametrize("rules", ["charpentier", "garanguet"])
def test_the_computers_move_is_said_in_words_as_it_is_played(tmp_path, rules):
    app, scene = computer_moved(tmp_path, rules)
    side, before, dice, move = scene.caption["side"], scene.caption["before"], scene.caption["dice"], scene.caption["move"]
    assert side is Side.BLACK and move.steps
    for code in ("en", "fr"):
        i18n.set_language(code)
        expected = telling.tell_move(rules, before, dice, move, side, Side.WHITE)
        words = drawn_words(app, code)
        assert " ".join(words).count(expected.split()[0]) and expected.split()[-1] in " ".join(words)
        assert any(w in expected for w in words if len(w) > 12), (expected, words)
    i18n.set_language("en")
    assert "Black " in str(telling.tell_move(rules, before, dice, move, side, Side.WHITE))
    assert scene.cards.rects["caption"].collidelist(scene.drawing.dice_rects(scene.snapshot())) < 0
    assert speaking.problems(app) == []


def test_the_caption_stays_long_enough_to_read_then_goes(tmp_path):
    app, scene = computer_moved(tmp_path)
    assert run_until(app, lambda sc: sc.caption is None or sc.caption["left"] is not None)
    frames(app, 60)                                     # two seconds after the move landed
    assert scene.caption is not None
    frames(app, 150)
    assert scene.caption is None


# --- the history ----------------------------------------------------------------------------------
def press(app, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    app.frame(1 / 60)


@pytest.mark.parametrize("rules", ["charpentier", "garanguet"])
def test_the_history_opens_with_its_key_and_lists_moves_in_notation_and_words(tmp_path, rules):
    app, scene = computer_moved(tmp_path, rules)
    assert run_until(app, lambda sc: sc.stage is Stage.THROW)
    press(app, HISTORY_KEY)
    assert scene.cards.history_open
    entries = scene.cards.entries(scene.session)
    assert len(entries) >= 2 and {e.side for e in entries} == {Side.WHITE, Side.BLACK}
    for code in ("en", "fr"):
        words = " ".join(drawn_words(app, code))
        i18n.set_language(code)
        for entry in entries:
            notation = app.session.rules.say_move(entry.side, entry.move) if entry.move.steps else "-"
            assert notation in words
            first = telling.history(rules, app.session.record, Side.WHITE)[entry.number - 1].words
            assert first.split()[0] in words and first.split()[-1] in words
    i18n.set_language("en")
    assert "Moves so far" in drawn_words(app, "en")
    assert speaking.problems(app) == []
    press(app, HISTORY_KEY)
    assert not scene.cards.history_open


def test_the_history_button_and_escape_close_it_and_keep_the_latest_in_view(tmp_path):
    record = {"first": "W", "turns": [[[1, 3], "0-1"], [[2, 5], "0-2"]] * 1}
    app, scene = table(tmp_path, position="0,0,1/0,0,2/W", record=record)
    scene.hud.layout(SIZE)
    click_at = scene.hud.buttons["history"].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_at, button=1))
    app.frame(1 / 60)
    assert scene.cards.history_open
    words = drawn_words(app, "en")
    assert "2. Black - 5-2: 0-2" in words and "1. White - 3-1: 0-1" in words
    press(app, pygame.K_ESCAPE)
    assert not scene.cards.history_open and app.scenes.top is scene     # Esc closed the panel, not the table


def test_a_long_history_shows_its_latest_moves(tmp_path):
    app, scene = computer_moved(tmp_path)
    for _ in range(6):
        if scene.stage is Stage.OVER:
            break
        play_person(app, scene)
        run_until(app, lambda sc: sc.stage in (Stage.THROW, Stage.OVER) and sc.session.to_move is Side.WHITE)
    scene.cards.history_open = True
    entries = scene.cards.entries(scene.session)
    words = drawn_words(app, "en")
    last = entries[-1]
    assert any(w.startswith(f"{last.number}. ") for w in words)
    assert speaking.problems(app) == []


# --- every state, both languages, at 960x600 ---------------------------------------------------
STATES = {
    "your throw": dict(position="0,0,0/0,0,0/W"),
    "your move": dict(position="0,3,5/0,0,2/W", dice=(4, 6)),
    "your picked checker": dict(position="0,3,5/0,0,2/W", dice=(4, 6), pick=5),
    "computer thinking": dict(position="0,3,5/0,0,2/B", dice=(3, 4), thinking=True),
    "forced pass": dict(position="11,12,12/0,0,0/W", dice=(2, 5)),
    "game won": dict(position="11,12,12/0,0,0/W", dice=(1, 3), play=(11, 12)),
    "hints": dict(position="0,3,5/0,0,2/W", dice=(4, 6), key=pygame.K_h),
    "two people": dict(position="0,3,5/0,0,2/W", dice=(4, 6), opponent="human"),
}
GARANGUET_STATES = {
    "your throw": dict(position="1*15/1*15/W"),
    "your move": dict(position="1*15/1*15/W", dice=(6, 4, 1)),
    "computer thinking": dict(position="1*15/1*15/B", dice=(6, 4, 1), thinking=True),
    "refused": dict(position="1*15/1*15/W", dice=(6, 4, 1), pick=1, drop=4),
    "game won": dict(position="24,off*14/2*15/W", dice=(6, 4, 1), play=(24, 25)),
    "hints": dict(position="1*15/1*15/W", dice=(6, 4, 1), key=pygame.K_h),
}


def bring(tmp_path, rules, state):
    state = dict(state)
    pick, drop, play, key = (state.pop(k, None) for k in ("pick", "drop", "play", "key"))
    app, scene = table(tmp_path, rules=rules, **state)
    if pick is not None:
        scene.pick(pick)
    if drop is not None:
        scene.drop(drop)
    if play is not None:
        scene.pick(play[0])
        scene.drop(play[1])
        assert run_until(app, lambda sc: sc.stage is Stage.OVER, 200)
        frames(app, 1)
    if key is not None:
        press(app, key)
        run_until(app, lambda sc: sc.hints is not None, 600)
    return app, scene


@pytest.mark.parametrize("state", list(STATES))
def test_every_tourne_case_state_speaks_both_languages_inside_its_boxes(tmp_path, state):
    app, scene = bring(tmp_path, "charpentier", STATES[state])
    if state == "forced pass":
        assert scene.stage is Stage.PASS
    if state == "computer thinking":
        assert scene.stage is Stage.THINK
    if state == "your picked checker":
        assert scene.choice.selected == 5 and scene.refused is None
    assert speaking.problems(app) == []
    scene.cards.history_open = True
    assert speaking.problems(app) == []


@pytest.mark.parametrize("state", list(GARANGUET_STATES))
def test_every_garanguet_state_speaks_both_languages_inside_its_boxes(tmp_path, state):
    app, scene = bring(tmp_path, "garanguet", GARANGUET_STATES[state])
    if state == "refused":
        assert scene.refused is not None and scene.refused.rule
    assert speaking.problems(app) == []
    scene.cards.history_open = True
    assert speaking.problems(app) == []


def test_the_language_changes_at_the_next_frame_with_the_table_open(tmp_path):
    app, scene = refuse_tc4(tmp_path)
    french = drawn_words(app, "fr")
    assert "Reprendre" in french and "Take back" not in french
    assert "Historique" in french and "Vous (Blancs)" in french
    english = drawn_words(app, "en")
    assert "Take back" in english and "History" in english and "You (White)" in english


def test_side_names_are_historical_in_french():
    from game.play.sides import side_title, verb
    session = Session.new(MatchOptions(rules="charpentier", opponent="human"), seed=1)
    i18n.set_language("fr")
    assert side_title(session, Side.WHITE) == "Les Blancs"
    assert verb(session, Side.BLACK, "win") == "Les Noirs gagnent"
    computer = Session.new(MatchOptions(rules="charpentier", opponent="computer"), seed=1)
    assert side_title(computer, Side.WHITE) == "Vous (Blancs)"
    assert verb(computer, Side.BLACK, "win") == "L’ordinateur gagne"


def test_flow_events_keep_english_until_shown():
    """A refusal is kept as a message and its fields, so it is said in the language of the frame."""
    event = MoveRefused("TC-3", table_cards.Words("point {point} is already occupied", point=5), "3-5")
    assert event.text == "3-5: point 5 is already occupied (TC-3)"
    i18n.set_language("fr")
    assert table_cards.refusal_reason(event).said().startswith("3-5 : ")
    assert ui.said(table_cards.refusal_words(event).said())


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_cards_and_the_history_fit_bigger_windows_too(tmp_path, size):
    global SIZE
    kept, SIZE = SIZE, size
    try:
        app, scene = computer_moved(tmp_path)
    finally:
        SIZE = kept
    assert app.screen.get_size() == size
    scene.handlers[MoveRefused](MoveRefused("TC-3", table_cards.Words("point {point} is already occupied", point=5), "3-5"))
    scene.cards.history_open = True
    frames(app, 1)
    assert {"history", "refusal", "caption"} <= set(scene.cards.rects)
    rects = [scene.cards.rects[k] for k in ("history", "refusal", "caption")]
    assert rects[1].collidelist([rects[0], rects[2]]) < 0 and rects[2].collidelist(rects[:2]) < 0
    assert speaking.problems(app) == []


def test_the_history_scrolls_back_and_returns_to_the_latest(tmp_path):
    turns = [[[1, 3], "0-1"], [[2, 5], "0-2"], [[1, 2], "1-2"], [[1, 4], "0-1"]] + [[[6, 6], "pass"]] * 0
    app, scene = table(tmp_path, position="0,0,2/0,1,2/W", record={"first": "W", "turns": turns})
    press(app, HISTORY_KEY)
    assert any(w.startswith("4. ") for w in drawn_words(app, "en"))
    press(app, pygame.K_PAGEUP)
    assert scene.cards.history_scroll == 3
    words = drawn_words(app, "en")
    assert any(w.startswith("1. ") for w in words) and not any(w.startswith("4. ") for w in words)
    press(app, pygame.K_PAGEDOWN)
    assert scene.cards.history_scroll == 0 and any(w.startswith("4. ") for w in drawn_words(app, "en"))


# --- legible keys, banners on the board, the caption off the checkers (review of issue 12) -------
KEY_NAMES = {"en": ("Space", "H", "U", "F2", "Esc"), "fr": ("Espace", "H", "U", "F2", "Échap")}


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_buttons_key_names_are_drawn_large_enough_to_read_at_960x600(tmp_path, code):
    app, scene = table(tmp_path, position="0,3,5/0,0,2/W", dice=(4, 6))
    scene.hud._cache = None                            # the bars are drawn again, not from the cache
    shown, _ = speaking.drawn(app, code, frames=1)
    buttons = scene.hud.buttons
    assert len(buttons) == 5
    for name, key in zip(("throw", "hint", "undo", "history", "menu"), KEY_NAMES[code]):
        button = buttons[name]
        found = [(rect, box) for words, rect, box in shown if words == key and button.contains(box)]
        assert found, (key, name)
        rect, box = found[0]
        assert rect.h >= 12, (key, rect)               # was 6 to 8 pixels tall (pygame's sans at 10)
        assert ui.font(table_hud.key_size(scene.hud.scale), "body").get_height() >= 12   # drawn in the body face (issue 24)
        assert button.contains(rect) and box.contains(rect)
        label = [r for words, r, b in shown if b.bottom <= rect.top + 1 and button.contains(b)]
        assert label and all(r.bottom <= rect.top + rect.h // 3 for r in label)   # the label above it
    assert speaking.problems(app) == []


def banner_table(tmp_path, *banners):
    """A table showing `banners` [(words, kind)] in full view (popped, not fading)."""
    app, scene = table(tmp_path, position="0,3,5/0,0,2/W", dice=(4, 6))
    for words, kind in banners:
        scene.banner(words, kind, 30)
    for banner in scene.banners:
        banner.elapsed = 0.6
    return app, scene


def banner_lines_drawn(app, scene, code) -> list:
    """(words, rect, box) drawn with the board as their box (in the plate's own coordinates)."""
    shown, _ = speaking.drawn(app, code, frames=1)
    board = scene.view.board_rect()
    return [(words, rect, box) for words, rect, box in shown if box.size == board.size and box.topleft != (0, 0)]


LONG_BANNERS = [
    (Words(PLAYS_FIRST[("computer", Side.BLACK)]), "large"),
    (Words("{side}: only one play, {move} - played by itself", side=Words("The computer"), move="0-4, 3-9"), "note"),
]


def test_the_banners_are_drawn_with_the_board_as_their_box_and_stay_on_it_in_both_languages(tmp_path):
    app, scene = banner_table(tmp_path, *LONG_BANNERS)
    for code in ("en", "fr"):
        drawn = banner_lines_drawn(app, scene, code)
        i18n.set_language(code)
        said = [str(words.said()) for words, _ in LONG_BANNERS]
        i18n.set_language("en")
        for whole in said:          # every banner's words are drawn (on one or two lines) with a box
            assert whole.split()[0] in " ".join(w for w, _, _ in drawn) and whole.split()[-1] in " ".join(
                w for w, _, _ in drawn), (code, whole, drawn)
        assert all(box.contains(rect) for _, rect, box in drawn), (code, drawn)
    assert speaking.problems(app) == []


@pytest.mark.parametrize("name", sorted(set(DOUBLET_NAMES.values())))
def test_every_doublet_name_banner_stays_on_the_board(tmp_path, name):
    app, scene = banner_table(tmp_path, (Words("{name}!", name=name), "large"))
    for code in ("en", "fr"):
        drawn = banner_lines_drawn(app, scene, code)
        assert any(name in words for words, _, _ in drawn)
    assert speaking.problems(app) == []


def test_a_banner_too_long_for_one_line_takes_two_and_stays_on_the_board(tmp_path):
    words = Words("{side}: only one play, {move} - played by itself", side=Words("The computer"),
                  move="0-4, 3-9, 9-11, 11-12")
    app, scene = banner_table(tmp_path, (words, "large"))
    drawn = banner_lines_drawn(app, scene, "fr")
    lines = {w for w, _, _ in drawn}
    assert len(lines) >= 2                                # wrapped (each line drawn with its shadow)
    assert all(box.contains(rect) for _, rect, box in drawn)
    assert speaking.problems(app) == []


def checker_rects(scene) -> list:
    """Each checker on the board as drawn, from the board's own geometry."""
    view = scene.view
    r = view.length(geometry.CHECKER_R)
    rects = []
    for _side, _loc, _index, (x, y) in view.slots(scene.shown):
        cx, cy = view.to_screen(x, y)
        rects.append(pygame.Rect(round(cx - r), round(cy - r), 2 * r, 2 * r))
    return rects


def field_on_screen(scene) -> pygame.Rect:
    """The field inside the rails: the rails carry the points' numbers (or Garanguet's letters)."""
    x0, y0 = scene.view.to_screen(geometry.FIELD_LEFT, geometry.FIELD_TOP)
    x1, y1 = scene.view.to_screen(geometry.FIELD_RIGHT, geometry.FIELD_BOTTOM)
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def wait_until(app, done, seconds=60.0) -> bool:
    """Frames until `done`, giving the computer's thinking (a thread) the time it takes."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done(app.scenes.top):
            return True
        app.frame(1 / 30)
        if app.scenes.top.stage is Stage.THINK:
            time.sleep(0.01)
    return False


CAPTION_POSITIONS = [
    ("charpentier", "3,5,8/2,6,10/B"),
    ("charpentier", "0,1,2/9,11,12/B"),
    ("charpentier", "4,7,12/1,3,5/B"),
    ("garanguet", "1*15/1*15/B"),
    ("garanguet", "2*3,4*3,6*3,8*3,10*3/2*3,4*3,6*3,8*3,10*3/B"),
    ("garanguet", "13*3,15*3,17*3,19*3,21*3/14*3,16*3,18*3,20*3,22*3/B"),
]


@pytest.mark.parametrize("rules, position", CAPTION_POSITIONS)
def test_the_computers_caption_covers_no_checker_no_die_and_no_point_number(tmp_path, rules, position):
    """The computer throws and plays from a position with checkers along both rows: on every
    frame its caption shows, in either language, it lies on the field, off every checker and die."""
    app, scene = table(tmp_path, rules=rules, position=position)
    assert wait_until(app, lambda sc: sc.caption is not None and "caption" in sc.cards.rects)
    seen = 0
    code = "en"
    while scene.caption is not None and seen < 400:
        if seen % 40 == 20:                             # the language changes while it shows
            code = "fr" if code == "en" else "en"
            app.update_settings({"language": code})
        app.frame(1 / 30)
        if scene.caption is None or "caption" not in scene.cards.rects:
            break
        caption = scene.cards.rects["caption"]
        assert caption.collidelist(checker_rects(scene)) < 0, (seen, caption)
        assert caption.collidelist(scene.drawing.dice_rects(scene.snapshot())) < 0, (seen, caption)
        assert field_on_screen(scene).contains(caption), (seen, caption)
        seen += 1
    assert seen > 30 and app.session.position != Position.parse(position)
    app.update_settings({"language": "en"})


@pytest.mark.parametrize("rules", ["charpentier", "garanguet"])
def test_the_caption_stays_off_the_checkers_through_a_played_game(tmp_path, rules):
    """Several of the computer's turns of a seeded game: its caption never covers a checker."""
    app, scene = computer_moved(tmp_path, rules)
    seen = []

    def clear_until_your_turn(sc) -> bool:
        if sc.caption is not None and "caption" in sc.cards.rects:
            caption = sc.cards.rects["caption"]
            assert caption.collidelist(checker_rects(sc)) < 0
            assert caption.collidelist(sc.drawing.dice_rects(sc.snapshot())) < 0
            seen.append(id(sc.caption))
        return sc.stage is Stage.OVER or (sc.stage is Stage.THROW and sc.session.to_move is Side.WHITE
                                          and sc.caption is None)
    for _ in range(4):
        assert wait_until(app, clear_until_your_turn)
        if scene.stage is Stage.OVER:
            break
        play_person(app, scene)
    assert len(seen) > 60 and len(set(seen)) >= 3          # three of the computer's turns, at least


@pytest.mark.parametrize("position, dice", [("1,5,8/0,3,10/W", (2, 4)), ("0,2,6/1,4,9/W", (3, 5)),
                                            ("0,1,5/0,3,10/W", (5, 2)), ("0,0,1/0,0,2/W", (6, 6))])
def test_the_hints_and_the_history_open_together_never_cover_each_other(tmp_path, position, dice):
    """Seen on the real game: with the history open, the hints panel lay half under it."""
    record = {"first": "W", "turns": [[[1, 3], "0-1"], [[2, 5], "0-2"]]}
    app, scene = table(tmp_path, position=position, dice=dice, record=record)
    scene.show_hints()
    frames(app, 3)
    press(app, HISTORY_KEY)
    frames(app, 3)
    assert scene.cards.history_open and scene.hints and scene.drawing.hints_rect is not None
    assert not scene.drawing.hints_rect.colliderect(scene.cards.history_rect), (scene.drawing.hints_rect, scene.cards.history_rect)
    assert scene.drawing.hints_rect.collidelist(scene.drawing.dice_rects(scene.snapshot())) < 0, "the hints cover a die"
    assert speaking.problems(app) == []


def test_a_garanguet_refusal_names_its_points_by_the_boards_letters(tmp_path):
    """The engine counts each side's own path 1..24; the board letters its points a..x. A
    refusal at the Garanguet table names the step and its point as the board does (the tutorial
    did; the table said '1-8')."""
    app, scene = table(tmp_path, rules="garanguet", position="1*15/1*15/W", dice=(1, 1, 5),
                       opponent="human")
    scene.flow.pick(1)
    events = scene.flow.drop(10)     # 8 is reached by the sum 1+1+5; 10 by nothing
    scene.react(events)
    refused = next(e for e in events if isinstance(e, MoveRefused))
    assert refused.rule == "G-2" and refused.what == "1-10"
    step = f"{GARANGUET.point_name(Side.WHITE, 1)}-{GARANGUET.point_name(Side.WHITE, 10)}"
    for code in ("en", "fr"):
        words = " ".join(drawn_words(app, code))
        assert step in words and "1-10" not in words, words
    assert speaking.problems(app) == []


def widest_gap(words: str, size: int, kind: str) -> int:
    """The widest run of empty columns inside a rendered word: a gap between two letters."""
    import numpy as np
    surface = ui.font(size, kind).render(words, True, (255, 255, 255))
    inked = (pygame.surfarray.array_alpha(surface) > 60).any(axis=1)
    columns = np.flatnonzero(inked)
    gaps = np.diff(columns) - 1
    return int(gaps.max()) if len(gaps) else 0


def test_the_buttons_key_names_are_drawn_without_gaps_inside_a_word(tmp_path, monkeypatch):
    """Issue 24: "Échap" was drawn "Éch ap" at 960x600 (pygame's own sans spaces small letters
    unevenly)."""
    app, scene = table(tmp_path)
    drawn = []
    real = table_hud.blit_fitted

    def seen(surface, words, size, box, colour=ui.INK, kind="body", *args, **kwargs):
        drawn.append((str(words), size, kind))
        return real(surface, words, size, box, colour, kind, *args, **kwargs)
    monkeypatch.setattr(table_hud, "blit_fitted", seen)
    for code in ("en", "fr"):
        app.update_settings({"language": code})
        scene.hud._cache = None
        frames(app, 2)
    keys = {(w, s, k) for w, s, k in drawn if w in ("Esc", "Échap", "Space", "Espace")}
    assert {w for w, _s, _k in keys} >= {"Échap", "Espace"}, drawn
    for words, size, kind in keys:
        assert widest_gap(words, round(size), kind) <= 2, (words, size, kind)
