import Foundation
import MVIKit
import MVIKitRecording

/// What a coding agent can do with a running app, over MCP: every capability of the
/// inspector's page, read from the same kept steps with the same privacy settings applied, and
/// every answer within ``AgentBudget``. The tools are listed, with their JSON Schemas, in
/// ``InspectorAgentTool``; the MCP server (``InspectorAgentServer``) only carries their calls.
final class InspectorAgent<M: Model>: Sendable {
  let feed: InspectorFeed<M>
  let relay: CommandRelay<M>
  let modelName: String
  /// The page's routes, whose export, test, exploration and check the tools share: nil inside
  /// where the model's types are not `Codable`.
  let routes: InspectorRoutes
  /// How long a sent intent's step may take to reach the kept steps before the answer says so.
  let stepWait: Duration

  init(
    feed: InspectorFeed<M>, relay: CommandRelay<M>, routes: InspectorRoutes,
    stepWait: Duration = .seconds(2)
  ) {
    self.feed = feed
    self.relay = relay
    modelName = feed.modelName
    self.routes = routes
    self.stepWait = stepWait
  }

  /// Carries out the tool `name` with `arguments` (a JSON object).
  func call(_ name: String, _ arguments: [String: JSONValue]) async -> AgentAnswer {
    guard let tool = InspectorAgentTool(rawValue: name) else {
      let names = InspectorAgentTool.allCases.map(\.rawValue).joined(separator: ", ")
      return .error("There is no tool \"\(name.prefix(60))\". The tools are: \(names).")
    }
    let arguments = AgentArguments(arguments, tool: tool)
    if let unknown = arguments.unknownNames.first {
      return .error(
        "\(tool.rawValue) takes no argument \"\(unknown.prefix(60))\"; it takes: "
          + (tool.argumentNames.isEmpty ? "none" : tool.argumentNames.joined(separator: ", "))
          + ".")
    }
    do throws(AgentArguments.Problem) {
      switch tool {
      case .appInfo: return await appInfo()
      case .listSteps: return try listSteps(arguments)
      case .getStep: return try getStep(arguments)
      case .getState: return try getState(arguments)
      case .diffSteps: return try diffSteps(arguments)
      case .searchState: return try searchState(arguments)
      case .intentExamples: return intentExamples()
      case .sendIntent: return try await sendIntent(arguments)
      case .tryIntent: return try await tryIntent(arguments)
      case .showStep: return try await showStep(arguments)
      case .returnLive: return await returnLive()
      case .testSource: return try testSource(arguments)
      case .exploreOrders: return try await exploreOrders(arguments)
      case .checkRecording: return try await checkRecording(arguments)
      case .exportRecording: return try exportRecording(arguments)
      case .effectRuns: return effectRuns()
      }
    } catch {
      return .error(error.message)
    }
  }

  // MARK: - What the app is

  private func appInfo() async -> AgentAnswer {
    let pages = feed.pageCount
    // Read on the main actor, as travel changes them: the feed's copy follows a frame later.
    let shown = await relay.withInspector { ($0.isLive, $0.shownStep) }
    let isLiveNow = shown?.0
    return .json(
      feed.withKept { kept in
        let steps = kept.records.filter { $0.intent != nil }
        var fields: [String: JSONValue] = [
          "model": .string(modelName),
          "live": .bool(isLiveNow ?? kept.isLive),
          "stepsKept": .int(Int64(steps.count)),
          "limit": .int(Int64(feed.limit)),
          "lastStep": .int(Int64(kept.lastStep)),
          "droppedSteps": .int(Int64(kept.dropped)),
          "withheldSteps": .int(Int64(kept.withheld)),
          "effectRunsInFlight": .int(Int64(kept.runsInFlight.count)),
          "pagesConnected": .int(Int64(pages)),
          "attached": .bool(isLiveNow != nil),
          "canSendIntents": .bool(routes.test != nil),
          "canMakeTests": .bool(routes.test != nil),
          "canExplore": .bool(routes.explore != nil),
        ]
        if let first = steps.first?.step { fields["firstKeptStep"] = .int(Int64(first)) }
        if let step = shown.map({ $0.1 }) ?? kept.shownStep {
          fields["shownStep"] = .int(Int64(step))
        }
        return .object(fields)
      })
  }

  // MARK: - Steps

