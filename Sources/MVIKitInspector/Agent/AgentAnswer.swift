import MVIKitRecording

/// What a tool call answers an agent: one text, JSON unless it is a test's source, and whether
/// it is an error. An error says what was wrong and how to ask instead.
struct AgentAnswer: Sendable, Equatable {
  var text: String
  var isError = false

  static func json(_ value: JSONValue) -> AgentAnswer { AgentAnswer(text: value.text) }

  static func error(_ message: String) -> AgentAnswer {
    AgentAnswer(text: message, isError: true)
  }
}
