import Foundation
import MVIKit
import MVIKitInspector

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What an agent waits for (case 14d–f): a tool call over the inspector's MCP server, through
/// real HTTP as a client makes it, from the request to the last byte of the answer. The floor
/// is the cheapest call, `app_info`: the session's round trip with nothing to compute.
@MainActor
enum AgentCases {
  static func all() async -> [Row] {
    let n = 10_000
    let store = Store(initialState: Sheet.State(), model: Sheet())
    let rows = Store(initialState: TitleList.State(), model: TitleList())
    guard
      let inspector = try? await Inspector.attach(to: store, limit: n, announce: false),
      let rowsInspector = try? await Inspector.attach(to: rows, announce: false),
      let client = await AgentClient(inspector.mcpURL, token: inspector.token),
      let rowsClient = await AgentClient(rowsInspector.mcpURL, token: rowsInspector.token)
    else { return [failed("14d. agent", "the inspector or its MCP session could not start")] }
    for index in 0..<n { store.send(.set(index % 100, index)) }
    for index in 0..<1_000 { rows.send(.add("row \(index)")) }
    // Every step is kept before the calls are timed.
    while !(await client.call("get_step", ["step": n]).contains("\"step\":\(n)")) {
      try? await Task.sleep(for: .milliseconds(20))
    }
    while !(await rowsClient.call("get_step", ["step": 1_000]).contains("\"step\":1000")) {
      try? await Task.sleep(for: .milliseconds(20))
    }
    let floor = await timed { _ = await client.call("app_info", [:]) }
    let listed = await timed { _ = await client.call("list_steps", ["from": n - 49]) }
    let firstPage = await timed { _ = await client.call("list_steps", [:]) }
    let state = await timed { _ = await rowsClient.call("get_state", ["expand": true]) }
    var index = 0
    let sent = await timed {
      index += 1
      _ = await rowsClient.call("send_intent", ["intent": ["add": ["_0": "sent \(index)"]]])
    }
    await inspector.stop()
    await rowsInspector.stop()
    func row(_ name: String, _ value: Double, target: Double?) -> Row {
      Row(
        name: name, nanoseconds: value / 1e6, floorName: "app_info call (ms)",
        floorNanoseconds: floor / 1e6, allocations: 0,
        target: target.map { "≤ \(Int($0)) ms" } ?? "report", met: target.map { value / 1e6 <= $0 })
    }
    return [
      row("14d. agent: list_steps, the newest 50 of 10,000 kept (ms)", listed, target: 50),
      row("14d'. agent: list_steps, the first page of 10,000 kept (ms)", firstPage, target: 50),
      row("14e. agent: get_state of a 1,000-row state, expanded (ms)", state, target: 50),
      row("14f. agent: send_intent until its step is in the answer (ms)", sent, target: nil),
    ]
  }

  /// The best of five calls of `body`, in nanoseconds.
  private static func timed(_ body: () async -> Void) async -> Double {
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<ResultsTable.runs {
      let start = clock.now
      await body()
      best = min(best, nanoseconds(clock.now - start))
    }
    return best
  }

  private static func failed(_ name: String, _ reason: String) -> Row {
    Row(
      name: name, nanoseconds: 0, floorName: reason, floorNanoseconds: 0, allocations: 0,
      target: "report", met: false)
  }
}

/// A model of a thousand rows, for the size of a state an agent reads.
struct TitleList: Model {
  struct State: Codable, Equatable, Sendable {
    var titles: [String] = []
  }
  enum Intent: Codable, Equatable, Sendable {
    case add(String)
  }
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .add(let title): state.titles.append(title)
    }
    return .none
  }
}

/// An MCP client as small as the bench needs: a session over streamable HTTP, each call a
/// POST whose answer is read whole.
final class AgentClient: Sendable {
  private let endpoint: URL
  private let token: String
  private let session: String
  private let urlSession = URLSession(configuration: .ephemeral)

  init?(_ endpoint: URL, token: String) async {
    self.endpoint = endpoint
    self.token = token
    let initialize: [String: Any] = [
      "jsonrpc": "2.0", "id": 0, "method": "initialize",
      "params": [
        "protocolVersion": "2025-06-18", "capabilities": [String: Any](),
        "clientInfo": ["name": "bench", "version": "1"],
      ],
    ]
    guard
      let (_, response) = try? await URLSession.shared.data(
        for: Self.request(endpoint, token: token, session: nil, body: initialize)),
      let id = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "MCP-Session-Id")
    else { return nil }
    session = id
    let initialized: [String: Any] = ["jsonrpc": "2.0", "method": "notifications/initialized"]
    _ = try? await URLSession.shared.data(
      for: Self.request(endpoint, token: token, session: id, body: initialized))
  }

  /// The text of the tool's answer, read out of the event that carries it.
  func call(_ tool: String, _ arguments: [String: Any]) async -> String {
    let body: [String: Any] = [
      "jsonrpc": "2.0", "id": 1, "method": "tools/call",
      "params": ["name": tool, "arguments": arguments],
    ]
    let request = Self.request(endpoint, token: token, session: session, body: body)
    guard let (data, _) = try? await urlSession.data(for: request) else { return "" }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("data:") {
      guard
        let message = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(5).utf8))
          as? [String: Any],
        let result = message["result"] as? [String: Any],
        let content = result["content"] as? [[String: Any]],
        let text = content.first?["text"] as? String
      else { continue }
      return text
    }
    return ""
  }

  private static func request(_ url: URL, token: String, session: String?, body: [String: Any])
    -> URLRequest
  {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = try? JSONSerialization.data(withJSONObject: body)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    request.setValue("2025-06-18", forHTTPHeaderField: "MCP-Protocol-Version")
    if let session { request.setValue(session, forHTTPHeaderField: "MCP-Session-Id") }
    return request
  }
}
