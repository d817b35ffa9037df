import Foundation
import Testing

@testable import Transcribe

@Suite("Browsing for audio files")
struct AudioFileBrowserTests {
  @Test func listsParentFoldersThenAudioSorted() throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let manager = FileManager.default
    try manager.createDirectory(
      at: fixtures.folder.appending(path: "zeta"), withIntermediateDirectories: true)
    try manager.createDirectory(
      at: fixtures.folder.appending(path: "Alpha"), withIntermediateDirectories: true)
    for name in ["b.wav", "A.WAV", "song.mp3", "notes.txt", ".hidden.wav"] {
      _ = try fixtures.write(Data("x".utf8), name: name)
    }
    let listing = try AudioFileBrowser().list(fixtures.folder)
    #expect(listing.entries.map(\.name) == ["..", "Alpha", "zeta", "A.WAV", "b.wav", "song.mp3"])
    #expect(
      listing.entries.map(\.kind) == [.parent, .folder, .folder, .audio, .audio, .unsupportedAudio])
    let parent = try #require(listing.entries.first)
    let up = try AudioFileBrowser().list(parent.url)
    #expect(up.folder == listing.folder.deletingLastPathComponent().standardizedFileURL)
    #expect(
      up.entries.contains {
        $0.kind == .folder && $0.url.lastPathComponent == listing.folder.lastPathComponent
      })
  }

  @Test func rootHasNoParent() throws {
    let listing = try AudioFileBrowser().list(URL(fileURLWithPath: "/"))
    #expect(!listing.entries.contains { $0.kind == .parent })
  }

  @Test func errorsForMissingFileAndUnreadableFolders() throws {
    let fixtures = try AudioFixtures()
    defer { fixtures.remove() }
    let missing = fixtures.folder.appending(path: "missing")
    #expect(throws: TranscribeError.folderNotFound(path: missing.path)) {
      try AudioFileBrowser().list(missing)
    }
    let file = try fixtures.write(Data("x".utf8), name: "a.wav")
    #expect(throws: TranscribeError.notAFolder(path: file.path)) {
      try AudioFileBrowser().list(file)
    }
    let locked = fixtures.folder.appending(path: "locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
    }
    // Root can read any folder, so only check the error when running as another user.
    if getuid() != 0 {
      #expect(throws: TranscribeError.self) { try AudioFileBrowser().list(locked) }
    }
  }

  @Test func phraseListsAndGrammar() throws {
    let phrases = PhraseGrammar.parseList(
      "# commands\nTurn on the Kitchen Lights!\n\n  open the front door \nopen the front door\n")
    #expect(
      phrases == ["Turn on the Kitchen Lights!", "open the front door", "open the front door"])
    let grammar = try #require(PhraseGrammar(phrases: phrases))
    #expect(grammar.phrases == ["turn on the kitchen lights", "open the front door"])
    #expect(
      grammar.jsgf
        == "#JSGF V1.0;\ngrammar phrases;\npublic <phrase> = turn on the kitchen lights | open the front door;\n"
    )
    #expect(PhraseGrammar(phrases: ["  ", "!?"]) == nil)
  }
}
