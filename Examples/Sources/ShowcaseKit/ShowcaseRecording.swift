import Foundation
import MVIKit
import MVIKitRecording

/// The showcase's `--record DIR` and `--replay FILE`.
@MainActor
enum ShowcaseRecording {
  /// Reads the recording at `path`.
  static func load(_ path: String) throws(RecordingError) -> Recording<ShowcaseModel> {
    try Recording(contentsOf: URL(fileURLWithPath: path))
  }

  /// A recorder writing to a new file in `folder`, made if missing.
  static func recorder(in folder: String) throws -> Recorder<ShowcaseModel> {
    let directory = URL(fileURLWithPath: folder, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw RecordingError.file(path: directory.path, reason: error.localizedDescription)
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let name = "showcase-\(formatter.string(from: Date())).jsonl"
    return try Recorder(to: directory.appendingPathComponent(name))
  }
}
