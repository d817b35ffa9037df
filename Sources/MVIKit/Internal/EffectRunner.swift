/// Runs ``Effect`` values: starts tasks, tracks them by cancellation id, throttles.
///
/// Shared by ``Store`` and the test store, which differ only in what they do with an intent or
/// side effect that an effect produces (the sinks).
@MainActor
package final class EffectRunner<Intent: Sendable, SideEffect: Sendable> {
  package typealias Work = Effect<Intent, SideEffect>

  private struct Throttle {
    var lastFire: (any InstantProtocol<Duration>)?
    var pending: Work?
    var timer: Task<Void, Never>?
  }

  package let registry = TaskRegistry()
  private var cancellables: [EffectID: Set<Int>] = [:]
  private var throttles: [EffectID: Throttle] = [:]

  package var intentSink: (Intent) -> Task<Void, Never>? = { _ in nil }
  package var sideEffectSink: (SideEffect) -> Void = { _ in }
  package var errorSink: (any Error) -> Void = { _ in }

  package init() {}

  /// Starts `effect`; returns a task that finishes when all of its work has, or nil if there
  /// is nothing left running.
  package func execute(_ effect: Work) -> Task<Void, Never>? {
    switch effect.operation {
    case .none:
      return nil
    case .send(let intent):
      return intentSink(intent)
    case .emit(let sideEffect):
      sideEffectSink(sideEffect)
      return nil
    case .run(let priority, let body):
      return start(priority: priority, body)
    case .merge(let effects):
      return Self.combine(effects.compactMap { execute($0) })
    case .concatenate(let effects):
      return concatenate(effects)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id) }
      return track(execute(inner), id: id)
    case .cancel(let id):
      cancel(id)
      return nil
    case .throttle(let id, let rule, let inner):
      return throttle(inner, id: id, rule: rule)
    }
  }

  package func cancel(_ id: EffectID) {
    if let timer = throttles.removeValue(forKey: id)?.timer { timer.cancel() }
    guard let tokens = cancellables.removeValue(forKey: id) else { return }
    for token in tokens { registry.cancel(token) }
  }

  package func cancelAll() {
    registry.cancelAll()
    cancellables.removeAll()
    throttles.removeAll()
  }

  // MARK: - Tasks

  private func makeSend() -> Send<Intent, SideEffect> {
    Send(
      intent: { [weak self] intent in
        guard !Task.isCancelled, let self else { return }
        _ = self.intentSink(intent)
      },
      sideEffect: { [weak self] sideEffect in
        guard !Task.isCancelled, let self else { return }
        self.sideEffectSink(sideEffect)
      },
      error: { [weak self] error in self?.errorSink(error) }
    )
  }

  private func start(
    priority: TaskPriority?,
    _ body: @escaping @Sendable (Send<Intent, SideEffect>) async -> Void
  ) -> Task<Void, Never> {
    let send = makeSend()
    let registry = self.registry
    let token = registry.makeToken()
    // Not main-actor isolated: the work runs off the main actor and removes itself when done.
    let task = Task.detached(priority: priority) {
      await body(send)
      registry.remove(token)
    }
    registry.insert(task, token: token)
    return task
  }

  private static func combine(_ tasks: [Task<Void, Never>]) -> Task<Void, Never>? {
    switch tasks.count {
    case 0: return nil
    case 1: return tasks[0]
    default:
      return Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  private func concatenate(_ effects: [Work]) -> Task<Void, Never> {
    let registry = self.registry
    let token = registry.makeToken()
    let task = Task { [weak self] in
      defer { registry.remove(token) }
      for effect in effects {
        guard !Task.isCancelled, let step = self?.execute(effect) else { continue }
        await withTaskCancellationHandler {
          await step.value
        } onCancel: {
          step.cancel()
        }
      }
    }
    registry.insert(task, token: token)
    return task
  }

  private func track(_ task: Task<Void, Never>?, id: EffectID) -> Task<Void, Never>? {
    guard let task else { return nil }
    let registry = self.registry
    let token = registry.makeToken()
    cancellables[id, default: []].insert(token)
    let wrapper = Task { [weak self] in
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      registry.remove(token)
      self?.cancellables[id]?.remove(token)
      if self?.cancellables[id]?.isEmpty == true { self?.cancellables[id] = nil }
    }
    registry.insert(wrapper, token: token)
    return wrapper
  }

  // MARK: - Throttle

  private func throttle(_ effect: Work, id: EffectID, rule: ThrottleRule) -> Task<Void, Never>? {
    var state = throttles[id] ?? Throttle()
    let now = rule.clock.now
    let elapsed = state.lastFire.flatMap { Self.duration(from: $0, to: now) }
    if state.timer == nil, elapsed.map({ $0 >= rule.interval }) ?? true {
      state.lastFire = now
      throttles[id] = state
      return execute(effect)
    }
    if rule.latest || state.pending == nil { state.pending = effect }
    if state.timer == nil {
      let wait = rule.interval - (elapsed ?? .zero)
      let registry = self.registry
      let token = registry.makeToken()
      let timer = Task { [weak self] in
        defer { registry.remove(token) }
        try? await rule.clock.sleep(for: wait)
        guard !Task.isCancelled, let self, var fired = self.throttles[id] else { return }
        let pending = fired.pending
        fired.pending = nil
        fired.timer = nil
        fired.lastFire = rule.clock.now
        self.throttles[id] = fired
        if let pending, let work = self.execute(pending) { await work.value }
      }
      registry.insert(timer, token: token)
      state.timer = timer
    }
    throttles[id] = state
    return nil
  }

  private static func duration<I: InstantProtocol>(
    from start: I,
    to end: any InstantProtocol<I.Duration>
  ) -> I.Duration? {
    (end as? I).map { start.duration(to: $0) }
  }
}
