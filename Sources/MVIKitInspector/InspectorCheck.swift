import Foundation
import MVIKit
import MVIKitRecording

/// A recording replayed against the running app's model (`POST /check`): whether today's
/// reducer reaches every recorded state, or the first step where it does not.
@usableFromInline
struct InspectorCheck: Sendable {
  /// How many steps the recording has.
  var stepCount: Int
  /// The first step whose state differs, or nil when every one matches.
  var divergence: ReplayDivergence?
  /// Why the recording could not be replayed at all (not a recording, another model).
  var problem: String?

  var json: JSONValue {
    var fields: [String: JSONValue] = ["stepCount": .int(Int64(stepCount))]
    if let problem {
      fields["problem"] = .string(problem)
    } else if let divergence {
      fields["matches"] = .bool(false)
      fields["step"] = .int(Int64(divergence.step))
      fields["differences"] = .array(divergence.differences.map(JSONValue.string))
      fields["description"] = .string(divergence.description)
    } else {
      fields["matches"] = .bool(true)
    }
    return .object(fields)
  }

  /// Replays `data` with the store's model: no effect runs, each recorded intent is reduced in
  /// its place. Nil when the store is gone.
  @MainActor @usableFromInline
  static func check<M: Model>(_ data: Data, with root: RootStoreHandle<M>) -> InspectorCheck?
  where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
    guard let model = root.model else { return nil }
    let recording: Recording<M>
    do {
      recording = try Recording<M>(data: data)
    } catch {
      return InspectorCheck(
        stepCount: 0, problem: "It is not a recording the app can read: \(error)")
    }
    do {
      _ = try recording.replay(with: model)
      return InspectorCheck(stepCount: recording.steps.count)
    } catch let divergence as ReplayDivergence {
      return InspectorCheck(stepCount: recording.steps.count, divergence: divergence)
    } catch {
      return InspectorCheck(stepCount: recording.steps.count, problem: "\(error)")
    }
  }
}
