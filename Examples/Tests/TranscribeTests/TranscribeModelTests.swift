import Foundation
import MVIKit
import MVIKitTesting
import Synchronization
import Testing

@testable import Transcribe

/// The Transcribe model, on the real sample folder, with the real recognizer and with stubs.
@MainActor
@Suite struct TranscribeModelTests {
  nonisolated static let samples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Samples/audio")
  nonisolated static let commands = [
    "turn on the kitchen lights", "open the front door", "play some music",
  ]

  let browser = AudioFileBrowser()

  /// A store that has checked availability and listed `folder`, asserted step by step.
  func openedStore(
    recognizer: SpeechRecognizer, folder: URL = samples,
    availability: RecognizerAvailability = .available
  ) async throws -> TestStore<TranscribeModel> {
    let listing = try browser.list(folder)
    let phrases = TranscribeModel.phrases(in: listing.folder)
    let store = TestStore(
      initialState: TranscribeModel.State(),
      model: TranscribeModel(recognizer: recognizer, startFolder: folder))
    // Generous: the engine's tests may hold both cores; a receive returns as
    // soon as its intent arrives.
    store.timeout = .seconds(30)
    await store.send(.appeared) { $0.recognizerName = recognizer.name }
    // The files first, without waiting for the recognizer's check.
    await store.receive(.folderLoaded(listing, phrases: phrases)) {
      $0.listing = listing
      $0.folderPhrases = phrases
    }
    await store.receive(.availabilityChecked(availability)) { $0.availability = availability }
    return store
  }

  func index(of name: String, in store: TestStore<TranscribeModel>) throws -> Int {
    try #require(store.state.entries.firstIndex { $0.name == name })
  }

  /// Picks `name` and asserts the phrase list that comes with it, off until turned on.
  func pick(_ name: String, in store: TestStore<TranscribeModel>) async throws {
    let row = try index(of: name, in: store)
    let url = store.state.entries[row].url
    let phrases = store.state.folderPhrases
    await store.send(.entryActivated(row)) {
      $0.selection = row
      $0.pickedFile = url
      $0.phrases = phrases
    }
  }

  /// Receives each of `expected`'s segments, then the transcript itself.
  func receive(_ expected: Transcript, in store: TestStore<TranscribeModel>) async {
    for segment in expected.segments {
      await store.receive(.segmentDecoded(segment, audioDuration: expected.audioDuration)) {
        $0.segments.append(segment)
        $0.audioDuration = expected.audioDuration
      }
    }
    await store.receive(.transcribed(expected)) {
      $0.isTranscribing = false
      $0.transcript = expected
      $0.availability = .available
    }
  }

  @Test func theSampleFolderListsItsWAVsAndPhrases() async throws {
    let store = try await openedStore(recognizer: StubRecognizer().value)
    #expect(store.state.entries.map(\.name).contains("turn-on-the-kitchen-lights.wav"))
    #expect(store.state.folderPhrases == Self.commands)
    await store.finish()
  }

  #if PocketSphinx
    @Test func aSampleIsTranscribedExactlyWithItsPhraseListTurnedOn() async throws {
      let store = try await openedStore(recognizer: SpeechRecognizer(PocketSphinxRecognizer()))
      store.timeout = .seconds(60)  // PocketSphinx in a debug build, on a busy machine
      try await pick("turn-on-the-kitchen-lights.wav", in: store)
      #expect(!store.state.usesPhrases)
      await store.send(.phrasesToggled) { $0.usesPhrases = true }
      await store.send(.startTapped) { $0.isTranscribing = true }
      let file = try #require(store.state.pickedFile)
      let duration = try WAVFile.read(from: file).duration
      let text = "turn on the kitchen lights"
      let expected = Transcript(
        text: text, mode: .phrases, audioDuration: duration,
        segments: [TranscriptSegment(start: 0, end: duration, text: text)])
      await receive(expected, in: store)
      await store.finish()
    }
  #endif

