import ExampleTestSupport
import Foundation
import MVIKit
import Testing

@testable import Todos

/// The list as a live view of the database: changes by another connection and by the
/// `sqlite3` command line appear, and closing the screen ends the observation.
@MainActor
@Suite struct TodosLiveTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("todos-live-\(UUID().uuidString)")

  func makeRepository() throws -> TodoRepository {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try TodoRepository(url: folder.appendingPathComponent("todos.sqlite"))
  }

  /// Waits for `condition`; generously, as the Whisper engine's tests may hold both cores.
  func waitUntil(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
  }

  func sqlite3(_ file: URL, _ sql: String) async throws {
    try await Tool.run("sqlite3", [file.path, sql])
  }

  @Test func aTodoAddedThroughAnotherConnectionAppears() async throws {
    let repository = try makeRepository()
    let store = Store(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    let observing = store.send(.appeared)
    #expect(await waitUntil { !store.isLoading })
    let elsewhere = try TodoRepository(url: repository.url)
    let added = try await elsewhere.add(title: "from another window")
    #expect(await waitUntil { store.todos.map(\.title) == ["from another window"] })
    try await elsewhere.setDone(id: added.id, true)
    #expect(await waitUntil { store.todos.first?.isDone == true })
    try await elsewhere.delete(id: added.id)
    #expect(await waitUntil { store.todos.isEmpty })
    observing.cancel()
    await observing.finish()
  }

  @Test func aRowWrittenBySqlite3AppearsAndClosingStopsFollowing() async throws {
    let repository = try makeRepository()
    try await repository.add(title: "milk")
    let store = Store(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    let observing = store.send(.appeared)
    #expect(await waitUntil { store.todos.map(\.title) == ["milk"] })
    try await sqlite3(
      repository.url,
      "INSERT INTO todo (title, isDone, createdAt) VALUES ('from the shell', 0, "
        + "'2026-11-22 10:00:00.000')")
    #expect(await waitUntil { store.todos.map(\.title) == ["milk", "from the shell"] })
    try await sqlite3(repository.url, "UPDATE todo SET title = 'oat milk' WHERE title = 'milk'")
    #expect(await waitUntil { store.todos.first?.title == "oat milk" })
    // Closing the screen cancels the observation: the effect ends and later changes stay out.
    observing.cancel()
    await observing.finish()
    try await sqlite3(repository.url, "DELETE FROM todo")
    try await Task.sleep(for: .milliseconds(600))
    #expect(store.todos.count == 2)
  }

  @Test func changesDeliverOwnAndOtherWritesOnce() async throws {
    let repository = try makeRepository()
    var changes = repository.changes(pollInterval: .milliseconds(50)).makeAsyncIterator()
    #expect(try await changes.next() == [])
    let milk = try await repository.add(title: "milk")
    #expect(try await changes.next() == [milk])
    try await sqlite3(repository.url, "UPDATE todo SET isDone = 1")
    #expect(try await changes.next()?.todos.map(\.isDone) == [true])
  }
}
