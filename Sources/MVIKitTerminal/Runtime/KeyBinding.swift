/// A key, what it does, and how the ``HelpBar`` names it.
public struct KeyBinding {
  /// The keys that trigger the action; the first one is shown in the help bar.
  public var keys: [Key]
  /// The help bar text, such as "Quit"; nil keeps the binding out of the help bar.
  public var help: String?
  /// What the key does, usually `store.send(...)`.
  public var action: @MainActor () -> Void
  /// Whether the help bar keeps the binding when it drops others to fit: the key that lists
  /// them all (see ``View/keyHelp(_:isPresented:toggle:)``), a stack's Back and Quit.
  var isPinned = false

  /// Creates a binding of `keys` to `action`.
  public init(_ keys: [Key], help: String?, action: @escaping @MainActor () -> Void) {
    self.keys = keys
    self.help = help
    self.action = action
  }

  /// The label shown in the help bar for `keys`, such as `↑/+`.
  static func label(_ keys: [Key]) -> String {
    keys.prefix(2).map(\.label).joined(separator: "/")
  }
}