  @Test func phrasesAreOffByDefaultAndToggleOn() async throws {
    let recognizer = StubRecognizer()
    let store = try await openedStore(recognizer: recognizer.value)
    try await pick("play-some-music.wav", in: store)
    await store.send(.startTapped) { $0.isTranscribing = true }
    await receive(StubRecognizer.transcript(phrases: nil), in: store)
    await store.send(.phrasesToggled) { $0.usesPhrases = true }
    await store.send(.startTapped) {
      $0.isTranscribing = true
      $0.transcript = nil
      $0.segments = []
      $0.audioDuration = nil
    }
    await receive(StubRecognizer.transcript(phrases: Self.commands), in: store)
    #expect(recognizer.calls == [nil, Self.commands])
    await store.finish()
  }

  @Test func segmentsShowAsTheyArriveAndProgressFollowsThem() {
    var state = TranscribeModel.State()
    state.pickedFile = URL(fileURLWithPath: "/a.wav")
    let model = TranscribeModel(recognizer: StubRecognizer().value, startFolder: Self.samples)
    _ = model.reduce(&state, .startTapped)
    #expect(state.progress == nil)
    let first = TranscriptSegment(start: 0, end: 30, text: "one")
    _ = model.reduce(&state, .segmentDecoded(first, audioDuration: 120))
    #expect(state.segments == [first])
    #expect(state.progress == 0.25)
    _ = model.reduce(
      &state, .segmentDecoded(.init(start: 30, end: 60, text: "two"), audioDuration: nil))
    #expect(state.progress == 0.5)
    _ = model.reduce(&state, .cancelTapped)
    // A segment that was already on its way when the user cancelled is not shown.
    _ = model.reduce(
      &state, .segmentDecoded(.init(start: 60, end: 90, text: "late"), audioDuration: 120))
    #expect(state.segments.map(\.text) == ["one", "two"])
  }

  @Test func aFolderWithoutPhrasesIsFreeSpeechAndCannotToggle() async throws {
    let folder = try TemporaryAudioFolder()
    defer { folder.remove() }
    try folder.write(Data([0]), name: "note.wav")
    let recognizer = StubRecognizer()
    let store = try await openedStore(recognizer: recognizer.value, folder: folder.url)
    try await pick("note.wav", in: store)
    #expect(!store.state.usesPhrases)
    await store.send(.phrasesToggled) { $0.notice = "There is no phrases.txt next to this file." }
    await store.finish()
  }

