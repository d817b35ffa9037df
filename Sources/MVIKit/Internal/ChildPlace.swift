/// Where a link finds its child's state in its parent's: a stored member (``MemberPlace``), an
/// optional member (``OptionalMemberPlace``), a case of an enum (``CasePlace``) or a row by id
/// (``RowPlace``; a navigation stack's screens are rows too). It is all that differs between
/// the kinds of link; ``ModelLink`` is the rest, written once.
@usableFromInline
protocol ChildPlace<Parent, Child>: Sendable {
  associatedtype Parent: Model
  associatedtype Child: Model
  /// What the parent's intent case carries: the child's intent, or for a row, the intent
  /// keyed by the row's id.
  associatedtype CarriedIntent = Child.Intent
  /// What the parent's side effect case carries, as ``CarriedIntent``.
  associatedtype CarriedSideEffect = Child.SideEffect

  /// Whether the child's state can be absent: its effects are then cancelled when it goes,
  /// an intent for it while it is absent is dropped, and its scoped store may be cut off.
  static var canBeAbsent: Bool { get }
  /// What the child's scoped store is cached by in its parent.
  var key: ScopeKey { get }
  /// The child's place as its effects' presence watch names it.
  var presenceID: LiftedPresenceID { get }
  /// The absent child an intent was dropped for, as the report says it: "its child Detail,
  /// which is not there (its state is nil)".
  var absentChild: String { get }

  /// The child's state; nil while it is absent.
  func read(_ state: Parent.State) -> Child.State?
  /// Runs `body`, a reduce, on the child's state in place; nil (`body` not run) while the
  /// child is absent.
  func modify(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
  ) -> Effect<Child.Intent, Child.SideEffect>?
  func carryIntent(_ intent: Child.Intent) -> CarriedIntent
  func carrySideEffect(_ sideEffect: Child.SideEffect) -> CarriedSideEffect
  /// The child's side effect, when `carried` is this child's.
  func extract(_ carried: CarriedSideEffect) -> Child.SideEffect?
  /// What the child's scoped store tells when it starts or stops being observed.
  @MainActor func observer(in parent: Store<Parent>) -> (any ObservedChild)?
}

extension ChildPlace where CarriedIntent == Child.Intent {
  @inlinable func carryIntent(_ intent: Child.Intent) -> Child.Intent { intent }
}

extension ChildPlace where CarriedSideEffect == Child.SideEffect {
  @inlinable func carrySideEffect(_ sideEffect: Child.SideEffect) -> Child.SideEffect { sideEffect }
  @usableFromInline func extract(_ carried: Child.SideEffect) -> Child.SideEffect? { carried }
}

extension ChildPlace {
  /// The parent itself, which counts its observed children.
  @usableFromInline @MainActor
  func observer(in parent: Store<Parent>) -> (any ObservedChild)? { parent }
}

/// The `sideEffect:` of a link whose child has no side effects.
func noSideEffect<Parent>(_ never: Never) -> Parent {}
