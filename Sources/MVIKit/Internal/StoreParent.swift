/// What a scoped store needs from the store it was scoped from.
@MainActor
@usableFromInline
protocol StoreParent<State, Intent>: AnyObject {
  associatedtype State
  associatedtype Intent

  var state: State { get }
  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value
  func read<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value
  func send(_ intent: Intent) -> StoreTask
}

/// Links a child store to its parent: child reads become parent reads of the composed key
/// path (so observation stays fine-grained) and child intents are embedded and sent up.
@MainActor
final class ScopeLink<Parent: Model, State, Intent>: StoreParent {
  let parent: Store<Parent>
  let statePath: KeyPath<Parent.State, State>
  let embed: (Intent) -> Parent.Intent

  init(
    parent: Store<Parent>,
    statePath: KeyPath<Parent.State, State>,
    embed: @escaping (Intent) -> Parent.Intent
  ) {
    self.parent = parent
    self.statePath = statePath
    self.embed = embed
  }

  var state: State { parent[dynamicMember: statePath] }

  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    parent[dynamicMember: statePath.appending(path: keyPath)]
  }

  func read<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    parent[dynamicMember: statePath.appending(path: keyPath)]
  }

  func send(_ intent: Intent) -> StoreTask {
    parent.send(embed(intent))
  }
}
