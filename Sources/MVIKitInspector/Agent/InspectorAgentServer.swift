import Foundation
import MCP
import MVIKitRecording
import NIOConcurrencyHelpers
import NIOHTTP1

/// What the MCP server asks of the tools, whatever the app's model.
protocol AgentToolbox: Sendable {
  var modelName: String { get }
  func call(_ name: String, _ arguments: [String: JSONValue]) async -> AgentAnswer
  func resource(_ uri: String) async -> String?
  var heardStep: Int { get }
}

/// The resources an agent may read, and subscribe to for a notification when new steps come.
enum AgentResource: CaseIterable {
  case timeline
  case state

  var uri: String {
    switch self {
    case .timeline: "mvikit://timeline"
    case .state: "mvikit://state"
    }
  }

  var resource: Resource {
    switch self {
    case .timeline:
      Resource(
        name: "timeline", uri: uri, title: "The newest steps",
        description: "The newest 50 kept steps, as list_steps gives them.",
        mimeType: "application/json")
    case .state:
      Resource(
        name: "state", uri: uri, title: "The live state",
        description: "The store's live state, summarised as get_state gives it.",
        mimeType: "application/json")
    }
  }
}

/// The inspector's MCP server: the Model Context Protocol over streamable HTTP at `/mcp` on
/// the inspector's own server, with its token. Each client that initialises gets a session of
/// its own (the SDK's `Server` on a `StatefulHTTPServerTransport`); a session that subscribed
/// to a resource is notified when new steps arrive.
///
/// Security is the page's, and what the MCP specification asks of a local server: the `Host`
/// must name this server by address (DNS rebinding), an `Origin` other than the inspector's own
/// page is refused, the token must come as `Authorization: Bearer` (or `?token=`; never from
/// the page's cookie, which any page of this origin would send), bodies are bounded
/// (``largestBody``), and requests are bounded in rate. A malformed message is answered with a
/// JSON-RPC error and nothing is reduced. The token is never logged.
final class InspectorAgentServer: Sendable {
  /// The largest request body read: a tool call with a recording to check.
  static let largestBody = 512 << 10
  /// The path the server answers at.
  static let path = "/mcp"
  /// How many sessions are kept at once; the least recently used one goes first.
  static let sessionLimit = 16

  private struct Session {
    let server: Server
    let transport: StatefulHTTPServerTransport
    var lastUsed: ContinuousClock.Instant
    var subscriptions: Set<String> = []
  }

  /// The tools the sessions call.
  let toolbox: any AgentToolbox
  private let access: InspectorAccess
  private let rate: AgentRateLimit
  private let sessions = NIOLockedValueBox<[String: Session]>([:])
  private let watcher = NIOLockedValueBox<Task<Void, Never>?>(nil)
  private let watchInterval: Duration

  init(
    toolbox: any AgentToolbox, access: InspectorAccess, rate: AgentRateLimit = AgentRateLimit(),
    watchInterval: Duration = .milliseconds(200)
  ) {
    self.toolbox = toolbox
    self.access = access
    self.rate = rate
    self.watchInterval = watchInterval
  }

  /// The tools as MCP lists them.
  static var tools: [Tool] {
    InspectorAgentTool.allCases.map { tool in
      Tool(
        name: tool.rawValue, description: tool.summary, inputSchema: Value(tool.inputSchema),
        annotations: .init(
          readOnlyHint: !tool.changesTheApp, destructiveHint: false, openWorldHint: false))
    }
  }

  // MARK: - HTTP

