/// The one link between a parent model and a child model. What differs between the kinds of
/// link is only where the child's state is in the parent's, which each conforming type says:
/// ``MemberLink`` (a stored member), ``OptionalMemberLink`` (an optional member),
/// ``EnumCaseLink`` (a case of an enum) and ``RowLink`` (a row by id; a navigation stack's
/// screens are rows too). Everything else is written once: in this protocol's extension, the
/// lifting of the child's effect into the parent's, the report of an intent for an absent
/// child, and what a scoped store reads and sends through; in ``reduceChild(_:dropped:lifted:)``,
/// the rule of a child's intent in the parent's reduce. Each link's own `reduce` runs the
/// child's reduce where its state is and hands the result to that rule: on the link's concrete
/// type, which a client's compiler sees through when it inlines it into the parent's reduce
/// (through this protocol, it copied the whole link through run-time metadata on every send).
///
/// The public links (``ChildLink``, ``OptionalChildLink``, ``CaseLink``, ``RowsLink``) each hold
/// one. Each conforming type stores its parent's and child's types as they are, never through
/// this protocol's associated types, so that a client's inlined reduce knows their layout.
@usableFromInline
protocol ModelLink<Parent, Child>: Sendable {
  associatedtype Parent: Model
  associatedtype Child: Model

  /// Whether the child's state can be absent: its effects are then cancelled when it goes,
  /// an intent for it while it is absent is dropped, and its scoped store may be cut off.
  static var canBeAbsent: Bool { get }
  /// Where the child's state is in the parent's, as a key path: what names its scoped store
  /// and its effects' presence watch, unless the link says more.
  var statePath: AnyKeyPath { get }
  /// What the child's scoped store is cached by in its parent.
  var key: ScopeKey { get }
  /// The child's place as its effects' presence watch names it.
  var presenceID: LiftedPresenceID { get }
  /// The absent child an intent was dropped for, as the report says it: "its child Detail,
  /// which is not there (its state is nil)".
  var absentChild: String { get }

  /// The child's state; nil while it is absent.
  func read(_ state: Parent.State) -> Child.State?
  /// The parent's intent that carries the child's `intent`.
  func embed(_ intent: Child.Intent) -> Parent.Intent
  /// The parent's side effect that carries the child's `sideEffect`.
  func embedSideEffect(_ sideEffect: Child.SideEffect) -> Parent.SideEffect
  /// The child's side effect, when `sideEffect` carries one of this child's. Taking a value
  /// out of its case is done by reflection, only to route a side effect down to a scoped store.
  func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Child.SideEffect?
  /// What the child's scoped store tells when it starts or stops being observed.
  @MainActor func observer(in parent: Store<Parent>) -> (any ObservedChild)?
}

extension ModelLink {
  @usableFromInline var key: ScopeKey { ScopeKey(statePath, Child.self) }
  @usableFromInline var presenceID: LiftedPresenceID {
    LiftedPresenceID(path: statePath, inner: nil, row: nil)
  }

  /// The parent itself, which counts its observed children.
  @usableFromInline @MainActor
  func observer(in parent: Store<Parent>) -> (any ObservedChild)? { parent }

  /// The child's effect as the parent's: its intents and side effects carried in the parent's
  /// cases, its work cancelled when the child leaves the parent's state (unless the child is
  /// always there). Out of line, as only an effect with work takes it, but specialised where
  /// the parent's reduce is.
  @inlinable @inline(never)
  func lifted(_ effect: Effect<Child.Intent, Child.SideEffect>)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    effect.embedded(
      intent: { [self] in embed($0) }, sideEffect: { [self] in embedSideEffect($0) },
      at: presenceID, read: { [self] (parent: Parent.State) in read(parent) },
      always: !Self.canBeAbsent)
  }

  /// The report of an intent for the child while it is absent; out of line, but specialised.
  @inlinable @inline(never)
  func dropped(_ intent: Child.Intent) -> Effect<Parent.Intent, Parent.SideEffect> {
    .dropped(intent, by: Parent.self, absentChild)
  }
}

/// The rule of a child's intent in its parent's reduce, for every link: `effect` is what the
/// child's reduce returned, nil when the child is absent, which `dropped` reports; an effect
/// with work is `lifted` into the parent's.
@inlinable @inline(__always)
func reduceChild<ParentIntent, ParentSideEffect, ChildIntent, ChildSideEffect>(
  _ effect: Effect<ChildIntent, ChildSideEffect>?,
  dropped: () -> Effect<ParentIntent, ParentSideEffect>,
  lifted: (Effect<ChildIntent, ChildSideEffect>) -> Effect<ParentIntent, ParentSideEffect>
) -> Effect<ParentIntent, ParentSideEffect> {
  guard let effect else { return dropped() }
  if case .none = effect.operation { return .none }
  return lifted(effect)
}

/// A link whose child's intents and side effects each travel as they are in one case of the
/// parent's: every link but a row's.
@usableFromInline
protocol CaseCarried: ModelLink {
  var cases: ChildCases<Parent, Child> { get }
}

extension CaseCarried {
  @inlinable func embed(_ intent: Child.Intent) -> Parent.Intent { cases.intents.embed(intent) }

  @usableFromInline func embedSideEffect(_ sideEffect: Child.SideEffect) -> Parent.SideEffect {
    cases.sideEffects.embed(sideEffect)
  }

  @usableFromInline func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Child.SideEffect? {
    cases.sideEffects.extract(sideEffect)
  }
}

/// The parent's intent and side effect cases that carry a child's.
@usableFromInline
struct ChildCases<Parent: Model, Child: Model>: Sendable {
  @usableFromInline let intents: CaseEmbedding<Parent.Intent, Child.Intent>
  @usableFromInline let sideEffects: CaseEmbedding<Parent.SideEffect, Child.SideEffect>

  init(
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Child.SideEffect) -> Parent.SideEffect
  ) {
    intents = CaseEmbedding(intent)
    sideEffects = CaseEmbedding(sideEffect)
  }
}

/// The `sideEffect:` of a link whose child has no side effects.
func noSideEffect<Parent>(_ never: Never) -> Parent {}
