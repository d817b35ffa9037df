/// Text attributes such as bold and underline, combinable as a set.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8

  /// Creates attributes from raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Bold (or bright) text.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Faint text.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic text.
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped; used to show focus and selection.
  public static let reverse = TextAttributes(rawValue: 1 << 4)
  /// Struck-through text.
  public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}
