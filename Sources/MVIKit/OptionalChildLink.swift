/// How a parent model holds a child that is not always there: a sheet, a detail screen, a
/// logged-in session. The child's state is an optional member of the parent's state.
///
/// ```swift
/// static let detail = OptionalChildLink<App, Detail>(state: \.detail, intent: Intent.detail)
///
/// case .detail(let intent): return Self.detail.reduce(detailModel, &state, intent)
/// case .rowTapped(let id): state.detail = Detail.State(id: id); return .none
/// case .closeTapped: state.detail = nil; return .none
/// ```
///
/// The child runs only while its state is there. When the parent sets it to nil, every effect
/// the child started is cancelled, so a late answer never reaches a dismissed screen. An
/// intent for the child while it is absent (a late tap, a stale deep link) is reported (to the
/// flow observer, else standard error; in a test store, as a failure) and dropped, never a crash.
/// `store.scope(link)` gives the child's store while it is there.
public struct OptionalChildLink<Parent: Model, Child: Model>: Sendable {
  /// Where the child's state lives in the parent's state, nil while the child is absent.
  public var state: WritableKeyPath<Parent.State, Child.State?> & Sendable {
    link.member.path
  }
  @usableFromInline let link: OptionalMemberLink<Parent, Child>

  /// Reduces a child intent with `model` while the child is present; its effect is cancelled
  /// when the child's state becomes nil. While absent, the intent is reported and dropped.
  @inlinable @inline(__always)
  public func reduce(
    _ model: Child, _ state: inout Parent.State, _ intent: Child.Intent
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    // Inlinable, so that a parent's reduce specialises it (see ChildLink's).
    link.reduce(model, &state, intent)
  }

  /// Links an optional child whose state is at `state`, whose intents travel in the parent's
  /// `intent` case and whose side effects in the parent's `sideEffect` case.
  public init(
    state: WritableKeyPath<Parent.State, Child.State?> & Sendable,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Child.SideEffect) -> Parent.SideEffect
  ) {
    link = OptionalMemberLink(state, cases: ChildCases(intent: intent, sideEffect: sideEffect))
  }
}

extension OptionalChildLink where Child.SideEffect == Never {
  /// Links an optional child without side effects.
  public init(
    state: WritableKeyPath<Parent.State, Child.State?> & Sendable,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(state: state, intent: intent, sideEffect: noSideEffect)
  }
}
