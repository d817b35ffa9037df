import Foundation
import MVIKit

/// The persisted file: a JSON object that names its format and holds each member under its
/// key, with the version it was saved at.
///
/// ```json
/// {"mvikitState": 1, "members": {"email": {"version": 1, "value": "ada@example.com"}}}
/// ```
///
/// Members that this app does not know (an older app reading a file that a newer one added a
/// member to) are kept as they are and written back.
struct StateFile {
  static let format = 1

  /// The members read, by key: the version and the value's JSON.
  var members: [String: (version: Int, value: Data)] = [:]

  init() {}

  /// Parses a file's bytes; throws ``PersistenceProblem/Reason/notStateFile`` for anything
  /// that is not a state file, and a newer version for a file of a later format.
  init(_ data: Data) throws {
    guard let parsed = try? JSONSerialization.jsonObject(with: data) else {
      throw Self.whyUnparsable(data)
    }
    guard let object = parsed as? [String: Any], let format = object["mvikitState"] as? Int
    else { throw PersistenceProblem.Reason.notStateFile }
    guard format <= Self.format else {
      throw PersistenceProblem.Reason.unknownVersion(
        key: "mvikitState", saved: format, current: Self.format)
    }
    guard format == Self.format, let members = object["members"] as? [String: Any] else {
      throw PersistenceProblem.Reason.notStateFile
    }
    for (key, entry) in members {
      guard let entry = entry as? [String: Any], let version = entry["version"] as? Int,
        let value = entry["value"],
        let json = try? JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)
      else { throw PersistenceProblem.Reason.notStateFile }
      self.members[key] = (version, json)
    }
  }

  /// Why `data` is no JSON: nothing at all, a state file cut off (it begins as one, and JSON
  /// that starts so ends only with a closing brace), or something else.
  static func whyUnparsable(_ data: Data) -> PersistenceProblem.Reason {
    let text = String(decoding: data.prefix(64), as: UTF8.self)
    let start = text.drop { $0.isWhitespace }
    if start.isEmpty && data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
      return .empty
    }
    let opening = start.hasPrefix("{") ? start.dropFirst().drop { $0.isWhitespace } : ""
    return opening.hasPrefix("\"mvikitState\"") ? .incomplete : .notStateFile
  }

  /// The file's bytes, its keys sorted so that equal states give equal bytes.
  func data() throws -> Data {
    var members: [String: Any] = [:]
    for (key, member) in self.members {
      members[key] = [
        "version": member.version,
        "value": try JSONSerialization.jsonObject(with: member.value, options: .fragmentsAllowed),
      ]
    }
    return try JSONSerialization.data(
      withJSONObject: ["mvikitState": Self.format, "members": members],
      options: [.sortedKeys, .withoutEscapingSlashes])
  }
}
