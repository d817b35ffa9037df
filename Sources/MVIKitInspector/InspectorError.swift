/// Why an inspector could not start.
public enum InspectorError: Error, Equatable, CustomStringConvertible {
  /// The store is a scoped store; an inspector attaches to the root store that owns the state.
  case scopedStore
  /// The server could not listen on `host`:`port`.
  case cannotListen(host: String, port: Int, reason: String)
  /// The page's files are missing from the package's resources.
  case pageMissing(String)

  /// What went wrong and what to do about it.
  public var description: String {
    switch self {
    case .scopedStore:
      "An inspector attaches to a root store; this store is scoped from another one. Attach it to the store made with Store(initialState:model:)."
    case .cannotListen(let host, let port, let reason):
      "The inspector could not listen on \(host):\(port): \(reason). Choose another port, or 0 for any free one."
    case .pageMissing(let name):
      "The inspector's page file \(name) is missing from MVIKitInspector's resources; rebuild the package."
    }
  }
}
