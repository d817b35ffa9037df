import CustomDump
import IssueReporting
import MVIKit
import MVIKitRecording

/// A store for tests that makes you assert every change, intent and side effect.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
/// await store.send(.increment) { $0.count = 1 }
/// await store.send(.factTapped) { $0.isLoading = true }
/// await store.receive(.factLoaded("1 is odd")) { $0.isLoading = false; $0.fact = "1 is odd" }
/// await store.receiveSideEffect(.toast("Loaded"))
/// await store.finish()
/// ```
///
/// With ``exhaustivity`` ``Exhaustivity/on`` (the default) these are test failures, each with
/// a readable diff: a state change the assertion did not describe, an intent fed back by an
/// effect or a side effect that was not received, and an effect still running at
/// ``finish(timeout:fileID:filePath:line:column:)`` or when the test store is deallocated.
/// Intents sent by effects are queued until
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)`` reduces them. Time is controlled by
/// the clock the model was given: give it a test clock and advance it.
@MainActor
public final class TestStore<M: Model> where M.State: Equatable {
  /// The current state, after every intent sent or received so far.
  public internal(set) var state: M.State
  /// How strictly unasserted behaviour is checked.
  public var exhaustivity: Exhaustivity = .on {
    didSet { ledger.withLock { [exhaustivity] in $0.isExhaustive = exhaustivity == .on } }
  }
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait for effects by default. Real time,
  /// but spent only waiting for work, never sleeping: an intent that arrives returns at once,
  /// so the default is long enough for a machine under load (a CI runner building beside the
  /// tests) and costs only the tests that fail.
  public var timeout: Duration = .seconds(5)
  /// Whether effects do their work, or a recording's outputs stand in for it.
  public let effects: EffectPlayback

  let model: M
  let runner = EffectRunner<M.Intent, M.SideEffect>()
  let registry: TaskRegistry
  let ledger = Locked(Ledger())
  let origin: Origin
  /// With ``EffectPlayback/recorded``, how many intents were sent or received: the step of the
  /// recording that a failure names.
  var recordedStep = 0

  struct Ledger {
    var intents: [M.Intent] = []
    var sideEffects: [M.SideEffect] = []
    var errors: [String] = []
    var isExhaustive = true
  }

