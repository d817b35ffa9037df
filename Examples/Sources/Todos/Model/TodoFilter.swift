/// Which todos the list shows.
public enum TodoFilter: String, CaseIterable, Equatable, Sendable, Codable {
  case all, active, done

  /// Whether `todo` passes the filter.
  public func includes(_ todo: Todo) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.isDone
    case .done: todo.isDone
    }
  }

  /// The next filter in the cycle all → active → done → all.
  public var next: TodoFilter {
    switch self {
    case .all: .active
    case .active: .done
    case .done: .all
    }
  }
}
