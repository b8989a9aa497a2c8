"""A language is its catalogue and one line (game/base/i18n.py's LANGUAGES): a copy of the game
gets a third language so, and its settings, its --language, its catalogue tool and its
screenshots all take it up; the game itself still speaks English and French only."""
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.base import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402  (tools/catalogues.py)

CODE = "xx"                         # made up: no language has it, so no product line can match it
LINE = '    "xx": Language("Xxish", "Xxish", decimal="\'", percent=" pc"),\n'
TOOLS = ("catalogues.py", "take_screens.py", "online_screens.py")


def test_the_game_speaks_english_then_french_as_before():
    """The table is the product's: two languages, in the settings' order, named in themselves."""
    assert list(i18n.LANGUAGES) == ["en", "fr"]
    assert i18n.LANGUAGE_NAMES == {"en": "English", "fr": "Français"}
    assert i18n.SOURCE == "en"


def test_a_catalogue_without_its_line_is_caught(tmp_path, monkeypatch):
    """A catalogue the table does not name would never be spoken: the tool says so."""
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale")
    shutil.copytree(tmp_path / "locale" / "en", tmp_path / "locale" / CODE)
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path / "locale")
    assert catalogues.strays(catalogues.waiting_parts()) == [
        f"{CODE}: {CODE}/LC_MESSAGES/tournecase.po has no line in i18n.LANGUAGES (game/base/i18n.py)"]
    shutil.rmtree(tmp_path / "locale" / CODE)
    assert catalogues.strays(catalogues.waiting_parts()) == []


@pytest.fixture(scope="module")
def third(tmp_path_factory):
    """A copy of the game with a third language: English's catalogue under CODE with two words
    of its own, and LINE in the table. Nothing else is touched (checked here)."""
    folder = tmp_path_factory.mktemp("game")
    shutil.copy(ROOT / "main.py", folder)
    shutil.copytree(ROOT / "game", folder / "game", ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "tools").mkdir()
    for name in TOOLS:
        shutil.copy(ROOT / "tools" / name, folder / "tools")
    table = folder / "game" / "base" / "i18n.py"
    text = table.read_text(encoding="utf-8")
    fr = next(line for line in text.splitlines(keepends=True) if line.startswith('    "fr": Language('))
    table.write_text(text.replace(fr, fr + LINE), encoding="utf-8")
    po = (ROOT / "game" / "locale" / "en" / "LC_MESSAGES" / "tournecase.po").read_text(encoding="utf-8")
    for word in ("Settings", "Language"):
        po, n = re.subn(f'\nmsgid "{word}"\nmsgstr "{word}"\n', f'\nmsgid "{word}"\nmsgstr "Xx{word.lower()}"\n', po)
        assert n == 1, word
    (folder / "game" / "locale" / CODE / "LC_MESSAGES").mkdir(parents=True)
    (folder / "game" / "locale" / CODE / "LC_MESSAGES" / "tournecase.po").write_text(po, encoding="utf-8")

    changed = {}
    for copy in [folder / "main.py", *(folder / "game").rglob("*.py"), *(folder / "tools").glob("*.py")]:
        original = ROOT / copy.relative_to(folder)
        if copy.read_bytes() != original.read_bytes():
            changed[str(copy.relative_to(folder))] = [
                line for line in difflib.unified_diff(original.read_text(encoding="utf-8").splitlines(),
                                                      copy.read_text(encoding="utf-8").splitlines(), n=0)
                if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == {"game/base/i18n.py": ["+" + LINE.rstrip("\n")]}, "one line of code, no more"
    return folder


def run(folder, *args, lang="C.UTF-8"):
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG=lang, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(folder))
    return subprocess.run([sys.executable, *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def made(third):
    """The catalogue tool run once in the copy: its .mo files, which the game reads, and what it
    said (the same run for every test here)."""
    return run(third, "tools/catalogues.py")


@pytest.mark.slow(seconds=10)    # extracts the messages twice in the copy (~10 s)
def test_the_catalogue_tool_makes_and_checks_the_new_language(third, made):
    assert made.returncode == 0, made.stderr
    counts = dict(line.split(": ", 1) for line in made.stdout.splitlines())
    assert list(counts) == ["en", "fr", CODE]
    assert counts[CODE] == counts["en"] and counts[CODE].endswith(" 0 untranslated")
    assert (third / "game" / "locale" / CODE / "LC_MESSAGES" / "tournecase.mo").exists()
    po = (third / "game" / "locale" / CODE / "LC_MESSAGES" / "tournecase.po").read_text(encoding="utf-8")
    assert f'"Language: {CODE}\\n"' in po, "the catalogue names its own language"
    checked = run(third, "tools/catalogues.py", "--check")
    assert checked.returncode == 0, checked.stderr


@pytest.mark.slow(seconds=5)
def test_the_settings_the_command_line_and_the_screenshots_offer_it(third, made, tmp_path):
    made.check_returncode()       # its .mo, which the game reads
    script = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, "tools")
        from game.base import i18n
        from game.app import App
        from game.scenes.menus.settings import SettingsScene
        from game.saves.settings import saved_language
        import take_screens
        app = App(seed=7, data_dir={str(tmp_path)!r}, size=(960, 600))
        app.update_settings({{"language": "fr"}})
        settings = SettingsScene(app)
        app.scenes.push(settings)
        app.frame(1 / 60)
        offered = [[code, str(name)] for code, name in settings.language.options]
        settings.language.adjust(+1)               # from Français to the next language
        app.frame(1 / 60)
        print(json.dumps({{
            "offered": offered, "spoken": i18n.language(), "saved": saved_language({str(tmp_path)!r}),
            "words": [i18n._("Settings"), i18n._("Back"), i18n.decimal(2.5), i18n.percent(0.5)],
            "system": i18n.system_language({{"LANG": "xx_YY.UTF-8"}}),
            "screenshots": list(take_screens.LANGUAGES)}}))
    """)
    shown = run(third, "-c", script)
    assert shown.returncode == 0, shown.stderr
    seen = json.loads(shown.stdout.splitlines()[-1])
    assert seen["offered"] == [["en", "English"], ["fr", "Français"], [CODE, "Xxish"]]
    assert seen["spoken"] == seen["saved"] == CODE
    assert seen["words"] == ["Xxsettings", "Back", "2'5", "50'0 pc"]
    assert seen["system"] == CODE
    assert seen["screenshots"] == ["en", "fr", CODE]

    helped = run(third, "main.py", "--language", CODE, "--help")
    assert helped.returncode == 0, helped.stderr
    assert f"--language en|fr|{CODE}" in helped.stdout
    refused = run(third, "main.py", "--language", "de")
    assert refused.returncode == 2
    assert f"'de' (choose from 'en', 'fr', '{CODE}')" in refused.stderr, refused.stderr
