/// How much of a download has arrived: what a slow download shows while it runs.
public struct DownloadProgress: Equatable, Sendable, Codable {
  /// The bytes received so far.
  public var received: Int
  /// The bytes the server said it would send, when it said.
  public var expected: Int?

  /// Progress of `received` bytes out of `expected`.
  public init(received: Int, expected: Int?) {
    self.received = received
    self.expected = expected
  }
}
