import Foundation

/// A JSGF grammar that accepts exactly one of a list of phrases.
///
/// Phrases are normalised to lower-case words of letters, digits and apostrophes; empty and
/// repeated phrases are dropped.
///
/// ```
/// #JSGF V1.0;
/// grammar phrases;
/// public <phrase> = turn on the kitchen lights | open the front door;
/// ```
public struct PhraseGrammar: Sendable, Equatable {
  /// The name the grammar is registered under in the decoder.
  static let searchName = "phrases"

  /// The normalised phrases, in the order given.
  public let phrases: [String]

  /// Builds a grammar, or returns `nil` when no phrase has a word left after normalising.
  /// - Parameter phrases: The phrases, in any case and punctuation.
  public init?(phrases: [String]) {
    var seen = Set<String>()
    var kept: [String] = []
    for phrase in phrases {
      let normalised = Self.words(in: phrase).joined(separator: " ")
      if !normalised.isEmpty, seen.insert(normalised).inserted {
        kept.append(normalised)
      }
    }
    guard !kept.isEmpty else { return nil }
    self.phrases = kept
  }

  /// The distinct words of all phrases, in order of first use.
  public var words: [String] {
    var seen = Set<String>()
    return phrases.flatMap { $0.split(separator: " ").map(String.init) }
      .filter { seen.insert($0).inserted }
  }

  /// The grammar in JSGF.
  public var jsgf: String {
    "#JSGF V1.0;\ngrammar \(Self.searchName);\npublic <phrase> = "
      + phrases.joined(separator: " | ") + ";\n"
  }

  /// Reads a phrase list: one phrase a line; blank lines and lines starting with `#` are
  /// skipped.
  /// - Parameter text: The contents of a file such as `phrases.txt`.
  /// - Returns: The phrases, trimmed.
  public static func parseList(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  private static func words(in phrase: String) -> [String] {
    phrase.lowercased()
      .split { !($0.isLetter || $0.isNumber || $0 == "'") || !$0.isASCII }
      .map(String.init)
  }
}
