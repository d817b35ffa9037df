import Foundation
import MVIKit
import Testing

@MainActor
@Suite struct FlowTests {
  @Test func observerSeesIntentsStateChangesAndSideEffectsInOrder() async {
    var events: [String] = []
    let observer = FlowObserver<Counter> { event in
      switch event {
      case .intent(let intent): events.append("intent \(intent)")
      case .stateChanged(let from, let to): events.append("state \(from.count)->\(to.count)")
      case .sideEffect(let sideEffect): events.append("side effect \(sideEffect)")
      case .unhandledError(let error): events.append("error \(error)")
      case .runtimeWarning(let warning): events.append("warning \(warning)")
      }
    }
    let store = Store(
      initialState: Counter.State(), model: Counter(fact: { "\($0)" }), attaching: [observer])
    store.send(.increment)
    store.send(.factLoaded("x"))
    #expect(
      events == [
        "intent increment", "state 0->1",
        "intent factLoaded(\"x\")", "state 1->1", "side effect toast(\"Loaded\")",
      ])
  }

  @Test func severalObserversEachSeeEveryEventInTheOrderAttached() {
    var seen: [String] = []
    let store = Store(
      initialState: Lab.State(), model: Lab(),
      attaching: [
        FlowObserver { if case .intent(let intent) = $0 { seen.append("first \(intent)") } },
        FlowObserver { if case .intent(let intent) = $0 { seen.append("second \(intent)") } },
      ])
    store.send(.stop)
    store.send(.stop)
    #expect(seen == ["first stop", "second stop", "first stop", "second stop"])
  }

  @Test func unchangedStateIsNotReportedAsAChange() {
    var changes = 0
    let store = Store(
      initialState: Lab.State(), model: Lab(),
      attaching: [FlowObserver { if case .stateChanged = $0 { changes += 1 } }])
    store.send(.stop)
    #expect(changes == 0)
  }

  /// Encoding a state (to save it, to send it) needs no debugging layer: MVIKit alone encodes a
  /// secret redacted.
  @Test func aSecretEncodesRedactedWithMVIKitAlone() throws {
    struct Login: Codable {
      var email: String
      var password: Secret<String>
    }
    let json = try JSONEncoder().encode(Login(email: "a@b.c", password: Secret("hunter2")))
    let text = String(decoding: json, as: UTF8.self)
    #expect(!text.contains("hunter2"))
    #expect(text.contains("Secret(••••)"))
    let decoded = try JSONDecoder().decode(Login.self, from: json)
    #expect(decoded.password.value == String.redactedPlaceholder)
  }

  @Test func secretNeverPrintsItsValue() {
    let secret = Secret("hunter2")
    var dumped = ""
    dump(secret, to: &dumped)
    #expect(!"\(secret)".contains("hunter2"))
    #expect(!String(reflecting: secret).contains("hunter2"))
    #expect(!dumped.contains("hunter2"))
    #expect(secret == Secret("hunter2"))
  }
}
