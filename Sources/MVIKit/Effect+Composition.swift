extension Effect {
  /// Runs all `effects` at the same time.
  public static func merge(_ effects: [Self]) -> Self { combine(effects, Operation.merge) }

  /// Runs all `effects` at the same time.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs `effects` one after another; each starts when the previous one has finished.
  public static func concatenate(_ effects: [Self]) -> Self {
    combine(effects, Operation.concatenate)
  }

  /// `effects` without the `.none` ones, combined by `operation` when more than one is left.
  private static func combine(_ effects: [Self], _ operation: ([Self]) -> Operation) -> Self {
    let work = effects.filter { if case .none = $0.operation { false } else { true } }
    return work.count > 1 ? Self(operation(work)) : work.first ?? .none
  }

  /// Runs `effects` one after another; each starts when the previous one has finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; effects that share it are cancelled together.
  ///   - cancelInFlight: Cancels effects already running with `id` before this one starts, so
  ///     that only the latest request counts (a search field, a "refresh" button).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return self }
    return Self(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect that was marked ``cancellable(id:cancelInFlight:)`` with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self { Self(.cancel(EffectID(id))) }

  /// Starts this effect only after `duration` has passed without another effect with `id`.
  ///
  /// Each new debounced effect with the same `id` restarts the wait. Time is measured on
  /// `clock`, so a test passes a test clock and advances it instead of sleeping.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: some Clock<Duration>
  ) -> Self {
    let wait = Self.run { _ in try await clock.sleep(for: duration) }
    return Self.concatenate([wait, self]).cancellable(id: id, cancelInFlight: true)
  }

}
