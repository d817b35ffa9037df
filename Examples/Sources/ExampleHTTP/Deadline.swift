/// Runs `operation`, or throws ``TransportFailure/timeout`` once `timeout` has passed.
/// Whichever finishes first wins; the other is cancelled, which also stops a request.
package func withDeadline<T: Sendable>(
  _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask(operation: operation)
    group.addTask {
      try await Task.sleep(for: timeout)
      throw TransportFailure.timeout
    }
    defer { group.cancelAll() }
    guard let first = try await group.next() else { throw TransportFailure.timeout }
    return first
  }
}
