import DemoServer
import Foundation
import MVIKitTerminal
import ShowcaseKit
import Testing

/// The showcase writes files only when an app needs them.
@MainActor
@Suite struct ShowcaseFilesTests {
  let todosPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("showcase-files-\(UUID().uuidString)/todos.sqlite").path

  @Test func theTodoDatabaseIsMadeWhenTodosFirstOpensNotAtStart() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      #expect(showcase.terminal.grid.contains("Todos"))
      #expect(!FileManager.default.fileExists(atPath: todosPath))
      showcase.showcase.store.send(
        .selectionMoved(ShowcaseApp.allCases.firstIndex(of: .todos) ?? 4))
      showcase.showcase.store.send(.openTapped)
      #expect(await showcase.waitFor("Nothing to do yet."))
      #expect(FileManager.default.fileExists(atPath: todosPath))
      await showcase.close()
    }
  }
}
