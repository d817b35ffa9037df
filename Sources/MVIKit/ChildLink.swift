/// How a parent model holds a child model: the child's part of the parent's state, and the
/// parent's intent (and side effect) case that carries the child's. Define it once per child,
/// in one line, and use it both in the parent's ``Model/reduce(_:_:)`` and in
/// `store.scope(_:)`:
///
/// ```swift
/// struct App: Model {
///   struct State: Equatable, Sendable { var counter = Counter.State() }
///   enum Intent: Equatable, Sendable { case counter(Counter.Intent) }
///   enum SideEffect: Equatable, Sendable { case counter(Counter.SideEffect) }
///
///   static let counter = ChildLink<App, Counter>(
///     state: \.counter, intent: Intent.counter, sideEffect: SideEffect.counter)
///
///   var counterModel: Counter
///
///   func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
///     switch intent {
///     case .counter(let intent): return Self.counter.reduce(counterModel, &state, intent)
///     }
///   }
/// }
///
/// let counterStore = appStore.scope(App.counter)  // a Store<Counter>
/// ```
///
/// The intent and side effect arguments are the enum cases themselves (`Intent.counter`), so
/// nothing has to be written to get a child's value back out of a parent's case: the store
/// reads the case by reflection where it needs to (routing a side effect down to a scoped
/// store), and never on the path of an ordinary send.
public struct ChildLink<Parent: Model, Child: Model>: Sendable {
  /// Where the child's state lives in the parent's state.
  public var state: WritableKeyPath<Parent.State, Child.State> & Sendable {
    link.member.path
  }
  @usableFromInline let link: MemberLink<Parent, Child>

  /// Links a child whose state is at `state`, whose intents travel in the parent's `intent`
  /// case and whose side effects in the parent's `sideEffect` case.
  public init(
    state: WritableKeyPath<Parent.State, Child.State> & Sendable,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Child.SideEffect) -> Parent.SideEffect
  ) {
    link = MemberLink(state, cases: ChildCases(intent: intent, sideEffect: sideEffect))
  }

  /// Reduces a child intent on the child's part of `state` with `model`, and translates the
  /// child's effect into the parent's.
  @inlinable @inline(__always)
  public func reduce(
    _ model: Child, _ state: inout Parent.State, _ intent: Child.Intent
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    // Inlinable, so that a parent's reduce specialises it: the generic, out-of-line version
    // calls the child's reduce through run-time metadata.
    link.reduce(model, &state, intent)
  }
}

extension ChildLink where Child.SideEffect == Never {
  /// Links a child without side effects.
  public init(
    state: WritableKeyPath<Parent.State, Child.State> & Sendable,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(state: state, intent: intent, sideEffect: noSideEffect)
  }
}
