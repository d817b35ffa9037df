extension Character {
  /// How many terminal columns the character takes: 0, 1 or 2.
  ///
  /// A `Character` is an extended grapheme cluster, the unit a terminal draws in one place, so
  /// its width is that of the whole cluster rather than a sum over its scalars:
  ///
  /// - Controls (C0, DEL, C1, and CR LF) are 0: they move the cursor or do nothing.
  /// - A cluster made only of zero-width scalars (marks, format characters such as U+200B,
  ///   Hangul medial and final jamo) is 0: nothing is drawn that needs a cell.
  /// - Otherwise the first scalar that is not zero-width is the base, and marks, joiners and
  ///   selectors after it draw over it. A wide base (East_Asian_Width W or F, or an emoji with
  ///   Emoji_Presentation, which covers a regional-indicator flag and skin-toned or
  ///   ZWJ-joined emoji) makes the cluster 2, whatever follows it.
  /// - An emoji that defaults to text presentation (❤, ☝, a digit) is 2 when U+FE0F or a
  ///   skin-tone modifier follows it, since both ask for the emoji glyph; so a keycap
  ///   (1 U+FE0F U+20E3) is 2. Without them (❤ alone, or 1 U+20E3) it is 1.
  /// - Everything else is 1, including East_Asian_Width A (ambiguous), which terminals outside
  ///   CJK locales draw narrow, and U+00AD SOFT HYPHEN, which they draw as a visible hyphen.
  ///
  /// The scalar data comes from the Unicode Character Database; see
  /// `scripts/generate-character-width.py`.
  public var terminalWidth: Int {
    var base: UInt32?
    var asksForEmoji = false
    for scalar in unicodeScalars {
      let value = scalar.value
      guard base == nil else {
        if value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value) { asksForEmoji = true }
        continue
      }
      if Self.isControl(value) { return 0 }
      switch Self.width(of: value) {
      case 0: continue
      case 2: return 2
      default: base = value
      }
    }
    guard let base else { return 0 }
    return asksForEmoji && CharacterWidthTable.contains(CharacterWidthTable.emoji, base) ? 2 : 1
  }

  private static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || (value >= 0x7F && value < 0xA0)
  }

  /// The width of one scalar that is not a control, from the generated tables.
  private static func width(of value: UInt32) -> Int {
    if value < CharacterWidthTable.firstSpecial { return 1 }
    if CharacterWidthTable.contains(CharacterWidthTable.zeroWidth, value) { return 0 }
    return CharacterWidthTable.contains(CharacterWidthTable.wide, value) ? 2 : 1
  }
}

extension CharacterWidthTable {
  /// The ranges of a generated table, written as the UCD writes them: `0300..036F`, or `05BF`
  /// for a single code point, separated by white space.
  static func ranges(_ table: String) -> [ClosedRange<UInt32>] {
    table.split(whereSeparator: \.isWhitespace).map { item in
      let bounds = item.split(separator: ".").map { UInt32($0, radix: 16)! }
      return bounds[0]...bounds[bounds.count - 1]
    }
  }

  /// Whether `value` is in one of `ranges`, which are sorted and do not overlap.
  static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < ranges.count && ranges[low].lowerBound <= value
  }
}

extension String {
  /// How many terminal columns the string takes: the sum of its characters'
  /// `Character.terminalWidth`.
  ///
  /// Lay text out with this rather than `count`: 漢字 is 2 characters but 4 columns, and
  /// 👩‍👩‍👧 is 1 character but 5 scalars.
  public var terminalWidth: Int {
    // Printable ASCII is one column a byte, and most text is ASCII: skip grapheme breaking.
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
    var total = 0
    for character in self { total += character.terminalWidth }
    return total
  }
}
