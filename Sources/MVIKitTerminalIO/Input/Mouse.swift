/// A mouse event from a terminal that reports the mouse (SGR encoding, `ESC [ < … M`).
///
/// The runtime delivers it to views as ``Key/mouse(_:)``: a press goes to the focusable view
/// under the pointer, which takes the focus first; the wheel goes to the view under the
/// pointer without moving the focus. Positions are screen cells counted from 0, so a view
/// compares them with the rect it was drawn in:
///
/// ```swift
/// if case .mouse(let mouse) = key, mouse.action == .press(.left) {
///   let row = mouse.row - rect.y
/// }
/// ```
public struct Mouse: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    /// The primary button.
    case left
    /// The wheel pressed as a button.
    case middle
    /// The secondary button.
    case right
  }

  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button came up.
    case release(Button)
    /// The pointer moved with a button held.
    case drag(Button)
    /// The wheel turned away from the user (content moves down, earlier rows come into view).
    case scrollUp
    /// The wheel turned towards the user.
    case scrollDown
  }

  /// What the mouse did.
  public var action: Action
  /// The column of the pointer, from 0 at the left edge of the screen.
  public var column: Int
  /// The row of the pointer, from 0 at the top of the screen (of the app's area, inline).
  public var row: Int
  /// The keys held with it.
  public var modifiers: Key.Modifiers

  /// Creates a mouse event at `column`, `row`.
  public init(_ action: Action, column: Int, row: Int, modifiers: Key.Modifiers = []) {
    self.action = action
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }

  /// Whether this is a wheel turn.
  public var isScroll: Bool { action == .scrollUp || action == .scrollDown }
}

extension Key {
  /// The mouse event when this is a press of the left button (a click), else nil.
  public var click: Mouse? {
    guard case .mouse(let mouse) = self, mouse.action == .press(.left) else { return nil }
    return mouse
  }

  /// -1 when this is a wheel turn up, 1 down, else nil: the direction rows move in.
  public var scrollDirection: Int? {
    guard case .mouse(let mouse) = self else { return nil }
    switch mouse.action {
    case .scrollUp: return -1
    case .scrollDown: return 1
    default: return nil
    }
  }
}
