import Logging
import MVIKit
import Testing

@MainActor
@Suite struct FlowTests {
  @Test func observerSeesIntentsStateChangesAndSideEffectsInOrder() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    var events: [String] = []
    store.flowObserver = { event in
      switch event {
      case .intent(let intent): events.append("intent \(intent)")
      case .stateChanged(let from, let to): events.append("state \(from.count)->\(to.count)")
      case .sideEffect(let sideEffect): events.append("side effect \(sideEffect)")
      case .unhandledError(let error): events.append("error \(error)")
      case .runtimeWarning(let warning): events.append("warning \(warning)")
      }
    }
    store.send(.increment)
    store.send(.factLoaded("x"))
    #expect(
      events == [
        "intent increment", "state 0->1",
        "intent factLoaded(\"x\")", "state 1->1", "side effect toast(\"Loaded\")",
      ])
  }

  @Test func unchangedStateIsNotReportedAsAChange() {
    let store = Store(initialState: Lab.State(), model: Lab())
    var changes = 0
    store.flowObserver = { if case .stateChanged = $0 { changes += 1 } }
    store.send(.stop)
    #expect(changes == 0)
  }

  @Test func loggerRedactsSecrets() {
    let lines = Locked<[String]>([])
    let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    let store = Store(initialState: Login.State(), model: Login())
    store.flowObserver = FlowLogger<Login>(logger: logger, level: .info).log
    store.send(.passwordChanged(Secret("hunter2")))
    store.send(.submitted)
    let log = lines.withLock { $0 }
    #expect(log.count == 4)
    #expect(log.allSatisfy { !$0.contains("hunter2") })
    #expect(log.contains { $0.contains("Secret(••••)") })
  }

  @Test func loggerLogsWhatChangedNotTheWholeState() {
    let lines = Locked<[String]>([])
    let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    let store = Store(initialState: Ledger.State(), model: Ledger())
    store.send(.added(Ledger.Entry(title: "rent", amount: 900)))
    store.flowObserver = FlowLogger<Ledger>(logger: logger).log
    store.send(.added(Ledger.Entry(title: "tea", amount: 4)))
    store.send(.noted("march"))
    store.send(.pinTyped(Secret("8841")))
    store.send(.removedLast)
    #expect(
      lines.withLock { $0 } == [
        #"intent: added(MVIKitTests.Ledger.Entry(title: "tea", amount: 4))"#,
        #"state: entries[1]: added {amount: 4, title: "tea"}; total: 900 → 904"#,
        #"intent: noted(Optional("march"))"#,
        #"state: note: nil → "march""#,
        "intent: pinTyped(Secret(••••))",
        "state: nothing printable changed (a Secret may have)",
        "intent: removedLast",
        #"state: entries[1]: removed {amount: 4, title: "tea"}; total: 904 → 900"#,
        #"side effect: toast("Removed tea")"#,
      ])
  }

  @Test func loggerLevelsAreInfoForIntentsAndDebugForChanges() {
    let lines = Locked<[String]>([])
    let logger = Logger(label: "test") { _ in
      var handler = CapturingLogHandler(lines: lines)
      handler.logLevel = .info
      return handler
    }
    let store = Store(initialState: Ledger.State(), model: Ledger())
    store.flowObserver = FlowLogger<Ledger>(logger: logger).log
    store.send(.noted("x"))
    #expect(lines.withLock { $0 } == [#"intent: noted(Optional("x"))"#])
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

struct Login: Model {
  struct State: Equatable, Sendable { var password = Secret("") }
  enum Intent: Sendable {
    case passwordChanged(Secret<String>)
    case submitted
  }
  enum SideEffect: Sendable { case failed(Secret<String>) }
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .passwordChanged(let password):
      state.password = password
      return .none
    case .submitted:
      return .emit(.failed(state.password))
    }
  }
}

struct CapturingLogHandler: LogHandler {
  let lines: Locked<[String]>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.withLock { $0.append(event.message.description) }
  }
}
