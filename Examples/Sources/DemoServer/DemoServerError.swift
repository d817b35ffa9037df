/// Why a ``DemoServer`` could not start.
public enum DemoServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The configured port is outside `0...65535`.
  case invalidPort(Int)
  /// The bcrypt cost is outside `4...31`.
  case invalidBcryptCost(UInt8)
  /// A ``Fault/status(_:)`` fault names a code that is not an HTTP status (`100...599`).
  case invalidFaultStatus(path: String, status: Int)
  /// The server stopped before it was listening, for example because the port is taken.
  case startFailed(String)

  /// A readable explanation of the error.
  public var description: String {
    switch self {
    case .invalidPort(let port):
      "The demo server can't listen on port \(port): use 0 (any free port) up to 65535."
    case .invalidBcryptCost(let cost):
      "The bcrypt cost \(cost) is out of range: use 4 up to 31."
    case .invalidFaultStatus(let path, let status):
      "The fault for \(path) uses \(status), which is not an HTTP status: use 100 up to 599."
    case .startFailed(let reason):
      "The demo server could not start: \(reason)"
    }
  }
}