  /// Answers one HTTP request to ``path``, after the checks above.
  func respond(to head: HTTPRequestHead, body: Data?, bodyIsTooLarge: Bool) async -> HTTPResponse {
    guard access.hostIsAllowed(head) else {
      return .error(
        statusCode: 403, .invalidRequest("This inspector answers only to its own address."))
    }
    if !head.headers["Origin"].isEmpty, !access.originIsAllowed(head) {
      return .error(
        statusCode: 403, .invalidRequest("Requests from another site's page are refused."))
    }
    guard hasToken(head) else {
      return .error(
        statusCode: 401,
        .invalidRequest(
          "The inspector's MCP server needs its token: Authorization: Bearer TOKEN, with the "
            + "token the app printed."),
        extraHeaders: ["WWW-Authenticate": "Bearer"])
    }
    guard rate.take() else {
      return .error(
        statusCode: 429, .invalidRequest("Too many requests: wait a moment, then call again."))
    }
    guard !bodyIsTooLarge else {
      return .error(
        statusCode: 413,
        .invalidRequest("The request is larger than \(Self.largestBody >> 10) KB; it was not read.")
      )
    }
    var headers: [String: String] = [:]
    for (name, value) in head.headers { headers[name] = value }
    let request = HTTPRequest(
      method: head.method.rawValue, headers: headers, body: body,
      path: InspectorAccess.path(head.uri))
    return await route(request)
  }

  /// Whether the request carries the token as a bearer, or in its query.
  private func hasToken(_ head: HTTPRequestHead) -> Bool {
    if InspectorAccess.query(head.uri)["token"] != nil { return access.hasTokenInQuery(head) }
    for value in head.headers["Authorization"] {
      let parts = value.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer",
        access.isToken(parts[1].trimmingCharacters(in: .whitespaces))
      {
        return true
      }
    }
    return false
  }

  private func route(_ request: HTTPRequest) async -> HTTPResponse {
    if let id = request.header(HTTPHeaderName.sessionID) {
      let transport = sessions.withLockedValue { sessions -> StatefulHTTPServerTransport? in
        sessions[id]?.lastUsed = .now
        return sessions[id]?.transport
      }
      guard let transport else {
        return .error(
          statusCode: 404,
          .invalidRequest(
            "The session is not known (it ended, or the app restarted): initialize again."))
      }
      let response = await transport.handleRequest(request)
      if request.method == "DELETE", response.statusCode == 200 {
        _ = sessions.withLockedValue { $0.removeValue(forKey: id) }
      }
      return response
    }
    guard request.method == "POST" else {
      return .error(
        statusCode: 400, .invalidRequest("Initialize a session with a POST first."))
    }
    guard let body = request.body, let message = try? JSONValue(parsing: Array(body)),
      case .object(let fields) = message, fields["jsonrpc"] == .string("2.0")
    else {
      return .error(statusCode: 400, .parseError("The body is not a JSON-RPC message."))
    }
    guard fields["method"] == .string("initialize"), fields["id"] != nil else {
      return .error(
        statusCode: 400,
        .invalidRequest("Missing \(HTTPHeaderName.sessionID): initialize a session first."))
    }
    return await startSession(with: request)
  }

