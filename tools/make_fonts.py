"""Make the game's UI fonts: EB Garamond with lining figures as its plain digits.

EB Garamond's default digits are old-style (a 1 looks like a small capital I, a 0 like an o),
and pygame cannot ask a font for its `lnum` feature. This script points the digit characters
0-9 straight at the font's own tabular lining glyphs (`one.tablining` ...), so every number the
game shows reaches cap height and scores line up in columns. The result is a Modified Version
under the SIL Open Font Licence: it gets its own name ("Tourne Case Garamond") and ships with the
licence beside it (assets/fonts/TourneCaseGaramond-OFL.txt).

    python -m pip install -r requirements-tools.txt
    python tools/make_fonts.py    # assets/fonts/EBGaramond12-*.otf -> TourneCaseGaramond-*.otf

fontTools is needed only here, never by the game or its tests. Running it again gives the same
files (the fonts' timestamps are kept as they are in the originals).
"""
import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
FONT_DIR = ROOT / "assets" / "fonts"
FAMILY = "Tourne Case Garamond"
#: original file -> (derivative file, style name)
FONTS = {"EBGaramond12-Regular.otf": ("TourneCaseGaramond-Regular.otf", "Regular"),
         "EBGaramond12-Italic.otf": ("TourneCaseGaramond-Italic.otf", "Italic")}
LICENCE = "TourneCaseGaramond-OFL.txt"
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: lining-figure glyph suffixes to look for, best first (tabular, then proportional)
LINING_SUFFIXES = (".tablining", ".tlf", ".lf.tf", ".lnum", ".lf")
NOTICE = f"""\
{FAMILY} (TourneCaseGaramond-Regular.otf, TourneCaseGaramond-Italic.otf)
is a Modified Version of EB Garamond 12 by Georg Duffner (EBGaramond12-Regular.otf,
EBGaramond12-Italic.otf in this folder), made by tools/make_fonts.py for the game Tourne Case:
the characters 0-9 are mapped to the font's own tabular lining figures instead of its
old-style figures, and the font is renamed. Nothing else is changed. The original's copyright
statement names no Reserved Font Name; the new name keeps the modified font apart from the
original all the same. The Modified Version is licensed, like the original, under the SIL Open
Font Licence 1.1, reproduced below with the original's copyright.

"""


def lining_glyphs(glyph_names) -> dict[str, str]:
    """digit glyph -> its lining counterpart in this font (KeyError naming what is missing)."""
    names = set(glyph_names)
    for suffix in LINING_SUFFIXES:
        if all(digit + suffix in names for digit in DIGITS):
            return {digit: digit + suffix for digit in DIGITS}
    raise KeyError("no lining figures found; looked for digits named like "
                   + ", ".join("one" + s for s in LINING_SUFFIXES))


def make_lining(source: pathlib.Path, target: pathlib.Path, style: str) -> dict[str, str]:
    """Write `source` with lining digits and the new name to `target`; the digit mapping used."""
    from fontTools.ttLib import TTFont
    font = TTFont(str(source), recalcTimestamp=False)
    mapping = lining_glyphs(font.getGlyphOrder())
    for table in font["cmap"].tables:
        if table.isUnicode():
            for code in range(ord("0"), ord("9") + 1):
                if table.cmap.get(code) in mapping:
                    table.cmap[code] = mapping[table.cmap[code]]
    rename(font, style)
    font.save(str(target))
    return mapping


def rename(font, style: str) -> None:
    """Give the font its own family name in the name table and the CFF table."""
    postscript = FAMILY.replace(" ", "") + "-" + style
    full = f"{FAMILY} {style}"
    names = {1: FAMILY, 2: style, 3: f"{postscript};tools/make_fonts.py", 4: full,
             6: postscript, 16: FAMILY, 17: style}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17):
            table.removeNames(nameID=record.nameID)
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)     # Windows, Unicode, English
        table.setName(text, name_id, 1, 0, 0)         # Macintosh, Roman, English
    if "CFF " in font:
        cff = font["CFF "].cff
        top = cff[cff.fontNames[0]]
        cff.fontNames = [postscript]
        top.FamilyName, top.FullName = FAMILY, full


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", type=pathlib.Path, default=FONT_DIR,
                        help="folder with the originals; the derivatives are written there too")
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is not installed: python -m pip install -r requirements-tools.txt",
              file=sys.stderr)
        return 1
    for original, (derivative, style) in FONTS.items():
        mapping = make_lining(args.fonts / original, args.fonts / derivative, style)
        print(f"{derivative}: digits -> {mapping['one'].replace('one', '*')}")
    licence = (args.fonts / "OFL.txt").read_text(encoding="utf-8")
    (args.fonts / LICENCE).write_text(NOTICE + licence, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
