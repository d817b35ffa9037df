import MVIKitRecording
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
    StateDifference.differences(from: old, to: new).map { $0.statement(on: "$0") }
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
    #expect(statements(State(tags: ["a", "b", "c"]), old) == ["$0.tags.removeLast(2)"])
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
      statements(old, other) == [##"$0.selected? = recordedValue(#"{"id":2,"title":"milk"}"#)"##])
    var cleared = old
    cleared.selected = nil
    cleared.message = "gone"
    #expect(statements(old, cleared) == ["$0.selected = nil", #"$0.message = "gone""#])
  }

  @Test func equalValuesHaveNoDifference() {
    #expect(StateDifference.differences(from: State(), to: State()).isEmpty)
  }
}
