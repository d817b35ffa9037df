import MVIKit

extension Recording where M.State: Equatable, M.Intent: Equatable, M.SideEffect: Equatable {
  /// A Swift Testing test that drives a `TestStore` through this recording, for a bug seen in a
  /// session to become a test that fails until it is fixed.
  ///
  /// ```swift
  /// let recording = try Recording<Todos>(contentsOf: URL(filePath: "session.jsonl"))
  /// print(try recording.testSource(named: "addingMilk", model: "Todos(storage: .none)"))
  /// ```
  ///
  /// The test sends each intent the View sent and asserts the state it made as assignments
  /// (`$0.todos[0].title = "milk"`); it receives each intent an effect sent and each side
  /// effect, in the order they happened. Its store runs with `effects: .recorded`: no effect's
  /// work runs, and what the effects sent in the recording stands in for it, so the test needs
  /// none of the app's dependencies and runs offline. Against the code that made the
  /// recording it passes; against a reducer that now does otherwise it fails at the first step
  /// that differs, naming that step and the members that differ.
  ///
  /// Values are written as Swift literals where they can be (strings, numbers, arrays, enum
  /// cases); a struct is written as `recordedValue(#"{…}"#)`, its recorded JSON, which
  /// compiles whatever initialisers the type has. Secrets stay redacted as they were recorded.
  ///
  /// - Parameters:
  ///   - name: The test function's name.
  ///   - model: The expression that makes the model, such as `Todos(storage: .none)`. Its
  ///     dependencies are never called. Defaults to the model type's `init()`.
  /// - Throws: ``RecordingError/coding(_:)`` when a recorded state does not decode, or
  ///   `name` is not a Swift identifier.
  public func testSource(named name: String = "recordedSession", model: String? = nil)
    throws(RecordingError) -> String
  {
    let (module, typeName, opening) = try SwiftSource.testOpening(
      named: name, of: M.self, importing: ["MVIKit", "MVIKitTesting", "Testing"])
    let effectCount = steps.count { $0.origin == .effect }
    var lines = [
      // Recorded values stay on one line each, which a formatter would flag.
      "// swift-format-ignore-file",
      "// Made by MVIKit from a recording of \(typeName): \(steps.count) steps, "
        + "\(effectCount) of them sent by effects.",
      "// Effects do not run: what they sent in the recording is received in their place,",
      "// so this test needs none of the app's dependencies.",
    ]
    lines += opening
    lines += [
      "  let store = TestStore(",
      "    initialState: \(SwiftSource.tried(try source(of: initialState))),",
      "    model: \(model ?? "\(typeName)()"),",
      "    effects: .recorded",
      "  )",
    ]
    var before = initialState
    for step in steps {
      let after = try step.state.decode(as: M.State.self)
      let call = step.origin == .view ? "send" : "receive"
      let statement = "await store.\(call)(\(try source(of: step.intent)))"
      let assignments = StateDifference.differences(from: before, to: after, module: module)
        .flatMap { $0.statements(on: "$0") }
      if let site = step.site { lines.append("  // Sent from \(site)") }
      if assignments.isEmpty {
        lines.append("  " + SwiftSource.tried(statement))
      } else {
        lines.append("  " + SwiftSource.tried(statement) + " {")
        lines += assignments.map { "    " + $0 }
        lines.append("  }")
      }
      for sideEffect in step.sideEffects {
        lines.append(
          "  " + SwiftSource.tried("await store.receiveSideEffect(\(try source(of: sideEffect)))"))
      }
      before = after
    }
    lines += ["  await store.finish()", "}", ""]
    return lines.joined(separator: "\n")
  }

  private func source(of value: Any) throws(RecordingError) -> String {
    guard let text = SwiftSource.expression(for: value) else {
      throw .coding("\(type(of: value)) cannot be written as Swift: it does not encode")
    }
    return text
  }
}
