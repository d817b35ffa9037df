import Foundation
import MVIKit
import MVIKitRecording

/// What the inspector does only for a model whose state, intent and side effect are `Codable`
/// and `Equatable`: copy the session as a test, explore it, check a recording against the app,
/// and read the intents a page sends. Made where those types are known, in the `attach` that
/// requires them; another model's inspector has none.
@usableFromInline
struct CodableModelTools<M: Model>: Sendable {
  /// Turns an exported session (a recording's bytes) into the source of a test named so.
  typealias TestSource =
    @Sendable (_ recording: Data, _ name: String) -> Result<String, RecordingError>
  /// Explores an exported session with the store's model, the test it makes named so; nil
  /// when the store is gone.
  typealias Explore =
    @MainActor @Sendable (_ root: RootStoreHandle<M>, _ recording: Data, _ testName: String)
    async -> Result<InspectorExploration, RecordingError>?
  /// Replays a recording's bytes with the store's model; nil when the store is gone.
  typealias Check =
    @MainActor @Sendable (_ root: RootStoreHandle<M>, _ recording: Data) -> InspectorCheck?

  let testSource: TestSource
  let explore: Explore
  let check: Check
  /// Reads an intent from the JSON a page sent.
  let decodeIntent: @Sendable (Data) throws -> M.Intent
}

extension CodableModelTools
where
  M.State: Codable & Equatable, M.Intent: Codable & Equatable,
  M.SideEffect: Codable & Equatable
{
  /// The tools; a copied test makes the model with `testModel`, or its type's `init()`.
  @usableFromInline
  init(testModel: String?) {
    testSource = { recording, name in
      do throws(RecordingError) {
        return .success(
          try Recording<M>(data: recording).testSource(named: name, model: testModel))
      } catch {
        return .failure(error)
      }
    }
    explore = { root, recording, name in
      await InspectorExploration.explore(
        from: root, recording: recording, testName: name, testModel: testModel)
    }
    check = { root, recording in InspectorCheck.check(recording, with: root) }
    decodeIntent = { try JSONDecoder().decode(M.Intent.self, from: $0) }
  }
}
