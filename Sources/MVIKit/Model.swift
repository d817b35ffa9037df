/// The logic of one screen or feature: how an ``Intent`` turns the current ``State`` into the next.
///
/// A model is a value that holds its dependencies (services as closures or protocols) and
/// implements one pure function, ``reduce(_:_:)``. Everything asynchronous is described by the
/// ``Effect`` that `reduce` returns and run by a ``Store``.
///
/// ```swift
/// struct Counter: Model {
///   struct State: Equatable, Sendable { var count = 0 }
///   enum Intent: Equatable, Sendable { case increment }
///
///   func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
///     switch intent {
///     case .increment:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Model<State, Intent, SideEffect>: Sendable {
  /// Everything the View renders. A value type; it changes only inside ``reduce(_:_:)``.
  associatedtype State: Sendable
  /// What the user did or what a finished effect reports, named for what happened.
  associatedtype Intent: Sendable
  /// One-shot events for the View (alerts, navigation, toasts), delivered exactly once.
  associatedtype SideEffect: Sendable = Never

  /// Applies `intent` to `state` and describes the work that should follow.
  ///
  /// It must be pure and synchronous: no I/O, no sleeping, no reading of clocks or globals.
  /// Anything that is not a state change goes in the returned ``Effect``.
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect>
}
