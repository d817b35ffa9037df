/// The JSON the OpenAI-compatible transcription API sends: a whole answer, one streamed event,
/// or an error. Unknown keys are ignored, so richer servers still decode.
struct TranscriptionReply: Decodable {
  /// `transcript.text.delta`, `transcript.text.done` or `error` in a stream; nil in a whole answer.
  var type: String?
  /// The text of the whole audio (whole answers and `done` events).
  var text: String?
  /// The new text of a `delta` event.
  var delta: String?
  /// The length of the audio in seconds, when the server tells.
  var duration: Double?
  /// The segment a `delta` event carries, from servers that stream segments.
  var segment: Segment?
  /// All segments (`verbose_json` answers and `done` events).
  var segments: [Segment]?
  /// The error of an error answer or event.
  var error: ErrorBody?
  /// How far a `transcript.progress` event says the engine has got, in seconds.
  var processed: Double?
  /// A `transcript.skipped` event's stretch and why it has no words.
  var start: Double?
  var end: Double?
  var reason: String?
  /// The skipped stretches (`verbose_json` answers and `done` events of the embedded engine).
  var skipped: [Skipped]?

  struct Skipped: Decodable {
    var start: Double
    var end: Double
    var reason: String

    var segment: TranscriptSegment {
      TranscriptSegment(start: start, end: end, text: "", skipReason: reason)
    }
  }

  /// The words and the skipped stretches of a whole answer or `done` event, in time order.
  func allSegments(orElse streamed: [TranscriptSegment]) -> [TranscriptSegment] {
    guard let segments else { return streamed }
    return (segments.map(\.trimmed) + (skipped ?? []).map(\.segment))
      .sorted { $0.start < $1.start }
  }

  struct Segment: Decodable {
    var start: Double
    var end: Double
    var text: String

    var trimmed: TranscriptSegment {
      TranscriptSegment(start: start, end: end, text: text.trimmingCharacters(in: .whitespaces))
    }
  }

  struct ErrorBody: Decodable {
    var message: String?
    var param: String?
    var code: String?
  }
}
