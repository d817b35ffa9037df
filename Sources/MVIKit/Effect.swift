/// A description of work that a ``Model`` asks the ``Store`` to do after reducing an intent.
///
/// Effects are values: `reduce` returns them and the store runs them. Build them with the static
/// constructors (``none``, ``send(_:)``, ``emit(_:)``, ``run(priority:_:catch:)``) and combine
/// them with ``merge(_:)-(Effect<Intent,SideEffect>...)``,
/// ``concatenate(_:)-(Effect<Intent,SideEffect>...)``, ``cancellable(id:cancelInFlight:)`` and
/// ``debounce(id:for:clock:)``.
public struct Effect<Intent: Sendable, SideEffect: Sendable>: Sendable {
  @usableFromInline
  package enum Operation: Sendable {
    case none
    case send(Intent)
    case emit(SideEffect)
    /// The priority as its raw value: `TaskPriority` is resilient, and a payload of unknown size
    /// makes every copy of an effect, `.none` included, a call into the runtime.
    /// One closure: a `catch:` handler is wrapped around the work (an allocation, for the
    /// effects that have one). Kept beside it, the case took 41 bytes, and every effect was
    /// returned from a reduce in memory, which the send then read back; an effect of small
    /// intents now fits the four registers a function returns in.
    case run(UInt8?, @Sendable (Send<Intent, SideEffect>) async throws -> Void)
    case merge([Effect])
    case concatenate([Effect])
    indirect case cancellable(EffectID, cancelInFlight: Bool, Effect)
    /// Boxed, like every case that holds an `EffectID`: its `AnyHashable` payload would make
    /// the compiler copy and destroy every effect through run-time metadata.
    indirect case cancel(EffectID)
    /// Work of an optional child or a row: cancelled once the child is gone from the state.
    indirect case whilePresent(Presence, Effect)
    /// A misuse the store reports (an intent for a child that is not there), never a crash.
    case warn(String)
  }

  @usableFromInline
  package let operation: Operation

  @usableFromInline
  package init(_ operation: Operation) { self.operation = operation }

  /// No work. Returning it costs nothing: no allocation, no task.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Feeds `intent` back into the store: it joins the end of the store's intent queue and is
  /// reduced, first in, first out, before ``Store/send(_:fileID:line:)`` returns.
  public static func send(_ intent: Intent) -> Self { Self(.send(intent)) }

  /// Emits a one-shot side effect to the View; it is delivered exactly once.
  public static func emit(_ sideEffect: SideEffect) -> Self { Self(.emit(sideEffect)) }

  /// Runs asynchronous work that may send intents and emit side effects.
  ///
  /// The work runs in its own task, off the main actor. When it throws, `handler` receives the
  /// error and may send an intent that puts the failure into state. Without a handler the
  /// error is reported to the root store's ``FlowObserver`` (or standard error when none is
  /// attached); it is never swallowed silently. Cancellation is not an error: a cancelled effect calls neither.
  ///
  /// ```swift
  /// return .run { [count = state.count] send in
  ///   await send(.factLoaded(try await fact(count)))
  /// } catch: { error, send in
  ///   await send(.factFailed(String(describing: error)))
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable (_ send: Send<Intent, SideEffect>) async throws -> Void,
    catch handler: (
      @Sendable (_ error: any Error, _ send: Send<Intent, SideEffect>) async -> Void
    )? =
      nil
  ) -> Self {
    guard let handler else { return Self(.run(priority?.rawValue, operation)) }
    return Self(
      .run(priority?.rawValue) { send in
        do {
          try await operation(send)
        } catch  where !isCancellation(error) {
          await handler(error, send)
        }
      })
  }
}

/// When the work of an optional child or a row may keep running: while `isPresent` holds for
/// the root state. Lifted one level each time a parent embeds the child's effect.
@usableFromInline
package struct Presence: Sendable {
  @usableFromInline package let id: EffectID
  package let isPresent: @Sendable (Any) -> Bool
}
