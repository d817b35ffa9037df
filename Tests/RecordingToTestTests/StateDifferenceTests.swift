import MVIKit
import MVIKitRecording
import MVIKitTesting
import Testing

/// The assignments a test made from a recording writes after each step.
@Suite struct StateDifferenceTests {
  struct Todo: Codable, Equatable {
    let id: Int
    var title: String
  }

  struct State: Codable, Equatable {
    var todos: [Todo] = []
    var draft = ""
    var tags: [String] = []
    var selected: Todo?
    var message: String?
  }

  func statements(_ old: State, _ new: State) -> [String] {
    StateDifference.differences(from: old, to: new).flatMap { $0.statements(on: "$0") }
  }

  @Test func membersAreFollowedToWhatChanged() {
    var old = State()
    old.todos = [Todo(id: 1, title: "milk"), Todo(id: 2, title: "eggs")]
    var new = old
    new.todos[1].title = "bread"
    new.draft = "x"
    #expect(statements(old, new) == [#"$0.todos[1].title = "bread""#, #"$0.draft = "x""#])
  }

  @Test func arraysGrowAndShrinkAtTheirEnd() {
    let old = State(tags: ["a"])
    #expect(statements(old, State(tags: ["a", "b"])) == [#"$0.tags.append("b")"#])
    #expect(
      statements(old, State(tags: ["a", "b", "c"])) == [#"$0.tags.append(contentsOf: ["b", "c"])"#])
    #expect(
      statements(State(tags: ["a", "b", "c"]), old) == ["try $0.tags.removeLast(recorded: 2)"])
    #expect(statements(old, State(tags: ["z", "b"])) == [#"$0.tags = ["z", "b"]"#])
    #expect(statements(State(), State(tags: ["a", "b"])) == [#"$0.tags = ["a", "b"]"#])
  }

  @Test func optionalsAreChainedAndIdentitiesSetWhole() {
    var old = State()
    old.selected = Todo(id: 1, title: "milk")
    var renamed = old
    renamed.selected?.title = "oat milk"
    #expect(statements(old, renamed) == [#"$0.selected?.title = "oat milk""#])
    var other = old
    other.selected = Todo(id: 2, title: "milk")
    #expect(
      statements(old, other) == [##"try $0.selected = recordedValue(#"{"id":2,"title":"milk"}"#)"##]
    )
    var cleared = old
    cleared.selected = nil
    cleared.message = "gone"
    #expect(statements(old, cleared) == ["$0.selected = nil", #"$0.message = "gone""#])
  }

  struct Row: Identifiable, Codable, Equatable, Sendable {
    let id: Int
    var isDone = false
  }

  struct Form: Codable, Equatable, Sendable {
    var draft = ""
  }

  enum Screen: Codable, Equatable, Sendable {
    case form(Form)
    case about(String)
  }

  struct Screens: Codable, Equatable {
    var rows: Rows<Row> = [Row(id: 1), Row(id: 2)]
    var screen = Screen.form(Form())
  }

  @Test func rowsAreReachedByIDAndCasesModifiedInPlace() throws {
    let old = Screens()
    var new = old
    new.rows[id: 2]?.isDone = true
    new.screen = .form(Form(draft: "x"))
    let differences = StateDifference.differences(
      from: old, to: new, module: "RecordingToTestTests")
    #expect(
      differences.flatMap { $0.statements(on: "$0") } == [
        "$0.rows[id: 2]?.isDone = true",
        "try modify(&$0.screen, case: StateDifferenceTests.Screen.form) {",
        #"  $0.draft = "x""#,
        "}",
      ])
    #expect(differences.flatMap(\.memberPaths) == ["rows[id: 2].isDone", "screen.draft"])
    // What the statements say, done: the value they describe.
    var expected = old
    expected.rows[id: 2]?.isDone = true
    try modify(&expected.screen, case: Screen.form) { $0.draft = "x" }
    #expect(expected == new)
  }

  @Test func aCaseOfAnotherModuleOrAnotherCaseIsSetWhole() {
    let old = Screens()
    var new = old
    new.screen = .form(Form(draft: "x"))
    #expect(
      StateDifference.differences(from: old, to: new).flatMap { $0.statements(on: "$0") } == [
        ##"try $0.screen = .form(recordedValue(#"{"draft":"x"}"#))"##
      ])
    new.screen = .about("v2")
    #expect(
      StateDifference.differences(from: old, to: new, module: "RecordingToTestTests")
        .flatMap { $0.statements(on: "$0") } == [#"$0.screen = .about("v2")"#])
  }

  @Test func modifyingAnotherCaseThrows() {
    var screen = Screen.about("v1")
    #expect(throws: CaseMismatch.self) {
      try modify(&screen, case: Screen.form) { $0.draft = "x" }
    }
    var absent: Screen? = nil
    #expect(throws: CaseMismatch.self) {
      try modify(&absent, case: Screen.form) { $0.draft = "x" }
    }
  }

  @Test func equalValuesHaveNoDifference() {
    #expect(StateDifference.differences(from: State(), to: State()).isEmpty)
  }
}
