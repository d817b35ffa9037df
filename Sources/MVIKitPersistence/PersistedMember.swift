import Foundation
import MVIKit

/// One member of a state that persists: where it is in the state, its key in the file, its
/// version, and how to read what older versions saved.
public struct PersistedMember<State>: Sendable {
  /// The member's key in the file.
  public let key: String
  /// The version of the member's type that this code saves.
  public let version: Int
  let encode: @Sendable (State, JSONEncoder) throws -> Data
  /// Reads a saved value of the given version into the state.
  let decode: @Sendable (inout State, Data, Int, JSONDecoder) throws -> Void

  /// The member at `path`, saved under `key`.
  ///
  /// - Parameters:
  ///   - path: Where the member is in the state.
  ///   - key: Its key in the file; keep it when the member is renamed in code.
  ///   - version: The version of its type; raise it when the type changes so that what was
  ///     saved before no longer decodes, and add a migration from the one before.
  ///   - migrations: How to read values saved by older versions.
  public static func member<Value: Codable & Sendable>(
    _ path: WritableKeyPath<State, Value> & Sendable, key: String, version: Int = 1,
    migrations: [PersistedMigration<Value>] = []
  ) -> Self {
    Self(
      key: key, version: version,
      encode: { state, encoder in try encoder.encode(state[keyPath: path]) },
      decode: { state, data, saved, decoder in
        if saved == version {
          state[keyPath: path] = try decoder.decode(Value.self, from: data)
        } else if let migration = migrations.first(where: { $0.version == saved }) {
          state[keyPath: path] = try migration.read(data, decoder)
        } else {
          throw PersistenceProblem.Reason.unknownVersion(key: key, saved: saved, current: version)
        }
      })
  }

  /// A `Secret` never persists: it would be saved as `Secret(••••)` and come back a stand-in.
  @available(
    *, deprecated,
    message: "a Secret never persists; leave it out, or keep it in the platform's secure store"
  )
  public static func member<Value>(
    _ path: WritableKeyPath<State, Secret<Value>> & Sendable, key: String, version: Int = 1
  ) -> Self {
    Self(
      key: key, version: version, encode: { _, _ in throw PersistenceProblem.Reason.secret(key) },
      decode: { _, _, _, _ in throw PersistenceProblem.Reason.secret(key) })
  }
}

/// How to read a member's value saved by an older version of its type.
public struct PersistedMigration<Value>: Sendable {
  /// The saved version this reads.
  public let version: Int
  let read: @Sendable (Data, JSONDecoder) throws -> Value

  /// Reads a value saved at `version` as `Old`, and makes today's value from it.
  public init<Old: Decodable & Sendable>(
    from version: Int, as old: Old.Type, _ migrate: @escaping @Sendable (Old) -> Value
  ) {
    self.version = version
    read = { data, decoder in migrate(try decoder.decode(Old.self, from: data)) }
  }
}
