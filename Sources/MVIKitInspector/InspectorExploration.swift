import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting

/// What the page's *Explore orders* shows: the kept session, up to a step, explored in every
/// order its effects could have answered in (see `Recording.explore(with:)`).
@usableFromInline
struct InspectorExploration: Sendable {
  /// What was explored and what was found, as a test prints it.
  var summary: String
  /// The shortest failing schedule, which `ScheduleExplorer.replay` re-runs.
  var schedule: String?
  /// A test that explores the same session, carrying it.
  var test: String?

  var json: JSONValue {
    var fields: [String: JSONValue] = [
      "summary": .string(summary), "found": .bool(schedule != nil),
    ]
    if let schedule { fields["schedule"] = .string(schedule) }
    if let test { fields["test"] = .string(test) }
    return .object(fields)
  }

  /// How many schedules the page's exploration runs before it samples, taken a step at a time.
  static let limit = 20_000
  /// How long an exploration of the page or an agent may take: a long session with many runs
  /// can have orders for minutes, and a client waiting for an answer gives up before that. Past
  /// it the exploration stops, and its report says it did not run every order.
  static let timeBudget: Duration = .seconds(20)

  /// Explores `recording` (the kept steps' bytes) with the store's model, whose dependencies
  /// are never called, without reporting an issue: the page shows the report. The test it
  /// writes makes the model with `testModel`, or its type's `init()`. Nil when the store is
  /// gone.
  @MainActor @usableFromInline
  static func explore<M: Model>(
    from root: RootStoreHandle<M>, recording data: Data, testName: String,
    testModel: String? = nil
  ) async -> Result<InspectorExploration, RecordingError>?
  where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
    guard let model = root.model else { return nil }
    do throws(RecordingError) {
      let recording = try Recording<M>(data: data)
      let recorded = try RecordedEffectsModel(model, recording: recording)
      var explorer = ScheduleExplorer(model: recorded, initialState: recorded.initialState)
      explorer.reportsIssues = false
      recorded.configure(&explorer)
      let configured = explorer
      let exploring = Task { @MainActor in
        await configured.explore(
          recorded.scenario, limit: limit, samples: 200, timeout: .seconds(2),
          finally: recorded.endsAsRecorded)
      }
      let budget = Task {
        try await Task.sleep(for: timeBudget)
        exploring.cancel()
      }
      let report = await exploring.value
      budget.cancel()
      return .success(
        InspectorExploration(
          summary: (exploring.isCancelled && !report.isExhaustive && report.sampled == 0
            ? "Stopped after \(timeBudget.components.seconds) s. " : "") + report.description,
          schedule: report.failure?.schedule,
          test: try recording.explorationTestSource(
            named: testName, model: testModel, failure: report.failure)))
    } catch {
      return .failure(error)
    }
  }
}
