import Foundation

/// The value of the type the context expects, decoded from its JSON: how a test made from a
/// recording writes a recorded struct, which may have no initialiser that takes its members.
///
/// ```swift
/// await store.send(.loaded(try recordedValue(#"{"todos":[],"unreadable":0}"#)))
/// ```
///
/// - Throws: ``RecordedValueError`` naming the type and why the JSON is not one.
public func recordedValue<T: Decodable>(_ json: String) throws -> T {
  do {
    return try JSONDecoder().decode(T.self, from: Data(json.utf8))
  } catch {
    throw RecordedValueError(type: String(reflecting: T.self), reason: "\(error)")
  }
}

/// A recorded value that does not decode as the type a test expects: the type changed since
/// the recording was made.
public struct RecordedValueError: Error, CustomStringConvertible {
  /// The type the JSON was decoded as.
  public let type: String
  /// What the decoder said.
  public let reason: String

  /// The error as a sentence.
  public var description: String {
    "The recorded value does not decode as \(type) (has the type changed since the recording?): "
      + reason
  }
}
