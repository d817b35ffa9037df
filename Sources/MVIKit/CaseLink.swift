/// Links a parent model to a child model whose state is one case of an enum: a screen of a
/// screen enum, a destination, a tab.
///
/// ```swift
/// struct Screen: Model {
///   enum State: Equatable, Sendable {
///     case login(Login.State)
///     case todos(Todos.State)
///   }
///   enum Intent: Equatable, Sendable { case login(Login.Intent), todos(Todos.Intent) }
///
///   static let login = CaseLink<Screen, Login>(case: State.login, intent: Intent.login)
///   static let todos = CaseLink<Screen, Todos>(case: State.todos, intent: Intent.todos)
///
///   func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
///     switch intent {
///     case .login(let intent): Self.login.reduce(Login(), &state, intent)
///     case .todos(let intent): Self.todos.reduce(Todos(), &state, intent)
///     }
///   }
/// }
/// ```
///
/// The child runs only while the state is its case, like an ``OptionalChildLink``'s child
/// while its state is there: when the case is replaced, every effect the child started is
/// cancelled, and an intent for it is reported and dropped. `store.scope(link)` gives the
/// child's store while the state is its case, and nil otherwise.
///
/// No accessor per case is needed: the case's payload is found by reflection the first time,
/// then read directly (see the Composition article). Define each link once, as a `static let`:
/// its scoped store is cached per link.
public struct CaseLink<Parent: Model, Child: Model>: Sendable {
  @usableFromInline let payload: @Sendable (Parent.State) -> Child.State?
  /// The case's payload when the enum is the parent's whole state, the usual shape: then the
  /// reduce, inlined into the parent's, reads and writes the payload in place with no closure
  /// between, and retains nothing.
  @usableFromInline let wholeState: EnumPayload<Parent.State, Child.State>.InPlace?
  /// Runs the child's reduce on the payload in place; nil while the state is another case.
  @usableFromInline let modify:
    @Sendable (
      inout Parent.State, (inout Child.State) -> Effect<Child.Intent, Child.SideEffect>
    ) -> Effect<Child.Intent, Child.SideEffect>?
  /// Identifies the link, for its scoped store and the watch on its effects: two cases of one
  /// enum may carry the same child type, so the place in the state is not enough.
  let place: LiftedPresenceID
  /// Where a parent keeps this link's scoped store, made once rather than on every render.
  @usableFromInline let key: ScopeKey
  @usableFromInline let intents: CaseEmbedding<Parent.Intent, Child.Intent>
  @usableFromInline let sideEffects: CaseEmbedding<Parent.SideEffect, Child.SideEffect>

  /// Links the parent's state case `state` (the enum being the parent's whole state) to the
  /// child, whose intents travel in the parent's intent case `intent` and side effects in
  /// the parent's side effect case `sideEffect`.
  public init(
    case state: @escaping @Sendable (Child.State) -> Parent.State,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Child.SideEffect) -> Parent.SideEffect
  ) {
    self.init(state: \Parent.State.self, case: state, intent: intent, sideEffect: sideEffect)
  }

  /// Links the case `state` of the enum at `path` in the parent's state to the child.
  public init<Enum>(
    state path: WritableKeyPath<Parent.State, Enum> & Sendable,
    case state: @escaping @Sendable (Child.State) -> Enum,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Child.SideEffect) -> Parent.SideEffect
  ) {
    let enumPayload = EnumPayload(embed: state)
    payload = { enumPayload.extract($0[keyPath: path]) }
    let member = StoredMember(path)
    wholeState =
      path == \Parent.State.self as AnyKeyPath
      ? (enumPayload as? EnumPayload<Parent.State, Child.State>)?.inPlace : nil
    modify = { parent, body in member.modify(&parent) { enumPayload.modify(&$0, body) } }
    place = LiftedPresenceID(
      path: path, inner: nil, row: AnyHashable(ObjectIdentifier(enumPayload)))
    key = ScopeKey(path, Child.self, case: ObjectIdentifier(enumPayload))
    intents = CaseEmbedding(intent)
    sideEffects = CaseEmbedding(sideEffect)
  }

  /// Reduces a child intent in the parent's `reduce`: runs `model` on the case's payload and
  /// embeds the effect. While the state is another case, the intent is reported and dropped.
  @inlinable @inline(__always)
  public func reduce(
    _ model: Child, _ state: inout Parent.State, _ intent: Child.Intent
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    // Inlinable, so that a parent's reduce specialises it (see ChildLink's). The common case
    // (the enum is the parent's whole state, its payload sits as is) is kept this small so
    // that it inlines too; every other case goes out of line.
    if let wholeState, let effect = wholeState.modifyAsIs(&state, { model.reduce(&$0, intent) }) {
      if case .none = effect.operation { return .none }
      return lifted(effect)
    }
    return reduceOutOfLine(model, &state, intent)
  }

  // Specialised where the parent's reduce is, but not inlined.
  @inlinable @inline(never)
  func reduceOutOfLine(
    _ model: Child, _ state: inout Parent.State, _ intent: Child.Intent
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    let reduced =
      if let wholeState, wholeState.tag.pointee >= 0 {
        wholeState.modify(&state) { model.reduce(&$0, intent) }
      } else {
        modify(&state) { model.reduce(&$0, intent) }
      }
    guard let effect = reduced else { return dropped(intent) }
    if case .none = effect.operation { return .none }
    return lifted(effect)
  }

  /// The child's effect as the parent's; out of line, as only an effect with work takes it.
  @usableFromInline
  func lifted(
    _ effect: Effect<Child.Intent, Child.SideEffect>
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    lift(effect, at: place)
  }

  @usableFromInline
  func dropped(_ intent: Child.Intent) -> Effect<Parent.Intent, Parent.SideEffect> {
    .dropped(intent, by: Parent.self, "its child \(Child.self), whose case is not the current one")
  }
}

extension CaseLink where Child.SideEffect == Never {
  /// Links the parent's state case `state` to a child that has no side effects.
  public init(
    case state: @escaping @Sendable (Child.State) -> Parent.State,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(case: state, intent: intent, sideEffect: { (never: Never) -> Parent.SideEffect in })
  }

  /// Links the case `state` of the enum at `path` to a child that has no side effects.
  public init<Enum>(
    state path: WritableKeyPath<Parent.State, Enum> & Sendable,
    case state: @escaping @Sendable (Child.State) -> Enum,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(
      state: path, case: state, intent: intent,
      sideEffect: { (never: Never) -> Parent.SideEffect in })
  }
}
