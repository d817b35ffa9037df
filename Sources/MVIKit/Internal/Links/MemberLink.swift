/// The link of a child held in a stored member of its parent's state, always there
/// (``ChildLink``).
@usableFromInline
struct MemberLink<Parent: Model, Child: Model>: CaseCarried {
  @usableFromInline let member: StoredMember<Parent.State, Child.State>
  @usableFromInline let cases: ChildCases<Parent, Child>

  init(
    _ path: WritableKeyPath<Parent.State, Child.State> & Sendable, cases: ChildCases<Parent, Child>
  ) {
    member = StoredMember(path)
    self.cases = cases
  }

  @usableFromInline static var canBeAbsent: Bool { false }
  @usableFromInline var statePath: AnyKeyPath { member.path }
  @usableFromInline var absentChild: String { "its child \(Child.self)" }

  @usableFromInline func read(_ state: Parent.State) -> Child.State? {
    state[keyPath: member.path]
  }

  /// Reduces a child intent on the member, in place, and lifts its effect: a child always
  /// there is never dropped.
  @inlinable @inline(__always)
  func reduce(_ model: Child, _ state: inout Parent.State, _ intent: Child.Intent)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    reduceChild(
      member.modify(&state) { model.reduce(&$0, intent) }, dropped: { .none },
      lifted: { lifted($0) })
  }
}
