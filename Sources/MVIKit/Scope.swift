/// A model that runs a child model on one part of a parent's state.
///
/// Use it inside a parent's `reduce` to hand the child's intents to the child:
///
/// ```swift
/// let counter = Scope<State, Intent, SideEffect, Counter>(
///   state: \.counter,
///   embed: Intent.counter,
///   extract: { if case let .counter(intent) = $0 { intent } else { nil } },
///   sideEffect: SideEffect.counter,
///   child: Counter(fact: fact)
/// )
/// // in reduce:
/// case .counter: return counter.reduce(&state, intent)
/// ```
@available(*, deprecated, message: "Define a ChildLink and call its reduce(_:_:_:).")
public struct Scope<State: Sendable, Intent: Sendable, SideEffect: Sendable, Child: Model>: Model {
  let statePath: WritableKeyPath<State, Child.State> & Sendable
  let embed: @Sendable (Child.Intent) -> Intent
  let extract: @Sendable (Intent) -> Child.Intent?
  let sideEffect: @Sendable (Child.SideEffect) -> SideEffect
  let child: Child

  /// Runs `child` on `state`; `embed` and `extract` translate intents, `sideEffect` translates
  /// the child's side effects.
  public init(
    state: WritableKeyPath<State, Child.State> & Sendable,
    embed: @escaping @Sendable (Child.Intent) -> Intent,
    extract: @escaping @Sendable (Intent) -> Child.Intent?,
    sideEffect: @escaping @Sendable (Child.SideEffect) -> SideEffect,
    child: Child
  ) {
    self.statePath = state
    self.embed = embed
    self.extract = extract
    self.sideEffect = sideEffect
    self.child = child
  }

  /// Reduces the child's intents on the child's state; other intents change nothing.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    guard let childIntent = extract(intent) else { return .none }
    return child.reduce(&state[keyPath: statePath], childIntent)
      .map(intent: embed, sideEffect: sideEffect)
  }
}

@available(*, deprecated, message: "Define a ChildLink and call its reduce(_:_:_:).")
extension Scope where Child.SideEffect == Never {
  /// Runs `child`, which has no side effects, on `state`.
  public init(
    state: WritableKeyPath<State, Child.State> & Sendable,
    embed: @escaping @Sendable (Child.Intent) -> Intent,
    extract: @escaping @Sendable (Intent) -> Child.Intent?,
    child: Child
  ) {
    self.init(
      state: state, embed: embed, extract: extract, sideEffect: { (never: Never) -> SideEffect in },
      child: child)
  }
}
