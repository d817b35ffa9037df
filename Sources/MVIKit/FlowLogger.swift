import Logging

/// A ready ``Store/flowObserver`` that writes the flow to a swift-log `Logger`.
///
/// ```swift
/// store.flowObserver = FlowLogger<Counter>(label: "counter").log
/// ```
///
/// Values wrapped in ``Secret`` print as `Secret(••••)`; `redact` can blank out more (for
/// example a field whose type you do not own).
public struct FlowLogger<M: Model>: Sendable {
  private let logger: Logger
  private let level: Logger.Level
  private let redact: @Sendable (String) -> String

  /// Logs to `logger` at `level`, passing every message through `redact` first.
  public init(
    logger: Logger,
    level: Logger.Level = .debug,
    redact: @escaping @Sendable (String) -> String = { $0 }
  ) {
    self.logger = logger
    self.level = level
    self.redact = redact
  }

  /// Logs to a new `Logger` with `label`.
  public init(label: String, level: Logger.Level = .debug) {
    self.init(logger: Logger(label: label), level: level)
  }

  /// Logs one event; pass this method as a store's ``Store/flowObserver``.
  public func log(_ event: FlowEvent<M>) {
    let message: String
    switch event {
    case .intent(let intent):
      message = "intent: \(String(describing: intent))"
    case .stateChanged(_, let state):
      message = "state: \(String(describing: state))"
    case .sideEffect(let sideEffect):
      message = "side effect: \(String(describing: sideEffect))"
    case .unhandledError(let error):
      logger.error("\(redact("unhandled effect error: \(String(describing: error))"))")
      return
    case .runtimeWarning(let warning):
      logger.warning("\(redact(warning))")
      return
    }
    logger.log(level: level, "\(redact(message))")
  }
}
