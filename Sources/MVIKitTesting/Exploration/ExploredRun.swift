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
/// run time, and an exploration of ten taps runs a million of them.
@usableFromInline @MainActor
struct ExploredRun<Intent: Sendable, SideEffect: Sendable> {
  @usableFromInline let time: EffectTime
  @usableFromInline let intents: [(intent: Intent, due: Duration?)]
  /// The error the work threw that no handler took. Cancellation is not one, as in a live store.
  @usableFromInline let error: (any Error)?
  /// False when the work ran past the timeout, and was cancelled and left behind.
  @usableFromInline let didFinish: Bool

  @inlinable
  init(_ work: EffectWork<Intent, SideEffect>, now: Duration, timeout: Duration) async {
    let time = EffectTime(now: now)
    let outcome = RunOutcome<Intent>()
    let send = Send<Intent, SideEffect> { event in
      switch event {
      case .intent(let intent): outcome.send(intent, due: time.deadline)
      case .sideEffect: break
      case .error(let error): outcome.fail(error)
      }
    }
    let body: ExplorationRunner.Work = {
      await EffectTime.running(time) {
        do {
          try await work.body(send)
        } catch  where !isCancellation(error) {
          outcome.fail(error)
        } catch {}
      }
      outcome.finish()
    }
    guard let watch = ExplorationWatch.current else {
      // Outside an exploration's watch: a task and an executor of its own, with no timeout.
      let executor = ExplorationExecutor()
      Task(executorPreference: executor, operation: body)
      executor.runPending()
      if outcome.isFinished {
        didFinish = true
      } else {
        didFinish = await executor.wait(
          until: { outcome.isFinished }, watch: nil, timeout: timeout, abandon: {})
      }
      executor.close()
      self.time = time
      (intents, error) = outcome.sent
      return
    }
    let runner = watch.runner ?? ExplorationRunner(executor: watch.executor)
    watch.runner = runner
    runner.run(body)
    watch.executor.runPending()
    if outcome.isFinished {
      didFinish = true
    } else {
      didFinish = await watch.executor.wait(
        until: { outcome.isFinished }, watch: watch, timeout: timeout,
        abandon: {
          runner.abandon()
          watch.runner = nil
        })
    }
    self.time = time
    (intents, error) = outcome.sent
  }
}

/// What the work of a run sent, and whether it has ended: written by the work's task, read by
/// the explorer once the task's jobs have run (or it was abandoned, when the task may still
/// run).
@usableFromInline
final class RunOutcome<Intent: Sendable>: Sendable {
  @usableFromInline
  struct Sent: ~Copyable {
    @usableFromInline var intents: [(intent: Intent, due: Duration?)] = []
    @usableFromInline var error: (any Error)?
    @usableFromInline var isFinished = false

    @inlinable init() {}
  }

  @usableFromInline let record = Mutex(Sent())

  @inlinable init() {}

  @inlinable func send(_ intent: Intent, due: Duration?) {
    record.withLock { sent in
      // An abandoned run sends nothing more into the schedule that left it.
      if !sent.isFinished { sent.intents.append((intent, due)) }
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
  @inlinable var sent: (intents: [(intent: Intent, due: Duration?)], error: (any Error)?) {
    record.withLock { sent in
      sent.isFinished = true
      return (sent.intents, sent.error)
    }
  }
}
