import Foundation
import MVIKit
import MVIKitRecording
import Testing

@testable import MVIKitInspector

/// The inspector's tools for a coding agent, called as the MCP server calls them: what each
/// answers, in what shape, within the budget, and what never reaches an agent.
// One suite with the page's socket tests, which run one at a time: on two cores, a tool call
// that holds a thread of the concurrency pool for long (a page of 3,000 steps under a
// sanitizer) beside a socket test's blocking read would leave the server no thread.
extension InspectorTests {
  func attachAgent(
    _ store: Store<Notes>, limit: Int = 10_000, privacy: InspectorPrivacy<Notes> = .none
  ) async throws -> (Inspector<Notes>, any AgentToolbox) {
    let inspector = try await Inspector.attach(
      to: store, token: "t0ken", limit: limit, announce: false, privacy: privacy)
    let tools = try #require(inspector.agentTools)
    return (inspector, tools)
  }

  /// The answer of `tool`, parsed; fails the test when it is an error or not JSON.
  func callTool(
    _ tools: any AgentToolbox, _ tool: String, _ arguments: [String: JSONValue] = [:]
  ) async throws -> [String: JSONValue] {
    let answer = await tools.call(tool, arguments)
    #expect(!answer.isError, "\(tool) answered an error: \(answer.text)")
    guard case .object(let fields) = try JSONValue(parsing: Array(answer.text.utf8)) else {
      Issue.record("\(tool) did not answer an object: \(answer.text)")
      return [:]
    }
    return fields
  }

  /// Waits until the inspector's feed has encoded `step`.
  func waitForStep(_ step: Int, _ tools: any AgentToolbox) async -> Bool {
    await eventually { tools.heardStep >= step }
  }