  @Test func foldersOpenAndTheParentSelectsTheFolderLeft() async throws {
    let folder = try TemporaryAudioFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.url.appending(path: "inner"), withIntermediateDirectories: true)
    try folder.write(Data(), name: "inner/take.wav")
    let store = try await openedStore(recognizer: StubRecognizer().value, folder: folder.url)
    let row = try index(of: "inner", in: store)
    let inner = try browser.list(folder.url.appending(path: "inner"))
    await store.send(.entryActivated(row)) { $0.selection = row }
    await store.receive(.folderLoaded(inner, phrases: nil)) {
      $0.listing = inner
      $0.selection = 0
    }
    #expect(store.state.entries.map(\.name) == ["..", "take.wav"])
    // The parent entry's URL ends in a slash, so list it as the model does.
    let outer = try browser.list(store.state.entries[0].url)
    await store.send(.entryActivated(0))
    await store.receive(.folderLoaded(outer, phrases: nil)) {
      $0.listing = outer
      $0.selection = row
    }
    await store.finish()
  }

  @Test func selectionStaysInsideTheListing() async throws {
    let store = try await openedStore(recognizer: StubRecognizer().value)
    let last = store.state.entries.count - 1
    await store.send(.selectionMoved(99)) { $0.selection = last }
    await store.send(.selectionMoved(-4)) { $0.selection = 0 }
    await store.send(.entryActivated(99))
    await store.finish()
  }

  @Test func unsupportedAudioIsAnErrorNotAPick() async throws {
    let folder = try TemporaryAudioFolder()
    defer { folder.remove() }
    try folder.write(Data([0xFF, 0xFB]), name: "song.mp3")
    let store = try await openedStore(recognizer: StubRecognizer().value, folder: folder.url)
    let row = try index(of: "song.mp3", in: store)
    await store.send(.entryActivated(row)) {
      $0.selection = row
      $0.errorMessage =
        "Stub cannot read song.mp3. Pick a .wav file, convert it first (for example: sox "
        + "song.mp3 -b 16 out.wav), or use the Whisper engine."
    }
    await store.send(.startTapped) {
      $0.errorMessage = "Pick an audio file first: highlight it and press Enter."
    }
    await store.finish()
  }

  /// Each broken file, read by the real WAV reader, ends in its own readable error.
  @Test(arguments: BrokenFile.allCases)
  func brokenFilesAreClearErrors(_ broken: BrokenFile) async throws {
    let folder = try TemporaryAudioFolder()
    defer { folder.remove() }
    let url = try folder.write(broken.contents, name: "broken.wav")
    let store = try await openedStore(recognizer: .wavReading, folder: folder.url)
    store.timeout = .seconds(10)
    try await pick("broken.wav", in: store)
    await store.send(.startTapped) { $0.isTranscribing = true }
    let message = TranscribeModel.message(for: broken.error(path: url.path))
    await store.receive(.failed(message)) {
      $0.isTranscribing = false
      $0.errorMessage = message
    }
    await store.finish()
  }

  @Test func aFileDeletedAfterPickingIsAnError() async throws {
    let folder = try TemporaryAudioFolder()
    defer { folder.remove() }
    let url = try folder.write(Data(), name: "gone.wav")
    let store = try await openedStore(recognizer: .wavReading, folder: folder.url)
    try await pick("gone.wav", in: store)
    try FileManager.default.removeItem(at: url)
    await store.send(.startTapped) { $0.isTranscribing = true }
    let message = TranscribeModel.message(for: TranscribeError.fileNotFound(path: url.path))
    await store.receive(.failed(message)) {
      $0.isTranscribing = false
      $0.errorMessage = message
    }
    await store.finish()
  }

  @Test func aMissingRecognizerIsShownAndStartExplainsIt() async throws {
    let reason = "the Whisper engine is not installed. Run scripts/bootstrap.sh."
    let recognizer = StubRecognizer(availability: .unavailable(reason: reason))
    let store = try await openedStore(
      recognizer: recognizer.value, availability: .unavailable(reason: reason))
    try await pick("open-the-front-door.wav", in: store)
    // Start tries again, so an engine installed meanwhile is found; this one is still missing.
    await store.send(.startTapped) { $0.isTranscribing = true }
    await store.receive(.availabilityChecked(.unavailable(reason: reason)))
    let message = TranscribeModel.message(
      for: TranscribeError.recognizerUnavailable(reason: reason))
    await store.receive(.failed(message)) {
      $0.isTranscribing = false
      $0.errorMessage = message
    }
    await store.finish()
  }

  @Test func aStoppedEngineIsAnErrorAndTheRetryWorks() async throws {
    let recognizer = StubRecognizer(failures: [.engineStopped(reason: "it was killed by signal 9")])
    let store = try await openedStore(recognizer: recognizer.value)
    try await pick("open-the-front-door.wav", in: store)
    await store.send(.startTapped) { $0.isTranscribing = true }
    let down = RecognizerAvailability.unavailable(
      reason: "the engine stopped (it was killed by signal 9)")
    await store.receive(.availabilityChecked(down)) { $0.availability = down }
    let message = TranscribeModel.message(
      for: TranscribeError.engineStopped(reason: "it was killed by signal 9"))
    await store.receive(.failed(message)) {
      $0.isTranscribing = false
      $0.errorMessage = message
    }
    await store.send(.startTapped) {
      $0.isTranscribing = true
      $0.errorMessage = nil
    }
    let expected = StubRecognizer.transcript(phrases: nil)
    await receive(expected, in: store)
    #expect(store.state.availability == .available)
    await store.finish()
  }

  @Test func aMissingStartFolderSaysSoAndListsTheFallback() async throws {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    let store = TestStore(
      initialState: TranscribeModel.State(),
      model: TranscribeModel(
        recognizer: StubRecognizer().value, startFolder: missing, fallbackFolder: Self.samples))
    await store.send(.appeared) { $0.recognizerName = "Stub" }
    let fallback = try browser.list(Self.samples)
    await store.receive(.folderLoaded(fallback, phrases: Self.commands)) {
      $0.listing = fallback
      $0.folderPhrases = Self.commands
    }
    let message =
      TranscribeError.folderNotFound(path: missing.path).description
      + " Showing \(fallback.folder.path) instead."
    await store.receive(.folderFailed(message)) { $0.errorMessage = message }
    await store.receive(.availabilityChecked(.available)) { $0.availability = .available }
    await store.send(.startTapped) {
      $0.errorMessage = "Pick an audio file first: highlight it and press Enter."
    }
    await store.finish()
  }

  @Test func theFilesShowWithoutWaitingForTheRecognizersCheck() async throws {
    let store = TestStore(
      initialState: TranscribeModel.State(),
      model: TranscribeModel(recognizer: .slowToCheck, startFolder: Self.samples))
    store.exhaustivity = .off
    let listing = try browser.list(Self.samples)
    await store.send(.appeared)
    await store.receive(.folderLoaded(listing, phrases: Self.commands), timeout: .seconds(5))
    #expect(store.state.entries.count == listing.entries.count)
    #expect(store.state.availability == nil)
  }

  @Test func withoutAnyFolderTheErrorStays() async throws {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    let store = TestStore(
      initialState: TranscribeModel.State(),
      model: TranscribeModel(
        recognizer: StubRecognizer().value, startFolder: missing, fallbackFolder: missing))
    await store.send(.appeared) { $0.recognizerName = "Stub" }
    let message = TranscribeError.folderNotFound(path: missing.path).description
    await store.receive(.folderFailed(message)) { $0.errorMessage = message }
    await store.receive(.availabilityChecked(.available)) { $0.availability = .available }
    await store.finish()
  }

  @Test func cancelStopsTheRunningTranscription() async throws {
    let recognizer = StubRecognizer(waits: true)
    let store = try await openedStore(recognizer: recognizer.value)
    try await pick("play-some-music.wav", in: store)
    await store.send(.startTapped) { $0.isTranscribing = true }
    await recognizer.waitUntilStarted()
    await store.send(.cancelTapped) {
      $0.isTranscribing = false
      $0.notice = "Transcription cancelled."
    }
    await recognizer.waitUntilCancelled()
    await store.send(.cancelTapped)
    await store.finish()
  }

  @Test func pickingAnotherFileCancelsTheRunningTranscription() async throws {
    let recognizer = StubRecognizer(waits: true)
    let store = try await openedStore(recognizer: recognizer.value)
    try await pick("play-some-music.wav", in: store)
    await store.send(.startTapped) { $0.isTranscribing = true }
    await recognizer.waitUntilStarted()
    let row = try index(of: "open-the-front-door.wav", in: store)
    let url = store.state.entries[row].url
    await store.send(.entryActivated(row)) {
      $0.selection = row
      $0.pickedFile = url
      $0.isTranscribing = false
    }
    await recognizer.waitUntilCancelled()
    await store.finish()
  }

  @Test func theStartFolderIsFoundFromTheRepositoryOrExamples() throws {
    let examples = Self.samples.deletingLastPathComponent().deletingLastPathComponent()
    let root = examples.deletingLastPathComponent()
    #expect(AudioFolderLocation.resolve(option: nil, currentDirectory: examples) == Self.samples)
    #expect(AudioFolderLocation.resolve(option: nil, currentDirectory: root) == Self.samples)
    let elsewhere = FileManager.default.temporaryDirectory.standardizedFileURL
    #expect(AudioFolderLocation.resolve(option: nil, currentDirectory: elsewhere) == elsewhere)
    #expect(
      AudioFolderLocation.resolve(option: "Samples/audio", currentDirectory: examples).path
        == Self.samples.path)
    #expect(AudioFolderLocation.resolve(option: "/tmp/x", currentDirectory: root).path == "/tmp/x")
  }
}

