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

  /// A Swift Testing test that drives ``ShowcaseModel/unconnected`` through the recording at
  /// `path`: what `--test-from-recording` prints.
  static func testSource(from path: String) throws(RecordingError) -> String {
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return try load(path).testSource(
      named: testName(for: name), model: "ShowcaseModel.unconnected")
  }

  /// `recorded` and the file's name in camel case: `showcase-20261128-101500` gives
  /// `recordedShowcase20261128101500`.
  static func testName(for fileName: String) -> String {
    let words = fileName.split { !$0.isLetter && !$0.isNumber }
    return "recorded" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
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
