import MVIKit
import MVIKitTesting
import Testing

// The code of the "Finding ordering bugs" article, compiled and run here: MVIKitTests'
// ArticleSnippetTests fails when a swift block of the article is not found in this file line
// for line, so change the two together. Here rather than in MVIKitTests, whose fixtures
// already have a `SearchField` (with a flag for its fix) that the article's code would clash
// with.

/// Search as you type, with the article's bug: nothing cancels the previous query's request.
struct SearchField: Model {
  struct State: Hashable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Intent: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([String])
  }

  var search: @Sendable (String) async -> [String]

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.resultsLoaded(await search(query))) }
    case .resultsLoaded(let results):
      state.results = results
      return .none
    }
  }
}

/// The search field with the article's fix: a new query cancels the request in flight.
struct FixedSearchField: Model {
  typealias State = SearchField.State
  typealias Intent = SearchField.Intent

  var search: @Sendable (String) async -> [String]

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.resultsLoaded(await search(query))) }
        .cancellable(id: "search", cancelInFlight: true)
    case .resultsLoaded(let results):
      state.results = results
      return .none
    }
  }
}

/// A like button whose effect sends a total computed from the state it captured.
struct LikeButton: Model {
  struct State: Hashable, Sendable { var likes = 0 }
  enum Intent: Equatable, Sendable {
    case likeTapped
    case likesSet(Int)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .likeTapped:
      return .run { [likes = state.likes] send in await send(.likesSet(likes + 1)) }
    case .likesSet(let likes):
      state.likes = likes
      return .none
    }
  }
}

/// A checkout form meant to place one order, which a second tap can beat.
struct CheckoutForm: Model {
  struct State: Hashable, Sendable {
    var isSubmitting = false
    var orders: [Int] = []
  }
  enum Intent: Equatable, Sendable {
    case submitTapped
    case orderPlaced(Int)
  }

  var placeOrder: @Sendable () async -> Int

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .submitTapped:
      guard state.orders.isEmpty else { return .none }
      state.isSubmitting = true
      return .run { send in await send(.orderPlaced(await placeOrder())) }
    case .orderPlaced(let number):
      state.isSubmitting = false
      state.orders.append(number)
      return .none
    }
  }
}

/// What the switch shows, read and toggled as the article's reducer does with a `Bool`, and
/// what the test's check needs beside it: which tap set it (the dependency rejects the first
/// save by it, and answers the same in every branch), and what the user's last tap chose.
struct SwitchValue: Hashable, Sendable {
  var shows = false
  var tap = 0
  var lastChoice = false

  mutating func toggle() {
    shows.toggle()
    tap += 1
    lastChoice = shows
  }
}

/// A switch that shows its new value at once and saves it, and puts the previous value back
/// when the save fails.
struct SettingSwitch: Model {
  struct State: Hashable, Sendable {
    var isOn = SwitchValue()
  }
  enum Intent: Equatable, Sendable {
    case toggled
    case saveFailed(previous: SwitchValue)
  }

  struct SaveRejected: Error {}

  var save: @Sendable (SwitchValue) async throws -> Void

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .toggled:
      let previous = state.isOn
      state.isOn.toggle()
      return .run { [value = state.isOn] _ in
        try await save(value)
      } catch: { _, send in
        await send(.saveFailed(previous: previous))
      }
    case .saveFailed(let previous):
      // What the switch showed, not the user's last choice: the check compares the two.
      state.isOn.shows = previous.shows
      return .none
    }
  }
}

/// An endless list that loads the next page when scrolled to its bottom.
struct PagedFeed: Model {
  struct State: Hashable, Sendable {
    var items = [1, 2, 3]
    var pages = 1
    var isLoading = false
  }
  enum Intent: Equatable, Sendable {
    case scrolledToBottom
    case pageLoaded(page: Int, items: [Int])
  }

  var load: @Sendable (_ page: Int) async -> [Int]

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .scrolledToBottom:
      state.isLoading = true
      return .run { [next = state.pages + 1] send in
        await send(.pageLoaded(page: next, items: await load(next)))
      }
    case .pageLoaded(let page, let items):
      state.isLoading = false
      state.items += items
      state.pages = page
      return .none
    }
  }
}

/// The article's final check: the results shown are those of the query shown.
func showsItsQuery(_ state: SearchField.State) -> String? {
  state.results == ["results for \(state.query)"]
    ? nil : "shows \(state.results) for the query \"\(state.query)\""
}

