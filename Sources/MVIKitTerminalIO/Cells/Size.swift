/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a size of `width` columns and `height` rows; negative values become zero.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// No cells.
  public static let zero = Size(width: 0, height: 0)

  /// `40×12`, the way users read terminal sizes.
  public var description: String { "\(width)×\(height)" }

  /// Whether this size is at least `other` in both directions.
  public func contains(_ other: Size) -> Bool {
    width >= other.width && height >= other.height
  }
}