  @Test func everyToolHasADescriptionAndAnObjectSchemaNamingItsArguments() {
    #expect(InspectorAgentTool.allCases.count == 16)
    for tool in InspectorAgentTool.allCases {
      #expect(tool.summary.count > 40, "\(tool.rawValue) says what it does")
      guard case .object(let schema) = tool.inputSchema else {
        Issue.record("\(tool.rawValue)'s schema is not an object")
        continue
      }
      #expect(schema["type"] == .string("object"))
      #expect(schema["additionalProperties"] == .bool(false))
      if case .array(let required)? = schema["required"] {
        for case .string(let name) in required { #expect(tool.argumentNames.contains(name)) }
      }
    }
    #expect(InspectorAgentServer.tools.map(\.name) == InspectorAgentTool.allCases.map(\.rawValue))
  }

  @Test func aSentIntentIsReducedAndItsStepAnswered() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    let answer = try await callTool(
      tools, "send_intent", ["intent": .object(["add": .object(["_0": .string("milk")])])])
    #expect(store.titles == ["milk"])
    #expect(answer["sent"] == .bool(true))
    #expect(answer["step"] == .int(1))
    #expect(answer["intent"] == .string("add"))
    guard case .array(let changes)? = answer["changes"], case .object(let change)? = changes.first
    else {
      Issue.record("no changes in \(answer)")
      return
    }
    #expect(change["member"] == .string("titles[0]"))
    #expect(change["new"] == .string("milk"))

    // The same, given as the JSON's text.
    _ = try await callTool(tools, "send_intent", ["intent": .string(#"{"increment":{}}"#)])
    #expect(store.count == 1)
  }

  @Test func badIntentsUnknownToolsAndArgumentsAreClearErrorsAndNothingIsReduced() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    let unknownCase = await tools.call("send_intent", ["intent": .object(["nope": .object([:])])])
    #expect(unknownCase.isError)
    #expect(unknownCase.text.contains("is not one of Notes's"))
    let notJSON = await tools.call("send_intent", ["intent": .string("{add")])
    #expect(notJSON.isError)
    #expect(notJSON.text.contains("not JSON"))
    let missing = await tools.call("send_intent", [:])
    #expect(missing.isError)
    #expect(missing.text.contains("needs intent"))
    let tool = await tools.call("delete_everything", [:])
    #expect(tool.isError)
    #expect(tool.text.contains("The tools are: app_info"))
    let argument = await tools.call("get_step", ["step": .int(1), "verbose": .bool(true)])
    #expect(argument.isError)
    #expect(argument.text.contains("takes no argument \"verbose\""))
    let wrongType = await tools.call("get_step", ["step": .string("first")])
    #expect(wrongType.isError)
    #expect(wrongType.text.contains("step must be a whole number"))
    #expect(store.state == Notes.State())
  }

  @Test func stepsAreListedInPagesWithinTheBudgetAndTheCursorReachesEveryStep() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    for index in 0..<1_500 {
      store.send(.increment)
      store.send(.add("title \(index)"))
    }
    #expect(await waitForStep(3_000, tools))
    var seen: [Int] = []
    var cursor: JSONValue?
    var pages = 0
    repeat {
      var arguments: [String: JSONValue] = ["limit": .int(500)]
      if let cursor { arguments["cursor"] = cursor }
      let answer = await tools.call("list_steps", arguments)
      #expect(answer.text.count <= AgentBudget.characters)
      guard case .object(let page) = try JSONValue(parsing: Array(answer.text.utf8)),
        case .array(let steps)? = page["steps"]
      else {
        Issue.record("not a page: \(answer.text.prefix(200))")
        return
      }
      for case .object(let step) in steps {
        if case .int(let number)? = step["step"] { seen.append(Int(number)) }
      }
      cursor = page["nextCursor"]
      pages += 1
    } while cursor != nil && pages < 100
    #expect(seen == Array(1...3_000))
    #expect(pages > 1)

    // Filters: by intent case, by the member changed, by range.
    let adds = try await callTool(tools, "list_steps", ["intent": .string("add"), "to": .int(10)])
    #expect(adds["steps"].map { "\($0)" }?.contains("\"increment\"") == false)
    if case .array(let steps)? = adds["steps"] { #expect(steps.count == 5) }
    let counted = try await callTool(
      tools, "list_steps", ["changed": .string("count"), "from": .int(11), "to": .int(20)])
    if case .array(let steps)? = counted["steps"] { #expect(steps.count == 5) }
  }

  @Test func largeStatesAreSummarisedUnlessExpandedAndMembersReadByPath() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    for index in 0..<30 { store.send(.add("t\(index)")) }
    #expect(await waitForStep(30, tools))
    let summary = try await callTool(tools, "get_state")
    guard case .object(let state)? = summary["value"], case .object(let titles)? = state["titles"]
    else {
      Issue.record("no titles in \(summary)")
      return
    }
    #expect(titles["count"] == .int(30))
    #expect(titles["summarised"] == .bool(true))
    #expect(summary["summarised"] != nil)
    let expanded = try await callTool(tools, "get_state", ["expand": .bool(true)])
    if case .object(let state)? = expanded["value"], case .array(let all)? = state["titles"] {
      #expect(all.count == 30)
    } else {
      Issue.record("not expanded: \(expanded)")
    }
    let member = try await callTool(tools, "get_state", ["path": .string("titles[12]")])
    #expect(member["value"] == .string("t12"))
    let earlier = try await callTool(
      tools, "get_state", ["step": .int(2), "path": .string("titles")])
    #expect(earlier["value"] == .array([.string("t0"), .string("t1")]))
    let missing = await tools.call("get_state", ["path": .string("titles[99]")])
    #expect(missing.isError)
    let diff = try await callTool(tools, "diff_steps", ["from": .int(1), "to": .int(3)])
    #expect(diff["changes"].map { "\($0)" }?.contains("titles[2]") == true)
    let found = try await callTool(tools, "search_state", ["text": .string("t29")])
    #expect(found["count"] == .int(1))
  }

  @Test func secretsAndWithheldStepsNeverReachAnAgent() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(
      store, privacy: InspectorPrivacy(withholding: ["toast"]))
    defer { Task { await inspector.stop() } }
    store.send(.password(Secret("hunter2")))
    store.send(.toast("private words"))
    store.send(.increment)
    #expect(await waitForStep(3, tools))
    for (tool, arguments) in [
      ("list_steps", [:]), ("get_state", ["expand": JSONValue.bool(true)]),
      ("get_step", ["step": .int(1)]), ("search_state", ["text": .string("hunter2")]),
      ("intent_examples", [:]), ("export_recording", [:]), ("test_source", [:]),
      ("effect_runs", [:]),
    ] as [(String, [String: JSONValue])] {
      let answer = await tools.call(tool, arguments)
      #expect(!answer.text.contains("hunter2"), "\(tool) shows the secret")
      #expect(!answer.text.contains("private words"), "\(tool) shows a withheld step")
    }
    let withheld = await tools.call("get_step", ["step": .int(2)])
    #expect(withheld.isError)
  }

  @Test func travelPausesTheViewsInputUntilReturnLive() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    store.send(.increment)
    store.send(.increment)
    #expect(await waitForStep(2, tools))
    _ = try await callTool(tools, "show_step", ["step": .int(1)])
    #expect(store.isShowingPast)
    #expect(store.count == 1)
    let refused = await tools.call("send_intent", ["intent": .object(["increment": .object([:])])])
    #expect(refused.isError)
    #expect(refused.text.contains("call return_live"))
    let info = try await callTool(tools, "app_info")
    #expect(info["live"] == .bool(false))
    let live = try await callTool(tools, "return_live")
    #expect(live["live"] == .bool(true))
    #expect(store.count == 2)
    let notKept = await tools.call("show_step", ["step": .int(99)])
    #expect(notKept.isError)
  }

