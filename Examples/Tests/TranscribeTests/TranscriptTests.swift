import Foundation
import MVIKit
import MVIKitTerminal
import MVIKitTesting
import Testing

@testable import Transcribe

/// A long transcript can be read to its end and kept in a file.
@MainActor
@Suite struct TranscriptTests {
  static let words = (1...580).map { "word\($0)" }.joined(separator: " ")

  func transcribedState(audio: URL) -> TranscribeModel.State {
    var state = TranscribeModel.State()
    state.recognizerName = "Stub"
    state.availability = .available
    state.pickedFile = audio
    state.transcript = Transcript(text: Self.words, mode: .freeSpeech, audioDuration: 180)
    return state
  }

  @Test func aLongTranscriptScrollsToItsEnd() {
    let audio = URL(fileURLWithPath: "/tmp/talk.wav")
    let store = Store(
      initialState: transcribedState(audio: audio),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let terminal = HeadlessTerminal(size: Size(width: 110, height: 30)) {
      TranscribeView(store: store)
    }
    #expect(terminal.grid.contains("word1 "))
    #expect(!terminal.grid.contains("word580"))
    // The transcript is the only focusable view while the folder is not listed.
    for _ in 0..<3 where !terminal.grid.contains("word580") {
      terminal.press(.tab)
      terminal.press(.end)
    }
    #expect(terminal.grid.contains("word580"))
  }

  /// The key bar under the Transcribe screen for `state`.
  func keyBar(_ state: TranscribeModel.State) -> String {
    let store = Store(
      initialState: state,
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let terminal = HeadlessTerminal(size: Size(width: 140, height: 20)) {
      VStack {
        TranscribeView(store: store)
        HelpBar()
      }
    }
    return terminal.text[19]
  }

  @Test func cancelIsOfferedOnlyWhileATranscriptionRuns() {
    var state = transcribedState(audio: URL(fileURLWithPath: "/tmp/talk.wav"))
    let idle = keyBar(state)
    #expect(!idle.contains("c Cancel"))
    #expect(idle.contains("s Start"))
    state.isTranscribing = true
    #expect(keyBar(state).contains("c Cancel"))
  }

  @Test func aRunningTranscriptionShowsHowFarItHasGotInABar() {
    var state = transcribedState(audio: URL(fileURLWithPath: "/tmp/talk.wav"))
    state.transcript = nil
    state.isTranscribing = true
    state.audioDuration = 60
    state.segments = [TranscriptSegment(start: 0, end: 30, text: "the first half")]
    let store = Store(
      initialState: state,
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let terminal = HeadlessTerminal(size: Size(width: 120, height: 20)) {
      TranscribeView(store: store)
    }
    #expect(terminal.grid.contains("Transcribing… 50%"))
    let bar = terminal.text.first { $0.contains("█") && $0.contains("░") }
    #expect(bar?.contains(" 50%") == true)
  }

  @Test func progressShowsFromTheStartAndASkippedStretchIsSaid() async {
    var initial = transcribedState(audio: URL(fileURLWithPath: "/tmp/talk.wav"))
    initial.transcript = nil
    initial.isTranscribing = true
    let store = Store(
      initialState: initial,
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let terminal = HeadlessTerminal(size: Size(width: 120, height: 20)) {
      TranscribeView(store: store)
    }
    // Before any words: the engine says how far it got, and the bar shows it.
    store.send(.segmentDecoded(.progress(to: 0), audioDuration: 600))
    store.send(.segmentDecoded(.progress(to: 60), audioDuration: 600))
    #expect(store.segments.isEmpty && store.processedUntil == 60)
    #expect(terminal.grid.contains("Transcribing… 10%"))
    // A stretch with no words is listed with why, not left out.
    let skipped = TranscriptSegment(
      start: 60, end: 90, text: "", skipReason: "no words it could trust")
    store.send(.segmentDecoded(skipped, audioDuration: 600))
    store.send(.segmentDecoded(.progress(to: 90), audioDuration: 600))
    #expect(store.segments == [skipped])
    #expect(terminal.grid.contains("[60.0–90.0 s] (not transcribed: no words it could trust)"))
    #expect(terminal.grid.contains("Transcribing… 15%"))
  }

  @Test func theTranscriptIsSavedBesideTheAudioFile() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "transcript-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let audio = folder.appending(path: "talk.wav")
    let store = TestStore(
      initialState: transcribedState(audio: audio),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let saved = folder.appending(path: "talk.txt")
    await store.send(.saveTapped)
    await store.receive(.saved(path: saved.path, kept: nil)) {
      $0.notice = "Saved the transcript to \(saved.path)."
      $0.writtenTranscripts = [saved.path]
    }
    #expect(try String(contentsOf: saved, encoding: .utf8) == Self.words + "\n")
    await store.finish()
  }

  @Test func aFileTheUserWroteIsKeptAndTheTranscriptGetsANewName() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "transcript-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let audio = folder.appending(path: "s.wav")
    let notes = folder.appending(path: "s.txt")
    try Data("my notes\n".utf8).write(to: notes)
    let store = TestStore(
      initialState: transcribedState(audio: audio),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let second = folder.appending(path: "s (2).txt")
    await store.send(.saveTapped)
    await store.receive(.saved(path: second.path, kept: notes.path)) {
      $0.notice =
        "\(notes.path) was not written here, so it is kept; saved the transcript to \(second.path)."
      $0.writtenTranscripts = [second.path]
    }
    #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n")
    #expect(try String(contentsOf: second, encoding: .utf8) == Self.words + "\n")

    // A second save replaces the file this session wrote, and still keeps the user's.
    try Data("edited elsewhere\n".utf8).write(to: second)
    await store.send(.saveTapped)
    await store.receive(.saved(path: second.path, kept: notes.path))
    #expect(try String(contentsOf: second, encoding: .utf8) == Self.words + "\n")
    #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["s (2).txt", "s.txt"])
    await store.finish()
  }

  @Test func theNextFreeNameIsTakenWhenSeveralAreTheUsers() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "transcript-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["s.txt", "s (2).txt", "s (3).txt"] {
      try Data("user's \(name)".utf8).write(to: folder.appending(path: name))
    }
    let store = Store(
      initialState: transcribedState(audio: folder.appending(path: "s.wav")),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    await store.send(.saveTapped).finish()
    #expect(store.writtenTranscripts == [folder.appending(path: "s (4).txt").path])
    for name in ["s.txt", "s (2).txt", "s (3).txt"] {
      #expect(
        try String(contentsOf: folder.appending(path: name), encoding: .utf8) == "user's \(name)")
    }
  }

  @Test func savingIntoAFolderThatIsGoneSaysWhereAndWhy() async throws {
    let audio = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/talk.wav")
    let store = Store(
      initialState: transcribedState(audio: audio),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    await store.send(.saveTapped).finish()
    #expect(store.notice?.contains("could not be saved beside /nonexistent-") == true)
  }

  @Test func saveBeforeAnyTranscriptSaysWhatToDo() async {
    let store = TestStore(
      initialState: TranscribeModel.State(),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    await store.send(.saveTapped) {
      $0.notice = "Transcribe a file first (s), then save its transcript with w."
    }
  }

  @Test func messagesSayWhatTheUserCanDoAndSayItOnce() {
    let undecodable = TranscribeError.undecodableAudio(
      path: "/audio/b.mp3",
      reason: "The file could not be decoded as audio: it has no audio stream.")
    #expect(
      undecodable.description == "/audio/b.mp3 could not be read as audio: it has no audio stream.")
    let empty = TranscribeModel.message(for: TranscribeError.emptyFile(path: "/audio/a.wav"))
    #expect(empty == "/audio/a.wav is empty (0 bytes). Pick another file with Enter.")
    #expect(!empty.contains("press s"))
    let stopped = TranscribeModel.message(for: TranscribeError.engineStopped(reason: "killed"))
    #expect(stopped.hasSuffix("Press s to try again."))
  }

  @Test func thePanelKeepsItsWidthWhenTheFilesAreListed() throws {
    let store = Store(
      initialState: TranscribeModel.State(),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: URL(fileURLWithPath: "/tmp")))
    let terminal = HeadlessTerminal(size: Size(width: 100, height: 20)) {
      TranscribeView(store: store)
    }
    func panelColumn() -> Int? {
      terminal.text.first { $0.contains("Transcript") }.flatMap { row in
        row.range(of: "Transcript").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
      }
    }
    let before = try #require(panelColumn())
    let listing = try AudioFileBrowser().list(TranscribeModelTests.samples)
    store.send(.folderLoaded(listing, phrases: nil))
    #expect(terminal.grid.contains(".. (parent folder)"))
    #expect(panelColumn() == before)
  }
}

/// A big-endian WAV is named for what it is, with how to convert it, before any engine sees it.
@Suite struct BigEndianWAVTests {
  @Test func aRIFXFileIsRefusedWithWhatItIsAndHowToConvertIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "rifx-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "motorola.wav")
    try Data("RIFX\u{0}\u{0}\u{0}\u{24}WAVEfmt ".utf8 + [UInt8](repeating: 0, count: 40)).write(
      to: file)
    let recognizer = WhisperRecognizer(
      backend: .remote(
        TranscriptionService(baseURL: URL(string: "http://127.0.0.1:9/v1")!, model: "whisper-1")))
    do {
      _ = try await recognizer.transcribe(file, phrases: nil) { _, _ in }
      Issue.record("a RIFX file was sent to the service")
    } catch let error as TranscribeError {
      #expect(error.description.contains("big-endian WAV (RIFX)"))
      #expect(error.description.contains("sox motorola.wav -L converted.wav"))
      #expect(!error.description.contains("FFmpeg"))
    }
  }
}
