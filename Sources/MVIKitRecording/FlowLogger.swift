import Logging
import MVIKit

/// A ready `FlowObserver` that writes the flow to a swift-log `Logger`.
///
/// ```swift
/// let store = Store(
///   initialState: .init(), model: Counter(),
///   attaching: [FlowObserver(FlowLogger<Counter>(label: "counter").log)])
/// ```
///
/// Each intent and side effect is one line at `level` (`.info` by default). A state change is
/// logged at `changeLevel` (`.debug`) as what changed, not the whole state:
///
/// ```
/// intent: factLoaded("1 is odd")
/// state: fact: nil → "1 is odd"; isLoading: true → false
/// ```
///
/// Values wrapped in `Secret` print as `Secret(••••)`; a change to a secret is logged
/// without either value. `redact` can blank out more (for example a field whose type you do
/// not own).
public struct FlowLogger<M: Model>: Sendable {
  private let logger: Logger
  private let level: Logger.Level
  private let changeLevel: Logger.Level
  private let redact: @Sendable (String) -> String
  /// At most this many changed members are listed for one intent.
  private static var changeLimit: Int { 20 }

  /// Logs to `logger`, passing every message through `redact` first.
  ///
  /// - Parameters:
  ///   - logger: Where the lines go.
  ///   - level: The level of the line for each intent and side effect.
  ///   - changeLevel: The level of the line listing what an intent changed in the state.
  ///   - redact: Applied to every line before it is logged.
  public init(
    logger: Logger,
    level: Logger.Level = .info,
    changeLevel: Logger.Level = .debug,
    redact: @escaping @Sendable (String) -> String = { $0 }
  ) {
    self.logger = logger
    self.level = level
    self.changeLevel = changeLevel
    self.redact = redact
  }

  /// Logs to a new `Logger` with `label`.
  public init(label: String, level: Logger.Level = .info) {
    self.init(logger: Logger(label: label), level: level)
  }

  /// Logs one event; pass this method to a `FlowObserver` attached to a store.
  public func log(_ event: FlowEvent<M>) {
    switch event {
    case .intent(let intent):
      logger.log(level: level, "\(redact("intent: \(String(describing: intent))"))")
    case .stateChanged(let old, let new):
      // Building the diff walks both states: skip it when the line would be dropped.
      guard logger.logLevel <= changeLevel else { return }
      logger.log(level: changeLevel, "\(redact("state: \(Self.changes(from: old, to: new))"))")
    case .sideEffect(let sideEffect):
      logger.log(level: level, "\(redact("side effect: \(String(describing: sideEffect))"))")
    case .unhandledError(let error):
      logger.error("\(redact("unhandled effect error: \(String(describing: error))"))")
    case .runtimeWarning(let warning):
      logger.warning("\(redact(warning))")
    }
  }

  /// `member: old → new` for each member that changed, joined by `; `.
  static func changes(from old: M.State, to new: M.State) -> String {
    let changes = StateChange.changes(
      from: JSONValue(reflecting: old), to: JSONValue(reflecting: new))
    guard !changes.isEmpty else { return "nothing printable changed (a Secret may have)" }
    var text = changes.prefix(changeLimit).map(\.description).joined(separator: "; ")
    if changes.count > changeLimit { text += "; and \(changes.count - changeLimit) more" }
    return text
  }
}
