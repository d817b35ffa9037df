/// One effect task: its body, where its ``Send`` delivers, and its exit. The `Send` captures only
/// this object, so it allocates no context of its own; nor does the task's closure, which
/// captures only this object too (traced with `perf` probes on the allocator, `make bench`
/// case 2).
final class EffectJob<Intent: Sendable, SideEffect: Sendable>: Sendable {
  /// Held, so that its sink can be read; the sink is nil once its store is freed.
  private let runner: EffectRunner<Intent, SideEffect>
  private let body: @Sendable (Send<Intent, SideEffect>) async throws -> Void
  private let exit: TaskExit
  /// Which run this is, when its end is reported (see ``EffectRunner/reportsLifecycle``).
  private let lifecycle: EffectRunLabel?

  init(
    runner: EffectRunner<Intent, SideEffect>,
    body: @escaping @Sendable (Send<Intent, SideEffect>) async throws -> Void, exit: TaskExit,
    lifecycle: EffectRunLabel?
  ) {
    self.runner = runner
    self.body = body
    self.exit = exit
    self.lifecycle = lifecycle
  }

  /// Runs the body; an error its `catch:` handler did not take is reported. Cancellation is
  /// no error.
  func run() async {
    let send = Send<Intent, SideEffect> { [self] event in await self.deliver(event) }
    var end = EffectLifecycleEvent.Moment.finished
    do {
      try await body(send)
      if Task.isCancelled { end = .cancelled }
    } catch  where !isCancellation(error) {
      await send.sink(.error(error))
      end = .failed(error)
    } catch {
      end = .cancelled
    }
    if let lifecycle { await report(lifecycle, end) }
    exit()
  }

  @MainActor
  private func report(_ label: EffectRunLabel, _ end: EffectLifecycleEvent.Moment) {
    runner.sink?.effectLifecycle(label.event(end))
  }

  /// Hands what the body sent to the runner's sink; once the task is cancelled, only errors.
  @MainActor
  private func deliver(_ event: EffectEvent<Intent, SideEffect>) {
    guard let sink = runner.sink else { return }
    switch event {
    case .intent(let intent):
      // The run's number goes with its intent only while something hears runs.
      let run = Int32(truncatingIfNeeded: lifecycle?.run ?? 0)
      if !Task.isCancelled { sink.receive(intent, into: exit.cascade, run: run) }
    case .sideEffect(let sideEffect): if !Task.isCancelled { sink.deliver(sideEffect) }
    case .error(let error): sink.effectFailed(error)
    }
  }
}

/// A tracked task's last step: leaving the registry and its cascade. A value, not a closure,
/// so that it costs the task no allocation of its own.
struct TaskExit: Sendable {
  let registry: TaskRegistry
  let cascade: Cascade
  let token: Int

  func callAsFunction() {
    registry.remove(token)
    cascade.remove(token)
  }
}

/// A run's number, cancellation id and step, kept by its job to report its end.
struct EffectRunLabel: Sendable {
  let run: Int
  let cancellationID: EffectID?
  let step: Int

  func event(_ moment: EffectLifecycleEvent.Moment) -> EffectLifecycleEvent {
    EffectLifecycleEvent(run: run, moment: moment, cancellationID: cancellationID?.base, step: step)
  }
}