  @Test func anIntentTriedAtAStepLeavesTheStoreAlone() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    store.send(.add("milk"))
    #expect(await waitForStep(1, tools))
    let tried = try await callTool(
      tools, "try_intent",
      ["step": .int(1), "intent": .object(["add": .object(["_0": .string("eggs")])])])
    #expect(tried["changes"].map { "\($0)" }?.contains("eggs") == true)
    #expect(tried["happened"].map { "\($0)" }?.contains("milk") == true)
    #expect(store.titles == ["milk"])
  }

  @Test func theSessionBecomesATestARecordingAndACheck() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    store.send(.add("milk"))
    store.send(.toast("hi"))
    #expect(await waitForStep(2, tools))
    let test = await tools.call("test_source", ["name": .string("agentSession")])
    #expect(test.text.contains("@Test func agentSession()"))
    let badName = await tools.call("test_source", ["name": .string("two words")])
    #expect(badName.isError)
    let recording = await tools.call("export_recording", [:])
    #expect(recording.text.hasPrefix("{"))
    let check = try await callTool(tools, "check_recording", ["recording": .string(recording.text)])
    #expect(check["matches"] == .bool(true))
    #expect(check["stepCount"] == .int(2))
    let corrupt = try await callTool(
      tools, "check_recording", ["recording": .string("not a recording")])
    #expect(corrupt["problem"] != nil)
    let examples = try await callTool(tools, "intent_examples")
    #expect(examples["intents"].map { "\($0)" }?.contains("\"add\"") == true)
  }

  @Test func effectRunsSayHowEachEnded() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let (inspector, tools) = try await attachAgent(store)
    defer { Task { await inspector.stop() } }
    await store.send(.echo).finish()
    await store.send(.failOffline).finish()
    #expect(await waitForStep(3, tools))
    var runs: [String: JSONValue] = [:]
    let deadline = ContinuousClock.now + .seconds(5)
    repeat {
      runs = try await callTool(tools, "effect_runs")
      if runs["runs"].map({ "\($0)" })?.contains("failed") == true { break }
      try await Task.sleep(for: .milliseconds(20))
    } while ContinuousClock.now < deadline
    let text = runs["runs"].map { "\($0)" } ?? ""
    #expect(text.contains("finished"))
    #expect(text.contains("failed"))
    let warnings = try await callTool(tools, "list_steps", ["warnings_only": .bool(true)])
    #expect(warnings["steps"].map { "\($0)" }?.contains("failOffline") == true)
  }
}

// Beside the page's own socket tests: like them it blocks a thread of the concurrency pool on a
// socket's read, and they run one at a time, so that the server's tasks always have a thread
// left on two cores.
extension InspectorTests {
  @Test func theMCPEndpointNeedsItsTokenAndAnswersMalformedMessagesWithErrors() async throws {
    let store = Store(initialState: Notes.State(), model: Notes())
    let inspector = try await attach(store)
    defer { Task { await inspector.stop() } }
    let port = inspector.url.port ?? 0
    let host = "127.0.0.1:\(port)"
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","#
      + #""capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    let headers = [
      "Host": host, "Content-Type": "application/json",
      "Accept": "application/json, text/event-stream",
    ]
    let answers = await Task.detached {
      var statuses: [Int] = []
      for extra in [
        [:], ["Authorization": "Bearer wrong"], ["Cookie": "mvikit-inspector-\(port)=t0ken"],
        ["Authorization": "Bearer t0ken", "Origin": "http://evil.example"],
        ["Authorization": "Bearer t0ken", "Host": "evil.example:\(port)"],
      ] {
        guard let client = try? RawClient(port: port) else { return [Int]() }
        statuses.append(
          client.post("/mcp", body: initialize, headers: headers.merging(extra) { $1 }).status)
      }
      guard let client = try? RawClient(port: port) else { return statuses }
      let malformed = client.post(
        "/mcp", body: "{not json",
        headers: headers.merging(["Authorization": "Bearer t0ken"]) { $1 })
      statuses.append(malformed.status)
      return statuses
    }.value
    #expect(answers == [401, 401, 401, 403, 403, 400])
    #expect(store.state == Notes.State())
  }
}
