import MVIKit

/// How a parent holds a navigation stack of screens that each run a model: the
/// ``NavigationStackState`` in the parent's state, and the parent's case that carries a
/// screen's intents, keyed by the screen's stack id.
///
/// ```swift
/// static let path = StackLink<App, Screen>(state: \.path, intent: Intent.screen)
///
/// case .screen(let intent): return Self.path.reduce(screenModel, &state, intent)
/// case .back: state.path.pop(); return .none
/// ```
///
/// `Screen` is usually an enum-state model over every kind of screen the stack can show. A
/// popped screen's effects are cancelled; an intent for a screen no longer on the stack is
/// reported and dropped.
public struct StackLink<Parent: Model, Screen: Model>: Sendable {
  /// Where the stack lives in the parent's state.
  public let state: WritableKeyPath<Parent.State, NavigationStackState<Screen.State>> & Sendable
  let entries: RowsLink<Parent, StackEntryModel<Screen>>

  /// Links a stack at `state` whose screens' intents travel in the parent's `intent` case and
  /// side effects in its `sideEffect` case.
  public init(
    state: WritableKeyPath<Parent.State, NavigationStackState<Screen.State>> & Sendable,
    intent: @escaping @Sendable (Keyed<Int, Screen.Intent>) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Keyed<Int, Screen.SideEffect>) -> Parent.SideEffect
  ) {
    self.state = state
    let entries:
      WritableKeyPath<NavigationStackState<Screen.State>, Rows<StackEntry<Screen.State>>> =
        \.entries
    let base: WritableKeyPath<Parent.State, NavigationStackState<Screen.State>> = state
    self.entries = RowsLink(
      state: sendable(base.appending(path: entries)), intent: intent, sideEffect: sideEffect)
  }

  /// Reduces a screen's intent on that screen with `model`.
  public func reduce(
    _ model: Screen, _ state: inout Parent.State, _ intent: Keyed<Int, Screen.Intent>
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    entries.reduce(StackEntryModel(screen: model), &state, intent)
  }
}

extension StackLink where Screen.SideEffect == Never {
  /// Links a stack of screens without side effects.
  public init(
    state: WritableKeyPath<Parent.State, NavigationStackState<Screen.State>> & Sendable,
    intent: @escaping @Sendable (Keyed<Int, Screen.Intent>) -> Parent.Intent
  ) {
    self.init(
      state: state, intent: intent,
      sideEffect: { (never: Keyed<Int, Never>) -> Parent.SideEffect in
        never.unreachable
      })
  }
}

extension Store {
  /// The store of the screen with stack id `id`, while it is on the stack.
  public func scope<Screen: Model>(_ link: StackLink<M, Screen>, id: Int) -> Store<Screen>? {
    scope(link.entries, id: id)?.scope(StackEntryModel<Screen>.element)
  }

  /// The stores of the pushed screens, bottom to top. Reading it in an observing context
  /// tracks pushes and pops, not the screens' contents.
  public func scope<Screen: Model>(_ link: StackLink<M, Screen>) -> [Store<Screen>] {
    scope(link.entries).map { $0.scope(StackEntryModel<Screen>.element) }
  }
}

/// Runs a screen's model on one entry of a stack.
struct StackEntryModel<Screen: Model>: Model {
  typealias State = StackEntry<Screen.State>
  typealias Intent = Screen.Intent
  typealias SideEffect = Screen.SideEffect

  let screen: Screen

  static var element: ChildLink<Self, Screen> {
    ChildLink(state: \.element, intent: { $0 }, sideEffect: { $0 })
  }

  /// Reduces the screen through its link, so that the watches inside its effect (its rows,
  /// its optional children) look for their child in the entry's `element`: handed up as the
  /// screen returned it, they would not recognise the entry and keep the child's work.
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    Self.element.reduce(screen, &state, intent)
  }
}

/// Marks a key path built at run time as sendable: key paths are immutable values.
func sendable<Root, Value>(
  _ path: WritableKeyPath<Root, Value>
) -> WritableKeyPath<Root, Value> & Sendable {
  unsafeBitCast(path, to: (WritableKeyPath<Root, Value> & Sendable).self)
}