  /// One step as a list shows it: its intent by name and value, where it came from, the
  /// members it changed, its side effects, effect runs and reports.
  private static func summary(of record: InspectorStepRecord) -> JSONValue {
    var fields: [String: JSONValue] = ["step": .int(Int64(record.step))]
    if let intent = record.intent {
      fields["intent"] = .string(AgentIntentName.of(intent.value))
      fields["value"] = .string(
        intent.value.text.count > 200
          ? String(intent.value.text.prefix(199)) + "…" : intent.value.text)
      fields["origin"] = .string(intent.origin.rawValue)
      if let site = intent.origin == .view ? record.site : nil {
        fields["sentFrom"] = .string(site)
      }
      if let run = record.run { fields["sentByRun"] = .int(Int64(run)) }
    }
    let changed = Array(Set(record.changes.map { AgentMemberPath(keys: $0.path).description }))
      .sorted()
    if !changed.isEmpty { fields["changed"] = .array(changed.prefix(20).map(JSONValue.string)) }
    if changed.count > 20 { fields["changedCount"] = .int(Int64(changed.count)) }
    if !record.sideEffects.isEmpty {
      fields["sideEffects"] = .array(record.sideEffects.map { .string(AgentIntentName.of($0)) })
    }
    if !record.startedRuns.isEmpty {
      fields["startedRuns"] = .array(record.startedRuns.map { .int(Int64($0)) })
    }
    let reports = record.notes.compactMap { note -> JSONValue? in
      guard case .object(let note) = note, let kind = note["kind"] else { return nil }
      switch kind {
      case .string("warning"), .string("error"):
        return .object(["kind": kind, "message": note["message"] ?? .null])
      case .string("effect"):
        var run: [String: JSONValue] = ["kind": kind]
        for key in ["run", "moment", "id", "error", "startedAt"] { run[key] = note[key] }
        return .object(run)
      default:
        return nil
      }
    }
    if !reports.isEmpty { fields["reports"] = .array(reports) }
    return .object(fields)
  }

  private static func hasWarning(_ record: InspectorStepRecord) -> Bool {
    record.notes.contains { note in
      guard case .object(let note) = note else { return false }
      return note["kind"] == .string("warning") || note["kind"] == .string("error")
        || note["moment"] == .string("failed")
    }
  }

