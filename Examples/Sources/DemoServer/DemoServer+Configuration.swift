import Logging

extension DemoServer {
  /// How to run a ``DemoServer``. The server always binds to `127.0.0.1`, never to another
  /// interface.
  public struct Configuration: Sendable {
    /// The TCP port to listen on; `0` (the default) lets the system pick a free one.
    public var port: Int
    /// Faults to inject, keyed by exact request path such as `"/users"` or `"/login"`.
    public var faults: [String: Fault]
    /// The bcrypt cost used to hash the demo password at startup (4...31). Low costs keep
    /// tests fast; the hash is still salted and compared in constant time.
    public var bcryptCost: UInt8
    /// The level of the server's own log lines. Request bodies are never logged.
    public var logLevel: Logger.Level

    /// Creates a configuration.
    /// - Parameters:
    ///   - port: The port to bind on `127.0.0.1`; `0` picks a free one.
    ///   - faults: Faults to inject, keyed by exact request path.
    ///   - bcryptCost: The bcrypt cost for the demo password hash, from 4 to 31.
    ///   - logLevel: The server's log level.
    public init(
      port: Int = 0,
      faults: [String: Fault] = [:],
      bcryptCost: UInt8 = 10,
      logLevel: Logger.Level = .warning
    ) {
      self.port = port
      self.faults = faults
      self.bcryptCost = bcryptCost
      self.logLevel = logLevel
    }
  }
}
