import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting
import ShoppingListExample
import Testing

// The code of the article "From a Recording to a Test", compiled and run here: MVIKitTests'
// ArticleSnippetTestsTestingAndRecording fails when a swift block of the article is not found
// in this file (or, for the change inside a screen of a navigation stack, in MVIKitTests'
// FromARecordingArticleStackExample.swift) line for line, so change them together.

/// What the article's code names beside the shopping list and the lookup of this package.
enum FromARecordingArticle {
  /// A stand-in for the showcase's model, which is not in this package: a stack whose first
  /// screen is the todos, encoded as a navigation stack encodes its screens
  /// (`path.entries[0].element.todos._0`), and a highlight that follows the timing of the
  /// saves' answers rather than what the app did. Whatever the order of the answers, the list
  /// ends the same; the highlight is on the todo saved last.
  struct ShowcaseModel: Model {
    struct State: Codable, Equatable, Sendable {
      var path = Path(entries: [Entry(id: 0, element: .todos(Todos()))])
    }

    /// The stack, as `NavigationStackState` encodes it.
    struct Path: Codable, Equatable, Sendable {
      var entries: [Entry]
    }

    /// A screen on the stack, with its id.
    struct Entry: Codable, Equatable, Sendable {
      var id: Int
      var element: Screen
    }

    enum Screen: Codable, Equatable, Sendable {
      case todos(Todos)
    }

    /// The todos, in the order of their titles, and the highlighted row.
    struct Todos: Codable, Equatable, Sendable {
      var titles: [String] = []
      var selection: Int?

      /// Adds a saved todo in its place and highlights it.
      mutating func add(_ title: String) {
        titles.append(title)
        titles.sort()
        selection = titles.firstIndex(of: title)
      }
    }

    enum Intent: Codable, Equatable, Sendable {
      case addTapped(String)
      case saved(String)
    }

    /// Saves a todo, answering with its title.
    var save: @Sendable (String) async -> String

