import DemoServer
import Foundation
import MVIKitInspector
import MVIKitRecording
import ShowcaseKit
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The showcase with the live inspector attached, as `--inspect` attaches it: every app's
/// intents reach it, and a password typed into Login never does.
@MainActor
@Suite struct ShowcaseInspectorTests {
  let todosPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("showcase-inspector-\(UUID().uuidString)/todos.sqlite").path

  /// The session as the page exports it.
  func export(_ inspector: Inspector<ShowcaseModel>) async throws -> String {
    var url = URLComponents(url: inspector.url, resolvingAgainstBaseURL: false)
    url?.path = "/export"
    let (data, response) = try await URLSession.shared.data(from: try #require(url?.url))
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    return String(decoding: data, as: UTF8.self)
  }

  @Test func theInspectorSeesEveryAppAndNeverThePassword() async throws {
    try await DemoServer.withServer { server in
      let showcase = ShowcaseHarness(serverURL: server.baseURL, todosPath: todosPath)
      let inspector = try await Inspector.attach(
        to: showcase.showcase.store, token: "showcase-test", announce: false)
      showcase.showcase.inspectorURL = inspector.url
      #expect(showcase.screen.contains("inspector: http://127.0.0.1:"))
      // Login: a wrong password typed and submitted.
      await showcase.submitLogin(password: "hunter2-wrong")
      #expect(await showcase.waitFor("Login failed"))
      showcase.terminal.press(.enter, .escape, .escape)
      // Todos: one title added.
      showcase.terminal.press(.down, .enter)
      #expect(await showcase.waitFor("Nothing to do yet."))
      showcase.terminal.typeFast("inspect me\r")
      #expect(await showcase.waitFor("[ ] inspect me"))
      var session = ""
      for _ in 0..<200 where !session.contains("\"added\"") {
        session = try await export(inspector)
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(session.contains("passwordChanged"))
      #expect(session.contains("Secret(••••)"))
      #expect(!session.contains("hunter2"))
      #expect(session.contains("inspect me"))
      // What the page exports is a recording the showcase's --replay opens.
      let recording = try Recording<ShowcaseModel>(data: Data(session.utf8))
      #expect(recording.steps.count > 10)
      await inspector.stop()
    }
  }
}