  private func startSession(with request: HTTPRequest) async -> HTTPResponse {
    let id = UUID().uuidString
    let transport = StatefulHTTPServerTransport(
      sessionIDGenerator: FixedSessionID(id: id),
      // Host, Origin and token were checked above, the inspector's own way.
      validationPipeline: StandardValidationPipeline(validators: [
        AcceptHeaderValidator(mode: .sseRequired), ContentTypeValidator(),
        ProtocolVersionValidator(), SessionValidator(),
      ]))
    let server = makeServer(session: id)
    do {
      try await server.start(transport: transport)
    } catch {
      await transport.disconnect()
      return .error(statusCode: 500, .internalError("The session could not start: \(error)"))
    }
    let evicted = sessions.withLockedValue { sessions -> Session? in
      var evicted: Session?
      if sessions.count >= Self.sessionLimit,
        let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })
      {
        evicted = sessions.removeValue(forKey: oldest.key)
      }
      sessions[id] = Session(server: server, transport: transport, lastUsed: .now)
      return evicted
    }
    if let evicted { await evicted.transport.disconnect() }
    let response = await transport.handleRequest(request)
    if case .error = response {
      _ = sessions.withLockedValue { $0.removeValue(forKey: id) }
      await transport.disconnect()
    }
    return response
  }

  private func makeServer(session id: String) -> Server {
    let toolbox = self.toolbox
    let server = Server(
      name: "mvikit-inspector", version: "1.0",
      title: "MVIKit inspector for \(toolbox.modelName)",
      instructions:
        "A running MVIKit app's store: its steps (intents, state changes, side effects, effect "
        + "runs), its state at any step, and the inspector's tools: send or try an intent, "
        + "travel, make a test of the session, explore the orders of its effects. Call "
        + "app_info first, then list_steps.",
      capabilities: .init(
        resources: .init(subscribe: true, listChanged: false), tools: .init(listChanged: false)))
    Task {
      await server.withMethodHandler(ListTools.self) { _ in .init(tools: Self.tools) }
      await server.withMethodHandler(CallTool.self) { parameters in
        let arguments = (parameters.arguments ?? [:]).mapValues(JSONValue.init)
        let answer = await toolbox.call(parameters.name, arguments)
        return .init(
          content: [.text(text: answer.text, annotations: nil, _meta: nil)], isError: answer.isError
        )
      }
      await server.withMethodHandler(ListResources.self) { _ in
        .init(resources: AgentResource.allCases.map(\.resource), nextCursor: nil)
      }
      await server.withMethodHandler(ReadResource.self) { parameters in
        guard let text = await toolbox.resource(parameters.uri) else {
          throw MCPError.invalidParams(
            "There is no resource \(parameters.uri.prefix(80)): read mvikit://timeline or "
              + "mvikit://state.")
        }
        return .init(contents: [.text(text, uri: parameters.uri, mimeType: "application/json")])
      }
      await server.withMethodHandler(ResourceSubscribe.self) { [weak self] parameters in
        guard AgentResource.allCases.contains(where: { $0.uri == parameters.uri }) else {
          throw MCPError.invalidParams("There is no resource \(parameters.uri.prefix(80)).")
        }
        self?.subscribe(id, to: parameters.uri)
        return .init()
      }
      await server.withMethodHandler(ResourceUnsubscribe.self) { [weak self] parameters in
        self?.unsubscribe(id, from: parameters.uri)
        return .init()
      }
    }
    return server
  }

  // MARK: - Subscriptions

  private func subscribe(_ id: String, to uri: String) {
    _ = sessions.withLockedValue { $0[id]?.subscriptions.insert(uri) }
    startWatching()
  }

  private func unsubscribe(_ id: String, from uri: String) {
    _ = sessions.withLockedValue { $0[id]?.subscriptions.remove(uri) }
  }

  /// Watches for new steps while a session is subscribed: nothing runs before that, so a
  /// server no client subscribed to costs the app nothing.
  private func startWatching() {
    watcher.withLockedValue { watcher in
      guard watcher == nil else { return }
      watcher = Task { [weak self, toolbox, watchInterval] in
        var last = toolbox.heardStep
        while !Task.isCancelled {
          try? await Task.sleep(for: watchInterval)
          let now = toolbox.heardStep
          guard now != last, let self else { continue }
          last = now
          let subscribed = self.sessions.withLockedValue { sessions in
            sessions.values.filter { !$0.subscriptions.isEmpty }.map {
              ($0.server, $0.subscriptions)
            }
          }
          for (server, uris) in subscribed {
            for uri in uris.sorted() {
              try? await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
            }
          }
        }
      }
    }
  }

  /// Ends every session and the watcher.
  func stop() async {
    watcher.withLockedValue { $0?.cancel() }
    let all = sessions.withLockedValue { sessions in
      defer { sessions = [:] }
      return Array(sessions.values)
    }
    for session in all {
      await session.server.stop()
      await session.transport.disconnect()
    }
  }
}

/// The session id the server chose before the transport asks for one.
private struct FixedSessionID: SessionIDGenerator {
  let id: String
  func generateSessionID() -> String { id }
}