/// Files that look like WAVs by name but cannot be transcribed.
enum BrokenFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case empty, text, float32, noSamples

  var testDescription: String { rawValue }

  var contents: Data {
    switch self {
    case .empty: Data()
    case .text: Data("hello, not audio".utf8)
    case .float32:
      AudioFixtures.wav(sampleRate: 16_000, channels: 1, bits: 32, format: 3, samples: [0, 0])
    case .noSamples: AudioFixtures.wav(sampleRate: 16_000, channels: 1, samples: [])
    }
  }

  func error(path: String) -> TranscribeError {
    switch self {
    case .empty: .emptyFile(path: path)
    case .text: .notAWAV(path: path)
    case .float32: .unsupportedEncoding(path: path, encoding: "32-bit floating point")
    case .noSamples: .noAudio(path: path)
    }
  }
}

/// A folder of made-up files, removed by the test.
struct TemporaryAudioFolder {
  let url: URL

  init() throws {
    // Resolved like the browser resolves folders, so the URLs it lists compare equal.
    url = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
      .appending(path: "transcribe-model-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  @discardableResult
  func write(_ data: Data, name: String) throws -> URL {
    let file = url.appending(path: name)
    try data.write(to: file)
    return file
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A recognizer that answers at once with one segment, fails as told, or waits until it is
/// cancelled.
final class StubRecognizer: Sendable {
  private struct Record {
    var calls: [[String]?] = []
    var started = false
    var cancelled = false
  }

  private let answer: RecognizerAvailability
  private let waits: Bool
  private let failures: Mutex<[TranscribeError]>
  private let record = Mutex(Record())

  init(
    availability: RecognizerAvailability = .available, waits: Bool = false,
    failures: [TranscribeError] = []
  ) {
    self.answer = availability
    self.waits = waits
    self.failures = Mutex(failures)
  }

  let name = "Stub"
  let audioExtensions: Set<String> = ["wav"]

  /// The phrases of each call, in order.
  var calls: [[String]?] { record.withLock { $0.calls } }

  /// What the stub answers for `phrases`.
  static func transcript(phrases: [String]?) -> Transcript {
    Transcript(
      text: "stub", mode: phrases == nil ? .freeSpeech : .phraseHints, audioDuration: 1,
      segments: [TranscriptSegment(start: 0, end: 1, text: "stub")])
  }

  func availability() async -> RecognizerAvailability { answer }

  func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    record.withLock {
      $0.calls.append(phrases)
      $0.started = true
    }
    if case .unavailable(let reason) = answer {
      throw TranscribeError.recognizerUnavailable(reason: reason)
    }
    if let failure = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
    if waits {
      // Holds the transcription open the way a long file would, until the task is cancelled.
      while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
      record.withLock { $0.cancelled = true }
      throw CancellationError()
    }
    let transcript = Self.transcript(phrases: phrases)
    for segment in transcript.segments { await onSegment(segment, transcript.audioDuration) }
    return transcript
  }

  /// The stub as the model's dependency.
  var value: SpeechRecognizer {
    SpeechRecognizer(
      name: name, audioExtensions: audioExtensions, availability: { await self.availability() },
      transcribe: { try await self.transcribe($0, phrases: $1, onSegment: $2) })
  }

  func waitUntilStarted() async {
    await waitUntil { $0.started }
  }

  func waitUntilCancelled() async {
    await waitUntil { $0.cancelled }
  }

  /// Polls for up to ten seconds, so a broken model fails its test instead of hanging it.
  private func waitUntil(_ condition: (Record) -> Bool) async {
    var attempts = 0
    while !record.withLock({ condition($0) }), attempts < 2_000 {
      attempts += 1
      try? await Task.sleep(for: .milliseconds(5))
    }
    #expect(record.withLock { condition($0) })
  }
}
