"""The README's engine examples are what the engine answers today (issue 38, item 7: it showed
win 0.239359 where the engine gives 0.239664): each request is run and its answer compared."""
import json
import re
import textwrap
from pathlib import Path

import pytest

from game.commands import engine

README = Path(__file__).resolve().parent.parent / "README.md"


def indented_after(text: str, lead: str) -> str:
    """The indented block after the line `lead` (and one blank line), joined into one line."""
    match = re.search(rf"^{re.escape(lead)}\n\n((?: {{4}}.*\n)+)", text, re.M)
    assert match, f"no example after {lead!r} in the README"
    return " ".join(textwrap.dedent(match.group(1)).split("\n")).strip()


def examples() -> list[tuple[str, str]]:
    """(request, answer) for every engine example: "A request:" with "The answer:", and each
    `$ echo '...' | python main.py engine` with the line under it."""
    text = README.read_text(encoding="utf-8")
    found = [(indented_after(text, "A request:"), indented_after(text, "The answer:"))]
    found += re.findall(r"^ +\$ echo '(\{.*\})' \\\n +\| python3? main\.py engine\n +(\{.*\})$",
                        text, re.M)
    return found


def test_the_readme_has_its_engine_examples():
    assert len(examples()) >= 2


@pytest.mark.slow(seconds=5)        # the Bell example solves its match score (a few seconds)
@pytest.mark.parametrize("request_line, shown", examples())
def test_each_engine_example_in_the_readme_is_what_the_engine_answers(request_line, shown):
    assert engine.answer(request_line) == json.loads(shown)
