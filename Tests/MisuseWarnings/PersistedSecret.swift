// A Secret member of a persisted state: warned at compile time (scripts/check-misuse-warnings.sh)
// and reported, then left out, at run time.
// expect-warning: a Secret never persists
import MVIKit
import MVIKitPersistence

struct SignIn: Model {
  struct State: Equatable, Sendable {
    var email = ""
    var password = Secret("")
  }
  enum Intent: Sendable { case typed(String) }

  static let persisted = PersistedState<SignIn>(
    "sign-in", .member(\.email, key: "email"), .member(\.password, key: "password"))

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> { .none }
}
