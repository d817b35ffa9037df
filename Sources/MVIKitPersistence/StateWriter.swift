import Foundation
import MVIKit

/// The saving half of ``StatePersistence``, off the main actor: encodes the members of a
/// state, compares the bytes with the last ones saved, and writes them to the storage. Saves
/// reach it one after the other, in order.
actor StateWriter<M: Model> {
  /// What a save found, for the main actor to act on.
  enum Outcome: Sendable {
    /// The member under this key holds a `Secret`: it is left out from now on.
    case leftOut(String)
    /// The bytes were written.
    case written
    /// Encoding or writing failed, for this reason; the next save tries again.
    case failed(String)
  }

  private let persisted: PersistedState<M>
  private let storage: any StateStorage
  /// The file as last read or saved, with the members this app does not know.
  private var file: StateFile
  private var savedBytes: Data?
  private var leftOut: Set<String> = []

  init(_ persisted: PersistedState<M>, storage: any StateStorage, file: StateFile, bytes: Data?) {
    self.persisted = persisted
    self.storage = storage
    self.file = file
    savedBytes = bytes
  }

  /// Takes `state` as saved without writing it: what a store starts from when there is no file,
  /// so that a file is made only for a change. Finds the members that hold a secret.
  func start(from state: M.State) -> [Outcome] {
    var outcomes: [Outcome] = []
    let bytes = encode(state, &outcomes)
    if savedBytes == nil { savedBytes = bytes }
    return outcomes
  }

  /// Writes the members of `state` when their bytes differ from the last ones saved.
  func save(_ state: M.State) -> [Outcome] {
    var outcomes: [Outcome] = []
    guard let bytes = encode(state, &outcomes), bytes != savedBytes else { return outcomes }
    do {
      try storage.write(bytes, to: persisted.name)
      savedBytes = bytes
      outcomes.append(.written)
    } catch {
      savedBytes = nil
      outcomes.append(.failed("\(error)"))
    }
    return outcomes
  }

  /// The file's bytes with the members of `state`; nil when they could not be encoded.
  private func encode(_ state: M.State, _ outcomes: inout [Outcome]) -> Data? {
    let encoder = PersistedState<M>.encoder()
    do {
      for member in persisted.members where !leftOut.contains(member.key) {
        do {
          file.members[member.key] = (member.version, try member.encode(state, encoder))
        } catch {
          guard Self.isSecret(error) else { throw error }
          leftOut.insert(member.key)
          file.members[member.key] = nil
          outcomes.append(.leftOut(member.key))
        }
      }
      return try file.data()
    } catch {
      savedBytes = nil
      outcomes.append(.failed(PersistenceProblem.describe(error)))
      return nil
    }
  }

  private static func isSecret(_ error: any Error) -> Bool {
    if case PersistenceProblem.Reason.secret = error { return true }
    guard case EncodingError.invalidValue(_, let context) = error else { return false }
    return context.debugDescription.hasPrefix("a Secret never persists")
  }
}
