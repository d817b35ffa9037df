import Foundation
import MVIKit

/// The showcase's `--record DIR` and `--replay FILE`.
@MainActor
enum ShowcaseRecording {
  /// Reads the recording at `path`.
  static func load(_ path: String) throws(RecordingError) -> Recording<ShowcaseModel> {
    try Recording(contentsOf: URL(fileURLWithPath: path))
  }

  /// Replays `recording` into the showcase's store, then shows its last state in time travel.
  static func replay(_ recording: Recording<ShowcaseModel>, into showcase: ShowcaseRoot) throws {
    try recording.replay(into: showcase.store)
    showcase.history.show(showcase.history.count - 1)
  }

  /// Starts recording the showcase's store to a new file in `folder`, made if missing.
  static func start(in folder: String, store: Store<ShowcaseModel>) throws -> Recorder<
    ShowcaseModel
  > {
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
    return try store.record(to: directory.appendingPathComponent(name))
  }
}
