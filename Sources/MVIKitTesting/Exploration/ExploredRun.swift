import MVIKit
import Synchronization

/// The work of one `.run` as the explorer runs it: to its end, what it sends kept in order,
/// or abandoned past a timeout.
///
/// The work runs in a task other than the explorer's, so that the explorer can leave work that
/// never returns, even work that ignores cancellation (a continuation nobody resumes): a task
/// group would wait for its stuck child forever. That task is the exploration's
/// ``ExplorationRunner``, which prefers the exploration's ``ExplorationExecutor``, which the
/// explorer drains itself: work that only computes and sends runs to its end without the
/// explorer ever waiting for a thread.
///
/// Inlinable, as the search is: a run compiled for the model's types looks none of them up at
/// run time, and an exploration of ten taps runs five million of them.
@usableFromInline @MainActor
struct ExploredRun<Intent: Sendable, SideEffect: Sendable> {
  @usableFromInline typealias Delivery = ScheduledJob<Intent, SideEffect>.Delivery

  /// Where the work's sleeps brought its clock.
  @usableFromInline let time: EffectTime
  /// What the work sent, in order, and when each is due.
  @usableFromInline let deliveries: [Delivery]
  @usableFromInline let dues: [Duration?]
  /// The error the work threw that no handler took. Cancellation is not one, as in a live store.
  @usableFromInline let error: (any Error)?
  /// False when the work ran past the timeout, and was cancelled and left behind.
  @usableFromInline let didFinish: Bool

  @inlinable
  init(_ work: EffectWork<Intent, SideEffect>, now: Duration, timeout: Duration) async {
    let outcome = RunOutcome(now: now, work: work)
    let watch = ExplorationWatch.current
    // Outside an exploration's watch: a task and an executor of its own, with no timeout.
    let executor = watch?.executor ?? ExplorationExecutor()
    let runner = watch.map { $0.runner ?? ExplorationRunner(executor: $0.executor) }
    if let runner {
      watch?.runner = runner
      runner.run(outcome)
    } else {
      Task(executorPreference: executor) { await outcome.run() }
    }
    executor.runPending()
    if outcome.isFinished {
      didFinish = true
    } else {
      didFinish = await executor.wait(
        until: { outcome.isFinished }, watch: watch, timeout: timeout,
        abandon: {
          // The abandoned work takes its runner with it; the next run makes another.
          runner?.abandon()
          watch?.runner = nil
        })
    }
    if watch == nil { executor.close() }
    time = outcome
    (deliveries, dues, error) = outcome.sent
  }
}

/// One run: its work, its clock (it is the ``EffectTime`` the work's sleeps move), and what
/// the work sent and whether it has ended, written by the runner's task and read by the
/// explorer once the task's jobs have run (or it was abandoned, when the task may still run).
///
/// One object for all of it, handed to the runner as it is: a run allocated a clock, an
/// outcome, and the closures between them, five million times for ten taps.
@usableFromInline
final class RunOutcome<Intent: Sendable, SideEffect: Sendable>: EffectTime,
  ExplorationRunnable, @unchecked Sendable
{
  // Unchecked: `work` is immutable; what the work sent is under `record`'s lock; the clock is
  // touched only by the task that runs the work, one step after another (see EffectTime).
  @usableFromInline typealias Delivery = ScheduledJob<Intent, SideEffect>.Delivery

  @usableFromInline
  struct Sent: ~Copyable {
    @usableFromInline var deliveries: [Delivery] = []
    @usableFromInline var dues: [Duration?] = []
    @usableFromInline var error: (any Error)?
    @usableFromInline var isFinished = false

    @inlinable init() {}
  }

  @usableFromInline let work: EffectWork<Intent, SideEffect>
  @usableFromInline let record = Mutex(Sent())

  @inlinable init(now: Duration, work: EffectWork<Intent, SideEffect>) {
    self.work = work
    super.init(now: now)
  }

  /// Runs the work to its end, with this run as its clock.
  @inlinable func run() async {
    let send = Send<Intent, SideEffect> { [self] event in
      switch event {
      case .intent(let intent): self.send(intent, due: deadline)
      case .sideEffect: break
      case .error(let error): fail(error)
      }
    }
    await EffectTime.running(self) {
      do {
        try await work.body(send)
      } catch  where !isCancellation(error) {
        fail(error)
      } catch {}
    }
    finish()
  }

  @inlinable func send(_ intent: Intent, due: Duration?) {
    record.withLock { sent in
      // An abandoned run sends nothing more into the schedule that left it.
      guard !sent.isFinished else { return }
      sent.deliveries.append(Delivery(intent: intent))
      sent.dues.append(due)
    }
  }

  @inlinable func fail(_ error: any Error) {
    record.withLock { sent in
      if !sent.isFinished { sent.error = error }
    }
  }

  @inlinable func finish() { record.withLock { $0.isFinished = true } }

  @inlinable var isFinished: Bool { record.withLock { $0.isFinished } }

  /// What was sent until now; once read, the work's later sends are dropped.
  @inlinable var sent: (deliveries: [Delivery], dues: [Duration?], error: (any Error)?) {
    record.withLock { sent in
      sent.isFinished = true
      return (sent.deliveries, sent.dues, sent.error)
    }
  }
}
