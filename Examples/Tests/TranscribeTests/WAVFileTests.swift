import Foundation
import Testing

@testable import Transcribe

@Suite("Reading WAV files")
struct WAVFileTests {
  @Test func missingFileIsFileNotFound() async throws {
    let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).wav")
    #expect(throws: TranscribeError.fileNotFound(path: url.path)) {
      try WAVFile.read(from: url)
    }
  }

  @Test func zeroByteFileIsEmptyFile() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let url = try fixtures.write(Data(), name: "empty.wav")
    #expect(throws: TranscribeError.emptyFile(path: url.path)) {
      try WAVFile.read(from: url)
    }
  }

  @Test func headerWithoutSamplesIsNoAudio() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let data = AudioFixtures.wav(sampleRate: 16_000, channels: 1, samples: [])
    #expect(data.count == 44)
    let url = try fixtures.write(data, name: "header-only.wav")
    #expect(throws: TranscribeError.noAudio(path: url.path)) {
      try WAVFile.read(from: url)
    }
  }

  @Test func randomBytesAreNotAWAV() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    var generator = SystemRandomNumberGenerator()
    let bytes = Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let url = try fixtures.write(bytes, name: "noise.wav")
    #expect(throws: TranscribeError.notAWAV(path: url.path)) {
      try WAVFile.read(from: url)
    }
  }

  @Test func renamedTextFileIsNotAWAV() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let text = Data("turn on the kitchen lights\nopen the front door\n".utf8)
    let url = try fixtures.write(text, name: "notes.wav")
    let error = #expect(throws: TranscribeError.self) {
      try WAVFile.read(from: url)
    }
    #expect(error == .notAWAV(path: url.path))
    #expect(error?.description == "\(url.path) is not a WAV file.")
  }

  @Test func folderIsUnreadable() throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    #expect(
      throws: TranscribeError.unreadableFile(path: fixtures.folder.path, reason: "it is a folder")
    ) {
      try WAVFile.read(from: fixtures.folder)
    }
  }

  @Test func floatingPointIsUnsupported() async throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let speech = try await fixtures.speech("play some music", name: "music")
    let float = try await fixtures.sox(
      speech, name: "float.wav", arguments: ["-e", "floating-point", "-b", "32"])
    #expect(
      throws: TranscribeError.unsupportedEncoding(
        path: float.path, encoding: "32-bit floating point")
    ) {
      try WAVFile.read(from: float)
    }
  }

  @Test func missingFormatChunkIsCorrupt() throws {
    var data = Data("RIFF".utf8)
    data.append(contentsOf: [12, 0, 0, 0])
    data.append(contentsOf: Array("WAVEdata".utf8))
    data.append(contentsOf: [4, 0, 0, 0, 1, 0, 2, 0])
    #expect(throws: TranscribeError.corruptWAV(path: "x.wav", reason: "it has no format chunk")) {
      try WAVFile(data: data, path: "x.wav")
    }
  }

  @Test func parsesSamplesAndChannels() throws {
    let data = AudioFixtures.wav(sampleRate: 8_000, channels: 2, samples: [1, -1, 300, -300])
    let file = try WAVFile(data: data)
    #expect(file.sampleRate == 8_000)
    #expect(file.channels == 2)
    #expect(file.samples == [1, -1, 300, -300])
    #expect(file.frameCount == 2)
    #expect(file.monoSamples(rate: 8_000) == [0, 0])
  }

  @Test func resamplingKeepsDurationAndLevel() throws {
    let tone = (0..<44_100).map { Int16(10_000 * sin(Double($0) * 2 * .pi * 440 / 44_100)) }
    let file = WAVFile(sampleRate: 44_100, channels: 1, samples: tone)
    let down = file.monoSamples(rate: 16_000)
    #expect(down.count == 16_000)
    let peak = down.map { abs(Int($0)) }.max() ?? 0
    #expect((9_000...10_000).contains(peak))
    let up = WAVFile(sampleRate: 8_000, channels: 1, samples: [0, 100, 200]).monoSamples(
      rate: 16_000)
    #expect(up == [0, 50, 100, 150, 200, 200])
  }
}
