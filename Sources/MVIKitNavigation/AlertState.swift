import MVIKit

/// An alert or confirmation dialog as state: what it says, its buttons, and the intent each
/// button sends. Put it in an optional member (`var alert: AlertState<Intent>?`), set it in
/// `reduce` to present it, and clear it when `dismissed` arrives.
///
/// ```swift
/// case .deleteTapped(let id):
///   state.alert = AlertState(
///     title: "Delete this todo?",
///     buttons: [.destructive("Delete", send: .deleteConfirmed(id)), .cancel("Keep")],
///     dismissed: .alertDismissed)
///   return .none
/// case .alertDismissed:
///   state.alert = nil
///   return .none
/// ```
///
/// The terminal's `Alert(_:send:)` draws it; in SwiftUI, drive `.alert(_:isPresented:)` or
/// `.confirmationDialog` from it and send each button's ``AlertButton/intent``.
public struct AlertState<Intent: Sendable>: Sendable {
  /// The bold first line.
  public var title: String
  /// The text under the title.
  public var message: String
  /// The buttons, in order; none means a single OK button.
  public var buttons: [AlertButton<Intent>]
  /// Sent when the alert goes away, by any button or by Esc, after the button's own intent.
  public var dismissed: Intent

  /// An alert saying `title` and `message`, with `buttons`, that sends `dismissed` when it
  /// goes away.
  public init(
    title: String, message: String = "", buttons: [AlertButton<Intent>] = [], dismissed: Intent
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.dismissed = dismissed
  }
}

extension AlertState: Equatable where Intent: Equatable {}
// Encoded member by member: `title`, `message`, `buttons` and `dismissed`.
extension AlertState: Encodable where Intent: Encodable {}
extension AlertState: Decodable where Intent: Decodable {}

/// A button of an ``AlertState``.
public struct AlertButton<Intent: Sendable>: Sendable {
  /// What the button means, for platforms that style or place buttons by role.
  public enum Role: Sendable, Equatable, Codable {
    case plain, cancel, destructive
  }

  /// The label.
  public var title: String
  /// The intent it sends, if any (a cancel button usually sends none).
  public var intent: Intent?
  /// Its role.
  public var role: Role

  /// A button labelled `title` that sends `intent`.
  public init(_ title: String, send intent: Intent? = nil, role: Role = .plain) {
    self.title = title
    self.intent = intent
    self.role = role
  }

  /// A button that cancels: it only dismisses.
  public static func cancel(_ title: String) -> Self {
    Self(title, send: nil, role: .cancel)
  }

  /// A button for an action that destroys something.
  public static func destructive(_ title: String, send intent: Intent) -> Self {
    Self(title, send: intent, role: .destructive)
  }
}

extension AlertButton: Equatable where Intent: Equatable {}
// Encoded member by member; a button without an intent has no `intent` key.
extension AlertButton: Encodable where Intent: Encodable {}
extension AlertButton: Decodable where Intent: Decodable {}
