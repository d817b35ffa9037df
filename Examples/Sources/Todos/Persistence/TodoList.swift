/// The to-dos in the database, and how many of its rows could not be read as to-dos.
///
/// Another program may write a row this app cannot read (a date that is not a date). That row
/// is counted and left alone, and the others still show.
public struct TodoList: Equatable, Sendable, Codable, ExpressibleByArrayLiteral {
  /// The readable to-dos, oldest first.
  public var todos: [Todo]
  /// How many rows could not be read.
  public var unreadable: Int

  /// A list of `todos`, with `unreadable` rows left out.
  public init(todos: [Todo], unreadable: Int = 0) {
    self.todos = todos
    self.unreadable = unreadable
  }

  /// A list of the to-dos given, none left out.
  public init(arrayLiteral todos: Todo...) {
    self.init(todos: todos)
  }
}
