/// Fuzzy matching for filters: a query matches a text when its letters appear in the text in
/// order, not necessarily together, ignoring case and accents. `"cfe"` matches "Café Olé", and
/// `"e"` matches "é" as well as "E".
///
/// Folding needs no Foundation: combining marks (the accent of a decomposed `e` + U+0301) are
/// dropped, Latin letters with a diacritic (é, ñ, ø, ł, ệ) become their base letter by their
/// Unicode name, and everything else is lowercased, so Greek or Cyrillic matches whatever its
/// case but keeps its accents; CJK text, which has neither, matches as it is.
struct FuzzyMatch {
  /// The query's letters, folded, without its spaces: `new york` also finds "Newyork".
  private let pattern: [UInt32]

  /// A matcher for `query`.
  init(_ query: String) {
    var pattern: [UInt32] = []
    Self.fold(query) {
      if !$0.properties.isWhitespace { pattern.append($0.value) }
      return true
    }
    self.pattern = pattern
  }

  /// Whether the query has no letters, so that every text matches.
  var isEmpty: Bool { pattern.isEmpty }

  /// How well a text matches, best first.
  enum Rank: Int, CaseIterable {
    /// The text is the query (case, accents and spaces aside).
    case exact
    /// The text starts with the query.
    case prefix
    /// A word of the text starts with the query.
    case wordStart
    /// The query's letters are together somewhere else in the text.
    case substring
    /// The query's letters are in the text in order, apart.
    case fuzzy
  }

  /// How well `text` matches the query; nil when it does not.
  func rank(_ text: String) -> Rank? {
    guard matches(text) else { return nil }
    // The text folded as the query is, without its spaces, with where each word starts.
    var letters: [UInt32] = []
    var wordStarts: Set<Int> = [0]
    var afterSeparator = false
    Self.fold(text) { scalar in
      let properties = scalar.properties
      if properties.isWhitespace || (!properties.isAlphabetic && !("0"..."9").contains(scalar)) {
        afterSeparator = true
        if properties.isWhitespace { return true }
      }
      if afterSeparator { wordStarts.insert(letters.count) }
      afterSeparator = false
      letters.append(scalar.value)
      return true
    }
    if letters == pattern { return .exact }
    if letters.starts(with: pattern) { return .prefix }
    var best = Rank.fuzzy
    guard letters.count >= pattern.count else { return best }
    for start in 0...(letters.count - pattern.count)
    where letters[start..<start + pattern.count].elementsEqual(pattern) {
      if wordStarts.contains(start) { return .wordStart }
      best = .substring
    }
    return best
  }

  /// Whether the query's letters appear in `text` in order.
  func matches(_ text: String) -> Bool {
    guard !pattern.isEmpty else { return true }
    var next = 0
    // Most list text is ASCII: compare its bytes without grapheme or scalar decoding.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      for byte in text.utf8 where UInt32(Self.lowercased(byte)) == pattern[next] {
        next += 1
        if next == pattern.count { return true }
      }
      return false
    }
    Self.fold(text) { scalar in
      if scalar.value == pattern[next] { next += 1 }
      return next < pattern.count
    }
    return next == pattern.count
  }

  /// Calls `body` with each scalar of `text` folded for comparison, until it returns false.
  private static func fold(_ text: String, _ body: (Unicode.Scalar) -> Bool) {
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        guard body(Unicode.Scalar(lowercased(UInt8(scalar.value)))) else { return }
        continue
      }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark: continue
      default: break
      }
      if let base = latinBases[scalar.value] {
        guard body(Unicode.Scalar(base)) else { return }
      } else if scalar.properties.changesWhenLowercased {
        for lower in scalar.properties.lowercaseMapping.unicodeScalars {
          guard body(lower) else { return }
        }
      } else {
        guard body(scalar) else { return }
      }
    }
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// The lowercase ASCII base letter of each Latin letter with a diacritic, read once from the
  /// names of the blocks that hold them ("LATIN CAPITAL LETTER E WITH ACUTE" is `e`); the
  /// standard library has no public decomposition to take them from.
  private static let latinBases: [UInt32: UInt8] = {
    var bases: [UInt32: UInt8] = [:]
    let blocks: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF5A]
    for value in blocks.joined() {
      guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name,
        name.hasPrefix("LATIN ") || name.hasPrefix("FULLWIDTH LATIN "),
        let letter = name.split(separator: " ").drop(while: { $0 != "LETTER" }).dropFirst().first,
        letter.utf8.count == 1, let byte = letter.utf8.first, byte >= 0x41, byte <= 0x5A
      else { continue }
      bases[value] = lowercased(byte)
    }
    return bases
  }()
}
