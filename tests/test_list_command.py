"""Issue 37's command line: `--online URL --list` prints a relay's open rooms, one a line, its
code first; `--autoplay --online URL --room new --open --name NAME` hosts a room listed to
anyone under that name. The listing's client (client.list_rooms, room_line) and the names'
check (game/online/names.py) are the relay's; the host's hello (Link.host's open, name) the
online game's: the test with a real relay runs once those are in (the branches merged)."""
import inspect
import subprocess
import sys

import pytest

from game.commands import autoplay, cli
from game.online import client, protocol
from game.online.link import Link

from tests.test_cli import ROOT, fake_module, locale_env, refusal

URL = "ws://127.0.0.1:8690"


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.mark.parametrize("args, says", [
    (("--list",), "--list goes with --online"),
    (("--online", URL, "--list", "--room", "new"), "not allowed with argument --list"),
    (("--autoplay", "--online", URL, "--room", "ACD-EF9", "--open"), "--open goes with --room new"),
    (("--autoplay", "--open"), "--open goes with --room new"),
    (("--name", "Ann"), "--name goes with --room or --watch"),
    (("--online", URL, "--list", "--name", "Ann"), "--name goes with --room or --watch"),
])
def test_the_new_flags_go_with_what_they_need(capsys, args, says):
    assert says in refusal(capsys, *args)


def test_the_flags_are_read():
    args = cli.parse_args(["--autoplay", "--online", URL, "--room", "new", "--open", "--name",
                           " Ann "])
    assert args.open and args.name == "Ann" and not args.list
    args = cli.parse_args(["--online", URL, "--list", "--rules", "garanguet"])
    assert args.list and args.online == URL and args.rules == "garanguet"


def test_a_name_the_relay_would_refuse_is_refused_here(capsys):
    pytest.importorskip("game.online.names")        # the relay's (issue 37)
    err = refusal(capsys, "--autoplay", "--online", URL, "--room", "new", "--name",
                  "Ann\u202eevil")
    assert "argument --name" in err and "Ann" in err


def test_list_and_its_options_reach_the_listing(monkeypatch):
    calls = []
    fake_module(monkeypatch, "game.commands.autoplay",
                list_open=lambda url, rules: calls.append((url, rules)) or 0)
    assert cli.main(["--online", URL, "--list", "--rules", "bell"]) == 0
    assert calls == [(URL, "bell")]


def test_open_and_name_reach_the_online_player(monkeypatch, tmp_path):
    calls = []
    fake_module(monkeypatch, "game.commands.autoplay",
                run=lambda *args, **options: calls.append((args, options)) or 0)
    assert cli.main(["--data-dir", str(tmp_path), "--autoplay", "--online", URL, "--room",
                     "new", "--open", "--name", "Ann", "--level", "novice"]) == 0
    (args, options), = calls
    assert args[1:3] == (URL, "new") and options == {"open_room": True, "name": "Ann"}


LISTING = {"type": "rooms", "page": 0, "more": False, "playing": [], "open": [
    {"code": "ACDEF9", "rules": "charpentier", "length": 3, "hints": True, "language": "fr",
     "name": "Ann", "waiting": 75},
    {"code": "XYW347", "rules": "garanguet", "length": 1, "hints": False, "language": "en",
     "name": None, "waiting": 4}]}


def test_list_prints_one_line_per_open_room_its_code_first(monkeypatch, capsys):
    asked = []
    monkeypatch.setattr(client, "list_rooms",
                        lambda url, game=None, **kw: asked.append((url, game)) or LISTING,
                        raising=False)
    monkeypatch.setattr(client, "room_line",
                        lambda entry: f"{protocol.shown_code(entry['code'])}  {entry['rules']}",
                        raising=False)
    assert autoplay.list_open(URL, "garanguet") == 0
    assert asked == [(URL, "garanguet")]
    assert capsys.readouterr().out.splitlines() == ["ACD-EF9  charpentier", "XYW-347  garanguet"]


@pytest.mark.parametrize("failure, says", [
    (ConnectionRefusedError(111, "Connection refused"), f"No relay answers at {URL} ("),
    (protocol.ProtocolError("too-many"), "Too many attempts from this computer"),
])
def test_a_relay_that_does_not_list_is_one_line_and_status_3(monkeypatch, capsys, failure, says):
    def list_rooms(url, game=None, **kw):
        raise failure
    monkeypatch.setattr(client, "list_rooms", list_rooms, raising=False)
    monkeypatch.setattr(client, "room_line", lambda entry: "", raising=False)
    assert autoplay.list_open(URL) == autoplay.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and says in err and err.count("\n") == 1


def _merged() -> bool:
    """The relay's listing and names, and the online game's open hello, are all here."""
    try:
        import game.online.names  # noqa: F401
    except ImportError:
        return False
    return (hasattr(client, "list_rooms")
            and "open" in inspect.signature(Link.host).parameters)


@pytest.mark.skipif(not _merged(), reason="needs the relay's listing and the online game's "
                                          "open hello (issue 37, other branches)")
@pytest.mark.slow(seconds=6)
def test_list_shows_the_open_rooms_and_never_a_private_one():
    from online_helpers import autoplay as autoplaying, end, folders, relay_process, room_of
    with relay_process() as relay, folders(2) as (a, b):
        hosts = []
        try:
            hosts.append(autoplaying(a, relay.url, "new", "--open", "--name", "Ann",
                                     "--seed", "1"))
            hosts.append(autoplaying(b, relay.url, "new", "--seed", "2"))
            open_code, private_code = (room_of(host) for host in hosts)
            listed = subprocess.run([sys.executable, str(ROOT / "main.py"), "--online",
                                     relay.url, "--list"], capture_output=True, text=True,
                                    timeout=30, env=locale_env("C.UTF-8"))
            assert listed.returncode == 0, listed.stderr
            lines = listed.stdout.splitlines()
            assert len(lines) == 1 and lines[0].startswith(open_code + "  ")
            assert "Ann" in lines[0] and private_code not in listed.stdout
        finally:
            for host in hosts:
                end(host)
