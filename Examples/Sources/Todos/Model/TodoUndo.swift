/// The last change that `u` takes back.
public enum TodoUndo: Equatable, Sendable, Codable {
  /// Todos deleted (one, or every done one); undo puts them back as they were.
  case deleted([Todo])
  /// A todo renamed; undo gives it `previousTitle` again.
  case renamed(id: Int64, previousTitle: String)

  /// What the screen says `u` would do.
  public var hint: String {
    switch self {
    case .deleted(let todos):
      let count = todos.count
      return
        "Deleted \(count) todo\(count == 1 ? "" : "s"); u brings \(count == 1 ? "it" : "them") back."
    case .renamed(_, let previousTitle):
      return "Renamed; u gives it back its title \"\(previousTitle)\"."
    }
  }
}
