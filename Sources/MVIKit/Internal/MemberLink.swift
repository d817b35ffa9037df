/// The link of a child held in a stored member of its parent's state, always there
/// (``ChildLink``).
@usableFromInline
struct MemberLink<Parent: Model, Child: Model>: CaseCarried {
  @usableFromInline let member: StoredMember<Parent.State, Child.State>
  @usableFromInline let cases: ChildCases<Parent, Child>

  init(_ path: WritableKeyPath<Parent.State, Child.State> & Sendable, cases: ChildCases<Parent, Child>)
  {
    member = StoredMember(path)
    self.cases = cases
  }

  @usableFromInline static var canBeAbsent: Bool { false }
  @usableFromInline var statePath: AnyKeyPath { member.path }
  @usableFromInline var absentChild: String { "its child \(Child.self)" }

  @usableFromInline func read(_ state: Parent.State) -> Child.State? {
    state[keyPath: member.path]
  }

  /// ``ModelLink/reduce(_:_:_:)`` for a child that is always there, so with no absence to
  /// check: written out on this concrete type, so that a client's compiler, inlining it into
  /// the parent's reduce, sees every type it touches and keeps the link in registers (through
  /// the protocol, it copied the link through run-time metadata on every send).
  @inlinable @inline(__always)
  func reduce(_ model: Child, _ state: inout Parent.State, _ intent: Child.Intent)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    let effect = member.modify(&state) { model.reduce(&$0, intent) }
    if case .none = effect.operation { return .none }
    return lifted(effect)
  }

  @inlinable @inline(__always)
  func modify(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
  ) -> Effect<Child.Intent, Child.SideEffect>? {
    member.modify(&state, body)
  }
}