@MainActor
func exploreTheOverviewsScenario() async {
  let explorer = ScheduleExplorer(
    model: SearchField(search: { ["results for \($0)"] }), initialState: .init())
  await explorer.explore(
    [.queryChanged("a"), .queryChanged("ab")],
    finally: { state in
      state.results == ["results for \(state.query)"] ? nil : "shows results of another query"
    })
}

@MainActor
func expectNoStaleResults(
  _ explorer: ScheduleExplorer<SearchField>, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
  await explorer.explore(
    [.queryChanged("a"), .queryChanged("ab")], finally: showsItsQuery,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

@MainActor
func replayTheStaleOrder(_ explorer: ScheduleExplorer<SearchField>) async {
  await explorer.replay(
    [.queryChanged("a"), .queryChanged("ab")], schedule: "u u e1 e0",
    finally: { state in state.results == ["results for \(state.query)"] ? nil : "stale results" })
}

/// Each bug of the article is found with the schedule it names; the search field's fix passes
/// every order.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct FindingOrderingBugsArticleTests {
  /// The explorer the article's tests share: the search field with its bug.
  var explorer: ScheduleExplorer<SearchField> {
    ScheduleExplorer(model: SearchField(search: { ["results for \($0)"] }), initialState: .init())
  }

  @Test func theOverviewsExplorationFindsTheStaleResponse() async {
    await withKnownIssue {
      await exploreTheOverviewsScenario()
    }
  }

  @MainActor
  @Test func aStaleResponseIsFound() async {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await explorer.explore(
        [.queryChanged("a"), .queryChanged("ab")], finally: showsItsQuery)
    }
    #expect(report?.failure?.kind == .orderingBug)
    #expect(report?.failure?.schedule == "u u e1 e0")
  }

  @Test func theReportSaysWhatWasExplored() async {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await explorer.explore(
        [.queryChanged("a"), .queryChanged("ab")], finally: showsItsQuery)
    }
    #expect(report?.isExhaustive == true)
    #expect(report?.failure?.steps.count == 4)
    // A scenario written by hand leaves nothing out and names no members.
    #expect(report?.leftOut == 0)
    #expect(report?.failures.isEmpty == true)
  }

  @Test func cancellingTheStaleRequestPassesEveryOrder() async {
    let report = await ScheduleExplorer(
      model: FixedSearchField(search: { ["results for \($0)"] }), initialState: .init()
    )
    .explore([.queryChanged("a"), .queryChanged("ab")], finally: showsItsQuery)
    #expect(report.failure == nil)
    #expect(report.isExhaustive)
  }

  @Test func aHelperReportsForItsCaller() async {
    await withKnownIssue {
      await expectNoStaleResults(explorer)
    }
  }

  @Test func aFailingScheduleReplays() async {
    await withKnownIssue {
      await replayTheStaleOrder(explorer)
    }
  }

  @Test func twoEffectsLoseAnUpdate() async {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: LikeButton(), initialState: .init()).explore(
        [.likeTapped, .likeTapped],
        finally: { state in state.likes == 2 ? nil : "\(state.likes) likes after two taps" })
    }
    #expect(report?.failure?.schedule == "u u e0 e1")
  }

  @Test func aSecondTapLandsWhileTheFirstRequestRuns() async {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: CheckoutForm(placeOrder: { 7 }), initialState: .init())
        .explore(
          [.submitTapped, .submitTapped],
          invariant: { state in
            state.orders.count <= 1 ? nil : "\(state.orders.count) orders placed"
          })
    }
    #expect(report?.failure?.schedule == "u u e0 e1")
  }

  @Test func aLateFailureRollsBackANewerChoice() async {
    let model = SettingSwitch(save: { value in
      if value.tap == 1 { throw SettingSwitch.SaveRejected() }
    })
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: model, initialState: .init()).explore(
        [.toggled, .toggled, .toggled],
        finally: { state in
          state.isOn.shows == state.isOn.lastChoice
            ? nil : "shows \(state.isOn.shows), the user chose \(state.isOn.lastChoice)"
        })
    }
    #expect(report?.failure?.schedule == "u u u e0")
  }

  @Test func aPageIsAppendedTwice() async {
    let load: @Sendable (Int) async -> [Int] = { page in (1...3).map { page * 10 + $0 } }
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: PagedFeed(load: load), initialState: .init())
        .explore(
          [.scrolledToBottom, .scrolledToBottom],
          invariant: { state in
            Set(state.items).count == state.items.count
              ? nil : "an item shows twice: \(state.items)"
          })
    }
    #expect(report?.failure?.schedule == "u u e0 e1")
  }
}
