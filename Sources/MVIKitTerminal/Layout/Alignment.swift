/// Where a view sits across a stack when it is smaller than the stack.
public enum Alignment: Hashable, Sendable {
  /// Left in a vertical stack, top in a horizontal one.
  case leading
  /// Centred.
  case center
  /// Right in a vertical stack, bottom in a horizontal one.
  case trailing

  func offset(free: Int) -> Int {
    switch self {
    case .leading: 0
    case .center: max(0, free) / 2
    case .trailing: max(0, free)
    }
  }
}
