import MVIKitRecording

/// The tools an agent calls, each with what it does and the JSON Schema of its arguments: the
/// inspector page's capabilities, one tool each. Names are what an MCP client lists.
enum InspectorAgentTool: String, CaseIterable, Sendable {
  case appInfo = "app_info"
  case listSteps = "list_steps"
  case getStep = "get_step"
  case getState = "get_state"
  case diffSteps = "diff_steps"
  case searchState = "search_state"
  case intentExamples = "intent_examples"
  case sendIntent = "send_intent"
  case tryIntent = "try_intent"
  case showStep = "show_step"
  case returnLive = "return_live"
  case testSource = "test_source"
  case exploreOrders = "explore_orders"
  case checkRecording = "check_recording"
  case exportRecording = "export_recording"
  case effectRuns = "effect_runs"

  /// What the tool does, for the agent: when to call it and what comes back.
  var summary: String {
    switch self {
    case .appInfo:
      "What the app is: its model, how many steps are kept and which, whether it is live or "
        + "shows a past step, what the inspector can do for it (send intents, make tests, "
        + "explore). Call it first."
    case .listSteps:
      "The kept steps, oldest first, each with its intent's case path (intent), its value, "
        + "where it came from (origin view or effect; sentFrom, the View's file and line), the "
        + "members it changed, its side effects, the effect runs it started and its reports. "
        + "Filter by origin, intent case path, a changed member path, a step range or warnings "
        + "only. Answers come in pages: pass nextCursor back as cursor for the next."
    case .getStep:
      "One step in full: its intent, every change (member, old, new), its side effects, the "
        + "effect runs it started, and its warnings and effect reports."
    case .getState:
      "The state after a step (the live state by default), or one member of it by path "
        + "(items[2].name). Lists over 10 items show their count and first items, and long "
        + "texts their start, unless expand is true."
    case .diffSteps:
      "What differs between the state after step from and the state after step to, member "
        + "by member."
    case .searchState:
      "The members of the state after a step (the live state by default) whose name or text "
        + "contains the given text, or whose number or flag equals it."
    case .intentExamples:
      "One example of each intent case seen in the kept steps, as the JSON that send_intent "
        + "and try_intent take."
    case .sendIntent:
      "Sends an intent to the store as the View would, and answers its step once reduced "
        + "(what it changed, its side effects and runs). Refused while the app shows a past "
        + "step. The intent is its JSON: see intent_examples."
    case .tryIntent:
      "Reduces an intent on the state before a kept step, in place of that step's intent, and "
        + "answers what it would have changed beside what the step changed. The store is not "
        + "touched and no effect runs."
    case .showStep:
      "Has the app show the state after a kept step, as the page's travel does: the View's "
        + "input is paused and effects' intents wait until return_live."
    case .returnLive:
      "Has the app show its live state again, and reduces what effects sent meanwhile."
    case .testSource:
      "The kept session as a Swift Testing test (a TestStore replaying each step and its "
        + "changes), as the page's Copy as test writes it. Long tests come in pages: pass the "
        + "offset the answer names."
    case .exploreOrders:
      "Explores the kept session, up to a step, in every order its effects could have answered "
        + "in, as the page's Explore orders does: the report, the shortest failing schedule, "
        + "and a test that explores the same session and fails while the bug is there."
    case .checkRecording:
      "Replays a recording (the text of a .jsonl file that export_recording or a Recorder "
        + "wrote) with the app's reducer as it is today: whether every recorded state is "
        + "reached, or the first step that differs and how."
    case .exportRecording:
      "The kept session as a recording file (JSON lines), which Recording(contentsOf:) reads. "
        + "Long files come in pages: pass the offset the answer names."
    case .effectRuns:
      "The effect runs seen, newest first: the step that started each, whether it is still in "
        + "flight, and how it ended (finished, cancelled, failed and why)."
    }
  }

