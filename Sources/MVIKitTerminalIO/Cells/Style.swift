/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
  /// The text colour.
  public var foreground: Color
  /// The cell colour.
  public var background: Color
  /// Bold, underline and friends.
  public var attributes: TextAttributes

  /// Creates a style; the defaults are the terminal's own colours and no attributes.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's own look.
  public static let plain = Style()

  /// This style with the colours of `other` that are not `.default`, and both attributes.
  public func merged(with other: Style) -> Style {
    Style(
      foreground: other.foreground == .default ? foreground : other.foreground,
      background: other.background == .default ? background : other.background,
      attributes: attributes.union(other.attributes))
  }

  /// Whether the text is bold.
  public var isBold: Bool { attributes.contains(.bold) }
  /// Whether foreground and background are swapped.
  public var isReversed: Bool { attributes.contains(.reverse) }
}
