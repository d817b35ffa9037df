import DemoServer
import Foundation
import MVIKitTerminal
import ShowcaseKit
import Testing

/// At 72 columns the showcase cuts what does not fit, and says so with an ellipsis.
@MainActor
@Suite struct ShowcaseFitTests {
  let todosPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("showcase-fit-\(UUID().uuidString)/todos.sqlite").path

  @Test func footersAndUserRowsCutAt72ColumnsEndInAnEllipsis() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      showcase.terminal.size = Size(width: 72, height: 30)
      let footer = showcase.terminal.text[27...28]
      #expect(footer.allSatisfy { $0.hasSuffix("…") }, "\(footer)")
      showcase.terminal.press(.down, .down, .enter)
      #expect(await showcase.waitFor(DemoUser.fixtures[0].name))
      let rows = showcase.terminal.text.filter { line in
        DemoUser.fixtures.contains { line.contains($0.name) || line.contains("@\($0.username)") }
      }
      #expect(!rows.isEmpty)
      for (row, user) in zip(rows, DemoUser.fixtures) {
        let whole = row.contains(user.company.name)
        #expect(whole || row.contains("…"), "\(row) cuts \(user.company.name) silently")
      }
    }
  }
}
