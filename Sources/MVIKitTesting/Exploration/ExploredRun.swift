import MVIKit

/// The work of one `.run` as the explorer runs it: to its end, what it sends kept in order,
/// or abandoned past a timeout.
///
/// The work runs in a task of its own, so that the explorer can leave work that never returns,
/// even work that ignores cancellation (a continuation nobody resumes): a task group would
/// wait for its stuck child forever.
@MainActor
final class ExploredRun<Intent: Sendable, SideEffect: Sendable> {
  let time: EffectTime
  private(set) var intents: [(intent: Intent, due: Duration?)] = []
  /// The error the work threw that no handler took. Cancellation is not one, as in a live store.
  private(set) var error: (any Error)?
  /// False when the work ran past the timeout, and was cancelled and left behind.
  private(set) var didFinish = false
  private var waiting: CheckedContinuation<Bool, Never>?

  init(_ work: EffectWork<Intent, SideEffect>, now: Duration, timeout: Duration) async {
    time = EffectTime(now: now)
    let send = Send<Intent, SideEffect> { [time] event in
      switch event {
      case .intent(let intent): self.intents.append((intent, time.deadline))
      case .sideEffect: break
      case .error(let error): self.error = error
      }
    }
    didFinish = await withCheckedContinuation { continuation in
      // Whichever comes first, the work's end or its timeout, resumes the explorer.
      waiting = continuation
      let task = Task { @MainActor [time] in
        await EffectTime.$current.withValue(time) {
          do {
            try await work.body(send)
          } catch  where !isCancellation(error) {
            self.error = error
          } catch {}
        }
        self.waiting.take()?.resume(returning: true)
      }
      let abandon = {
        task.cancel()
        self.waiting.take()?.resume(returning: false)
      }
      ExplorationWatch.current?.due = (.now + timeout, abandon)
    }
    ExplorationWatch.current?.due = nil
  }
}
