// Uses every name that is deprecated and not yet removed, as a user's code written for the
// previous minor version does. scripts/check-deprecations.sh type-checks this file against the
// built modules: it must still compile, and each name below must be reported as deprecated.
// When a name is removed (one minor version after its deprecation), its use and its
// `expect-deprecated` line go, and CHANGELOG.md says what replaces it.
//
// expect-deprecated: flowObserver

import MVIKit

private struct Counter: Model {
  struct State: Equatable, Sendable { var count = 0 }
  enum Intent: Sendable { case increment }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.count += 1
    return .none
  }
}

@MainActor
private func usesDeprecatedNames() {
  let store = Store(initialState: Counter.State(), model: Counter())
  // Deprecated in 0.3: attach a FlowObserver when the store is made.
  store.flowObserver = { event in print(event) }
  store.send(.increment)
}
