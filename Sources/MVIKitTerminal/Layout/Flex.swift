/// Which directions a view grows in to fill the space its stack offers: a ``Spacer`` or a
/// ``List`` grows in both, a ``TextField`` across, a ``Text`` in neither.
public struct Flex: Hashable, Sendable {
  /// Whether the view takes all the width it is offered.
  public var horizontal: Bool
  /// Whether the view takes all the height it is offered.
  public var vertical: Bool

  /// Grows in the directions given.
  public init(horizontal: Bool, vertical: Bool) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Takes only the size it asks for.
  public static let none = Flex(horizontal: false, vertical: false)
  /// Takes all the space offered.
  public static let both = Flex(horizontal: true, vertical: true)
  /// Takes all the width offered, and the height it asks for.
  public static let horizontal = Flex(horizontal: true, vertical: false)
  /// Takes all the height offered, and the width it asks for.
  public static let vertical = Flex(horizontal: false, vertical: true)

  func along(_ axis: Axis) -> Bool { axis == .horizontal ? horizontal : vertical }

  func union(_ other: Flex) -> Flex {
    Flex(horizontal: horizontal || other.horizontal, vertical: vertical || other.vertical)
  }
}