  private func listSteps(_ arguments: AgentArguments) throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let origin = try arguments.string("origin", oneOf: ["view", "effect"])
    let intent = try arguments.string("intent").flatMap { $0.isEmpty ? nil : $0 }
    let changed = try arguments.string("changed").map { text throws(AgentArguments.Problem) in
      guard let path = AgentMemberPath(text) else {
        throw .init("changed: \"\(text.prefix(80))\" is not a member path, such as items[0].name.")
      }
      return path
    }
    let from = try arguments.int("from") ?? 0
    let to = try arguments.int("to") ?? .max
    let warningsOnly = try arguments.bool("warnings_only") ?? false
    let cursor = try arguments.int("cursor") ?? from - 1
    let limit = min(max(try arguments.int("limit") ?? 50, 1), 500)
    return feed.withKept { kept in
      var listed: [JSONValue] = []
      var characters = 200
      var next: Int?
      var matched = 0
      for record in kept.records where record.intent != nil && record.step > cursor {
        guard record.step >= from, record.step <= to else { continue }
        if let origin, record.intent?.origin.rawValue != origin { continue }
        if let intent, let value = record.intent?.value {
          let name = AgentIntentName.of(value)
          guard name == intent || name.hasPrefix(intent + ".") || name.hasSuffix("." + intent)
          else { continue }
        }
        if let changed,
          !record.changes.contains(where: { changed.contains(AgentMemberPath(keys: $0.path)) })
        {
          continue
        }
        if warningsOnly, !Self.hasWarning(record) { continue }
        matched += 1
        let summary = Self.summary(of: record)
        let size = summary.jsonText.count + 1
        if listed.count == limit || characters + size > AgentBudget.characters {
          next = listed.isEmpty ? nil : record.step - 1
          break
        }
        listed.append(summary)
        characters += size
      }
      var fields: [String: JSONValue] = [
        "steps": .array(listed), "keptSteps": .int(Int64(kept.records.count { $0.intent != nil })),
      ]
      if let next {
        fields["nextCursor"] = .int(Int64(next))
        fields["more"] = .string("More steps match: call list_steps again with cursor \(next).")
      }
      if kept.dropped > 0 {
        fields["droppedBeforeFirstKept"] = .int(Int64(kept.dropped))
      }
      return .json(.object(fields))
    }
  }

  private func getStep(_ arguments: AgentArguments) throws(AgentArguments.Problem) -> AgentAnswer {
    let target = try arguments.requiredInt("step")
    return .json(
      try feed.withKept { kept throws(AgentArguments.Problem) in try Self.details(of: target, kept)
      })
  }

  /// Step `target` in full: its intent, every change, side effect, effect run and report.
  private static func details(of target: Int, _ kept: InspectorFeed<M>.Kept)
    throws(AgentArguments.Problem) -> JSONValue
  {
    guard let record = kept.records.last(where: { $0.step == target && $0.intent != nil }),
      let intent = record.intent
    else { throw notKept(target, kept) }
    var fields: [String: JSONValue] = [
      "step": .int(Int64(target)), "intent": .string(AgentIntentName.of(intent.value)),
      "value": AgentBudget.summarised(intent.value), "origin": .string(intent.origin.rawValue),
      "time": .double(intent.time),
      "changes": .array(record.changes.map(change)),
      "sideEffects": .array(record.sideEffects.map(AgentBudget.summarised)),
      "startedRuns": .array(record.startedRuns.map { .int(Int64($0)) }),
      "reports": .array(record.notes),
    ]
    if let site = record.site { fields["sentFrom"] = .string(site) }
    if let run = record.run { fields["sentByRun"] = .int(Int64(run)) }
    return within(.object(fields), hint: "ask get_state for one member")
  }

  private static func change(_ change: StateChange) -> JSONValue {
    var fields: [String: JSONValue] = [
      "member": .string(AgentMemberPath(keys: change.path).description)
    ]
    if let old = change.old { fields["old"] = AgentBudget.summarised(old) }
    if let new = change.new { fields["new"] = AgentBudget.summarised(new) }
    return .object(fields)
  }

  private static func notKept(_ step: Int, _ kept: InspectorFeed<M>.Kept)
    -> AgentArguments.Problem
  {
    let steps = kept.records.filter { $0.intent != nil }
    guard let first = steps.first?.step, let last = steps.last?.step else {
      return .init("Step \(step) is not kept: no step is kept yet.")
    }
    return .init("Step \(step) is not kept: the kept steps are \(first) to \(last).")
  }

  /// The state after `step` (before any step for 0), with the kept steps' changes applied to
  /// the oldest kept state.
  private static func state(after step: Int, _ kept: InspectorFeed<M>.Kept)
    throws(AgentArguments.Problem) -> JSONValue
  {
    let steps = kept.records.filter { $0.intent != nil }
    let first = steps.first?.step ?? kept.lastStep + 1
    guard step >= first - 1, step <= max(kept.lastStep, first - 1) else {
      throw .init(
        "The state after step \(step) is not kept: states after steps \(first - 1) to "
          + "\(max(kept.lastStep, first - 1)) are.")
    }
    if step >= kept.lastStep { return kept.current }
    var state = kept.base
    for record in kept.records where record.step <= step {
      for change in record.changes { try? state.apply(change) }
    }
    return state
  }

  private func getState(_ arguments: AgentArguments) throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let target = try arguments.int("step")
    let expand = try arguments.bool("expand") ?? false
    let path = try arguments.string("path").map { text throws(AgentArguments.Problem) in
      guard let path = AgentMemberPath(text) else {
        throw .init("path: \"\(text.prefix(80))\" is not a member path, such as items[0].name.")
      }
      return path
    }
    return try feed.withKept { kept throws(AgentArguments.Problem) in
      let step = target ?? kept.lastStep
      let state = try Self.state(after: step, kept)
      var value = state
      if let path {
        guard let member = path.member(of: state) else {
          throw .init("The state after step \(step) has no member \(path).")
        }
        value = member
      }
      var fields: [String: JSONValue] = [
        "step": .int(Int64(step)), "value": expand ? value : AgentBudget.summarised(value),
      ]
      if let path { fields["path"] = .string(path.description) }
      if !expand, value != AgentBudget.summarised(value) {
        fields["summarised"] = .string(
          "Lists over \(AgentBudget.longList) items and long texts are summarised: ask with "
            + "expand true, or for a member by path (items[12]).")
      }
      return .json(
        Self.within(
          .object(fields), limit: expand ? AgentBudget.expandedCharacters : AgentBudget.characters,
          hint: "ask for a member by path"))
    }
  }

  private func diffSteps(_ arguments: AgentArguments) throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let from = try arguments.requiredInt("from")
    let to = try arguments.requiredInt("to")
    return try feed.withKept { kept throws(AgentArguments.Problem) in
      let before = try Self.state(after: from, kept)
      let after = try Self.state(after: to, kept)
      let changes = StateChange.changes(from: before, to: after)
      var listed: [JSONValue] = []
      var characters = 200
      for change in changes {
        let value = Self.change(change)
        characters += value.jsonText.count + 1
        if characters > AgentBudget.characters { break }
        listed.append(value)
      }
      var fields: [String: JSONValue] = [
        "from": .int(Int64(from)), "to": .int(Int64(to)), "changes": .array(listed),
      ]
      if listed.count < changes.count {
        fields["more"] = .string(
          "\(changes.count - listed.count) more changes: ask get_state for a member by path.")
      }
      return .json(.object(fields))
    }
  }

  private func searchState(_ arguments: AgentArguments) throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let text = try arguments.requiredString("text").lowercased()
    guard !text.isEmpty else { throw .init("text: give something to search for.") }
    let target = try arguments.int("step")
    return try feed.withKept { kept throws(AgentArguments.Problem) in
      let step = target ?? kept.lastStep
      let state = try Self.state(after: step, kept)
      var found: [JSONValue] = []
      var total = 0
      func visit(_ value: JSONValue, _ path: [StateChange.Key]) {
        switch value {
        case .object(let fields):
          for (key, member) in fields.sorted(by: { $0.key < $1.key }) {
            let inner = path + [.field(key)]
            if key.lowercased().contains(text) { hit(inner, member) }
            visit(member, inner)
          }
        case .array(let items):
          for (index, item) in items.enumerated() { visit(item, path + [.index(index)]) }
        case .string(let string):
          if string.lowercased().contains(text) { hit(path, value) }
        case .int, .double, .bool:
          if value.text.lowercased() == text { hit(path, value) }
        case .null:
          break
        }
      }
      func hit(_ path: [StateChange.Key], _ value: JSONValue) {
        total += 1
        guard found.count < 100 else { return }
        found.append(
          .object([
            "member": .string(AgentMemberPath(keys: path).description),
            "value": AgentBudget.summarised(value),
          ]))
      }
      visit(state, [])
      var fields: [String: JSONValue] = [
        "step": .int(Int64(step)), "matches": .array(found), "count": .int(Int64(total)),
      ]
      if total > found.count {
        fields["more"] = .string("The first 100 of \(total) are shown: search for more text.")
      }
      return .json(Self.within(.object(fields), hint: "search for more text"))
    }
  }

  // MARK: - Intents

  private func intentExamples() -> AgentAnswer {
    feed.withKept { kept in
      var examples: [String: JSONValue] = [:]
      var order: [String] = []
      for record in kept.records.reversed() {
        guard let intent = record.intent else { continue }
        let name = AgentIntentName.of(intent.value)
        if examples[name] == nil { order.append(name) }
        examples[name] = intent.value
      }
      var listed: [JSONValue] = []
      var characters = 300
      for name in order.sorted() {
        let example = JSONValue.object([
          "intent": .string(name), "example": examples[name] ?? .null,
        ])
        characters += example.jsonText.count + 1
        if characters > AgentBudget.characters { break }
        listed.append(example)
      }
      return .json(
        .object([
          "model": .string(modelName), "intents": .array(listed),
          "howToSend": .string(
            "Pass an example, changed as you need, as the intent argument of send_intent or "
              + "try_intent: it is the intent's JSON as \(modelName).Intent decodes it. Only "
              + "cases seen in the kept steps are listed."),
        ]))
    }
  }

  private func sendIntent(_ arguments: AgentArguments) async throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let json = try arguments.intentJSON()
    guard routes.test != nil else {
      throw .init("\(modelName)'s intents are not Codable, so an agent cannot send them.")
    }
    let sent = await relay.withInspector { $0.send(json, pressing: "call return_live") }
    switch sent {
    case nil:
      throw .init("The app's inspector has stopped.")
    case .failure(let error)?:
      throw .init(error.message)
    case .success(let step)?:
      // The step is encoded off the main actor, within a frame: wait for it, so that the
      // answer shows what the intent changed.
      let clock = ContinuousClock()
      let deadline = clock.now + stepWait
      while clock.now < deadline {
        let details = feed.withKept { kept -> JSONValue?? in
          guard kept.heardStep >= step else { return nil }
          return .some(try? Self.details(of: step, kept))
        }
        switch details {
        case .some(.some(.object(var fields))):
          fields["sent"] = .bool(true)
          return .json(.object(fields))
        case .some:
          return .json(
            .object([
              "sent": .bool(true), "step": .int(Int64(step)),
              "note": .string(
                "The intent was reduced as step \(step); the app's privacy settings keep its "
                  + "step from the inspector."),
            ]))
        case nil:
          try? await Task.sleep(for: .milliseconds(2))
        }
      }
      return .json(
        .object([
          "sent": .bool(true), "step": .int(Int64(step)),
          "note": .string(
            "The intent was reduced as step \(step); its step did not reach the kept steps "
              + "within \(stepWait): call get_step \(step) later."),
        ]))
    }
  }

  private func tryIntent(_ arguments: AgentArguments) async throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let step = try arguments.requiredInt("step")
    let json = try arguments.intentJSON()
    let answer = await relay.withInspector { $0.forkedChanges(at: step, json) }
    switch answer {
    case nil: throw .init("The app's inspector has stopped.")
    case .failure(let error)?: throw .init(error.message)
    case .success(let fork)?:
      let value = JSONValue.object([
        "step": .int(Int64(step)), "intent": .string(AgentIntentName.of(fork.intent)),
        "value": AgentBudget.summarised(fork.intent),
        "changes": .array(fork.tried.map(Self.change)),
        "happened": .array(fork.happened.map(Self.change)),
        "note": .string(
          "changes: what the tried intent would have changed from the state before the step; "
            + "happened: what the step's own intent changed. The store was not touched."),
      ])
      return .json(Self.within(value, hint: "try an intent that changes less"))
    }
  }

  // MARK: - Travel

  private func showStep(_ arguments: AgentArguments) async throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let step = try arguments.requiredInt("step")
    let shown = await relay.withInspector { $0.travel(to: step) }
    switch shown {
    case nil: throw .init("The app's inspector has stopped.")
    case .failure(let error)?: throw .init(error.message)
    case .success?:
      return .json(
        .object([
          "shownStep": .int(Int64(step)), "live": .bool(false),
          "note": .string(
            "The app shows the state after step \(step); the View's input is paused, and "
              + "effects' intents wait, until return_live."),
        ]))
    }
  }

  private func returnLive() async -> AgentAnswer {
    let live = await relay.withInspector { inspector in
      inspector.returnToLive()
      return inspector.isLive
    }
    guard let live else { return .error("The app's inspector has stopped.") }
    return .json(.object(["live": .bool(live)]))
  }

  // MARK: - Tests and explorations

  private func testSource(_ arguments: AgentArguments) throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let name = try arguments.identifier("name") ?? "recordedSession"
    let offset = try arguments.int("offset") ?? 0
    guard let test = routes.test else {
      throw .init(
        "A test needs \(modelName)'s state, intent and side effect to be Codable and Equatable.")
    }
    switch test(name) {
    case nil: throw .init("There is no session to make a test of.")
    case .failure(let error)?: throw .init("The session could not become a test: \(error)")
    case .success(let source)?: return Self.paged(source, from: offset, tool: .testSource)
    }
  }

  private func exploreOrders(_ arguments: AgentArguments) async throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let step = try arguments.int("through_step")
    let name = try arguments.identifier("name") ?? "everyOrderEndsAsRecorded"
    guard let explore = routes.explore else {
      throw .init("Exploring needs \(modelName)'s state, intent and side effect to be Codable.")
    }
    switch await explore(step, name) {
    case nil: throw .init("There is no session to explore.")
    case .failure(let error)?: throw .init("The session could not be explored: \(error)")
    case .success(let exploration)?:
      var fields: [String: JSONValue] = [
        "found": .bool(exploration.schedule != nil), "report": .string(exploration.summary),
      ]
      if let schedule = exploration.schedule { fields["schedule"] = .string(schedule) }
      if let test = exploration.test {
        let page = AgentBudget.page(of: test, from: 0, limit: AgentBudget.characters / 2)
        fields["test"] = .string(String(page.part))
        if page.next != nil {
          fields["more"] = .string(
            "The exploration test is longer: call test_source for the session's test, or "
              + "export_recording for the session itself.")
        }
      }
      return .json(.object(fields))
    }
  }

  private func checkRecording(_ arguments: AgentArguments) async throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let recording = try arguments.requiredString("recording")
    guard let check = routes.check else {
      throw .init(
        "Checking a recording needs \(modelName)'s state, intent and side effect to be Codable.")
    }
    guard let answer = await check(Data(recording.utf8)) else {
      throw .init("The app's store is gone.")
    }
    return .json(Self.within(answer.json, hint: "check a shorter recording"))
  }

  private func exportRecording(_ arguments: AgentArguments) throws(AgentArguments.Problem)
    -> AgentAnswer
  {
    let offset = try arguments.int("offset") ?? 0
    guard let data = routes.export() else {
      throw .init(
        "\(modelName)'s state, intent or side effect is not Codable, so the session cannot be "
          + "written as a recording.")
    }
    return Self.paged(String(decoding: data, as: UTF8.self), from: offset, tool: .exportRecording)
  }

  private func effectRuns() -> AgentAnswer {
    feed.withKept { kept in
      var runs: [Int: [String: JSONValue]] = [:]
      for record in kept.records {
        for note in record.notes {
          guard case .object(let note) = note, note["kind"] == .string("effect"),
            case .int(let number)? = note["run"]
          else { continue }
          var run = runs[Int(number)] ?? ["run": .int(number)]
          switch note["moment"] {
          case .string("started")?:
            run["startedBy"] = .int(Int64(record.step))
          case .string(let moment)?:
            run["ended"] = .string(moment)
            run["endedAfterStep"] = .int(Int64(record.step))
            for key in ["error", "duration"] { if let value = note[key] { run[key] = value } }
          default:
            break
          }
          if let id = note["id"] { run["id"] = id }
          runs[Int(number)] = run
        }
      }
      for (run, step) in kept.runsInFlight {
        var fields = runs[run] ?? ["run": .int(Int64(run))]
        fields["startedBy"] = fields["startedBy"] ?? .int(Int64(step))
        fields["inFlight"] = .bool(true)
        runs[run] = fields
      }
      let sorted = runs.keys.sorted().reversed()
      var listed: [JSONValue] = []
      var characters = 200
      for run in sorted {
        let value = JSONValue.object(runs[run] ?? [:])
        characters += value.jsonText.count + 1
        if characters > AgentBudget.characters { break }
        listed.append(value)
      }
      var fields: [String: JSONValue] = [
        "runs": .array(listed), "inFlight": .int(Int64(kept.runsInFlight.count)),
      ]
      if listed.count < runs.count {
        fields["more"] = .string(
          "The newest \(listed.count) of \(runs.count) runs are listed: list_steps with from "
            + "and to shows the runs of those steps.")
      }
      return .json(.object(fields))
    }
  }

  // MARK: - Budgets

  /// `value`, or a short error that says how to ask for less when it is over `limit`.
  private static func within(
    _ value: JSONValue, limit: Int = AgentBudget.characters, hint: String
  ) -> JSONValue {
    let size = value.jsonText.count
    guard size > limit else { return value }
    return .object([
      "overBudget": .bool(true), "characters": .int(Int64(size)), "limit": .int(Int64(limit)),
      "more": .string("The answer would be \(size) characters, over \(limit): \(hint)."),
    ])
  }

  /// A page of a long text: the part, and the offset to ask `tool` for next.
  private static func paged(_ text: String, from offset: Int, tool: InspectorAgentTool)
    -> AgentAnswer
  {
    guard offset >= 0, offset < max(text.count, 1) else {
      return .error(
        "offset \(offset) is past the end: the text has \(text.count) characters, from offset 0.")
    }
    let page = AgentBudget.page(of: text, from: offset)
    guard let next = page.next else { return AgentAnswer(text: String(page.part)) }
    return AgentAnswer(
      text: String(page.part)
        + "\n\n[\(text.count - next) more characters: call \(tool.rawValue) with offset \(next)]")
  }
}

extension InspectorAgent: AgentToolbox {
  /// The resources an agent may read and subscribe to: the newest steps, and the live state.
  func resource(_ uri: String) async -> String? {
    switch uri {
    case AgentResource.timeline.uri:
      let last = feed.withKept { $0.lastStep }
      return await call(
        InspectorAgentTool.listSteps.rawValue, ["from": .int(Int64(max(0, last - 49)))]
      )
      .text
    case AgentResource.state.uri:
      return await call(InspectorAgentTool.getState.rawValue, [:]).text
    default:
      return nil
    }
  }

  /// The last step the inspector heard: what a subscription watches.
  var heardStep: Int { feed.withKept { $0.heardStep } }
}