    /// Connects the model to nothing, and fails loudly if an effect ever reached it.
    static let unconnected = ShowcaseModel(save: { title in
      Issue.record("the save of \(title) ran: a recorded effect's work must not")
      return title
    })

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .addTapped(let title):
        return .run { [save] send in await send(.saved(await save(title))) }
      case .saved(let title):
        switch state.path.entries[0].element {
        case .todos(var todos):
          todos.add(title)
          state.path.entries[0].element = .todos(todos)
        }
        return .none
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct FromARecordingArticleTests {
  typealias ShowcaseModel = FromARecordingArticle.ShowcaseModel

  @Test func aRecordingFileBecomesTheArticlesTest() async throws {
    try await inTemporaryWorkingDirectory {
      try await Self.recordAddingMilk(to: URL(filePath: "session.jsonl"))
      let recording = try Recording<ShoppingList>(contentsOf: URL(filePath: "session.jsonl"))
      let model = "ShoppingList(server: .offline)"
      print(try recording.testSource(named: "addingKeepsNoTitle", model: model))
      // What it prints is the article's test, but for where the View sent each intent from:
      // in the article the app's View, here this file.
      let source = try recording.testSource(named: "addingKeepsNoTitle", model: model)
      let shown = try Self.articlesTest()
      #expect(Self.withoutSites(source).contains(Self.withoutSites(shown)))
    }
  }

  // As the generator writes it: a recorded value stays on one line.
  // swift-format-ignore
  @MainActor
  @Test func addingKeepsNoTitle() async throws {
    let store = TestStore(
      initialState: try recordedValue(#"{"draft":"","isSaving":false,"items":[],"query":"","suggestions":[]}"#),
      model: ShoppingList(server: .offline),
      effects: .recorded
    )
    // Sent from Shopping/ShoppingListView.swift:31
    await store.send(.draftChanged(" milk ")) {
      $0.draft = " milk "
    }
    // Sent from Shopping/ShoppingListView.swift:35
    await store.send(.addTapped) {
      $0.draft = ""
      $0.isSaving = true
    }
    try await store.receive(.saved(recordedValue(#"{"id":1,"isBought":false,"title":"milk"}"#))) {
      try $0.items.append(recordedValue(#"{"id":1,"isBought":false,"title":"milk"}"#))
      $0.isSaving = false
    }
    await store.receiveSideEffect(.toast("Added milk"))
    // Sent from Shopping/ShoppingListView.swift:52
    await store.send(.boughtToggled(id: 1)) {
      $0.items[0].isBought = true
    }
    await store.finish()
  }

  @Test func anOrderTheUserDidNotSeeIsFoundInARecordingFile() async throws {
    try await inTemporaryWorkingDirectory {
      try await Self.recordLookup(to: URL(filePath: "search.jsonl"))
      try await withKnownIssue {
        let recording = try Recording<Lookup>(contentsOf: URL(filePath: "search.jsonl"))
        try await recording.explore(with: Lookup(search: { _ in [] }))
      } matching: { issue in
        issue.description.contains(#"results[0]: "results for ab" → "results for a""#)
      }
    }
  }

  @Test func aMemberThatFollowsTheTimingOfKeysIsLeftOut() async throws {
    let recording = try await Self.recordTwoTodos()
    try await recording.explore(
      with: ShowcaseModel.unconnected, ignoring: ["path.entries[0].element.todos._0.selection"])
    // Without it left out, another order of the answers ends with another highlight; the list
    // ends as the user saw it in every order.
    var report: ExplorationReport?
    await withKnownIssue {
      report = try await recording.explore(with: ShowcaseModel.unconnected)
    }
    let failure = try #require(report?.failure)
    #expect(failure.message.contains("path.entries[0].element.todos._0.selection"))
    #expect(!failure.message.contains("titles"))
  }

  // MARK: - The sessions

  /// The article's session of the shopping list: an item typed with spaces around it, added,
  /// and ticked.
  static func recordAddingMilk(to url: URL) async throws {
    let recorder = try Recorder<ShoppingList>(to: url)
    let server = ShoppingList.Server(
      save: { title in ShoppingList.Item(id: 1, title: title) }, suggest: { _ in [] })
    let store = Store(
      initialState: ShoppingList.State(), model: ShoppingList(server: server),
      attaching: [recorder])
    store.send(.draftChanged(" milk "))
    await store.send(.addTapped).finish()
    store.send(.boughtToggled(id: 1))
    recorder.stop()
  }

  /// A search typed in two keys, each answer coming before the next key: the user saw the
  /// right results.
  static func recordLookup(to url: URL) async throws {
    let recorder = try Recorder<Lookup>(to: url)
    let store = Store(
      initialState: Lookup.State(), model: Lookup(search: { ["results for \($0)"] }),
      attaching: [recorder])
    await store.send(.queryChanged("a")).finish()
    await store.send(.queryChanged("ab")).finish()
    recorder.stop()
  }

  /// Two todos added in the stand-in showcase, each saved before the next is added.
  static func recordTwoTodos() async throws -> Recording<ShowcaseModel> {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "showcase-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<ShowcaseModel>(to: url)
    let store = Store(
      initialState: ShowcaseModel.State(), model: ShowcaseModel(save: { $0 }),
      attaching: [recorder])
    await store.send(.addTapped("milk")).finish()
    await store.send(.addTapped("bread")).finish()
    recorder.stop()
    return try Recording(contentsOf: url)
  }

  // MARK: - The article's text

  /// The test the article shows, as it is written there.
  static func articlesTest(filePath: String = #filePath) throws -> String {
    let root = URL(filePath: filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appending(
        path: "Sources/MVIKitTesting/MVIKitTesting.docc/FromARecordingToATest.md"),
      encoding: .utf8)
    let start = try #require(article.range(of: "@MainActor\n@Test func addingKeepsNoTitle()"))
    let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
    return String(article[start.lowerBound..<end.lowerBound])
  }

  /// `source` without the lines that say where the View sent an intent from.
  static func withoutSites(_ source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("// Sent from") }
      .joined(separator: "\n")
  }
}
