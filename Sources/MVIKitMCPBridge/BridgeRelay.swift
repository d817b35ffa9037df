import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Carries JSON-RPC messages between standard input and output and the app's `/mcp`: keeps
/// the session the app gives at initialisation and the protocol version it agreed, and turns
/// whatever the app answers (JSON, server-sent events, an HTTP error) into lines of JSON-RPC.
actor BridgeRelay {
  private let configuration: BridgeConfiguration
  private let session: URLSession
  private var sessionID: String?
  private var protocolVersion: String?
  private var notifications: BridgeEventStream?

  init(configuration: BridgeConfiguration) {
    self.configuration = configuration
    let settings = URLSessionConfiguration.ephemeral
    // An exploration may take a while; the app bounds its own work.
    settings.timeoutIntervalForRequest = 300
    session = URLSession(configuration: settings)
  }

  /// Posts one message read from standard input and writes what the app answers.
  func forward(_ line: String) async {
    let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let id = message?["id"]
    var request = URLRequest(url: configuration.endpoint)
    request.httpMethod = "POST"
    request.httpBody = Data(line.utf8)
    setHeaders(on: &request)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
    let data: Data
    let response: HTTPURLResponse
    do {
      let (body, answer) = try await session.data(for: request)
      guard let http = answer as? HTTPURLResponse else { throw URLError(.badServerResponse) }
      data = body
      response = http
    } catch {
      return answerError(
        id,
        "The app's inspector could not be reached at \(configuration.endpoint.absoluteString) "
          + "(\(error.localizedDescription)): is the app running with its inspector?")
    }
    if let given = response.value(forHTTPHeaderField: "MCP-Session-Id") { sessionID = given }
    let messages = Self.messages(
      in: data, contentType: response.value(forHTTPHeaderField: "Content-Type"))
    if message?["method"] as? String == "initialize" {
      for answer in messages {
        let result =
          (try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])?["result"]
        if let version = (result as? [String: Any])?["protocolVersion"] as? String {
          protocolVersion = version
        }
      }
    }
    if message?["method"] as? String == "notifications/initialized" { openNotifications() }
    guard (200..<300).contains(response.statusCode) else {
      // The app's error bodies carry no id: the client is told which of its requests failed.
      let text = messages.first.flatMap(Self.errorMessage) ?? "HTTP \(response.statusCode)"
      return answerError(id, text)
    }
    for answer in messages { BridgeOutput.write(answer) }
  }

  /// Ends the session with the app.
  func close() async {
    notifications?.cancel()
    guard sessionID != nil else { return }
    var request = URLRequest(url: configuration.endpoint)
    request.httpMethod = "DELETE"
    setHeaders(on: &request)
    _ = try? await session.data(for: request)
  }

  private func setHeaders(on request: inout URLRequest) {
    request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
    if let sessionID { request.setValue(sessionID, forHTTPHeaderField: "MCP-Session-Id") }
    if let protocolVersion {
      request.setValue(protocolVersion, forHTTPHeaderField: "MCP-Protocol-Version")
    }
  }

  /// Opens the stream on which the app sends notifications (new steps), once initialised.
  private func openNotifications() {
    guard notifications == nil else { return }
    var request = URLRequest(url: configuration.endpoint)
    request.httpMethod = "GET"
    // A week: the stream lasts as long as the client; a larger value overflows the transfer's
    // limit in FoundationNetworking.
    request.timeoutInterval = 7 * 24 * 3600
    setHeaders(on: &request)
    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
    notifications = BridgeEventStream(request: request)
  }

  private func answerError(_ id: Any?, _ message: String) {
    // A notification has no id and gets no answer.
    guard let id, !(id is NSNull) else { return }
    let error: [String: Any] = [
      "jsonrpc": "2.0", "id": id, "error": ["code": -32000, "message": message],
    ]
    if let data = try? JSONSerialization.data(withJSONObject: error) {
      BridgeOutput.write(String(decoding: data, as: UTF8.self))
    }
  }

  private static func errorMessage(_ body: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
    return (object?["error"] as? [String: Any])?["message"] as? String
  }

  /// The JSON-RPC messages of a response: its body when JSON, each event's data when events.
  static func messages(in data: Data, contentType: String?) -> [String] {
    let text = String(decoding: data, as: UTF8.self)
    guard contentType?.lowercased().hasPrefix("text/event-stream") == true else {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed.isEmpty ? [] : [trimmed]
    }
    return BridgeEvents.data(in: text)
  }
}

/// Standard output, one message a line.
enum BridgeOutput {
  private static let lock = NSLock()

  static func write(_ message: String) {
    let line = message.replacingOccurrences(of: "\n", with: " ") + "\n"
    lock.lock()
    defer { lock.unlock() }
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}

/// Server-sent events as MCP sends them: each event's `data:` lines, joined.
enum BridgeEvents {
  static func data(in text: String) -> [String] {
    var messages: [String] = []
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = line.hasSuffix("\r") ? line.dropLast() : line
      if line.isEmpty {
        let message = lines.joined(separator: "\n")
        if !message.trimmingCharacters(in: .whitespaces).isEmpty { messages.append(message) }
        lines = []
      } else if line.hasPrefix("data:") {
        lines.append(line.dropFirst(5).drop { $0 == " " })
      }
    }
    let message = lines.joined(separator: "\n")
    if !message.trimmingCharacters(in: .whitespaces).isEmpty { messages.append(message) }
    return messages
  }
}
