"""A player's name (issue 37.3), the game's side: checked where it is typed (Settings), sent in
the hello, read from the other side and checked again, kept in the records."""

import pygame
import pytest

from game.app import App
from game.online.link import Link
from game.online.events import said_name
from game.online.names import MAX_NAME, name_refusal
from game.play.keeper import MatchKeeper
from game.play.options import MatchOptions
from game.rules import Side
from game.saves.settings import validate_settings
from game.scenes.menus.settings import SettingsScene
from test_online_link import FakeClient   # the link's stand-in websockets client


@pytest.mark.parametrize("name", ["Ada", "Jean-Pierre L'Hôte", "Éloïse 2", "ベル", "A" * MAX_NAME,
                                  "  Ada  "])
def test_ordinary_names_pass(name):
    assert name_refusal(name) is None and said_name(name) == name.strip()


@pytest.mark.parametrize("name, said", [
    ("", "at least one"), ("   ", "at least one"), ("A" * (MAX_NAME + 1), "at most 20"),
    ("Ada\u202eevE", "invisible"), ("Ada\u2066", "invisible"), ("A\u200bda", "invisible"),
    ("Ada\x07", "control"), ("Ada\nBob", "control"), ("Ada<script>", "ordinary punctuation"),
    ("...", "at least one"), (None, "text")])
def test_names_refused_say_why(name, said):
    reason = name_refusal(name)
    assert reason is not None and said in reason and said_name(name) is None


OPTIONS = MatchOptions(rules="garanguet", length=3, opponent="online", human_side=Side.BLACK)


def test_the_hello_carries_the_name_open_and_language_only_when_given():
    plain = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient)
    assert not {"open", "name", "language"} & set(plain.client.hello)       # as before
    listed = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient, open=True,
                       name=" Ada ", language="fr")
    hello = listed.client.hello
    assert hello["open"] is True and hello["name"] == "Ada" and hello["language"] == "fr"
    refused = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient, name="A\u202eB",
                        language="xx")
    assert "name" not in refused.client.hello and "language" not in refused.client.hello
    guest = Link.join("ws://127.0.0.1:9", "ACDEF9", client_factory=FakeClient, name="Bob")
    assert guest.client.hello["name"] == "Bob" and "open" not in guest.client.hello


def test_the_friends_name_comes_with_peer_and_is_checked_again():
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient, name="Ada")
    link.client.inbox.put(("message", {"type": "peer", "present": True, "name": "Bob"}))
    link.poll()
    assert link.friend_name == "Bob"
    assert link.names() == {"B": "Ada", "W": "Bob"}
    link.client.inbox.put(("message", {"type": "peer", "present": True, "name": "B\u200bob"}))
    link.poll()
    assert link.friend_name is None


def test_the_records_keep_the_names_of_an_online_match(tmp_path):
    from game.saves.storage import Storage
    storage = Storage(tmp_path)
    keeper = MatchKeeper(storage, lambda words: None, __import__("random").Random(1))
    link = Link.host("ws://127.0.0.1:9", OPTIONS, client_factory=FakeClient, name="Ada")
    link.state["friend_name"] = "Bob"
    link.state.update(code="ACDEF9", token="0" * 32, started=True)
    keeper.start_online(link)
    keeper.end_online(Side.BLACK, "resigned")
    records, _bad = storage.records()
    assert records[-1]["names"] == {"B": "Ada", "W": "Bob"}


def test_settings_take_a_name_refuse_a_bad_one_with_its_reason_and_load_old_files(tmp_path):
    app = App(seed=7, data_dir=tmp_path, size=(960, 600))
    app.update_settings({"language": "en"})
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.frame(1 / 60)
    scene.menu.focus_on(scene.name)
    scene.name.type("Ada")
    assert app.settings["player_name"] == "Ada"
    scene.name.type("\u202e")               # never even typed: not a printable character
    assert scene.name.value == "Ada"
    scene.name.type("<")                     # refused, said, the saved one kept
    assert app.settings["player_name"] == "Ada"
    assert "ordinary punctuation" in scene.footnote()
    scene.name.clear()                       # no name: White and Black, as before
    assert app.settings["player_name"] == "" and scene.refusal is None
    pygame.display.quit()
    settings, problems = validate_settings({"volume": 0.5})         # a file from before names
    assert settings["player_name"] == "" and settings["host_open"] is False and not problems
    _settings, problems = validate_settings({"player_name": "x" * 300, "host_open": "yes"})
    assert len(problems) == 2


def test_every_record_says_when_it_was_made(tmp_path):
    """REQUESTS (charts, issue 40): "at", in UTC, on every record the keeper writes."""
    import re
    from game.saves.storage import Storage
    storage = Storage(tmp_path)
    keeper = MatchKeeper(storage, lambda words: None, __import__("random").Random(1))
    keeper.start(MatchOptions(rules="garanguet", length=1))
    keeper.start(MatchOptions(rules="garanguet", length=1))        # the first one given up
    records, _bad = storage.records()
    assert records and all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["at"]) for r in records)
