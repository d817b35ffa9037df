import ExampleTestSupport
import Foundation
import Testing

/// Makes real speech WAVs with `espeak-ng` and `sox` in a temporary folder.
struct AudioFixtures {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appending(path: "transcribe-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Speaks `text` into a WAV with the given rate and channel count.
  func speech(_ text: String, name: String, rate: Int = 16_000, channels: Int = 1) async throws
    -> URL
  {
    let raw = folder.appending(path: "\(name)-espeak.wav")
    let output = folder.appending(path: "\(name).wav")
    try await Tool.run("espeak-ng", ["-w", raw.path, text])
    try await Tool.run(
      "sox", [raw.path, "-r", "\(rate)", "-c", "\(channels)", "-b", "16", output.path])
    return output
  }

  /// Converts a WAV into another encoding with sox, such as 32-bit float.
  func sox(_ input: URL, name: String, arguments: [String]) async throws -> URL {
    let output = folder.appending(path: name)
    try await Tool.run("sox", [input.path] + arguments + [output.path])
    return output
  }

  /// Runs sox `effects` (such as `pad 0 1` or `repeat 9`) over `input` into `name`.
  func effects(_ input: URL, name: String, _ effects: [String]) async throws -> URL {
    let output = folder.appending(path: name)
    try await Tool.run("sox", [input.path, output.path] + effects)
    return output
  }

  func write(_ data: Data, name: String) throws -> URL {
    let url = folder.appending(path: name)
    try data.write(to: url)
    return url
  }

  /// A canonical 44-byte WAV header followed by `samples`.
  static func wav(
    sampleRate: Int, channels: Int, bits: Int = 16, format: UInt16 = 1,
    samples: [Int16]
  ) -> Data {
    var data = Data()
    func append(_ string: String) { data.append(contentsOf: Array(string.utf8)) }
    func append32(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) }
    }
    func append16(_ value: Int) {
      withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) }
    }
    let dataBytes = samples.count * 2
    append("RIFF")
    append32(36 + dataBytes)
    append("WAVE")
    append("fmt ")
    append32(16)
    append16(Int(format))
    append16(channels)
    append32(sampleRate)
    append32(sampleRate * channels * bits / 8)
    append16(channels * bits / 8)
    append16(bits)
    append("data")
    append32(dataBytes)
    for sample in samples {
      withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
    }
    return data
  }
}
