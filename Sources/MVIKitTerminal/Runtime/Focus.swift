/// Where keys go first: a focusable view, or none of them (the screen), when every key goes to
/// the screen's bindings.
enum Focus: Equatable {
  /// Nothing chosen yet: the first focusable view drawn has the focus.
  case first
  /// The view with this id.
  case view(String)
  /// No view. Tab goes on from `after`, the view that last had the focus; with
  /// `restoresLost`, a view that lost the focus by disappearing gets it back when it returns.
  case screen(after: String?, restoresLost: Bool)

  /// The id of the view with the focus, when `first` is the first focusable view drawn; nil
  /// when the screen has it.
  func id(first: String?) -> String? {
    switch self {
    case .first: first
    case .view(let id): id
    case .screen: nil
    }
  }
}