  struct Origin: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
  }

  /// Creates a test store that runs `model` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - model: The model under test.
  ///   - effects: Whether effects do their work (the default), or stand in for what a
  ///     recording says they sent; see ``EffectPlayback``.
  ///   - fileID: The file ID reported with a leftover at the end; leave the default.
  ///   - filePath: The file path reported with a leftover at the end; leave the default.
  ///   - line: The line reported with a leftover at the end; leave the default.
  ///   - column: The column reported with a leftover at the end; leave the default.
  public init(
    initialState: M.State,
    model: M,
    effects: EffectPlayback = .live,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.state = initialState
    self.model = model
    self.effects = effects
    self.registry = runner.registry
    self.origin = Origin(fileID: fileID, filePath: filePath, line: line, column: column)
    runner.sink = self
  }

  deinit {
    // Its effects' tasks may outlive it; what they send then goes nowhere.
    runner.sink = nil
    // Recorded runs stay in flight until the test ends; that is no leftover.
    let running = effects == .recorded ? 0 : registry.count
    registry.cancelAll()
    let leftovers = ledger.withLock { $0 }
    guard leftovers.isExhaustive else { return }
    let origin = self.origin
    for message in Self.leftoverMessages(leftovers, running: running) {
      reportIssue(
        message, fileID: origin.fileID, filePath: origin.filePath, line: origin.line,
        column: origin.column)
    }
  }

  /// Sends `intent` as the View would, and checks the new state.
  ///
  /// - Parameters:
  ///   - intent: The intent to reduce, as the View would send it.
  ///   - assert: Mutates a copy of the state before the intent into the state you expect after
  ///     it. Omit it when the intent changes nothing.
  ///   - fileID: The file ID reported with a failure; leave the default.
  ///   - filePath: The file path reported with a failure; leave the default.
  ///   - line: The line reported with a failure; leave the default.
  ///   - column: The column reported with a failure; leave the default.
  /// - Returns: A handle on the effects the intent started, to cancel or await them.
  @discardableResult
  public func send(
    _ intent: M.Intent,
    assert: ((inout M.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let location = Origin(fileID: fileID, filePath: filePath, line: line, column: column)
    recordedStep += 1
    checkErrors(at: location)
    let pending = ledger.withLock { $0 }
    if !pending.intents.isEmpty || !pending.sideEffects.isEmpty {
      if exhaustivity == .on {
        fail(
          "Must handle what effects produced before sending \(describe(intent)):\n"
            + Self.describe(pending), at: location)
      }
      skipReceivedIntents()
      ledger.withLock { $0.sideEffects.removeAll() }
    }
    let task = reduce(
      intent, assert: assert, what: { "sending \(self.describe(intent))" }, at: location)
    // Lets a freshly started effect reach its first suspension; nothing to wait for otherwise.
    if task.hasWork { await Task.megaYield() }
    return task
  }

  /// Reduces the next intent that an effect sent, after checking it is `expected`.
  ///
  /// Waits up to `timeout` (default ``timeout``) for the effect to send it.
  public func receive(
    _ expected: M.Intent,
    timeout: Duration? = nil,
    assert: ((inout M.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where M.Intent: Equatable {
    let location = Origin(fileID: fileID, filePath: filePath, line: line, column: column)
    recordedStep += 1
    if effects == .recorded, ledger.withLock({ $0.intents.isEmpty }) {
      return receiveFromRecording(expected, assert: assert, at: location)
    }
    let received = await waitFor(timeout) {
      self.ledger.withLock { $0.intents.contains(where: { $0 == expected }) }
        || (self.exhaustivity == .on && !self.ledger.withLock { $0.intents.isEmpty })
    }
    checkErrors(at: location)
    guard received else {
      fail(
        "Expected to receive \(describe(expected)), but no effect sent it in time.", at: location)
      return
    }
    while let next = popIntent() {
      if next == expected {
        let task = reduce(
          next, assert: assert, what: { "receiving \(self.describe(next))" }, at: location)
        // As after a send: work the intent started reaches its first suspension (a sleep on the
        // test's clock) before the test advances the clock.
        if task.hasWork { await Task.megaYield() }
        return
      }
      if exhaustivity == .on {
        var message = "Received an unexpected intent:\n"
        message += diff(expected, next, format: .proportional).map { "\($0)" } ?? describe(next)
        message += "\n(−expected +received)"
        fail(message, at: location)
        reduce(next, assert: nil, what: nil, at: location)
        return
      }
      reduce(next, assert: nil, what: nil, at: location)
    }
  }

  /// Checks that the next side effect emitted is `expected`, waiting for it if needed.
  public func receiveSideEffect(
    _ expected: M.SideEffect,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where M.SideEffect: Equatable {
    let location = Origin(fileID: fileID, filePath: filePath, line: line, column: column)
    if effects == .recorded, ledger.withLock({ $0.sideEffects.isEmpty }) {
      return receiveSideEffectFromRecording(expected, at: location)
    }
    let arrived = await waitFor(timeout) {
      self.ledger.withLock { !$0.sideEffects.isEmpty }
    }
    guard arrived else {
      fail(
        "Expected side effect \(describe(expected)), but none was emitted in time.", at: location)
      return
    }
    while let next = ledger.withLock({ $0.sideEffects.isEmpty ? nil : $0.sideEffects.removeFirst() }
    ) {
      if next == expected { return }
      if exhaustivity == .on {
        let difference = diff(expected, next, format: .proportional) ?? describe(next)
        fail(
          "Received an unexpected side effect:\n\(difference)\n(−expected +received)", at: location)
        return
      }
    }
    fail("Expected side effect \(describe(expected)), but it was not emitted.", at: location)
  }

  /// Waits for every running effect to finish, then checks nothing was left unasserted.
  ///
  /// With ``Exhaustivity/off``, effects still running after `timeout` are cancelled instead.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = Origin(fileID: fileID, filePath: filePath, line: line, column: column)
    let registry = runner.registry
    // Recorded runs never end by themselves: what they sent was received already.
    if effects == .recorded { runner.cancelAll() }
    let done = await waitFor(timeout) { registry.count == 0 }
    checkErrors(at: location)
    if exhaustivity == .off {
      if !done { runner.cancelAll() }
      return
    }
    let leftovers = ledger.withLock { $0 }
    for message in Self.leftoverMessages(leftovers, running: done ? 0 : registry.count) {
      fail(message, at: location)
    }
    if !done { runner.cancelAll() }
    ledger.withLock {
      $0.intents.removeAll()
      $0.sideEffects.removeAll()
    }
  }

  /// Reduces every intent that effects sent and the test has not received, without checks.
  public func skipReceivedIntents() {
    while let next = popIntent() {
      reduce(next, assert: nil, what: nil, at: origin)
    }
  }

  /// Cancels every running effect, so that ``finish(timeout:fileID:filePath:line:column:)``
  /// does not wait for them.
  public func cancelInFlightEffects() {
    runner.cancelAll()
  }
}
