#!/usr/bin/env python3
"""Generates Sources/MVIKitTerminalIO/Cells/CharacterWidthTable.swift from the Unicode Character
Database: which code points take two terminal columns, which take none, and which are emoji that
default to text presentation (one column unless U+FE0F or a skin tone asks for an emoji).

Usage:
    python3 scripts/generate-character-width.py [--ucd DIR] [--output FILE]

DIR holds UnicodeData.txt, EastAsianWidth.txt and emoji/emoji-data.txt; the default is
/usr/share/unicode, where Debian's `unicode-data` package puts them
(`apt-get install -y unicode-data`). The data is only needed to regenerate, not to build.
Afterwards check the output with `swift format lint --strict --configuration .swift-format`.
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(
    ROOT, "Sources", "MVIKitTerminalIO", "Cells", "CharacterWidthTable.swift"
)
LINE_LENGTH = 100
INDENT = "    "


def parse_ranges(path):
    """Yields (first, last, fields) for each data line of a UCD property file."""
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            bounds = fields[0].split("..")
            first = int(bounds[0], 16)
            last = int(bounds[-1], 16)
            yield first, last, fields[1:]


def file_version(path):
    """The version in a UCD file's first line, such as `EastAsianWidth-15.0.0.txt`."""
    with open(path, encoding="utf-8") as handle:
        first_line = handle.readline()
    match = re.search(r"-(\d+\.\d+\.\d+)\.txt", first_line)
    if not match:
        sys.exit(f"no version in the first line of {path}: {first_line.strip()}")
    return match.group(1)


def east_asian_wide(path):
    """Code points whose East_Asian_Width is W or F, listed or by default.

    Unassigned code points in the CJK ideograph blocks and planes 2 and 3 default to W; older
    files give those blocks in the header's prose, newer ones in `@missing` lines, so read both.
    """
    ranges = []
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            if not raw.startswith("#"):
                continue
            missing = re.match(r"#\s*@missing:\s*([0-9A-F]+)\.\.([0-9A-F]+)\s*;\s*(\w+)", raw)
            if missing and missing.group(3) in ("W", "F"):
                ranges.append((int(missing.group(1), 16), int(missing.group(2), 16)))
                continue
            prose = re.search(r"U\+([0-9A-F]{4,6})\.\.U\+([0-9A-F]{4,6})", raw)
            if prose:
                ranges.append((int(prose.group(1), 16), int(prose.group(2), 16)))
    for first, last, fields in parse_ranges(path):
        if fields[0] in ("W", "F"):
            ranges.append((first, last))
    return ranges


def emoji_property(path, name):
    return [(first, last) for first, last, fields in parse_ranges(path) if fields[0] == name]


def zero_width(path):
    """Nonspacing and enclosing marks and format characters, from the general category, plus
    the Hangul medial and final jamo, which only ever extend the syllable before them.

    U+00AD SOFT HYPHEN is a format character, but terminals draw it as a hyphen in a column of
    its own (and wcwidth says 1), so it stays one column wide.
    """
    ranges = []
    pending_first = None
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            fields = raw.rstrip("\n").split(";")
            code = int(fields[0], 16)
            name, category = fields[1], fields[2]
            if name.endswith(", First>"):
                pending_first = code
                continue
            first = pending_first if name.endswith(", Last>") else code
            pending_first = None
            if category in ("Mn", "Me", "Cf") and code != 0x00AD:
                ranges.append((first, code))
    ranges.append((0x1160, 0x11FF))  # Hangul Jungseong and Jongseong
    ranges.append((0xD7B0, 0xD7FF))  # Hangul Jamo Extended-B: more of the same
    return ranges


def merged(ranges):
    result = []
    for first, last in sorted(ranges):
        if result and first <= result[-1][1] + 1:
            result[-1] = (result[-1][0], max(result[-1][1], last))
        else:
            result.append((first, last))
    return result


def subtract(ranges, removed):
    """`ranges` without any code point in `removed`; both sorted and merged."""
    result = []
    for first, last in ranges:
        pieces = [(first, last)]
        for removed_first, removed_last in removed:
            next_pieces = []
            for piece_first, piece_last in pieces:
                if removed_last < piece_first or removed_first > piece_last:
                    next_pieces.append((piece_first, piece_last))
                    continue
                if piece_first < removed_first:
                    next_pieces.append((piece_first, removed_first - 1))
                if piece_last > removed_last:
                    next_pieces.append((removed_last + 1, piece_last))
            pieces = next_pieces
        result.extend(pieces)
    return result


