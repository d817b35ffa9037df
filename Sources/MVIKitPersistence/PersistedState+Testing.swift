import Foundation
import MVIKit

/// What a store with ``StatePersistence`` would load and save, as plain functions of the
/// state: what a `TestStore` test (or a schedule explorer's check) asserts, since persistence
/// does not change the model's `reduce`.
///
/// ```swift
/// let start = try Settings.persisted.restored(Settings.State(), from: storage)
/// let store = TestStore(initialState: start, model: Settings())
/// await store.send(.filterChanged(.done)) { $0.filter = .done }
/// #expect(try Settings.persisted.savedMembers(of: store.state)["filter"] == #""done""#)
/// ```
extension PersistedState {
  /// `state` with the members saved in `storage` read into it, as a store starts with
  /// ``StatePersistence`` attached; `state` itself when there is no file. Reads only.
  ///
  /// - Throws: Why the file cannot be used (not a state file, a member that does not decode,
  ///   a version with no migration, a newer version); ``StatePersistence`` moves such a file
  ///   aside and starts from `state`.
  public func restored(_ state: M.State, from storage: some StateStorage) throws -> M.State {
    guard let data = try storage.read(name) else { return state }
    var state = state
    try read(StateFile(data), into: &state)
    return state
  }

  /// The members of `state` as ``StatePersistence`` saves them: each key with its value's
  /// JSON text, keys sorted.
  ///
  /// - Throws: `EncodingError` for a member that cannot be encoded, such as one that holds a
  ///   `Secret` (which ``StatePersistence`` leaves out).
  public func savedMembers(of state: M.State) throws -> [String: String] {
    let encoder = Self.encoder()
    var saved: [String: String] = [:]
    for member in members {
      saved[member.key] = String(decoding: try member.encode(state, encoder), as: UTF8.self)
    }
    return saved
  }

  /// Reads the members `file` holds into `state`, each by its version and migrations.
  func read(_ file: StateFile, into state: inout M.State) throws {
    let decoder = JSONDecoder()
    for member in members {
      guard let saved = file.members[member.key] else { continue }
      do {
        try member.decode(&state, saved.value, saved.version, decoder)
      } catch let reason as PersistenceProblem.Reason {
        throw reason
      } catch {
        throw PersistenceProblem.Reason.member(key: member.key, error)
      }
    }
  }

  /// The encoder of saved members: sorted keys, so that equal states give equal bytes, and
  /// marked as persisting, so that a `Secret` refuses to be encoded.
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.userInfo[.persistingState] = true
    return encoder
  }
}
