import Foundation
import MVIKitRecording
import NIOHTTP1

/// An answer to one HTTP request: the inspector's routes are a pure function from a request
/// head to one of these, so they are tested without a socket.
struct InspectorResponse: Sendable {
  var status: HTTPResponseStatus
  var headers: [(String, String)] = []
  var body: Data

  /// This response with the headers every answer of the inspector carries.
  func secured() -> InspectorResponse {
    var response = self
    response.headers += [
      ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
      ("Referrer-Policy", "no-referrer"),
    ]
    return response
  }

  static func text(_ status: HTTPResponseStatus, _ message: String) -> InspectorResponse {
    InspectorResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Data((message + "\n").utf8))
  }
}

/// The inspector's HTTP routes: the page, the files it loads, and the export.
struct InspectorRoutes: Sendable {
  let access: InspectorAccess
  let page: InspectorPage
  /// The session as a recording file, or nil when the model is not `Codable`.
  let export: @Sendable () -> Data?
  /// The session as a test named so: nil when the model's types are not `Codable` and
  /// `Equatable`; nil inside when there is no session to export.
  let test: (@Sendable (_ name: String) -> Result<String, RecordingError>?)?
  /// The session up to a step explored in every order its effects could have answered in: nil
  /// when the model's types are not `Codable`; nil inside when there is no session.
  let explore:
    (
      @Sendable (_ step: Int?, _ name: String) async -> Result<
        InspectorExploration, RecordingError
      >?
    )?
  /// Replays a recording against the app's model: nil when the model's types are not `Codable`.
  let check: (@Sendable (_ recording: Data) async -> InspectorCheck?)?
  let modelName: String
  /// The MCP server at `/mcp`, made by ``withAgent(_:)``.
  private(set) var agent: InspectorAgentServer?

  init(
    access: InspectorAccess, page: InspectorPage, export: @escaping @Sendable () -> Data?,
    test: (@Sendable (_ name: String) -> Result<String, RecordingError>?)?,
    explore: (
      @Sendable (_ step: Int?, _ name: String) async -> Result<
        InspectorExploration, RecordingError
      >?
    )?,
    check: (@Sendable (_ recording: Data) async -> InspectorCheck?)?, modelName: String
  ) {
    self.access = access
    self.page = page
    self.export = export
    self.test = test
    self.explore = explore
    self.check = check
    self.modelName = modelName
  }

  /// These routes with an MCP server at `/mcp` whose tools `makeToolbox` makes from them.
  func withAgent(_ makeToolbox: (InspectorRoutes) -> any AgentToolbox) -> InspectorRoutes {
    var routes = self
    routes.agent = InspectorAgentServer(toolbox: makeToolbox(self), access: access)
    return routes
  }

  /// The largest request body read: a recording to check.
  static let largestBody = 16 << 20

  func respond(to head: HTTPRequestHead, body: Data = Data()) async -> InspectorResponse {
    guard access.hostIsAllowed(head) else {
      return .text(.forbidden, "This inspector answers only to its own address.")
    }
    guard access.hasToken(head) else {
      return .text(
        .forbidden,
        "The inspector needs its token: open its address as the app gives it, with "
          + "?token=… at the end (printed when the inspector started, or shown by the app, "
          + "as the showcase does in its footer).")
    }
    if InspectorAccess.path(head.uri) == "/check" {
      return await checkRecording(head, body)
    }
    guard head.method == .GET || head.method == .HEAD else {
      return .text(.methodNotAllowed, "The inspector only serves GET requests, and POST /check.")
    }
    // The page's style, script and modules: one static route, each file by its exact name.
    if let file = page.file(at: InspectorAccess.path(head.uri)) {
      return InspectorResponse(
        status: .ok, headers: [("Content-Type", file.contentType)], body: file.data
      ).secured()
    }
    var response: InspectorResponse
    switch InspectorAccess.path(head.uri) {
    case "/", "/index.html":
      response = InspectorResponse(
        status: .ok, headers: [("Content-Type", "text/html; charset=utf-8")], body: page.html)
      // The page's files and its WebSocket carry the token in this cookie; only this port's
      // pages send it, and no other site's.
      response.headers.append(
        (
          "Set-Cookie",
          "\(access.cookieName)=\(access.token); Path=/; HttpOnly; SameSite=Strict"
        ))
    case "/export":
      guard let recording = export() else {
        return .text(
          .conflict,
          "\(modelName)'s state, intent or side effect is not Codable, so the session cannot be "
            + "written as a recording.")
      }
      let stamp = ISO8601DateFormatter().string(from: Date())
        .replacingOccurrences(of: ":", with: "-")
      response = InspectorResponse(
        status: .ok,
        headers: [
          ("Content-Type", "application/x-ndjson"),
          ("Content-Disposition", "attachment; filename=\"\(modelName)-\(stamp).jsonl\""),
        ], body: recording)
    case "/test":
      let name = InspectorAccess.query(head.uri)["name"] ?? "recordedSession"
      guard let test else {
        return .text(
          .conflict,
          "A test needs \(modelName)'s state, intent and side effect to be Codable and Equatable.")
      }
      switch test(name) {
      case .success(let source)?:
        response = InspectorResponse(
          status: .ok, headers: [("Content-Type", "text/plain; charset=utf-8")],
          body: Data(source.utf8))
      case .failure(let error)?:
        return .text(.unprocessableEntity, "The session could not become a test: \(error)")
      case nil:
        return .text(.conflict, "There is no session to make a test of.")
      }
    case "/explore":
      let query = InspectorAccess.query(head.uri)
      let name = query["name"] ?? "everyOrderEndsAsRecorded"
      guard let explore else {
        return .text(
          .conflict,
          "Exploring needs \(modelName)'s state, intent and side effect to be Codable.")
      }
      if let step = query["step"], Int(step) == nil {
        return .text(.unprocessableEntity, "The step to explore from is not a number: \(step).")
      }
      switch await explore(query["step"].flatMap { Int($0) }, name) {
      case .success(let exploration)?:
        response = InspectorResponse(
          status: .ok, headers: [("Content-Type", "application/json; charset=utf-8")],
          body: Data(exploration.json.jsonText))
      case .failure(let error)?:
        return .text(.unprocessableEntity, "The session could not be explored: \(error)")
      case nil:
        return .text(.conflict, "There is no session to explore.")
      }
    case "/ws":
      return .text(
        .forbidden, "The WebSocket opens only from the inspector's own page, with its token.")
    default:
      return .text(.notFound, "The inspector has no page at \(InspectorAccess.path(head.uri)).")
    }
    return response.secured()
  }

  /// `POST /check`: the recording in the body replayed against the app's model, from the
  /// inspector's own page only.
  private func checkRecording(_ head: HTTPRequestHead, _ body: Data) async -> InspectorResponse {
    guard head.method == .POST else {
      return .text(.methodNotAllowed, "Send the recording to check with POST.")
    }
    // A page of another site cannot have the app replay anything, even with the token.
    if !head.headers["Origin"].isEmpty, !access.originIsAllowed(head) {
      return .text(.forbidden, "Only the inspector's own page may send a recording to check.")
    }
    guard let check else {
      return .text(
        .conflict,
        "Checking a recording needs \(modelName)'s state, intent and side effect to be Codable.")
    }
    guard let answer = await check(body) else {
      return .text(.conflict, "The app's store is gone.")
    }
    return InspectorResponse(
      status: .ok, headers: [("Content-Type", "application/json; charset=utf-8")],
      body: Data(answer.json.jsonText)
    ).secured()
  }
}
