import Foundation
import Logging
import MVIKit
import MVIKitRecording
import Testing

@MainActor
@Suite struct FlowLoggerTests {
  @Test func loggerRedactsSecrets() {
    let lines = LogLines()
    let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    let store = Store(
      initialState: Login.State(), model: Login(),
      attaching: [FlowObserver(FlowLogger<Login>(logger: logger, level: .info).log)])
    store.send(.passwordChanged(Secret("hunter2")))
    store.send(.submitted)
    let log = lines.all
    #expect(log.count == 4)
    #expect(log.allSatisfy { !$0.contains("hunter2") })
    #expect(log.contains { $0.contains("Secret(••••)") })
  }

  @Test func loggerLogsWhatChangedNotTheWholeState() {
    let lines = LogLines()
    let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    // Starts where adding rent left it, so the log begins with the next intent.
    let store = Store(
      initialState: Ledger.State(entries: [Ledger.Entry(title: "rent", amount: 900)], total: 900),
      model: Ledger(), attaching: [FlowObserver(FlowLogger<Ledger>(logger: logger).log)])
    store.send(.added(Ledger.Entry(title: "tea", amount: 4)))
    store.send(.noted("march"))
    store.send(.pinTyped(Secret("8841")))
    store.send(.removedLast)
    #expect(
      lines.all == [
        #"intent: added(MVIKitRecordingTests.Ledger.Entry(title: "tea", amount: 4))"#,
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
    let lines = LogLines()
    let logger = Logger(label: "test") { _ in
      var handler = CapturingLogHandler(lines: lines)
      handler.logLevel = .info
      return handler
    }
    let store = Store(
      initialState: Ledger.State(), model: Ledger(),
      attaching: [FlowObserver(FlowLogger<Ledger>(logger: logger).log)])
    store.send(.noted("x"))
    #expect(lines.all == [#"intent: noted(Optional("x"))"#])
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
  let lines: LogLines
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.append(event.message.description)
  }
}

/// The lines a test logger captured; logging runs on the main actor in these tests.
final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  var all: [String] { lock.withLock { lines } }

  func append(_ line: String) {
    lock.withLock { lines.append(line) }
  }
}
