import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Transcribe

/// A cancel racing the last segment, under every order in which the recognizer reports.
@MainActor
@Suite struct TranscribeExplorationTests {
  @Test func aCancelRacingTheLastSegmentEndsCancelledOrComplete() async {
    let segments = [
      TranscriptSegment(start: 0, end: 1.5, text: "hello"),
      TranscriptSegment(start: 1.5, end: 3, text: "world"),
    ]
    let recognizer = SpeechRecognizer(
      name: "Two segments", audioExtensions: ["wav"], availability: { .available },
      transcribe: { _, _, onSegment in
        for segment in segments { await onSegment(segment, 3) }
        return Transcript(
          text: "hello world", mode: .freeSpeech, audioDuration: 3, segments: segments)
      })
    var picked = TranscribeModel.State()
    picked.pickedFile = URL(filePath: "/audio/greeting.wav")
    let explorer = ScheduleExplorer(
      model: TranscribeModel(recognizer: recognizer, startFolder: URL(filePath: "/audio")),
      initialState: picked)
    let report = await explorer.explore(
      [.startTapped, .cancelTapped],
      invariant: { state in
        guard let transcript = state.transcript else { return nil }
        return state.segments == transcript.segments && !state.isTranscribing
          ? nil : "a finished transcript beside segments still coming"
      },
      finally: { state in
        let complete = state.transcript?.text == "hello world" && state.notice == nil
        let cancelled =
          state.transcript == nil && state.notice == "Transcription cancelled."
        return !state.isTranscribing && (complete || cancelled) ? nil : "ends with \(state)"
      })
    #expect(report.failure == nil)
    // The cancel before any report, after the first segment, after the second, or after
    // the transcript (then it finds nothing to cancel).
    #expect(report.schedules == 4)
  }
}
