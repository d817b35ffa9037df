import ExampleHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client of the OpenAI-compatible transcription API: `POST {base}/audio/transcriptions`
/// with the file and model as `multipart/form-data`.
///
/// It asks for a streamed answer and reads segments as they come when the server streams
/// (the embedded engine does), and reads a whole JSON answer when it does not (OpenAI's
/// `whisper-1` ignores `stream`). The same client works with the embedded engine, a local
/// Whisper server or the public OpenAI API.
public struct TranscriptionService: Sendable {
  /// The API root, such as `https://api.openai.com/v1`.
  public let baseURL: URL
  /// The model asked for, such as `whisper-1`.
  public let model: String
  /// How long to wait for the next bytes of an answer.
  public let idleTimeout: Duration
  private let apiKey: APIKey?

  /// A client of the API at `baseURL`.
  /// - Parameters:
  ///   - baseURL: The API root. A URL that already ends in `/audio/transcriptions` is accepted.
  ///   - model: The model to ask for.
  ///   - apiKey: Sent as a bearer token when given.
  ///   - idleTimeout: How long to wait for the next bytes of an answer.
  public init(
    baseURL: URL, model: String, apiKey: APIKey? = nil, idleTimeout: Duration = .seconds(120)
  ) {
    var root = baseURL.absoluteString
    for suffix in ["/audio/transcriptions", "/"] where root.hasSuffix(suffix) {
      root.removeLast(suffix.count)
    }
    self.baseURL = URL(string: root) ?? baseURL
    self.model = model
    self.apiKey = apiKey
    self.idleTimeout = idleTimeout
  }

  /// The host and port, as named in messages.
  public var serviceName: String {
    let host = baseURL.host ?? baseURL.absoluteString
    return baseURL.port.map { "\(host):\($0)" } ?? host
  }

  /// Checks that the service answers and takes the key, by listing its models.
  /// - Throws: ``TranscribeError`` saying what is wrong.
  public func check() async throws {
    var request = authorized(URLRequest(url: baseURL.appending(path: "models")))
    request.httpMethod = "GET"
    let answer = try await send(request, body: Data())
    guard (200..<300).contains(answer.status) else {
      throw failure(status: answer.status, body: try await collect(answer), file: nil)
    }
    _ = try await collect(answer)
  }

  /// Transcribes `audio`, calling `onSegment` for each segment as it arrives.
  /// - Parameters:
  ///   - audio: The file; its bytes are sent as they are, the server decodes them.
  ///   - prompt: Words the audio is likely to contain, as a hint.
  ///   - onSegment: Called with each segment and the audio's length when known.
  /// - Returns: The transcript.
  /// - Throws: ``TranscribeError``, or `CancellationError`.
  public func transcribe(
    _ audio: URL, prompt: String?,
    onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    let bytes = try Self.read(audio)
    var form = MultipartForm()
    form.add(file: bytes, field: "file", fileName: audio.lastPathComponent)
    form.add(field: "model", value: model)
    form.add(field: "response_format", value: model.hasPrefix("gpt-") ? "json" : "verbose_json")
    form.add(field: "timestamp_granularities[]", value: "segment")
    form.add(field: "stream", value: "true")
    if let prompt, !prompt.isEmpty { form.add(field: "prompt", value: prompt) }
    var request = authorized(URLRequest(url: baseURL.appending(path: "audio/transcriptions")))
    request.httpMethod = "POST"
    request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
    request.setValue("text/event-stream, application/json", forHTTPHeaderField: "Accept")
    let answer = try await send(request, body: form.encoded)
    guard (200..<300).contains(answer.status) else {
      throw failure(status: answer.status, body: try await collect(answer), file: audio)
    }
    let mode: Transcript.Mode = prompt?.isEmpty == false ? .phraseHints : .freeSpeech
    if answer.header("content-type")?.hasPrefix("text/event-stream") == true {
      return try await readEvents(answer, file: audio, mode: mode, onSegment: onSegment)
    }
    let reply = try decode(try await collect(answer))
    let segments = reply.allSegments(orElse: [])
    for segment in segments { await onSegment(segment, reply.duration) }
    return Transcript(
      text: (reply.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines), mode: mode,
      audioDuration: reply.duration ?? segments.last?.end ?? 0, segments: segments)
  }

