import Synchronization

/// Where the explorer runs the work of effects: on the explorer's own thread, job by job, as
/// the explorer asks, instead of on the global pool.
///
/// A run's work is nonisolated, so that in a task of its own it would start on the global
/// pool: the explorer waited for a thread to wake, the work sent, and waited for the main
/// actor to wake back. Ten taps with their answers start a million runs to explore, and those
/// waits made a run cost twenty times a reduce (bench 13c). The explorer starts each run's
/// task with this executor as its preference, then runs the jobs it was handed itself, until
/// the run has finished; only work that waits on something else (another actor, a real
/// clock) leaves the explorer to wait, and then this executor wakes it when a job comes back.
///
/// Once its exploration ends, the executor hands what still comes to the global pool: work
/// abandoned past its timeout goes on there, as it did before, and is never left unrun.
@usableFromInline
final class ExplorationExecutor: TaskExecutor {
  private struct Queue: ~Copyable {
    var jobs: [UnownedJob] = []
    /// The explorer, while it waits for a job.
    var waiter: CheckedContinuation<Void, Never>?
    /// Set when the wait must end without a job: the work it waits on was abandoned.
    var isWoken = false
    var isClosed = false
  }

  private let queue = Mutex(Queue())

  @usableFromInline init() {}

  @usableFromInline func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let isClosed = queue.withLock { queue -> Bool in
      if !queue.isClosed { queue.jobs.append(job) }
      return queue.isClosed
    }
    if isClosed {
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
      return
    }
    let waiter = queue.withLock { queue -> CheckedContinuation<Void, Never>? in
      queue.waiter.take()
    }
    waiter?.resume()
  }

  /// Runs the jobs handed to this executor, and those they hand on, until none is left.
  @usableFromInline func runPending() {
    let executor = asUnownedTaskExecutor()
    while true {
      let jobs = queue.withLock { queue in
        defer { queue.jobs.removeAll(keepingCapacity: true) }
        return queue.jobs
      }
      if jobs.isEmpty { return }
      for job in jobs { job.runSynchronously(on: executor) }
    }
  }

  /// Waits for work that left the explorer's thread to come back and end, running its jobs as
  /// they come; false when it was abandoned past `timeout` first (with `abandon`, which
  /// cancels it). With no `watch`, there is no timeout.
  @usableFromInline @MainActor
  func wait(
    until isFinished: () -> Bool, watch: ExplorationWatch?, timeout: Duration,
    abandon: @escaping () -> Void
  ) async -> Bool {
    var isAbandoned = false
    watch?.due = (
      .now + timeout,
      {
        isAbandoned = true
        abandon()
        self.wake()
      }
    )
    defer { watch?.due = nil }
    while true {
      await waitForJob()
      // Abandoned is abandoned, even if the cancellation then let the work end at once.
      if isAbandoned { return false }
      runPending()
      if isFinished() { return true }
    }
  }

  /// Waits until a job is handed to this executor, or ``wake()`` is called.
  private func waitForJob() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isReady = queue.withLock { queue in
        let isReady = !queue.jobs.isEmpty || queue.isWoken
        queue.isWoken = false
        if !isReady { queue.waiter = continuation }
        return isReady
      }
      if isReady { continuation.resume() }
    }
  }

  /// Ends the current (or the next) ``waitForJob()`` without a job.
  private func wake() {
    let waiter = queue.withLock { queue in
      queue.isWoken = true
      return queue.waiter.take()
    }
    waiter?.resume()
  }

  /// Hands every job still queued, and every job to come, to the global pool.
  @usableFromInline func close() {
    let jobs = queue.withLock { queue in
      queue.isClosed = true
      defer { queue.jobs = [] }
      return queue.jobs
    }
    for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
  }
}
