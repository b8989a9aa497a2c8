"""Extract the game's messages and make a catalogue for each language (gettext, with Babel).

    python tools/catalogues.py            extract, update every .po file, compile the .mo files
    python tools/catalogues.py --check    change nothing; exit 1 if a message lacks a translation,
                                          a French one has a straight apostrophe, or a compiled
                                          catalogue is stale

The messages are the English arguments of _(), n_(), p_() and N_() (game/base/i18n.py) in game/ and
main.py. The languages are those of i18n.LANGUAGES, the game's one list of them. English is the
source language, so its catalogue repeats each message (as GNU msgen does); the others'
translations are written in game/locale/<code>/LC_MESSAGES/tournecase.po (French: fr), whose
header also gives the language's plural rule. A new language: its line in i18n.LANGUAGES, then
this script writes its .po with every message untranslated. Translations waiting to be merged
may sit in game/locale/parts/*.po, each for the language its header names: they replace that
catalogue's. Needs Babel (requirements-dev.txt); the game itself reads only the .mo files.
"""
from __future__ import annotations

import argparse
import copy
import io
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.base import i18n  # noqa: E402  (the languages: i18n.LANGUAGES, read at each run)

LOCALE = i18n.LOCALE_DIR
DOMAIN = i18n.DOMAIN
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None, "p_": ((1, "c"), 2)}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)   # headers that don't change run to run


def extract() -> Catalog:
    """Every marked message in the game's code, with where it is used."""
    template = Catalog(project="Tourne Case", domain=DOMAIN, charset="utf-8",
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    sources = [(ROOT / "game", "game/"), (ROOT, "")]
    for folder, prefix in sources:
        method = [("**.py", "python")] if prefix else [("main.py", "python")]
        for filename, lineno, message, comments, context in extract_from_dir(
                folder, method_map=method, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            if prefix == "" and filename != "main.py":
                continue
            template.add(message, None, [(prefix + filename, lineno)],
                         auto_comments=comments, context=context)
    return template


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, code: str | None = None) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=code)


def waiting_parts() -> dict:
    """Translations from game/locale/parts/*.po, by language (the part's Language header), then
    by message id: a part is for one language, never handed to another."""
    found = {}
    for part in sorted((LOCALE / "parts").glob("*.po")):
        catalog = read(part)
        into = found.setdefault(catalog.locale_identifier, {})
        for message in catalog:
            if message.id and message.string and any(message.string if isinstance(message.string, tuple)
                                                     else [message.string]):
                into[message.id] = message.string
    return found


def strays(parts: dict) -> list[str]:
    """Catalogues and parts for a language i18n.LANGUAGES lacks: the game would never speak them."""
    found = [f"{folder.name}: {po_path(folder.name).relative_to(LOCALE)} has no line in "
             "i18n.LANGUAGES (game/base/i18n.py)" for folder in sorted(LOCALE.iterdir())
             if po_path(folder.name).exists() and folder.name not in i18n.LANGUAGES]
    found += [f"{code or '?'}: game/locale/parts/ holds {len(words)} translations for a language not in "
              "i18n.LANGUAGES (a part names its language in its Language header)"
              for code, words in parts.items() if code not in i18n.LANGUAGES]
    return found


def build(code: str, template: Catalog, parts: dict) -> Catalog:
    """The language's catalogue for the template: earlier translations kept, gaps filled. Its
    plural rule is the one its header gives (a new catalogue: Babel's for the language)."""
    path = po_path(code)
    catalog = read(path, code) if path.exists() else Catalog(locale=code, domain=DOMAIN)
    catalog.locale = code       # the language it is for, whatever the file it was copied from said
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)   # its own messages, not the template's
    catalog.obsolete.clear()
    catalog.project, catalog.version = "Tourne Case", "1"
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.language_team = catalog.last_translator = "Tourne Case <tourne-case@example.org>"
    for message in catalog:
        if not message.id:
            continue
        message.flags.discard("fuzzy")
        if code == i18n.SOURCE and missing(message):
            message.string = message.id
        elif code != i18n.SOURCE and message.id in parts:
            message.string = parts[message.id]      # the parts are newer than the catalogue
    return catalog


def missing(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not all(strings)


#: The languages written with the curly apostrophe (’) only, as the French catalogue is.
CURLY_APOSTROPHE = ("fr",)
#: A straight ' between two letters is an apostrophe ("d'au"); quotes around notation ('b',
#: '3-5') are left as the English has them.
_STRAIGHT_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")


def straight_apostrophes(code: str, catalog: Catalog) -> list[str]:
    """One rule for the apostrophe: each translation that writes ' where ’ belongs, named."""
    if code not in CURLY_APOSTROPHE:
        return []
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and any(_STRAIGHT_APOSTROPHE.search(text or "") for text in strings):
            found.append(f"{code}: a straight apostrophe (') where the curly one (’) "
                         f"belongs, in the translation of {message.id!r}")
    return found


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_by_file=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report problems")
    args = parser.parse_args(argv)
    template = extract()
    parts = waiting_parts()
    problems = strays(parts)
    for code in i18n.LANGUAGES:
        catalog = build(code, template, parts.get(code, {}))
        gaps = [m.id for m in catalog if m.id and missing(m)]
        for gap in gaps:
            problems.append(f"{code}: no translation for {gap!r}")
        problems += straight_apostrophes(code, catalog)
        po, mo = po_bytes(catalog), mo_bytes(catalog)
        mo_path = po_path(code).with_suffix(".mo")
        if args.check:
            if not mo_path.exists() or mo_path.read_bytes() != mo:
                problems.append(f"{code}: {mo_path.relative_to(ROOT)} is not compiled from the messages now "
                                "in the code (run python tools/catalogues.py)")
        else:
            po_path(code).parent.mkdir(parents=True, exist_ok=True)
            _replace(po_path(code), po)
            _replace(mo_path, mo)
        print(f"{code}: {len([m for m in catalog if m.id])} messages, {len(gaps)} untranslated")
    if not args.check:
        _replace(LOCALE / f"{DOMAIN}.pot", po_bytes(template))
    for problem in problems[:40]:
        print(problem, file=sys.stderr)
    if len(problems) > 40:
        print(f"... and {len(problems) - 40} more", file=sys.stderr)
    return 1 if problems else 0


def _replace(path: Path, data: bytes) -> None:
    """Write atomically, so two runs at once never leave half a catalogue."""
    temporary = path.with_name(path.name + f".{id(data)}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)


if __name__ == "__main__":
    sys.exit(main())
