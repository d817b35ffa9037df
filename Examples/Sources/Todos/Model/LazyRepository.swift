import Synchronization

/// The to-do database, opened on first use and then kept: the outcome of the one attempt to
/// open it, an open repository or the reason it could not be opened.
final class LazyRepository: Sendable {
  private let open: @Sendable () throws -> TodoRepository
  private let outcome = Mutex<Result<TodoRepository, any Error>?>(nil)

  init(_ open: @escaping @Sendable () throws -> TodoRepository) {
    self.open = open
  }

  /// The repository, opening it the first time.
  func get() throws -> TodoRepository {
    try outcome.withLock { outcome in
      if let outcome { return outcome }
      let opened = Result { try open() }
      outcome = opened
      return opened
    }.get()
  }
}
