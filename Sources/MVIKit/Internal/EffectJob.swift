/// One effect task: its body, where its ``Send`` delivers, and its exit. The `Send` captures only
/// this object, so it allocates no context of its own; nor does the task's closure, which
/// captures only this object too (traced with `perf` probes on the allocator, `make bench`
/// case 2).
final class EffectJob<Intent: Sendable, SideEffect: Sendable>: Sendable {
  /// Held, so that its sink can be read; the sink is nil once its store is freed.
  private let runner: EffectRunner<Intent, SideEffect>
  private let body: @Sendable (Send<Intent, SideEffect>) async throws -> Void
  private let exit: TaskExit

  init(
    runner: EffectRunner<Intent, SideEffect>,
    body: @escaping @Sendable (Send<Intent, SideEffect>) async throws -> Void, exit: TaskExit
  ) {
    self.runner = runner
    self.body = body
    self.exit = exit
  }

  /// Runs the body; an error its `catch:` handler did not take is reported. Cancellation is
  /// no error.
  func run() async {
    let send = Send<Intent, SideEffect> { [self] event in self.deliver(event) }
    do {
      try await body(send)
    } catch  where !isCancellation(error) {
      await send.sink(.error(error))
    } catch {}
    exit()
  }

  /// Hands what the body sent to the runner's sink; once the task is cancelled, only errors.
  @MainActor
  private func deliver(_ event: EffectEvent<Intent, SideEffect>) {
    guard let sink = runner.sink else { return }
    switch event {
    case .intent(let intent): if !Task.isCancelled { sink.receive(intent, into: exit.cascade) }
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
