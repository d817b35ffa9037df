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
  @usableFromInline let link: EnumCaseLink<Parent, Child>
  /// The link's ``EnumCaseLink/wholeState``, kept beside it: read from the link, the inlined
  /// reduce copied the whole link (through run-time metadata) to keep it across the call to the
  /// enum's tag witness; read from here, it copies nothing.
  @usableFromInline let wholeState: EnumPayload<Parent.State, Child.State>.InPlace?

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
    link = EnumCaseLink(
      path, case: state, cases: ChildCases(intent: intent, sideEffect: sideEffect))
    wholeState = link.wholeState
  }

  /// Reduces a child intent in the parent's `reduce`: runs `model` on the case's payload and
  /// embeds the effect. While the state is another case, the intent is reported and dropped.
  @inlinable @inline(__always)
  public func reduce(
    _ model: Child, _ state: inout Parent.State, _ intent: Child.Intent
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    // Inlinable, so that a parent's reduce specialises it (see ChildLink's). The common case
    // (the enum is the parent's whole state, its payload sits as is) is kept this small so
    // that it inlines too; every other case goes out of line, through the link's `modify`.
    if let wholeState, let effect = wholeState.modifyAsIs(&state, { model.reduce(&$0, intent) }) {
      if case .none = effect.operation { return .none }
      return lifted(effect)
    }
    return reduceOutOfLine(model, &state, intent)
  }

  @usableFromInline
  func lifted(_ effect: Effect<Child.Intent, Child.SideEffect>)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    link.lifted(effect)
  }

  // Specialised where the parent's reduce is, but not inlined.
  @inlinable @inline(never)
  func reduceOutOfLine(
    _ model: Child, _ state: inout Parent.State, _ intent: Child.Intent
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    reduceChild(
      link.modify(&state, { model.reduce(&$0, intent) }), dropped: { link.dropped(intent) },
      lifted: { link.lifted($0) })
  }
}

extension CaseLink where Child.SideEffect == Never {
  /// Links the parent's state case `state` to a child that has no side effects.
  public init(
    case state: @escaping @Sendable (Child.State) -> Parent.State,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(case: state, intent: intent, sideEffect: noSideEffect)
  }

  /// Links the case `state` of the enum at `path` to a child that has no side effects.
  public init<Enum>(
    state path: WritableKeyPath<Parent.State, Enum> & Sendable,
    case state: @escaping @Sendable (Child.State) -> Enum,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(state: path, case: state, intent: intent, sideEffect: noSideEffect)
  }
}
