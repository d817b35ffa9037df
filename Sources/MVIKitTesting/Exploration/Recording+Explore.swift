import Foundation
import MVIKit
import MVIKitRecording

extension Recording {
  /// Explores every order in which this session's effects could have answered, and reports the
  /// shortest one that ends in another state than the user saw, or breaks `invariant`.
  ///
  /// ```swift
  /// let recording = try Recording<Search>(contentsOf: URL(filePath: "session.jsonl"))
  /// try await recording.explore(with: Search(client: .unconnected))
  /// ```
  ///
  /// The scenario is the intents the View sent, in order; each run of an effect's work sends
  /// what it sent in the recording (see ``RecordedEffectsModel``), and the explorer tries every
  /// order of those deliveries among the View's intents, cancellations included. The model's
  /// dependencies are never called. A failure is reported at the call's line with its schedule,
  /// which ``ScheduleExplorer/replay(_:schedule:timeout:invariant:finally:fileID:filePath:line:column:)``
  /// re-runs on an explorer of the same ``RecordedEffectsModel``.
  ///
  /// Orders no user could make and orders the recording cannot tell are left out, and the
  /// report counts them (``ExplorationReport/leftOut``): those in which a View intent that
  /// changed the state in the recording changes nothing or is dropped (a tap on a row before
  /// the answer that brought it: the View intent acts on what the View showed), and those that
  /// start work the recording never saw start, whose answer is unknown. The report's
  /// ``ExplorationReport/failures`` keeps the shortest failing order for each member that ends
  /// otherwise than the user saw.
  ///
  /// - Parameters:
  ///   - model: The app's model; its dependencies are never called.
  ///   - limit: How many schedules the exhaustive search may run before it samples.
  ///   - samples: How many schedules to pick at random once `limit` is reached.
  ///   - ignored: Members (as a report names them: `screen.selection`) whose end may differ
  ///     from what the user saw: state that follows the timing of the user's keys, such as a
  ///     highlight, rather than what the app did.
  ///   - invariant: Checked on the app's state after every step; nil when it is fine.
  /// - Returns: What was explored, and the shortest failure found.
  /// - Throws: `RecordingError` when the recording names no effect run (see
  ///   ``RecordedEffectsModel/init(_:recording:)``).
  @MainActor
  @discardableResult
  public func explore(
    with model: M,
    limit: Int = 100_000,
    samples: Int = 1_000,
    ignoring ignored: Set<String> = [],
    invariant: @escaping (M.State) -> String? = { _ in nil },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws(RecordingError) -> ExplorationReport {
    let recorded = try RecordedEffectsModel(model, recording: self)
    var explorer = ScheduleExplorer(model: recorded, initialState: recorded.initialState)
    recorded.configure(&explorer, ignoring: ignored)
    return await explorer.explore(
      recorded.scenario, limit: limit, samples: samples, invariant: { invariant($0.app) },
      finally: recorded.endsAsRecorded(ignoring: ignored), fileID: fileID, filePath: filePath,
      line: line,
      column: column)
  }

  /// A Swift Testing test that explores this recording as ``explore(with:limit:samples:ignoring:invariant:fileID:filePath:line:column:)``
  /// does, carrying the recording in its source: it fails while some order of the effects'
  /// answers ends otherwise than the user saw, and passes once the model handles every order.
  ///
  /// - Parameters:
  ///   - name: The test function's name.
  ///   - model: The expression that makes the model, such as `Search(client: .unconnected)`;
  ///     its dependencies are never called. Defaults to the model type's `init()`.
  ///   - failure: The failure an exploration found, whose schedule the test names in a comment.
  /// - Throws: `RecordingError.coding(_:)` when `name` is not a Swift identifier.
  public func explorationTestSource(
    named name: String = "everyOrderEndsAsRecorded", model: String? = nil,
    failure: ExplorationFailure? = nil
  ) throws(RecordingError) -> String {
    let (_, typeName, opening) = try SwiftSource.testOpening(
      named: name, of: M.self,
      importing: ["Foundation", "MVIKitRecording", "MVIKitTesting", "Testing"])
    let text = String(decoding: data, as: UTF8.self)
    // A raw string that no line of the recording can end early.
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    var lines = [
      "// swift-format-ignore-file",
      "// Made by MVIKit from a recording of \(typeName): every order in which its effects",
      "// could have answered, each effect sending what it sent in the recording.",
    ]
    if let failure {
      lines += [
        "// Found: \(failure.message.split(separator: "\n").first ?? "")",
        "// Shortest failing schedule: \"\(failure.schedule)\"",
      ]
    }
    lines += opening
    lines += [
      "  let recording = try Recording<\(typeName)>(",
      "    data: Data(",
      "      \(hashes)\"\"\"",
    ]
    lines += text.split(separator: "\n").map { "      " + $0 }
    lines += [
      "      \"\"\"\(hashes).utf8))",
      "  try await recording.explore(with: \(model ?? "\(typeName)()"))",
      "}",
      "",
    ]
    return lines.joined(separator: "\n")
  }
}
