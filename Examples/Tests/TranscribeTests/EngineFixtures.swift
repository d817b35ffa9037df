import ExampleTestSupport
import Foundation
import Testing

@testable import Transcribe

/// The embedded engine's folder and audio made for it at test time.
enum EngineFixtures {
  static let directory = WhisperEngine.defaultDirectory()

  /// Whether `scripts/bootstrap.sh` has installed the engine; the engine tests need it.
  static var isInstalled: Bool {
    FileManager.default.isExecutableFile(
      atPath: directory.appending(path: ".venv/bin/python").path)
  }

  /// Re-encodes `wav` as `name`'s format (mp3, flac, ogg, opus, m4a) with the engine's PyAV.
  static func encode(_ wav: URL, as name: String, in fixtures: AudioFixtures) async throws
    -> URL
  {
    let output = fixtures.folder.appending(path: name)
    try await Tool.run(
      directory.appending(path: ".venv/bin/python").path,
      [directory.appending(path: "encode_audio.py").path, wav.path, output.path])
    return output
  }

  /// Lower-case words without punctuation, as word error rate compares them.
  static func words(_ text: String) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
  }

  /// The word error rate of `heard` against `said`: edits over the words said.
  static func wordErrorRate(heard: String, said: String) -> Double {
    let reference = words(said)
    let hypothesis = words(heard)
    var previous = Array(0...hypothesis.count)
    for (row, word) in reference.enumerated() {
      var current = [row + 1] + Array(repeating: 0, count: hypothesis.count)
      for (column, other) in hypothesis.enumerated() {
        current[column + 1] = min(
          previous[column] + (word == other ? 0 : 1), previous[column + 1] + 1, current[column] + 1)
      }
      previous = current
    }
    return Double(previous[hypothesis.count]) / Double(max(reference.count, 1))
  }

  /// Whether the process `pid` still exists.
  static func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

  /// Waits up to `timeout` for `pid` to be gone.
  static func waitUntilGone(_ pid: Int32, timeout: Duration = .seconds(10)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while isAlive(pid), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    return !isAlive(pid)
  }
}