  /// The names of the tool's arguments, as its schema lists them.
  var argumentNames: [String] {
    guard case .object(let schema) = inputSchema,
      case .object(let properties)? = schema["properties"]
    else { return [] }
    return properties.keys.sorted()
  }

  /// The JSON Schema of the tool's arguments.
  var inputSchema: JSONValue {
    func integer(_ description: String) -> JSONValue {
      .object(["type": .string("integer"), "description": .string(description)])
    }
    func string(_ description: String) -> JSONValue {
      .object(["type": .string("string"), "description": .string(description)])
    }
    func boolean(_ description: String) -> JSONValue {
      .object(["type": .string("boolean"), "description": .string(description)])
    }
    let intent = JSONValue.object([
      "description": .string(
        "The intent's JSON as the model's Intent decodes it, such as {\"add\":{\"_0\":\"milk\"}} "
          + "or {\"increment\":{}}; see intent_examples."),
      "type": .array([.string("object"), .string("string")]),
    ])
    func schema(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
      .object([
        "type": .string("object"), "properties": .object(properties),
        "required": .array(required.map(JSONValue.string)),
        "additionalProperties": .bool(false),
      ])
    }
    switch self {
    case .appInfo, .intentExamples, .returnLive, .effectRuns:
      return schema([:])
    case .listSteps:
      return schema([
        "origin": .object([
          "type": .string("string"), "enum": .array([.string("view"), .string("effect")]),
          "description": .string("Only the View's intents, or only those effects sent."),
        ]),
        "intent": string(
          "An intent's case path, whole or its start or its last case: search, screen.todos, "
            + "added."),
        "changed": string(
          "Only steps that changed this member or one inside it: results, items[0]."),
        "from": integer("The first step to list."),
        "to": integer("The last step to list."),
        "warnings_only": boolean("Only steps with a warning, an error or a failed effect."),
        "cursor": integer("The nextCursor of the page before."),
        "limit": integer("How many steps a page holds at most (50 by default, 500 at most)."),
      ])
    case .getStep:
      return schema(["step": integer("The step's number.")], required: ["step"])
    case .getState:
      return schema([
        "step": integer("The step after which to read the state; the live state by default."),
        "path": string("A member: items[2].name, screen.todos.draft."),
        "expand": boolean("Show long lists and texts whole (up to 200,000 characters)."),
      ])
    case .diffSteps:
      return schema(
        [
          "from": integer("The earlier step (0: the state before any kept step)."),
          "to": integer("The later step."),
        ], required: ["from", "to"])
    case .searchState:
      return schema(
        [
          "text": string("What to look for, in member names and texts (case ignored)."),
          "step": integer("The step after which to search; the live state by default."),
        ],
        required: ["text"])
    case .sendIntent:
      return schema(["intent": intent], required: ["intent"])
    case .tryIntent:
      return schema(
        ["step": integer("The step whose intent to replace."), "intent": intent],
        required: ["step", "intent"])
    case .showStep:
      return schema(["step": integer("The kept step to show.")], required: ["step"])
    case .testSource:
      return schema([
        "name": string("The test function's name: a Swift identifier (recordedSession)."),
        "offset": integer("Where to go on from in a long test: the offset the answer names."),
      ])
    case .exploreOrders:
      return schema([
        "through_step": integer("The last step to explore; every kept step by default."),
        "name": string("The exploration test's name: a Swift identifier."),
      ])
    case .checkRecording:
      return schema(
        ["recording": string("The recording's text: JSON lines, as export_recording gives.")],
        required: ["recording"])
    case .exportRecording:
      return schema([
        "offset": integer("Where to go on from in a long file: the offset the answer names.")
      ])
    }
  }

  /// Whether the tool changes what the app shows or does (send, travel), as MCP's hints say.
  var changesTheApp: Bool {
    switch self {
    case .sendIntent, .showStep, .returnLive: true
    default: false
    }
  }
}
