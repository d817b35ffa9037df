import Foundation
import MVIKitTesting
import Testing

@testable import Transcribe

/// Random browsing, picks, starts, cancels and recogniser answers in any order.
@Suite struct TranscribeFuzzTests {
  @Test func screenKeepsItsInvariants() {
    let root = URL(fileURLWithPath: "/samples")
    func listing(_ count: Int) -> AudioFileBrowser.Listing {
      var entries = [
        AudioFileBrowser.Entry(name: "..", url: URL(fileURLWithPath: "/"), kind: .parent)
      ]
      for index in 0..<count {
        let kinds: [AudioFileBrowser.Entry.Kind] = [.folder, .audio, .unsupportedAudio]
        let kind = kinds[index % kinds.count]
        let name = "entry\(index)" + (kind == .audio ? ".wav" : kind == .folder ? "" : ".mp3")
        entries.append(.init(name: name, url: root.appendingPathComponent(name), kind: kind))
      }
      return AudioFileBrowser.Listing(folder: root, entries: entries)
    }
    let report = IntentFuzzer(
      model: TranscribeModel(
        recognizer: .silent, startFolder: root, fallbackFolder: root),
      initialState: TranscribeModel.State(),
      generate: { random in
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
          .availabilityChecked(
            Bool.random(using: &random) ? .available : .unavailable(reason: "no model"))
        case 1:
          .folderLoaded(
            listing(Int.random(in: 0..<8, using: &random)),
            phrases: Bool.random(using: &random) ? ["open the door"] : nil)
        case 2: .folderFailed("The folder is gone.")
        case 3: .selectionMoved(Int.random(in: -3...12, using: &random))
        case 4: .entryActivated(Int.random(in: -1...10, using: &random))
        case 5: .phrasesToggled
        case 6: .startTapped
        case 7: .transcribed(Transcript(text: "open the door", mode: .phrases, audioDuration: 1))
        case 8: .failed("Not a WAV file.")
        case 9: .cancelTapped
        case 10:
          .segmentDecoded(
            TranscriptSegment(start: 0, end: Double.random(in: 0...5, using: &random), text: "a"),
            audioDuration: Bool.random(using: &random) ? 4 : nil)
        default: .appeared
        }
      },
      invariant: { state in
        let entries = state.entries
        if entries.isEmpty ? state.selection != 0 : !entries.indices.contains(state.selection) {
          return "selection \(state.selection) outside \(entries.count) entries"
        }
        if state.usesPhrases, state.phrases == nil { return "phrase mode without phrases" }
        if state.isTranscribing, state.pickedFile == nil { return "transcribing without a file" }
        if let progress = state.progress, !(0...1).contains(progress) {
          return "progress \(progress) outside 0...1"
        }
        return nil
      }
    ).run(steps: transcribeFuzzSteps, seed: 5_000)
    #expect(report.violation == nil)
  }
}

let transcribeFuzzSteps =
  ProcessInfo.processInfo.environment["MVIKIT_FUZZ_STEPS"].flatMap(Int.init) ?? 20_000
