/// The link of a child held in an optional member of its parent's state: there while the
/// member is not nil (``OptionalChildLink``).
@usableFromInline
struct OptionalMemberLink<Parent: Model, Child: Model>: CaseCarried {
  @usableFromInline let member: StoredMember<Parent.State, Child.State?>
  @usableFromInline let cases: ChildCases<Parent, Child>

  init(
    _ path: WritableKeyPath<Parent.State, Child.State?> & Sendable, cases: ChildCases<Parent, Child>
  ) {
    member = StoredMember(path)
    self.cases = cases
  }

  @usableFromInline static var canBeAbsent: Bool { true }
  @usableFromInline var statePath: AnyKeyPath { member.path }
  @usableFromInline var absentChild: String {
    "its child \(Child.self), which is not there (its state is nil)"
  }

  @usableFromInline func read(_ state: Parent.State) -> Child.State? { state[keyPath: member.path] }

  /// Reduces a child intent on the member while it holds a child, and lifts its effect; while
  /// it holds none, the intent is reported and dropped.
  @inlinable @inline(__always)
  func reduce(_ model: Child, _ state: inout Parent.State, _ intent: Child.Intent)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    reduceChild(
      modify(&state, { model.reduce(&$0, intent) }), dropped: { dropped(intent) },
      lifted: { lifted($0) })
  }

  /// Runs `body`, a reduce, on the child's state in place; nil (`body` not run) while the
  /// member holds none.
  @inlinable @inline(__always)
  func modify(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
  ) -> Effect<Child.Intent, Child.SideEffect>? {
    member.modify(&state) { (child: inout Child.State?) in child == nil ? nil : body(&child!) }
  }
}
