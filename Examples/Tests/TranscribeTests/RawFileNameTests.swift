import Foundation
import Testing

@testable import Transcribe

#if canImport(Glibc)
  import Glibc
#endif

/// File names that are not UTF-8, as an older system writes `café.wav` in Latin-1: Foundation on
/// Linux turns the byte 0xE9 into U+FFFD, after which the file is not found.
@Suite("File names that are not UTF-8")
struct RawFileNameTests {
  static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array("-latin1.wav".utf8)

  /// Creates a file whose name is `name`'s bytes, as `printf 'caf\xe9.wav' > …` does.
  static func create(_ name: [UInt8], in folder: URL, contents: Data) throws {
    let path = Array(folder.path.utf8) + [0x2F] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
    }
    #expect(descriptor >= 0)
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    try handle.write(contentsOf: contents)
    try handle.close()
  }

  @Test func aNameKeepsItsBytesThroughAString() {
    let name = RawFileName.string(Self.latin1)
    #expect(RawFileName.bytes(of: name) == Self.latin1)
    #expect(RawFileName.isRaw(name))
    #expect(RawFileName.display(name) == "caf\\xE9-latin1.wav")
    // UTF-8 names, nearly all, are what they were.
    #expect(RawFileName.string(Array("café.wav".utf8)) == "café.wav")
    #expect(!RawFileName.isRaw("café.wav"))
    // A name that really holds a character of the kept range stays itself, too.
    let privateUse = Array("a\u{F7E9}b".utf8)
    #expect(RawFileName.bytes(of: RawFileName.string(privateUse)) == privateUse)
    // A lone continuation byte and a sequence cut short.
    let broken: [UInt8] = [0x80, 0x61, 0xE2, 0x82]
    #expect(RawFileName.bytes(of: RawFileName.string(broken)) == broken)
  }

  @Test func theBrowserListsSuchAFileAndItsAudioReads() throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let audio = AudioFixtures.wav(sampleRate: 16_000, channels: 1, samples: [0, 1_000, -1_000])
    try Self.create(Self.latin1, in: fixtures.folder, contents: audio)
    let listing = try AudioFileBrowser().list(fixtures.folder)
    let entry = try #require(listing.entries.first { $0.kind == .audio })
    #expect(entry.name == "caf\\xE9-latin1.wav")
    let wav = try WAVFile.read(from: entry.url)
    #expect(wav.sampleRate == 16_000)
  }

  @Test func itsTranscriptIsWrittenBesideItUnderTheSameBytes() throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    try Self.create(Self.latin1, in: fixtures.folder, contents: Data("x".utf8))
    let entry = try #require(
      try AudioFileBrowser(supportedExtensions: ["wav"]).list(fixtures.folder).entries.last)
    let written = try TranscriptFile.save("hello", for: entry.url, own: [])
    let expected = Array("caf".utf8) + [0xE9] + Array("-latin1.txt".utf8)
    #expect(RawFileName.bytes(of: written.lastPathComponent) == expected)
    let names = try #require(RawFileName.names(in: fixtures.folder.path))
    #expect(names.map { RawFileName.bytes(of: $0) }.contains(expected))
    #expect(try RawFileName.contents(of: written) == Data("hello".utf8))
    // Saving again replaces this session's own transcript, under the same name.
    let again = try TranscriptFile.save("hello again", for: entry.url, own: [written.path])
    #expect(again == written)
    #expect(try RawFileName.contents(of: written) == Data("hello again".utf8))
  }

  @Test func aMissingSuchFileIsNamedWithItsByteShown() {
    let path = "/nonexistent/" + RawFileName.string(Self.latin1)
    #expect(throws: TranscribeError.self) { try WAVFile.read(from: URL(fileURLWithPath: path)) }
    let error = TranscribeError.fileNotFound(path: path)
    #expect(error.description == "There is no file at /nonexistent/caf\\xE9-latin1.wav.")
  }
}