def swift_ranges(name, ranges, documentation):
    """A table as the UCD writes ranges, `0300..036F`, or `05BF` for one code point: as dense
    as the data files, and read by `CharacterWidthTable.ranges(_:)` on first use."""
    lines = [f"  /// {line}" for line in documentation]
    lines.append(f"  static let {name}: [ClosedRange<UInt32>] = ranges(")
    lines.append(f'{INDENT}"""')
    current = ""
    for first, last in ranges:
        item = f"{first:04X}" if first == last else f"{first:04X}..{last:04X}"
        if current and len(INDENT + current + " " + item) > LINE_LENGTH:
            lines.append(INDENT + current)
            current = item
        else:
            current = f"{current} {item}" if current else item
    if current:
        lines.append(INDENT + current)
    lines.append(f'{INDENT}""")')
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ucd", default="/usr/share/unicode", help="the UCD directory")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="the Swift file to write")
    arguments = parser.parse_args()

    east_asian_width = os.path.join(arguments.ucd, "EastAsianWidth.txt")
    emoji_data = os.path.join(arguments.ucd, "emoji", "emoji-data.txt")
    unicode_data = os.path.join(arguments.ucd, "UnicodeData.txt")
    for path in (east_asian_width, emoji_data, unicode_data):
        if not os.path.exists(path):
            sys.exit(f"missing {path}: install it with `apt-get install -y unicode-data`")
    version = file_version(east_asian_width)

    zero = merged(zero_width(unicode_data))
    # A mark stays a mark even where East_Asian_Width calls it wide (U+3099, U+302A): it is
    # drawn over the character before it.
    presentation = emoji_property(emoji_data, "Emoji_Presentation")
    wide = subtract(merged(east_asian_wide(east_asian_width) + presentation), zero)
    emoji = subtract(subtract(merged(emoji_property(emoji_data, "Emoji")), wide), zero)
    first_special = min(zero[0][0], wide[0][0])

    lines = [
        "// Generated by scripts/generate-character-width.py from the Unicode Character Database,",
        f"// version {version} (EastAsianWidth.txt, emoji/emoji-data.txt and UnicodeData.txt).",
        "// Do not edit: to regenerate, `apt-get install -y unicode-data` (or pass --ucd DIR), run",
        "// `python3 scripts/generate-character-width.py`, then lint it with swift-format.",
        "",
        "/// Code point ranges by terminal width, sorted and merged so a binary search finds a",
        "/// scalar; see `Character.terminalWidth` for how a whole grapheme is measured. Each table",
        "/// is written as the UCD's own files write ranges (`0300..036F`, `05BF` for one code point).",
        "enum CharacterWidthTable {",
        "  /// The Unicode version the ranges come from.",
        f'  static let unicodeVersion = "{version}"',
        "",
        "  /// No scalar below this is zero-width or wide: a fast path for Latin text.",
        f"  static let firstSpecial: UInt32 = 0x{first_special:04X}",
        "",
    ]
    lines += swift_ranges(
        "zeroWidth",
        zero,
        [
            "No columns: nonspacing and enclosing marks (Mn, Me), format characters (Cf) but the",
            "soft hyphen, and Hangul medial and final jamo (U+1160–U+11FF, U+D7B0–U+D7FF).",
        ],
    )
    lines.append("")
    lines += swift_ranges(
        "wide",
        wide,
        [
            "Two columns: East_Asian_Width W or F (unassigned CJK ideographs included), and",
            "Emoji_Presentation=Yes.",
        ],
    )
    lines.append("")
    lines += swift_ranges(
        "emoji",
        emoji,
        [
            "Emoji that default to text presentation (Emoji=Yes, not already wide): one column",
            "alone, two with U+FE0F or a skin-tone modifier after them.",
        ],
    )
    lines.append("}")
    with open(arguments.output, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print(
        f"wrote {os.path.relpath(arguments.output, ROOT)}: Unicode {version}, "
        f"{len(zero)} zero-width, {len(wide)} wide, {len(emoji)} text-default emoji ranges"
    )


if __name__ == "__main__":
    main()
