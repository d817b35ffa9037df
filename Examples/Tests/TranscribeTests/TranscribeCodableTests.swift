import Foundation
import Testing

@testable import Transcribe

/// The Transcribe screen's state and intents survive a JSON round trip, as a recording needs.
@Suite struct TranscribeCodableTests {
  static let folder = URL(fileURLWithPath: "/samples/talks")
  static let listing = AudioFileBrowser.Listing(
    folder: folder,
    entries: [
      AudioFileBrowser.Entry(name: "..", url: URL(fileURLWithPath: "/samples"), kind: .parent),
      AudioFileBrowser.Entry(name: "old", url: folder.appending(path: "old"), kind: .folder),
      AudioFileBrowser.Entry(
        name: "hello.wav", url: folder.appending(path: "hello.wav"), kind: .audio),
      AudioFileBrowser.Entry(
        name: "song.mp3", url: folder.appending(path: "song.mp3"), kind: .unsupportedAudio),
    ])
  static let segments = [
    TranscriptSegment(start: 0, end: 1.25, text: "hello"),
    TranscriptSegment(start: 1.25, end: 2.5, text: "world"),
  ]
  static let transcript = Transcript(
    text: "hello world", mode: .phraseHints, audioDuration: 2.5, segments: segments)

  func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  @Test func aStateMidTranscriptionRoundTrips() throws {
    var state = TranscribeModel.State()
    state.listing = Self.listing
    state.folderPhrases = ["hello world", "good bye"]
    state.selection = 2
    state.recognizerName = "PocketSphinx"
    state.pickedFile = Self.folder.appending(path: "hello.wav")
    state.phrases = state.folderPhrases
    state.usesPhrases = true
    state.availability = .unavailable(reason: "the engine stopped (signal 9)")
    state.isTranscribing = true
    state.segments = Self.segments
    state.audioDuration = 5
    state.transcript = Self.transcript
    state.errorMessage = "Could not read old.wav."
    state.notice = "Transcription cancelled."
    let decoded = try roundTrip(state)
    #expect(decoded == state)
    #expect(decoded.progress == 0.5)
    #expect(try roundTrip(TranscribeModel.State()) == TranscribeModel.State())
  }

  @Test func everyIntentRoundTrips() throws {
    let intents: [TranscribeModel.Intent] = [
      .appeared, .availabilityChecked(.available),
      .availabilityChecked(.unavailable(reason: "not installed")),
      .folderLoaded(Self.listing, phrases: ["yes", "no"]),
      .folderLoaded(Self.listing, phrases: nil),
      .folderFailed("No such folder."), .selectionMoved(-1), .entryActivated(3), .phrasesToggled,
      .startTapped, .segmentDecoded(Self.segments[0], audioDuration: 2.5),
      .segmentDecoded(Self.segments[1], audioDuration: nil), .transcribed(Self.transcript),
      .transcribed(Transcript(text: "", mode: .phrases, audioDuration: 0)), .failed("Not audio."),
      .cancelTapped,
    ]
    #expect(try roundTrip(intents) == intents)
  }

  @Test func everyTranscriptModeRoundTrips() throws {
    let modes: [Transcript.Mode] = [.freeSpeech, .phraseHints, .phrases]
    #expect(try roundTrip(modes) == modes)
  }
}
