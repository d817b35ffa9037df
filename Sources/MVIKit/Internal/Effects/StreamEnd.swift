/// Finishes a stream when the last thing that feeds it lets go of it.
final class StreamEnd<Element: Sendable>: Sendable {
  let continuation: AsyncStream<Element>.Continuation

  init(_ continuation: AsyncStream<Element>.Continuation) { self.continuation = continuation }

  deinit { continuation.finish() }
}
