#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A Boolean that one thread sets and another polls.
final class StopFlag: @unchecked Sendable {
  // Guarded by `lock`.
  private var lock = pthread_mutex_t()
  private var stopped = false

  init() {
    pthread_mutex_init(&lock, nil)
  }

  var isStopped: Bool {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    return stopped
  }

  func stop() {
    pthread_mutex_lock(&lock)
    stopped = true
    pthread_mutex_unlock(&lock)
  }
}
