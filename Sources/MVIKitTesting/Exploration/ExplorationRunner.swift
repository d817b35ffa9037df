import Synchronization

/// One task that runs the work of an exploration's runs, one after another, instead of a task
/// for each run.
///
/// Ten taps with their answers start a million runs to explore; a task for each (made, handed
/// to the executor, ended, freed) was most of what a run cost. The runner's task waits for
/// work between runs; handing it the next is resuming it. It prefers the exploration's
/// ``ExplorationExecutor``, so its jobs run on the explorer's thread as a run's task did.
///
/// It is made for an exploration by the first run, where the run's own task was made, so that
/// the work sees the task-local values it saw before. Work that must be abandoned takes the
/// runner with it: its task is cancelled and the next run makes a new runner.
@usableFromInline
struct ExplorationRunner: Sendable {
  @usableFromInline typealias Work = any ExplorationRunnable

  private let mailbox = RunnerMailbox()
  private let task: Task<Void, Never>

  @usableFromInline init(executor: ExplorationExecutor) {
    // The task keeps the mailbox, not the runner: a runner let go of while its work still
    // runs (abandoned) leaves the task what it needs to end.
    task = Task(executorPreference: executor) { [mailbox] in
      while let work = await mailbox.next() { await work.run() }
    }
  }

  /// Hands the runner its next work. The runner's jobs then go to the executor, whose
  /// `runPending()` runs them.
  @usableFromInline func run(_ work: Work) { mailbox.hand(work) }

  /// Cancels the work running now, and ends the runner once that work returns: an abandoned
  /// runner takes no more work.
  @usableFromInline func abandon() {
    mailbox.close()
    task.cancel()
  }

  /// Ends the runner once the work it runs, if any, returns.
  @usableFromInline func close() { mailbox.close() }
}

/// What passes between the explorer and a runner's task: the next work, or that there is none.
private final class RunnerMailbox: Sendable {
  typealias Work = ExplorationRunner.Work

  private struct Mailbox: ~Copyable {
    var work: Work?
    /// The runner's task, while it waits for work.
    var waiter: CheckedContinuation<Work?, Never>?
    var isClosed = false
  }

  private let mailbox = Mutex(Mailbox())

  func hand(_ work: Work) {
    let waiter = mailbox.withLock { mailbox -> CheckedContinuation<Work?, Never>? in
      guard let waiter = mailbox.waiter.take() else {
        mailbox.work = work
        return nil
      }
      return waiter
    }
    waiter?.resume(returning: work)
  }

  func close() {
    let waiter = mailbox.withLock { mailbox -> CheckedContinuation<Work?, Never>? in
      mailbox.isClosed = true
      mailbox.work = nil
      return mailbox.waiter.take()
    }
    waiter?.resume(returning: nil)
  }

  /// The next work, once it is handed over; nil once the runner is closed.
  func next() async -> Work? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Work?, Never>) in
      let ready = mailbox.withLock { mailbox -> Work?? in
        if mailbox.isClosed { return .some(nil) }
        if let work = mailbox.work.take() { return .some(work) }
        mailbox.waiter = continuation
        return .none
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}

/// Work a runner runs: a run of the explorer (``RunOutcome``), handed over as the object it
/// is, with no closure made for it.
@usableFromInline
protocol ExplorationRunnable: AnyObject, Sendable {
  func run() async
}
