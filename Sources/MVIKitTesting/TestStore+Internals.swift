import CustomDump
import IssueReporting
import MVIKit
import MVIKitRecording

extension TestStore {
  @discardableResult
  func reduce(
    _ intent: M.Intent,
    assert: ((inout M.State) throws -> Void)?,
    what: (() -> String)?,
    at location: Origin
  ) -> StoreTask {
    let before = state
    var actual = state
    let effect = model.reduce(&actual, intent)
    let step = recordedStep
    let what = what.map { what in
      effects == .recorded ? { "\(what()) (step \(step) of the recording)" } : what
    }
    if runner.isWatchingPresence { runner.checkPresence(in: actual) }
    if let what {
      // The assertion runs while `state` is still the state before the intent, as in TCA.
      var expected = exhaustivity == .on ? before : actual
      do {
        try assert?(&expected)
      } catch {
        fail("The assertion after \(what()) threw: \(error)", at: location)
      }
      if expected != actual, !differOnlyWhereRecordingsCannotSee(expected, actual) {
        let difference =
          diff(expected, actual, format: .proportional) ?? "(no printable difference)"
        let paths = StateDifference.differences(from: expected, to: actual).flatMap(\.memberPaths)
          .map { $0.isEmpty ? "(the whole state)" : $0 }
        fail(
          "State after \(what()) is not what the test expected: (−expected +actual)\n\(difference)"
            + "\nDiffers at: \(paths.joined(separator: ", "))", at: location)
      } else if assert != nil, exhaustivity == .on, before == actual {
        fail(
          "Expected a state change after \(what()), but none happened. "
            + "Omit the assert closure when an intent changes nothing.", at: location)
      }
    }
    state = actual
    var cascade: Cascade?
    runner.execute(effects == .recorded ? effect.recordedStandIn : effect, cascade: &cascade)
    // A dropped intent (for a dismissed child, a removed row) fails at the step that sent it.
    checkErrors(at: location)
    return StoreTask(cascade)
  }

  /// Whether `expected` and `actual` differ only where a recording cannot see: inside a
  /// `Secret`, which a recording holds redacted (the password a user typed, replayed as its
  /// placeholder), or in members the state does not encode. A test made from a recording
  /// (``EffectPlayback/recorded``) asserts what the recording holds, so such a step passes;
  /// any other test compares with `==`.
  func differOnlyWhereRecordingsCannotSee(_ expected: M.State, _ actual: M.State) -> Bool {
    guard effects == .recorded, let expected = expected as? any Encodable,
      let actual = actual as? any Encodable,
      let expectedTree = try? JSONValue(encoding: expected),
      let actualTree = try? JSONValue(encoding: actual)
    else { return false }
    return expectedTree == actualTree
  }

  /// Reduces `intent` as sent by a recorded run in flight; see ``EffectPlayback/recorded``.
  func receiveFromRecording(
    _ intent: M.Intent, assert: ((inout M.State) throws -> Void)?, at location: Origin
  ) {
    checkErrors(at: location)
    guard registry.count > 0 else {
      return fail(
        "Expected an effect to send \(describe(intent)) (step \(recordedStep) of the recording), "
          + "but no effect is running: the reducer did not start it, or cancelled it.",
        at: location)
    }
    reduce(intent, assert: assert, what: { "receiving \(self.describe(intent))" }, at: location)
  }

  /// Takes `sideEffect` as emitted by a recorded run in flight; see ``EffectPlayback/recorded``.
  func receiveSideEffectFromRecording(_ sideEffect: M.SideEffect, at location: Origin) {
    checkErrors(at: location)
    guard registry.count > 0 else {
      return fail(
        "Expected side effect \(describe(sideEffect)) after step \(recordedStep) of the "
          + "recording, but the reducer emitted none and no effect is running to emit it.",
        at: location)
    }
  }

  func popIntent() -> M.Intent? {
    ledger.withLock { $0.intents.isEmpty ? nil : $0.intents.removeFirst() }
  }

  /// Polls `condition` until it holds or `timeout` passes, letting effects run meanwhile.
  func waitFor(_ timeout: Duration?, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout ?? self.timeout)
    var spins = 0
    while !condition() {
      if clock.now >= deadline { return false }
      spins += 1
      if spins < 200 {
        await Task.yield()
      } else {
        // Work on other threads (a loopback request, a file read) needs more than yields.
        try? await Task.sleep(for: .microseconds(200))
      }
    }
    return true
  }

  func checkErrors(at location: Origin) {
    let errors = ledger.withLock { ledger in
      defer { ledger.errors.removeAll() }
      return ledger.errors
    }
    for error in errors {
      fail(error, at: location)
    }
  }

  func fail(_ message: String, at location: Origin) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  func describe(_ value: Any) -> String {
    var text = ""
    customDump(value, to: &text, maxDepth: 2)
    return text
  }

  nonisolated static func describe(_ ledger: Ledger) -> String {
    var lines: [String] = []
    for intent in ledger.intents {
      var text = ""
      customDump(intent, to: &text, maxDepth: 2)
      lines.append("  intent: \(text)")
    }
    for sideEffect in ledger.sideEffects {
      var text = ""
      customDump(sideEffect, to: &text, maxDepth: 2)
      lines.append("  side effect: \(text)")
    }
    return lines.joined(separator: "\n")
  }

  nonisolated static func leftoverMessages(_ ledger: Ledger, running: Int) -> [String] {
    var messages: [String] = []
    if !ledger.intents.isEmpty || !ledger.sideEffects.isEmpty {
      messages.append(
        "The test ended with what effects produced still unasserted:\n" + describe(ledger))
    }
    if running > 0 {
      messages.append(
        "The test ended with an effect still running. Await it with finish(), "
          + "cancel it in the model, or set exhaustivity = .off.")
    }
    for error in ledger.errors {
      messages.append(error)
    }
    return messages
  }
}

extension Task where Success == Never, Failure == Never {
  /// Lets freshly started effect tasks run up to their first suspension.
  static func megaYield(count: Int = 20) async {
    for _ in 0..<count { await Task.yield() }
  }
}

/// Fed-back intents wait in the ledger, in the order the live store would reduce them, until
/// the test receives them; side effects, errors and misuses wait there too.
extension TestStore: EffectSink {
  package typealias Intent = M.Intent
  package typealias SideEffect = M.SideEffect

  package func receive(_ intent: M.Intent, into cascade: Cascade?, run: Int32) {
    ledger.withLock { $0.intents.append(intent) }
  }

  package func deliver(_ sideEffect: M.SideEffect) {
    ledger.withLock { $0.sideEffects.append(sideEffect) }
  }

  package func effectFailed(_ error: any Error) {
    ledger.withLock {
      $0.errors.append("An effect threw an error that no catch: handler handled: \(error)")
    }
  }

  package func effectWarned(_ warning: String) {
    ledger.withLock { $0.errors.append(warning) }
  }

  package func presenceWatchesChanged() {}
}
