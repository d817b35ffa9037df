/// The link of a child whose state is one case of an enum in its parent's state: there while
/// the enum is that case (``CaseLink``). The case's payload is found by reflection the first
/// time, then read in place (``EnumPayload``).
///
/// A class, so that a ``CaseLink`` is two words and the link's inlined reduce copies nothing
/// else: as a struct of 168 bytes, it was copied whole onto the stack on every send.
@usableFromInline
final class EnumCaseLink<Parent: Model, Child: Model>: CaseCarried {
  /// The case's payload, nil while the enum is another case.
  @usableFromInline let payload: @Sendable (Parent.State) -> Child.State?
  /// The case's payload when the enum is the parent's whole state, the usual shape: then the
  /// public link's reduce, inlined into the parent's, reads and writes the payload in place
  /// with no closure between, and retains nothing.
  @usableFromInline let wholeState: EnumPayload<Parent.State, Child.State>.InPlace?
  /// Runs a reduce on the payload in place, wherever the enum is; nil while it is another case.
  @usableFromInline let modifyPayload:
    @Sendable (
      inout Parent.State, (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
    ) -> Effect<Child.Intent, Child.SideEffect>?
  /// Where the link's scoped store is cached, made once: the enum's path, and the case, which
  /// identifies the link for its scoped store and the watch on its effects (two cases of one
  /// enum may carry the same child type, so the place in the state is not enough).
  @usableFromInline let key: ScopeKey
  @usableFromInline let cases: ChildCases<Parent, Child>

  /// The case `state` of the enum at `path` in the parent's state.
  init<Enum>(
    _ path: WritableKeyPath<Parent.State, Enum> & Sendable,
    case state: @escaping @Sendable (Child.State) -> Enum, cases: ChildCases<Parent, Child>
  ) {
    let enumPayload = EnumPayload(embed: state)
    payload = { enumPayload.extract($0[keyPath: path]) }
    let member = StoredMember(path)
    wholeState =
      path == \Parent.State.self as AnyKeyPath
      ? (enumPayload as? EnumPayload<Parent.State, Child.State>)?.inPlace : nil
    modifyPayload = { parent, body in member.modify(&parent) { enumPayload.modify(&$0, body) } }
    key = ScopeKey(path, Child.self, case: ObjectIdentifier(enumPayload))
    self.cases = cases
  }

  @usableFromInline static var canBeAbsent: Bool { true }
  @usableFromInline var statePath: AnyKeyPath { key.state }
  @usableFromInline var presenceID: LiftedPresenceID {
    LiftedPresenceID(path: key.state, inner: nil, row: key.id.map(AnyHashable.init))
  }
  @usableFromInline var absentChild: String {
    "its child \(Child.self), whose case is not the current one"
  }

  @usableFromInline func read(_ state: Parent.State) -> Child.State? { payload(state) }

  // Specialised where the parent's reduce is, but not inlined: the public link's inlined reduce
  // takes the common case itself (``CaseLink/reduce(_:_:_:)``).
  @inlinable @inline(never)
  func modify(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
  ) -> Effect<Child.Intent, Child.SideEffect>? {
    if let wholeState, wholeState.isLearned { return wholeState.modify(&state, body) }
    return modifyPayload(&state, body)
  }
}
