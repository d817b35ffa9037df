/// One cell of a ``Grid``: a character and its style.
public struct Cell: Hashable, Sendable {
  /// The grapheme shown in the cell; a space for blank cells and empty for the right half of a
  /// wide character.
  public var character: Character?
  /// How the cell looks.
  public var style: Style

  /// Creates a cell.
  public init(_ character: Character = " ", style: Style = .plain) {
    self.character = character
    self.style = style
  }

  /// A blank cell in the terminal's own colours.
  public static let blank = Cell()

  /// The right half of a wide character; the terminal draws it as part of the left half.
  static func continuation(_ style: Style) -> Cell {
    var cell = Cell(" ", style: style)
    cell.character = nil
    return cell
  }

  /// Whether this cell is the right half of a wide character.
  public var isContinuation: Bool { character == nil }
}