  private func readEvents(
    _ answer: HTTPStream, file: URL, mode: Transcript.Mode,
    onSegment: @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    var events = ServerSentEvents()
    var segments: [TranscriptSegment] = []
    do {
      for try await chunk in answer.body {
        for data in events.feed(chunk) where data != "[DONE]" {
          let event = try decode(Data(data.utf8))
          switch event.type {
          case "transcript.text.delta":
            let end = segments.last?.end ?? 0
            let segment =
              event.segment?.trimmed
              ?? TranscriptSegment(start: end, end: end, text: event.delta ?? "")
            segments.append(segment)
            await onSegment(segment, event.duration)
          case "transcript.skipped":
            guard let start = event.start, let end = event.end else { continue }
            let segment = TranscriptSegment(
              start: start, end: end, text: "", skipReason: event.reason ?? "no words")
            segments.append(segment)
            await onSegment(segment, event.duration)
          case "transcript.progress":
            guard let processed = event.processed else { continue }
            await onSegment(.progress(to: processed), event.duration)
          case "transcript.text.done":
            return Transcript(
              text: (event.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
              mode: mode, audioDuration: event.duration ?? segments.last?.end ?? 0,
              segments: event.allSegments(orElse: segments))
          case "error":
            throw failure(status: 500, reply: event, file: file)
          default:
            continue
          }
        }
      }
    } catch let failure as TransportFailure {
      try Task.checkCancellation()
      throw TranscribeError.serviceUnreachable(service: serviceName, reason: Self.reason(failure))
    }
    try Task.checkCancellation()
    throw TranscribeError.serviceUnreachable(
      service: serviceName, reason: "the answer ended before the transcript was complete.")
  }

  private func authorized(_ request: URLRequest) -> URLRequest {
    var request = request
    if let apiKey {
      request.setValue("Bearer \(apiKey.value)", forHTTPHeaderField: "Authorization")
    }
    return request
  }

  /// Sends `request`; a cancelled task ends in `CancellationError`, not in a service error.
  private func send(_ request: URLRequest, body: Data) async throws -> HTTPStream {
    do {
      return try await HTTPStream.send(request, body: body, idleTimeout: idleTimeout)
    } catch .cancelled {
      throw CancellationError()
    } catch {
      throw TranscribeError.serviceUnreachable(service: serviceName, reason: Self.reason(error))
    }
  }

  private func collect(_ answer: HTTPStream) async throws -> Data {
    do {
      return try await answer.collect()
    } catch .cancelled {
      throw CancellationError()
    } catch {
      throw TranscribeError.serviceUnreachable(service: serviceName, reason: Self.reason(error))
    }
  }

  private func decode(_ data: Data) throws(TranscribeError) -> TranscriptionReply {
    do {
      return try JSONDecoder().decode(TranscriptionReply.self, from: data)
    } catch {
      throw .recognitionFailed(
        reason: "the answer from \(serviceName) could not be read (\(decodingSummary(error)))")
    }
  }

  /// The error for an answer with a failing status; the server's own words where it gave
  /// some, except for a refused key, where they may quote part of the key.
  private func failure(status: Int, body: Data, file: URL?) -> TranscribeError {
    let reply = try? JSONDecoder().decode(TranscriptionReply.self, from: body)
    return failure(status: status, reply: reply, file: file)
  }

  private func failure(status: Int, reply: TranscriptionReply?, file: URL?) -> TranscribeError {
    if status == 401 {
      return apiKey == nil
        ? .apiKeyMissing(service: serviceName) : .apiKeyRejected(service: serviceName)
    }
    let message = reply?.error?.message.map { apiKey?.redacting($0) ?? $0 }
    if status == 400, let file, let message, reply?.error?.param == "file" {
      return .undecodableAudio(path: file.path, reason: message)
    }
    let fallback = HTTPURLResponse.localizedString(forStatusCode: status)
    return .serviceFailed(service: serviceName, status: status, message: message ?? fallback)
  }

  private static func reason(_ failure: TransportFailure) -> String {
    switch failure {
    case .timeout: "no answer in time."
    case .unreachable(let why): why
    case .truncated: "the connection closed in the middle of the answer."
    case .malformed(let why): why
    case .cancelled: "the request was cancelled."
    }
  }

  private static func read(_ audio: URL) throws(TranscribeError) -> Data {
    let path = audio.path
    guard RawFileName.fileExists(path).exists else { throw .fileNotFound(path: path) }
    let data: Data
    do {
      data = try RawFileName.contents(of: audio)
    } catch {
      throw .unreadableFile(path: path, reason: "permission denied or not a regular file")
    }
    guard !data.isEmpty else { throw .emptyFile(path: path) }
    return data
  }
}
