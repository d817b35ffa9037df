/// A child held in a stored member of its parent's state: the member is the child's state
/// (``ChildLink``: always there) or an optional of it (``OptionalChildLink``: there while the
/// member is not nil), as `Slot` says.
@usableFromInline
struct MemberPlace<Parent: Model, Child: Model, Slot: MemberSlot>: ChildPlace
where Slot.ChildState == Child.State {
  @usableFromInline let member: StoredMember<Parent.State, Slot.Value>

  init(_ path: WritableKeyPath<Parent.State, Slot.Value> & Sendable) {
    member = StoredMember(path)
  }

  @usableFromInline static var canBeAbsent: Bool { Slot.canBeAbsent }
  @usableFromInline var key: ScopeKey { ScopeKey(member.path, Child.self) }
  @usableFromInline var presenceID: LiftedPresenceID {
    LiftedPresenceID(path: member.path, inner: nil, row: nil)
  }
  @usableFromInline var absentChild: String {
    "its child \(Child.self), which is not there (its state is nil)"
  }

  @usableFromInline func read(_ state: Parent.State) -> Child.State? {
    Slot.child(in: state[keyPath: member.path])
  }

  @inlinable @inline(__always)
  func modify(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
  ) -> Effect<Child.Intent, Child.SideEffect>? {
    member.modify(&state) { Slot.modify(&$0, body) }
  }
}

/// How a member holds a child's state: as it is, or as an optional.
@usableFromInline
protocol MemberSlot {
  associatedtype ChildState
  /// The member's type.
  associatedtype Value
  /// Whether the member can hold no child.
  static var canBeAbsent: Bool { get }
  static func child(in value: Value) -> ChildState?
  /// Runs `body` on the child's state in the member, in place; nil while it holds none.
  static func modify<Result>(_ value: inout Value, _ body: (inout ChildState) -> Result)
    -> Result?
}

/// A member that is the child's state.
@usableFromInline
enum AlwaysThere<ChildState>: MemberSlot {
  @usableFromInline static var canBeAbsent: Bool { false }
  @usableFromInline static func child(in value: ChildState) -> ChildState? { value }

  @inlinable @inline(__always)
  static func modify<Result>(_ value: inout ChildState, _ body: (inout ChildState) -> Result)
    -> Result?
  {
    body(&value)
  }
}

/// A member that is an optional of the child's state.
@usableFromInline
enum WhileNotNil<ChildState>: MemberSlot {
  @usableFromInline static var canBeAbsent: Bool { true }
  @usableFromInline static func child(in value: ChildState?) -> ChildState? { value }

  @inlinable @inline(__always)
  static func modify<Result>(_ value: inout ChildState?, _ body: (inout ChildState) -> Result)
    -> Result?
  {
    value == nil ? nil : body(&value!)
  }
}
